"""The fixed path of Twilight Struggle's lesson (Learn to play, ``ui/struggle/tutorial.py``).

The lesson is a real game from a fixed seed (the deal) whose every decision of its first turn,
both sides', is written down in ``STEPS`` (the USSR's moves the lesson asks for, the USA's its
script), and whose dice on that path come from the engine's forced dice queue (``state["dice"]``,
the protocol's ``dice`` command).  After the path the USA is the computer player (easy).  So the
same clicks give the same lesson every time.

The path is built around good moves: each of the USSR's moves on it is the first choice of the
coach (``struggle_hint.hint``, normal's values, asked with no restriction at the coach's own
seed for the position), so the lesson never asks for a move the coach would advise against
(tests/ui/test_struggle_tutorial.py asks it at every step).  Within that, the deal and the
USA's script were chosen so that the turn holds every kind of move the lesson teaches.

The coach's seed is a checksum of the USSR's view, so any change to what a state holds deals
the hidden cards it looks at again.  So the agreement must not rest on one deal: at every USSR
decision of the path the lesson's move is the coach's first choice, or within the computer's
``CLOSE`` margin of it ("as good as its first choice"), in at least ``ROBUST[0]`` of
``ROBUST[1]`` other deals (seeds 0 to 19; the test asks them).  The USA's script was chosen
for that: its NATO points in Iran and Syria leave Lebanon the USSR's clear third point (with
its Panama point, Syria or Lebanon was the deal's toss-up), its Containment points in N. Korea
and W. Germany make realignments the clear use of Socialist Governments.  The one decision
that is first in fewer deals is the card for the realignments: Socialist Governments and
Fidel are within ``CLOSE`` of each other in every deal (the same plan, N. Korea taken back).

Where a state is on the path is read from the state alone: the path is replayed once from the
new game, and each position is known by the USSR's view of it (what the USSR may see: the
coach's re-dealt copies of a position are the same position), the USA's by its own view.  So a
saved lesson continues where it was.  ``lesson_player`` is the session's chooser for the lesson
(a module-level function, so it runs in the computer's worker process like
``squabble.ai.choose``).
"""

from __future__ import annotations

import hashlib
import json

from squabble.games import struggle as S

SEED = 9
#: (deals, of so many): the least share of other deals of the hidden cards in which each USSR
#: move of the path is the coach's first choice or within its ``CLOSE`` margin of it
ROBUST = (16, 20)
#: the dice of the path, in the order it rolls them: the Space Race (1: Earth Satellite needs
#: 1-3), three realignments (each the USSR's die 6, then the USA's 1), the coup in Iran (6),
#: the USA's coup in Nigeria (3), Korean War's roll (3), the coup in Nigeria (6), the USA's coup
#: in Cameroon (3)
DICE = (1, 6, 1, 6, 1, 6, 1, 6, 3, 3, 6, 3)

#: the path: each lesson step's moves in order, ``(side, the option's label)``, to the end of
#: turn 1; a step's moves begin with the USA's round before the USSR's (the panel already shows
#: the step the USSR's next move belongs to).  Each USSR move is the coach's first choice
#: (``ROBUST``: in other deals too).
STEPS: tuple = (
    # 1 the starting influence: the USSR's opening as most players make it, then the USA's
    (
        ("USSR", "Place 1 influence in Poland"),
        ("USSR", "Place 1 influence in Poland"),
        ("USSR", "Place 1 influence in Poland"),
        ("USSR", "Place 1 influence in Poland"),
        ("USSR", "Place 1 influence in E. Germany"),
        ("USSR", "Place 1 influence in Austria"),
        ("USA", "Place 1 influence in W. Germany"),
        ("USA", "Place 1 influence in W. Germany"),
        ("USA", "Place 1 influence in W. Germany"),
        ("USA", "Place 1 influence in W. Germany"),
        ("USA", "Place 1 influence in Italy"),
        ("USA", "Place 1 influence in Italy"),
        ("USA", "Place 1 influence in Italy"),
    ),
    # 2 the headline: Decolonization (its event: Angola, Cameroon, Nigeria, Zaire)
    (
        ("USSR", "Headline Decolonization"),
        ("USA", "Headline US/Japan Mutual Defense Pact"),
        ("USSR", "Place 1 influence in Angola"),
        ("USSR", "Place 1 influence in Cameroon"),
        ("USSR", "Place 1 influence in Nigeria"),
        ("USSR", "Place 1 influence in Zaire"),
    ),
    # 3 the Space Race: Marshall Plan (the USA's card) sent there
    (
        ("USSR", "Play Marshall Plan"),
        ("USSR", "Space Race attempt (Earth Satellite: roll 1-3)"),
    ),
    # 4 influence: the USA's NATO for Ops, then Red Scare/Purge's 4 Ops
    (
        ("USA", "Play NATO"),
        ("USA", "Spread influence with 4 ops"),
        ("USA", "Place 1 influence in Iran"),
        ("USA", "Place 1 influence in Syria"),
        ("USA", "Place 1 influence in N. Korea (costs 2)"),
        ("USSR", "Play Red Scare/Purge"),
        ("USSR", "Spread influence with 4 ops"),
        ("USSR", "Place 1 influence in Iran (costs 2)"),
        ("USSR", "Place 1 influence in Lebanon"),
        ("USSR", "Place 1 influence in N. Korea"),
    ),
    # 5 realignment: the USA's Containment for Ops, then Socialist Governments' three
    (
        ("USA", "Play Containment"),
        ("USA", "Spread influence with 3 ops"),
        ("USA", "Place 1 influence in N. Korea (costs 2)"),
        ("USA", "Place 1 influence in W. Germany"),
        ("USSR", "Play Socialist Governments"),
        ("USSR", "Realignments with 3 ops"),
        ("USSR", "Realign N. Korea"),
        ("USSR", "Realign W. Germany"),
        ("USSR", "Realign Italy"),
    ),
    # 6 a coup in a battleground: the USA's Defectors for Ops, then Fidel's coup in Iran
    (
        ("USA", "Play Defectors"),
        ("USA", "Spread influence with 2 ops"),
        ("USA", "Place 1 influence in Iran"),
        ("USA", "Place 1 influence in Panama"),
        ("USSR", "Play Fidel"),
        ("USSR", "Launch a coup with 2 ops"),
        ("USSR", "Coup in Iran"),
    ),
    # 7 military operations: the USA's Korean War (a coup in Nigeria), then Indo-Pakistani
    #   War's coup there (DEFCON 2)
    (
        ("USA", "Play Korean War"),
        ("USA", "USA conducts 2 ops first, then the USSR resolves the event"),
        ("USA", "Launch a coup"),
        ("USA", "Coup in Nigeria"),
        ("USSR", "Play Indo-Pakistani War"),
        ("USSR", "Launch a coup with 2 ops"),
        ("USSR", "Coup in Nigeria"),
    ),
    # 8 a scoring card: the USA's Middle East Scoring, Europe Scoring, and the USA's last
    #   round (Nasser, a coup in Cameroon)
    (
        ("USA", "Play Middle East Scoring"),
        ("USSR", "Play Europe Scoring"),
        ("USA", "Play Nasser"),
        ("USA", "The USSR resolves the event first, then USA conducts 1 op"),
        ("USA", "Launch a coup"),
        ("USA", "Coup in Cameroon"),
    ),
)


