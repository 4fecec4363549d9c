"""What a scene needs to know about the pending decision, without parsing English.

``describe(state)`` gives ``{"kind": ..., "context": {...}}`` for the pending DECISION: the kind
of choice (rulebook terms: "headline", "action_card", "play_mode", "ops_kind", "influence",
"coup_target", "realign_target", "space", "discard", "remove_influence", "event_choice",
"setup_influence", "handicap_influence") and its context (side, card in play, ops left, points
left, how many targets).  It reads the engine's frame stack and never changes the state, so the
protocol's DECISION text stays exactly the same.

``hidden_from(state, side)`` lists the cards ``side`` may not see now (the privacy rule's facts).
"""

from __future__ import annotations

from .data import CARDS, ENEMY


def _card_in_play(stack: list):
    for f in reversed(stack):
        c = f.get("card")
        if isinstance(c, int):
            return c
    return None


def describe(state: dict) -> dict | None:
    p = state.get("pending")
    if state.get("winner") is not None or not p:
        return None
    stack = state.get("stack") or []
    top = stack[-1] if stack else {}
    fk = top.get("kind")
    opts = p["options"]
    modes = {o.get("mode") for o in opts}
    ctx = {"side": p["player"], "card": _card_in_play(stack), "turn": state.get("turn"),
           "action_round": state.get("action_round"),
           "targets": sum(1 for o in opts if "country" in o),
           "cards": sum(1 for o in opts if "card" in o)}
    kind = "event_choice"
    if fk == "headline":
        kind = "headline"
    elif fk == "round":
        kind = "action_card" if top.get("stage") == "choose" else "play_mode"
    elif fk == "reset_discard":
        kind = "discard"
    elif fk == "ops":
        ctx["ops_left"] = top.get("left", 0)
        ctx["bonus"] = [list(b) for b in top.get("bonus", [])]
        if top.get("type") is None:
            kind = "ops_kind"
        else:
            kind = {"influence": "influence", "coup": "coup_target",
                    "realign": "realign_target"}.get(top["type"], "ops_kind")
    elif fk == "place":
        ctx["left"] = top.get("n", 0)
        step = state.get("step")
        if step in ("setup_usa", "handicap") and not state.get("setup_done") and len(stack) == 2:
            kind = "setup_influence"
        elif step == "headline" and len(stack) == 2 and state.get("setup_done"):
            kind = "handicap_influence"
        else:
            kind = "place_influence"
    elif fk == "remove":
        ctx["left"] = top.get("n", 0)
        kind = "remove_influence"
    elif "space" in modes:
        kind = "space"
    if ctx["card"] is not None:
        ctx["card_name"] = CARDS[ctx["card"]]["name"]
    return {"kind": kind, "context": ctx}


def hidden_from(state: dict, side: str) -> set:
    """Card numbers ``side`` may not see now: the enemy's hand (unless the US hand is open to the
    USSR under Aldrich Ames Remix), the draw pile, and an enemy headline not yet shown."""
    enemy = ENEMY[side]
    out = set(state.get("deck") or [])
    if not (side == "USSR" and 98 in (state.get("effects") or [])):
        out.update(state["hands"][enemy])
    hl = state.get("headline") or {}
    choosing = any(f.get("kind") == "headline" and f.get("stage") == "choose"
                   for f in state.get("stack") or [])
    if choosing and isinstance(hl.get(enemy), int) and hl.get("shown") != enemy:
        out.add(hl[enemy])
    return out


def is_private(state: dict, decision: dict | None) -> bool:
    """A headline, the starting influence (placed looking at one's own hand), or any choice
    among the decider's own hidden cards, is made in private."""
    if decision is None:
        return False
    d = describe(state)
    if d and d["kind"] in ("headline", "setup_influence", "handicap_influence"):
        return True
    side = decision["player"]
    own = set(state["hands"][side])
    return any(o.get("card") in own for o in decision["options"])
