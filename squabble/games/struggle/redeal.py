"""A state as one side could believe it to be: the cards hidden from it (the enemy's hand, the
draw pile, an enemy headline not yet shown, a card of the draw pile a frame holds) dealt again
from a seed.  The computer player searches such copies (``squabble.ai.struggle_eval.determinize``),
and the decision's warnings and risks are worked out on them (describe.py), so that nothing
computed for a side reads a card it may not see.

``redeal`` takes the whole state or that side's view (``view(state, side)``: what a seat
receives online): both give the same deal, so the computer player plays the same from either.
"""

from __future__ import annotations

import marshal
import random

from squabble import rng

from .data import CHINA, ENEMY
from .frames import SEEN_BY_SIDE, private_card_places
from .query import HIDDEN, hidden_from
from .validation import expected_cards


def is_view(state: dict) -> bool:
    """Whether ``state`` is a side's view (its draw pile a count), not the whole state."""
    return isinstance(state.get("deck"), int)


def _seen_in_frames(state: dict, side: str) -> list:
    """The cards of the draw pile that ``side`` looks at in its frames (query.seen_in_stack), in
    order: they are the top of the pile."""
    out = []
    for f in state.get("stack") or []:
        data = f.get("data")
        if f.get("side") == side and isinstance(data, dict):
            for key in SEEN_BY_SIDE:
                v = data.get(key)
                out += [c for c in (v if isinstance(v, list) else [v]) if isinstance(c, int)]
    return out


def unseen(state: dict, side: str) -> set:
    """The cards ``side`` cannot see in ``state``: ``query.hidden_from`` of a whole state; in a
    view, the cards of the game it names nowhere."""
    if not is_view(state):
        return hidden_from(state, side)
    enemy = ENEMY[side]
    seen = set(state["hands"][side]) | set(state["table"]) | set(state["discard"]) \
        | set(state["removed"]) | set(_seen_in_frames(state, side)) | {CHINA}
    if isinstance(state["hands"][enemy], list):
        seen |= set(state["hands"][enemy])
    return expected_cards(state) - seen


def redeal(state: dict, side: str, seed: int) -> dict:
    """A whole state consistent with ``view(state, side)``: the cards hidden from ``side``
    (``unseen``) dealt again from ``seed`` (a copy; ``state`` is left untouched).  ``state``
    may be the whole state or that view: the deal is the same.  The enemy's hand keeps the
    cards it showed at the last held-card reveal (reveal_held_cards option); the cards a frame
    holds hidden (Our Man in Tehran's look, for the USSR) are the new draw pile's top cards, as
    the ones ``side`` looks at itself stay on top."""
    view = is_view(state)
    hidden = unseen(state, side)   # the privacy rule, held once (query.hidden_from)
    enemy = ENEMY[side]
    Dt = marshal.loads(marshal.dumps(state))
    for f in Dt["stack"]:
        # what an event's or a task's call started from (engine.run_resumable), kept to check a
        # loaded save: it holds the real hands, and nothing in play reads it
        f.pop("resume", None)
    rnd = random.Random(seed * 7919 + 17)
    hand = state["hands"][enemy]
    hand_n = hand if isinstance(hand, int) else len(hand)
    hidden_hand = isinstance(hand, int) or any(c in hidden for c in hand)
    hl = state.get("headline") or {}
    hidden_hl = hl.get(enemy) == HIDDEN if view else \
        (isinstance(hl.get(enemy), int) and hl[enemy] in hidden)
    deck_n = state["deck"] if view else len(state["deck"])
    kept = _seen_in_frames(state, side)
    # cards the enemy showed at the last held-card reveal and not seen since: public, so they
    # stay in its hand (what ``side`` knows: it cannot tell one of them headlined face down,
    # or reshuffled into the pile, from one still held)
    shown = set((state.get("held_shown") or {}).get(enemy, ())) & hidden if hidden_hand \
        else set()
    shown = set(sorted(shown)[:hand_n])
    pool = sorted(hidden - shown)
    need = deck_n - len(kept) + (hand_n - len(shown) if hidden_hand else 0) + hidden_hl
    if len(pool) != need:
        raise ValueError(f"The {side}'s view does not add up: {len(pool)} cards unseen for "
                         f"{need} hidden places.")
    rnd.shuffle(pool)
    if hidden_hl:
        new = pool.pop()
        if not view:
            Dt["table"].remove(hl[enemy])
        Dt["table"].append(new)
        Dt["headline"][enemy] = new
    if hidden_hand:
        n = hand_n - len(shown)
        Dt["hands"][enemy] = sorted(pool[:n] + list(shown))
        pool = pool[n:]
    Dt["deck"] = kept + pool
    _fill_frames(Dt, hidden if not view else None, len(kept))
    Dt["rng"] = rng.seed_value(rnd.getrandbits(62))
    Dt["dice"] = []
    return Dt


def _fill_frames(Dt: dict, hidden, kept: int) -> None:
    """Each hidden card a frame holds (``hidden``: the hidden cards of a whole state; None: a
    view's "hidden" marks) becomes the next card of the new draw pile from its top, after the
    cards the side looks at itself: a frame holds hidden cards only from the top of the pile."""
    top = iter(Dt["deck"][kept:])
    for box, key in private_card_places(Dt["stack"]):
        if _is_hidden(box[key], hidden):
            box[key] = next(top)


def _is_hidden(c, hidden) -> bool:
    if hidden is None:
        return c == HIDDEN
    return isinstance(c, int) and not isinstance(c, bool) and c in hidden
