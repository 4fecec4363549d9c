"""Game records: every game that ends on the couch is kept, and any record can be replayed.

A record is one JSON file in the user data folder's ``records`` folder (docs/saves.md):

    {"record_version": 1, "game": "struggle", "rules_version": 1, "program": "0.9.0",
     "options": {...}, "seed": 123, "start": STATE or absent, "mode": "computer",
     "players": {"USSR": {"kind": "human", "name": "You"}, "USA": {"kind": "computer",
                 "level": "hard", "name": "Computer (hard)"}},
     "started": "2026-12-07T19:00:00Z", "ended": "2026-12-07T19:41:12Z",
     "moves": [{"index": 3, "player": "USSR", "option": {"mode": "influence", ...}}, ...],
     "result": {"winner": "USSR", "reason": "...", ...}, "final": "sha256 hex"}

The game starts from ``new(seed, options)`` unless ``start`` holds the position it started from
(a lesson's prepared dice, a game continued from a position, a save older than records).  Each
move is the ``index`` of the option chosen, with the deciding side and the option itself (its
label and warnings left out: ``option_key``) so that a replay can say where a record and the
engine part ways.  ``final`` is the SHA-256 of the final state (JSON, keys sorted).

The engine knows nothing of records; the framework session calls ``decided`` after each of its
decisions and ``undone`` after an undo, and keeps the record being written in ``session.ui``
(so the autosave carries it and a continued game's record is whole).  Nothing here imports
pygame.
"""

from __future__ import annotations

import copy
import datetime
import hashlib
import json
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from squabble import userdata
from squabble.games import registry

RECORD_VERSION = 1
#: the rules each engine plays, by number: raise a game's number when a change to its engine
#: makes an older record replay differently (an older record is then refused with a sentence)
RULES_VERSION = {"squabble": 1, "struggle": 1}
FOLDER = "records"
TITLES = {"squabble": "Twilight Squabble", "struggle": "Twilight Struggle"}
#: what an option says in words or as a preview: left out of the record's copy of it
PROSE_KEYS = ("label", "risk", "warning", "milops_short")
MAX_MOVES = 20000
KEYS = {"record_version", "game", "rules_version", "program", "options", "seed", "start",
        "mode", "players", "started", "ended", "moves", "result", "final", "abandoned",
        "deal", "game_id"}


def now_text() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def digest(state: dict) -> str:
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def option_key(option: dict) -> dict:
    """The option as the record keeps it: what it does, not how it is worded."""
    return {k: v for k, v in option.items() if k not in PROSE_KEYS}


def players_of(setup: dict, sides) -> dict:
    """Who played each side, from a couch set-up."""
    mode, human = setup.get("mode"), setup.get("human")
    out = {}
    for side in sides:
        if mode == "hotseat":
            out[side] = {"kind": "human", "name": "Player 1" if side == human else "Player 2"}
        elif side == human:
            out[side] = {"kind": "human", "name": "You"}
        else:
            level = setup.get("level", "normal")
            out[side] = {"kind": "computer", "level": level, "name": f"Computer ({level})"}
    return out


def result_of(game: str, state: dict) -> dict:
    """How the game ended, in the state's own terms."""
    out = {"winner": state.get("winner")}
    if game == "struggle":
        out.update(reason=state.get("end_reason"), vp=state.get("vp"), turn=state.get("turn"))
    else:
        out.update(reason=state.get("result"), era=state.get("era"), bop=state.get("bop"))
    return out


# -- writing a record while a game is played -------------------------------------------------
def begin(adapter, state: dict, setup: dict, seed=None) -> dict:
    """A record starting at ``state`` (the position before the first decision it will hold)."""
    options = setup.get("options") or None
    rec = {"record_version": RECORD_VERSION, "game": adapter.name,
           "rules_version": RULES_VERSION[adapter.name], "program": _program(),
           "options": options or {}, "seed": seed, "mode": setup.get("mode"),
           "players": players_of(setup, adapter.sides), "started": now_text(), "moves": []}
    fresh = None
    if isinstance(seed, int):
        try:
            fresh = adapter.new(seed, options)
        except ValueError:
            fresh = None
    if fresh is None or digest(fresh) != digest(state):
        rec["start"] = adapter.copy(state)
    return rec


def _program() -> str:
    from squabble import __version__
    return __version__


def _recording(session) -> bool:
    return session.mode in ("computer", "hotseat") and isinstance(getattr(session, "ui", None),
                                                                  dict)


