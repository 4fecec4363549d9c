"""A small "are you sure?" dialog over any scene: the safe answer has the focus.

Used before a move that loses the game on the spot, and before a new game replaces a saved one.
Knows no game: the caller gives the words and what each answer does.
"""

from __future__ import annotations

import pygame

from squabble.framework.focus import FocusRing
from squabble.framework.layout import text, text_block
from squabble.framework.scene import Scene
from squabble.framework.widgets import Button, MUTED, TEXT, panel

DANGER = (150, 50, 40)
SAFE = (40, 110, 70)


class ConfirmScene(Scene):
    """Two buttons; Enter / A picks the focused one, which starts on the SAFE answer (``no``).
    Esc, Back and B answer no."""
    opaque = False
    name = "confirm"

    def __init__(self, app, title: str, message: str, yes_label: str, no_label: str,
                 on_yes, on_no=None, danger: bool = True):
        super().__init__(app)
        self.title, self.message = title, message
        self.on_yes, self.on_no = on_yes, on_no
        self.yes = Button("yes", yes_label, (650, 420, 250, 60), self._yes,
                          colour=DANGER if danger else SAFE)
        self.no = Button("no", no_label, (380, 420, 250, 60), self._no, colour=SAFE)
        self.buttons = [self.no, self.yes]
        self.focus = FocusRing()
        self.focus.set_items(self.buttons)
        self.focus.visible = True
        self.focus.focus(self.no)      # the safe answer first
        self.answered = False

    def _close(self):
        self.answered = True
        self.app.stack.remove(self)

    def _yes(self):
        if not self.answered:
            self._close()
            self.on_yes()

    def _no(self):
        if not self.answered:
            self._close()
            if self.on_no is not None:
                self.on_no()

    def animating(self) -> bool:
        return False   # it changes only on input (the scene under it says for itself)

    def handle_action(self, a):
        if a.name in ("left", "right", "tab", "prev", "up", "down"):
            self.focus.next(1)
        elif a.name == "confirm":
            self.focus.current.action()
        elif a.name in ("back", "menu", "undo"):
            self._no()

    def handle_mouse(self, kind, lp, button):
        for b in self.buttons:
            if b.contains(lp):
                if kind == "move":
                    self.focus.focus(b)
                elif kind == "up" and button == 1:
                    b.action()
                return

    def draw(self, surf):
        L = self.app.layout
        surf.fill((90, 90, 90), special_flags=pygame.BLEND_RGB_MULT)
        panel(surf, L, (340, 200, 600, 310), alpha=245)
        text(surf, self.title, L.font(34, True), (255, 214, 90), L.p(640, 240), "center")
        text_block(surf, self.message, L.font(24), TEXT, L.r(370, 280, 540, 120),
                   align="center")
        for b in self.buttons:
            b.draw(surf, L, focused=b is self.focus.current)
        text(surf, "Enter chooses the highlighted answer · Esc: " + self.no.label, L.font(17),
             MUTED, L.p(640, 495), "center")
