"""A MilOps shortfall is warned (issue 50, item 5): in a side's last action round of the turn,
an option after which its MilOps can no longer reach DEFCON carries a ``risk`` saying how many
VP it will cost (rewrite 4.2); options that can still reach it carry none."""

from squabble.games.struggle import decision
from struggle_helpers import action_round_state, choose


def _last_round(hands, milops=0, defcon=3):
    st = action_round_state(hands={"USSR": hands, "USA": [4]}, action_round=6, defcon=defcon)
    st["milops"]["USSR"] = milops
    return st


def _risk(st, **keys):
    o = next(o for o in decision(st)["options"] if all(o.get(k) == v for k, v in keys.items()))
    return o.get("risk")


def _cost(milops, defcon, vp):
    return (f"This leaves your MilOps at {milops}, short of DEFCON {defcon} at the end of the "
            f"turn: the USA gains {vp} VP.")


def test_a_card_whose_coup_cannot_reach_defcon_carries_the_cost():
    """DEFCON 4, no MilOps: Socialist Governments (3 ops) and Fidel (2) fall short even as a
    coup; The China Card (4) can reach it."""
    st = _last_round([7, 8], defcon=4)
    assert _risk(st, mode="play", card=7) == _cost(3, 4, 1)
    assert _risk(st, mode="play", card=8) == _cost(2, 4, 2)
    assert _risk(st, mode="play", card=6) is None
    marked = [o for o in decision(st)["options"] if "risk" in o]
    assert [o["milops_short"] for o in marked] == [1, 2]


def test_a_use_that_is_no_coup_carries_the_cost_and_a_coup_does_not():
    st = _last_round([7], milops=1)
    st, _ = choose(st, mode="play", card=7)
    for mode in ("influence", "space", "event"):
        assert _risk(st, mode=mode) == _cost(1, 3, 2), mode
    assert _risk(st, mode="coup") is None


def test_an_event_that_gives_milops_is_tried():
    """Korean War (a war card: 2 MilOps to the side resolving it) from 1 MilOps at DEFCON 3:
    its event leaves the USSR at 3, nothing short."""
    st = _last_round([11], milops=1)
    st, _ = choose(st, mode="play", card=11)
    assert _risk(st, mode="event") is None
    assert _risk(st, mode="influence") == _cost(1, 3, 2)


def test_enough_milops_or_an_earlier_round_carry_nothing():
    st = _last_round([7], milops=3)
    st, _ = choose(st, mode="play", card=7)
    assert _risk(st, mode="influence") is None
    early = action_round_state(hands={"USSR": [7, 8], "USA": [4]}, action_round=2, defcon=3)
    early, _ = choose(early, mode="play", card=7)
    assert _risk(early, mode="influence") is None
