"""Helpers for Twilight Squabble rule tests: build a state, pick options by their keys."""

from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import AGENT, CARDS, DOUBLE_AGENT, EVENT_IDS, SIDES, era_cards


def card(name: str) -> str:
    """Card id from its name (unique per side except the agents)."""
    hits = [c.id for c in CARDS.values() if c.name == name]
    assert len(hits) == 1, name
    return hits[0]


def turn_start(era=1, bop=0, tokens=(0, 0), space=(0, 0), leader=None, events=False,
               event=None, discards_extra=None, hands_extra=None):
    """A state at the start of ``era`` (phase 1 done: cards drawn, the first decision pending).

    tokens/space are (USA, USSR).  ``event``: the event id revealed this turn.
    """
    s = E.new_game(0, {"events": events})
    for side in SIDES:
        s["hands"][side] = [AGENT[side], DOUBLE_AGENT[side]]
        s["decks"][side] = [c for e in range(era, 6) for c in era_cards(side, e)]
        s["discards"][side] = [c for e in range(1, era) for c in era_cards(side, e)]
        s["slots"][side] = {"bop": None, "bop_tokens": 0, "space": None, "space_tokens": 0}
    for side, extra in (discards_extra or {}).items():
        for c in extra:
            s["hands"][side].remove(c)
            s["discards"][side].append(c)
    s["era"] = era
    s["bop"] = bop
    s["tokens"] = {"USA": tokens[0], "USSR": tokens[1]}
    s["space"] = {"USA": space[0], "USSR": space[1]}
    s["leader"] = leader
    if events:
        deck = list(EVENT_IDS)
        if event:
            deck.remove(event)
            deck.insert(0, event)
        s["event_deck"], s["event"], s["events_covered"] = deck, None, []
    s["step"], s["pending"], s["todo"] = "draw", None, []
    E.run(s, None)
    assert E.validate(s) is None, E.validate(s)
    return s


def act(s, mode, **keys):
    """Apply the unique option with this mode and these keys; returns (state, log)."""
    d = E.decision(s)
    assert d is not None, "the game is over"
    hits = [i for i, o in enumerate(d["options"])
            if o["mode"] == mode and all(o.get(k) == v for k, v in keys.items())]
    assert len(hits) == 1, (d["player"], d["kind"], mode, keys, [o["label"] for o in d["options"]])
    new, log = E.apply(s, hits[0])
    assert E.validate(new) is None, E.validate(new)
    return new, log


def play_both(s, ussr, usa):
    """Phase 2: (bop name, space name) for each side; USSR decides first."""
    s, _ = act(s, "play", bop=_id(ussr[0], "USSR"), space=card(ussr[1]))
    s, _ = act(s, "play", bop=_id(usa[0], "USA"), space=card(usa[1]))
    return s


def _id(name, side):
    if name == "Agent":
        return AGENT[side]
    if name == "Double Agent":
        return DOUBLE_AGENT[side]
    return card(name)


def pending(s):
    p = s["pending"]
    return (p["kind"], p["player"]) if p else None


def finish_turn(s, counters="pass", shift="pass", take_token="take_token"):
    """Play the rest of the turn: no counters, no shift, take every token offered (max first)."""
    era = s["era"]
    while s["winner"] is None and s["era"] == era:
        d = E.decision(s)
        modes = [o["mode"] for o in d["options"]]
        if d["kind"] == "counter":
            i = modes.index(counters) if counters in modes else modes.index("pass")
        elif d["kind"] == "shift":
            i = modes.index(shift)
        elif d["kind"] == "take_token":
            i = modes.index(take_token)
        else:
            i = 0  # tokens: 0/0 first; take_tokens: the most first; play/replace: first
        s, _ = E.apply(s, i)
    return s


def pass_counters(s):
    while s["pending"] and s["pending"]["kind"] == "counter":
        s, _ = act(s, "pass")
    return s
