"""Pieces the Mid War event modules share (see mid.py): the war cards, the Americas, the
operations uses, and who is trapped or owes Missile Envy."""

from __future__ import annotations

from . import CARDS, REGION_SETS, effect_args
from ..engine import rounds_for

#: the cards the card data marks as wars (Flower Power reads this: never a list of its own)
WAR_CARDS = frozenset(n for n, c in CARDS.items() if c["war"])
AMERICAS = REGION_SETS["Central America"] | REGION_SETS["South America"]
OPS_USES = ("influence", "realign", "coup")


def _round_frame(state: dict, side: str):
    """The action-round frame of ``side`` if it is the running step: the play is ``side``'s own
    action-round play (play_options hooks)."""
    stack = state.get("stack") or []
    if stack and stack[-1].get("kind") == "round" and stack[-1].get("side") == side:
        return stack[-1]
    return None


def trapped_by(state: dict, side: str):
    """42 Quagmire (USA) or 44 Bear Trap (USSR) if ``side`` is trapped now, else None."""
    for effect in state["effects"]:
        if effect["card"] in (42, 44) and effect.get("trapped") == side:
            return effect["card"]
    return None


def _envy_due(state: dict, side: str) -> bool:
    """``side`` must play 049 Missile Envy for operations in its action round (MW-10): an
    obligation names it and the card is still in its hand."""
    return any(a.get("side") == side for a in effect_args(state, 49)) \
        and 49 in state["hands"][side]


def _rounds_left(state: dict, side: str) -> int:
    """Action rounds of ``side`` still to come this turn, the current one included."""
    return max(1, rounds_for(state, side) - state["action_round"] + 1)
