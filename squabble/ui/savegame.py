"""Autosave and Continue: one JSON file per game in the user data folder, checked before use.

A save is ``{"save_version", "game", "state", "setup", "log"}``.  ``game`` names the rules
engine (the first game's when absent, as in saves made before there were two games).  Each
game's screens make one ``GameSaves``: its file, what its set-up may hold and whether its log
keeps each line's kind and data (``ui/games.py`` lists the games); this module names no game.
A save is untrusted data.  It is resumed only if it passes the same check as the engine
protocol's ``load`` (the engine's own consistency check and the protocol's limits) plus the
window's own fields, each checked before it is used (``check``); anything else is refused with a
sentence and the file is set aside (``save.bad.json``), so it is never offered again.

Saving never ends the game: when the data folder cannot be written, ``GameSaves.write`` and
``clear`` return False and the reporter set with ``set_reporter`` is told once, in one sentence.
"""

from __future__ import annotations

from typing import Callable

from squabble import userdata

SAVE_VERSION = 1

#: the set-up fields every game's window keeps, and the values each accepts
SETUP_KEYS = {"mode": ("computer", "hotseat", "demo"), "human": ("USA", "USSR"),
              "level": ("easy", "normal", "hard")}
MAX_LOG = 6000         # lines kept in a save's log (Squabble writes 80; Struggle the whole game,
                       # at most the session's MAX_LOG of 6000)
MAX_LOG_TEXT = 2000    # characters in one line of it

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
    record = ui.get("record")   # the game's record so far (squabble/records.py)
    if isinstance(record, dict):
        from squabble import records
        if records.problem(record) is None:
            out["record"] = record
    return out



OVER = "that game is already over"
_MISSING = object()


