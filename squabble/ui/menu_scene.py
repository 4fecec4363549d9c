"""The menu screen every title, set-up, pause and result screen is made of: a vertical list of
buttons the focus ring walks (keys, pad, mouse); rows change their value with left/right."""

from __future__ import annotations

import pygame

from squabble.framework.focus import FocusRing
from squabble.framework.layout import text, text_block
from squabble.framework.scene import Scene
from squabble.framework.widgets import Button
from squabble.ui import theme as T

MENU_CONTROLS = "Mouse: click · Keys: arrows move and change, Enter choose, Esc back, F1 rules · " \
                "Pad: D-pad, A choose, B back"


class MenuScene(Scene):
    """A vertical list of buttons; rows with ``values`` change with left/right."""
    title = ""
    subtitle = ""
    #: the background drifts a dozen pixels a second: 15 pictures a second show it smoothly,
    #: and between them a menu waiting for a person draws nothing (see GameApp.step)
    frame_every = 1 / 15

    def __init__(self, app):
        super().__init__(app)
        self.focus = FocusRing()
        self.focus.visible = True
        self.buttons: list[Button] = []
        self.t = 0.0
        self.message = ""
        self.build()

    def build(self):
        pass

    def set_buttons(self, buttons):
        self.buttons = buttons
        self.focus.set_items(buttons)

    def rebuilt(self, buttons):
        """``set_buttons`` again (a row's value changed): the focus stays on the same name."""
        old = self.focus.current.name if self.focus.current else None
        self.set_buttons(buttons)
        if old and self.button(old):
            self.focus.focus(self.button(old))

    #: the least height of a band a toast is put in (a one-line toast and its margins)
    TOAST_BAND = 60

    def toast_area(self):
        """A toast covers no button: it goes in the band under the lowest button (the controls
        line under it may be covered a moment), or else in the tallest band between buttons, or
        else above the top one; the whole screen only when no band is tall enough."""
        spans = sorted((b.rect[1], b.rect[1] + b.rect[3]) for b in self.buttons)
        if not spans:
            return None
        bottom = max(e for _, e in spans)
        if 720 - bottom - 4 >= self.TOAST_BAND:
            return (0, bottom + 4, 1280, 720 - bottom - 4)
        gaps, reach = [], spans[0][1]
        for top, end in spans[1:]:
            if top - reach - 8 >= self.TOAST_BAND:
                gaps.append((top - reach - 8, reach + 4))
            reach = max(reach, end)
        if not gaps and spans[0][0] - 4 >= self.TOAST_BAND:
            gaps.append((spans[0][0] - 4, 0))
        if not gaps:
            return None
        h, y = max(gaps)
        return (0, y, 1280, h)

    def button(self, name):
        return next((b for b in self.buttons if b.name == name), None)

    def activate(self, b: Button):
        if not b.enabled:
            self.app.sounds.play("deny")
            self.app.toast(b.reason or "Not available.")
            return
        self.app.sounds.play("click")
        b.action()

    def change(self, b: Button, d: int):
        """Left/right on a row; rows override with their own ``change`` in b.kind == 'row'."""
        if b.kind == "row" and b.enabled:
            self.app.sounds.play("select")
            b.action(d)

    def back(self):
        self.app.stack.pop()

    def handle_action(self, a):
        cur = self.focus.current
        if a.name in ("up", "prev"):
            self.focus.move("up") if a.name == "up" else self.focus.next(-1)
        elif a.name in ("down", "tab"):
            self.focus.move("down") if a.name == "down" else self.focus.next(1)
        elif a.name in ("left", "right") and cur is not None:
            if cur.kind == "row":
                self.change(cur, -1 if a.name == "left" else 1)
            else:
                self.focus.move(a.name)
        elif a.name == "confirm" and cur is not None:
            if cur.kind == "row":
                self.change(cur, 1)
            else:
                self.activate(cur)
        elif a.name in ("back", "undo", "menu"):
            self.back()
        elif a.name == "number" and 1 <= a.number <= len(self.buttons):
            b = self.buttons[a.number - 1]
            self.focus.focus(b)
            if b.kind == "row":
                self.change(b, 1)
            else:
                self.activate(b)

    def handle_mouse(self, kind, lp, button):
        for b in self.buttons:
            if b.contains(lp):
                if kind == "move":
                    self.focus.focus(b)
                elif kind == "up" and button == 1:
                    self.focus.focus(b)
                    if b.kind == "row":
                        x, y, w, h = b.rect
                        self.change(b, -1 if lp[0] < x + w * 0.3 else 1)
                    else:
                        self.activate(b)
                return

    def update(self, dt):
        self.t += dt

    def animating(self) -> bool:
        return False   # only the slow decor moves (frame_every); input redraws at once

    def draw_background(self, surf):
        L = self.app.layout
        surf.fill(T.BG)
        w, h = surf.get_size()
        # slow drifting lines of the two tracks' colours
        for i in range(12):
            y = L.p(0, (i * 67 + self.t * 12) % 760 - 20)[1]
            col = T.SIDE["USA"] if i % 2 else T.SIDE["USSR"]
            pygame.draw.line(surf, tuple(c // 4 for c in col), (0, y), (w, y - h // 6),
                             max(1, L.s(6)))

    def draw(self, surf):
        L = self.app.layout
        self.draw_background(surf)
        if self.title:
            text(surf, self.title, L.font(54, True), T.GOLD, L.p(640, 70), "center",
                 shadow=(0, 0, 0))
        if self.subtitle:
            text(surf, self.subtitle, L.font(24), T.MUTED, L.p(640, 118), "center")
        cur = self.focus.current
        for b in self.buttons:
            b.draw(surf, L, focused=b is cur)
        if cur is not None and not cur.enabled and cur.reason:
            # hovering (or focusing) a disabled button says why, without a click
            x, y, w, h = cur.rect
            text(surf, cur.reason, L.font(18, True), (255, 200, 150), L.p(x + w / 2, y + h + 4),
                 "midtop", shadow=(0, 0, 0))
        if self.message:
            r = L.r(240, 600, 800, 60)
            text_block(surf, self.message, L.font(22), (255, 200, 150), r, align="center")
        text(surf, MENU_CONTROLS, L.font(17), T.MUTED, L.p(640, 700), "center")


class ResultMenuScene(MenuScene):
    """A game's result screen.  In attract mode (``demo``) the next game starts by itself after
    ``DEMO_WAIT`` seconds, and any key, button or click returns to the title: on the click's
    release, so that the release never lands on the title's buttons.  An online game's result
    screen holds its ``offer`` (``ui/online/rematch.py``): it says when the friend asks for the
    rematch, and its Rematch asks, accepts, or waits for the friend."""
    DEMO_WAIT = 5.0

    def __init__(self, app, session, demo: bool = False):
        self.session = session
        self.demo = demo
        self.offer = None
        if not demo and getattr(session, "kept_on_server", False) and \
                hasattr(session, "hand_over_line"):
            from squabble.ui.online.rematch import RematchOffer
            self.offer = RematchOffer(app, session, self.side_name)
        super().__init__(app)

    @staticmethod
    def side_name(side: str) -> str:
        """A side in the game's voice (the rematch's sentence)."""
        return f"the {side}"

    def rematch_button(self, rect, label: str, action, **kw) -> Button:
        """The Rematch button: ``action`` against the computer or on the couch; online, the
        offer's (ask, accept, open), shown as asked while the friend has not answered."""
        o = self.offer
        if o is None:
            return Button("rematch", label, rect, action, colour=(40, 110, 70), **kw)
        if o.state in ("waiting", "opening"):
            return Button("rematch", "Rematch asked", rect, o.press, colour=(40, 110, 70),
                          enabled=False, reason="Your friend has not accepted yet: the new game "
                          "opens when they do.")
        return Button("rematch", label, rect, o.press, colour=(40, 110, 70))

    def on_exit(self):
        if self.offer is not None:
            self.offer.close()

    def update(self, dt):
        super().update(dt)
        if self.demo and self.t > self.DEMO_WAIT:   # attract mode: the next game starts by itself
            self.app.start_demo()
        if self.offer is not None and self.offer.update() and self in self.app.stack.scenes:
            cur = self.focus.current.name if self.focus.current else None
            self.build()          # the Rematch button says what the friend did
            if self.offer.state == "friend":
                cur = "rematch"   # the friend asks: Rematch accepts, under the focus
            if cur and self.button(cur) and not self.button(cur).enabled:
                cur = "title"     # asked: the way out is under the focus
            if cur and self.button(cur):
                self.focus.focus(self.button(cur))

    def handle_action(self, a):
        if self.demo:
            self.app.to_title()
            return
        super().handle_action(a)

    def handle_mouse(self, kind, lp, button):
        if self.demo:
            if kind == "up":
                self.app.to_title()
            return
        super().handle_mouse(kind, lp, button)

    def back(self):
        self.app.to_title()
