"""The Late War events (cards 82-102) and the optional 107-110.

Sources cited: "rewrite" = ../shared/seeds/twilight-struggle-rules-rewrite.md; "classic" = the
classic rules; "digest" = ../shared/reference/twilight-struggle-card-mechanics.md (card entry and
the FAQ it quotes); U-n = ../shared/design/struggle-rulings.md; LW-n = docs/struggle-late-war.md.
Mid War cards (55, 56, 59, 61, 68) are only used through their effect numbers (added directly to
the state) or, for blocked events, a stand-in event put in EVENTS with monkeypatch.
"""

import json

import pytest

from squabble.games.struggle import decision, validate, view
from squabble.games.struggle.core import EVENTS, HOOKS
from squabble.games.struggle.engine import rounds_for
from squabble.games.struggle.events import add_effect, can_occur, effect_args, has_effect
from squabble.games.struggle.events.early import nato_protects
from struggle_helpers import (action_round_state, cards, choose, countries, dummy_event, event,
                             headline_state, infl, modes, place_all, prompt, round_prompt)

OPT = {"optional_cards": True}
LATE = 8


# ---------------------------------------------------------------- helpers
def late(hands, phasing="USSR", **kw):
    kw.setdefault("turn", LATE)
    return action_round_state(hands=hands, phasing=phasing, **kw)


def stand_in(monkeypatch, card):
    """Make ``card``'s event exist (a Mid War card written elsewhere) so that only blocks count."""
    monkeypatch.setitem(EVENTS, card, dummy_event([]))


# ---------------------------------------------------------------- 082 Iranian Hostage Crisis
def test_iranian_hostage_crisis_iran_and_lasting_effect():
    # card 82; digest 082
    st = late({"USSR": [82], "USA": [84]}, influence={"Iran": (3, 1)})
    st, _ = event(st, 82)
    assert infl(st, "Iran") == (0, 3) and has_effect(st, 82) and 82 in st["removed"]
    assert round_prompt(st, "USA") and validate(st) is None


def test_terrorism_with_iranian_hostage_crisis_usa_discards_two():
    # card 92 + card 82; digest "Iranian Hostage Crisis" / FAQ #92: two random US cards
    st = late({"USSR": [92], "USA": [84, 85, 86]})
    add_effect(st, 82, "USSR")
    st, log = event(st, 92)
    assert len(st["hands"]["USA"]) == 1 and 92 in st["discard"]
    assert len(set(st["discard"]) & {84, 85, 86}) == 2
    assert sum("discards" in x for x in log) == 2


def test_terrorism_hostage_crisis_only_when_the_usa_is_the_victim():
    # card 92 + card 82; digest 082: the upgrade applies only when the USA is hit
    st = late({"USA": [92], "USSR": [87, 88, 90]}, phasing="USA")
    add_effect(st, 82, "USSR")
    st, _ = event(st, 92)
    assert len(st["hands"]["USSR"]) == 2


# ---------------------------------------------------------------- 083 The Iron Lady
def test_iron_lady():
    # card 83; digest 083
    st = late({"USA": [83], "USSR": [87]}, phasing="USA",
              influence={"Argentina": (0, 1), "U.K.": (5, 2)})
    st, _ = event(st, 83)
    assert infl(st, "Argentina") == (0, 2) and infl(st, "U.K.") == (5, 0)
    assert st["vp"] == 1 and has_effect(st, 83) and 83 in st["removed"]


def test_iron_lady_blocks_socialist_governments():
    # card 83 + card 7; digest "Socialist Governments blocked"; classic 5.2 example 2
    st = late({"USSR": [7, 87], "USA": [84]})
    add_effect(st, 83, "USA")
    st, _ = choose(st, mode="play", card=7)
    assert "event" not in modes(st)
    st = late({"USA": [7], "USSR": [87]}, phasing="USA", influence={"Italy": (3, 0)})
    add_effect(st, 83, "USA")
    st, _ = choose(st, mode="play", card=7)
    assert "event_first" not in modes(st) and "influence" in modes(st)
    st, _ = choose(st, mode="influence")
    st = place_all(st, "Canada", 3, "influence")
    assert infl(st, "Italy") == (3, 0) and 7 in st["discard"]


def test_iron_lady_argentina_gives_no_access_in_the_same_round():
    # card 83; digest 083 (aasmith #4): access is judged at the start of the action round
    st = late({"USSR": [83, 87], "USA": [84]}, clear=True)
    st, _ = event(st, 83, "event_first")
    assert infl(st, "Argentina") == (0, 1)
    st, _ = choose(st, mode="influence")
    assert not {"Argentina", "Chile", "Uruguay", "Paraguay"} & set(countries(st))


# ---------------------------------------------------------------- 084 Reagan Bombs Libya
def test_reagan_bombs_libya_one_vp_per_two():
    # card 84; digest 084 (rounded down; 0 VP still eliminates it)
    for ussr, gain in ((5, 2), (4, 2), (1, 0)):
        st = late({"USA": [84], "USSR": [87]}, phasing="USA", influence={"Libya": (0, ussr)})
        st, _ = event(st, 84)
        assert st["vp"] == gain and 84 in st["removed"]


