"""What the rules say about a position, for the window, the computer player and the coach.

The one engine module the UI and the AI import besides the package's API (``decision``,
``apply``, ``view``, ...) and ``data``.  Every answer comes from the engine's own rules (the same
functions the engine plays with), so no caller keeps a copy of a rule.  Nothing here changes the
state it is given.

- ``controller(state, country)``, ``control_margin(state, country, side)``
- ``defcon_allows(state, country)``, ``defcon_closed_regions(defcon)``, ``DEFCON_FLOOR``
- ``coup_odds(state, side, country, ops)``, ``realign_odds(state, side, country)``,
  ``adjacent_controlled(state, side, country)``
- ``region_score(state, region)``, ``scoring_preview(state, card)``
- ``effects_on(state, country)``, ``effect_cards(state)``
- ``action_rounds(state, side)``, ``space_allowed(state, side, card)``, ``trapped_by(state, side)``
- ``blockade_cover(state)`` (the US cards Blockade would let the USA discard now)
- ``what_if(state, index)``
- ``hidden_from(state, side)`` (the cards ``side`` may not see now: the privacy rule's facts),
  ``public_stack(state, side)`` (the engine's stack without them: what a view carries)
"""

from __future__ import annotations

from squabble import rng

from . import core
from .core import DEFCON_FLOOR, HOOKS, active_hooks
from .data import (ADJACENT, BATTLEGROUND, ENEMY, REGION_SETS, REGIONS, SCORING_REGION, SIDES,
                   STABILITY)
from .events.early import blockade_cover  # noqa: F401  (re-exported: Blockade's discards)
from .events.mid_shared import trapped_by  # noqa: F401  (re-exported: Quagmire / Bear Trap)
from .engine import copy_state, rounds_for, run, space_ok
from .events.scoring import region_points
from .frames import SEEN_BY_SIDE, private_card_places
from .optional_rules import realign_protected

__all__ = ["DEFCON_FLOOR", "adjacent_controlled", "controller", "control_margin", "defcon_allows",
           "defcon_closed_regions", "coup_odds", "realign_odds", "region_score",
           "scoring_preview", "effects_on", "effect_cards", "action_rounds", "space_allowed",
           "trapped_by", "blockade_cover", "what_if", "hidden_from", "seen_in_stack",
           "public_stack", "HIDDEN"]


def _scratch(state: dict, hook: str) -> dict:
    """``state``, or a copy of it when an effect in force has ``hook``: some hooks change the
    state they are given (Shuttle Diplomacy's scoring hook leaves the table)."""
    if any(True for _ in active_hooks(state, hook)):
        return copy_state(state)
    return state


# ---------------------------------------------------------------- control
def controller(state: dict, country: str):
    """"USA", "USSR" or None: who controls ``country`` (rewrite 2.1.3)."""
    return core.controller(state, country)


def control_margin(state: dict, country: str, side: str) -> int:
    """The influence ``side`` must add to ``country`` to control it (0: it controls it)."""
    c = state["influence"][country]
    return max(0, STABILITY[country] + c[ENEMY[side]] - c[side])


# ---------------------------------------------------------------- DEFCON
def defcon_allows(state: dict, country: str) -> bool:
    """Whether DEFCON allows a coup or a realignment in ``country`` now (rewrite 2.1.5)."""
    return core.defcon_allows(state, country)


#: the regions named on the DEFCON track, in the order DEFCON closes them
_DEFCON_REGIONS = ("Europe", "Asia", "Middle East", "Central America", "South America", "Africa")


def defcon_closed_regions(defcon: int) -> list:
    """The regions where DEFCON ``defcon`` forbids coups and realignments (from DEFCON_FLOOR:
    a region is closed when every one of its countries is)."""
    return [r for r in _DEFCON_REGIONS if all(DEFCON_FLOOR[c] > defcon for c in REGIONS[r])]


# ---------------------------------------------------------------- coups and realignments
def coup_odds(state: dict, side: str, country: str, ops: int) -> dict:
    """Rewrite 2.3.6(d): a coup's sum parts and chances.  The result is die + ``ops`` + ``mod``
    − 2 × stability (``defence``); above 0 it removes enemy influence, then places the acting
    side's.  Keys: ops, mod (effects in force), stability, defence, results (die 1..6 -> result),
    need (the smallest die that succeeds, or None), chance (of success, 0..1), battleground,
    defcon_drop (a battleground coup lowers DEFCON: the effects in force agree), milops."""
    mod = sum(fn(state, a, side, country) for fn, a in active_hooks(state, "coup_mod"))
    defence = 2 * STABILITY[country]
    results = {d: max(0, d + ops + mod - defence) for d in range(1, 7)}
    wins = [d for d, r in results.items() if r > 0]
    bg = country in BATTLEGROUND
    drop = bg and all(fn(state, a, side, country) for fn, a in active_hooks(state, "coup_defcon"))
    return {"ops": ops, "mod": mod, "stability": STABILITY[country], "defence": defence,
            "results": results, "need": wins[0] if wins else None, "chance": len(wins) / 6,
            "battleground": bg, "defcon_drop": drop, "milops": ops}


