"""The one rulebook of a turn (issue 58): a side's move applied, whether a seat may take its
decisions back, and the undo itself, for every game adapter of ``squabble.games.registry``.

The couch session (framework/session.py), the engine protocol (protocol.py, open and seated) and
the online server (online/server.py) all call this module; none of them decides these rules
itself.  It imports no pygame and no sockets, and knows the games only through their adapters.

Undo follows Board Game Arena's policy: a side may take back its own decisions made since the
last die roll, card draw or reveal of hidden information (``barrier``), and only while no other
side has decided since; never after the game ended.  The history is the game's moves (option
indexes) with one snapshot, the state at the last undo barrier (``Turns.base_state``): an undo
replays only the few moves made since it (issue 56, item 7: an undo costs what a move costs, not
a replay of the whole game)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace

NO_DECISION = "The game is over: there is no decision to make."


def kind_of(line) -> str:
    """A log line's kind (the engines give ``LogLine``s: a str with ``kind`` and ``data``)."""
    return getattr(line, "kind", "note")


BARRIER_KINDS = ("die", "draw", "reveal", "coup", "realign", "space")


def barrier(game, before: dict, after: dict, side: str, log: list, played=None) -> bool:
    """True when this decision of ``side`` rolled a die, drew a card or revealed hidden
    information.  The card the decider picked from its own hand (``played``: the option's
    ``card``) is shown by the choice itself, which stays undoable until its use reveals or
    rolls something."""
    if before.get("rng") != after.get("rng"):
        return True
    if "deck" in before and before.get("deck") != after.get("deck"):
        return True
    if any(kind_of(x) in BARRIER_KINDS for x in log):
        return True
    hidden = getattr(game, "hidden_from", None)
    if hidden is not None:
        for who in game.sides:
            was = set(hidden(before, who))
            now = set(hidden(after, who))
            if who != side and played is not None and played in was:
                was.discard(played)   # the decider's own card, chosen to play
            if was - now:
                return True  # a card hidden from a side is visible to it now (a reveal)
            if now - was:
                return True  # a card nobody knew came into a hand (a draw)
    return False


class SnapLog(list):
    """A log that keeps a copy of the game's state at each line it is given (``snaps``): the
    beats of a move, each with the state at its line.  ``text_only``: lines with no text
    (markers) get no snapshot; ``limit``: past that many snapshots, None in their place."""

    def __init__(self, state: dict, copy, *, text_only: bool = False, limit: int | None = None):
        super().__init__()
        self.state, self._copy, self.snaps = state, copy, []
        self._text_only, self._limit = text_only, limit

    def append(self, line):   # the engines only ever append
        super().append(line)
        if self._text_only and not str(line):
            return
        full = self._limit is not None and len(self.snaps) >= self._limit
        self.snaps.append(None if full else self._copy(self.state))


# -- a seat's secrets ----------------------------------------------------------------------------
# One way for the seated engine protocol and the server (issue 58): a game played through seats
# gets one seed of 64 bits from the operating system's cryptographic generator, drawn here and
# never chosen by a seat; the generator lives in the game's state (``state["rng"]``), which stays
# with the engine or the server, and a seat is sent only ``seat_view`` of it, which holds neither
# the seed nor the generator.  One fixed seed, so that the server replays a stored game from its
# seed and moves, and an undo finds its barrier where the generator moved.

def secret_seed(bits=None) -> int:
    """The seed of a game played through seats: 64 secret bits (the generator's state is 64
    bits, so nothing smaller could be guessed from what a seat sees).  ``bits(n)``: the source
    of n random bits (default the operating system's, ``secrets.randbits``; a test passes a
    seeded one)."""
    return (bits or secrets.randbits)(64)


def seat_view(game, state: dict, side: str) -> dict:
    """What seat ``side`` is shown of ``state``: the engine's view for it in the protocol's form
    (the adapters' views hide the other side's cards and zero the generator)."""
    return game.protocol_state(game.view(state, side))


# -- one move ---------------------------------------------------------------------------------

def pending(game, state: dict, side: str | None = None, decision=None) -> dict:
    """The pending decision of ``state`` if ``side`` (None: any side) decides now; ValueError
    with one sentence if not.  ``decision``: the engine's decision of ``state`` if the caller
    already has it."""
    d = decision if decision is not None else game.decision(state)
    if d is None:
        raise ValueError(NO_DECISION)
    if side is not None and d["player"] != side:
        raise ValueError(f"The decision pending is the {d['player']}'s, not the {side}'s.")
    return d


