"""The Early War events (cards 1-35), 103 Defectors and the optional 104-106 (issue 7).

Sources cited: "rewrite" = ../shared/seeds/twilight-struggle-rules-rewrite.md; "classic" = the
classic rules; "digest" = ../shared/reference/twilight-struggle-card-mechanics.md (card entry and
FAQ it quotes); U-n = ../shared/design/struggle-rulings.md; EW-n = docs/struggle-early-war.md.
"""

import json

import pytest

from squabble.games.struggle import decision, validate
from squabble.games.struggle.core import ops_value
from squabble.games.struggle.events import add_effect, has_effect
from struggle_helpers import (action_round_state, choose, countries, event, headline_state, infl,
                             kind, modes, options_with, place_all, round_prompt)

OPT = {"optional_cards": True}


# ---------------------------------------------------------------- 004 Duck and Cover
def test_duck_and_cover_defcon_then_vp():
    # card 4; digest 004: DEFCON -1 first, then 5 - new DEFCON VP
    st = action_round_state(hands={"USA": [4], "USSR": [7]}, phasing="USA", defcon=4)
    st, _ = event(st, 4)
    assert st["defcon"] == 3 and st["vp"] == 2
    assert 4 in st["discard"]
    assert validate(st) is None


def test_duck_and_cover_triggered_by_ussr_at_defcon_2_ussr_loses():
    # card 4 + rewrite 2.1.5(d): the active side (the USSR, playing it for ops) loses
    st = action_round_state(hands={"USSR": [4, 7], "USA": [19]}, defcon=2)
    st, _ = event(st, 4, "event_first")
    assert st["defcon"] == 1 and st["winner"] == "USA"


# ---------------------------------------------------------------- 005 Five Year Plan
def test_five_year_plan_discards_a_non_us_card_without_event():
    # card 5; digest 005: a USSR or neutral card is just discarded (no event, no scoring)
    st = action_round_state(hands={"USA": [5], "USSR": [2]}, phasing="USA", clear=True,
                            influence={"E. Germany": (0, 4)})
    st, _ = event(st, 5)
    assert st["hands"]["USSR"] == [] and 2 in st["discard"] and st["vp"] == 0
    assert st["winner"] is None


def test_five_year_plan_random_card_from_generator():
    # card 5: the card is random (the state's generator), one card leaves the hand
    picked = set()
    for seed in range(6):
        st = action_round_state(hands={"USA": [5], "USSR": [7, 8, 9, 12]}, phasing="USA", seed=seed)
        st, _ = event(st, 5)
        gone = {7, 8, 9, 12} - set(st["hands"]["USSR"])
        assert len(gone) == 1 and gone <= set(st["discard"])
        picked |= gone
    assert len(picked) > 1


def test_five_year_plan_us_event_resolved_by_usa():
    # card 5 + card 4: a US event discarded this way happens, carried out by the USA
    st = action_round_state(hands={"USA": [5], "USSR": [4]}, phasing="USA")
    st, _ = event(st, 5)
    assert st["defcon"] == 4 and st["vp"] == 1 and 4 in st["discard"]


def test_five_year_plan_starred_us_event_eliminated_nato_without_prerequisite_discarded():
    # card 5 + card 22 (starred, occurs: eliminated) / card 21 (cannot occur: discarded, U-7)
    st = action_round_state(hands={"USA": [5], "USSR": [22]}, phasing="USA")
    st, _ = event(st, 5)
    st, _ = choose(st, mode="choose", country="Romania")
    assert 22 in st["removed"]
    st = action_round_state(hands={"USA": [5], "USSR": [21]}, phasing="USA")
    st, _ = event(st, 5)
    assert 21 in st["discard"] and not has_effect(st, 21)


def test_five_year_plan_defectors_gives_no_vp():
    # card 5 + card 103; digest "Engine discrepancies": Defectors pays only when the USSR plays it
    st = action_round_state(hands={"USSR": [5, 103], "USA": [19]}, clear=True)
    st, _ = event(st, 5, "event_first")      # the USSR plays Five Year Plan for ops
    assert 103 in st["discard"] and st["vp"] == 0


def test_five_year_plan_empty_hand_does_nothing():
    # card 5; digest 005: an empty pool -> no effect (the card is still played)
    st = action_round_state(hands={"USA": [5], "USSR": []}, phasing="USA")
    st, log = event(st, 5)
    assert 5 in st["discard"] and any("no card" in x for x in log)


# ---------------------------------------------------------------- 007 Socialist Governments
def test_socialist_governments_three_at_most_two_per_country():
    # card 7; digest 007
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, clear=True,
                            influence={"Italy": (3, 0), "France": (1, 0), "Japan": (2, 0)})
    st, _ = event(st, 7)
    assert set(countries(st)) == {"Italy", "France"}           # Western Europe only
    st = place_all(st, "Italy", 2, "remove")
    assert set(countries(st)) == {"France"}                    # no third point from Italy
    st, _ = choose(st, mode="remove", country="France")
    assert infl(st, "Italy") == (1, 0) and infl(st, "France") == (0, 0)
    assert round_prompt(st, "USA")


def test_socialist_governments_with_less_influence_removes_what_exists():
    # card 7; rewrite 2.3.5(c): impossible instructions are ignored
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, clear=True,
                            influence={"Greece": (1, 0)})
    st, _ = event(st, 7)
    st, _ = choose(st, mode="remove", country="Greece")
    assert infl(st, "Greece") == (0, 0) and round_prompt(st, "USA")


# ---------------------------------------------------------------- 008 Fidel / 012 Romanian Abdication
def test_fidel_removes_us_and_adds_only_what_control_needs():
    # card 8; digest 008 (shortfall)
    st = action_round_state(hands={"USSR": [8], "USA": [4]}, influence={"Cuba": (2, 1)})
    st, _ = event(st, 8)
    assert infl(st, "Cuba") == (0, 3) and 8 in st["removed"]
    st = action_round_state(hands={"USSR": [8], "USA": [4]}, influence={"Cuba": (1, 4)})
    st, _ = event(st, 8)
    assert infl(st, "Cuba") == (0, 4)


def test_romanian_abdication():
    # card 12; digest 012
    st = action_round_state(hands={"USSR": [12], "USA": [4]}, influence={"Romania": (2, 1)})
    st, _ = event(st, 12)
    assert infl(st, "Romania") == (0, 3) and 12 in st["removed"]


# ---------------------------------------------------------------- 009 Vietnam Revolts
def test_vietnam_revolts_adds_two_and_bonus_in_southeast_asia():
    # card 9; digest 009: +1 op when every point goes to Southeast Asia, this turn only
    st = action_round_state(hands={"USSR": [9, 8], "USA": [4, 19]}, clear=True,
                            influence={"Thailand": (0, 1)})
    st, _ = event(st, 9)
    assert infl(st, "Vietnam") == (0, 2) and has_effect(st, 9)
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    st = place_all(st, "Canada", 3, "influence")
    st, _ = choose(st, mode="play", card=8)
    st, _ = choose(st, mode="influence")
    st = place_all(st, "Vietnam", 3, "influence")             # 2 ops + 1 in Southeast Asia
    assert infl(st, "Vietnam") == (0, 5)
    assert round_prompt(st, "USA")


def test_vietnam_revolts_bonus_lost_outside_southeast_asia():
    # card 9; digest 009: the bonus needs every point in Southeast Asia
    st = action_round_state(hands={"USSR": [8], "USA": [4]}, clear=True,
                            influence={"Vietnam": (0, 1), "Iraq": (0, 1)})
    add_effect(st, 9, "USSR", until="turn")
    st, _ = choose(st, mode="play", card=8)
    st, _ = choose(st, mode="influence")
    st, _ = choose(st, mode="influence", country="Iraq")
    st, _ = choose(st, mode="influence", country="Vietnam")
    assert round_prompt(st, "USA") and infl(st, "Vietnam") == (0, 2)   # no bonus point


