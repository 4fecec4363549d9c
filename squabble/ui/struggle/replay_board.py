"""The Twilight Struggle replay screen's board (``ui/replay_scene.py``): the map scene's own map
and tracks panel at the replay's position, and a hand as a column of card rows."""

from __future__ import annotations

from squabble.ui.replay_layout import BOARD_R, SIDE_R


class ReplayBoard:
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
