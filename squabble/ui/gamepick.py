"""Which game: Title → New game picks one of the games of ``ui/games.py`` (the last pick is
remembered), each game with a save showing a Continue of its own beside it; the title's
Continue resumes whichever game was saved last (its hint names the others saved); attract mode
takes the games in turn.  Every game is asked through its entry there: this module names none.

``menus.py`` (the title) only calls ``open_new``, ``continue_any``, ``has_save``, ``save_hint``,
``other_saves_line``, ``latest_save_damaged`` and ``title_decor`` from here.
"""

from __future__ import annotations

from squabble import userdata
from squabble.framework.layout import text_block
from squabble.framework.widgets import Button
from squabble.ui import theme as T
from squabble.ui.games import GAMES
from squabble.ui.menu_scene import MenuScene

FILE = "gamepick.json"


def _first() -> str:
    return next(iter(GAMES))


def last_pick() -> str:
    try:
        raw = userdata.read_json(FILE)
    except ValueError:
        userdata.set_aside(FILE)
        return _first()
    g = raw.get("last") if isinstance(raw, dict) else None
    return g if g in GAMES else _first()


def remember(game: str) -> None:
    try:
        raw = userdata.read_json(FILE)
    except ValueError:
        raw = None
    raw = raw if isinstance(raw, dict) else {}
    raw["last"] = game
    try:
        userdata.write_json(FILE, raw)
    except OSError:
        pass


class GamePickScene(MenuScene):
    name = "gamepick"
    title = "New game"
    subtitle = "Which game?"

    def build(self):
        saved = _present()       # each game's save has its own Continue beside the game
        rows = []
        for i, (g, e) in enumerate(GAMES.items()):
            y = 210 + i * 110
            rows.append(Button(g, e.LABEL, (240 if saved else 440, y, 400, 80), self._pick(g),
                               hint=e.ABOUT, colour=e.COLOUR))
            if g in saved:
                damaged = _damaged(g)
                rows.append(Button(f"continue_{g}", "Set aside the damaged save" if damaged
                                   else "Continue", (650, y, 390, 80), self._continue(g),
                                   hint=save_hint(g), colour=e.COLOUR))
        rows.append(Button("online", "Play online", (490, 440, 300, 50), self._online,
                           hint="with a friend on another machine"))
        rows.append(Button("back", "Back", (490, 502, 300, 50), self.back))
        self.set_buttons(rows)
        last = last_pick()
        self.focus.focus(self.button(last))
        # read once: the menu is drawn again and again while it waits
        self.last_line = f"Last played: {GAMES[last].LABEL}." if userdata.exists(FILE) else ""

    def _online(self):
        from squabble.ui.online.menus import OnlineScene
        self.app.stack.remove(self)
        self.app.stack.push(OnlineScene(self.app))

    def _continue(self, game):
        def f():
            remember(game)
            continue_game(self.app, game)
        return f

    def _pick(self, game):
        def f():
            remember(game)
            self.app.stack.remove(self)
            GAMES[game].open_setup(self.app)
        return f

    def draw(self, surf):
        super().draw(surf)
        L = self.app.layout
        if self.last_line:
            text_block(surf, self.last_line, L.font(18), T.MUTED, L.r(340, 562, 600, 30),
                       align="center")


def game_in_front(app) -> str:
    """The game whose rules F1 and the title's Rules open: the game of the topmost scene that
    belongs to one (a set-up, a table, a pause menu), else the last pick."""
    for sc in reversed(app.stack.scenes):
        mod = type(sc).__module__
        for g in GAMES:
            if mod.startswith(f"squabble.ui.{g}.") or mod == f"squabble.ui.{g}":
                return g
    return last_pick()


def open_new(app) -> None:
    app.stack.push(GamePickScene(app))


def _present() -> list:
    # a save of a game that has ended is removed, never offered nor called damaged
    return [g for g, e in GAMES.items() if e.SAVES.exists() and not e.SAVES.forget_finished()]


def has_save() -> bool:
    """Continue is offered when a save of any game is there, even a damaged one: then its
    hint says so, and Continue says why and sets the file aside (so it is offered no more)."""
    return bool(_present())


def _latest() -> str | None:
    present = _present()
    if not present:
        return None
    return max(reversed(present), key=lambda g: GAMES[g].SAVES.mtime())


def _damaged(g: str) -> bool:
    raw, problem = GAMES[g].SAVES.read()
    return bool(problem) or raw is None


def latest_save_damaged() -> bool:
    """The save Continue would resume (the newest) cannot be resumed: the title's hint calls
    it damaged (the same check as Continue's, ``GameSaves.read``)."""
    g = _latest()
    return g is not None and _damaged(g)


def save_hint(game: str | None = None) -> str:
    """What ``game``'s save holds (by default the newest's, which the title's Continue
    resumes)."""
    g = game or _latest()
    if g is None:
        return "No saved game yet."
    e = GAMES[g]
    raw, problem = e.SAVES.read()
    return f"{e.LABEL} · the save is damaged" if problem or raw is None else e.summary(raw)


def other_saves_line() -> str:
    """The title's line under Continue when more than one game is saved: the games Continue
    does not resume, and where they are (nothing looks lost)."""
    others = [GAMES[g].LABEL for g in _present() if g != _latest()]
    if not others:
        return ""
    return (f"Also saved: {' and '.join(others)}. New game shows a Continue beside each "
            "game saved.")


def title_decor() -> list:
    """The pictures (framework card backs) the title lets drift behind its menu: the games'
    decor, asked here so the title names no game."""
    return [p for e in GAMES.values() for p in e.decor()]


def continue_any(app) -> None:
    """Resume the save made last; a save that cannot be resumed is set aside and the title
    says why on its own line (the same check as the protocol's ``load``)."""
    continue_game(app, _latest())


def continue_game(app, g: str | None) -> None:
    """Resume ``g``'s save (the game pick's Continue beside a game); one that cannot be
    resumed is set aside and the title says why."""
    if g is None or g not in _present():
        app.to_title("There is no saved game any more: start a new one.")
        return
    saves = GAMES[g].SAVES
    raw, problem = saves.read()
    if problem or raw is None:
        app.to_title(saves.load()[3] or "There is no saved game any more.")
        return
    app.continue_game(g)


def next_demo(app) -> str:
    """The game attract mode shows next (the games in turn; ``--game`` picks the first)."""
    order = list(GAMES)
    g = getattr(app, "demo_next", None) or order[0]
    app.demo_next = order[(order.index(g) + 1) % len(order)]
    return g