def test_vietnam_revolts_china_card_and_red_scare_classic_example():
    # classic "Operations modifiers" example: China Card in SE Asia + Vietnam Revolts + Red Scare = 5
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, clear=True,
                            influence={"Vietnam": (0, 1)})
    add_effect(st, 9, "USSR", until="turn")
    add_effect(st, 31, "USA", until="turn")
    st, _ = choose(st, mode="play", card=6)
    st = kind(st, "influence")
    st = place_all(st, "Vietnam", 5, "influence")
    assert infl(st, "Vietnam") == (0, 6) and round_prompt(st, "USA")


def test_vietnam_revolts_one_op_card_under_red_scare_stays_one():
    # EW-3 (digest 009 / rules 7.4 aggregate-then-floor): 1 - 1 + 1 = 1 even in Southeast Asia
    st = action_round_state(hands={"USSR": [12, 7], "USA": [4]}, clear=True,
                            influence={"Vietnam": (0, 1)})
    add_effect(st, 9, "USSR", until="turn")
    add_effect(st, 31, "USA", until="turn")
    st, _ = choose(st, mode="play", card=12)
    st, _ = choose(st, mode="influence")
    st, _ = choose(st, mode="influence", country="Vietnam")
    assert round_prompt(st, "USA") and infl(st, "Vietnam") == (0, 2)


def test_vietnam_revolts_headlined_by_usa_still_helps_the_ussr():
    # rewrite 2.3.5(a): the USSR resolves its own event; the bonus is the USSR's
    st = headline_state({"USA": [9, 19], "USSR": [4, 7]})
    st, _ = choose(st, mode="headline", card=4)                 # Duck and Cover: no decision
    st, _ = choose(st, mode="headline", card=9)
    assert infl(st, "Vietnam") == (0, 2) and [a["by"] for a in st["effects"]] == ["USSR"]
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="influence")
    st = place_all(st, "Vietnam", 4, "influence")               # 3 + 1
    assert infl(st, "Vietnam") == (0, 6) and round_prompt(st, "USA")


def test_vietnam_revolts_ends_with_the_turn():
    # card 9; rewrite 4.3 (reset): a rest-of-turn effect ends
    st = action_round_state(hands={"USSR": [9], "USA": []}, action_round=6)
    st, _ = event(st, 9)
    assert st["turn"] == 2 and not has_effect(st, 9)


# ---------------------------------------------------------------- 010 Blockade
def test_blockade_usa_discards_a_three_ops_card():
    # card 10; digest 010
    st = action_round_state(hands={"USSR": [10], "USA": [4, 19]}, influence={"W. Germany": (3, 0)})
    st, _ = event(st, 10)
    assert decision(st)["player"] == "USA"
    assert set(options_with(st, "card")) == {4, None}          # Truman Doctrine has 1 op
    st, _ = choose(st, mode="discard", card=4)
    assert 4 in st["discard"] and infl(st, "W. Germany") == (3, 0) and 10 in st["removed"]
    assert st["defcon"] == 5                                   # the discarded event never fires


def test_blockade_usa_may_choose_to_lose_west_germany():
    # card 10; digest 010: the USA may choose the removal even with a 3-ops card
    st = action_round_state(hands={"USSR": [10], "USA": [4]}, influence={"W. Germany": (3, 0)})
    st, _ = event(st, 10)
    st, _ = choose(st, mode="remove", country="W. Germany")
    assert infl(st, "W. Germany") == (0, 0) and st["hands"]["USA"] == [4]


def test_blockade_without_a_three_ops_card_removal_is_automatic():
    # card 10: no qualifying card (the China Card never counts) -> W. Germany emptied, no question
    st = action_round_state(hands={"USSR": [10], "USA": [19, 22]}, china="USA",
                            influence={"W. Germany": (4, 0)})
    st, _ = event(st, 10)
    assert infl(st, "W. Germany") == (0, 0) and round_prompt(st, "USA")
    assert st["hands"]["USA"] == [19, 22]


def test_blockade_threshold_uses_modified_ops():
    # card 10 + 25 / 31 (rules 7.4.2, digest 010): Containment qualifies a 2, Red Scare
    # disqualifies a 3
    st = action_round_state(hands={"USSR": [10], "USA": [22, 4]}, influence={"W. Germany": (1, 0)})
    add_effect(st, 25, "USA", until="turn")
    st, _ = event(st, 10)
    assert {22, 4} <= set(options_with(st, "card"))
    st = action_round_state(hands={"USSR": [10], "USA": [4]}, influence={"W. Germany": (1, 0)})
    add_effect(st, 31, "USSR", until="turn")
    st, _ = event(st, 10)
    assert infl(st, "W. Germany") == (0, 0) and st["hands"]["USA"] == [4]


# ---------------------------------------------------------------- 011 Korean War
def test_korean_war_victory_with_forced_die():
    # card 11; rewrite 2.3.11; digest 011: -1 per US-controlled neighbour (Japan here)
    st = action_round_state(hands={"USSR": [11], "USA": [4]}, influence={"S. Korea": (2, 0),
                                                                         "Japan": (4, 0)},
                            defcon=2)
    st["dice"] = [5]
    st, _ = event(st, 11)
    assert infl(st, "S. Korea") == (0, 2) and st["vp"] == -2
    assert st["milops"]["USSR"] == 2 and st["defcon"] == 2      # a war is no coup
    assert 11 in st["removed"]


def test_korean_war_defeat_still_gives_milops():
    # card 11; classic "War Events": MilOps irrespective of success
    st = action_round_state(hands={"USSR": [11], "USA": [4]}, influence={"S. Korea": (2, 0),
                                                                         "Japan": (4, 0)})
    st["dice"] = [4]                                           # 4 - 1 = 3: failure
    st, _ = event(st, 11)
    assert infl(st, "S. Korea") == (2, 0) and st["vp"] == 0 and st["milops"]["USSR"] == 2
    assert 11 in st["removed"]


def test_korean_war_chinese_civil_war_minus_one():
    # rewrite 3.1.3: -1 until the USSR has claimed The China Card
    st = action_round_state(hands={"USSR": [11], "USA": [4]}, options={"chinese_civil_war": True},
                            china=None, influence={"S. Korea": (1, 0)})
    st["dice"] = [4]
    st, _ = event(st, 11)
    assert st["vp"] == 0 and infl(st, "S. Korea") == (1, 0)


def test_korean_war_triggered_by_usa_ops_usa_phasing():
    # digest conventions 1-2: the USSR resolves it inside the US action round
    st = action_round_state(hands={"USA": [11], "USSR": []}, phasing="USA",
                            influence={"S. Korea": (1, 0)})
    st["dice"] = [6]
    st, _ = event(st, 11, "event_first")
    assert st["vp"] == -2 and infl(st, "S. Korea") == (0, 1) and st["milops"]["USSR"] == 2
    assert decision(st)["player"] == "USA"                     # then the USA's operations


# ---------------------------------------------------------------- 013 Arab-Israeli War
def test_arab_israeli_war_israel_and_neighbours():
    # card 13; digest 013 (2nd edition: -1 for Israel itself)
    st = action_round_state(hands={"USSR": [13], "USA": [4]}, clear=True,
                            influence={"Israel": (4, 0), "Jordan": (2, 0), "Egypt": (0, 2)})
    st["dice"] = [6]                                           # 6 - 1 (Israel) - 1 (Jordan) = 4
    st, _ = event(st, 13)
    assert infl(st, "Israel") == (0, 4) and st["vp"] == -2 and st["milops"]["USSR"] == 2
    assert 13 in st["discard"]                                 # not starred
    st = action_round_state(hands={"USSR": [13], "USA": [4]}, clear=True,
                            influence={"Israel": (4, 0), "Jordan": (2, 0)})
    st["dice"] = [5]
    st, _ = event(st, 13)
    assert infl(st, "Israel") == (4, 0) and st["vp"] == 0 and st["milops"]["USSR"] == 2