def adjacent_controlled(state: dict, side: str, country: str) -> int:
    """The realignment modifier for adjacency (rewrite 2.3.6(c)): the countries next to
    ``country`` that ``side`` controls, plus 1 when it is next to ``side``'s superpower."""
    return core.adjacent_controlled(state, side, country)


def _realign_mods(state: dict, roller: str, country: str, acting: str) -> dict:
    """One side's realignment modifiers (rewrite 2.3.6(c)), as operations.do_realign adds them."""
    infl = state["influence"]
    superpower = 1 if roller in ADJACENT[country] else 0
    adjacent = core.adjacent_controlled(state, roller, country) - superpower
    more = 1 if infl[country][roller] > infl[country][ENEMY[roller]] else 0
    effects = sum(fn(state, a, roller, country, acting)
                  for fn, a in active_hooks(state, "realign_mod"))
    return {"adjacent": adjacent, "superpower": superpower, "more_influence": more,
            "effects": effects, "total": adjacent + superpower + more + effects}


def realign_odds(state: dict, side: str, country: str) -> dict:
    """A realignment roll by ``side`` in ``country``: each side's modifiers ({adjacent
    (controlled countries next to it), superpower (next to its own superpower), more_influence,
    effects, total}) and the chances over the 36 rolls: win (enemy influence removed), lose
    (own influence removed), expected (enemy influence removed on average, own counted
    negative, within what each side has there).  Under the designer realignment rule the
    realigning side loses nothing, so ``lose`` is 0."""
    protected = realign_protected(state)
    enemy = ENEMY[side]
    me, them = _realign_mods(state, side, country, side), _realign_mods(state, enemy, country, side)
    have = state["influence"][country]
    win = lose = 0
    expected = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            diff = (a + me["total"]) - (b + them["total"])
            if diff > 0:
                win += 1
                expected += min(diff, have[enemy])
            elif diff < 0 and not protected:
                lose += 1
                expected -= min(-diff, have[side])
    return {"side": me, "enemy": them, "win": win / 36, "lose": lose / 36,
            "expected": expected / 36}


# ---------------------------------------------------------------- scoring
def region_score(state: dict, region: str, final: bool = False) -> dict:
    """What scoring ``region`` would give now (rewrite 2.1.10-2.1.11, with the effects in
    force): {"USA": vp, "USSR": vp, "net": USA minus USSR, "levels": {side: level or None},
    "europe_control": side or None}."""
    pts = region_points(_scratch(state, "scoring"), region, final)
    return dict(pts, levels=dict(pts["levels"]), net=pts["USA"] - pts["USSR"])


def scoring_preview(state: dict, card: int):
    """region_score for the region of scoring card ``card`` (None for any other card)."""
    region = SCORING_REGION.get(card)
    return None if region is None else dict(region_score(state, region), region=region)


# ---------------------------------------------------------------- effects
def effect_cards(state: dict) -> list:
    """The card numbers of the effects in force (each entry of ``effects`` is ``{"card": n, ...
    its arguments}``), in the order they came into force; a card in force twice is named twice."""
    return core.effect_cards(state) if state.get("effects") else []


def effects_on(state: dict, country: str) -> list:
    """The effects in force (card numbers, in the order they came into force) that change what
    may be done in ``country`` or what it counts for now: they forbid an action there, modify a
    coup or a realignment there, end the game when a coup is declared there (Cuban Missile
    Crisis), stop a coup there from lowering DEFCON, or change how it counts in a scoring."""
    out = []
    for args in state["effects"]:
        card = args["card"]
        if card in out:
            continue
        if any(_touches(state, card, args, side, country) for side in SIDES):
            out.append(card)
    return out


def _touches(state, card, args, side, country) -> bool:
    fn = HOOKS["can_target"].get(card)
    if fn and not all(fn(state, args, side, a, country) for a in ("influence", "realign", "coup")):
        return True
    fn = HOOKS["coup_mod"].get(card)
    if fn and fn(state, args, side, country):
        return True
    fn = HOOKS["realign_mod"].get(card)
    if fn and any(fn(state, args, side, country, acting) for acting in SIDES):
        return True
    fn = HOOKS["coup_declared"].get(card)
    if fn:
        scratch = copy_state(state)
        fn(scratch, args, side, country)
        if scratch["winner"] is not None and state["winner"] is None:
            return True
    fn = HOOKS["coup_defcon"].get(card)
    if fn and country in BATTLEGROUND and not fn(state, args, side, country):
        return True
    fn = HOOKS["scoring"].get(card)
    if fn and side == "USA":
        for region in REGION_SETS:
            if country not in REGION_SETS[region]:
                continue
            ctx = {"region": region, "final": False, "countries": set(REGION_SETS[region]),
                   "battlegrounds": REGION_SETS[region] & BATTLEGROUND,
                   "controlled": {"USA": {country}, "USSR": set()}}
            before = (country in ctx["countries"], country in ctx["battlegrounds"])
            fn(_scratch(state, "scoring"), args, ctx)
            if (country in ctx["countries"], country in ctx["battlegrounds"]) != before \
                    or country not in ctx["controlled"]["USA"] or ctx["controlled"]["USSR"]:
                return True
    return False


