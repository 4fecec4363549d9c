"""Autosave and Continue: one JSON file in the user data folder, checked before use."""

from __future__ import annotations

from squabble import userdata
from squabble.games.squabble import engine as E

FILE = "save.json"
SAVE_VERSION = 1


def write(state: dict, setup: dict, log: list[str]) -> None:
    try:
        userdata.write_json(FILE, {"save_version": SAVE_VERSION, "game": "squabble",
                                   "state": state, "setup": setup, "log": log[-80:]})
    except OSError:
        pass


def exists() -> bool:
    return userdata.path(FILE).exists()


def clear() -> None:
    userdata.remove(FILE)


SETUP_KEYS = {"mode": ("computer", "hotseat", "demo"), "human": ("USA", "USSR"),
              "level": ("easy", "normal", "hard")}


def load() -> tuple[dict | None, dict | None, list[str], str]:
    """(state, setup, log, problem).  On any problem the file is set aside and problem says why."""
    try:
        raw = userdata.read_json(FILE)
    except ValueError as e:
        bad = userdata.set_aside(FILE)
        return None, None, [], f"The saved game could not be read: {e}." + (
            f" It was kept as {bad}." if bad else "")
    if raw is None:
        return None, None, [], "There is no saved game."
    problem = None
    if not isinstance(raw, dict):
        problem = "the file is not a saved game"
    elif raw.get("save_version") != SAVE_VERSION:
        problem = "it was made by a different version of the game"
    elif raw.get("game") != "squabble":
        problem = "it is not a Twilight Squabble game"
    else:
        setup = raw.get("setup")
        if not isinstance(setup, dict) or any(setup.get(k) not in v for k, v in SETUP_KEYS.items()):
            problem = "its game set-up is damaged"
        else:
            why = E.validate(raw.get("state"))
            if why:
                problem = f"the game in it is damaged ({why.rstrip('.')})"
            elif raw["state"]["winner"] is not None:
                problem = "that game is already over"
    if problem:
        bad = userdata.set_aside(FILE)
        return None, None, [], f"The saved game could not be resumed: {problem}." + (
            f" It was kept as {bad}." if bad else "")
    log = [x for x in raw.get("log", []) if isinstance(x, str)] if isinstance(raw.get("log"), list) \
        else []
    return raw["state"], raw["setup"], log, ""
