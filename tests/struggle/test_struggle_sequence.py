"""Set-up and the sequence of play (rewrite 3.0-4.4), The China Card (2.3.12), the Space Race (2.1.7,
2.3.7)."""

import pytest

from squabble.games.struggle import decision, new_game, validate, view
from squabble.games.struggle.core import EVENTS
from squabble.games.struggle.data import REGIONS
from squabble.games.struggle.engine import rounds_for
from struggle_helpers import (action_round_state, choose, dummy_event, headline_state,
                              options_with)


def answer_first(st, times):
    for _ in range(times):
        st, _ = choose(st, **{k: v for k, v in decision(st)["options"][0].items() if k != "label"})
    return st


# ---------------------------------------------------------------- set-up
def test_standard_setup_fixed_then_ussr_six_then_usa_seven():
    # struggle-rulings: standard set-up; rewrite 4.1.1 deal 8 first
    st = new_game(3)
    assert len(st["hands"]["USA"]) == 8 and len(st["hands"]["USSR"]) == 8
    assert st["influence"]["E. Germany"]["USSR"] == 3 and st["influence"]["U.K."]["USA"] == 5
    d = decision(st)
    assert d["player"] == "USSR" and set(options_with(st, "country")) == set(REGIONS["Eastern Europe"])
    st = answer_first(st, 6)
    d = decision(st)
    assert d["player"] == "USA" and set(options_with(st, "country")) == set(REGIONS["Western Europe"])
    st = answer_first(st, 7)
    total = {s: sum(v[s] for v in st["influence"].values()) for s in ("USA", "USSR")}
    assert total == {"USA": 25, "USSR": 15}
    assert st["pending"]["options"][0]["mode"] == "headline"
    assert validate(st) is None


def test_handicap_usa_plus_two_with_cap_and_done():
    # rewrite 3.2.1, 4.1.2(b)-(c): up to the handicap, where the side has influence, <= stability+2
    st = new_game(1, {"handicap": {"side": "USA", "influence": 2}})
    st = answer_first(st, 13)
    d = decision(st)
    assert d["player"] == "USA" and "done" in options_with(st, "mode")
    where = set(options_with(st, "country")) - {None}
    # the first-option set-up put all 7 in Austria (stability 4): at 6+ it is over the cap
    assert st["influence"]["Austria"]["USA"] == 7
    assert where == {c for c, v in st["influence"].items() if v["USA"] > 0} - {"Austria"}
    st, _ = choose(st, mode="influence", country="Israel")
    st, _ = choose(st, mode="done")
    assert st["influence"]["Israel"]["USA"] == 2
    assert decision(st)["options"][0]["mode"] == "headline"


def test_bad_options_raise_clear_errors():
    for bad in [{"handicap": {"side": "UN", "influence": 2}}, {"optional_cards": "yes"},
                {"colour": 1}, {"handicap": {"side": "USA", "influence": -1}}, "x"]:
        with pytest.raises(ValueError):
            new_game(1, bad)
    with pytest.raises(ValueError):
        new_game("seed")


def test_optional_cards_in_or_out():
    st = new_game(1)
    every = st["deck"] + st["hands"]["USA"] + st["hands"]["USSR"]
    assert not {104, 105, 106} & set(every) and len(every) == 35
    st = new_game(1, {"optional_cards": True})
    every = st["deck"] + st["hands"]["USA"] + st["hands"]["USSR"]
    assert {104, 105, 106} <= set(every) and len(every) == 38


