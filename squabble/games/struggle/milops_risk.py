"""A MilOps shortfall in a side's last action round (rewrite 4.2: MilOps short of DEFCON at the
end of the turn give the enemy that many VP), as a ``risk`` on the options of the decision.

A card's operations are worked out directly (a coup's MilOps are its full operations; no other
use gives any).  An event is resolved on copies to the end of the round, through every choice
the side (or the enemy) may still make in it (Indo-Pakistani War asks which country first and
gives its 2 MilOps after; How I Learned to Stop Worrying gives 5 and asks the DEFCON): the
sentence gives the shortfall of every branch, the best and the worst where they differ.  A card
short of DEFCON by its operations is looked at one step further (its event may give more
MilOps than its operations).  The copies are deals of the cards the side may not see."""

from __future__ import annotations

from . import query
from .core import ops_value
from .data import CARDS, ENEMY
from .redeal import redeal

#: the uses of a card whose operations may still be a coup (rewrite 2.3.6(d): its ops are MilOps)
COUP_MAY_FOLLOW = frozenset(("coup", "event_first", "ops_first"))
#: what-ifs one event's branches may cost; past it each branch follows its first option only
BRANCH_BUDGET = 60
#: choices that give no MilOps and move no DEFCON (placing, removing influence, realigning):
#: one way through them is followed, not every one
NO_MILOPS = frozenset(("influence", "place_influence", "remove_influence", "realign_target",
                       "setup_influence", "handicap_influence"))
#: the generator seed and the deal of the hidden cards an event is resolved with
SEED = 1
REDEAL = 0


def last_round(state: dict, side: str) -> bool:
    """``side`` is deciding in its own last action round of the turn."""
    return (state.get("phasing") == side
            and state["action_round"] >= query.action_rounds(state, side)
            and any(f.get("kind") == "round" and f.get("side") == side for f in state["stack"]))


def _round_of(state: dict, side: str):
    return next((f for f in state.get("stack") or () if f.get("kind") == "round"
                 and f.get("side") == side), None)


def _checked(log, side: str):
    """(MilOps, DEFCON) of ``side`` at the end-of-turn check, from its structured log line."""
    for ln in log:
        data = getattr(ln, "data", None) or {}
        if data.get("why") in ("milops", "reset") and isinstance(data.get("milops"), dict):
            return data["milops"][side], data.get("defcon")
    return None


def event_outcomes(base: dict, index: int, side: str) -> set:
    """(MilOps, DEFCON) of ``side`` once the round that option ``index`` of ``base`` begins is
    over (or the turn's check, if it comes first), for every branch of the decisions the event
    still asks (a branch that ends the game is left out: other warnings say it; of the choices
``NO_MILOPS`` one way is followed)."""
    out, todo, spent = set(), [(base, index)], 0
    turn = base["turn"]
    while todo:
        st, i = todo.pop()
        r = query.what_if(st, i, SEED)
        spent += 1
        after = r["state"]
        if after["winner"] is not None:
            continue
        seen = _checked(r["log"], side)
        if seen is not None:
            defcon = seen[1] if seen[1] is not None else after["defcon"]
            out.add((seen[0], defcon))
            continue
        p = after.get("pending")
        if p is None or after["turn"] != turn or _round_of(after, side) is None:
            out.add((after["milops"][side], after["defcon"]))
            continue
        n = len(p["options"])
        if p.get("kind") not in NO_MILOPS and spent + len(todo) + n <= BRANCH_BUDGET:
            todo.extend((after, j) for j in range(n))
        else:
            todo.append((after, 0))
    return out


def _sentence(side: str, outcomes: list) -> tuple[str, int] | None:
    """The risk sentence and the worst shortfall of ``outcomes`` [(MilOps, DEFCON)], or None
    when no branch falls short."""
    shorts = sorted((need - min(5, m), min(5, m), need) for m, need in outcomes)
    worst, best = shorts[-1], shorts[0]
    if worst[0] <= 0:
        return None
    enemy = ENEMY[side]
    head = (f"This leaves your MilOps at {worst[1]}, short of DEFCON {worst[2]} at the end of "
            f"the turn: the {enemy} gains {worst[0]} VP")
    if best[0] == worst[0]:
        return head + ".", worst[0]
    if best[0] <= 0:
        return (head + f" at worst; by the choices the event still asks they can reach DEFCON "
                f"{best[2]} (MilOps {best[1]}).", worst[0])
    return (head + f" at worst, {best[0]} VP at best (MilOps {best[1]} of DEFCON {best[2]}), by "
            "the choices the event still asks.", worst[0])


def mark(state: dict, kind: str, side: str, options: list, ctx: dict,
         redealt: bool = False) -> None:
    """Give each option of the decision that leaves ``side`` short a ``risk`` and its
    ``milops_short`` (the worst VP it costs).  A risk: the enemy's last round may still lower
    DEFCON.  ``redealt``: ``state`` is already a deal of the cards ``side`` may not see."""
    if kind not in ("action_card", "play_mode", "ops_kind") or not last_round(state, side):
        return
    have, defcon = state["milops"][side], state["defcon"]
    if have >= defcon:
        return
    base = None
    for i, o in enumerate(options):
        if "warning" in o or "risk" in o:
            continue
        mode = o.get("mode")
        outcomes = None
        if kind == "action_card":
            card = o.get("card")
            gain = 0 if mode != "play" or CARDS[card]["ops"] is None else \
                ops_value(state, side, card)
            if have + gain < defcon and mode == "play" and CARDS[card]["ops"] is not None:
                base = base or _dealt(state, side, redealt)
                outcomes = _through_the_use(base, i, side, (have + gain, defcon))
        elif kind == "ops_kind":
            ops = next((f for f in reversed(state["stack"]) if f.get("kind") == "ops"), None)
            gain = ctx.get("ops_left", 0) + sum(a for _, a in ctx.get("bonus", [])) \
                if mode == "coup" and ops is not None and ops.get("milops") else 0
        elif mode in COUP_MAY_FOLLOW:
            gain = ctx.get("ops") or 0
        elif mode == "event":
            base = base or _dealt(state, side, redealt)
            outcomes = event_outcomes(base, i, side)
            if not outcomes:
                continue
        else:
            gain = 0
        said = _sentence(side, outcomes if outcomes else [(have + gain, defcon)])
        if said is not None:
            o["risk"], o["milops_short"] = said   # (the VP: a risk to the score, not the game)


def _dealt(state: dict, side: str, redealt: bool) -> dict:
    """What the events are resolved on: a deal of the cards ``side`` may not see."""
    if redealt or not query.hidden_from(state, side):
        return state
    return redeal(state, side, REDEAL)


def _through_the_use(base: dict, index: int, side: str, ops_outcome: tuple) -> list:
    """A card short by its operations (``ops_outcome``: its coup's (MilOps, DEFCON)): its event
    may give more (How I Learned to Stop Worrying: 5).  The best branch of any of its uses, as
    [(MilOps, DEFCON)]."""
    after = query.what_if(base, index, SEED)["state"]
    p = after.get("pending")
    found = [ops_outcome]
    if after["winner"] is None and p and p["player"] == side:
        for j, o in enumerate(p["options"]):
            if o.get("mode") == "event":
                found += event_outcomes(after, j, side)
    return [min(found, key=lambda mo: (mo[1] - min(5, mo[0]), -mo[0]))]
