"""The event framework: registration, resumable decisions, tasks, effects, disposal."""

import pytest

from squabble.games.struggle import apply, decision, validate
from squabble.games.struggle.core import EVENTS, REQUIRES
from squabble.games.struggle.events import (REGIONS, card_name, discard, event, inf, ops_value,
                                            opt, printed_ops, vp)
from struggle_helpers import action_round_state, choose

# A free card number for the docs' worked example (a Mid War USSR card with 3 ops).
FREE = 51


@pytest.fixture
def iron_fist(monkeypatch):
    """docs/struggle-events-api.md section 5, registered on card FREE for the test."""
    def iron(e):
        st = e.state
        if e.step == 0:
            e.step = 1
            e.ask("USSR", "Iron Fist: choose", [
                opt("Remove all US influence from 2 countries", mode="choose", amount=0),
                opt("Place 3 influence in Eastern Europe", mode="choose", amount=1)])
            return
        if e.step == 1:
            e.step = 2
            east = REGIONS["Eastern Europe"]
            if e.answer["amount"] == 0:
                e.remove([c for c in east if inf(st, c, "USA")], 2, amount=None, max_per=1)
            else:
                e.place(east, 3, max_per=2)
            return
        if e.step == 2:
            e.data["done_branch"] = e.result
            e.step = 3
            good = [c for c in st["hands"]["USA"]
                    if printed_ops(c) is not None and ops_value(st, "USA", c) >= 3]
            e.ask("USA", "Iron Fist: discard a 3-ops card or lose 2 VP",
                  [opt(f"Discard {card_name(c)}", mode="discard", card=c) for c in good]
                  + [opt("Give 2 VP to the USSR", mode="pass")])
            return
        if e.answer["mode"] == "discard":
            discard(st, e.answer["card"])
        else:
            vp(st, "USSR", 2)
    monkeypatch.setitem(EVENTS, FREE, iron)
    monkeypatch.delitem(REQUIRES, FREE, raising=False)
    return iron


def test_multi_decision_event_resumes_from_saved_state(iron_fist):
    # rewrite 2.3.5: resolving a card performs its instructions; every choice is a decision
    st = action_round_state(hands={"USSR": [FREE, 7], "USA": [4, 19]}, turn=4,
                            influence={"Poland": (2, 0), "Hungary": (1, 0)})
    st, _ = choose(st, mode="play", card=FREE)
    st, _ = choose(st, mode="event")
    assert decision(st)["player"] == "USSR"
    st, _ = choose(st, mode="choose", amount=0)
    assert validate(st) is None
    st, _ = choose(st, mode="remove", country="Poland")
    # the same country cannot be picked twice (max_per=1)
    assert "Poland" not in [o.get("country") for o in decision(st)["options"]]
    st, _ = choose(st, mode="remove", country="Hungary")
    assert st["influence"]["Poland"]["USA"] == 0 and st["influence"]["Hungary"]["USA"] == 0
    d = decision(st)
    assert d["player"] == "USA"
    assert {o.get("card") for o in d["options"]} == {4, None}  # Duck and Cover has 3 ops, Truman 1
    st, _ = choose(st, mode="discard", card=4)
    assert 4 in st["discard"] and FREE in st["removed"]  # starred card eliminated after its event
    assert decision(st)["player"] == "USA"  # the USA's action round 1
    assert validate(st) is None


def test_event_place_branch_and_vp(iron_fist):
    st = action_round_state(hands={"USSR": [FREE, 7], "USA": [19]}, turn=4)
    st, _ = choose(st, mode="play", card=FREE)
    st, _ = choose(st, mode="event")
    st, _ = choose(st, mode="choose", amount=1)
    st, _ = choose(st, mode="place", country="Poland")
    st, _ = choose(st, mode="place", country="Poland")
    assert "Poland" not in [o.get("country") for o in decision(st)["options"]]
    st, _ = choose(st, mode="place", country="Romania")
    assert st["influence"]["Poland"]["USSR"] == 2 and st["influence"]["Romania"]["USSR"] == 1
    st, _ = choose(st, mode="pass")
    assert st["vp"] == -2


def test_documented_names_are_importable():
    # docs/struggle-events-api.md: the API other issues write events against stays stable
    import squabble.games.struggle.events as ev
    names = """event hook task start_task opt Event cancel_headline can_occur
    inf add_influence remove_influence controls controller adjacent_controlled in_region
    is_battleground COUNTRIES COUNTRY_NAMES REGIONS REGION_SETS ADJACENT STABILITY BATTLEGROUND
    CARDS ENEMY CHINA SCORING_REGION card_name vp net_vp degrade_defcon improve_defcon set_defcon
    add_milops roll advance_space space_ability win draw discard eliminate to_hand take_card
    random_hand_card pass_china card_side printed_ops is_scoring ops_value period ccw_unclaimed
    add_effect has_effect effect_args effect_cards remove_effect""".split()
    missing = [n for n in names if not hasattr(ev, n)]
    assert missing == []
    e_attrs = "state card side enemy by headline data step answer result say ask not_occurred keep place remove ops resolve"
    assert all(hasattr(ev.Event, a) or a in ev.Event.__slots__ for a in e_attrs.split())