# ---------------------------------------------------------------- 085 Star Wars
def test_star_wars_resolves_a_discarded_event():
    # card 85 + card 4; digest 085: non-scoring cards whose event can occur (not NATO w/o prereq)
    st = late({"USA": [85], "USSR": [87]}, phasing="USA", space={"USA": 3, "USSR": 2}, defcon=4)
    st["deck"] = [c for c in st["deck"] if c not in (1, 4, 21)]
    st["discard"] = [1, 4, 21]
    st, _ = event(st, 85)
    assert decision(st)["player"] == "USA" and cards(st) == [4]
    st, _ = choose(st, mode="choose", card=4)
    assert st["defcon"] == 3 and st["vp"] == 2
    assert 4 in st["discard"] and 85 in st["removed"] and validate(st) is None


def test_star_wars_not_ahead_nothing_and_discarded():
    # card 85; classic 5.2 example 4 / U-7: condition false -> discard pile
    for space in ({"USA": 2, "USSR": 2}, {"USA": 1, "USSR": 3}):
        st = late({"USA": [85], "USSR": [87]}, phasing="USA", space=space)
        st["deck"].remove(4)
        st["discard"] = [4]
        st, _ = event(st, 85)
        assert 85 in st["discard"] and 85 not in st["removed"] and st["vp"] == 0
        assert round_prompt(st, "USSR")


def test_star_wars_ussr_card_resolved_by_the_ussr_and_eliminated():
    # card 85 + card 8 (starred USSR card): resolved by its own side, then eliminated
    st = late({"USSR": [85, 87], "USA": [84]}, space={"USA": 1, "USSR": 0},
              influence={"Cuba": (2, 0)})
    st["deck"].remove(8)
    st["discard"] = [8]
    st, _ = event(st, 85, "event_first")          # the USSR plays Star Wars for operations
    assert decision(st)["player"] == "USA"
    st, _ = choose(st, mode="choose", card=8)
    assert infl(st, "Cuba") == (0, 3) and 8 in st["removed"] and 85 in st["removed"]
    assert decision(st)["player"] == "USSR"        # then the USSR's operations


def test_star_wars_fetching_un_intervention_pays_u2_incident():
    # card 85 + card 32 + card 60 (its effect added directly; its event_done hook is mid.py's):
    # digest 060: the extra VP whoever uses UN Intervention's event, Star Wars included
    st = late({"USA": [85, 87], "USSR": [84]}, phasing="USA", space={"USA": 3, "USSR": 2},
              clear=True, influence={"Mexico": (1, 0)})
    add_effect(st, 60, "USSR", until="turn")
    st["deck"].remove(32)
    st["discard"] = [32]
    st, _ = event(st, 85)
    st, _ = choose(st, mode="choose", card=32)
    st, _ = choose(st, mode="choose", card=87)                   # paired with The Reformer
    st = place_all(st, "Mexico", 3, "influence")
    assert infl(st, "Mexico") == (4, 0) and 87 in st["discard"] and 32 in st["discard"]
    assert st["vp"] == -1 and not has_effect(st, 60) and round_prompt(st, "USSR")


# ---------------------------------------------------------------- 086 North Sea Oil
def test_north_sea_oil_eighth_round_this_turn_only():
    # card 86; digest 086: the US alone takes an 8th action round, this turn
    st = late({"USA": [86, 84], "USSR": [87]}, phasing="USA", action_round=7)
    st, _ = event(st, 86)
    assert has_effect(st, 86) and 86 in st["removed"]
    assert round_prompt(st, "USA") and "action round 8" in prompt(st)
    assert rounds_for(st, "USSR") == 7
    st["turn"] += 1
    assert rounds_for(st, "USA") == 7


def test_north_sea_oil_eighth_round_may_be_declined():
    # card 86; digest 086 ("may"): the eighth round offers to play no card
    st = late({"USA": [86, 84], "USSR": [87]}, phasing="USA", action_round=7)
    st, _ = event(st, 86)
    assert "pass" in modes(st)
    st, log = choose(st, mode="pass")
    assert "USA plays no card." in log and 84 in st["hands"]["USA"] and st["turn"] == LATE + 1


def test_north_sea_oil_does_not_stack_with_space_station():
    # card 86; digest "North Sea Oil vs Space Station" (herbix): still 8
    st = late({"USA": [86], "USSR": [87]}, phasing="USA", space={"USA": 8, "USSR": 0})
    assert rounds_for(st, "USA") == 8
    st, _ = event(st, 86)
    assert rounds_for(st, "USA") == 8


def test_north_sea_oil_blocks_opec(monkeypatch):
    # card 86 + card 61 OPEC (mid.py); digest "OPEC blocked"
    stand_in(monkeypatch, 61)
    st = late({"USA": [86], "USSR": [61]}, phasing="USA")
    assert can_occur(st, 61, "USSR")
    st, _ = event(st, 86)
    assert not can_occur(st, 61, "USSR")


# ---------------------------------------------------------------- 087 The Reformer
def test_the_reformer_four_at_most_two_per_country():
    # card 87; digest 087: a tie gives 4
    st = late({"USSR": [87], "USA": [84]}, clear=True)
    st, _ = event(st, 87)
    assert "Poland" in countries(st) and "Italy" in countries(st) and "Iran" not in countries(st)
    st = place_all(st, "Poland", 2)
    assert "Poland" not in countries(st)
    st = place_all(st, "Italy", 2)
    assert infl(st, "Poland") == (0, 2) and infl(st, "Italy") == (0, 2)
    assert has_effect(st, 87) and 87 in st["removed"] and round_prompt(st, "USA")


def test_the_reformer_six_when_the_ussr_is_ahead():
    # card 87; digest 087
    st = late({"USSR": [87], "USA": [84]}, clear=True)
    st["vp"] = -1
    st, _ = event(st, 87)
    assert "(6 left)" in prompt(st)