def test_arab_israeli_war_without_influence_still_scores():
    # classic "War Events": VP on success even with no influence at stake
    st = action_round_state(hands={"USSR": [13], "USA": [4]}, clear=True)
    st["dice"] = [4]
    st, _ = event(st, 13)
    assert st["vp"] == -2


# ---------------------------------------------------------------- 014 COMECON
def test_comecon_four_countries_not_us_controlled():
    # card 14; digest 014
    st = action_round_state(hands={"USSR": [14], "USA": [4]}, influence={"Austria": (4, 0)})
    st, _ = event(st, 14)
    assert "Austria" not in countries(st) and "Poland" in countries(st)
    st, _ = choose(st, mode="place", country="Poland")
    assert "Poland" not in countries(st)                       # one per country
    for c in ("Hungary", "Romania", "Bulgaria"):
        st, _ = choose(st, mode="place", country=c)
    assert [infl(st, c)[1] for c in ("Poland", "Hungary", "Romania", "Bulgaria")] == [1, 1, 1, 1]
    assert 14 in st["removed"] and round_prompt(st, "USA")


def test_comecon_asks_in_the_cards_own_name():
    """Issue 50, item 13: the event asked "COMECON: ..." in capitals; the card is "Comecon"."""
    from squabble.games.struggle import decision
    from squabble.games.struggle.data import CARDS
    st = action_round_state(hands={"USSR": [14], "USA": [4]})
    st, _ = event(st, 14)
    assert decision(st)["prompt"].startswith(CARDS[14]["name"] + ":")


# ---------------------------------------------------------------- 015 Nasser
@pytest.mark.parametrize("us,left", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2)])
def test_nasser_half_rounded_up(us, left):
    # card 15; digest 015 (round up)
    st = action_round_state(hands={"USSR": [15], "USA": [4]}, influence={"Egypt": (us, 0)})
    st, _ = event(st, 15)
    assert infl(st, "Egypt") == (left, 2)


# ---------------------------------------------------------------- 016 Warsaw Pact Formed
def test_warsaw_pact_remove_branch_and_enables_nato():
    # card 16; digest 016
    st = action_round_state(hands={"USSR": [16], "USA": [21]}, clear=True,
                            influence={"Poland": (2, 1), "Hungary": (1, 0), "Austria": (3, 0),
                                       "Romania": (1, 0), "Yugoslavia": (1, 0), "Italy": (2, 0)})
    st, _ = event(st, 16)
    st, _ = choose(st, mode="choose", amount=0)
    assert set(countries(st)) == {"Poland", "Hungary", "Austria", "Romania", "Yugoslavia"}
    for c in ("Poland", "Hungary", "Austria", "Romania"):
        st, _ = choose(st, mode="remove", country=c)
    assert [infl(st, c)[0] for c in ("Poland", "Hungary", "Austria", "Romania", "Yugoslavia")] == [0, 0, 0, 0, 1]
    assert has_effect(st, 16) and 16 in st["removed"]
    st, _ = choose(st, mode="play", card=21)
    assert "event" in modes(st)                                # NATO may now occur


def test_warsaw_pact_place_branch_two_per_country():
    # card 16; digest 016 branch (b)
    st = action_round_state(hands={"USSR": [16], "USA": [4]})
    st, _ = event(st, 16)
    st, _ = choose(st, mode="choose", amount=1)
    st = place_all(st, "Poland", 2)
    assert "Poland" not in countries(st)
    st = place_all(st, "Hungary", 2)
    st, _ = choose(st, mode="place", country="Austria")
    assert infl(st, "Poland")[1] == 2 and infl(st, "Hungary")[1] == 2 and infl(st, "Austria")[1] == 1
    assert round_prompt(st, "USA")


# ---------------------------------------------------------------- 017 De Gaulle / 021 NATO
def test_de_gaulle_leads_france():
    # card 17; digest 017
    st = action_round_state(hands={"USSR": [17], "USA": [4]}, influence={"France": (3, 0)})
    st, _ = event(st, 17)
    assert infl(st, "France") == (1, 1) and has_effect(st, 17) and 17 in st["removed"]
    st = action_round_state(hands={"USSR": [17], "USA": [4]}, influence={"France": (1, 0)})
    st, _ = event(st, 17)
    assert infl(st, "France") == (0, 1)


def test_nato_without_prerequisite_cannot_occur():
    # card 21; classic example 1 / rewrite 2.3.9(b) with U-7: no event, discarded not eliminated
    st = action_round_state(hands={"USA": [21], "USSR": []}, phasing="USA")
    st, _ = choose(st, mode="play", card=21)
    assert "event" not in modes(st)
    st = action_round_state(hands={"USSR": [21, 7], "USA": [4]})
    st, _ = choose(st, mode="play", card=21)
    assert "event_first" not in modes(st)
    st, _ = choose(st, mode="influence")
    st = place_all(st, "Poland", 4, "influence")
    assert 21 in st["discard"] and not has_effect(st, 21)


def test_nato_after_marshall_plan_protects_us_controlled_europe():
    # card 21 + 23; digest 021: USSR coups/realignments of US-controlled European countries
    st = action_round_state(hands={"USA": [21], "USSR": [7, 8]}, phasing="USA", clear=True,
                            influence={"Italy": (3, 0), "Greece": (1, 0), "Turkey": (2, 0)})
    add_effect(st, 23, "USA")
    st, _ = event(st, 21)
    assert has_effect(st, 21) and 21 in st["removed"]
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    assert set(countries(st)) == {"Greece"}                    # Italy and Turkey are protected
    st, _ = choose(st, mode="coup", country="Greece")
    # the USA is unaffected, and NATO changes nothing for the USSR's influence
    st2 = action_round_state(hands={"USA": [4], "USSR": [7]}, clear=True,
                             influence={"Italy": (3, 0)})
    add_effect(st2, 21, "USA")
    st2, _ = choose(st2, mode="play", card=7)
    assert "realign" not in modes(st2) and "coup" not in modes(st2)    # nothing else to target
    st2 = action_round_state(hands={"USA": [4], "USSR": [7]}, clear=True, influence={"Italy": (3, 0)})
    add_effect(st2, 21, "USA")
    st2, _ = choose(st2, mode="play", card=7)
    assert "influence" in modes(st2)


def test_nato_protection_follows_control_and_the_defcon_limit_stays():
    # digest 021: protection is evaluated at each action
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, clear=True,
                            influence={"Italy": (2, 1)})
    add_effect(st, 21, "USA")
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    assert "Italy" in countries(st)                            # not US-controlled: no protection


def test_de_gaulle_cancels_nato_for_france_either_order():
    # card 17 + 21; digest "NATO exemptions"
    for order in ("nato_first", "de_gaulle_first"):
        st = action_round_state(hands={"USSR": [17, 7], "USA": [21, 4]}, clear=True,
                                influence={"France": (6, 0), "Italy": (3, 0)})
        add_effect(st, 16, "USSR")
        if order == "nato_first":
            add_effect(st, 21, "USA")
            st, _ = event(st, 17)
            st, _ = choose(st, mode="play", card=4)
            st = kind(st, "influence")
            st = place_all(st, "Canada", 3, "influence")
        else:
            st, _ = event(st, 17)
            st, _ = event(st, 21)
        assert infl(st, "France") == (4, 1)                    # still US-controlled
        st, _ = choose(st, mode="play", card=7)
        st, _ = choose(st, mode="realign")
        assert "France" in countries(st) and "Italy" not in countries(st)


