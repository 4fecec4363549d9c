"""One online game as the server plays it: pure functions over a stored game record, no sockets
and no database (issue 52).

A game is its registry name, its options, the server's secret seed and the list of moves (option
indexes) in force; the state is what the engine makes of them.  What leaves the server is built
here: a seat's view and decision (``seat_message``), the spectators' public view
(``public_view``), and the log lines a seat may read (the engine's text lines, as the seated
engine protocol gives them).  The seed and the generator's state never leave this module's
callers: every view zeroes them."""

from __future__ import annotations

import json
import dataclasses

from squabble import turn
from squabble.games import registry
from squabble.games.logline import LogLine, data_of, kind_of
from squabble.protocol import seen_decision

SIDES = ("USA", "USSR")
OTHER = {"USA": "USSR", "USSR": "USA"}


_ADAPTERS: dict = {}


def adapter(name: str):
    if name not in _ADAPTERS:
        _ADAPTERS[name] = registry.get(name)
    return _ADAPTERS[name]


def new_seed() -> int:
    """The seed of a new game: the rulebook's secret seed (``turn.secret_seed``, as the seated
    engine protocol's)."""
    return turn.secret_seed()


def check_options(name: str, options) -> dict:
    """``options`` for ``new`` of game ``name`` (ValueError with one sentence if the engine
    refuses them); a game is made and dropped to let the engine itself judge them."""
    if not isinstance(options, dict):
        raise ValueError("'options' must be an object.")
    if "test_setup" in options:
        raise ValueError("Unknown option 'test_setup'.")
    adapter(name).new(0, dict(options))
    return dict(options)


def replay(name: str, seed: int, options: dict, moves: list) -> dict:
    """The state after ``moves`` (option indexes) from the start of the game."""
    game = adapter(name)
    state = game.new(seed, dict(options))
    for i in moves:
        game.apply_index(state, i, [])
    return state


# The kinds of log line whose data only restate what the line's text says (a side, a country, a
# die, a card the text names): a seat's window animates them from the data, as against the
# computer.  A line of any other kind crosses the wire as a "note" with no data, so that nothing a
# seat may not see can ride along with a line it may read.
PUBLIC_KINDS = frozenset({
    # Twilight Squabble
    "advance", "agents", "claim", "counter", "decline", "end", "era", "event", "leader",
    "measure", "move", "no_counters", "pass", "play", "race", "replace", "return_tokens",
    "reveal", "shift", "take_token", "tokens",
    # Twilight Struggle
    "coup", "defcon", "event_note", "headline", "influence", "note", "realign", "score",
    "space", "space_advance", "turn", "vp"})


def wire_lines(log) -> list:
    """The text lines of ``log`` as they leave the server: ``LogLine``s whose kind and data are
    kept only for ``PUBLIC_KINDS`` (markers, lines with no text, are left out)."""
    out = []
    for x in log:
        if str(x):
            k = kind_of(x)
            out.append(LogLine(str(x), k, **data_of(x)) if k in PUBLIC_KINDS else
                       LogLine(str(x)))
    return out


def opening_lines(rec) -> list:
    """The log's first lines, said by the game's set-up (Twilight Squabble: era 1 begins, its
    Event revealed), as they leave the server: no event stores them, so a window's first
    update and a resume of the whole log carry them from here."""
    return wire_lines(adapter(rec.game).opening(rec.seed, dict(rec.options)))


def line_kinds(lines) -> list:
    """[{"kind", "data"}] of ``lines`` (plain strings: notes), in order: the update's ``kinds``."""
    return [{"kind": kind_of(x), "data": normal(data_of(x))} for x in lines]


def turns_of(rec) -> turn.Turns:
    """The game of ``rec`` as the rulebook of a turn holds it (squabble/turn.py)."""
    return turn.Turns(rec.state, tuple(rec.moves), tuple(rec.move_seats), rec.undo_base,
                      rec.undo_state)


def with_turns(rec, turns: turn.Turns, version: int):
    """``rec`` (unchanged) with the game as ``turns`` holds it, at ``version``."""
    return dataclasses.replace(rec, state=turns.state, moves=list(turns.moves),
                               move_seats=list(turns.seats), undo_base=turns.base,
                               undo_state=turns.base_state, version=version,
                               winner=turns.state.get("winner"))


def play(rec, index, side: str, decision=None):
    """(the record after ``side``'s option ``index`` at the next version, its log lines as they
    leave the server with the state at each, ``snaps``); ValueError with one sentence when the
    rulebook refuses it.  ``rec`` is not changed: the caller stores the new record first."""
    played = turn.play(adapter(rec.game), turns_of(rec), index, side=side, decision=decision,
                       log_for=lambda state: _SnapLog(state, adapter(rec.game).copy))
    lines = _Lines(wire_lines(played.log))
    lines.snaps = played.log.snaps   # the state at each line: the update's per-line views
    return with_turns(rec, played.turns, rec.version + 1), lines


