"""Twilight Squabble on the framework's session: the registry's adapter, the autosave (``SAVES``),
the computer player and the one table-specific privacy fact (agents revealed in phase 3).

Everything else a game in the window needs (beats, the worker thread, undo like Board Game
Arena, the LookRule and hand-offs) is ``squabble.framework.session.Session``."""

from __future__ import annotations

from squabble.framework.session import Session
from squabble.games import registry
from squabble.games.squabble.cards import AGENT, DOUBLE_AGENT, SIDES
from squabble.ui import savegame

try:
    from squabble.ai import choose as _ai_choose
except ImportError:  # the computer-opponent package is not in this build: random legal moves
    _ai_choose = None


def computer_choice(state: dict, level: str, seed: int) -> int:
    """The computer's option index (the session's worker thread calls it with a copy; a wrong
    answer or an error there falls back to a random legal option)."""
    if _ai_choose is None:
        raise RuntimeError("no computer player in this build")
    return _ai_choose("squabble", state, level, seed)


def _chooser(state, level, seed):
    return computer_choice(state, level, seed)   # looked up at call time (tests replace it)


def _options_problem(options) -> str | None:
    if options not in ({"events": True}, {"events": False}):
        return "its game set-up is damaged (its 'options' are not the Event deck's)"
    return None


#: the autosave: the file keeps the name it had before there were two games; the set-up's one
#: flag is the Event deck
SAVES = savegame.GameSaves("squabble", "Twilight Squabble", file="save.json", flags=("events",),
                           options_problem=_options_problem)
LOG_KEPT = 80          # the log's last lines a save keeps


def save(session) -> None:
    """Autosave after every decision (and undo); a finished game's save is removed."""
    st = session.state
    if st["winner"] is None:
        SAVES.write(st, session.setup, [str(x) for x in session.log[-LOG_KEPT:]],
                    ui=getattr(session, "ui", None))
    else:
        SAVES.clear()


def _setup(setup: dict) -> dict:
    events = bool(setup.get("events"))
    return {"mode": setup["mode"], "human": setup["human"],
            "level": setup.get("level", "normal"), "events": events,
            "options": {"events": events}}


def new_session(setup: dict, seed: int) -> Session:
    s = Session.new(registry.get("squabble"), _setup(setup), seed, saver=save,
                    chooser=_chooser)
    s.log[-1] = f"New game (seed {seed}). Era 1, 1947: both sides draw three cards."
    return s


def resume_session(state: dict, setup: dict, log: list, ui: dict | None = None) -> Session:
    """``ui``: the window's memory of the game from the save (``savegame.ui_part``)."""
    s = Session(registry.get("squabble"), state, _setup(setup), log, saver=save,
                chooser=_chooser)
    s.ui = dict(ui or {})
    return s


def public_agents(d: dict) -> set:
    """Agent cards revealed in phase 3 this turn (rb phase 3: all agents are revealed)."""
    out = set()
    for side in SIDES:
        a = d.get("agents", {}).get(side)
        if a == "agent":
            out.add(AGENT[side])
        elif a == "double":
            out.add(DOUBLE_AGENT[side])
    return out


def option_rows(online: bool = False) -> list:
    """The game's own options as set-up rows: one table for the couch set-up and the online
    "Create an online game" screen (``online``), with the same words."""
    from squabble.ui.option_setup import OptionRow, on_off
    return [OptionRow("events", "Event deck variant", [False, True], on_off)]


def options_of(opts: dict) -> dict:
    """The engine's new-game options of the rows' values."""
    return {"events": bool(opts.get("events"))}
