"""Autosave and Continue: one JSON file per game in the user data folder, checked before use.

A save is ``{"save_version", "game", "state", "setup", "log"}``.  ``game`` names the rules
engine (``"squabble"`` when absent, as in saves made before there were two games); the file of
Twilight Squabble keeps its old name ``save.json``, another game's is ``save-<game>.json``.
A save is untrusted data.  It is resumed only if it passes the same check as the engine
protocol's ``load`` (the engine's own consistency check and the protocol's limits) plus the
window's own fields, each checked before it is used (``check``); anything else is refused with a
sentence and the file is set aside (``save.bad.json``), so it is never offered again.  Both games
go through ``load`` here (Twilight Struggle's ``ui/struggle/saves.py`` adds only its title line).

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
STRUGGLE_SETUP_KEYS = dict(SETUP_KEYS, mode=("computer", "hotseat"))
#: the set-up's true-or-false fields besides those: Squabble's Event deck; Struggle's first-game
#: guide and its lesson (Learn to play, ``ui/struggle/tutorial.py``).  Whatever a game's set-up
#: screen starts, its save accepts (tests/ui/test_saves_every_start.py).
SETUP_FLAGS = {"squabble": ("events",), "struggle": ("guide", "tutorial")}
MAX_LOG = 6000         # lines kept in a save's log (Squabble writes 80; Struggle the whole game,
                       # at most the session's MAX_LOG of 6000)
MAX_LOG_TEXT = 2000    # characters in one line of it
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


def write(state: dict, setup: dict, log: list, *, game: str = "squabble",
          ui: dict | None = None) -> bool:
    """Autosave; True if the game is on disk.  ``log`` holds strings (Twilight Squabble) or
    ``{"text","kind","data"}`` objects (Twilight Struggle); ``ui``: what the window remembers
    of the game (``Session.ui``: the guide's notes shown, the change badges not yet read)."""
    payload = {"save_version": SAVE_VERSION, "game": game, "state": state, "setup": setup,
               "log": list(log[-80:]) if game == "squabble" else list(log)}
    if ui:
        payload["ui"] = ui
    try:
        try:
            userdata.write_json(file_for(game), payload)
        except (TypeError, ValueError):  # a log datum JSON cannot hold: save without the log
            userdata.write_json(file_for(game), dict(payload, log=[]))
    except OSError as e:
        _report("the autosave failed", e)
        return False
    return True


def exists(*, game: str = "squabble") -> bool:
    """Something stands where the game's save is kept (Continue is offered for it; if it is
    not a save that can be resumed, Continue says why and sets it aside)."""
    return userdata.present(file_for(game))


def mtime(*, game: str = "squabble") -> float:
    return userdata.mtime(file_for(game))


def clear(*, game: str = "squabble") -> bool:
    """Forget the autosave (the game ended).  Never raises; True if no save is left."""
    try:
        userdata.remove(file_for(game))
    except OSError as e:
        _report("the finished game's autosave could not be removed", e)
        return False
    return True


def _setup_problem(setup, game: str) -> str | None:
    keys = STRUGGLE_SETUP_KEYS if game == "struggle" else SETUP_KEYS
    if not isinstance(setup, dict):
        return "its game set-up is missing"
    for k, allowed in keys.items():
        if setup.get(k) not in allowed or isinstance(setup.get(k), bool):
            return f"its game set-up is damaged (its {k!r} is not one of the choices)"
    flags = SETUP_FLAGS.get(game, ())
    extra = sorted(set(setup) - set(keys) - {"options"} - set(flags))
    if extra:
        return f"its game set-up is damaged (it has an unknown {extra[0][:40]!r})"
    for k in flags:
        if k in setup and not isinstance(setup[k], bool):
            return f"its game set-up is damaged (its {k!r} is not true or false)"
    if game == "squabble":
        if "options" in setup and setup["options"] not in ({"events": True}, {"events": False}):
            return "its game set-up is damaged (its 'options' are not the Event deck's)"
    elif "options" in setup:
        from squabble.games.struggle import parse_options
        try:
            parse_options(setup["options"])
        except ValueError:
            return "its game set-up is damaged (its 'options' are not the game's options)"
    return None


def _log_problem(log, game: str) -> str | None:
    if not isinstance(log, list) or len(log) > MAX_LOG:
        return f"its game log is damaged (not a list of at most {MAX_LOG} lines)"
    for i, x in enumerate(log, 1):
        if game == "struggle" and isinstance(x, dict):
            if (set(x) != {"text", "kind", "data"} or not isinstance(x["kind"], str)
                    or len(x["kind"]) > 40 or not isinstance(x["data"], dict)):
                return f"its game log is damaged (line {i} is not a text, a kind and data)"
            x = x["text"]
        if not isinstance(x, str) or len(x) > MAX_LOG_TEXT:
            return f"its game log is damaged (line {i} is not a line of text)"
    return None


def check(raw, game: str = "squabble") -> str | None:
    """None if ``raw`` (a parsed save file) can be resumed, else why not (a lower-case clause
    naming the field).  Every field is checked before it is used; the state gets exactly the
    check of the engine protocol's ``load``."""
    from squabble.protocol import load_problem
    if not isinstance(raw, dict):
        return "the file holds no saved game"
    if raw.get("save_version") != SAVE_VERSION or isinstance(raw.get("save_version"), bool):
        return "it was made by a different version of the game"
    stored = raw.get("game", "squabble")
    if stored != game:
        return f"it is not a {GAME_NAMES.get(game, game)} game"
    extra = sorted(set(raw) - {"save_version", "game", "state", "setup", "log", "ui"})
    if extra:
        return f"it has an unknown field {extra[0][:40]!r}"
    why = _setup_problem(raw.get("setup"), game)
    if why:
        return why
    state = raw.get("state")
    if not isinstance(state, dict) or state.get("game", game) != game:
        return "the game in it is damaged (it holds no game of the right kind)"
    why = load_problem(state)
    if why:
        why = why.removeprefix("Inconsistent state: ").rstrip(".")
        if why[1:2].islower():   # "The pending ..." -> "the pending ..." (not "USA ...")
            why = why[:1].lower() + why[1:]
        return f"the game in it is damaged ({why})"
    if state.get("winner") is not None:   # (``read`` removes such a save: no damage)
        return OVER
    return _log_problem(raw.get("log", []), game)


_MISSING = object()


def _over(raw, game: str) -> bool:
    """``raw`` is a sound save of ``game`` whose game has ended: ``check`` finds nothing wrong
    with it but that.  (A winner that is no side, or a damaged state, is damage.)"""
    if not isinstance(raw, dict) or not isinstance(raw.get("state"), dict):
        return False
    if raw["state"].get("winner") not in ("USA", "USSR", "draw"):
        return False
    return check(raw, game) == OVER


OVER = "that game is already over"


def forget_finished(game: str = "squabble") -> bool:
    """A save holding a game that has ended is no game to continue and no damage either (the
    window closed between the last decision and the removal): it is removed.  True if it was
    there; never raises."""
    try:
        raw = userdata.read_json(file_for(game), missing=_MISSING)
    except ValueError:
        return False
    if raw is _MISSING or not _over(raw, game):
        return False
    try:
        userdata.remove(file_for(game))
    except OSError as e:
        _report("the finished game's autosave could not be removed", e)
    return True


def read(game: str = "squabble"):
    """(raw, problem): the parsed file and, if it cannot be resumed, why ("could not be read:
    ..." or "could not be resumed: ...").  raw is ``None`` with no problem when there is no
    save, and when the save holds a game that has ended (it is removed: see
    ``forget_finished``).  Nothing is set aside here."""
    try:
        raw = userdata.read_json(file_for(game), missing=_MISSING)
    except ValueError as e:
        return _MISSING, f"could not be read: {e}"
    if raw is _MISSING:
        return None, None
    if _over(raw, game):
        forget_finished(game)
        return None, None
    problem = check(raw, game)
    return raw, problem and f"could not be resumed: {problem}"


MAX_UI_NAMES = 200     # guide topics or badge countries kept in a save's ``ui``


def _name(x) -> bool:
    return isinstance(x, str) and 0 < len(x) <= 60


def ui_part(ui) -> dict:
    """The save's ``ui`` as the window may use it: the guide's topics shown (names, or a
    Squabble phase's number) and the change badges (side -> country -> {"USA": n, "USSR": n}).
    It is only a memory for the screen, so whatever in it is not of that shape is left out (the
    game itself is resumed: at worst a guide note shows again or a badge is missing)."""
    out = {}
    if not isinstance(ui, dict):
        return out
    guide = ui.get("guide")
    if isinstance(guide, list) and len(guide) <= MAX_UI_NAMES:
        out["guide"] = [x for x in guide if _name(x) or type(x) is int and 0 <= x <= 99]
    badges = ui.get("badges")
    if isinstance(badges, dict):
        clean = {}
        for side in ("USA", "USSR"):
            got = badges.get(side)
            if not isinstance(got, dict) or len(got) > MAX_UI_NAMES:
                continue
            clean[side] = {c: {k: v[k] for k in ("USA", "USSR")}
                           for c, v in got.items()
                           if _name(c) and isinstance(v, dict) and set(v) == {"USA", "USSR"}
                           and all(type(v[k]) is int and abs(v[k]) <= 99 for k in v)}
        out["badges"] = clean
    return out


def _log_lines(log, game: str) -> list:
    if game != "struggle":
        return list(log)
    from squabble.games.logline import LogLine
    out = []
    for x in log:
        if isinstance(x, str):
            out.append(x)
            continue
        line = LogLine(x["text"], x["kind"])   # data set as a whole: any key is only data
        line.data = dict(x["data"])
        out.append(line)
    return out


def load(*, game: str = "squabble", with_ui: bool = False) -> tuple:
    """(state, setup, log, problem), and with ``with_ui`` the window's memory of the game as
    fifth (``ui_part``).  On any problem the file is set aside (never over an earlier kept copy)
    and problem says why, in a sentence for the player; an empty problem with no state means
    there is no save."""
    raw, problem = read(game)
    name = GAME_NAMES.get(game, game)
    if raw is None and problem is None:
        return (None, None, [], "") + (({},) if with_ui else ())
    if problem:
        bad = userdata.set_aside(file_for(game))
        return (None, None, [], (f"The saved {name} game {problem}."
                                 + (f" It was kept as {bad}." if bad else
                                    " It could not be moved aside."))) \
            + (({},) if with_ui else ())
    from squabble.protocol import load_state
    _, state = load_state(raw["state"])   # as the protocol loads it (a copy, normalised)
    out = (state, dict(raw["setup"]), _log_lines(raw.get("log", []), game), "")
    return out + ((ui_part(raw.get("ui")),) if with_ui else ())
