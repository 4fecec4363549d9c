"""The replay screen of a finished game: its map or table at any position, both hands, the log.

The screen draws what its ``ReplayModel`` (``replay_model.py``) says: the state after the
decisions made so far, each side's hand as it was then, the log up to there.  Controls, the same
on keys, pad and mouse (the bar's buttons; 1-9 press them):

  Left / Right (D-pad)          one decision back / forward
  Up / Down (D-pad)             one round back / forward (an action round; an era)
  Shift+Tab / Tab (LB / RB)     the turn (era) before / after; the turn strip jumps to any
  Enter / Space (A)             play / pause at the chosen speed;  Z (Y): the speed
  Backspace (X)                 the view: everything, as the USSR saw it, as the USA saw it
  Esc (B)                       back to Finished games;  Start (menu): Continue from here

The board (the game's map or table, and how a hand is drawn) is the game's: its entry's
``replay_board()`` (``ui/games.py``).  Card faces go through ``ReplayModel.may_show``: with "everything" every card (the game is over),
as a side what that side could see at that moment.
"""

from __future__ import annotations

import pygame

from squabble.framework.layout import fit_font, text, wrap
from squabble.framework.scene import Scene
from squabble.framework.widgets import Button, panel
from squabble.ui import theme as T
from squabble.ui.replay_layout import BAR_R, HANDS_R, LOG_R, TOP_R


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app, model, title: str = ""):
        super().__init__(app)
        self.model = model
        self.title = title
        from squabble.ui import games
        self.board = games.get(model.game).replay_board()   # the game's map or table
        self.buttons: list[Button] = []
        self.turn_rects: list = []
        #: what the last frame showed, for tests to hold against the engine's state:
        #: {"hands": {side: [(card, face up)]}} and the board's own (``board.drawn``)
        self.drawn: dict = {}
        self.build()

    # -- the bar --------------------------------------------------------------------------
    def build(self) -> None:
        m = self.model
        x, y, w, h = BAR_R
        bw, bh, g = 116, 30, 5
        rows = [
            [("round_back", "<< Round", m.prev_round), ("back1", "< Back", lambda: m.step(-1)),
             ("fwd1", "Forward >", lambda: m.step(1))],
            [("round_fwd", "Round >>", m.next_round),
             ("play", "Pause" if m.playing else "Play", m.toggle_play),
             ("speed", f"Speed {m.speed:g}/s", m.faster)],
            [("view", f"View: {m.view if m.view == 'everything' else 'as ' + m.view}",
              m.cycle_view), ("continue", "Continue here", self.continue_here),
             ("leave", "Back", self.leave)],
            [("export", "Export the game as text", self.export)],
        ]
        out = []
        for r, row in enumerate(rows):
            for c, (name, label, act) in enumerate(row):
                wide = bw * 3 + g * 2 if len(row) == 1 else bw
                out.append(Button(name, label, (x + 8 + c * (bw + g), y + 60 + r * (bh + g),
                                                wide, bh), act))
        self.buttons = out

    def press(self, name: str) -> None:
        b = next(b for b in self.buttons if b.name == name)
        self.app.sounds.play("click")
        b.action()
        self.build()

    def leave(self) -> None:
        self.app.stack.pop()

    def export(self) -> None:
        """The game as a plain-text log (``squabble/export.py``), written to the data folder's
        ``exports`` folder and to the documents folder where there is one; the toast names
        the folder and the file."""
        import os

        from squabble.export import export_files
        paths, problem = export_files(self.model.rec)
        if problem:
            self.app.toast(problem, 8)
            return
        folder, name = os.path.split(paths[0])
        more = " (and in the data folder's exports)" if len(paths) > 1 else ""
        self.app.toast(f"The game's text log, {name}, is in the folder {folder}{more}.", 8)

    def continue_here(self) -> None:
        from squabble.ui.continue_from import ContinueScene
        self.model.playing = False
        self.app.stack.push(ContinueScene(self.app, self.model))

    # -- input ----------------------------------------------------------------------------
    def handle_action(self, a) -> None:
        m = self.model
        keys = {"left": lambda: m.step(-1), "right": lambda: m.step(1),
                "up": m.prev_round, "down": m.next_round,
                "prev": lambda: m.next_turn(-1), "tab": lambda: m.next_turn(1),
                "confirm": m.toggle_play, "zoom": m.faster, "undo": m.cycle_view,
                "back": self.leave, "menu": self.continue_here}
        if a.name == "number" and 1 <= a.number <= len(self.buttons):
            self.press(self.buttons[a.number - 1].name)
            return
        act = keys.get(a.name)
        if act is not None:
            act()
            self.build()

    def handle_mouse(self, kind, lp, button) -> None:
        if kind == "wheel":
            self.model.step(-1 if button > 0 else 1)
            return
        if kind != "up" or button != 1:
            return
        for b in self.buttons:
            if b.contains(lp):
                self.press(b.name)
                return
        for turn, r in self.turn_rects:
            if r[0] <= lp[0] < r[0] + r[2] and r[1] <= lp[1] < r[1] + r[3]:
                self.model.jump_turn(turn)
                self.build()
                return

    def update(self, dt: float) -> None:
        if self.model.update(dt):
            self.build()
        self.board.update(dt)

    def animating(self) -> bool:
        return self.model.playing or self.board.animating()

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surf) -> None:
        L = self.app.layout
        m = self.model
        surf.fill(T.BG)
        self.board.draw(surf, L, m)
        self._draw_top(surf, L)
        self._draw_hands(surf, L)
        self._draw_bar(surf, L)
        self._draw_log(surf, L)

    def _draw_top(self, surf, L) -> None:
        m = self.model
        panel(surf, L, TOP_R, radius=0)
        head = f"Replay · {self.title} · {m.where()} · decision {m.pos} of {m.n}"
        text(surf, head, fit_font(L, head, 1250, 20, True), T.GOLD, L.p(14, 6))
        last = m.last_decision()
        text(surf, last, fit_font(L, last, 1250, 16), T.TEXT, L.p(14, 30))

    def _draw_hands(self, surf, L) -> None:
        m = self.model
        panel(surf, L, HANDS_R, radius=0)
        x0, y0, w, h = HANDS_R
        self.drawn["hands"] = {s: [(c, m.may_show(c)) for c in m.hand(s)] for s in ("USSR", "USA")}
        for i, side in enumerate(("USSR", "USA")):
            x = x0 + 8 + i * (w // 2)
            cards = m.hand(side)
            text(surf, f"{side} hand ({len(cards)})", L.font(15, True), T.SIDE_LIGHT[side],
                 L.p(x, y0 + 6))
            self.board.draw_hand(surf, L, m, side, cards, (x, y0 + 28, w // 2 - 16, h - 36))

    def _draw_bar(self, surf, L) -> None:
        m = self.model
        panel(surf, L, BAR_R, radius=0)
        x, y, w, h = BAR_R
        turns = m.turns()
        label = "Turn" if m.game == "struggle" else "Era"
        text(surf, f"{label}s: click to jump", L.font(13), T.MUTED, L.p(x + 8, y + 6))
        cw = min(34, (w - 16) / max(1, len(turns)))
        self.turn_rects = []
        now = m.turn_of(m.pos)
        for i, t in enumerate(turns):
            r = (x + 8 + i * cw, y + 26, cw - 3, 28)
            self.turn_rects.append((t, r))
            col = T.GOLD if t == now else (58, 70, 98)
            pygame.draw.rect(surf, col, L.r(r), border_radius=L.s(5))
            text(surf, str(t), L.font(14, True), (16, 20, 32) if t == now else T.TEXT,
                 L.r(r).center, "center")
        for b in self.buttons:
            b.draw(surf, L)
        keys = "Keys: arrows, Tab, Enter, Z, Backspace, Esc · Pad: D-pad, A, Y, X, LB/RB"
        text(surf, keys, fit_font(L, keys, w - 16, 12), T.MUTED, L.p(x + 8, y + h - 18))

    def _draw_log(self, surf, L) -> None:
        panel(surf, L, LOG_R, radius=0)
        x, y, w, h = LOG_R
        f = L.font(13)
        rows = []
        for line in self.model.log()[-40:]:
            rows.extend(wrap(line, f, L.s(w - 16)))
        lh = f.get_linesize()
        fit = max(1, (L.s(h) - L.s(12)) // lh)
        yy = L.p(x, y + 6)[1]
        for row in rows[-fit:]:
            text(surf, row, f, T.TEXT, (L.p(x + 8, 0)[0], yy))
            yy += lh