def test_the_reformer_forbids_ussr_coups_in_europe_not_realignments():
    # card 87; digest 087: realignments in Europe stay allowed
    st = late({"USSR": [88, 87], "USA": [84]}, clear=True,
              influence={"Italy": (1, 0), "Iran": (1, 0)})
    add_effect(st, 87, "USSR")
    st, _ = choose(st, mode="play", card=88)
    st, _ = choose(st, mode="coup")
    assert countries(st) == ["Iran"]
    st = late({"USSR": [88, 87], "USA": [84]}, clear=True, influence={"Italy": (1, 0)})
    add_effect(st, 87, "USSR")
    st, _ = choose(st, mode="play", card=88)
    assert "coup" not in modes(st) and "realign" in modes(st)


# ---------------------------------------------------------------- 088 Marine Barracks Bombing
def test_marine_barracks_bombing():
    # card 88; digest 088: both points may come from one country
    st = late({"USSR": [88], "USA": [84]}, clear=True,
              influence={"Lebanon": (3, 0), "Israel": (3, 0), "Iran": (1, 0), "Italy": (2, 0)})
    st, _ = event(st, 88)
    assert infl(st, "Lebanon") == (0, 0)
    assert set(countries(st)) == {"Israel", "Iran"}
    st = place_all(st, "Israel", 2, "remove")
    assert infl(st, "Israel") == (1, 0) and 88 in st["removed"] and round_prompt(st, "USA")


# ---------------------------------------------------------------- 089 Soviets Shoot Down KAL-007
def test_kal_007_defcon_vp_and_no_ops_without_south_korea():
    # card 89; digest 089
    st = late({"USA": [89], "USSR": [87]}, phasing="USA", defcon=4,
              influence={"S. Korea": (1, 3)})
    st, _ = event(st, 89)
    assert st["defcon"] == 3 and st["vp"] == 2 and round_prompt(st, "USSR")


def test_kal_007_four_ops_with_south_korea():
    # card 89; digest 089: influence or realignments, never a coup; "may"
    st = late({"USA": [89], "USSR": [87]}, phasing="USA", influence={"S. Korea": (3, 0)})
    st, _ = event(st, 89)
    assert set(modes(st)) == {"use", "pass"}
    assert {o.get("kind") for o in decision(st)["options"]} == {"influence", "realign", None}
    st, _ = choose(st, mode="use", kind="influence")
    st = place_all(st, "Japan", 4, "influence")
    assert infl(st, "Japan") == (5, 0) and round_prompt(st, "USSR")
    st = late({"USA": [89], "USSR": [87]}, phasing="USA", influence={"S. Korea": (3, 0)})
    st, _ = event(st, 89)
    st, _ = choose(st, mode="pass")
    assert round_prompt(st, "USSR") and 89 in st["removed"]


def test_kal_007_played_by_ussr_at_defcon_2_ussr_loses():
    # card 89; digest 089 / rewrite 2.1.5(d): the phasing side loses
    st = late({"USSR": [89, 87], "USA": [84]}, defcon=2)
    st, _ = event(st, 89, "event_first")
    assert st["defcon"] == 1 and st["winner"] == "USA"


def test_kal_007_ops_modified_by_red_scare():
    # card 89 + card 31; U-2: the 4 ops are the USA's operations, with its modifiers
    st = late({"USA": [89], "USSR": [87]}, phasing="USA", influence={"S. Korea": (3, 0)})
    add_effect(st, 31, "USSR", until="turn")
    st, _ = event(st, 89)
    st, _ = choose(st, mode="use", kind="influence")
    st = place_all(st, "Japan", 3, "influence")
    assert infl(st, "Japan") == (4, 0) and round_prompt(st, "USSR")


# ---------------------------------------------------------------- 090 Glasnost
def test_glasnost_without_the_reformer():
    # card 90; digest 090
    st = late({"USSR": [90], "USA": [84]}, defcon=3)
    st, _ = event(st, 90)
    assert st["defcon"] == 4 and st["vp"] == -2 and round_prompt(st, "USA")
    assert 90 in st["removed"]


def test_glasnost_with_the_reformer_four_ops():
    # card 90 + card 87; digest "Reformer boosts Glasnost"
    st = late({"USSR": [90], "USA": [84]}, clear=True, influence={"Poland": (0, 1)})
    add_effect(st, 87, "USSR")
    st, _ = event(st, 90)
    assert {o.get("kind") for o in decision(st)["options"]} == {"influence", None}  # no realign target
    st, _ = choose(st, mode="use", kind="influence")
    st = place_all(st, "Poland", 4, "influence")
    assert infl(st, "Poland") == (0, 5) and round_prompt(st, "USA")


def test_glasnost_ops_blocked_by_chernobyl():
    # card 90 + card 94; digest 090/094: Glasnost's ops are operations, Chernobyl blocks them
    st = late({"USSR": [90], "USA": [84]}, clear=True, influence={"Poland": (0, 1)})
    add_effect(st, 87, "USSR")
    add_effect(st, 94, "USA", until="turn", region="Europe")
    st, _ = event(st, 90)
    st, _ = choose(st, mode="use", kind="influence")
    assert "Poland" not in countries(st) and "Afghanistan" in countries(st)


