"""One line of text typed in a window (issue 52; issue 59): the server's address, an invitation
code, a name, a word to the friend.  ``edited`` is what a key does to the line;
``TextEntryScene`` a screen holding one."""

from __future__ import annotations

import pygame

from squabble.framework.layout import text, text_block
from squabble.framework.widgets import Button, panel
from squabble.ui import theme as T
from squabble.ui.menu_scene import MenuScene


def edited(value: str, ev, limit: int) -> str | None:
    """``value`` after the key ``ev`` (a KEYDOWN) typed into a line: Backspace, Ctrl-V (the
    clipboard's text, its white space runs one space) or a printable character; None for
    any other key (arrows and Tab move the focus; Enter and Esc are the caller's)."""
    if ev.key == pygame.K_BACKSPACE:
        return value[:-1]
    if ev.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
        return None
    if ev.key == pygame.K_v and ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        try:
            pasted = pygame.scrap.get_text() if hasattr(pygame, "scrap") else ""
        except Exception:   # noqa: BLE001 - no clipboard here
            pasted = ""
        return (value + " ".join((pasted or "").split()))[:limit]
    if getattr(ev, "unicode", "") and ev.unicode.isprintable():
        return (value + ev.unicode)[:limit]
    return None


class TextEntryScene(MenuScene):
    """One line of text typed in (the server's address, an invitation code)."""
    name = "online_text"

    def __init__(self, app, title: str, help_line: str, value: str, done, limit: int = 80):
        self.title, self.help_line, self.value, self.done, self.limit = \
            title, help_line, value, done, limit
        super().__init__(app)

    def build(self):
        self.set_buttons([Button("ok", "OK", (440, 420, 190, 50), self.ok),
                          Button("back", "Back", (650, 420, 190, 50), self.back)])

    def ok(self):
        self.app.stack.remove(self)
        self.done(self.value)

    def handle_raw(self, ev) -> bool:
        if ev.type != pygame.KEYDOWN:
            return False
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.ok()
        elif ev.key == pygame.K_ESCAPE:
            self.back()
        else:
            typed = edited(self.value, ev, self.limit)
            if typed is None:
                return False
            self.value = typed
        return True

    def draw(self, surf):
        super().draw(surf)
        L = self.app.layout
        text_block(surf, self.help_line, L.font(20), T.MUTED, L.r(290, 200, 700, 60),
                   align="center")
        panel(surf, L, (290, 290, 700, 70), colour=(30, 34, 48), edge=T.GOLD)
        caret = "|" if int(self.t * 2) % 2 == 0 else " "
        text(surf, self.value + caret, L.font(30, True), T.TEXT, L.p(310, 325), "midleft")