def check(game, state: dict, index, side: str | None = None, decision=None) -> dict:
    """``pending``, and option ``index`` is one of its options."""
    d = pending(game, state, side, decision)
    n = len(d["options"])
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < n:
        shown = str(index)[:20]
        raise ValueError(f"There is no option {shown}: the decision has {n} options "
                         f"(0 to {n - 1}).")
    return d


def apply(game, state: dict, index, *, side: str | None = None, decision=None, log_for=None):
    """(state after, log, decision) of option ``index``: ``check`` first, then the engine's
    move on a copy (``state`` is left as it was).  ``log_for(after)`` gives the log the engine
    appends to (a log that keeps the state at each line); without it the engine's own."""
    d = check(game, state, index, side, decision)
    if log_for is None:
        after, log = game.apply(state, index)
    else:
        after = game.copy(state)
        log = log_for(after)
        game.apply_index(after, index, log)
    return after, log, d


# -- the history: moves with a snapshot at the last undo barrier ---------------------------------

@dataclass(frozen=True)
class Turns:
    """A game as its turns made it: ``state`` now, the ``moves`` (option indexes) and the side
    of each (``seats``); the moves from ``base`` on are the undoable ones (the newest side's own,
    since the last barrier), and ``base_state`` is the state before them (None when there are
    none, or when a store written before it kept it does not know it).  ``marks``: what the
    caller keeps with each undoable move (the couch: its log's length before it)."""
    state: dict
    moves: tuple = ()
    seats: tuple = ()
    base: int = 0
    base_state: dict | None = None
    marks: tuple = field(default=(), compare=False)

    def undoable(self) -> int:
        return len(self.moves) - self.base

    def may_undo(self, side) -> bool:
        """May ``side`` take back its newest decision now?"""
        return (self.state.get("winner") is None and self.undoable() > 0
                and self.seats[-1] == side)


@dataclass
class Played:
    """One move's outcome: the ``turns`` after it, the engine's ``log``, the ``decision`` it
    answered (its ``player`` decided) and whether it was an undo ``barrier``."""
    turns: Turns
    log: list
    decision: dict
    barrier: bool

    @property
    def player(self) -> str:
        return self.decision["player"]


def play(game, turns: Turns, index, *, side: str | None = None, decision=None, log_for=None,
         mark=None) -> Played:
    """Play option ``index`` of the pending decision (ValueError with one sentence if it may not
    be played; nothing changes then).  The undo history: a barrier ends it; a move of another
    side than the newest undoable one starts it afresh."""
    before = turns.state
    after, log, d = apply(game, before, index, side=side, decision=decision, log_for=log_for)
    player = d["player"]
    is_barrier = barrier(game, before, after, player, list(log),
                         d["options"][index].get("card"))
    n = len(turns.moves)
    if is_barrier:
        base, base_state, marks = n + 1, None, ()
    elif turns.undoable() == 0 or turns.seats[-1] != player:
        base, base_state, marks = n, before, (mark,)
    else:
        base, base_state, marks = turns.base, turns.base_state, turns.marks + (mark,)
    new = Turns(after, turns.moves + (index,), turns.seats + (player,), base, base_state, marks)
    return Played(new, log, d, is_barrier)


def undo(game, turns: Turns, side: str, *, start=None):
    """(the turns with ``side``'s newest decision taken back, the mark kept with it); ValueError
    if ``side`` may not (``Turns.may_undo``).  The state is the snapshot at the last barrier
    with the side's earlier undoable moves played again on it (none of them rolled, drew or
    revealed anything, so they come out as they were).  ``start()``: the state after the
    moves before ``base`` when ``base_state`` is not known (a game stored before it was kept)."""
    if not turns.may_undo(side):
        raise ValueError("You may take back only your own decisions since the last die roll, "
                         "draw or reveal, before the other side decides.")
    snap = turns.base_state if turns.base_state is not None else start()
    redo = turns.moves[turns.base:-1]
    state = snap
    for i in redo:
        state, _ = game.apply(state, i)
    marks = turns.marks
    mark = marks[-1] if marks else None
    back = replace(turns, state=state, moves=turns.moves[:-1], seats=turns.seats[:-1],
                   base_state=snap if redo else None, marks=marks[:-1])
    return back, mark