# ---------------------------------------------------------------- 091 Ortega Elected in Nicaragua
def test_ortega_free_coup_in_cuba():
    # card 91; digest 091: free coup (no MilOps) next to Nicaragua; Cuba lowers DEFCON
    st = late({"USSR": [91], "USA": [84]}, clear=True,
              influence={"Nicaragua": (2, 0), "Cuba": (1, 0), "Panama": (1, 0)})
    st, _ = event(st, 91)
    assert infl(st, "Nicaragua") == (0, 0)
    st, _ = choose(st, mode="use", kind="coup")
    assert countries(st) == ["Cuba"]
    st["dice"] = [5]
    st, _ = choose(st, mode="coup", country="Cuba")
    # 5 + 2 - 2*3 = 1: the US point is removed
    assert infl(st, "Cuba") == (0, 0) and st["defcon"] == 4 and st["milops"]["USSR"] == 0
    assert 91 in st["removed"] and round_prompt(st, "USA")


def test_ortega_coup_declined_or_impossible():
    # card 91: "may"; without US influence next door nothing is asked
    st = late({"USSR": [91], "USA": [84]}, clear=True, influence={"Honduras": (1, 0)})
    st, _ = event(st, 91)
    st, _ = choose(st, mode="pass")
    assert infl(st, "Honduras") == (1, 0) and round_prompt(st, "USA")
    st = late({"USSR": [91], "USA": [84]}, clear=True, influence={"Nicaragua": (1, 0)})
    st, _ = event(st, 91)
    assert round_prompt(st, "USA") and 91 in st["removed"]


# ---------------------------------------------------------------- 092 Terrorism
def test_terrorism_random_card_from_the_generator():
    # card 92; digest 092: one random card of the enemy (state's generator)
    picked = set()
    for seed in range(6):
        st = late({"USA": [92], "USSR": [87, 88, 90, 91]}, phasing="USA", seed=seed)
        st, _ = event(st, 92)
        gone = {87, 88, 90, 91} - set(st["hands"]["USSR"])
        assert len(gone) == 1 and gone <= set(st["discard"])
        picked |= gone
    assert len(picked) > 1


def test_terrorism_discarded_scoring_card_is_not_scored_and_empty_hand():
    # card 92; digest 092 / classic 5.4: no event, no scoring; an empty hand: nothing
    st = late({"USA": [92], "USSR": [2]}, phasing="USA", clear=True,
              influence={"Poland": (0, 4)})
    st, _ = event(st, 92)
    assert 2 in st["discard"] and st["vp"] == 0 and st["winner"] is None
    st = late({"USA": [92], "USSR": []}, phasing="USA")
    st, log = event(st, 92)
    assert 92 in st["discard"] and any("no card" in x for x in log)


# ---------------------------------------------------------------- 093 Iran-Contra Scandal
def test_iran_contra_us_realignment_die_minus_one():
    # card 93; digest 093 / LW-5: the US die of every realignment, this turn
    st = late({"USSR": [93], "USA": [84, 85]}, clear=True, influence={"Peru": (0, 2)})
    st, _ = event(st, 93)
    assert has_effect(st, 93) and effect_args(st, 93)[0]["until"] == "turn"
    st["dice"] = [4, 3]                            # US 4-1 = 3, USSR 3 +1 (more influence) = 4
    st, _ = choose(st, mode="play", card=84)
    st, _ = choose(st, mode="realign")
    st, log = choose(st, mode="realign", country="Peru")
    assert any("USA 4→3" in x for x in log)
    assert infl(st, "Peru") == (0, 2)


def test_iran_contra_also_on_the_us_die_of_a_soviet_realignment():
    # card 93; LW-5 (twistr, herbix): the defending US die too
    st = late({"USSR": [88], "USA": [84]}, clear=True, influence={"Peru": (1, 0)})
    add_effect(st, 93, "USSR", until="turn")
    st["dice"] = [3, 3]
    st, _ = choose(st, mode="play", card=88)
    st, _ = choose(st, mode="realign")
    st, log = choose(st, mode="realign", country="Peru")
    assert any("USA 3→" in x and "USSR 3→3" in x for x in log)   # US 3 + 1 (more) - 1 = 3
    assert any("USA 3→3" in x for x in log)


def test_iran_contra_applies_to_tear_down_this_wall_realignments():
    # card 93 + card 96; digest 093: event-granted US realignments too
    st = late({"USA": [96], "USSR": [87]}, phasing="USA", clear=True,
              influence={"Greece": (0, 1)})
    add_effect(st, 93, "USSR", until="turn")
    st, _ = event(st, 96)
    st, _ = choose(st, mode="use", kind="realign")
    st["dice"] = [2, 1]
    st, log = choose(st, mode="realign", country="Greece")
    assert any("USA 2→1" in x for x in log)


# ---------------------------------------------------------------- 094 Chernobyl
def test_chernobyl_blocks_ussr_influence_by_operations_in_the_region():
    # card 94; digest 094 / FAQ #94
    st = late({"USA": [94], "USSR": [88, 87]}, phasing="USA", clear=True,
              influence={"Poland": (0, 1), "Iraq": (0, 1), "Italy": (1, 0)})
    st, _ = event(st, 94)
    assert len(decision(st)["options"]) == 6
    st, _ = choose(st, mode="choose", region="Europe")
    assert has_effect(st, 94) and effect_args(st, 94)[0] == {"card": 94, "by": "USA", "until": "turn",
                                                              "region": "Europe"}
    st, _ = choose(st, mode="play", card=88)
    st, _ = choose(st, mode="influence")
    assert "Poland" not in countries(st) and "Iraq" in countries(st)


