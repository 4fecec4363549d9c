"""The Struggle autosave: ``ui/savegame.py`` for the game ``"struggle"``, plus the title line.

The file is the one ``ui/savegame.py`` names for the game (``save-struggle.json``), written the
same way (a unique temporary file, flushed, renamed); a save that cannot be written is reported
once through ``savegame``'s reporter.  Continue reads it through ``savegame.load`` — the same
check as the protocol's ``load`` plus the window's fields, the log's lines included — so a
damaged or incompatible file gives a clear sentence, is kept aside as ``*.bad.json`` and never
crashes the window.
"""

from __future__ import annotations

from squabble.ui import savegame
from squabble.ui.struggle.prompts import vp_text

GAME = "struggle"
FILE = savegame.file_for(GAME)
SAVE_VERSION = savegame.SAVE_VERSION
SETUP_KEYS = savegame.STRUGGLE_SETUP_KEYS


def write(session) -> bool:
    """Autosave (the session's saver): the state, the set-up and the whole log the session keeps
    (each line's text, kind and data), so the log panel still holds the whole game after
    Continue.  True if the game is on disk; a folder that cannot be written is reported once and
    play goes on.  A game that has ended is not saved: its save is removed at once (as Twilight
    Squabble's), so closing the window before the result screen leaves nothing behind."""
    if session.state.get("winner") is not None:
        return clear()
    log = [{"text": str(x), "kind": getattr(x, "kind", "note"), "data": getattr(x, "data", {})}
           for x in session.log[-savegame.MAX_LOG:]]
    return savegame.write(session.state, session.setup, log, game=GAME,
                          ui=getattr(session, "ui", None))


def exists() -> bool:
    return savegame.exists(game=GAME)


def clear() -> bool:
    return savegame.clear(game=GAME)


def mtime() -> float:
    return savegame.mtime(game=GAME)


def load(with_ui: bool = False):
    """(state, setup, log, problem[, ui]): ``savegame.load`` for Twilight Struggle."""
    return savegame.load(game=GAME, with_ui=with_ui)


def summary(raw=None) -> str:
    """One line for the title screen: which game, turn and score (no secrets), from a save
    that ``savegame.check`` accepted."""
    if raw is None:
        raw, problem = savegame.read(GAME)
        if problem or raw is None:
            return "Twilight Struggle (the save is damaged)"
    st = raw["state"]
    score = vp_text(st["vp"]) if st["vp"] else "VP 0"
    setup = raw["setup"]
    who = "2 players" if setup["mode"] == "hotseat" else f"you {setup['human']}"
    return f"Twilight Struggle · turn {st['turn']} · {score} · {who}"