def test_willy_brandt_effect_takes_west_germany_out_of_nato():
    # digest "NATO exemptions" (card 55, a later issue, only sets its effect)
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, clear=True,
                            influence={"W. Germany": (5, 0), "Greece": (1, 0)})
    add_effect(st, 21, "USA")
    st2 = json.loads(json.dumps(st))
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    assert "W. Germany" not in countries(st)
    add_effect(st2, 55, "USSR")
    st2, _ = choose(st2, mode="play", card=7)
    st2, _ = choose(st2, mode="coup")
    assert "W. Germany" in countries(st2)


# ---------------------------------------------------------------- 018 Captured Nazi Scientist
def test_captured_nazi_scientist_advances_without_an_attempt():
    # card 18; digest 018 (not a research attempt)
    st = action_round_state(hands={"USSR": [18, 8], "USA": [4]})
    st, _ = event(st, 18)
    assert st["space"]["USSR"] == 1 and st["vp"] == -2 and 18 in st["removed"]
    assert st["space_attempts"]["USSR"] == 0
    st = action_round_state(hands={"USA": [18], "USSR": []}, phasing="USA",
                            space={"USA": 0, "USSR": 1})
    st, _ = event(st, 18)
    assert st["space"]["USA"] == 1 and st["vp"] == 1           # second to arrive: 1 VP


def test_captured_nazi_scientist_at_the_end_of_the_track():
    # card 18; digest 018: nothing more to gain, the event still occurs
    from squabble.games.struggle.data import SPACE_END
    st = action_round_state(hands={"USA": [18], "USSR": []}, phasing="USA",
                            space={"USA": SPACE_END, "USSR": 0})
    st, _ = event(st, 18)
    assert st["space"]["USA"] == SPACE_END and st["vp"] == 0 and 18 in st["removed"]


# ---------------------------------------------------------------- 019 Truman Doctrine
def test_truman_doctrine_only_uncontrolled_countries():
    # card 19; FAQ #19 (digest): controlled by neither side
    st = action_round_state(hands={"USA": [19], "USSR": []}, phasing="USA", clear=True,
                            influence={"Poland": (0, 4), "Italy": (1, 2), "Greece": (3, 1),
                                       "Iran": (0, 1)})
    st, _ = event(st, 19)
    assert set(countries(st)) == {"Italy"}
    st, _ = choose(st, mode="remove", country="Italy")
    assert infl(st, "Italy") == (1, 0) and 19 in st["removed"]


def test_truman_doctrine_on_a_controlled_country_is_not_possible():
    # card 19: with only controlled countries the event occurs with no effect (card eliminated)
    st = action_round_state(hands={"USA": [19], "USSR": [7]}, phasing="USA", clear=True,
                            influence={"Poland": (0, 4), "Greece": (3, 1)})
    st, _ = event(st, 19)
    assert infl(st, "Poland") == (0, 4) and infl(st, "Greece") == (3, 1)
    assert 19 in st["removed"] and round_prompt(st, "USSR")


# ---------------------------------------------------------------- 020 Olympic Games
def test_olympic_games_participation_ties_are_rolled_again():
    # card 20; digest 020
    st = action_round_state(hands={"USSR": [20], "USA": [4]})
    st, _ = event(st, 20)
    assert decision(st)["player"] == "USA"
    st["dice"] = [3, 5, 4, 1]                                  # 3+2 = 5 tie, then 4+2 > 1
    st, _ = choose(st, mode="participate")
    assert st["vp"] == -2 and st["dice"] == [] and 20 in st["discard"]
    st = action_round_state(hands={"USSR": [20], "USA": [4]})
    st, _ = event(st, 20)
    st["dice"] = [1, 6]
    st, _ = choose(st, mode="participate")
    assert st["vp"] == 2


def test_olympic_games_boycott_gives_four_ops():
    # card 20; digest 020: boycott = DEFCON -1, then 4 ops for the sponsor
    st = action_round_state(hands={"USA": [20], "USSR": [7]}, phasing="USA", clear=True,
                            influence={"Mexico": (1, 0)})
    st, _ = event(st, 20)
    assert decision(st)["player"] == "USSR"
    st, _ = choose(st, mode="boycott")
    assert st["defcon"] == 4 and decision(st)["player"] == "USA"
    st = kind(st, "influence")
    st = place_all(st, "Mexico", 4, "influence")
    assert infl(st, "Mexico") == (5, 0) and round_prompt(st, "USSR")


def test_olympic_games_boycott_at_defcon_2_sponsor_loses():
    # classic "DEFCON" example: the US plays Olympic Games at DEFCON 2, the USSR boycotts
    st = action_round_state(hands={"USA": [20], "USSR": [7]}, phasing="USA", defcon=2)
    st, _ = event(st, 20)
    st, _ = choose(st, mode="boycott")
    assert st["defcon"] == 1 and st["winner"] == "USSR"


def test_olympic_games_boycott_ops_modified_by_red_scare():
    # U-2: event-granted ops take the sponsor's modifiers (4 - 1 = 3)
    st = action_round_state(hands={"USSR": [20], "USA": [4]}, clear=True,
                            influence={"Poland": (0, 1)})
    add_effect(st, 31, "USA", until="turn")
    st, _ = event(st, 20)
    st, _ = choose(st, mode="boycott")
    st = kind(st, "influence")
    st = place_all(st, "Poland", 3, "influence")
    assert infl(st, "Poland") == (0, 4) and round_prompt(st, "USA")


def test_olympic_games_headline_boycott_ops():
    # digest 020: usable in the headline (the event grants operations)
    st = headline_state({"USSR": [20], "USA": [19]}, clear=True, influence={"Poland": (0, 1)})
    st, _ = choose(st, mode="headline", card=20)
    st, _ = choose(st, mode="headline", card=19)
    st, _ = choose(st, mode="boycott")                          # Olympic Games (2) before Truman (1)
    assert decision(st)["player"] == "USSR"
    st = kind(st, "influence")
    st = place_all(st, "Poland", 4, "influence")
    assert infl(st, "Poland") == (0, 5)


# ---------------------------------------------------------------- 022 Independent Reds
def test_independent_reds_matches_ussr_influence():
    # card 22; digest 022
    st = action_round_state(hands={"USA": [22], "USSR": []}, phasing="USA",
                            influence={"Hungary": (1, 3), "Poland": (0, 3)})
    st, _ = event(st, 22)
    assert set(countries(st)) == {"Bulgaria", "Czechoslovakia", "Hungary", "Romania", "Yugoslavia"}
    st, log = choose(st, mode="choose", country="Hungary")
    assert infl(st, "Hungary") == (3, 3) and 22 in st["removed"]
    said = [str(x) for x in log if "Hungary" in str(x)]    # its result is in the log
    assert said and "adds 2" in said[0]
    st = action_round_state(hands={"USA": [22], "USSR": []}, phasing="USA",
                            influence={"Hungary": (4, 3)})
    st, _ = event(st, 22)
    st, _ = choose(st, mode="choose", country="Hungary")
    assert infl(st, "Hungary") == (4, 3)                       # never lowered


# ---------------------------------------------------------------- 023 Marshall Plan
def test_marshall_plan_seven_countries_not_ussr_controlled():
    # card 23; digest 023
    st = action_round_state(hands={"USA": [23], "USSR": []}, phasing="USA", clear=True,
                            influence={"Finland": (0, 4), "Italy": (0, 1)})
    st, _ = event(st, 23)
    assert "Finland" not in countries(st) and "Italy" in countries(st) and "Austria" in countries(st)
    picks = ["Italy", "Austria", "France", "W. Germany", "U.K.", "Canada", "Turkey"]
    for c in picks:
        assert c in countries(st)
        st, _ = choose(st, mode="place", country=c)
    assert all(infl(st, c)[0] == 1 for c in picks)
    assert has_effect(st, 23) and 23 in st["removed"] and round_prompt(st, "USSR")