# ---------------------------------------------------------------- the sequence of play
def action_rounds(state: dict, side: str) -> int:
    """How many action rounds ``side`` has this turn (rewrite 4.1.4, Space Race, effects)."""
    return rounds_for(state, side)


def space_allowed(state: dict, side: str, card: int) -> bool:
    """Whether ``side`` may use ``card`` for a Space Race attempt now (rewrite 2.3.7)."""
    return space_ok(state, side, card)


# ---------------------------------------------------------------- what an option would do
def what_if(state: dict, index: int, seed: int = 0) -> dict:
    """Apply option ``index`` of the pending decision to a copy and report: {"state" (the copy,
    at its next decision or the end), "log" (its lines), "winner", "end_reason", "vp" (the
    change, USA positive), "defcon" (after)}.  The copy rolls its own dice (its generator is
    seeded with ``seed``, forced dice dropped), so a what-if never reveals the game's dice."""
    p = state.get("pending")
    if state.get("winner") is not None or p is None or not 0 <= index < len(p["options"]):
        raise ValueError(f"Bad option index {index!r} for a what-if.")
    copy = copy_state(state)
    copy["rng"] = rng.seed_value(seed)
    copy["dice"] = []
    log: list = []
    answer = copy["pending"]["options"][index]
    copy["pending"] = None
    run(copy, answer, log, account=False)   # (the steps' own lines: no account of changes)
    return {"state": copy, "log": log, "winner": copy["winner"], "end_reason": copy["end_reason"],
            "vp": copy["vp"] - state["vp"], "defcon": copy["defcon"]}


# ---------------------------------------------------------------- privacy
def _cards(v) -> list:
    """The card numbers a value holds (one, or a list; a count or a "hidden" mark holds none)."""
    if isinstance(v, list):
        return [c for c in v if isinstance(c, int) and not isinstance(c, bool)]
    return [v] if isinstance(v, int) and not isinstance(v, bool) else []


def seen_in_stack(state: dict, side: str) -> set:
    """Cards of hidden places that ``side`` has seen and that its frames still hold: Our Man in
    Tehran's look at the top of the draw pile (frames.SEEN_BY_SIDE), while the event resolves."""
    out = set()
    for f in state.get("stack") or []:
        data = f.get("data")
        if f.get("side") == side and isinstance(data, dict):
            for key in SEEN_BY_SIDE:
                out.update(_cards(data.get(key)))
    return out


def hidden_from(state: dict, side: str) -> set:
    """Card numbers ``side`` may not see now: the enemy's hand (unless the US hand is open to the
    USSR under Aldrich Ames Remix), the draw pile (but the cards ``side`` looked at there and
    still looks at: ``seen_in_stack``), and an enemy headline not yet shown.  (In a view, the
    places it sees as counts hold no card it can name: the answer is what the view names.)"""
    enemy = ENEMY[side]
    out = set(_cards(state.get("deck")))
    if not (side == "USSR" and core.has_effect(state, 98)):
        out.update(_cards(state["hands"][enemy]))
    hl = state.get("headline") or {}
    choosing = any(f.get("kind") == "headline" and f.get("stage") == "choose"
                   for f in state.get("stack") or [])
    if choosing and isinstance(hl.get(enemy), int) and hl.get("shown") != enemy:
        out.add(hl[enemy])
    return out - seen_in_stack(state, side)


#: what a frame shows in place of a card hidden from the side that sees it
HIDDEN = "hidden"


def public_stack(state: dict, side: str) -> list:
    """The engine's stack as ``side`` may see it (a copy): each frame without its ``resume``
    (the record of how an event's call began, which holds the real hands), and every card of
    ``hidden_from(state, side)`` under a card key that is not public (frames.PRIVATE_CARD_KEYS)
    in a frame, its ``data`` or its ``ret`` shown as ``"hidden"`` (Our Man in Tehran's look at
    the draw pile, for the USSR).  What the rules make public stays (frames.PUBLIC_CARD_KEYS:
    the card in play, a card an event showed), and the steps, counts and countries."""
    hidden = hidden_from(state, side)
    out = [copy_state({k: v for k, v in f.items() if k != "resume"})
           for f in state.get("stack") or []]
    for box, key in private_card_places(out):
        if _cards(box[key]) and box[key] in hidden:
            box[key] = HIDDEN
    return out