class GameSaves:
    """The autosave of one game: ``name`` (the engine's), ``label`` (in sentences), ``file``
    (in the user data folder; the first game keeps the old ``save.json``), the set-up's
    true-or-false ``flags`` besides ``SETUP_KEYS`` (whatever the game's set-up screen starts, its
    save accepts: tests/ui/test_saves_every_start.py), the ``modes`` a saved game may be in,
    ``options_problem(options)`` (why the set-up's ``options`` are not the game's, or None) and
    ``rich_log``: its log's lines may be ``{"text","kind","data"}`` objects (else strings)."""

    def __init__(self, name: str, label: str, *, file: str | None = None, flags=(),
                 modes=SETUP_KEYS["mode"], options_problem=None, rich_log: bool = False,
                 levels=SETUP_KEYS["level"]):
        self.name, self.label = name, label
        self.file = file or f"save-{name}.json"
        self.flags = tuple(flags)
        self.keys = dict(SETUP_KEYS, mode=tuple(modes), level=tuple(levels))
        self.options_problem = options_problem or (lambda options: None)
        self.rich_log = rich_log

    def write(self, state: dict, setup: dict, log: list, *, ui: dict | None = None) -> bool:
        """Autosave; True if the game is on disk.  ``log`` holds strings, or (``rich_log``)
        ``{"text","kind","data"}`` objects; ``ui``: what the window remembers of the game
        (``Session.ui``: the guide's notes shown, the change badges not yet read)."""
        payload = {"save_version": SAVE_VERSION, "game": self.name, "state": state,
                   "setup": setup, "log": list(log)}
        if ui:
            payload["ui"] = ui
        try:
            try:
                userdata.write_json(self.file, payload)
            except (TypeError, ValueError):  # a log datum JSON cannot hold: save without the log
                userdata.write_json(self.file, dict(payload, log=[]))
        except OSError as e:
            _report("the autosave failed", e)
            return False
        return True

    def exists(self) -> bool:
        """Something stands where the game's save is kept (Continue is offered for it; if it is
        not a save that can be resumed, Continue says why and sets it aside)."""
        return userdata.present(self.file)

    def mtime(self) -> float:
        return userdata.mtime(self.file)

    def clear(self) -> bool:
        """Forget the autosave (the game ended).  Never raises; True if no save is left."""
        try:
            userdata.remove(self.file)
        except OSError as e:
            _report("the finished game's autosave could not be removed", e)
            return False
        return True

    def setup_problem(self, setup) -> str | None:
        if not isinstance(setup, dict):
            return "its game set-up is missing"
        for k, allowed in self.keys.items():
            if setup.get(k) not in allowed or isinstance(setup.get(k), bool):
                return f"its game set-up is damaged (its {k!r} is not one of the choices)"
        extra = sorted(set(setup) - set(self.keys) - {"options"} - set(self.flags))
        if extra:
            return f"its game set-up is damaged (it has an unknown {extra[0][:40]!r})"
        for k in self.flags:
            if k in setup and not isinstance(setup[k], bool):
                return f"its game set-up is damaged (its {k!r} is not true or false)"
        if "options" in setup:
            return self.options_problem(setup["options"])
        return None

    def log_problem(self, log) -> str | None:
        if not isinstance(log, list) or len(log) > MAX_LOG:
            return f"its game log is damaged (not a list of at most {MAX_LOG} lines)"
        for i, x in enumerate(log, 1):
            if self.rich_log and isinstance(x, dict):
                if (set(x) != {"text", "kind", "data"} or not isinstance(x["kind"], str)
                        or len(x["kind"]) > 40 or not isinstance(x["data"], dict)):
                    return f"its game log is damaged (line {i} is not a text, a kind and data)"
                x = x["text"]
            if not isinstance(x, str) or len(x) > MAX_LOG_TEXT:
                return f"its game log is damaged (line {i} is not a line of text)"
        return None

    def check(self, raw) -> str | None:
        """None if ``raw`` (a parsed save file) can be resumed, else why not (a lower-case
        clause naming the field).  Every field is checked before it is used; the state gets
        exactly the check of the engine protocol's ``load``."""
        from squabble.games.registry import GAMES
        from squabble.protocol import load_problem
        if not isinstance(raw, dict):
            return "the file holds no saved game"
        if raw.get("save_version") != SAVE_VERSION or isinstance(raw.get("save_version"), bool):
            return "it was made by a different version of the game"
        if raw.get("game", GAMES[0]) != self.name:
            return f"it is not a {self.label} game"
        extra = sorted(set(raw) - {"save_version", "game", "state", "setup", "log", "ui"})
        if extra:
            return f"it has an unknown field {extra[0][:40]!r}"
        why = self.setup_problem(raw.get("setup"))
        if why:
            return why
        state = raw.get("state")
        if not isinstance(state, dict) or state.get("game", self.name) != self.name:
            return "the game in it is damaged (it holds no game of the right kind)"
        why = load_problem(state)
        if why:
            why = why.removeprefix("Inconsistent state: ").rstrip(".")
            if why[1:2].islower():   # "The pending ..." -> "the pending ..." (not "USA ...")
                why = why[:1].lower() + why[1:]
            return f"the game in it is damaged ({why})"
        if state.get("winner") is not None:   # (``read`` removes such a save: no damage)
            return OVER
        return self.log_problem(raw.get("log", []))

    def _over(self, raw) -> bool:
        """``raw`` is a sound save whose game has ended: ``check`` finds nothing wrong with it
        but that.  (A winner that is no side, or a damaged state, is damage.)"""
        if not isinstance(raw, dict) or not isinstance(raw.get("state"), dict):
            return False
        if raw["state"].get("winner") not in ("USA", "USSR", "draw"):
            return False
        return self.check(raw) == OVER

    def forget_finished(self) -> bool:
        """A save holding a game that has ended is no game to continue and no damage either
        (the window closed between the last decision and the removal): it is removed.  True if
        it was there; never raises."""
        try:
            raw = userdata.read_json(self.file, missing=_MISSING)
        except ValueError:
            return False
        if raw is _MISSING or not self._over(raw):
            return False
        try:
            userdata.remove(self.file)
        except OSError as e:
            _report("the finished game's autosave could not be removed", e)
        return True

    def read(self):
        """(raw, problem): the parsed file and, if it cannot be resumed, why ("could not be
        read: ..." or "could not be resumed: ...").  raw is ``None`` with no problem when there
        is no save, and when the save holds a game that has ended (it is removed: see
        ``forget_finished``).  Nothing is set aside here."""
        try:
            raw = userdata.read_json(self.file, missing=_MISSING)
        except ValueError as e:
            return _MISSING, f"could not be read: {e}"
        if raw is _MISSING:
            return None, None
        if self._over(raw):
            self.forget_finished()
            return None, None
        problem = self.check(raw)
        return raw, problem and f"could not be resumed: {problem}"

    def log_lines(self, log) -> list:
        if not self.rich_log:
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

    def load(self, *, with_ui: bool = False) -> tuple:
        """(state, setup, log, problem), and with ``with_ui`` the window's memory of the game as
        fifth (``ui_part``).  On any problem the file is set aside (never over an earlier kept
        copy) and problem says why, in a sentence for the player; an empty problem with no
        state means there is no save."""
        raw, problem = self.read()
        if raw is None and problem is None:
            return (None, None, [], "") + (({},) if with_ui else ())
        if problem:
            bad = userdata.set_aside(self.file)
            return (None, None, [], (f"The saved {self.label} game {problem}."
                                     + (f" It was kept as {bad}." if bad else
                                        " It could not be moved aside."))) \
                + (({},) if with_ui else ())
        from squabble.protocol import load_state
        _, state = load_state(raw["state"])   # as the protocol loads it (a copy, normalised)
        out = (state, dict(raw["setup"]), self.log_lines(raw.get("log", [])), "")
        return out + ((ui_part(raw.get("ui")),) if with_ui else ())