def test_marshall_plan_then_nato_can_occur():
    # card 23 + 21: the prerequisite is the Marshall Plan's lasting effect
    st = action_round_state(hands={"USA": [23, 21], "USSR": [8]}, phasing="USA", clear=True)
    st, _ = choose(st, mode="play", card=21)
    assert "event" not in modes(st)
    st = action_round_state(hands={"USA": [23, 21], "USSR": [8]}, phasing="USA", clear=True)
    st, _ = event(st, 23)
    for c in ("Italy", "Austria", "France", "W. Germany", "U.K.", "Canada", "Turkey"):
        st, _ = choose(st, mode="place", country=c)
    st, _ = choose(st, mode="play", card=8)
    st = kind(st, "influence")
    st = place_all(st, "Poland", 2, "influence")
    st, _ = event(st, 21)
    assert has_effect(st, 21) and 21 in st["removed"]


# ---------------------------------------------------------------- 024 Indo-Pakistani War
def test_indo_pakistani_war_either_side():
    # card 24; digest 024: -1 per enemy-controlled neighbour of the invaded country
    st = action_round_state(hands={"USA": [24], "USSR": []}, phasing="USA", clear=True,
                            influence={"Pakistan": (0, 2), "Afghanistan": (0, 2), "Iran": (0, 2)})
    st, _ = event(st, 24)
    assert set(countries(st)) == {"India", "Pakistan"}
    st["dice"] = [6]                                            # 6 - 2 = 4
    st, _ = choose(st, mode="choose", country="Pakistan")
    assert infl(st, "Pakistan") == (2, 0) and st["vp"] == 2 and st["milops"]["USA"] == 2
    st = action_round_state(hands={"USSR": [24], "USA": [4]}, clear=True,
                            influence={"India": (3, 0), "Pakistan": (4, 0)})
    st, _ = event(st, 24)
    st["dice"] = [4]                                            # 4 - 1 (Pakistan) = 3: failure
    st, _ = choose(st, mode="choose", country="India")
    assert infl(st, "India") == (3, 0) and st["vp"] == 0 and st["milops"]["USSR"] == 2
    assert 24 in st["discard"]


# ---------------------------------------------------------------- 025 Containment
def test_containment_plus_one_capped_at_four():
    # card 25; digest 025
    st = action_round_state(hands={"USA": [25, 22, 21, 7], "USSR": [8]}, phasing="USA")
    st, _ = event(st, 25)
    assert has_effect(st, 25) and 25 in st["removed"]
    assert ops_value(st, "USA", 22) == 3 and ops_value(st, "USA", 21) == 4
    assert ops_value(st, "USA", 7) == 4                         # a USSR card played by the USA
    assert ops_value(st, "USSR", 8) == 2


def test_containment_triggered_by_ussr_helps_the_usa():
    # rewrite 2.3.5(a), 2.3.6(a): a US event played by the USSR for operations
    st = action_round_state(hands={"USSR": [25, 7], "USA": [22]}, clear=True,
                            influence={"Poland": (0, 1)})
    st, _ = event(st, 25, "event_first")
    assert ops_value(st, "USA", 22) == 3 and ops_value(st, "USSR", 7) == 3
    st = kind(st, "influence")
    st = place_all(st, "Poland", 3, "influence")               # the USSR's 3 ops: unchanged
    assert round_prompt(st, "USA")


def test_containment_with_cia_created_two_ops():
    # classic rules 7.4.2 example 3; U-2
    st = action_round_state(hands={"USA": [26], "USSR": [7]}, phasing="USA", clear=True,
                            influence={"Mexico": (1, 0)})
    add_effect(st, 25, "USA", until="turn")
    st, _ = event(st, 26)
    st = kind(st, "influence")
    st = place_all(st, "Mexico", 2, "influence")
    assert infl(st, "Mexico") == (3, 0) and round_prompt(st, "USSR")


def test_containment_with_the_china_card():
    # digest 006/025: Containment cannot lift The China Card above 4; the Asia point comes on top
    st = action_round_state(hands={"USA": [4], "USSR": [7]}, phasing="USA", china="USA",
                            clear=True, influence={"Japan": (1, 0), "Mexico": (1, 0)})
    add_effect(st, 25, "USA", until="turn")
    st2 = json.loads(json.dumps(st))
    st, _ = choose(st, mode="play", card=6)
    st = kind(st, "influence")
    st = place_all(st, "Japan", 5, "influence")
    assert infl(st, "Japan") == (6, 0) and round_prompt(st, "USSR")
    st2, _ = choose(st2, mode="play", card=6)
    st2 = kind(st2, "influence")
    st2 = place_all(st2, "Mexico", 4, "influence")
    assert infl(st2, "Mexico") == (5, 0) and round_prompt(st2, "USSR")


def test_containment_and_red_scare_offset_and_space_eligibility():
    # rules 7.4.2: all purposes, including the Space Race requirement (2 ops for the first box)
    st = action_round_state(hands={"USA": [19, 4], "USSR": [7]}, phasing="USA")
    st2 = json.loads(json.dumps(st))
    add_effect(st, 25, "USA", until="turn")
    st, _ = choose(st, mode="play", card=19)
    assert "space" in modes(st)                                 # Truman Doctrine: 1 + 1 = 2
    add_effect(st2, 25, "USA", until="turn")
    add_effect(st2, 31, "USSR", until="turn")
    assert ops_value(st2, "USA", 4) == 3


# ---------------------------------------------------------------- 026 CIA Created
def test_cia_created_reveals_hand_and_one_op():
    # card 26; digest 026
    st = action_round_state(hands={"USA": [26], "USSR": [7, 8]}, phasing="USA", clear=True,
                            influence={"Mexico": (1, 0)})
    st, log = event(st, 26)
    assert any("Socialist Governments" in x and "Fidel" in x for x in log)
    st = kind(st, "influence")
    st, _ = choose(st, mode="influence", country="Mexico")
    assert infl(st, "Mexico") == (2, 0) and 26 in st["removed"] and round_prompt(st, "USSR")


def test_cia_created_played_by_ussr_gives_the_usa_its_op():
    # digest 026: during the USSR action round; a coup with it gives the USA MilOps
    st = action_round_state(hands={"USSR": [26, 8], "USA": [4]}, influence={"Iran": (1, 1)})
    st["dice"] = [6]
    st, _ = event(st, 26, "event_first")
    assert decision(st)["player"] == "USA"
    st = kind(st, "coup")
    st, _ = choose(st, mode="coup", country="Iran")            # 6 + 1 - 4 = 3
    assert st["milops"]["USA"] == 1 and infl(st, "Iran") == (3, 0)
    assert decision(st)["player"] == "USSR"                    # the USSR's own operations now


# ---------------------------------------------------------------- 027 US/Japan Mutual Defense Pact
def test_us_japan_pact_control_and_no_soviet_coup():
    # card 27; digest 027 (only the shortfall)
    st = action_round_state(hands={"USA": [27], "USSR": [7]}, phasing="USA",
                            influence={"Japan": (1, 2)})
    st, _ = event(st, 27)
    assert infl(st, "Japan") == (6, 2) and has_effect(st, 27) and 27 in st["removed"]
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    assert "Japan" not in countries(st) and "S. Korea" in countries(st)
    st = action_round_state(hands={"USA": [27], "USSR": [7]}, phasing="USA",
                            influence={"Japan": (7, 1)})
    st, _ = event(st, 27)
    assert infl(st, "Japan") == (7, 1)


def test_us_japan_pact_blocks_realignment_but_not_usa():
    # card 27; digest "Japan shield": no USSR realignment either
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, influence={"Japan": (1, 0)})
    add_effect(st, 27, "USA")
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="realign")
    assert "Japan" not in countries(st)


