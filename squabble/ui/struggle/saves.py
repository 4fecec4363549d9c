"""The Struggle autosave: ``ui/savegame.py``'s ``GameSaves`` for Twilight Struggle, plus the title
line.

The file is ``save-struggle.json``, written the
same way (a unique temporary file, flushed, renamed); a save that cannot be written is reported
once through ``savegame``'s reporter.  Continue reads it through ``SAVES.load`` — the same
check as the protocol's ``load`` plus the window's fields, the log's lines included — so a
damaged or incompatible file gives a clear sentence, is kept aside as ``*.bad.json`` and never
crashes the window.
"""

from __future__ import annotations

from squabble.ui import savegame
from squabble.ui.struggle.prompts import vp_text

GAME = "struggle"


def _options_problem(options) -> str | None:
    from squabble.games.struggle import parse_options
    try:
        parse_options(options)
    except ValueError:
        return "its game set-up is damaged (its 'options' are not the game's options)"
    return None


#: the autosave: no attract mode is saved; the set-up's flags are the first-game guide and the
#: lesson (Learn to play, ``tutorial.py``); the log keeps each line's kind and data
SAVES = savegame.GameSaves(GAME, "Twilight Struggle", flags=("guide", "tutorial"),
                           modes=("computer", "hotseat"), options_problem=_options_problem,
                           rich_log=True, levels=("easy", "normal", "hard", "expert"))
FILE = SAVES.file


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
    return SAVES.write(session.state, session.setup, log, ui=getattr(session, "ui", None))


def exists() -> bool:
    return SAVES.exists()


def clear() -> bool:
    return SAVES.clear()


def mtime() -> float:
    return SAVES.mtime()


def load(with_ui: bool = False):
    """(state, setup, log, problem[, ui]): ``SAVES.load`` (``savegame.GameSaves``)."""
    return SAVES.load(with_ui=with_ui)


def summary(raw=None) -> str:
    """One line for the title screen: which game, turn and score (no secrets), from a save
    that ``SAVES.check`` accepted."""
    if raw is None:
        raw, problem = SAVES.read()
        if problem or raw is None:
            return "Twilight Struggle (the save is damaged)"
    st = raw["state"]
    score = vp_text(st["vp"]) if st["vp"] else "VP 0"
    setup = raw["setup"]
    who = "2 players" if setup["mode"] == "hotseat" else f"you {setup['human']}"
    return f"Twilight Struggle · turn {st['turn']} · {score} · {who}"
