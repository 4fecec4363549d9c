"""The map scene's prompt for each kind of decision (the engine's ``kind``, ``core.KINDS``), in
one table: ``PROMPTS[kind](ask)`` gives (what is being decided, why / the arithmetic) in plain
words.  ``Ask`` holds what a prompt says it from: who decides (``who``: "You (USSR)" or the
side), the DECISION, its context (the engine's facts: Ops left, the card's name, the coup sums,
the realignment modifiers), the state shown, and the country pointed at (the coup's and the
realignment's sums are said for it)."""

from __future__ import annotations

from dataclasses import dataclass

from squabble.games.struggle.data import ENEMY


@dataclass(frozen=True)
class Ask:
    who: str            # "You (USSR)" against the computer, the side on one couch
    side: str
    decision: dict
    context: dict
    state: dict
    pointed: object = None       # the country pointed at, as the coup's sum wants it
    pointed_any: object = None   # the country hovered or focused, as the realignment's wants it

    @property
    def card(self):
        return self.context.get("card_name")

    @property
    def ops_left(self):
        """The Ops left in words, with a bonus still to place: "0 (+1 if all in Asia)" (The
        China Card), as the engine's own prompt says it."""
        left = self.context.get("ops_left")
        bonus = [b for b in self.context.get("bonus") or () if b[1]]
        if not bonus:
            return left
        return (f"{left} (+{sum(a for _, a in bonus)} if all in "
                f"{', '.join(r for r, _ in bonus)})")


def _headline(a: Ask):
    return (f"{a.who}: choose a headline card from the hand",
            "Both headlines are revealed together; the higher Ops value goes first.")


def _action_card(a: Ask):
    st = a.state
    return (f"{a.who}: turn {st['turn']}, action round {st['action_round']} — play a card",
            "Click a lit card (or Tab to it and press Enter).")


def _play_mode(a: Ask):
    return (f"{a.who}: how will you use {a.card}?",
            "Event: do what the card says · Ops: influence, realignments or a coup · "
            "Space Race: a roll to advance. An enemy card's event happens anyway.")


def _ops_kind(a: Ask):
    return (f"{a.who}: {a.ops_left} Ops from {a.card or 'a card'}: "
            "spread influence, realign or coup?", "Choose one kind for all these Ops.")


def _influence(a: Ask):
    if any(o.get("mode") == "realign" for o in a.decision["options"]):
        return (f"{a.who}: place influence or realign — {a.ops_left} Ops left",
                "Designer rule: both with these Ops, never both in one country. A lit number "
                "is the cost; \u2026 offers a choice.")
    return (f"{a.who}: place influence — {a.ops_left} Ops left",
            "A lit number is the cost: 2 into a country the enemy controls.")


def _coup_target(a: Ask):
    ops = a.ops_left
    foc = a.pointed
    odds = (a.context.get("coups") or {}).get(foc)
    if odds is not None:   # the engine's coup sum for this target (query.coup_odds)
        mod = f" {odds['mod']:+d} modifier" if odds["mod"] else ""
        calc = (f"Coup in {foc}: roll + {odds['ops']} Ops{mod} − 2 × "
                f"{odds['stability']} stability")
        return (f"{a.who}: choose the coup target ({ops} Ops)",
                f"{calc}; a roll of {odds['need']} or more changes influence."
                if odds["need"] is not None else f"{calc}: no roll can succeed.")
    return (f"{a.who}: choose the coup target ({ops} Ops)",
            "Result = die + Ops − 2 × stability; battleground coups lower DEFCON.")


def _realign_target(a: Ask):
    foc = a.pointed_any
    side = a.side
    odds = (a.context.get("realignments") or {}).get(foc)
    if odds is not None:   # the engine's modifiers for this target (query.realign_odds)
        return (f"{a.who}: realignment — {a.ops_left} rolls left",
                f"Realign {foc}: {side} {realign_mods(odds['side'])}, {ENEMY[side]} "
                f"{realign_mods(odds['enemy'])}; {side} wins {round(100 * odds['win'])}%, "
                f"loses {round(100 * odds['lose'])}%.")
    return (f"{a.who}: realignment — {a.ops_left} rolls left",
            "Each side rolls, +1 per adjacent country controlled, +1 for more influence.")


def _place(a: Ask):
    n = len(a.decision["options"])
    return (f"{a.who}: {a.decision['prompt']}",
            f"{n} places lit on the map." if a.context.get("targets") else "")


def _for_card(a: Ask):
    """The engine's own question, and the card it is for."""
    return (f"{a.who}: {a.decision['prompt']}", f"For {a.card}." if a.card else "")


def _discard(a: Ask):
    return (f"{a.who}: {a.decision['prompt']}", "")


#: kind -> the prompt of a decision of that kind, for every kind the engine asks (``KINDS``); a
#: decision the engine cannot name says its question and the card it is for
PROMPTS = {
    "headline": _headline,
    "action_card": _action_card,
    "play_mode": _play_mode,
    "ops_kind": _ops_kind,
    "influence": _influence,
    "coup_target": _coup_target,
    "realign_target": _realign_target,
    "setup_influence": _place,
    "handicap_influence": _place,
    "place_influence": _place,
    "remove_influence": _for_card,
    "discard": _discard,
    "event_choice": _for_card,
    "space_roll": _for_card,
}


def prompt_for(kind: str, ask: Ask) -> tuple[str, str]:
    return PROMPTS.get(kind, _for_card)(ask)


def vp_text(v: int) -> str:
    """The VP marker in words: "USA +3", "USSR +2", "0"."""
    if v > 0:
        return f"USA +{v}"
    if v < 0:
        return f"USSR +{-v}"
    return "0"


def realign_mods(m: dict) -> str:
    """One side's realignment modifiers in words: "+2 (1 adjacent, superpower, more influence)"."""
    parts = ([f"{m['adjacent']} adjacent"] if m["adjacent"] else []) \
        + (["superpower"] if m["superpower"] else []) \
        + (["more influence"] if m["more_influence"] else []) \
        + ([f"effects {m['effects']:+d}"] if m["effects"] else [])
    return f"{m['total']:+d}" + (f" ({', '.join(parts)})" if parts else "")