# ---------------------------------------------------------------- headlines
def test_headline_order_by_ops_and_usa_wins_ties(monkeypatch):
    # rewrite 4.1.3(a)-(c)
    rec = []
    for n in (7, 8, 22, 19):
        monkeypatch.setitem(EVENTS, n, dummy_event(rec))
    st = headline_state({"USSR": [7, 8], "USA": [22, 19]})
    assert decision(st)["player"] == "USSR"
    assert 6 not in options_with(st, "card")            # never The China Card (2.3.12)
    st, _ = choose(st, mode="headline", card=7)         # 3 ops
    st, _ = choose(st, mode="headline", card=22)        # 2 ops
    assert [r[0] for r in rec] == [7, 22]
    assert decision(st)["prompt"].startswith("Turn 1, action round 1")
    rec.clear()
    st = headline_state({"USSR": [8], "USA": [22]})     # 2 vs 2: the USA first
    st, _ = choose(st, mode="headline", card=8)
    st, _ = choose(st, mode="headline", card=22)
    assert [r[0] for r in rec] == [22, 8]


def test_headline_scoring_card_counts_as_zero(monkeypatch):
    rec = []
    monkeypatch.setitem(EVENTS, 19, dummy_event(rec))
    st = headline_state({"USSR": [3], "USA": [19]}, influence={"Iraq": (0, 3)})
    st, _ = choose(st, mode="headline", card=3)         # Middle East Scoring: 0
    st, log = choose(st, mode="headline", card=19)      # 1 op: first
    assert rec[0][0] == 19
    assert any(line.startswith("Middle East scored") for line in log)
    assert log.index(next(x for x in log if "resolves Truman" in x)) < log.index(
        next(x for x in log if x.startswith("Middle East scored")))


def test_headline_enemy_card_is_resolved_by_enemy_active_side_is_chooser(monkeypatch):
    rec = []
    monkeypatch.setitem(EVENTS, 7, dummy_event(rec))
    monkeypatch.setitem(EVENTS, 19, dummy_event(rec))
    st = headline_state({"USSR": [19], "USA": [7]})
    st, _ = choose(st, mode="headline", card=19)
    st, _ = choose(st, mode="headline", card=7)
    # Socialist Governments (3 ops, USSR card) headlined by the USA: the USSR resolves it first
    assert rec[0] == (7, "USSR", "USA", True)
    assert rec[1] == (19, "USA", "USSR", True)


def test_man_in_earth_orbit_enemy_chooses_first_face_up(monkeypatch):
    # rewrite 2.1.7(d)
    for n in (7, 19):
        monkeypatch.setitem(EVENTS, n, dummy_event([]))
    st = headline_state({"USSR": [7], "USA": [19]}, space={"USA": 0, "USSR": 4})
    assert decision(st)["player"] == "USA"
    st, _ = choose(st, mode="headline", card=19)
    assert decision(st)["player"] == "USSR"
    assert view(st, "USSR")["headline"]["USA"] == 19          # shown face up
    # without the ability the first headline stays hidden from the enemy
    st = headline_state({"USSR": [7], "USA": [19]})
    st, _ = choose(st, mode="headline", card=7)
    assert view(st, "USA")["headline"]["USSR"] == "hidden"
    assert 7 not in view(st, "USA")["table"]


# ---------------------------------------------------------------- action rounds
def test_action_rounds_six_seven_eight():
    # rewrite 4.1.4 and 2.1.7(f)
    st = action_round_state(hands={"USSR": [7], "USA": [4]})
    assert rounds_for(st, "USSR") == 6
    st["turn"] = 4
    assert rounds_for(st, "USA") == 7
    st["space"] = {"USA": 8, "USSR": 2}
    assert rounds_for(st, "USA") == 8 and rounds_for(st, "USSR") == 7


def test_space_station_eighth_round_may_decline():
    st = action_round_state(hands={"USSR": [7], "USA": [4, 5]}, turn=4, action_round=7,
                            phasing="USA", space={"USA": 8, "USSR": 6})
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    st = answer_first(st, 3)
    # the USSR has no 8th action round; the USA has, and may play no card
    d = decision(st)
    assert d["player"] == "USA" and st["action_round"] == 8
    assert "pass" in options_with(st, "mode")
    st, _ = choose(st, mode="pass")
    assert st["turn"] == 5


