"""A word to the friend from the game's pause menu (issue 59): one-click phrases or a line typed,
at most 300 characters (the server checks it again: online/chat.py).  What comes back is a line
of the game's log in both windows, drawn as plain text."""

from __future__ import annotations

import pygame

from squabble.framework.layout import text, text_block
from squabble.framework.widgets import Button
from squabble.online import chat
from squabble.ui import theme as T
from squabble.ui.online.menus import TextEntryScene


class ChatScene(TextEntryScene):
    name = "online_chat"
    title = "A word to your friend"

    def __init__(self, app, session):
        self.session = session
        super().__init__(app, self.title, "Type a line (Enter sends it), or pick one:", "",
                         self.send, limit=chat.MAX_CHARS)

    def build(self):
        phrases = [Button(f"phrase{i}", p, (250 + i * 270, 470, 250, 50),
                          lambda p=p: self.pick(p)) for i, p in enumerate(chat.PHRASES)]
        self.set_buttons([Button("ok", "Send", (440, 400, 190, 50), self.ok),
                          Button("back", "Back", (650, 400, 190, 50), self.back)] + phrases)

    def pick(self, phrase: str):
        self.value = phrase
        self.ok()

    def send(self, value: str):
        if value.strip():
            self.session.say(value)
            self.app.toast("Sent: it shows in the log when the server has it.")

    def draw(self, surf):
        super().draw(surf)
        L = self.app.layout
        said = [x for x in self.session.chat_lines[-4:]]
        for i, line in enumerate(said):
            text(surf, line[:120], L.font(17), T.MUTED, L.p(300, 560 + i * 24), "midleft")
        if not said:
            text_block(surf, "Your friend sees it in the game's log; spectators read it too.",
                       L.font(17), T.MUTED, L.r(290, 560, 700, 40), align="center")

    def handle_raw(self, ev) -> bool:
        if ev.type == pygame.TEXTINPUT:
            return False
        return super().handle_raw(ev)
