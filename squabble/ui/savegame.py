"""Autosave and Continue: one JSON file per game in the user data folder, checked before use.

A save is ``{"save_version", "game", "state", "setup", "log"}``.  ``game`` names the rules
engine (``"squabble"`` when absent, as in saves made before there were two games); the file of
Twilight Squabble keeps its old name ``save.json``, another game's is ``save-<game>.json``.
A save is resumed only if it passes the same check as the engine protocol's ``load`` (the
engine's own consistency check and the protocol's limits) plus the window's own fields.

Saving never ends the game: when the data folder cannot be written, ``write`` and ``clear``
return False and the reporter set with ``set_reporter`` is told once, in one sentence.
"""

from __future__ import annotations

from typing import Callable

from squabble import userdata

FILE = "save.json"
SAVE_VERSION = 1

SETUP_KEYS = {"mode": ("computer", "hotseat", "demo"), "human": ("USA", "USSR"),
              "level": ("easy", "normal", "hard")}
GAME_NAMES = {"squabble": "Twilight Squabble", "struggle": "Twilight Struggle"}

_reporter: Callable[[str], None] | None = None
_reported = False


def set_reporter(report: Callable[[str], None] | None) -> None:
    """``report(sentence)`` is called the first time a save cannot be written or cleared."""
    global _reporter, _reported
    _reporter = report
    _reported = False


def mark_reported() -> None:
    """The player has already been told that games cannot be saved (e.g. at start-up)."""
    global _reported
    _reported = True


def _report(what: str, err: OSError) -> None:
    global _reported
    if _reported:
        return
    _reported = True
    if _reporter is not None:
        why = err.strerror or type(err).__name__
        try:
            _reporter(f"The game cannot be saved ({what}: {why}). Play goes on without saves.")
        except Exception:
            pass


def file_for(game: str = "squabble") -> str:
    return FILE if game == "squabble" else f"save-{game}.json"


def write(state: dict, setup: dict, log: list[str], *, game: str = "squabble") -> bool:
    """Autosave; True if the game is on disk."""
    try:
        userdata.write_json(file_for(game), {"save_version": SAVE_VERSION, "game": game,
                                             "state": state, "setup": setup,
                                             "log": list(log[-80:])})
    except OSError as e:
        _report("the autosave failed", e)
        return False
    return True


def exists(*, game: str = "squabble") -> bool:
    return userdata.exists(file_for(game))


def clear(*, game: str = "squabble") -> bool:
    """Forget the autosave (the game ended).  Never raises; True if no save is left."""
    try:
        userdata.remove(file_for(game))
    except OSError as e:
        _report("the finished game's autosave could not be removed", e)
        return False
    return True


def check(raw, game: str = "squabble") -> str | None:
    """None if ``raw`` (a parsed save file) can be resumed, else why not (a lower-case clause).
    The state gets exactly the check of the engine protocol's ``load``."""
    from squabble.protocol import load_problem
    if not isinstance(raw, dict):
        return "the file is not a saved game"
    if raw.get("save_version") != SAVE_VERSION:
        return "it was made by a different version of the game"
    stored = raw.get("game", "squabble")
    if stored != game:
        return f"it is not a {GAME_NAMES.get(game, game)} game"
    setup = raw.get("setup")
    if not isinstance(setup, dict) or any(setup.get(k) not in v for k, v in SETUP_KEYS.items()):
        return "its game set-up is damaged"
    if "events" in setup and not isinstance(setup["events"], bool):
        return "its game set-up is damaged"
    state = raw.get("state")
    if not isinstance(state, dict) or state.get("game", game) != game:
        return "the game in it is damaged (it holds no game of the right kind)"
    why = load_problem(state)
    if why:
        return f"the game in it is damaged ({why.rstrip('.')})"
    if state.get("winner") is not None:
        return "that game is already over"
    if "log" in raw and not isinstance(raw["log"], list):
        return "its game log is damaged"
    return None


def load(*, game: str = "squabble") -> tuple[dict | None, dict | None, list[str], str]:
    """(state, setup, log, problem).  On any problem the file is set aside (never over an
    earlier kept copy) and problem says why, in a sentence for the player."""
    name = file_for(game)
    try:
        raw = userdata.read_json(name)
    except ValueError as e:
        bad = userdata.set_aside(name)
        return None, None, [], f"The saved game could not be read: {e}." + (
            f" It was kept as {bad}." if bad else "")
    if raw is None:
        return None, None, [], "There is no saved game."
    problem = check(raw, game)
    if problem:
        bad = userdata.set_aside(name)
        return None, None, [], f"The saved game could not be resumed: {problem}." + (
            f" It was kept as {bad}." if bad else "")
    from squabble.protocol import load_state
    _, state = load_state(raw["state"])   # as the protocol loads it (a copy, normalised)
    log = [x for x in raw.get("log", []) if isinstance(x, str)]
    setup = dict(raw["setup"])
    return state, setup, log, ""