def test_side_with_no_card_sits_out_and_empty_hand_may_decline_china():
    # rewrite 4.1.4(a)-(b) and note
    st = action_round_state(hands={"USSR": [], "USA": [4]}, china="USA")
    assert decision(st)["player"] == "USA"                    # the USSR sits out
    st = action_round_state(hands={"USSR": [], "USA": [4]}, china="USSR")
    assert set(options_with(st, "mode")) == {"play", "pass"}
    assert options_with(st, "card") == [6, None]
    st, _ = choose(st, mode="pass")
    assert decision(st)["player"] == "USA" and st["china"]["holder"] == "USSR"


def test_china_card_plus_one_all_in_asia_and_passed_face_down():
    # rewrite 2.3.12 and ruling U-1
    st = action_round_state(hands={"USSR": [7], "USA": [4]})
    st, _ = choose(st, mode="play", card=6)
    assert st["china"] == {"holder": "USA", "face_up": False}
    st, _ = choose(st, mode="influence")
    for _ in range(5):
        st, _ = choose(st, mode="influence", country="N. Korea")
    assert st["influence"]["N. Korea"]["USSR"] == 8
    assert decision(st)["player"] == "USA"
    assert 6 not in options_with(st, "card")                  # face down: not playable
    assert st["hands"]["USSR"] == [7]                          # the China Card is never in a hand


def test_china_card_bonus_lost_outside_asia():
    st = action_round_state(hands={"USSR": [7], "USA": [4]})
    st, _ = choose(st, mode="play", card=6)
    st, _ = choose(st, mode="influence")
    st, _ = choose(st, mode="influence", country="Poland")   # outside Asia: 3 ops left, no bonus
    for _ in range(3):
        st, _ = choose(st, mode="influence", country="N. Korea")
    assert decision(st)["player"] == "USA"
    assert st["influence"]["N. Korea"]["USSR"] == 6


def test_china_card_coup_in_asia_uses_five_ops():
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, influence={"Pakistan": (2, 0)})
    st["dice"] = [1]
    st, _ = choose(st, mode="play", card=6)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Pakistan")      # 1 + 5 - 4 = 2
    assert st["influence"]["Pakistan"] == {"USA": 0, "USSR": 0}
    assert st["milops"]["USSR"] == 5


def test_china_card_flips_face_up_at_reset_and_final_point():
    st = action_round_state(hands={"USSR": [], "USA": [4]}, phasing="USA", action_round=6,
                            china="USSR", china_up=False)
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    st = answer_first(st, 3)
    assert st["turn"] == 2 and st["china"] == {"holder": "USSR", "face_up": True}


# ---------------------------------------------------------------- check and reset phases
def end_of_turn(hands_usa, **kw):
    st = action_round_state(hands={"USSR": [], "USA": hands_usa}, phasing="USA", action_round=6,
                            china="USA", china_up=False, **kw)
    return st


def test_milops_penalties():
    # rewrite 4.2.2: each side gains the enemy's shortfall below DEFCON
    st = end_of_turn([4], defcon=4)
    st["milops"] = {"USA": 1, "USSR": 3}
    st, _ = choose(st, mode="play", card=4)
    st, log = choose(st, mode="influence")
    st = answer_first(st, 3)
    assert st["vp"] == -(4 - 1) + (4 - 3)
    assert st["milops"] == {"USA": 0, "USSR": 0}
    assert st["defcon"] == 5 and st["turn"] == 2


def test_held_scoring_card_loses():
    # rewrite 4.2.1
    st = end_of_turn([4, 1])
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    st = answer_first(st, 3)
    assert st["winner"] == "USSR" and st["end_reason"] == "scoring card held"
    # both hold one: the USSR declares first and loses
    st = end_of_turn([4, 1])
    st["hands"]["USSR"] = [3]
    st["deck"].remove(3)
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    st = answer_first(st, 3)
    assert st["winner"] == "USA"