def decided(session, decision: dict, index: int, before: dict) -> None:
    """The framework session's hook after each decision (``before``: the state it was made
    in).  Adds the move to the record in ``session.ui``; when the game has ended, the record is
    finished and kept in the data folder (a failure to write says so in ``last_error``)."""
    if not _recording(session):
        return
    rec = session.ui.get("record")
    if not isinstance(rec, dict):
        rec = session.ui["record"] = begin(session.game, before, session.setup,
                                           getattr(session, "seed", None))
    rec["moves"].append({"index": index, "player": decision["player"],
                         "option": option_key(decision["options"][index])})
    if session.state.get("winner") is not None:
        finish(rec, session.state)
        session.ui.pop("record", None)
        try:
            session.kept_record = keep(rec)
        except OSError as e:
            session.last_error = (f"The finished game could not be kept "
                                  f"({e.strerror or type(e).__name__}).")


def undone(session) -> None:
    """The framework session's hook after an undo: its record loses its last move."""
    rec = getattr(session, "ui", {}).get("record") if _recording(session) else None
    if isinstance(rec, dict) and rec.get("moves"):
        rec["moves"].pop()


def finish(rec: dict, state: dict, abandoned: bool = False) -> dict:
    rec["ended"] = now_text()
    rec["result"] = result_of(rec["game"], state)
    rec["final"] = digest(state)
    if abandoned:
        rec["abandoned"] = True
    return rec


def keep_abandoned(session) -> Path | None:
    """Keep the record of a game left unfinished (only when its player asks): the game so far,
    its result open.  None when there is nothing to keep."""
    if not _recording(session):
        return None
    rec = session.ui.get("record")
    if not isinstance(rec, dict) or not rec.get("moves"):
        return None
    rec = json.loads(json.dumps(rec))
    return keep(finish(rec, session.state, abandoned=True))


def keep(rec: dict) -> Path:
    """Write ``rec`` as a new file of the records folder; raises OSError."""
    folder = userdata.data_dir(create=True) / FOLDER
    folder.mkdir(exist_ok=True)
    stamp = rec.get("ended", now_text()).replace(":", "").replace("-", "")
    name = f"{FOLDER}/{rec['game']}-{stamp}-{secrets.token_hex(3)}.json"
    return userdata.write_json(name, rec)


# -- reading -----------------------------------------------------------------------------------
def read(path) -> tuple[dict | None, str]:
    """(record, '') or (None, one sentence saying why the file is not a record to replay)."""
    p = Path(path)
    try:
        raw = userdata.read_json(str(p.absolute()), missing=None)
    except ValueError as e:
        return None, f"{p.name} cannot be read: {e}."
    if raw is None:
        return None, f"There is no file {p}."
    why = problem(raw)
    return (None, why) if why else (raw, "")


def problem(rec) -> str | None:
    """None if ``rec`` has a record's shape and rules this program plays, else one sentence."""
    if not isinstance(rec, dict):
        return "The file is not a game record (it holds no JSON object)."
    if rec.get("record_version") != RECORD_VERSION:
        return (f"The file is not a game record this program reads (record version "
                f"{rec.get('record_version')!r}; it reads version {RECORD_VERSION}).")
    game = rec.get("game")
    if game not in registry.GAMES:
        return f"The record names no game this program plays ({str(game)[:40]!r})."
    have = RULES_VERSION[game]
    if rec.get("rules_version") != have:
        return (f"This record was played under rules version {rec.get('rules_version')!r} of "
                f"{TITLES[game]}, and this program plays version {have}, so it cannot be "
                f"replayed.")
    extra = sorted(set(rec) - KEYS)
    if extra:
        return f"The record holds a field no record has ({str(extra[0])[:40]!r})."
    moves = rec.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        return f"The record's 'moves' must be a list of at most {MAX_MOVES} moves."
    for n, m in enumerate(moves, 1):
        if not (isinstance(m, dict) and type(m.get("index")) is int and m["index"] >= 0
                and isinstance(m.get("option", {}), dict)):
            return f"Move {n} of the record is not a move (an 'index' of 0 or more)."
    if "start" not in rec and type(rec.get("seed")) is not int:
        return "The record has neither a seed nor a starting position."
    if not isinstance(rec.get("options") or {}, dict):
        return "The record's 'options' must be an object."
    for key, kind, what in (("players", dict, "an object"), ("result", dict, "an object"),
                            ("started", str, "a date"), ("ended", str, "a date"),
                            ("final", str, "a digest"), ("mode", str, "a word")):
        if rec.get(key) is not None and not isinstance(rec[key], kind):
            return f"The record's '{key}' must be {what}."
    players = rec.get("players") or {}
    if not all(isinstance(p, dict) for p in players.values()):
        return "Each of the record's 'players' must be an object."
    return None


