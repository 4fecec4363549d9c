"""The fixed path of Twilight Struggle's lesson (Learn to play, ``ui/struggle/tutorial.py``).

The lesson is a real game from a fixed seed (the deal), whose dice on the lesson's path come
from the engine's forced dice queue (``state["dice"]``, the protocol's ``dice`` command) and
whose opponent, the USA, plays a script in the lesson's first turn and is the computer player
(easy) after it.  So the same clicks give the same lesson every time, and every step the lesson
asks of the player works: the coup in Iran takes it, both realignments win, the Space Race roll
succeeds and Middle East Scoring is played with the USSR dominating the region.

``lesson_player`` is the session's chooser for the lesson (a module-level function, so it runs
in the computer's worker process like ``squabble.ai.choose``); everything here is a pure
function of the state.  The USSR's side of the path (what each step allows) is ``USSR_PATH``,
which the lesson's panel (``tutorial.py``) enforces and the coach (``struggle_hint``) ranks
within.
"""

from __future__ import annotations

from squabble.games import struggle as S

SEED = 11
#: the dice of the lesson's path, in the order it rolls them (each realignment: the USSR's die,
#: then the USA's): the coup in Iran (5 + 3 Ops - 2 x 2 = 4: the USA's point goes, 3 USSR
#: points come), the realignments in Israel and South Korea (6 against 1), the Space Race (2:
#: Earth Satellite needs 1-3).
DICE = (5, 6, 1, 6, 1, 2)

USA, USSR = "USA", "USSR"    # keys of ``state["influence"][country]``

# ---------------------------------------------------------------- the USA's script (turn 1)
#: starting influence: up to these totals, in this order
USA_SETUP = (("W. Germany", 4), ("Italy", 3))
USA_HEADLINE = 23         # Marshall Plan (4 Ops: its event comes first)
#: Marshall Plan's seven points, first choices first (a country the USSR controls is skipped)
MARSHALL = ("W. Germany", "Italy", "France", "U.K.", "Benelux", "Denmark", "Norway", "Greece",
            "Turkey", "Spain/Portugal", "Sweden", "Canada", "Austria", "Finland")
#: the USA's action rounds 1-4: (card, use, influence up to these totals, in this order); far
#: from the lesson's Middle East and Asia
USA_ROUNDS = {
    1: (27, "event", ()),                                  # US/Japan Mutual Defense Pact
    2: (103, "influence", (("France", 3),)),               # Defectors for Ops
    3: (21, "event", ()),                                  # NATO
    4: (29, "influence", (("Benelux", 3), ("Denmark", 2))),   # East European Unrest for Ops
}

# ---------------------------------------------------------------- the USSR's path
#: (card, use, targets) of each lesson step after the starting influence: the headline, then
#: the USSR's action rounds 1-5.  ``targets``: for influence, (country, USSR total) in order;
#: for a coup or realignments, the countries in order (a realignment target while the USA
#: still has influence there).
USSR_PATH = (
    (9, None, ()),                                          # headline Vietnam Revolts
    (14, "influence", (("Iraq", 3), ("Syria", 2))),        # Comecon: Iraq and Syria
    (28, "coup", ("Iran",)),                               # Suez Crisis: a coup in Iran
    (30, "realign", ("Israel", "S. Korea")),               # Decolonization: two realignments
    (33, "space", ()),                                     # De-Stalinization: the Space Race
    (3, None, ()),                                         # Middle East Scoring
)


def prepare(state: dict) -> dict:
    """The lesson's dice into the new game's forced dice queue (``state`` from seed ``SEED``)."""
    state["dice"] = list(DICE)
    return state


def new_lesson(options=None) -> dict:
    """The lesson's game: the fixed deal with the path's dice waiting in the queue."""
    return prepare(S.new_game(SEED, options))


def round_of(state: dict) -> int | None:
    """Which entry of ``USSR_PATH`` the game is at (0 the headline, 1-5 the USSR's action
    rounds 1-5), or None: before the headline (the starting influence) or after the lesson."""
    if not state.get("setup_done") or state.get("turn") != 1:
        return None
    ar = state.get("action_round") or 0
    if not ar:
        return 0
    r = ar + (state.get("phasing") == "USA")    # after the USSR's round: its next one
    return r if r < len(USSR_PATH) else None


def next_influence(state: dict, side: int, plan) -> str | None:
    """The first country of ``plan`` ((country, total), ...) below its total for ``side``."""
    for country, total in plan:
        if state["influence"][country][side] < total:
            return country
    return None


def next_realignment(state: dict, plan) -> str | None:
    for country in plan:
        if state["influence"][country][USA] > 0:
            return country
    return None


def _pick(options, **want) -> int | None:
    for i, o in enumerate(options):
        if all(o.get(k) == v for k, v in want.items()):
            return i
    return None


def usa_move(state: dict) -> int | None:
    """The USA's scripted option in the lesson's first turn (None: no script here)."""
    d = S.decision(state)
    if d is None or d["player"] != "USA" or state.get("turn") != 1:
        return None
    opts, kind = d["options"], d.get("kind")
    if kind == "setup_influence":
        c = next_influence(state, USA, USA_SETUP)
        return None if c is None else _pick(opts, country=c)
    if kind == "headline":
        return _pick(opts, card=USA_HEADLINE)
    ar = state.get("action_round") or 0
    if kind == "place_influence" and not ar:            # Marshall Plan's event
        for c in MARSHALL:
            i = _pick(opts, country=c)
            if i is not None:
                return i
        return None
    if ar not in USA_ROUNDS or state.get("phasing") != "USA":
        return None
    card, use, plan = USA_ROUNDS[ar]
    if kind == "action_card":
        return _pick(opts, card=card)
    if kind == "play_mode":
        return _pick(opts, mode=use)
    if kind == "influence":
        c = next_influence(state, USA, plan)
        return None if c is None else _pick(opts, country=c)
    return None


def lesson_player(state, level, seed) -> int:
    """The lesson's opponent: the USA's script in the first turn, else the computer player."""
    i = usa_move(state)
    if i is not None:
        return i
    from squabble.ai import choose
    return choose("struggle", state, level, seed)


def ussr_allows(state: dict, option: dict, kind: str | None) -> str:
    """"" when the lesson's path allows ``option`` of the USSR's pending decision, else what
    it asks for instead (a short phrase): the step's card, its use and its targets."""
    r = round_of(state)
    if r is None:
        return ""
    card, use, plan = USSR_PATH[r]
    if kind in ("headline", "action_card"):
        return "" if option.get("card") == card else f"card:{card}"
    if kind in ("play_mode", "ops_kind") and use is not None:
        return "" if option.get("mode") == use else f"use:{use}"
    if kind == "influence" and use == "influence":
        c = next_influence(state, USSR, plan)
        return "" if c is None or option.get("country") == c else f"country:{c}"
    if kind == "coup_target" and use == "coup":
        return "" if option.get("country") == plan[0] else f"country:{plan[0]}"
    if kind == "realign_target" and use == "realign":
        c = next_realignment(state, plan)
        return "" if c is None or option.get("country") == c else f"country:{c}"
    return ""


def allowed(state: dict) -> list[int] | None:
    """The options of the pending decision the lesson's path allows the USSR (None: all)."""
    d = S.decision(state)
    if d is None or d["player"] != "USSR" or not state.get("setup_done") \
            or round_of(state) is None:
        return None
    ok = [i for i, o in enumerate(d["options"]) if not ussr_allows(state, o, d.get("kind"))]
    return None if len(ok) == len(d["options"]) else ok