def test_chernobyl_leaves_coups_realignments_and_events_alone():
    # card 94; FAQ #94 (digest): coups, realignments and event placement stay allowed
    st = late({"USSR": [88, 87], "USA": [84]}, clear=True, influence={"Italy": (1, 0)})
    add_effect(st, 94, "USA", until="turn", region="Europe")
    st, _ = choose(st, mode="play", card=88)
    assert "coup" in modes(st) and "realign" in modes(st)
    st = late({"USSR": [87], "USA": [84]}, clear=True)
    add_effect(st, 94, "USA", until="turn", region="Europe")
    st, _ = event(st, 87)
    assert "Poland" in countries(st)               # The Reformer's placement is an event


def test_chernobyl_asia_covers_southeast_asia_and_ends_with_the_turn():
    # card 94; digest 094 (Rules 2.1.2): naming Asia covers Southeast Asia
    st = late({"USSR": [88], "USA": [84]}, clear=True, influence={"Thailand": (0, 1)})
    add_effect(st, 94, "USA", until="turn", region="Asia")
    st, _ = choose(st, mode="play", card=88)
    st, _ = choose(st, mode="influence")
    assert "Thailand" not in countries(st) and "Vietnam" not in countries(st)
    from squabble.games.struggle.core import end_turn_effects
    end_turn_effects(st)
    assert not has_effect(st, 94)


# ---------------------------------------------------------------- 095 Latin American Debt Crisis
def test_debt_crisis_usa_discards_a_three_ops_card():
    # card 95; digest 095
    st = late({"USSR": [95], "USA": [84, 83]}, influence={"Brazil": (0, 2)})
    st, _ = event(st, 95)
    assert decision(st)["player"] == "USA" and set(cards(st)) == {83}
    st, _ = choose(st, mode="discard", card=83)
    assert 83 in st["discard"] and infl(st, "Brazil") == (0, 2) and 95 in st["discard"]


def test_debt_crisis_doubling_two_countries():
    # card 95; digest 095: the USSR picks 2 different countries holding its influence
    st = late({"USSR": [95], "USA": [84, 83]}, clear=True,
              influence={"Brazil": (0, 2), "Chile": (0, 3), "Peru": (0, 1)})
    st, _ = event(st, 95)
    st, _ = choose(st, mode="pass")
    assert decision(st)["player"] == "USSR"
    assert set(countries(st)) == {"Brazil", "Chile", "Peru"}
    st, _ = choose(st, mode="choose", country="Chile")
    assert "Chile" not in countries(st)
    st, _ = choose(st, mode="choose", country="Brazil")
    assert infl(st, "Chile") == (0, 6) and infl(st, "Brazil") == (0, 4)
    assert infl(st, "Peru") == (0, 1) and round_prompt(st, "USA")


def test_debt_crisis_without_a_three_ops_card_and_modified_ops():
    # card 95 + card 31; digest 095: threshold after modifiers (Red Scare makes 3 -> 2)
    st = late({"USSR": [95], "USA": [84, 83]}, clear=True, influence={"Brazil": (0, 2)})
    add_effect(st, 31, "USSR", until="turn")
    st, _ = event(st, 95)
    assert decision(st)["player"] == "USSR" and countries(st) == ["Brazil"]
    st, _ = choose(st, mode="choose", country="Brazil")
    assert infl(st, "Brazil") == (0, 4) and round_prompt(st, "USA")


# ---------------------------------------------------------------- 096 Tear Down this Wall
def test_tear_down_this_wall_free_coup_in_europe_whatever_defcon():
    # card 96; digest 096 / FAQ #96: free (no MilOps), no DEFCON limit
    st = late({"USA": [96], "USSR": [87]}, phasing="USA", clear=True, defcon=3,
              influence={"Austria": (0, 2), "Iran": (0, 2)})
    st, _ = event(st, 96)
    assert infl(st, "E. Germany") == (3, 0)
    st, _ = choose(st, mode="use", kind="coup")
    assert countries(st) == ["Austria"]
    st["dice"] = [6]
    st, _ = choose(st, mode="coup", country="Austria")
    # 6 + 3 - 2*4 = 1
    assert infl(st, "Austria") == (0, 1) and st["milops"]["USA"] == 0 and st["defcon"] == 3
    assert 96 in st["removed"] and round_prompt(st, "USSR")


def test_tear_down_this_wall_coup_in_a_battleground_lowers_defcon():
    # card 96; digest 096: a European battleground still lowers DEFCON
    st = late({"USA": [96], "USSR": [87]}, phasing="USA", clear=True, defcon=4,
              influence={"Italy": (0, 1)})
    st, _ = event(st, 96)
    st["dice"] = [6]
    st, _ = choose(st, mode="use", kind="coup")
    st, _ = choose(st, mode="coup", country="Italy")
    assert st["defcon"] == 3 and infl(st, "Italy")[1] == 0


def test_tear_down_this_wall_ops_modified_by_containment():
    # card 96 + card 25; U-2 (digest 096: herbix and Saito modify the 3 ops)
    st = late({"USA": [96], "USSR": [87]}, phasing="USA", clear=True,
              influence={"Austria": (0, 3)})
    add_effect(st, 25, "USA", until="turn")
    st, _ = event(st, 96)
    st, _ = choose(st, mode="use", kind="coup")
    st["dice"] = [6]
    st, _ = choose(st, mode="coup", country="Austria")
    assert infl(st, "Austria") == (0, 1)               # 6 + 4 - 8 = 2


