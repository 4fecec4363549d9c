"""Twilight Squabble in the window: its entry in the registry of games (``ui/games.py``).

What the window, New game and Continue ask of a game: its name and words on the game pick, its
autosave (``SAVES``: the set-up check), the title's line for its save, its set-up screen, a new
game and a continued one on its table, its attract mode, its decor behind the title and its
rules screen."""

from __future__ import annotations

from squabble.ui.squabble import game

NAME = "squabble"
LABEL = "Twilight Squabble"
ABOUT = "The Cold War in ten minutes: a quick card duel for two."
COLOUR = (58, 70, 98)       # its button on the game pick
SAVES = game.SAVES


def summary(raw: dict) -> str:
    """Which game, era and the Balance of Power, in the table's words (a checked save): the
    track reads America 4, 3, 2 from DEFCON 5 outward (Russia alike)."""
    from squabble.ui.squabble.faces import NAME as SIDE_NAME
    st = raw["state"]
    b = st["bop"]
    lean = f"Balance of Power {SIDE_NAME['USA' if b > 0 else 'USSR']} {5 - abs(b)}" if b else \
        "Balance of Power at DEFCON 5"
    return f"Twilight Squabble · era {st['era']} · {lean}"


def open_setup(app, message: str = "") -> None:
    """New game: the set-up screen."""
    from squabble.ui.squabble.scenes import SetupScene
    app.stack.push(SetupScene(app, message))


def start(app, setup: dict, seed: int | None = None) -> None:
    """A new game of ``setup`` on the table (autosaved unless attract mode); no ``seed``: the
    window's own (``--seed``), else a new one."""
    from squabble.ui.squabble.table import TableScene
    setup = {"mode": setup["mode"], "human": setup["human"],
             "level": setup.get("level", "normal"), "events": bool(setup.get("events"))}
    app.session = game.new_session(
        setup, app.seed if seed is None and app.seed is not None
        else (seed if seed is not None else app.new_seed()))
    if setup["mode"] != "demo":
        game.save(app.session)
    app.log_lines = list(app.session.log)
    app.stack.replace_all(TableScene(app, app.session))


def continue_saved(app) -> bool:
    """Continue: the autosave on the table, exactly where it was; a save that cannot be resumed
    is set aside and the set-up screen says why."""
    from squabble.ui.squabble.table import TableScene
    state, setup, log, problem, ui = SAVES.load(with_ui=True)
    if problem:
        app.to_title()
        open_setup(app, problem + " Start a new game below.")
        return False
    setup["events"] = bool(state["options"]["events"])  # the state says which deck is used
    app.session = game.resume_session(state, setup, log, ui)
    app.log_lines = list(log) + ["Game resumed from the autosave."]
    app.stack.replace_all(TableScene(app, app.session))
    return True


def replay_board():
    """The replay screen's board of this game (``ui/replay_scene.py``)."""
    from squabble.ui.squabble.replay_board import ReplayBoard
    return ReplayBoard()


def continue_from(app, state: dict, setup: dict) -> None:
    """Continue from here: a new couch game from ``state`` (a replay's position), autosaved."""
    from squabble.ui.squabble.table import TableScene
    setup = {"mode": setup["mode"], "human": setup["human"], "level": setup["level"],
             "events": bool(state["options"]["events"])}
    log = ["A new game continues a finished game's position."]
    app.session = game.resume_session(state, setup, log)
    game.save(app.session)
    app.log_lines = list(log)
    app.stack.replace_all(TableScene(app, app.session))


def start_demo(app) -> None:
    """Attract mode: the computer plays both sides, with or without the Event deck."""
    from squabble.ui.squabble.table import TableScene
    app.demo = True
    setup = {"mode": "demo", "human": "USSR", "level": "normal",
             "events": app.seed_rng.random() < 0.5}
    app.session = game.new_session(setup, app.new_seed() if app.seed is None else app.seed)
    app.log_lines = ["Attract mode: the computer plays both sides. Press any key."]
    app.stack.replace_all(TableScene(app, app.session, demo=True))


def decor() -> list:
    """The pictures (framework card backs) the title lets drift behind its menu: the decks'
    backs."""
    from squabble.ui.squabble.faces import deck_backs
    return deck_backs()


def toggle_rules(app) -> None:
    """The rules overlay (the ten phases, the rulings, every card): opened, or closed when it
    is on top."""
    from squabble.ui.squabble.scenes import RulesScene
    top = app.stack.top
    if isinstance(top, RulesScene):
        app.stack.remove(top)
    else:
        app.stack.push(RulesScene(app))