# -- replaying ---------------------------------------------------------------------------------
@dataclass
class Step:
    """One decision of a replay: the state it was made in, the decision, the option chosen and
    the log lines it gave (``LogLine``s: text, kind, data)."""
    state: dict | None
    decision: dict
    index: int
    lines: list = field(default_factory=list)


@dataclass
class Replay:
    ok: bool
    message: str            # "verified", or the one sentence saying where it parts ways
    game: str = ""
    start: dict | None = None
    final: dict | None = None
    steps: list = field(default_factory=list)
    failed_at: int | None = None   # the 1-based number of the first move that differs
    deal: str = ""          # ``verify``'s word on a server's deal


def start_state(rec: dict):
    """(adapter, the state the record starts from); ValueError with a sentence."""
    adapter = registry.get(rec["game"])
    if "start" in rec:
        from squabble.protocol import load_state, ProtocolError
        try:
            _, st = load_state(rec["start"])
        except ProtocolError as e:
            raise ValueError(f"The record's starting position cannot be loaded: {e}") from None
        return adapter, st
    try:
        return adapter, adapter.new(rec["seed"], rec.get("options") or None)
    except ValueError as e:
        raise ValueError(f"The record's options are refused: {e}") from None


def pending(adapter, state: dict):
    """The decision to answer in ``state`` without the warnings and risks the window shows
    (Twilight Struggle works them out on redeals: far too slow for a replay of every decision;
    ``option_key`` leaves them out anyway); None when the game has ended."""
    if adapter.name != "struggle":
        return adapter.decision(state)
    if state.get("winner") is not None or not state.get("pending"):
        return None
    return copy.deepcopy(state["pending"])


def _describe_option(option: dict) -> str:
    label = option.get("label")
    return repr(label) if label else json.dumps(option_key(option), sort_keys=True)


def replay(rec: dict, keep_states: bool = False, keep_steps: bool = True,
           log_for=None) -> Replay:
    """Play ``rec`` again with the engine, checking each decision (who decides, that the index
    is one of the options, that the option is the one recorded), then the result and the final
    state.  Never raises for a bad record: ``ok`` False and one sentence.  ``log_for(state)``
    gives the list each step's log lines go to (the export's notes the phase of each line)."""
    why = problem(rec)
    if why:
        return Replay(False, why)
    try:
        adapter, state = start_state(rec)
    except ValueError as e:
        return Replay(False, str(e), rec["game"])
    out = Replay(False, "", rec["game"], start=adapter.copy(state) if keep_states else None)
    for n, move in enumerate(rec["moves"], 1):
        d = pending(adapter, state)
        if d is None:
            return _fail(out, n, f"Decision {n} differs: the record goes on after the game "
                                 f"ended.")
        if move.get("player", d["player"]) != d["player"]:
            return _fail(out, n, f"Decision {n} differs: the record has the {move['player']} "
                                 f"decide, but it is the {d['player']}'s decision.")
        i = move["index"]
        if i >= len(d["options"]):
            return _fail(out, n, f"Decision {n} differs: the record chose option {i}, but the "
                                 f"{d['player']} has only {len(d['options'])} options there.")
        if "option" in move and _canon(option_key(d["options"][i])) != _canon(move["option"]):
            return _fail(out, n, f"Decision {n} differs: the record's option {i} is "
                                 f"{json.dumps(move['option'], sort_keys=True)[:80]}, but the "
                                 f"engine's is {_describe_option(d['options'][i])[:80]}.")
        before = adapter.copy(state) if keep_states else None
        log: list = log_for(state) if log_for else []
        try:
            adapter.apply_index(state, i, log)
        except Exception as e:   # an engine that fails on a record must not crash a replay
            why = str(e).strip().rstrip(".")[:120]
            return _fail(out, n, f"Decision {n} cannot be played again: the engine refuses it"
                                 + (f" ({why})." if why else "."))
        if keep_steps:
            out.steps.append(Step(before, d, i, log))
    out.final = state
    if "result" in rec and not rec.get("abandoned"):
        got = result_of(rec["game"], state)
        want = rec["result"]
        if not isinstance(want, dict) or want.get("winner") != got["winner"]:
            won = want.get("winner") if isinstance(want, dict) else None
            return _fail(out, None, f"The result differs: the record says {won or 'nobody'} "
                                    f"won, the replay ends with {got['winner'] or 'nobody'} "
                                    f"winning.")
    if "final" in rec and rec["final"] != digest(state):
        return _fail(out, None, "The final position differs from the one the record was "
                                "kept with.")
    out.ok, out.message = True, "verified"
    return out


