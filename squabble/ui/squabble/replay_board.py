"""The Twilight Squabble replay screen's board (``ui/replay_scene.py``): the Balance of Power,
the Space Race, each side's cards in play and tokens, the event in effect, and a hand as cards."""

from __future__ import annotations

from squabble.framework.cards import draw_card
from squabble.framework.layout import text, wrap
from squabble.framework.widgets import TrackSpace, draw_track, panel, token
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import CARDS
from squabble.ui import theme as T
from squabble.ui.replay_layout import BOARD_R, SIDE_R
from squabble.ui.squabble import faces as F


class ReplayBoard:
    """Twilight Squabble's table: the Balance of Power, the Space Race, each side's played
    cards and tokens, the event in effect."""

    def __init__(self):
        self.drawn: dict = {}

    def update(self, dt: float) -> None:
        pass

    def animating(self) -> bool:
        return False

    def draw(self, surf, L, m) -> None:
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
        yy = side_y + (270 if ev else 44)
        f = L.font(13)
        for side in ("USSR", "USA"):
            pile = discards.get(side) or []
            text(surf, f"{side} discards ({len(pile)})", L.font(14, True), T.SIDE_LIGHT[side],
                 L.p(side_x + 12, yy))
            yy += 20
            names = ", ".join(CARDS[c].name if m.may_show(c) else "a card" for c in pile)
            for row in wrap(names or "none", f, L.s(sw - 24))[:4]:
                text(surf, row, f, T.TEXT, L.p(side_x + 12, yy))
                yy += 17
            yy += 6
        if st.get("winner"):
            text(surf, f"Game over: {st['winner']} wins", L.font(20, True), T.GOLD,
                 L.p(side_x + 12, yy + 10))

    def draw_hand(self, surf, L, m, side, cards, rect) -> None:
        x, y, w, h = rect
        cw = min(86, w / max(1, len(cards)) - 4)
        for i, c in enumerate(cards):
            draw_card(surf, L, F.card_face(c), (x + i * (cw + 4), y, cw, cw * 1.4),
                      face_up=m.may_show(c), back=T.card_back(side))
