"""Twilight Struggle rules engine (pure Python).  See docs/struggle.md.

API: new_game, decision (describe.py), apply, apply_in_place, validate, check_invariants, info, view,
protocol_state (a state or view as the protocol prints it) and from_protocol (back), resolve_bids (influence bidding for
sides, rewrite 3.2.2), redeal (a whole state from a state or a side's view, the hidden cards dealt
again), is_view.
"""

from __future__ import annotations

from squabble import rng

from .bidding import MAX_BID, resolve_bids
from .core import has_effect
# the card modules: importing them registers every card's event (the engine finds them by number)
from .events import early, late, mid, scoring  # noqa: F401
from .data import CARD_NUMBERS, CARDS, COUNTRIES, SPACE_RACE, SUPERPOWER_ADJ
from .frames import game_frame
from .options import DEFAULT_OPTIONS, FLAG_OPTIONS, parse_options  # noqa: F401  (public)
from .engine import copy_state, run
from .describe import decision, enemy_win  # noqa: F401  (public)
from .redeal import is_view, redeal  # noqa: F401  (public: the state as one side could believe it)
from .validation import check_invariants, load, validate
from .query import hidden_from, public_stack

__all__ = ["new_game", "decision", "apply", "apply_in_place", "validate", "check_invariants",
           "info", "view", "protocol_state", "from_protocol", "resolve_bids", "MAX_BID", "redeal",
           "is_view"]


def new_game(seed: int, options: dict | None = None) -> dict:
    """A new game at its first decision (the USSR's set-up influence)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("The seed must be a whole number.")
    opts = parse_options(options)
    from .data import period_cards
    state = {
        "game": "struggle", "winner": None, "end_reason": None,
        "hands": {"USA": [], "USSR": []},
        "turn": 1, "action_round": 0, "phasing": None, "active": None,
        "defcon": 5, "vp": 0, "milops": {"USA": 0, "USSR": 0}, "space": {"USA": 0, "USSR": 0},
        "space_attempts": {"USA": 0, "USSR": 0},
        "influence": {c: {"USA": 0, "USSR": 0} for c in sorted(COUNTRIES)},
        "china": {"holder": None if opts["chinese_civil_war"] else "USSR", "face_up": True},
        "deck": period_cards("Early", opts["optional_cards"]), "discard": [], "removed": [],
        "table": [], "effects": [],
        "headline": {"USA": None, "USSR": None, "shown": None},
        "options": opts, "ccw": 0, "final": False,
        "step": "deal", "access": {"USA": [], "USSR": []},
        "round": {"defcon_start": 5, "defcon2": False},
        "stack": [game_frame()], "pending": None,
        "rng": rng.seed_value(seed), "dice": [],
    }
    # rewrite 3.0 / struggle-rulings: standard fixed influence
    for side, fixed in FIXED_SETUP.items():
        for c, n in fixed.items():
            state["influence"][c][side] += n
    rng.shuffle(state, state["deck"])
    run(state)
    return state


FIXED_SETUP = {
    "USSR": {"Syria": 1, "Iraq": 1, "N. Korea": 3, "E. Germany": 3, "Finland": 1},
    "USA": {"Canada": 2, "Iran": 1, "Israel": 1, "Japan": 1, "Australia": 4, "Philippines": 1,
            "S. Korea": 1, "Panama": 1, "South Africa": 1, "U.K.": 5},
}


def apply_in_place(state: dict, index: int, log: list | None = None, record: bool = True) -> None:
    """Pick option ``index`` of the pending decision, mutating ``state``.  ``record=False``: a
    search's private copy, never saved, so the records that let a loaded save be checked are
    left out (faster; the game goes on exactly the same: ``engine.run``)."""
    if state.get("winner") is not None:
        raise ValueError("The game has ended; there is no decision to answer.")
    p = state.get("pending")
    if p is None:
        raise ValueError("There is no pending decision.")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(p["options"]):
        raise ValueError(f"Bad option index {index!r}: choose 0 to {len(p['options']) - 1}.")
    answer = p["options"][index]
    state["pending"] = None
    run(state, answer, log, record)


def apply(state: dict, index: int):
    """Pure: returns (new_state, log_lines); ``state`` is left untouched."""
    new = copy_state(state)
    log: list = []
    apply_in_place(new, index, log)
    return new, log


def info() -> dict:
    countries = []
    for name in sorted(COUNTRIES):
        c = COUNTRIES[name]
        adj = list(c["adjacent"])
        countries.append({"name": name, "stability": c["stability"], "battleground": c["battleground"],
                          "regions": list(c["regions"]), "adjacent": adj})
    cards = [{k: CARDS[n][k] for k in ("number", "name", "period", "side", "ops",
                                        "removed_after_event", "scoring", "war", "optional")}
             | {"text": CARDS[n].get("text", "")} for n in CARD_NUMBERS]
    space = [dict(s) for s in SPACE_RACE]
    return {"countries": countries, "superpowers": {k: sorted(v) for k, v in SUPERPOWER_ADJ.items()},
            "cards": cards, "space_race": space}


def view(state: dict, side: str) -> dict:
    """A copy of ``state`` with what ``side`` may not see removed: the enemy's hand (a count),
    the draw pile (a count; the US hand stays open to the USSR while Aldrich Ames Remix is in
    force), an enemy headline not yet revealed, the generator and forced dice.  Its ``stack`` is
    the engine's stack as ``side`` may see it (``query.public_stack``: no frame's record of how
    a call began, no hidden card in a frame), so that a computer player can go on from a view
    (``redeal`` deals the rest)."""
    if side not in ("USA", "USSR"):
        raise ValueError('side must be "USA" or "USSR"')
    v = copy_state(state)
    enemy = "USSR" if side == "USA" else "USA"
    if not (side == "USSR" and has_effect(v, 98)):  # Aldrich Ames: US hand open
        v["hands"][enemy] = len(v["hands"][enemy])
    v["deck"] = len(v["deck"])
    hl = v.get("headline") or {}
    if isinstance(hl.get(enemy), int) and hl[enemy] in hidden_from(state, side):
        if hl[enemy] in v["table"]:
            v["table"].remove(hl[enemy])
        hl[enemy] = "hidden"
    p = v.get("pending")
    if p is not None and p.get("player") != side:
        v["pending"] = {"player": p["player"], "prompt": p["prompt"], "options": []}
        if "kind" in p:   # what is asked and its public facts (the card in play, counts)
            v["pending"].update(kind=p["kind"], context=p["context"])
    v["stack"] = public_stack(state, side)
    v["rng"] = 0
    v["dice"] = []
    return v


def protocol_state(state: dict) -> dict:
    """``state`` (or a view) as the protocol prints it (docs/engine-protocol.md): ``effects`` the
    card numbers of the effects in force, in the order they came into force, and
    ``effect_details`` their entries ``{"card", "by", "until", ...}`` at the same index.  The
    engine holds only the entries, in ``effects``; ``load`` accepts either shape.  A shallow
    copy: the rest is shared with ``state``."""
    out = dict(state)
    entries = state.get("effects") or []
    out["effects"] = [e["card"] for e in entries]
    out["effect_details"] = [dict(e) for e in entries]
    return out


def from_protocol(state: dict) -> dict:
    """``state`` (or a view) as the protocol prints it, in the engine's shape
    (``protocol_state``'s inverse): ``effects`` the entries of ``effect_details``.  A shallow
    copy; a state already in the engine's shape is returned as it is."""
    if "effect_details" not in state:
        return state
    out = dict(state)
    out["effects"] = out.pop("effect_details")
    return out