def verify(rec: dict, keep_steps: bool = False) -> Replay:
    """``replay``, and for a record a server dealt (its ``deal``: online/fair.py) the deal's
    check: the reveal matches the commitment every update carried and, with the players'
    contributions, gives the record's seed.  ``deal`` on the answer: "Deal verified" or the
    sentence saying what does not match; "" for a record no server dealt."""
    out = replay(rec, keep_steps=keep_steps)
    out.deal = ""
    if isinstance(rec, dict) and "deal" in rec:
        from squabble.online import fair
        why = fair.check(rec["deal"], rec.get("seed"))
        out.deal = why or "Deal verified"
        if why and out.ok:
            out.ok, out.message = False, why
    return out


def _canon(x) -> str:
    return json.dumps(x, sort_keys=True, separators=(",", ":"))


def _fail(out: Replay, n, message: str) -> Replay:
    out.ok, out.message, out.failed_at = False, message, n
    return out


# -- the list of finished games ----------------------------------------------------------------
@dataclass
class Kept:
    """One kept record as the Finished games list shows it."""
    path: Path
    game: str
    sides: str
    result: str
    date: str
    length: str
    problem: str = ""
    deal: str = ""          # a server's deal: "Deal verified" or what does not match


def summary(path: Path, rec) -> Kept:
    why = problem(rec)
    if why:
        return Kept(path, "?", "", "", "", "", why)
    game = rec["game"]
    players = rec.get("players") or {}
    sides = ", ".join(f"{s}: {p.get('name', '?')}" for s, p in players.items()
                      if isinstance(p, dict))
    res = rec.get("result") or {}
    if rec.get("abandoned"):
        result = "Left unfinished"
    elif res.get("winner"):
        result = f"{res['winner']} won"
    else:
        result = "Unknown"
    date = str(rec.get("ended") or rec.get("started") or "")[:16].replace("T", " ")
    n = len(rec["moves"])
    where = (f"turn {res.get('turn')}" if game == "struggle" and res.get("turn")
             else f"era {res.get('era')}" if res.get("era") else "")
    length = f"{n} decisions" + (f", {where}" if where else "")
    deal = ""
    if "deal" in rec:   # (the hash alone: quick enough for a list; opening it replays it)
        from squabble.online import fair
        deal = fair.check(rec["deal"], rec.get("seed")) or "Deal verified"
    return Kept(path, game, sides, result, date, length, deal=deal)


def kept(limit: int = 500) -> list[Kept]:
    """The kept records, newest first (a file that is not a record is listed with its
    problem, never dropped silently, never a crash)."""
    try:
        folder = userdata.data_dir(create=False) / FOLDER
        names = [p for p in folder.iterdir() if p.suffix == ".json"]
    except (OSError, RuntimeError):
        return []

    def when(p):
        try:
            return os.stat(p).st_mtime
        except OSError:
            return 0.0
    names.sort(key=lambda p: (when(p), p.name), reverse=True)
    out = []
    for p in names[:limit]:
        rec, why = read(p)
        out.append(summary(p, rec) if rec is not None
                   else Kept(p, "?", "", "", "", "", why))
    return out


def online_record(rec) -> dict:
    """A finished online game (the server's record) as a game record (squabble/records.py):
    its options, seed, moves in force with who made each, the result, the final state's digest
    and the deal (commitment, reveal, contributions) to check."""
    from squabble import __version__
    out = {"record_version": RECORD_VERSION, "game": rec.game,
           "rules_version": RULES_VERSION[rec.game], "program": __version__,
           "game_id": rec.id, "options": dict(rec.options), "seed": rec.seed,
           "mode": "online",
           "players": {s: {"kind": "online", "name": s} for s in sorted(rec.seats)},
           "ended": now_text(),
           "moves": [{"index": i, "player": s} for i, s in zip(rec.moves, rec.move_seats)],
           "result": result_of(rec.game, rec.state),
           "final": digest(rec.state)}
    if rec.deal:
        out["deal"] = {k: rec.deal[k] for k in ("commitment", "reveal", "contributions")}
    return out
