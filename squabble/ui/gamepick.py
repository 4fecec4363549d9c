"""Which game: Title → New game picks Twilight Squabble or Twilight Struggle (the last pick is
remembered); Continue resumes whichever game was saved last; attract mode alternates the games.

``menus.py`` (the title) only calls ``open_new``, ``continue_any``, ``has_save``, ``save_hint``
and ``title_decor`` from here.
"""

from __future__ import annotations

from squabble import userdata
from squabble.framework.layout import text_block
from squabble.framework.widgets import Button
from squabble.ui import theme as T
from squabble.ui.menu_scene import MenuScene

FILE = "gamepick.json"
GAMES = ("squabble", "struggle")
LABEL = {"squabble": "Twilight Squabble", "struggle": "Twilight Struggle"}
ABOUT = {"squabble": "The Cold War in ten minutes: a quick card duel for two.",
         "struggle": "The full game on the world map: ten turns, 84 countries, 110 cards."}


def last_pick() -> str:
    try:
        raw = userdata.read_json(FILE)
    except ValueError:
        userdata.set_aside(FILE)
        return "squabble"
    g = raw.get("last") if isinstance(raw, dict) else None
    return g if g in GAMES else "squabble"


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
        rows = [Button(g, LABEL[g], (440, 210 + i * 110, 400, 80), self._pick(g),
                       hint=ABOUT[g], colour=(58, 70, 98) if g == "squabble" else (70, 60, 96))
                for i, g in enumerate(GAMES)]
        rows.append(Button("online", "Play online", (490, 440, 300, 50), self._online,
                           hint="with a friend on another machine"))
        rows.append(Button("back", "Back", (490, 502, 300, 50), self.back))
        self.set_buttons(rows)
        last = last_pick()
        self.focus.focus(self.button(last))
        # read once: the menu is drawn again and again while it waits
        self.last_line = f"Last played: {LABEL[last]}." if userdata.exists(FILE) else ""

    def _online(self):
        from squabble.ui.online.menus import OnlineScene
        self.app.stack.remove(self)
        self.app.stack.push(OnlineScene(self.app))

    def _pick(self, game):
        def f():
            remember(game)
            self.app.stack.remove(self)
            if game == "squabble":
                self.app.open_setup()
            else:
                from squabble.ui.struggle.setup import StruggleSetupScene
                self.app.stack.push(StruggleSetupScene(self.app))
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
    from squabble.ui import savegame
    # a save of a game that has ended is removed, never offered nor called damaged
    return [g for g in GAMES if savegame.exists(game=g) and not savegame.forget_finished(g)]


def has_save() -> bool:
    """Continue is offered when a save of either game is there, even a damaged one: then its
    hint says so, and Continue says why and sets the file aside (so it is offered no more)."""
    return bool(_present())


def _latest() -> str | None:
    from squabble.ui import savegame
    present = _present()
    if not present:
        return None
    return max(reversed(present), key=lambda g: savegame.mtime(game=g))


def save_hint() -> str:
    from squabble.ui import savegame
    g = _latest()
    if g is None:
        return "No saved game yet."
    raw, problem = savegame.read(g)
    if problem or raw is None:
        return f"{LABEL[g]} · the save is damaged"
    if g == "struggle":
        from squabble.ui.struggle import saves as ts
        return ts.summary(raw)
    return _squabble_summary(raw["state"])


def _squabble_summary(st: dict) -> str:
    """Which game, era and the Balance of Power, in the table's words (a checked save): the
    track reads America 4, 3, 2 from DEFCON 5 outward (Russia alike)."""
    from squabble.ui.squabble.faces import NAME
    b = st["bop"]
    lean = f"Balance of Power {NAME['USA' if b > 0 else 'USSR']} {5 - abs(b)}" if b else \
        "Balance of Power at DEFCON 5"
    return f"Twilight Squabble · era {st['era']} · {lean}"


def title_decor() -> list:
    """The pictures (framework card backs) the title lets drift behind its menu: the games'
    decor, asked here so the title names no game.  Twilight Squabble's deck backs; Twilight
    Struggle adds none of its own."""
    from squabble.ui.squabble.faces import deck_backs
    return deck_backs()


def continue_any(app) -> None:
    """Resume the save made last; a save that cannot be resumed is set aside and the title
    says why on its own line (the same check as the protocol's ``load``)."""
    from squabble.ui import savegame
    g = _latest()
    if g is None:
        app.to_title("There is no saved game any more: start a new one.")
        return
    raw, problem = savegame.read(g)
    if problem or raw is None:
        app.to_title(savegame.load(game=g)[3] or "There is no saved game any more.")
        return
    if g == "struggle":
        from squabble.ui.struggle.setup import continue_struggle
        continue_struggle(app)
    else:
        app.continue_game()


def next_demo(app) -> str:
    """The game attract mode shows next (alternating; ``--game`` picks the first)."""
    g = getattr(app, "demo_next", None) or "squabble"
    app.demo_next = "struggle" if g == "squabble" else "squabble"
    return g
