"""The MilOps warning of an event is worked out through the whole event (issue 57, item 2):
Indo-Pakistani War asks its country first and gives its 2 MilOps after, so a warning that
stopped at the first question said "MilOps at 0 ... the USSR gains 3 VP" where the penalty was 1.

A property over every war card and every event that gives MilOps (found by resolving every
event): in the side's last action round at 0 MilOps, the ``risk`` on "Resolve the event" says
the worst shortfall of every branch of the event, resolved here with the engine's own ``apply``
through every choice it asks, and the best where it differs."""

from __future__ import annotations

import marshal
import random

import pytest

from squabble.games.struggle import apply, decision
from squabble.games.struggle.data import CARDS
from struggle_helpers import action_round_state, choose

SIDES = ("USSR", "USA")
#: fillers that are no scoring card and no event the test is about
FILLER = {"USSR": 7, "USA": 4}
LIMIT = 400      # states one event's branches may reach here
#: choices that give no MilOps and move no DEFCON (placing, removing influence, realigning):
#: the truth follows one way through them (their trees are far too large to count)
ONE_WAY = {"influence", "place_influence", "remove_influence", "realign_target"}


def _last_round(side, card, defcon):
    other = "USA" if side == "USSR" else "USSR"
    hands = {side: [card, FILLER[side]], other: [FILLER[other]]}
    if card in hands[other]:
        hands[other] = [FILLER[side]]
        hands[side] = [card, 8]
    st = action_round_state(hands=hands, phasing=side, action_round=6, defcon=defcon,
                            china=None)
    st["milops"] = {"USA": 0, "USSR": 0}
    return st


def _round_open(st, side) -> bool:
    return any(f.get("kind") == "round" and f.get("side") == side for f in st["stack"])


def _truth(st, index, side):
    """{(MilOps, DEFCON) at the end of the side's round or at the turn's check} over every
    branch, by ``apply``; None when the branches are too many to count here."""
    out, seen, todo = set(), set(), [(st, index)]
    turn = st["turn"]
    while todo:
        s, i = todo.pop()
        nxt, log = apply(s, i)
        key = marshal.dumps(nxt)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > LIMIT:
            return None
        if nxt["winner"] is not None:
            continue
        check = [ln.data for ln in log if getattr(ln, "data", {}).get("why") in ("milops", "reset")]
        if check:
            out.add((check[0]["milops"][side], check[0]["defcon"]))
            continue
        d = decision(nxt)
        if d is None or nxt["turn"] != turn or not _round_open(nxt, side):
            out.add((nxt["milops"][side], nxt["defcon"]))
            continue
        n = 1 if d["kind"] in ONE_WAY else len(d["options"])
        todo.extend((nxt, j) for j in range(n))
    return out


def _event_option(side, card, defcon):
    st = _last_round(side, card, defcon)
    if not any(o.get("card") == card for o in decision(st)["options"]):
        return None
    st, _ = choose(st, mode="play", card=card)
    d = decision(st, redealt=True)    # (on the real cards, as the truth below is)
    if d is None or d["player"] != side:
        return None
    i = next((i for i, o in enumerate(d["options"]) if o.get("mode") == "event"), None)
    return None if i is None else (st, i, d["options"][i])


def _cases():
    """(side, card, DEFCON) of every war card and every event resolved by ``side`` that gives
    it MilOps (both sides, at DEFCON 3 and 4)."""
    out = []
    for card, c in CARDS.items():
        if c["scoring"] or c["ops"] is None:
            continue
        for side in SIDES:
            if c["side"] not in ("Neutral", side):
                continue
            for defcon in (3, 4):
                got = _event_option(side, card, defcon)
                if got is None:
                    continue
                st, i, _ = got
                if c["war"] or _gives_milops(st, i, side):
                    out.append((side, card, defcon))
    return out


def _gives_milops(st, index, side, walks=24) -> bool:
    """Some way through the event (random walks through its choices) gives ``side`` MilOps."""
    pick = random.Random(7)
    for w in range(walks):
        s, i = st, index
        while True:
            s, _ = apply(s, i)
            if s["milops"][side]:
                return True
            d = decision(s)
            if s["winner"] is not None or d is None or s["turn"] != st["turn"] \
                    or not _round_open(s, side):
                break
            i = 0 if w == 0 else pick.randrange(len(d["options"]))
    return False


CASES = _cases()


def test_the_cases_hold_every_war_card_and_the_milops_events():
    names = {CARDS[c]["name"] for _, c, _ in CASES}
    wars = {c["name"] for c in CARDS.values() if c["war"]}
    assert wars <= names, wars - names
    assert {"How I Learned to Stop Worrying", "Indo-Pakistani War"} <= names


def _short(outcome):
    m, need = outcome
    return need - min(5, m)


@pytest.mark.parametrize("side,card,defcon", CASES,
                         ids=[f"{s}-{CARDS[c]['name']}-D{d}" for s, c, d in CASES])
def test_the_risk_of_an_event_is_the_worst_branch_and_says_the_best(side, card, defcon):
    st, i, option = _event_option(side, card, defcon)
    truth = _truth(st, i, side)
    assert truth is not None, "too many branches to check here"
    if not truth:
        return           # every branch ends the game: the warnings say that
    worst = max(_short(o) for o in truth)
    best = min(_short(o) for o in truth)
    if worst <= 0:
        assert "risk" not in option, option
        return
    assert option.get("milops_short") == worst, (option, truth)
    enemy = "USA" if side == "USSR" else "USSR"
    assert f"the {enemy} gains {worst} VP" in option["risk"]
    if best != worst:
        assert ("reach DEFCON" if best <= 0 else f"{best} VP at best") in option["risk"], option


def test_indo_pakistani_war_as_the_usas_last_event_costs_1_vp_not_3():
    st, i, option = _event_option("USA", 24, 3)
    assert option["risk"] == ("This leaves your MilOps at 2, short of DEFCON 3 at the end of "
                              "the turn: the USSR gains 1 VP.")
    st, log = apply(st, i)
    while decision(st) and decision(st)["player"] == "USA" and st["turn"] == 1:
        st, more = apply(st, 0)
        log += more
    pen = [ln.data for ln in log if getattr(ln, "data", {}).get("why") == "milops"]
    assert pen and pen[0]["ussr"] == 1    # the USSR gains 1


def test_a_card_short_by_its_operations_is_not_when_its_event_gives_enough():
    """How I Learned to Stop Worrying (2 ops) at DEFCON 4: its event gives 5 MilOps."""
    st = _last_round("USSR", 46, 4)
    opt = next(o for o in decision(st, redealt=True)["options"] if o.get("card") == 46)
    assert "risk" not in opt
