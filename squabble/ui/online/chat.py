"""A word to the friend, in the game's scene (issue 59): a box over the scene's log (the scene's
``chat_area``; the hand, the table's slots and the map stay in view, and the game plays on under
it), opened with T or the pause menu's "A word to your friend".  A line to type (Enter sends it,
at most 300 characters: the server checks it again, online/chat.py), the last lines said, and
one-click phrases.  While it is closed it takes no key; while it is open it takes every key (T
types a T), Esc closes it.  The pad moves over the phrases and sends one with A.  What comes
back is a line of the game's log in both windows, drawn as plain text."""

from __future__ import annotations

import pygame

from squabble.framework.layout import fit_font, text, wrap
from squabble.framework.scene import Scene
from squabble.framework.focus import FocusRing
from squabble.framework.widgets import Button
from squabble.online import chat
from squabble.ui import theme as T
from squabble.ui.online.textline import edited

AREA = (934, 492, 342, 224)        # where the box goes when the scene names no place
LINES = 3                          # the last lines said, shown in the box


class ChatScene(Scene):
    name = "online_chat"
    opaque = False                  # the game stays in view around the box
    plays_on = True                 # ... and plays on under it (the friend's moves as beats)

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.value = ""
        self.t = 0.0
        under = app.stack.top
        area = getattr(under, "chat_area", None)
        self.area = area() if area is not None else AREA
        self.focus = FocusRing()
        self.focus.visible = False   # (shown once the arrows or the pad move it)
        self.buttons = self._buttons()
        self.focus.set_items(self.buttons)

    def _buttons(self) -> list:
        x, y, w, h = self.area
        bw, bh = (w - 24) / 2, 30
        y0 = y + h - 2 * bh - 14
        names = list(chat.PHRASES[:3]) + ["Send"]
        order = [names[0], names[2], names[1], names[3]]     # (the short ones side by side)
        out = []
        for i, label in enumerate(order):
            bx = x + 8 + (i % 2) * (bw + 8)
            by = y0 + (i // 2) * (bh + 6)
            act = self.send_typed if label == "Send" else (lambda p=label: self.send(p))
            out.append(Button("send" if label == "Send" else f"phrase{i}", label,
                              (bx, by, bw, bh), act))
        return out

    # -- acting --------------------------------------------------------------------------
    def send(self, line: str) -> None:
        if line.strip():
            self.session.say(line)

    def send_typed(self) -> None:
        if self.value.strip():
            self.send(self.value)
            self.value = ""

    def close(self) -> None:
        if self in self.app.stack.scenes:
            self.app.stack.remove(self)

    # -- input: every key while open -----------------------------------------------------
    def handle_raw(self, ev) -> bool:
        if ev.type == pygame.TEXTINPUT:
            return True                  # (typed characters come with their KEYDOWN)
        if ev.type != pygame.KEYDOWN:
            return False
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            cur = self.focus.current if self.focus.visible else None
            if cur is not None and not self.value:
                cur.action()
            else:
                self.send_typed()
        elif ev.key == pygame.K_ESCAPE:
            self.close()
        elif ev.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
                        pygame.K_RIGHT):
            return False                 # (the focus, below)
        else:
            typed = edited(self.value, ev, chat.MAX_CHARS)
            if typed is not None:
                self.value = typed
        return True                      # no key reaches the game while the box is open

    def handle_action(self, a) -> None:
        """The pad (and the keyboard's arrows): over the buttons; A sends; B closes."""
        if a.name in ("back", "menu"):
            self.close()
        elif a.name in ("up", "down", "left", "right"):
            if self.focus.visible:
                self.focus.move(a.name)
            self.focus.visible = True
        elif a.name in ("tab", "prev"):
            self.focus.next(1 if a.name == "tab" else -1)
            self.focus.visible = True
        elif a.name == "confirm" and self.focus.current is not None:
            self.focus.visible = True
            self.focus.current.action()

    def handle_mouse(self, kind, lp, button) -> None:
        x, y, w, h = self.area
        inside = x <= lp[0] < x + w and y <= lp[1] < y + h
        if kind == "up" and button == 1 and not inside:
            self.close()                  # a click on the game closes the box
            return
        for b in self.buttons:
            if b.contains(lp):
                if kind == "move":
                    self.focus.focus(b)
                    self.focus.visible = True
                elif kind == "up" and button == 1:
                    b.action()
                return

    # -- the line, read while the box is open (the game scene may wait under it) -----------
    def update(self, dt) -> None:
        self.t += dt
        poll = getattr(self.session, "poll", None)
        if poll is not None:
            poll()

    def animating(self) -> bool:
        return False

    frame_every = 1 / 2      # the caret blinks

    def wake_in(self):
        return 1 / 5          # the friend's lines come in while the box is open

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surf) -> None:
        L = self.app.layout
        x, y, w, h = self.area
        r = L.r(self.area)
        pygame.draw.rect(surf, (18, 22, 34), r, border_radius=L.s(8))
        pygame.draw.rect(surf, T.GOLD, r, max(1, L.s(2)), border_radius=L.s(8))
        head = "To your friend · Enter sends · Esc closes"
        text(surf, head, fit_font(L, head, w - 16, 16, True), T.GOLD, L.p(x + 8, y + 6))
        # the last lines said (wrapped to the box; the newest at the bottom)
        f = L.font(15)
        step = f.get_linesize() / max(0.01, L.scale)
        rows = []
        for line in self.session.chat_lines[-LINES:]:
            rows += wrap(str(line), f, L.s(w - 16))
        rows = rows[-LINES:] or ["Your friend sees it in the game's log; spectators read it."]
        for i, row in enumerate(rows):
            text(surf, row, f, T.TEXT if self.session.chat_lines else T.MUTED,
                 L.p(x + 8, y + 28 + i * step))
        # the line being typed
        box = (x + 8, y + 30 + LINES * step + 4, w - 16, 30)
        pygame.draw.rect(surf, (30, 34, 48), L.r(box), border_radius=L.s(5))
        pygame.draw.rect(surf, T.MUTED, L.r(box), max(1, L.s(1)), border_radius=L.s(5))
        caret = "|" if int(self.t * 2) % 2 == 0 else " "
        shown = self.value[-60:] + caret if self.value else caret + " type a line"
        fb = fit_font(L, shown, w - 28, 17)
        text(surf, shown, fb, T.TEXT if self.value else T.MUTED,
             L.p(box[0] + 6, box[1] + box[3] / 2), "midleft")
        cur = self.focus.current if self.focus.visible else None
        for b in self.buttons:
            b.draw(surf, L, focused=b is cur)
