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

Card faces go through ``ReplayModel.may_show``: with "everything" every card (the game is over),
as a side what that side could see at that moment.
"""

from __future__ import annotations

import pygame

from squabble.framework.layout import fit_font, text, wrap
from squabble.framework.scene import Scene
from squabble.framework.widgets import Button, panel
from squabble.ui import theme as T

TOP_R = (0, 0, 1280, 52)
BOARD_R = (0, 52, 930, 448)
SIDE_R = (930, 52, 350, 448)
HANDS_R = (0, 500, 560, 220)
BAR_R = (560, 500, 370, 220)
LOG_R = (930, 500, 350, 220)


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app, model, title: str = ""):
        super().__init__(app)
        self.model = model
        self.title = title
        self.board = StruggleBoard() if model.game == "struggle" else SquabbleBoard()
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
        ``exports`` folder; the toast names the file."""
        from squabble.export import export_file
        path, problem = export_file(self.model.rec)
        self.app.toast(problem or f"The game's text log is in {path}", 8)

    def continue_here(self) -> None:
        from squabble.ui.finished import ContinueScene
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


class StruggleBoard:
    """Twilight Struggle's map and tracks, drawn by the map scene's own parts."""

    def __init__(self):
        from squabble.ui.struggle.map_view import MapView
        from squabble.ui.struggle.tracks import TracksPanel
        from squabble.ui.struggle import card_art
        self.map, self.tracks, self.card_art = MapView(), TracksPanel(), card_art
        self._size = None
        self.drawn: dict = {}

    def update(self, dt: float) -> None:
        self.map.update(dt)

    def animating(self) -> bool:
        return self.map.animating

    def shown_state(self, m) -> dict:
        """The state with a headline the view may not see yet replaced by "hidden"."""
        st = m.state
        hl = st.get("headline") or {}
        secret = [s for s in ("USA", "USSR") if isinstance(hl.get(s), int)
                  and not m.may_show(hl[s])]
        if not secret:
            return st
        out = dict(st, headline=dict(hl))
        for s in secret:
            out["headline"][s] = "hidden"
        return out

    def draw(self, surf, L, m) -> None:
        if self._size != surf.get_size():
            self._size = surf.get_size()
            self.map.set_rect(L.r(BOARD_R))
            self.tracks.set_rect(L.r(SIDE_R))
        st = self.shown_state(m)
        self.map.draw(surf, st)
        self.tracks.draw(surf, st, None if m.view == "everything" else m.view)
        self.drawn = {"influence": {c: v[:2] for c, v in self.map._last_inf.items()},
                      "tracks": self.tracks._cache_key[0], "headline": st.get("headline")}

    def draw_hand(self, surf, L, m, side, cards, rect) -> None:
        x, y, w, h = rect
        rh = min(20, h / max(1, len(cards)))
        for i, c in enumerate(cards):
            self.card_art.draw_row(surf, c, L.r((x, y + i * rh, w, rh - 2)), m.may_show(c))


class SquabbleBoard:
    """Twilight Squabble's table: the Balance of Power, the Space Race, each side's played
    cards and tokens, the event in effect."""

    def __init__(self):
        self.drawn: dict = {}

    def update(self, dt: float) -> None:
        pass

    def animating(self) -> bool:
        return False

    def draw(self, surf, L, m) -> None:
        from squabble.framework.cards import draw_card
        from squabble.framework.widgets import TrackSpace, draw_track, token
        from squabble.games.squabble import engine as E
        from squabble.ui.squabble import faces as F
        st = m.state
        self.drawn = {"bop": st["bop"], "space": dict(st["space"]), "tokens": dict(st["tokens"]),
                      "slots": {}, "event": st.get("event"), "leader": st.get("leader")}
        panel(surf, L, BOARD_R, radius=0, colour=(26, 34, 30))
        x, y, w, h = BOARD_R
        text(surf, "Balance of Power", L.font(16, True), T.TEXT, L.p(x + 16, y + 10))
        spaces = [TrackSpace(str(abs(v)) if v else "0",
                             T.SIDE["USSR"] if v < 0 else T.SIDE["USA"] if v > 0 else (90, 90, 96))
                  for v in range(-E.CLOUD, E.CLOUD + 1)]
        rects = draw_track(surf, L, (x + 16, y + 34, w - 32, 40), spaces)
        r = rects[st["bop"] + E.CLOUD]
        token(surf, L, (r[0] + r[2] / 2, r[1] + r[3] / 2), 13, T.GOLD, "B")
        for i, side in enumerate(("USSR", "USA")):
            yy = y + 92 + i * 40
            text(surf, f"Space Race {side}", L.font(15, True), T.SIDE_LIGHT[side],
                 L.p(x + 16, yy + 8))
            sp = [TrackSpace(str(v), (70, 74, 92)) for v in range(E.SPACE_TOP + 1)]
            rr = draw_track(surf, L, (x + 200, yy, 400, 30), sp)[st["space"][side]]
            token(surf, L, (rr[0] + rr[2] / 2, rr[1] + rr[3] / 2), 11, T.SIDE[side])
            lead = " · Space Race Leader" if st.get("leader") == side else ""
            text(surf, f"Tokens {st['tokens'][side]}{lead}", L.font(15), T.TEXT,
                 L.p(x + 620, yy + 8))
        for i, side in enumerate(("USSR", "USA")):
            xx = x + 16 + i * (w // 2)
            yy = y + 180
            text(surf, f"{side} cards in play", L.font(15, True), T.SIDE_LIGHT[side],
                 L.p(xx, yy))
            slot = (st.get("slots") or {}).get(side) or {}
            self.drawn["slots"][side] = [(slot.get(k), m.may_show(slot.get(k)))
                                         for k in ("bop", "space") if slot.get(k)]
            for j, key in enumerate(("bop", "space")):
                cid = slot.get(key)
                rect = (xx + j * 150, yy + 24, 130, 182)
                label = "Balance of Power" if key == "bop" else "Space Race"
                text(surf, f"{label} · {slot.get(key + '_tokens', 0)} token(s)", L.font(12),
                     T.MUTED, L.p(rect[0], rect[1] + rect[3] + 4))
                if cid:
                    draw_card(surf, L, F.card_face(cid), rect, face_up=m.may_show(cid),
                              back=T.card_back(side))
        ev = st.get("event")
        side_x, side_y, sw, sh = SIDE_R
        panel(surf, L, SIDE_R, radius=0)
        text(surf, f"Era {st.get('era')} · phase {st.get('phase')}", L.font(18, True), T.GOLD,
             L.p(side_x + 12, side_y + 10))
        if ev:
            draw_card(surf, L, F.event_face(ev), (side_x + 12, side_y + 44, 150, 210),
                      face_up=True)
        discards = st.get("discards") or {}
        yy = side_y + 270
        for side in ("USSR", "USA"):
            text(surf, f"{side} discards: {len(discards.get(side) or [])}", L.font(14),
                 T.TEXT, L.p(side_x + 12, yy))
            yy += 22
        if st.get("winner"):
            text(surf, f"Game over: {st['winner']} wins", L.font(20, True), T.GOLD,
                 L.p(side_x + 12, yy + 10))

    def draw_hand(self, surf, L, m, side, cards, rect) -> None:
        from squabble.framework.cards import draw_card
        from squabble.ui.squabble import faces as F
        x, y, w, h = rect
        cw = min(86, w / max(1, len(cards)) - 4)
        for i, c in enumerate(cards):
            draw_card(surf, L, F.card_face(c), (x + i * (cw + 4), y, cw, cw * 1.4),
                      face_up=m.may_show(c), back=T.card_back(side))