def prepare(state: dict) -> dict:
    """The lesson's dice into the new game's forced dice queue (``state`` from seed ``SEED``)."""
    state["dice"] = list(DICE)
    return state


def new_lesson(options=None) -> dict:
    """The lesson's game: the fixed deal with the path's dice waiting in the queue."""
    return prepare(S.new_game(SEED, options))


def position(state: dict) -> tuple | None:
    """The key of ``state``'s position: (the side deciding, a digest of that side's view)."""
    d = S.decision(state)
    if d is None:
        return None
    side = d["player"]
    text = json.dumps(S.view(state, side), sort_keys=True, separators=(",", ":"), default=repr)
    return side, hashlib.sha1(text.encode()).hexdigest()


_TABLE: dict | None = None


def _table() -> dict:
    """{position: (step, label)} of every decision on the path (replayed once)."""
    global _TABLE
    if _TABLE is None:
        table = {}
        st = new_lesson()
        for step, moves in enumerate(STEPS):
            for side, label in moves:
                d = S.decision(st)
                labels = [o.get("label") for o in d["options"]]
                if d["player"] != side or label not in labels:
                    raise RuntimeError(f"The lesson's path is broken at step {step}: {side} "
                                       f"{label!r} is not an option.")
                table[position(st)] = (step, label)
                S.apply_in_place(st, labels.index(label), record=False)
        _TABLE = table
    return _TABLE


def on_path(state: dict) -> tuple | None:
    """(step, the label of the path's move) at ``state``, or None: off the path or after it."""
    key = position(state)
    return None if key is None else _table().get(key)


def step_of(state: dict) -> int | None:
    """The lesson step ``state`` is at (0 the starting influence), None after the lesson."""
    at = on_path(state)
    return None if at is None else at[0]


def resumable(state: dict) -> bool:
    """A lesson's state this version can go on from: on the path, or past its end (the path
    runs to the USSR's headline of turn 2; the game is then played on).  A lesson saved by an
    older version in its first turn is neither: its positions are not this path's."""
    return state.get("turn", 1) >= 2 or state.get("winner") is not None \
        or step_of(state) is not None


def wanted(state: dict) -> int | None:
    """The index of the path's option in the pending decision (None: off the path)."""
    at = on_path(state)
    if at is None:
        return None
    labels = [o.get("label") for o in S.decision(state)["options"]]
    return labels.index(at[1]) if at[1] in labels else None


def usa_move(state: dict) -> int | None:
    """The USA's scripted option on the lesson's path (None: no script here)."""
    d = S.decision(state)
    if d is None or d["player"] != "USA":
        return None
    return wanted(state)


def lesson_player(state, level, seed) -> int:
    """The lesson's opponent: the USA's script on the path, else the computer player."""
    i = usa_move(state)
    if i is not None:
        return i
    from squabble.ai import choose
    return choose("struggle", state, level, seed)


def allowed(state: dict) -> list[int] | None:
    """The options of the USSR's pending decision the lesson's path allows (None: all)."""
    d = S.decision(state)
    if d is None or d["player"] != "USSR":
        return None
    i = wanted(state)
    return None if i is None else [i]