def test_tear_down_this_wall_ends_and_blocks_willy_brandt(monkeypatch):
    # card 96 + card 55 (mid.py) + card 21; digest "Willy Brandt blocked/cancelled", NATO again
    stand_in(monkeypatch, 55)
    st = late({"USA": [96], "USSR": [87]}, phasing="USA", influence={"W. Germany": (5, 0)})
    add_effect(st, 21, "USA")
    add_effect(st, 55, "USSR")
    assert not nato_protects(st, "W. Germany") and can_occur(st, 55, "USSR")
    st, _ = event(st, 96)
    st, _ = choose(st, mode="pass")
    assert not has_effect(st, 55) and not can_occur(st, 55, "USSR")
    assert nato_protects(st, "W. Germany")


# ---------------------------------------------------------------- 097 "An Evil Empire"
def test_evil_empire_ends_and_blocks_flower_power(monkeypatch):
    # card 97 + card 59 (mid.py); digest "Flower Power blocked/cancelled"
    stand_in(monkeypatch, 59)
    st = late({"USA": [97], "USSR": [87]}, phasing="USA")
    add_effect(st, 59, "USSR")
    st, _ = event(st, 97)
    assert st["vp"] == 1 and not has_effect(st, 59) and has_effect(st, 97)
    assert not can_occur(st, 59, "USSR") and 97 in st["removed"]


# ---------------------------------------------------------------- 098 Aldrich Ames Remix
def test_aldrich_ames_ussr_chooses_the_us_discard():
    # card 98; digest 098: the USSR picks; no event, no scoring of a scoring card
    st = late({"USSR": [98], "USA": [84, 2, 4]}, clear=True, influence={"Poland": (0, 4)})
    st, log = event(st, 98)
    assert any("shows its hand" in x and "Duck and Cover" in x for x in log)
    assert decision(st)["player"] == "USSR" and set(cards(st)) == {84, 2, 4}
    st, _ = choose(st, mode="discard", card=2)
    assert 2 in st["discard"] and st["vp"] == 0 and st["hands"]["USA"] == [84, 4]
    assert has_effect(st, 98) and effect_args(st, 98)[0]["until"] == "turn"
    assert 98 in st["removed"] and round_prompt(st, "USA")


def test_aldrich_ames_keeps_the_us_hand_open_to_the_ussr():
    # card 98; LW-13: for the rest of the turn the USSR's view shows the US hand
    st = late({"USSR": [98], "USA": [84, 2, 4]}, clear=True, influence={"Poland": (0, 4)})
    assert view(st, "USSR")["hands"]["USA"] == 3          # a count before the event
    st, _ = event(st, 98)
    st, _ = choose(st, mode="discard", card=2)
    assert view(st, "USSR")["hands"]["USA"] == [84, 4]     # open while effect 98 is in force
    assert view(st, "USA")["hands"]["USSR"] == len(st["hands"]["USSR"])  # not the other way


def test_aldrich_ames_empty_us_hand():
    # card 98: nothing to discard, the event still occurs
    st = late({"USSR": [98], "USA": []})
    st, _ = event(st, 98)
    assert 98 in st["removed"]


# ---------------------------------------------------------------- 099 Pershing II Deployed
def test_pershing_ii_one_vp_and_up_to_three_countries():
    # card 99; digest 099
    st = late({"USSR": [99], "USA": [84]}, clear=True,
              influence={"Italy": (2, 0), "France": (1, 0), "U.K.": (3, 0), "Spain/Portugal": (1, 0),
                         "Poland": (1, 0)})
    st, _ = event(st, 99)
    assert st["vp"] == -1 and "Poland" not in countries(st)
    st, _ = choose(st, mode="remove", country="Italy")
    assert "Italy" not in countries(st)
    st, _ = choose(st, mode="remove", country="U.K.")
    st, _ = choose(st, mode="done")                # "up to"
    assert infl(st, "Italy") == (1, 0) and infl(st, "U.K.") == (2, 0)
    assert infl(st, "France") == (1, 0) and 99 in st["removed"] and round_prompt(st, "USA")


# ---------------------------------------------------------------- 100 Wargames
def test_wargames_not_at_defcon_2_discarded():
    # card 100; FAQ #100 (digest): nothing happens, the card goes back to the discard pile
    st = late({"USSR": [100], "USA": [84]}, defcon=3)
    st, _ = event(st, 100)
    assert st["winner"] is None and 100 in st["discard"] and round_prompt(st, "USA")


def test_wargames_ends_the_game_enemy_gains_six():
    # card 100; digest 100: the enemy gains 6 VP, then the side ahead wins
    st = late({"USSR": [100], "USA": [84]}, defcon=2)
    st["vp"] = -7
    st, _ = event(st, 100)
    st, _ = choose(st, mode="end")
    assert st["vp"] == -1 and st["winner"] == "USSR" and decision(st) is None
    st = late({"USA": [100], "USSR": [87]}, phasing="USA", defcon=2)
    st["vp"] = 6
    st, _ = event(st, 100)
    st, _ = choose(st, mode="end")
    assert st["vp"] == 0 and st["winner"] == "draw"


def test_wargames_declined_still_eliminated():
    # card 100; FAQ #100 reading (digest): at DEFCON 2 the card is used even if declined
    st = late({"USSR": [100], "USA": [84]}, defcon=2)
    st, _ = event(st, 100)
    st, _ = choose(st, mode="pass")
    assert st["winner"] is None and 100 in st["removed"] and round_prompt(st, "USA")


def test_wargames_six_vp_reaching_twenty():
    # card 100; digest 100: the 6 VP can give the enemy its 20
    st = late({"USSR": [100], "USA": [84]}, defcon=2)
    st["vp"] = 15
    st, _ = event(st, 100)
    st, _ = choose(st, mode="end")
    assert st["winner"] == "USA"


