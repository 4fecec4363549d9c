"""Twilight Struggle in the window: its entry in the registry of games (``ui/games.py``), as
``ui/squabble/entry.py`` is Twilight Squabble's (the same names, the same meanings)."""

from __future__ import annotations

from squabble.ui.struggle import saves

NAME = "struggle"
LABEL = "Twilight Struggle"
ABOUT = "The full game on the world map: ten turns, 84 countries, 110 cards."
COLOUR = (70, 60, 96)       # its button on the game pick
SAVES = saves.SAVES


def summary(raw: dict) -> str:
    """Which game, turn and score (no secrets), from a checked save."""
    return saves.summary(raw)


def open_setup(app, message: str = "") -> None:
    from squabble.ui.struggle.setup import StruggleSetupScene
    app.stack.push(StruggleSetupScene(app, message))


def start(app, setup: dict, seed: int | None = None) -> None:
    from squabble.ui.struggle.setup import start_struggle
    start_struggle(app, setup, seed)


def continue_saved(app) -> bool:
    from squabble.ui.struggle.setup import continue_struggle
    return continue_struggle(app)


def replay_board():
    """The replay screen's board of this game (``ui/replay_scene.py``)."""
    from squabble.ui.struggle.replay_board import ReplayBoard
    return ReplayBoard()


def continue_from(app, state: dict, setup: dict) -> None:
    """Continue from here: a new couch game from ``state`` (a replay's position)."""
    from squabble.ui.struggle.setup import continue_from_position
    continue_from_position(app, state, setup)


def start_demo(app) -> None:
    from squabble.ui.struggle.setup import start_struggle_demo
    start_struggle_demo(app)


def decor() -> list:
    """No pictures of its own behind the title."""
    return []



def toggle_rules(app) -> None:
    """The rules and card reference as a scene of its own (the title's Rules, F1 outside a
    game): opened, or closed when it is on top."""
    from squabble.ui.struggle.help import rules_scene
    top = app.stack.top
    if getattr(top, "name", "") == "struggle_rules":
        app.stack.remove(top)
    else:
        app.stack.push(rules_scene(app))