def test_mid_war_added_at_turn_four_and_nine_cards_dealt():
    # rewrite 4.3.4 and 4.1.1
    st = end_of_turn([4], defcon=5)
    st["turn"] = 3
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    st = answer_first(st, 3)
    assert st["turn"] == 4
    assert len(st["hands"]["USSR"]) == 9 and len(st["hands"]["USA"]) == 9
    every = st["deck"] + st["hands"]["USA"] + st["hands"]["USSR"] + st["discard"]
    assert 36 in every and 82 not in every
    assert validate(st) is None


def test_reshuffle_when_draw_pile_is_empty():
    # rewrite 2.3.1(a)
    st = end_of_turn([4])
    st["discard"] = st["deck"][5:]
    st["deck"] = st["deck"][:5]
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    st = answer_first(st, 3)
    assert len(st["hands"]["USSR"]) == 8 and len(st["hands"]["USA"]) == 8
    assert st["discard"] == []                       # reshuffled into the new draw pile
    assert 4 in st["hands"]["USA"] + st["hands"]["USSR"] + st["deck"]
    assert validate(st) is None


# ---------------------------------------------------------------- space race
def test_research_success_vp_first_and_second():
    # rewrite 2.3.7 and 2.1.7(a)
    st = action_round_state(hands={"USSR": [8], "USA": [22]})
    st["dice"] = [3]
    st, _ = choose(st, mode="play", card=8)
    st, _ = choose(st, mode="space")
    assert st["space"]["USSR"] == 1 and st["vp"] == -2 and 8 in st["discard"]
    st["dice"] = [1]
    st, _ = choose(st, mode="play", card=22)
    st, _ = choose(st, mode="space")
    assert st["space"]["USA"] == 1 and st["vp"] == -1


def test_research_failure_and_ops_needed():
    st = action_round_state(hands={"USSR": [8, 10, 7], "USA": [22]})
    st, _ = choose(st, mode="play", card=10)
    assert "space" not in options_with(st, "mode")            # 1 op < 2 needed
    st = action_round_state(hands={"USSR": [8, 7], "USA": [22]})
    st["dice"] = [4]
    st, _ = choose(st, mode="play", card=8)
    st, _ = choose(st, mode="space")
    assert st["space"]["USSR"] == 0
    st, _ = choose(st, mode="play", card=22)
    st, _ = choose(st, mode="influence")
    st = answer_first(st, 2)
    st, _ = choose(st, mode="play", card=7)
    assert "space" not in options_with(st, "mode")            # once a turn


def test_animal_in_space_allows_two_attempts_until_enemy_arrives():
    # rewrite 2.1.7(c) and 2.1.7(b)
    st = action_round_state(hands={"USSR": [8, 7], "USA": [22, 25]}, space={"USA": 0, "USSR": 2})
    st["dice"] = [6]
    st, _ = choose(st, mode="play", card=8)
    st, _ = choose(st, mode="space")
    st, _ = choose(st, mode="play", card=22)
    st, _ = choose(st, mode="influence")
    st = answer_first(st, 2)
    st, _ = choose(st, mode="play", card=7)
    assert "space" in options_with(st, "mode")                # the second attempt
    st = action_round_state(hands={"USSR": [8, 7], "USA": [22]}, space={"USA": 2, "USSR": 2})
    st["dice"] = [6]
    st, _ = choose(st, mode="play", card=8)
    st, _ = choose(st, mode="space")
    st, _ = choose(st, mode="play", card=22)
    st, _ = choose(st, mode="influence")
    st = answer_first(st, 2)
    st, _ = choose(st, mode="play", card=7)
    assert "space" not in options_with(st, "mode")            # the USA arrived: ability gone


def test_no_research_from_the_last_space():
    st = action_round_state(hands={"USSR": [7], "USA": [22]}, space={"USA": 0, "USSR": 8})
    st, _ = choose(st, mode="play", card=7)
    assert "space" not in options_with(st, "mode")