# ---------------------------------------------------------------- 101 Solidarity
def test_solidarity_needs_john_paul_ii():
    # card 101 + card 68 (mid.py, its effect added directly); digest "Solidarity prerequisite"
    st = late({"USA": [101], "USSR": [87]}, phasing="USA")
    st, _ = choose(st, mode="play", card=101)
    assert "event" not in modes(st)
    st = late({"USSR": [101, 87], "USA": [84]})
    st, _ = choose(st, mode="play", card=101)
    assert "event_first" not in modes(st)
    st, _ = choose(st, mode="influence")
    st = place_all(st, "Afghanistan", 2, "influence")
    assert 101 in st["discard"]                    # U-7: not eliminated
    st = late({"USA": [101], "USSR": [87]}, phasing="USA", influence={"Poland": (0, 3)})
    add_effect(st, 68, "USA")
    st, _ = event(st, 101)
    assert infl(st, "Poland") == (3, 3) and 101 in st["removed"]


# ---------------------------------------------------------------- 102 Iran-Iraq War
def test_iran_iraq_war_victory_with_forced_die():
    # card 102; digest 102 / EW-18: -1 per enemy-controlled neighbour, 4+ wins
    st = late({"USSR": [102], "USA": [84]}, clear=True,
              influence={"Iran": (3, 1), "Pakistan": (2, 0)})
    st, _ = event(st, 102)
    st["dice"] = [5]
    st, log = choose(st, mode="choose", country="Iran")
    assert any("5 -1 = 4" in x for x in log)
    assert infl(st, "Iran") == (0, 4) and st["vp"] == -2 and st["milops"]["USSR"] == 2
    assert 102 in st["removed"]


def test_iran_iraq_war_defeat_still_gives_milops():
    # card 102; digest "War cards": MilOps win or lose
    st = late({"USA": [102], "USSR": [87]}, phasing="USA", clear=True,
              influence={"Iraq": (0, 2), "Jordan": (0, 2), "Saudi Arabia": (0, 3)})
    st, _ = event(st, 102)
    st["dice"] = [5]
    st, _ = choose(st, mode="choose", country="Iraq")   # 5 - 2 = 3: defeat
    assert infl(st, "Iraq") == (0, 2) and st["vp"] == 0 and st["milops"]["USA"] == 2


@pytest.mark.skipif(59 not in HOOKS["card_played"], reason="Flower Power (mid.py) not written")
def test_iran_iraq_war_played_by_the_usa_under_flower_power():
    # card 102 + card 59 (its effect added directly; its hook is mid.py's): digest "Flower Power
    # trigger": the USSR gains 2 VP when the USA plays a war card
    st = late({"USA": [102], "USSR": [87]}, phasing="USA", clear=True)
    add_effect(st, 59, "USSR")
    st, _ = event(st, 102)
    st["dice"] = [1]
    st, _ = choose(st, mode="choose", country="Iraq")
    assert st["vp"] == -2 and st["milops"]["USA"] == 2


# ---------------------------------------------------------------- 107 Che
def test_che_two_coups_when_the_first_removes_us_influence():
    # card 107; digest 107: non-battlegrounds of Africa, Central/South America; MilOps count
    st = late({"USSR": [107], "USA": [84]}, options=OPT, clear=True,
              influence={"Bolivia": (1, 0), "Guatemala": (1, 0), "Brazil": (1, 0),
                         "Poland": (1, 0)})
    st, _ = event(st, 107)
    st, _ = choose(st, mode="use", kind="coup")
    assert set(countries(st)) == {"Bolivia", "Guatemala"}      # Brazil is a battleground
    st["dice"] = [2]
    st, _ = choose(st, mode="coup", country="Bolivia")      # 2 + 3 - 4 = 1
    assert infl(st, "Bolivia") == (0, 0) and st["milops"]["USSR"] == 3
    st, _ = choose(st, mode="use", kind="coup")
    assert countries(st) == ["Guatemala"]
    st["dice"] = [6]
    st, _ = choose(st, mode="coup", country="Guatemala")
    assert infl(st, "Guatemala") == (0, 6) and st["defcon"] == 5       # 6 + 3 - 2 = 7
    assert 107 in st["discard"] and round_prompt(st, "USA")


def test_che_no_second_coup_after_a_failure():
    # card 107; digest 107: the second coup needs US influence removed by the first
    st = late({"USSR": [107], "USA": [84]}, options=OPT, clear=True,
              influence={"Bolivia": (1, 0), "Guatemala": (1, 0)})
    st, _ = event(st, 107)
    st, _ = choose(st, mode="use", kind="coup")
    st["dice"] = [1]
    st, _ = choose(st, mode="coup", country="Bolivia")      # 1 + 3 - 4 = 0
    assert infl(st, "Bolivia") == (1, 0) and round_prompt(st, "USA")


def test_che_played_by_the_usa_for_operations():
    # card 107; digest 107: the USSR makes the coups inside the US action round
    st = late({"USA": [107], "USSR": [87]}, phasing="USA", options=OPT, clear=True,
              influence={"Bolivia": (1, 0)})
    st, _ = event(st, 107, "event_first")
    assert decision(st)["player"] == "USSR"
    st, _ = choose(st, mode="pass")
    assert decision(st)["player"] == "USA"


# ---------------------------------------------------------------- 108 Our Man in Tehran
def test_our_man_in_tehran_needs_a_middle_east_country():
    # card 108; digest 108 / U-7: condition false -> no effect, discarded
    st = action_round_state(hands={"USA": [108], "USSR": [36]}, phasing="USA", turn=4,
                            options=OPT, clear=True)
    st, _ = event(st, 108)
    assert 108 in st["discard"] and round_prompt(st, "USSR")


