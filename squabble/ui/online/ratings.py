"""Play online's "Ratings on this server" (issue 60): the server's ratings table of each game
(``{"type": "ratings"}``: name, rating, games, wins), asked on a line of its own (a Future the
screen polls, never waited on).  (A rated game's result screen says its change: rematch.py.)
Keys, pad and mouse like every menu."""

from __future__ import annotations

from squabble.framework.layout import fit_font, text
from squabble.framework.widgets import Button, panel
from squabble.ui import theme as T
from squabble.ui.menu_scene import MenuScene
from squabble.ui.online.words import game_label

ROWS = 14          # the rows a game's column shows


class RatingsScene(MenuScene):
    """The server's ratings table, one column a game, best first."""
    name = "online_ratings"
    title = "Ratings on this server"

    def __init__(self, app, url: str):
        from squabble.online.link import Link
        self.url = url
        self.link = Link(url)
        self.future = self.link.request("ratings")
        self.tables = None
        self.problem = ""
        super().__init__(app)
        self.subtitle = url

    def build(self):
        self.set_buttons([Button("back", "Back", (490, 620, 300, 48), self.back)])

    def back(self):
        self.link.close()
        self.app.stack.remove(self)

    def update(self, dt):
        super().update(dt)
        if self.tables is None and not self.problem and self.future.done():
            try:
                self.tables = self.future.result()
            except Exception as e:   # noqa: BLE001 - one sentence, nothing lost
                from squabble.online.client import ClientError
                self.problem = str(e) if isinstance(e, ClientError) else \
                    "The server did not give its ratings: try again later."
            self.link.close()

    def wake_in(self):
        return 1 / 10 if self.tables is None and not self.problem else None

    def draw(self, surf):
        super().draw(surf)
        L = self.app.layout
        if self.problem or self.tables is None:
            words = self.problem or "Asking the server…"
            text(surf, words, fit_font(L, words, 1000, 22), T.TEXT, L.p(640, 330), "center")
            return
        from squabble.ui import games as G
        shown_games = [g for g in G.GAMES if g in self.tables] or sorted(self.tables)
        for i, game in enumerate(shown_games[:2]):
            self._column(surf, L, game, self.tables.get(game) or [], 90 + i * 560)
        text(surf, "Rated games change both players' ratings by Elo (K 32, from 1500); a "
             "rating belongs to the player key this window keeps for the server.",
             L.font(16), T.MUTED, L.p(640, 598), "center")

    def _column(self, surf, L, game, rows, x):
        panel(surf, L, (x, 140, 540, 444), colour=(30, 34, 48), edge=T.GOLD)
        text(surf, game_label(game), L.font(24, True), T.GOLD, L.p(x + 270, 162), "center")
        heads = (("", 24, "midleft"), ("Name", 64, "midleft"), ("Rating", 360, "midright"),
                 ("Games", 440, "midright"), ("Wins", 516, "midright"))
        for words, dx, anchor in heads:
            text(surf, words, L.font(17, True), T.MUTED, L.p(x + dx, 196), anchor)
        if not rows:
            text(surf, "No rated game yet.", L.font(20), T.MUTED, L.p(x + 270, 300), "center")
        for n, r in enumerate(rows[:ROWS]):
            y = 224 + n * 25
            cells = (f"{n + 1}.", str(r.get("name", ""))[:24], str(r.get("rating", "")),
                     str(r.get("games", "")), str(r.get("wins", "")))
            for words, (_, dx, anchor) in zip(cells, heads):
                text(surf, words, L.font(18), T.TEXT, L.p(x + dx, y), anchor)