def test_eagle_has_landed_discard_at_reset():
    # rewrite 2.1.7(e)
    st = end_of_turn([4, 5], space={"USA": 6, "USSR": 1})
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    st = answer_first(st, 3)
    d = decision(st)
    assert d["player"] == "USA" and set(options_with(st, "mode")) == {"discard", "pass"}
    st, log = choose(st, mode="discard", card=5)
    assert st["discard"] == [4, 5]
    assert st["turn"] == 2


def test_space_race_reaching_a_box_second():
    st = action_round_state(hands={"USSR": [7], "USA": [22]}, space={"USA": 4, "USSR": 4})
    st["dice"] = [3]
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="space")
    assert st["space"]["USSR"] == 5 and st["vp"] == -3         # Lunar Orbit first: 3


def test_china_card_is_only_resolved():
    # rewrite 2.3.12(d), ruling U-1: no Space Race, no plain operations: straight to its event
    st = action_round_state(hands={"USSR": [7], "USA": [4]})
    st, log = choose(st, mode="play", card=6)
    assert set(options_with(st, "mode")) == {"influence", "realign", "coup"}
    assert any("resolves The China Card" in x for x in log)


def test_deal_alternates_ussr_first():
    # rewrite 4.1.1: USSR first; a side short of cards draws after the other is full
    st = end_of_turn([4])
    st["hands"]["USA"] = [4, 5, 19, 22, 25, 26]       # the USA will keep 5 cards, the USSR has 0
    st["deck"] = sorted(set(st["deck"]) - {5, 19, 22, 25, 26})
    rest = st["deck"]
    st["deck"] = rest[:4]
    st["discard"] = []
    st["removed"] = rest[4:]                          # a tiny draw pile, no discards to reshuffle
    first4 = rest[:4]
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    st = answer_first(st, 3)
    # 4 cards for 3 + 8 needed: USSR, USA, USSR, USA... the discarded card 4 is reshuffled in
    assert st["hands"]["USSR"][:2] == [first4[0], first4[2]]
    assert st["hands"]["USA"][5:7] == [first4[1], first4[3]]


def test_late_war_added_at_turn_eight():
    # rewrite 4.3.4
    st = action_round_state(hands={"USSR": [], "USA": [40]}, phasing="USA", action_round=7,
                            turn=7, china="USA", china_up=False)
    st, _ = choose(st, mode="play", card=40)
    st, _ = choose(st, mode="influence")
    st = answer_first(st, 3)
    assert st["turn"] == 8
    every = st["deck"] + st["hands"]["USA"] + st["hands"]["USSR"] + st["discard"]
    assert 82 in every and 110 not in every
    assert validate(st) is None


def test_chinese_civil_war_unclaimed_china_gives_no_final_point():
    # rewrite 3.1 and 4.4.1
    st = action_round_state(hands={"USSR": [], "USA": [4]}, phasing="USA", action_round=7, turn=10,
                            china=None, clear=True, options={"chinese_civil_war": True})
    st["milops"] = {"USA": 5, "USSR": 5}
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    for _ in range(3):
        st, _ = choose(st, mode="influence", country="Japan")
    assert st["vp"] == 0 and st["winner"] == "draw"


def test_space_abilities_belong_to_a_side_alone_in_or_ahead():
    # rewrite 2.1.7(b): abilities of spaces 2, 4, 6, 8 are lost when the other side arrives
    from squabble.games.struggle.core import space_ability
    st = action_round_state(hands={"USSR": [7], "USA": [4]})
    for usa, ussr, expect in [(4, 3, {2: None, 4: "USA", 6: None, 8: None}),
                              (4, 4, {2: None, 4: None, 6: None, 8: None}),
                              (8, 6, {2: None, 4: None, 6: None, 8: "USA"}),
                              (1, 7, {2: "USSR", 4: "USSR", 6: "USSR", 8: None})]:
        st["space"] = {"USA": usa, "USSR": ussr}
        for box, who in expect.items():
            got = [s for s in ("USA", "USSR") if space_ability(st, s, box)]
            assert got == ([who] if who else []), (usa, ussr, box)
