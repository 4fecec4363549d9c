"""What one side knows, and full states built from it (determinizations).

The computer player only ever receives ``engine.view(state, side)``.  Every card of the
opponent is public except *where* its unplayed cards are: the decks are sorted by era (so the
contents of each era are known), discards are public and the agents are revealed in phase 3.
The hidden part is the split of the opponent's remaining cards between its hand and its face-down
Balance of Power / Space Race slots, plus the order of the Event deck.  ``assignments`` lists the
splits that agree with the rules, ``build`` turns one of them into a full engine state.
"""

from __future__ import annotations

from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import CARDS, IS_ACTIVITY, OTHER, SIDES

SIDE_CARDS = {side: sorted(c for c, card in CARDS.items() if card.side == side) for side in SIDES}
BOP_SEEN_STEPS = frozenset(("counter", "measure", "race", "bonus", "claim", "end", "over"))
SPACE_SEEN_STEPS = frozenset(("bonus", "claim", "end", "over"))


def fclone(s: dict) -> dict:
    """A fast copy of a Squabble state (or view): every mutable part the engine touches."""
    n = dict(s)
    n["space"] = dict(s["space"])
    n["tokens"] = dict(s["tokens"])
    n["decks"] = {"USA": list(s["decks"]["USA"]), "USSR": list(s["decks"]["USSR"])}
    n["hands"] = {"USA": list(s["hands"]["USA"]), "USSR": list(s["hands"]["USSR"])}
    n["discards"] = {"USA": list(s["discards"]["USA"]), "USSR": list(s["discards"]["USSR"])}
    n["slots"] = {"USA": dict(s["slots"]["USA"]), "USSR": dict(s["slots"]["USSR"])}
    n["event_deck"] = list(s["event_deck"])
    n["events_covered"] = list(s["events_covered"])
    n["spied"] = dict(s["spied"])
    n["agents"] = dict(s["agents"])
    n["bonus"] = list(s["bonus"])
    n["todo"] = list(s["todo"])
    n["pending"] = dict(s["pending"]) if s["pending"] else None
    n["history"] = list(s["history"])
    n["dice"] = list(s["dice"])
    if "hand_counts" in s:
        n["hand_counts"] = dict(s["hand_counts"])
    return n


def seen(s: dict, side: str) -> tuple[bool, bool]:
    """(opponent's Balance of Power card visible, opponent's Space Race card visible)."""
    step = s["step"]
    bop_seen = step in BOP_SEEN_STEPS or s["winner"] is not None
    space_seen = s["spied"][side] or step in SPACE_SEEN_STEPS or s["winner"] is not None
    return bop_seen, space_seen


def opp_pool(s: dict, side: str) -> list[str]:
    """The opponent's cards whose place ``side`` cannot see (hand and face-down slots), sorted.

    Works on a full state and on a view alike: it is computed from public information only
    (the opponent's whole card list minus its deck, discards and visible slot cards).
    """
    opp = OTHER[side]
    slot = s["slots"][opp]
    bop_seen, space_seen = seen(s, side)
    out = set(s["decks"][opp]) | set(s["discards"][opp])
    if bop_seen and slot["bop"] is not None:
        out.add(slot["bop"])
    if space_seen and slot["space"] is not None:
        out.add(slot["space"])
    return [c for c in SIDE_CARDS[opp] if c not in out]


def hidden_slots(s: dict, side: str) -> tuple[bool, bool]:
    """Which of the opponent's slots hold a face-down card ``side`` cannot see."""
    slot = s["slots"][OTHER[side]]
    bop_seen, space_seen = seen(s, side)
    return (bool(slot.get("bop_hidden")) or (slot["bop"] is not None and not bop_seen),
            bool(slot.get("space_hidden")) or (slot["space"] is not None and not space_seen))


def assignments(s: dict, side: str) -> list[tuple]:
    """Every legal split (bop, space, hand) of the opponent's unseen cards.

    bop/space are None when that slot is empty or visible.  Constraints: the Space Race card is
    an Activity card; after phase 2 the Balance of Power card is an Activity card (agents are
    revealed and replaced in phase 3); in phase 2 an agent is allowed unless the event forbids it.
    """
    pool = opp_pool(s, side)
    hb, hs = hidden_slots(s, side)
    if not hb and not hs:
        return [(None, None, pool)]
    agents_ok = s["step"] == "play" and not E.rule_active(s, "no_agents")
    out = []
    bops = [c for c in pool if IS_ACTIVITY[c] or agents_ok] if hb else [None]
    for b in bops:
        rest = [c for c in pool if c != b]
        spaces = [c for c in rest if IS_ACTIVITY[c]] if hs else [None]
        for sp in spaces:
            hand = [c for c in rest if c != sp]
            out.append((b, sp, hand))
    return out


def build(v: dict, side: str, assignment: tuple, event_deck: list | None = None) -> dict:
    """A full engine state from a view (or a state) and one split of the opponent's cards."""
    s = fclone(v)
    opp = OTHER[side]
    b, sp, hand = assignment
    s["hands"][opp] = list(hand)
    slot = s["slots"][opp]
    if b is not None:
        slot["bop"] = b
    if sp is not None:
        slot["space"] = sp
    slot.pop("bop_hidden", None)
    slot.pop("space_hidden", None)
    s.pop("hand_counts", None)
    s.pop("viewer", None)
    if event_deck is not None:
        s["event_deck"] = list(event_deck)
    return s


def canonical(v: dict, side: str) -> dict:
    """One fixed determinization (the first legal split); for players that never peek."""
    return build(v, side, assignments(v, side)[0])
