"""The hand-off screen: covers the whole table until the next player confirms."""

from __future__ import annotations

import pygame

from squabble.framework.layout import text, wrap
from squabble.framework.scene import Scene
from squabble.framework.widgets import Button, TEXT, MUTED


class HandOffScene(Scene):
    """Opaque: nothing under it is drawn.  ``accepts(action)`` filters who may confirm.

    For ``GRACE`` seconds after it appears it ignores every confirm (key, pad or click), so the
    previous player's quick double Enter cannot open the next player's cards.  Esc / Start /
    Back call ``on_menu`` (the pause menu), never confirm."""
    opaque = True
    name = "handoff"
    GRACE = 0.7

    def __init__(self, app, title: str, message: str, colour, on_confirm, accepts=None,
                 controls: str = "", detail: str = "", on_menu=None):
        super().__init__(app)
        self.on_menu = on_menu
        self.detail = detail
        self.title, self.message, self.colour = title, message, colour
        self.on_confirm = on_confirm
        self.accepts = accepts or (lambda a: True)
        self.controls = controls
        self.t = 0.0
        self.button = Button("ready", "I'm ready — show my cards", (440, 470, 400, 64),
                             action=self._confirm, hint="Enter · click · A")
        self.done = False

    def _confirm(self):
        if self.done:
            return
        self.done = True
        self.app.stack.remove(self)
        self.on_confirm()

    @property
    def ready(self) -> bool:
        """Past the grace time: a confirm now opens the cards."""
        return self.t >= self.GRACE

    def handle_action(self, a):
        if a.name in ("menu", "back"):
            if self.on_menu is not None:
                self.on_menu()
            return
        if a.name != "confirm":
            return
        if not self.accepts(a):
            self.app.toast("The other player's controller cannot confirm this hand-off.")
        elif self.ready:
            self._confirm()

    def handle_mouse(self, kind, lp, button):
        if kind == "up" and button == 1 and self.button.contains(lp) and self.ready:
            self._confirm()

    def update(self, dt):
        self.t += dt

    #: the bands drift slowly: 15 pictures a second are plenty while the players swap seats
    #: (a hand-off may wait a long time)
    frame_every = 1 / 15

    def animating(self) -> bool:
        """The moment it becomes ready is drawn at once."""
        return self.ready != self._drawn_ready

    _drawn_ready = False

    def draw(self, surf):
        self._drawn_ready = self.ready
        L = self.app.layout
        surf.fill((10, 12, 18))
        c = self.colour
        # slow diagonal bands in the next player's colour
        w, h = surf.get_size()
        band = max(8, L.s(60))
        off = int(self.t * L.s(30)) % (band * 2)
        for x in range(-h - band * 2, w + band * 2, band * 2):
            pygame.draw.polygon(surf, tuple(v // 5 for v in c),
                                [(x + off, 0), (x + off + band, 0), (x + off + band - h, h),
                                 (x + off - h, h)])
        text(surf, self.title, L.font(64, True), tuple(min(255, v + 40) for v in c),
             L.p(640, 230), "center", shadow=(0, 0, 0))
        # the message in lines that fit the window (a long "pass the screen" sentence ran off
        # both edges at 1280 wide)
        font = L.font(30)
        lines = wrap(self.message, font, L.s(1000)) or [""]
        y = 320 - 17 * (len(lines) - 1)
        for i, line in enumerate(lines):
            text(surf, line, font, TEXT, L.p(640, y + 34 * i), "center")
        text(surf, "The table is hidden so nobody sees a secret card.", L.font(22), MUTED,
             L.p(640, max(370, y + 34 * len(lines) + 16)), "center")
        if self.detail:
            text(surf, self.detail, L.font(24, True), TEXT, L.p(640, 420), "center")
        self.button.enabled = self.ready
        self.button.hint = "Enter · click · A" if self.ready else "one moment…"
        # the focus ring stays on the button once it is ready (a blinking ring was off in
        # about a third of the pictures: after a stray key such as Backspace it looked dropped)
        self.button.draw(surf, L, focused=self.ready)
        if self.controls:
            text(surf, self.controls, L.font(20), MUTED, L.p(640, 690), "center")