# ---------------------------------------------------------------- 028 Suez Crisis
def test_suez_crisis_four_at_most_two_each():
    # card 28; digest 028
    st = action_round_state(hands={"USSR": [28], "USA": [4]}, clear=True,
                            influence={"France": (3, 0), "U.K.": (5, 0), "Israel": (1, 0)})
    st, _ = event(st, 28)
    st = place_all(st, "U.K.", 2, "remove")
    assert "U.K." not in countries(st)
    st, _ = choose(st, mode="remove", country="Israel")
    st, _ = choose(st, mode="remove", country="France")
    assert (infl(st, "U.K."), infl(st, "Israel"), infl(st, "France")) == ((3, 0), (0, 0), (2, 0))
    assert 28 in st["removed"] and round_prompt(st, "USA")


# ---------------------------------------------------------------- 029 East European Unrest
def test_east_european_unrest_one_each_early():
    # card 29; digest 029
    st = action_round_state(hands={"USA": [29], "USSR": []}, phasing="USA", clear=True,
                            influence={"Poland": (0, 3), "Hungary": (0, 1), "Romania": (0, 2),
                                       "Bulgaria": (0, 1)})
    st, _ = event(st, 29)
    st, _ = choose(st, mode="remove", country="Poland")
    assert "Poland" not in countries(st)
    st, _ = choose(st, mode="remove", country="Hungary")
    st, _ = choose(st, mode="remove", country="Romania")
    assert [infl(st, c)[1] for c in ("Poland", "Hungary", "Romania", "Bulgaria")] == [2, 0, 1, 1]
    assert 29 in st["discard"]


def test_east_european_unrest_two_each_in_late_war():
    # rewrite 2.1.3(a): the period of the current turn
    st = action_round_state(hands={"USA": [29], "USSR": []}, phasing="USA", clear=True, turn=8,
                            influence={"Poland": (0, 3), "Hungary": (0, 1), "Romania": (0, 2)})
    st, _ = event(st, 29)
    for c in ("Poland", "Hungary", "Romania"):
        st, _ = choose(st, mode="remove", country=c)
    assert [infl(st, c)[1] for c in ("Poland", "Hungary", "Romania")] == [1, 0, 0]


# ---------------------------------------------------------------- 030 Decolonization
def test_decolonization_one_point_per_country():
    # card 30; digest 030: four different countries in Africa or Southeast Asia, no access needed
    st = action_round_state(hands={"USSR": [30], "USA": [4]}, clear=True)
    st, _ = event(st, 30)
    assert "Vietnam" in countries(st) and "Zaire" in countries(st) and "India" not in countries(st)
    st, _ = choose(st, mode="place", country="Zaire")
    assert "Zaire" not in countries(st)
    for c in ("Vietnam", "Angola", "Thailand"):
        st, _ = choose(st, mode="place", country=c)
    assert [infl(st, c)[1] for c in ("Zaire", "Vietnam", "Angola", "Thailand")] == [1, 1, 1, 1]
    assert 30 in st["discard"] and round_prompt(st, "USA")


# ---------------------------------------------------------------- 031 Red Scare/Purge
def test_red_scare_minus_one_for_the_enemy_this_turn():
    # card 31; digest 031
    st = action_round_state(hands={"USSR": [31], "USA": [4, 21]})
    st, _ = event(st, 31)
    assert ops_value(st, "USA", 4) == 2 and ops_value(st, "USA", 21) == 3
    assert ops_value(st, "USSR", 7) == 3 and 31 in st["discard"]


def test_red_scare_on_a_one_op_card_stays_one():
    # card 31: never below 1 (classic rules 7.4 "aggregate"), coup MilOps use the modified value
    st = action_round_state(hands={"USA": [19, 22], "USSR": [7]}, phasing="USA",
                            influence={"Iran": (0, 1)})
    add_effect(st, 31, "USSR", until="turn")
    assert ops_value(st, "USA", 19) == 1
    st["dice"] = [1]
    st, _ = choose(st, mode="play", card=22)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Iran")
    assert st["milops"]["USA"] == 1                             # classic example 1: 2 - 1


def test_red_scare_twice_stacks():
    # U-8
    st = action_round_state(hands={"USSR": [31], "USA": [4, 21]})
    add_effect(st, 31, "USSR", until="turn")
    st, _ = event(st, 31)
    assert ops_value(st, "USA", 21) == 2 and ops_value(st, "USA", 4) == 1


def test_red_scare_usa_side_and_chinese_civil_war_restriction():
    # rewrite 3.1.3: the USSR cannot resolve it before claiming The China Card; the USA can
    st = action_round_state(hands={"USSR": [31], "USA": [4]}, options={"chinese_civil_war": True},
                            china=None)
    st, _ = choose(st, mode="play", card=31)
    assert "event" not in modes(st)
    st = action_round_state(hands={"USA": [31], "USSR": [7]}, phasing="USA",
                            options={"chinese_civil_war": True}, china=None)
    st, _ = event(st, 31)
    assert ops_value(st, "USSR", 7) == 2


def test_red_scare_ends_with_the_turn():
    # card 31; rewrite 4.3 (reset): a rest-of-turn effect ends
    st = action_round_state(hands={"USSR": [31], "USA": []}, action_round=6)
    st, _ = event(st, 31)
    assert st["turn"] == 2 and not has_effect(st, 31)


# ---------------------------------------------------------------- 032 UN Intervention
def test_un_intervention_cancels_enemy_event_and_uses_its_ops():
    # card 32; digest 032
    st = action_round_state(hands={"USA": [32, 7, 19], "USSR": [8]}, phasing="USA", clear=True,
                            influence={"Mexico": (1, 0), "Italy": (2, 0)})
    st, _ = event(st, 32)
    assert options_with(st, "card") == [7]                      # only the enemy's card
    st, _ = choose(st, mode="choose", card=7)
    assert 7 in st["discard"] and infl(st, "Italy") == (2, 0)   # Socialist Governments cancelled
    st = kind(st, "influence")
    st = place_all(st, "Mexico", 3, "influence")
    assert infl(st, "Mexico") == (4, 0) and 32 in st["discard"] and round_prompt(st, "USSR")


def test_un_intervention_needs_an_enemy_card():
    # card 32; digest 032: without an enemy card it is only a 1-op card (EW-5)
    st = action_round_state(hands={"USA": [32, 19], "USSR": [8]}, phasing="USA")
    st, _ = choose(st, mode="play", card=32)
    assert "event" not in modes(st)


def test_un_intervention_with_a_starred_card_discards_it():
    # digest 032: the cancelled card is discarded, not eliminated; own modifiers apply (Red Scare)
    st = action_round_state(hands={"USSR": [32, 21], "USA": [4]}, clear=True,
                            influence={"Poland": (0, 1)})
    add_effect(st, 31, "USA", until="turn")
    st, _ = event(st, 32)
    st, _ = choose(st, mode="choose", card=21)
    assert 21 in st["discard"]
    st = kind(st, "influence")
    st = place_all(st, "Poland", 3, "influence")               # NATO's 4 ops - 1
    assert infl(st, "Poland") == (0, 4) and round_prompt(st, "USA")


def test_un_intervention_is_never_a_headline():
    # card 32 (deluxe text): UN Intervention cannot be played in the headline phase
    st = headline_state({"USSR": [8], "USA": [32, 7]}, influence={"Cuba": (1, 0)})
    st, _ = choose(st, mode="headline", card=8)
    assert [o["card"] for o in decision(st)["options"]] == [7]


