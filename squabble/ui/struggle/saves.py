"""The Struggle autosave, and Continue for whichever game was saved last.

The file is the one ``ui/savegame.py`` names for the game (``save-struggle.json``), written the
same way (a unique temporary file, flushed, renamed), and a save that cannot be written is reported
once through ``savegame``'s reporter, like Twilight Squabble's.  This module adds the Struggle
set-up's own fields and the title line.  A damaged or incompatible file gives a clear sentence, is
kept aside as ``*.bad.json`` and never crashes the window.
"""

from __future__ import annotations

from squabble import userdata
from squabble.games.logline import LogLine
from squabble.ui import savegame

FILE = savegame.file_for("struggle")
SAVE_VERSION = 1
SETUP_KEYS = {"mode": ("computer", "hotseat"), "human": ("USA", "USSR"),
              "level": ("easy", "normal", "hard")}


def _store(payload: dict) -> None:
    userdata.write_json(FILE, payload)


def _fetch():
    return userdata.read_json(FILE)


def write(session) -> bool:
    """Autosave (the session's saver): the state, the set-up and the recent log.  True if the game
    is on disk; a folder that cannot be written is reported once and play goes on."""
    log = [{"text": str(x), "kind": getattr(x, "kind", "note"), "data": getattr(x, "data", {})}
           for x in session.log[-120:]]
    payload = {"save_version": SAVE_VERSION, "game": "struggle", "state": session.state,
               "setup": session.setup, "log": log}
    try:
        try:
            _store(payload)
        except (TypeError, ValueError):  # a log datum JSON cannot hold: save without the log
            _store(dict(payload, log=[]))
    except OSError as e:
        savegame._report("the autosave failed", e)
        return False
    return True


def exists() -> bool:
    return userdata.path(FILE).exists()


def clear() -> None:
    try:
        userdata.remove(FILE)
    except OSError:
        pass  # a read-only data folder: the finished game's autosave stays (never a crash)


def mtime() -> float:
    try:
        return userdata.path(FILE).stat().st_mtime
    except OSError:
        return 0.0


def _problem(raw) -> str | None:
    from squabble.games import registry
    if not isinstance(raw, dict):
        return "the file is not a saved game"
    if raw.get("game") != "struggle":
        return "it is not a Twilight Struggle game"
    if raw.get("save_version") != SAVE_VERSION:
        return "it was made by a different version of the game"
    setup = raw.get("setup")
    if not isinstance(setup, dict) or any(setup.get(k) not in v for k, v in SETUP_KEYS.items()):
        return "its game set-up is damaged"
    st = raw.get("state")
    if not isinstance(st, dict):
        return "the game in it is missing"
    if st.get("winner") is not None:
        return "that game is already over"
    try:
        raw["state"] = registry.get("struggle").load(st)   # the engine's own load check
    except Exception as e:  # load gives a sentence (ValueError); anything else is damage too
        return f"the game in it is damaged ({str(e).rstrip('.')[:200]})"
    return None


def load():
    """(state, setup, log, problem).  On any problem the file is set aside and problem says why."""
    try:
        raw = _fetch()
    except ValueError as e:
        bad = userdata.set_aside(FILE)
        return None, None, [], (f"The saved Twilight Struggle game could not be read: {e}."
                                + (f" It was kept as {bad}." if bad else ""))
    if raw is None:
        return None, None, [], "There is no saved Twilight Struggle game."
    problem = _problem(raw)
    if problem:
        bad = userdata.set_aside(FILE)
        return None, None, [], (f"The saved Twilight Struggle game could not be resumed: "
                                f"{problem}." + (f" It was kept as {bad}." if bad else ""))
    log = []
    for x in raw.get("log") or []:
        if isinstance(x, dict) and isinstance(x.get("text"), str):
            data = x.get("data") if isinstance(x.get("data"), dict) else {}
            log.append(LogLine(x["text"], str(x.get("kind", "note")), **data))
    return raw["state"], raw["setup"], log, ""


def summary() -> str:
    """One line for the title screen: which game, turn and score (no secrets)."""
    try:
        raw = _fetch()
        st = raw["state"]
        vp = st["vp"]
        score = f"USA +{vp}" if vp > 0 else f"USSR +{-vp}" if vp < 0 else "VP 0"
        setup = raw["setup"]
        who = "2 players" if setup.get("mode") == "hotseat" else f"you {setup.get('human')}"
        return f"Twilight Struggle · turn {st['turn']} · {score} · {who}"
    except Exception:
        return "Twilight Struggle (the save may be damaged)"