def undo(rec, side: str):
    """The record after ``side`` takes back its newest decision, at the next version (the
    rulebook's snapshot with the side's earlier undoable moves played again: never a replay
    of the whole game); ValueError with one sentence if it may not."""
    base = rec.undo_base
    turns, _ = turn.undo(adapter(rec.game), turns_of(rec), side,
                         start=lambda: replay(rec.game, rec.seed, rec.options, rec.moves[:base]))
    return with_turns(rec, turns, rec.version + 1)


class _Lines(list):
    snaps: list = []


# A move of more lines than this sends no per-line views (``steps``): its beats show the state
# after the move, as the final view (the message's size stays bounded).
MAX_STEPS = 40


def _SnapLog(state: dict, copy):
    """A log that keeps the engine's state at each text line (``snaps``, one per line that
    ``wire_lines`` keeps; None past ``MAX_STEPS`` lines)."""
    return turn.SnapLog(state, copy, text_only=True, limit=MAX_STEPS)


def line_states(name: str, state: dict, index: int) -> list:
    """The engine's state at each line of option ``index``'s move from ``state`` (the lines
    ``play`` gives, in order; None past ``MAX_STEPS``)."""
    game = adapter(name)
    after = game.copy(state)
    log = _SnapLog(after, game.copy)
    game.apply_index(after, index, log)
    return log.snaps


def steps(name: str, snaps, seat) -> list | None:
    """The per-line views an update carries: ``seat``'s view (None: a spectator, the public view)
    of the state at each line, or None when there are none or too many (the beats then show the
    update's final view)."""
    texts = steps_text(name, snaps, seat)
    return None if texts is None else [json.loads(t) for t in texts]


def steps_text(name: str, snaps, seat) -> list | None:
    """``steps`` as the server sends them: each view's JSON text, encoded once."""
    if not snaps or len(snaps) > MAX_STEPS or any(x is None for x in snaps):
        return None
    if seat is None:
        return [json.dumps(public_view(name, x)) for x in snaps]
    return [seat_view_text(name, x, seat) for x in snaps]


def seat_view_text(name: str, state: dict, seat: str) -> str:
    """The JSON text of ``seat``'s view of ``state`` (``turn.seat_view``), made without copying
    the state where the engine can (its ``shared_view``: the same JSON)."""
    game = adapter(name)
    shared = getattr(game, "shared_view", None)
    if shared is None:
        return json.dumps(turn.seat_view(game, state, seat))
    return json.dumps(game.protocol_state(shared(state, seat)))


def message_text(name: str, state: dict, seat: str | None, decision, winner) -> str:
    """``seat_message`` (None: ``spectator_message``) as the server sends it, the JSON text of
    its fields without the braces: ``decision`` the engine's decision of ``state`` (None on a
    fallen clock), ``winner`` the game's."""
    view = seat_view_text(name, state, seat) if seat is not None else \
        json.dumps(public_view(name, state))
    return (f'"state": {view}, "decision": {json.dumps(seen_decision(decision, seat))}, '
            f'"winner": {json.dumps(winner)}')


def seat_message(name: str, state: dict, seat: str, decision=False) -> dict:
    """What ``seat`` may see of ``state``: its view, the decision (the other side's with no
    options), the winner.  ``decision``: the engine's decision of ``state`` if the caller
    already has it."""
    game = adapter(name)
    view = turn.seat_view(game, state, seat)
    if decision is False:
        decision = game.decision(state)
    return normal({"state": view, "decision": seen_decision(decision, seat),
                   "winner": state.get("winner")})


def public_view(name: str, state: dict) -> dict:
    """What a spectator may see: each side's parts as the other side sees them, anything the
    two views disagree on elsewhere dropped."""
    game = adapter(name)
    us = normal(game.protocol_state(game.view(state, "USA")))
    su = normal(game.protocol_state(game.view(state, "USSR")))
    return _merge(us, su)


def spectator_message(name: str, state: dict, decision=False) -> dict:
    d = adapter(name).decision(state) if decision is False else decision
    return {"state": public_view(name, state), "decision": seen_decision(d, None),
            "winner": state.get("winner")}


def _merge(us, su):
    """``us`` is the USA's view, ``su`` the USSR's.  Under a key "USA" the USSR's view is taken
    (it hides the USA's secrets), under "USSR" the USA's; elsewhere equal parts are kept, dicts
    merged key by key (a key only one view has is dropped), lists cut to the items both views
    hold, and other differences become null."""
    if us == su:
        return us
    if isinstance(us, dict) and isinstance(su, dict):
        out = {}
        for k in us:
            if k not in su:
                continue
            if k == "USA":
                out[k] = su[k]
            elif k == "USSR":
                out[k] = us[k]
            else:
                out[k] = _merge(us[k], su[k])
        return out
    if isinstance(us, list) and isinstance(su, list):
        rest = list(su)
        out = []
        for x in us:
            if x in rest:
                rest.remove(x)
                out.append(x)
        return out
    return None


def normal(x):
    """``x`` as it crosses the wire (JSON and back)."""
    return json.loads(json.dumps(x))


def can_undo(rec, seat: str) -> bool:
    """May ``seat`` take back its newest decision now (the rulebook of a turn)?"""
    return turns_of(rec).may_undo(seat)