# ---------------------------------------------------------------- 033 De-Stalinization
def test_de_stalinization_moves_up_to_four():
    # card 33; digest 033 / FAQ #33
    st = action_round_state(hands={"USSR": [33], "USA": [4]}, clear=True,
                            influence={"Finland": (0, 3), "Iran": (0, 1), "Chile": (2, 0),
                                       "Mexico": (3, 0)})
    st, _ = event(st, 33)
    assert set(countries(st)) == {"Finland", "Iran"} and "done" in modes(st)
    st, _ = choose(st, mode="remove", country="Finland")
    st, _ = choose(st, mode="remove", country="Iran")
    st, _ = choose(st, mode="done")                             # up to 4: stop at 2
    assert "Mexico" not in countries(st) and "Chile" in countries(st)   # Mexico US-controlled
    st, _ = choose(st, mode="place", country="Chile")
    st, _ = choose(st, mode="place", country="Chile")
    assert infl(st, "Chile") == (2, 2) and infl(st, "Finland") == (0, 2) and infl(st, "Iran") == (0, 0)
    assert 33 in st["removed"] and round_prompt(st, "USA")


def test_de_stalinization_at_most_two_per_destination():
    # card 33; digest 033: at most 2 into any one country
    st = action_round_state(hands={"USSR": [33], "USA": [4]}, clear=True,
                            influence={"Finland": (0, 4)})
    st, _ = event(st, 33)
    st = place_all(st, "Finland", 4, "remove")
    st = place_all(st, "Chile", 2)
    assert "Chile" not in countries(st)
    st = place_all(st, "Peru", 2)
    assert infl(st, "Chile") == (0, 2) and infl(st, "Peru") == (0, 2) and round_prompt(st, "USA")


def test_de_stalinization_moving_nothing_still_eliminated():
    # card 33; digest convention 3: an event that changes nothing still occurs
    st = action_round_state(hands={"USSR": [33], "USA": [4]}, clear=True,
                            influence={"Finland": (0, 1)})
    st, _ = event(st, 33)
    st, _ = choose(st, mode="done")
    assert infl(st, "Finland") == (0, 1) and 33 in st["removed"]


# ---------------------------------------------------------------- 034 Nuclear Test Ban
def test_nuclear_test_ban():
    # card 34; digest 034: DEFCON - 2 VP using the DEFCON before it improves
    st = action_round_state(hands={"USA": [34], "USSR": [7]}, phasing="USA", defcon=4)
    st, _ = event(st, 34)
    assert st["vp"] == 2 and st["defcon"] == 5 and 34 in st["discard"]
    st = action_round_state(hands={"USSR": [34], "USA": [4]}, defcon=2)
    st, _ = event(st, 34)
    assert st["vp"] == 0 and st["defcon"] == 4


# ---------------------------------------------------------------- 035 Formosan Resolution
def test_formosan_resolution_taiwan_battleground_in_asia_scoring():
    # card 35; digest 001/035
    st = action_round_state(hands={"USA": [35], "USSR": [1]}, phasing="USA", clear=True,
                            influence={"Taiwan": (3, 0), "N. Korea": (0, 3)})
    st, _ = event(st, 35)
    assert has_effect(st, 35) and 35 in st["removed"]
    st, _ = choose(st, mode="play", card=1)
    # USA presence 3 + Taiwan 1 = 4; USSR presence 3 + N. Korea 1 = 4
    assert st["vp"] == 0
    st = action_round_state(hands={"USSR": [1], "USA": [4]}, clear=True,
                            influence={"Taiwan": (3, 0), "N. Korea": (0, 3)})
    st, _ = choose(st, mode="play", card=1)
    assert st["vp"] == -1                                       # without it


def test_formosan_resolution_needs_us_control_and_counts_in_battleground_total():
    # digest 035: Taiwan raises the battleground count, so the USSR has no Asia control
    st = action_round_state(hands={"USSR": [1], "USA": [4]}, clear=True,
                            influence={"Taiwan": (2, 0), "N. Korea": (0, 3)})
    add_effect(st, 35, "USA")
    st, _ = choose(st, mode="play", card=1)
    assert st["vp"] == -4                                       # Taiwan not controlled: ignored
    from squabble.games.struggle.events.scoring import region_points
    st = action_round_state(hands={"USSR": [1], "USA": [4]}, clear=True,
                            influence={c: (0, 9) for c in ("N. Korea", "S. Korea", "Japan", "India",
                                                            "Pakistan", "Thailand", "Burma")}
                            | {"Taiwan": (3, 0)})
    assert region_points(st, "Asia")["levels"]["USSR"] == "control"
    add_effect(st, 35, "USA")
    assert region_points(st, "Asia")["levels"]["USSR"] == "domination"


def test_formosan_resolution_at_final_scoring():
    # card 35; digest 035: final scoring included (rewrite 4.4.1)
    from squabble.games.struggle.events.scoring import region_points
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, clear=True,
                            influence={"Taiwan": (3, 0)})
    add_effect(st, 35, "USA")
    assert region_points(st, "Asia", final=True)["USA"] == 4


def test_formosan_resolution_ends_when_usa_plays_china_card():
    # FAQ #6 via digest 035: any US play of The China Card ends it
    st = action_round_state(hands={"USA": [4], "USSR": [7]}, phasing="USA", china="USA",
                            influence={"Taiwan": (3, 0)})
    add_effect(st, 35, "USA")
    st, _ = choose(st, mode="play", card=6)
    assert not has_effect(st, 35)
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, influence={"Taiwan": (3, 0)})
    add_effect(st, 35, "USA")
    st, _ = choose(st, mode="play", card=6)                     # the USSR's play: no change
    assert has_effect(st, 35)


def test_formosan_resolution_chinese_civil_war_restriction():
    # rewrite 3.1.3
    st = action_round_state(hands={"USA": [35], "USSR": []}, phasing="USA",
                            options={"chinese_civil_war": True}, china=None)
    st, _ = choose(st, mode="play", card=35)
    assert "event" not in modes(st)


# ---------------------------------------------------------------- 103 Defectors
def test_defectors_headline_cancels_ussr_headline():
    # card 103; FAQ #103 (digest): the USSR headline is discarded without effect, even if starred
    st = headline_state({"USSR": [8], "USA": [103]}, influence={"Cuba": (1, 0)})
    st, _ = choose(st, mode="headline", card=8)
    st, log = choose(st, mode="headline", card=103)
    assert infl(st, "Cuba") == (1, 0) and 8 in st["discard"] and 8 not in st["removed"]
    assert 103 in st["discard"] and st["vp"] == 0 and round_prompt(st, "USSR")


def test_defectors_cancels_a_scoring_card_headline():
    # card 103 + 3; FAQ #103 (digest): a cancelled scoring card is not scored
    st = headline_state({"USSR": [3], "USA": [103]}, influence={"Iraq": (0, 3)})
    st, _ = choose(st, mode="headline", card=3)
    st, _ = choose(st, mode="headline", card=103)
    assert st["vp"] == 0 and 3 in st["discard"]


def test_defectors_beats_a_higher_ops_ussr_headline():
    # card 103; FAQ #103: its cancellation beats the USSR headline whatever its ops (EW-2)
    st = headline_state({"USSR": [7], "USA": [103]}, influence={"Italy": (2, 0)})
    st, _ = choose(st, mode="headline", card=7)
    st, _ = choose(st, mode="headline", card=103)
    assert infl(st, "Italy") == (2, 0) and 7 in st["discard"]


def test_defectors_played_by_ussr_gives_usa_one_vp():
    # card 103: the USSR plays it for operations in an action round
    st = action_round_state(hands={"USSR": [103, 7], "USA": [4]}, clear=True,
                            influence={"Poland": (0, 1)})
    st, _ = event(st, 103, "ops_first")
    st = kind(st, "influence")
    st = place_all(st, "Poland", 2, "influence")
    assert st["vp"] == 1 and 103 in st["discard"] and round_prompt(st, "USA")


