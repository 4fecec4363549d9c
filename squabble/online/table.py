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
import secrets
from squabble import undo
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
    """The seed of a new game: 64 bits from the operating system's cryptographic generator (the
    engines' generator state is 64 bits, so nothing smaller could be guessed from what a seat
    sees)."""
    return secrets.randbits(64)


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


def line_kinds(lines) -> list:
    """[{"kind", "data"}] of ``lines`` (plain strings: notes), in order: the update's ``kinds``."""
    return [{"kind": kind_of(x), "data": normal(data_of(x))} for x in lines]


def barrier(game, before: dict, after: dict, side: str, log: list, played) -> bool:
    """Did this decision roll a die, draw a card or reveal hidden information?  The couch's
    rule (squabble/undo.py)."""
    return undo.barrier(game, game.sides, before, after, side, log, played)


def apply_move(name: str, state: dict, index: int, decision=None):
    """(state after, log lines, the decision's player, barrier) of option ``index``; the state
    given is not changed.  ValueError if the index is not an option.  ``decision``: the
    engine's decision of ``state`` if the caller already has it."""
    game = adapter(name)
    d = decision if decision is not None else game.decision(state)
    if d is None:
        raise ValueError("The game is over: there is no decision to make.")
    if not (0 <= index < len(d["options"])):
        raise ValueError(f"There is no option {index}: the decision has "
                         f"{len(d['options'])} options (0 to {len(d['options']) - 1}).")
    after = game.copy(state)
    log = _SnapLog(after, game.copy)
    game.apply_index(after, index, log)
    played = d["options"][index].get("card")
    lines = _Lines(wire_lines(log))
    lines.snaps = log.snaps   # the state at each line: the update's per-line views (``steps``)
    return after, lines, d["player"], barrier(game, state, after, d["player"], list(log),
                                              played)


class _Lines(list):
    snaps: list = []


# A move of more lines than this sends no per-line views (``steps``): its beats show the state
# after the move, as the final view (the message's size stays bounded).
MAX_STEPS = 40


class _SnapLog(list):
    """A log that keeps the engine's state at each text line (``snaps``, one per line that
    ``wire_lines`` keeps; none past ``MAX_STEPS`` lines)."""

    def __init__(self, state: dict, copy):
        super().__init__()
        self.state, self._copy, self.snaps = state, copy, []

    def append(self, line):   # the engines only ever append
        super().append(line)
        if str(line):
            self.snaps.append(self._copy(self.state) if len(self.snaps) < MAX_STEPS else None)


def line_states(name: str, state: dict, index: int) -> list:
    """The engine's state at each line of option ``index``'s move from ``state`` (the lines
    ``apply_move`` gives, in order; None past ``MAX_STEPS``)."""
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
    game = adapter(name)
    if seat is None:
        return [json.dumps(public_view(name, x)) for x in snaps]
    return [json.dumps(game.protocol_state(game.view(x, seat))) for x in snaps]


def seat_message(name: str, state: dict, seat: str, decision=False) -> dict:
    """What ``seat`` may see of ``state``: its view, the decision (the other side's with no
    options), the winner.  ``decision``: the engine's decision of ``state`` if the caller
    already has it."""
    game = adapter(name)
    view = game.protocol_state(game.view(state, seat))
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
    """The couch rule: ``seat``'s own newest decision, since the last die, draw or reveal and
    while the other side has not decided since; never after the game ended."""
    return (rec.winner is None and len(rec.moves) > rec.undo_base
            and rec.move_seats[-1] == seat)