def test_our_man_in_tehran_discards_some_of_five_and_shuffles():
    # card 108; digest 108
    st = action_round_state(hands={"USA": [108], "USSR": [36]}, phasing="USA", turn=4,
                            options=OPT, clear=True, influence={"Israel": (4, 0)})
    top = list(st["deck"][:5])
    size = len(st["deck"])
    st, _ = event(st, 108)
    assert decision(st)["player"] == "USA" and cards(st) == top
    st, log = choose(st, mode="discard", card=top[0])
    assert any("discards" in x for x in log)
    st, _ = choose(st, mode="discard", card=top[3])
    assert cards(st) == [top[1], top[2], top[4]]
    st, _ = choose(st, mode="done")
    assert set(st["discard"]) == {top[0], top[3]} and len(st["deck"]) == size - 2
    assert 108 in st["removed"] and validate(st) is None and round_prompt(st, "USSR")
    assert st["hands"]["USA"] == []                 # the cards never reach the US hand


def test_our_man_in_tehran_short_draw_pile_reshuffles_the_discards():
    # card 108; rewrite 2.3.1(a): drawing from an exhausted pile reshuffles the discard pile
    st = action_round_state(hands={"USA": [108], "USSR": [36]}, phasing="USA", turn=4,
                            options=OPT, clear=True, influence={"Israel": (4, 0)})
    rest = st["deck"][2:]
    st["deck"] = st["deck"][:2]
    st["discard"] = rest
    st, _ = event(st, 108)
    assert len(cards(st)) == 5 and cards(st)[:2] == st["deck"][:2]
    st, _ = choose(st, mode="done")
    assert validate(st) is None and len(st["deck"]) == 2 + len(rest)


# ---------------------------------------------------------------- 109 Yuri and Samantha
def test_yuri_and_samantha_pays_nothing_when_a_coup_is_only_previewed():
    # card 109: the VP is paid by the coup_done hook, so evaluating coup_mod pays nothing
    from squabble.games.struggle.core import active_hooks
    st = late({"USSR": [109], "USA": [84]}, clear=True, influence={"Iran": (0, 1)})
    st, _ = event(st, 109)
    mods = [fn(st, a, "USA", "Iran") for fn, a in active_hooks(st, "coup_mod")]
    assert sum(mods) == 0 and st["vp"] == 0


def test_yuri_and_samantha_one_vp_per_us_coup():
    # card 109; digest 109: each US coup pays the USSR 1 VP, free coups too; not USSR coups
    st = late({"USSR": [109, 88], "USA": [96, 84]}, options=OPT, clear=True,
              influence={"Iran": (0, 1), "Austria": (0, 1), "Mexico": (1, 0)})
    st, _ = event(st, 109)
    assert has_effect(st, 109) and 109 in st["removed"]
    st["dice"] = [1]
    st, _ = choose(st, mode="play", card=84)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Iran")
    assert st["vp"] == -1
    st["dice"] = [1]
    st, _ = choose(st, mode="play", card=88)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Mexico")
    assert st["vp"] == -1                              # a USSR coup pays nothing
    st["dice"] = [1]
    st, _ = event(st, 96)                              # Tear Down this Wall's free coup
    st, _ = choose(st, mode="use", kind="coup")
    st, _ = choose(st, mode="coup", country="Austria")
    assert st["vp"] == -2 and effect_args(st, 109)[0]["until"] == "turn"


# ---------------------------------------------------------------- 110 AWACS Sale to Saudis
def test_awacs_adds_two_and_blocks_muslim_revolution(monkeypatch):
    # card 110 + card 56 (mid.py); digest "Muslim Revolution blocked"
    stand_in(monkeypatch, 56)
    st = late({"USA": [110], "USSR": [87]}, phasing="USA", options=OPT,
              influence={"Saudi Arabia": (0, 2)})
    assert can_occur(st, 56, "USSR")
    st, _ = event(st, 110)
    assert infl(st, "Saudi Arabia") == (2, 2) and has_effect(st, 110) and 110 in st["removed"]
    assert not can_occur(st, 56, "USSR")


# ---------------------------------------------------------------- headline and save/load
def test_kal_007_headline_ops():
    # card 89; digest 089 / conventions 6: the event grants the ops even in the headline
    st = headline_state({"USA": [89, 84], "USSR": [87, 88]}, turn=LATE,
                        influence={"S. Korea": (3, 0)})
    st, _ = choose(st, mode="headline", card=88)        # the USSR chooses first
    st, _ = choose(st, mode="headline", card=89)
    assert decision(st)["player"] == "USA" and "use" in modes(st)
    assert st["defcon"] == 4 and st["vp"] == 2


def test_late_event_in_progress_survives_a_json_round_trip():
    # events API: all progress in e.data (Latin American Debt Crisis between its two picks)
    st = late({"USSR": [95], "USA": [84]}, clear=True,
              influence={"Brazil": (0, 2), "Chile": (0, 3)})
    st, _ = event(st, 95)
    st, _ = choose(st, mode="choose", country="Chile")
    st = json.loads(json.dumps(st))
    assert validate(st) is None and countries(st) == ["Brazil"]
    st, _ = choose(st, mode="choose", country="Brazil")
    assert infl(st, "Brazil") == (0, 4) and infl(st, "Chile") == (0, 6)


def test_every_late_event_is_registered():
    # this issue: cards 82-102 and the optional 107-110
    assert set(range(82, 103)) | {107, 108, 109, 110} <= set(EVENTS)