def test_defectors_headlined_by_ussr_or_played_by_usa_does_nothing():
    # card 103; FAQ #103 (digest): the USSR headlining it, or the USA playing it, does nothing
    st = headline_state({"USSR": [103], "USA": [19]})
    st, _ = choose(st, mode="headline", card=103)
    st, _ = choose(st, mode="headline", card=19)
    assert st["vp"] == 0 and 103 in st["discard"]
    st = action_round_state(hands={"USA": [103], "USSR": [7]}, phasing="USA")
    st, _ = event(st, 103)
    assert st["vp"] == 0 and round_prompt(st, "USSR")


def test_defectors_pulled_in_by_a_us_headline_cancels():
    # FAQ #67/#103 via digest: a US headline event that brings Defectors into play
    st = headline_state({"USSR": [103, 8], "USA": [5]}, influence={"Cuba": (1, 0)})
    st, _ = choose(st, mode="headline", card=8)
    st["hands"]["USSR"] = [103]                                  # Five Year Plan must find it
    st, _ = choose(st, mode="headline", card=5)                 # 3 ops: resolves first
    assert infl(st, "Cuba") == (1, 0) and 8 in st["discard"] and 103 in st["discard"]


# ---------------------------------------------------------------- 104 The Cambridge Five
def test_cambridge_five_shows_scoring_cards_and_places():
    # card 104; digest 104
    st = action_round_state(hands={"USSR": [104], "USA": [2, 4]}, options=OPT, clear=True)
    st, log = event(st, 104)
    assert any("Europe Scoring" in x for x in log) and not any("Duck and Cover" in x for x in log)
    assert "Italy" in countries(st) and "Iran" not in countries(st) and "done" in modes(st)
    st, _ = choose(st, mode="place", country="Italy")
    assert infl(st, "Italy") == (0, 1) and 104 in st["discard"] and round_prompt(st, "USA")


def test_cambridge_five_southeast_asia_card_and_optional():
    # card 104 + 38; digest 104: Southeast Asia card -> Southeast Asia only; "may"
    st = action_round_state(hands={"USSR": [104], "USA": [4]}, options=OPT, clear=True, turn=4)
    st["hands"]["USA"] = [38, 4]
    st["deck"] = [c for c in st["deck"] if c != 38]
    st, _ = event(st, 104)
    assert set(countries(st)) == {"Burma", "Indonesia", "Laos/Cambodia", "Malaysia",
                                  "Philippines", "Thailand", "Vietnam"}
    st, _ = choose(st, mode="done")
    assert round_prompt(st, "USA")


def test_cambridge_five_no_scoring_card_and_late_war():
    # card 104; digest 104: nothing without a scoring card; cannot occur in the Late War
    st = action_round_state(hands={"USSR": [104], "USA": [4]}, options=OPT)
    st, log = event(st, 104)
    assert any("no scoring card" in x for x in log) and round_prompt(st, "USA")
    st = action_round_state(hands={"USSR": [104], "USA": [4]}, options=OPT, turn=8)
    st, _ = choose(st, mode="play", card=104)
    assert "event" not in modes(st)


# ---------------------------------------------------------------- 105 Special Relationship
def test_special_relationship_without_nato():
    # card 105; digest 105
    st = action_round_state(hands={"USA": [105], "USSR": [7]}, phasing="USA", options=OPT)
    st, _ = event(st, 105)
    assert set(countries(st)) == {"Benelux", "Canada", "France", "Norway"}
    st, _ = choose(st, mode="place", country="Norway")
    assert infl(st, "Norway") == (1, 0) and st["vp"] == 0 and 105 in st["discard"]


def test_special_relationship_with_nato():
    # card 105 + 21; digest 105: NATO in force -> 2 influence in Western Europe and 2 VP
    st = action_round_state(hands={"USA": [105], "USSR": [7]}, phasing="USA", options=OPT)
    add_effect(st, 21, "USA")
    st, _ = event(st, 105)
    assert "U.K." in countries(st) and "Italy" in countries(st) and "Poland" not in countries(st)
    st, _ = choose(st, mode="place", country="Italy")
    assert infl(st, "Italy") == (2, 0) and st["vp"] == 2


def test_special_relationship_needs_the_uk():
    # card 105; digest 105: the U.K. not US-controlled -> nothing (EW-14)
    st = action_round_state(hands={"USA": [105], "USSR": [7]}, phasing="USA", options=OPT,
                            influence={"U.K.": (4, 0)})
    add_effect(st, 21, "USA")
    st, _ = event(st, 105)
    assert st["vp"] == 0 and 105 in st["discard"] and round_prompt(st, "USSR")


# ---------------------------------------------------------------- 106 NORAD
def test_norad_after_a_round_where_defcon_became_2():
    # card 106; U-12
    st = action_round_state(hands={"USA": [106], "USSR": [7, 8]}, phasing="USA", options=OPT,
                            defcon=3, influence={"Canada": (4, 0), "Iran": (1, 0)})
    st, _ = event(st, 106)
    assert has_effect(st, 106) and 106 in st["removed"]
    st["dice"] = [1]
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Iran")
    assert st["defcon"] == 2 and decision(st)["player"] == "USA"
    assert "Australia" in countries(st) and "Mexico" not in countries(st)
    assert validate(st) is None
    st, _ = choose(st, mode="place", country="Australia")
    assert infl(st, "Australia") == (5, 0)


def test_norad_needs_canada_and_ignores_the_headline():
    # card 106; digest 106 / U-12: Canada must be US-controlled; a headline is no action round
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]}, options=OPT, defcon=3,
                            influence={"Canada": (3, 0), "Iran": (1, 0)})
    add_effect(st, 106, "USA")
    st["dice"] = [1]
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Iran")
    assert st["defcon"] == 2 and round_prompt(st, "USA")        # Canada not US-controlled
    # a headline that lowers DEFCON to 2 is not an action round
    st = headline_state({"USA": [4, 19], "USSR": [7, 8]}, options=OPT, influence={"Canada": (4, 0)})
    st["defcon"] = 3
    add_effect(st, 106, "USA")
    st, _ = choose(st, mode="headline", card=7)
    st, _ = choose(st, mode="headline", card=4)
    st, _ = choose(st, mode="remove", country="U.K.")           # Socialist Governments (USSR)
    st, _ = choose(st, mode="remove", country="U.K.")
    while decision(st)["prompt"].startswith("Socialist"):
        st, _ = choose(st, mode="remove", country=countries(st)[0])
    assert st["defcon"] == 2
    assert round_prompt(st, "USSR")
    st, _ = choose(st, mode="play", card=8)
    st, _ = choose(st, mode="influence")
    st = place_all(st, "Poland", 2, "influence")
    assert round_prompt(st, "USA")                              # no NORAD after this round


# ---------------------------------------------------------------- every event, saved and loaded
def test_event_in_progress_survives_a_json_round_trip():
    # docs/struggle-events-api.md section 2: all progress lives in e.data / the stack
    st = action_round_state(hands={"USSR": [33], "USA": [4]}, clear=True,
                            influence={"Finland": (0, 3)})
    st, _ = event(st, 33)
    st, _ = choose(st, mode="remove", country="Finland")
    st = json.loads(json.dumps(st))
    assert validate(st) is None
    st, _ = choose(st, mode="done")
    st = json.loads(json.dumps(st))
    st, _ = choose(st, mode="place", country="Chile")
    assert infl(st, "Chile") == (0, 1) and infl(st, "Finland") == (0, 2) and round_prompt(st, "USA")
    assert validate(st) is None


def test_every_early_event_is_registered():
    # issue 7: every Early War event (1-35) and 103-106 exist
    from squabble.games.struggle.core import EVENTS
    assert set(range(1, 36)) | {103, 104, 105, 106} <= set(EVENTS)
