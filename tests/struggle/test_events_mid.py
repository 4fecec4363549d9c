"""The Mid War events (cards 36-81; the scoring cards 37, 38, 79, 81 are scoring.py's).

Sources cited: "rewrite" = ../shared/seeds/twilight-struggle-rules-rewrite.md; "classic" = the
classic rules; "digest" = ../shared/reference/twilight-struggle-card-mechanics.md (card entry and
the FAQ it quotes); U-n = ../shared/design/struggle-rulings.md; MW-n = docs/struggle-mid-war.md.
Late War cards (86, 96, 97, 110) are only used through their effect numbers.
"""

import json

from squabble.games.struggle import validate
from squabble.games.struggle.core import EVENTS
from squabble.games.struggle.events import add_effect, can_occur, has_effect
from squabble.games.struggle.events.early import nato_protects
from struggle_helpers import (action_round_state, cards, choose, countries, event, headline_state,
                             infl, kind, modes, place_all, player, prompt, round_prompt)

MID = 4
MID_CARDS = [n for n in range(36, 82)]


# ---------------------------------------------------------------- helpers
def mid(hands, phasing="USSR", **kw):
    kw.setdefault("turn", MID)
    return action_round_state(hands=hands, phasing=phasing, **kw)


def test_every_mid_war_card_has_an_event():
    # brief: cards 36-81 (the scoring cards are scoring.py's)
    assert all(n in EVENTS for n in MID_CARDS)


# ---------------------------------------------------------------- 036 Brush War
def test_brush_war_targets_stability_two_or_less_and_victory():
    # card 36; digest 036: stability 1-2 anywhere, 3+ wins 1 VP, 3 MilOps win or lose
    st = mid({"USSR": [36], "USA": [4]}, clear=True, influence={"Laos/Cambodia": (2, 0)}, dice=[3])
    st, _ = event(st, 36)
    targets = countries(st)
    assert "Laos/Cambodia" in targets and "Italy" in targets and "France" not in targets
    st, log = choose(st, mode="choose", country="Laos/Cambodia")
    assert infl(st, "Laos/Cambodia") == (0, 2) and st["vp"] == -1 and st["milops"]["USSR"] == 3
    assert 36 in st["discard"] and round_prompt(st, "USA")


def test_brush_war_superpower_neighbour_and_defeat():
    # card 36; digest 036 (FAQ #36): the US superpower counts against a USSR attack on Mexico
    st = mid({"USSR": [36], "USA": [4]}, clear=True, influence={"Mexico": (1, 0)}, dice=[3])
    st, _ = event(st, 36)
    st, _ = choose(st, mode="choose", country="Mexico")
    assert infl(st, "Mexico") == (1, 0) and st["vp"] == 0 and st["milops"]["USSR"] == 3


def test_brush_war_nato_protected_countries_are_not_targets():
    # card 36 + card 21; digest "NATO vs Brush War"; EW-6 nato_protects
    st = mid({"USSR": [36], "USA": [4]}, influence={"Italy": (3, 0), "Greece": (1, 0)})
    add_effect(st, 21, "USA")
    assert nato_protects(st, "Italy")
    st, _ = event(st, 36)
    assert "Italy" not in countries(st) and "Greece" in countries(st)


def test_brush_war_by_usa_under_flower_power():
    # card 36 + card 59; digest 059: a US war card play pays the USSR 2 VP
    st = mid({"USA": [36], "USSR": [7]}, phasing="USA", clear=True, dice=[6])
    add_effect(st, 59, "USSR")
    st, _ = event(st, 36)
    st, _ = choose(st, mode="choose", country="Haiti")
    assert st["vp"] == -2 + 1 and st["milops"]["USA"] == 3


# ---------------------------------------------------------------- 039 Arms Race
def test_arms_race_one_or_three_vp():
    # card 39; digest 039: more MilOps -> 1 VP, and at least DEFCON -> 3 VP
    for mine, theirs, gain in ((2, 1, 1), (3, 1, 3), (2, 2, 0)):
        st = mid({"USSR": [39], "USA": [4]}, defcon=3)
        st["milops"] = {"USSR": mine, "USA": theirs}
        st, _ = event(st, 39)
        assert st["vp"] == -gain and 39 in st["discard"]


# ---------------------------------------------------------------- 040 Cuban Missile Crisis
def test_cuban_missile_crisis_sets_defcon_2_and_an_enemy_coup_loses():
    # card 40; digest 040: DEFCON 2; a coup by the enemy of the resolving side loses the game
    st = mid({"USSR": [40], "USA": [4]}, influence={"Haiti": (0, 1)})
    st, _ = event(st, 40)
    assert st["defcon"] == 2 and has_effect(st, 40) and 40 in st["removed"]
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="coup")
    st, log = choose(st, mode="coup", country="Haiti")
    assert st["winner"] == "USSR" and "Cuban Missile Crisis" in st["end_reason"]


def test_cuban_missile_crisis_battleground_coup_loses_before_defcon():
    # card 40; FAQ #40: the loss comes when the coup is declared, whoever is phasing
    st = mid({"USA": [4], "USSR": [7]}, phasing="USA", defcon=2, influence={"Cuba": (0, 1)})
    add_effect(st, 40, "USSR", until="turn", restricted="USA")
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Cuba")
    assert st["winner"] == "USSR" and st["defcon"] == 2


def test_cuban_missile_crisis_cancelled_by_removing_two_influence():
    # card 40; digest 040 / MW-4: the USA takes 2 influence out of Turkey, then may coup
    st = mid({"USA": [4], "USSR": [7]}, phasing="USA", defcon=3,
             influence={"Turkey": (2, 0), "Haiti": (0, 1)}, dice=[6])
    add_effect(st, 40, "USSR", until="turn", restricted="USA")
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="coup")
    assert player(st) == "USA" and "Cuban Missile Crisis" in prompt(st)
    assert set(countries(st)) == {"Turkey"}                  # W. Germany holds no US influence
    st, _ = choose(st, mode="remove", country="Turkey")
    assert not has_effect(st, 40) and infl(st, "Turkey") == (0, 0)
    st, _ = choose(st, mode="coup", country="Haiti")
    assert st["winner"] is None and infl(st, "Haiti")[0] > 0


def test_cuban_missile_crisis_nuclear_subs_gives_no_protection():
    # card 40 + card 41; digest "CMC vs Nuclear Subs"
    st = mid({"USA": [4], "USSR": [7]}, phasing="USA", defcon=2, influence={"Nigeria": (0, 1)})
    add_effect(st, 41, "USA", until="turn")
    add_effect(st, 40, "USSR", until="turn", restricted="USA")
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Nigeria")
    assert st["winner"] == "USSR"


def test_cuban_missile_crisis_ends_with_the_turn():
    # card 40; FAQ errata #4: not persistent
    st = mid({"USSR": [40], "USA": []}, action_round=7)
    st, _ = event(st, 40)
    assert st["turn"] == MID + 1 and not has_effect(st, 40)


def test_cuban_missile_crisis_loss_is_declared_before_milops_and_the_die():
    # card 40; FAQ #40 + coup_declared hook: the coup never happens (no MilOps, no die rolled)
    st = mid({"USA": [4], "USSR": [7]}, phasing="USA", defcon=3, influence={"Haiti": (0, 1)},
             dice=[6])
    add_effect(st, 40, "USSR", until="turn", restricted="USA")
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Haiti")
    assert st["winner"] == "USSR" and "Cuban Missile Crisis" in st["end_reason"]
    assert st["milops"]["USA"] == 0 and st["dice"] == [6] and infl(st, "Haiti") == (0, 1)


def test_cuban_missile_crisis_previewing_coup_modifiers_ends_nothing():
    # card 40: the loss is the coup_declared hook's, so evaluating coup_mod/coup_defcon is pure
    from squabble.games.struggle.core import active_hooks
    st = mid({"USA": [4], "USSR": [7]}, phasing="USA", influence={"Iran": (0, 1)})
    add_effect(st, 40, "USSR", until="turn", restricted="USA")
    assert sum(fn(st, a, "USA", "Iran") for fn, a in active_hooks(st, "coup_mod")) == 0
    assert all(fn(st, a, "USA", "Iran") for fn, a in active_hooks(st, "coup_defcon"))
    assert st["winner"] is None


def test_cuban_missile_crisis_free_coup_granted_by_an_event_loses():
    # card 40 + card 47; digest 047: a Junta free coup is still a coup for the crisis
    st = mid({"USA": [47], "USSR": [7]}, phasing="USA", clear=True, influence={"Chile": (0, 1)},
             dice=[6])
    add_effect(st, 40, "USSR", until="turn", restricted="USA")
    st, _ = event(st, 47)
    st, _ = choose(st, mode="place", country="Bolivia")
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Chile")
    assert st["winner"] == "USSR" and st["dice"] == [6] and st["defcon"] == 5


# ---------------------------------------------------------------- 041 Nuclear Subs
def test_nuclear_subs_us_battleground_coup_keeps_defcon():
    # card 41; digest 041: only US coups; the USSR's still lower DEFCON
    st = mid({"USA": [41, 4], "USSR": [7]}, phasing="USA", defcon=3,
             influence={"Iran": (0, 2), "Israel": (2, 0)}, dice=[1, 1])
    st, _ = event(st, 41)
    assert has_effect(st, 41) and 41 in st["removed"]
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Israel")
    assert st["defcon"] == 2
    st["defcon"] = 3
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Iran")
    assert st["defcon"] == 3


# ---------------------------------------------------------------- 042 Quagmire / 044 Bear Trap
def test_quagmire_discard_and_escape():
    # card 42; digest 042: discard a 2+ ops card, roll 1-4 to escape; it ends NORAD
    st = mid({"USSR": [42, 7], "USA": [4, 19, 22]}, dice=[4])
    add_effect(st, 106, "USA")
    st, _ = event(st, 42)
    assert has_effect(st, 42) and not has_effect(st, 106) and 42 in st["removed"]
    # MW-8: the US round starts with the Quagmire decision (Truman Doctrine has 1 op)
    assert player(st) == "USA" and "Quagmire" in prompt(st) and sorted(cards(st)) == [4, 22]
    assert validate(json.loads(json.dumps(st))) is None
    st, log = choose(st, mode="discard", card=22)
    assert 22 in st["discard"] and not has_effect(st, 42) and any("escapes" in x for x in log)
    assert round_prompt(st, "USSR") and st["action_round"] == 2


def test_quagmire_a_one_op_card_is_not_a_discard_and_roll_5_keeps_trap():
    # card 42; digest 042 / MW-8: the trapped round asks the discard at once (no normal card
    # choice): only the 2+ ops card; a 5 keeps the trap
    st = mid({"USSR": [7], "USA": [4, 19]}, phasing="USA", dice=[5], effects=[(42, "USSR", {"trapped": "USA"})])
    assert player(st) == "USA" and cards(st) == [4] and modes(st) == ["discard"]
    assert "Quagmire" in prompt(st) and not round_prompt(st, "USA")
    assert validate(json.loads(json.dumps(st))) is None
    st, _ = choose(st, mode="discard", card=4)
    assert st["hands"]["USA"] == [19] and 4 in st["discard"] and has_effect(st, 42)
    assert st["defcon"] == 5 and round_prompt(st, "USSR")     # Duck and Cover did not fire


def test_quagmire_no_qualifying_card_plays_scoring_or_passes():
    # card 42; digest 042: without a 2-ops card only scoring cards may be played; with none
    # the round passes
    st = mid({"USSR": [7], "USA": [19, 37]}, phasing="USA", clear=True,
             influence={"Cuba": (0, 3)}, effects=[(42, "USSR", {"trapped": "USA"})])
    assert cards(st) == [37] and modes(st) == ["play"]
    st, _ = choose(st, mode="play", card=37)
    assert st["vp"] < 0 and 37 in st["discard"] and st["hands"]["USA"] == [19]
    st = mid({"USSR": [7], "USA": [19]}, phasing="USA", effects=[(42, "USSR", {"trapped": "USA"})])
    assert st["hands"]["USA"] == [19] and round_prompt(st, "USSR")


def test_quagmire_scoring_card_forced_when_rounds_run_out():
    # card 42; U-9: scoring cards in hand >= action rounds left -> a scoring card must be played
    st = mid({"USSR": [7], "USA": [4, 37]}, phasing="USA", action_round=7, clear=True, effects=[(42, "USSR", {"trapped": "USA"})])
    assert cards(st) == [37]
    st, _ = choose(st, mode="play", card=37)
    assert 37 in st["discard"] and 4 in st["hands"]["USA"] and has_effect(st, 42)
    assert st["turn"] == MID + 1 and st["winner"] is None      # no scoring card held


def test_quagmire_containment_lets_a_one_op_card_qualify():
    # card 42 + card 25; digest 042 (rules 7.4.2): modified ops count
    st = mid({"USSR": [7], "USA": [19]}, phasing="USA", dice=[1],
             effects=[(42, "USSR", {"trapped": "USA"}), (25, "USA", {"until": "turn"})])
    assert cards(st) == [19]
    st, _ = choose(st, mode="discard", card=19)
    assert 19 in st["discard"] and not has_effect(st, 42)


def test_quagmire_survives_the_turn_and_ignores_the_headline():
    # card 42; FAQ #42: persistent until escaped, no effect on the headline phase
    st = mid({"USSR": [42], "USA": []}, action_round=7)
    st, _ = event(st, 42)
    assert st["turn"] == MID + 1 and has_effect(st, 42)
    st = headline_state({"USA": [4, 22], "USSR": [8, 12]}, turn=MID)
    add_effect(st, 42, "USSR", trapped="USA")
    st, _ = choose(st, mode="headline", card=12)
    st, _ = choose(st, mode="headline", card=4)              # a normal US headline
    assert st["defcon"] == 4 and 4 in st["discard"] and round_prompt(st, "USSR")


def test_bear_trap_traps_the_ussr_and_brezhnev_qualifies_a_one_op_card():
    # card 44 + card 51; digest 044 (rules 7.4.2 example 2)
    st = mid({"USA": [44, 4], "USSR": [12, 8]}, phasing="USA", dice=[6])
    add_effect(st, 51, "USSR", until="turn")
    st, _ = event(st, 44)
    assert has_effect(st, 44) and 44 in st["removed"]
    assert player(st) == "USSR" and sorted(cards(st)) == [8, 12]
    st, log = choose(st, mode="discard", card=12)
    assert 12 in st["discard"] and has_effect(st, 44)          # rolled 6: still trapped
    assert round_prompt(st, "USA") and st["action_round"] == 2


# ---------------------------------------------------------------- 043 SALT Negotiations
def test_salt_negotiations_defcon_coup_minus_one_and_a_discard():
    # card 43; digest 043: DEFCON +2, coup rolls -1, a non-scoring card from the discard pile
    st = mid({"USSR": [43, 7], "USA": [4]}, defcon=2, influence={"Haiti": (1, 0)}, dice=[4])
    st["deck"].remove(8)
    st["deck"].remove(37)
    st["discard"] = [8, 37]
    st, _ = event(st, 43)
    assert st["defcon"] == 4 and set(cards(st)) == {8}
    st, _ = choose(st, mode="choose", card=8)
    assert 8 in st["hands"]["USSR"] and 43 in st["removed"]
    st, _ = choose(st, mode="play", card=4)
    st = kind(st, "influence")
    st = place_all(st, "Canada", 3, "influence")
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    st, log = choose(st, mode="coup", country="Haiti")
    assert any("die 4 -1" in x for x in log)                  # 4 - 1 + 3 - 2 = 4: 1 removed, 3 placed
    assert infl(st, "Haiti") == (0, 3)


def test_salt_negotiations_empty_discard_pile():
    # card 43; digest 043: nothing to take -> only the first two parts
    st = mid({"USSR": [43], "USA": [4]}, defcon=3)
    st, _ = event(st, 43)
    assert st["defcon"] == 5 and round_prompt(st, "USA")


# ---------------------------------------------------------------- 045 Summit
def test_summit_region_bonus_winner_moves_defcon():
    # card 45; digest 045: +1 per region dominated or controlled; winner 2 VP, DEFCON +-1
    st = mid({"USSR": [45], "USA": [4]}, clear=True, defcon=3, dice=[4, 4],
             influence={"Cuba": (0, 3), "Haiti": (0, 1)})         # USSR controls C. America
    st, log = event(st, 45)
    assert player(st) == "USSR" and st["vp"] == -2               # 4 + 1 > 4
    st, _ = choose(st, mode="choose", amount=1)
    assert st["defcon"] == 4 and 45 in st["discard"]


def test_summit_tie_does_nothing_and_lowering_at_defcon_2_loses_for_the_player():
    # card 45; digest 045: a tie awards nothing; lowering to 1 makes the phasing side lose
    st = mid({"USSR": [45], "USA": [4]}, dice=[3, 3])
    st, _ = event(st, 45)
    assert st["vp"] == 0 and round_prompt(st, "USA")
    st = mid({"USSR": [45], "USA": [4]}, dice=[1, 6], defcon=2)
    st, _ = event(st, 45)
    assert player(st) == "USA"
    st, _ = choose(st, mode="choose", amount=-1)
    assert st["winner"] == "USA"


# ---------------------------------------------------------------- 046 How I Learned to Stop Worrying
def test_how_i_learned_sets_defcon_and_milops():
    # card 46; digest 046
    st = mid({"USA": [46], "USSR": [7]}, phasing="USA", defcon=2)
    st, _ = event(st, 46)
    assert st["milops"]["USA"] == 5
    st, _ = choose(st, mode="choose", amount=5)
    assert st["defcon"] == 5 and 46 in st["removed"]


def test_how_i_learned_defcon_1_loses_for_the_playing_side():
    # card 46 + card 67; FAQ #67: resolved inside the USSR round, the USSR (phasing) loses
    st = mid({"USA": [46], "USSR": [7]}, phasing="USA")
    st, _ = event(st, 46)
    st, _ = choose(st, mode="choose", amount=1)
    assert st["winner"] == "USSR"


# ---------------------------------------------------------------- 047 Junta
def test_junta_influence_then_free_coup_without_milops():
    # card 47; digest 047 (FAQ #47): influence first, free coup, no MilOps
    st = mid({"USSR": [47], "USA": [4]}, clear=True, influence={"Chile": (2, 0)}, dice=[6])
    st, _ = event(st, 47)
    st, _ = choose(st, mode="place", country="Bolivia")
    assert infl(st, "Bolivia") == (0, 2)
    st, _ = choose(st, mode="coup")
    assert set(countries(st)) == {"Chile"}
    st, _ = choose(st, mode="coup", country="Chile")
    # 6 + 2 - 2 x 3 = 2: both US points go, none placed; a battleground: DEFCON drops
    assert infl(st, "Chile") == (0, 0) and st["milops"]["USSR"] == 0 and st["defcon"] == 4
    assert 47 in st["discard"]


def test_junta_may_stop_after_the_influence():
    # card 47; digest 047: the second part is optional
    st = mid({"USA": [47], "USSR": [7]}, phasing="USA")
    st, _ = event(st, 47)
    st, _ = choose(st, mode="place", country="Mexico")
    st, _ = choose(st, mode="pass")
    assert infl(st, "Mexico") == (2, 0) and round_prompt(st, "USSR")


# ---------------------------------------------------------------- 048 Kitchen Debates
def test_kitchen_debates_condition_true_and_false():
    # card 48; digest 048 + U-7: no effect when the condition fails, the card is discarded
    st = mid({"USA": [48], "USSR": [7]}, phasing="USA", clear=True,
             influence={"Iran": (2, 0)})
    st, _ = event(st, 48)
    assert st["vp"] == 2 and 48 in st["removed"]
    st = mid({"USA": [48], "USSR": [7]}, phasing="USA", clear=True)
    st, _ = event(st, 48)
    assert st["vp"] == 0 and 48 in st["discard"]


def test_kitchen_debates_ignores_formosan_taiwan():
    # card 48 + card 35; digest 048: Taiwan is a battleground for scoring only
    st = mid({"USA": [48], "USSR": [7]}, phasing="USA", clear=True,
             influence={"Taiwan": (3, 0)})
    add_effect(st, 35, "USA")
    st, _ = event(st, 48)
    assert st["vp"] == 0


# ---------------------------------------------------------------- 049 Missile Envy
def test_missile_envy_takes_own_event_card_and_resolves_it():
    # card 49; digest 049: the taker's own event happens now; Missile Envy goes to the enemy
    st = mid({"USSR": [49, 7], "USA": [54]}, clear=True)       # Allende: USSR, 1 op
    st, _ = event(st, 49)
    assert 49 in st["hands"]["USA"] and infl(st, "Chile") == (0, 2) and 54 in st["removed"]


def test_missile_envy_enemy_card_gives_ops_then_obligation():
    # card 49; digest 049 + U-3 (printed ops) + MW-10: the enemy card's ops, no event; in its
    # next action round the USA may play only Missile Envy, and only for operations (U-4)
    st = mid({"USSR": [49, 7], "USA": [4, 19]}, clear=True, influence={"Cuba": (0, 1)})
    st, _ = event(st, 49)
    st = kind(st, "influence")
    st = place_all(st, "Cuba", 3, "influence")               # Duck and Cover's 3 ops, no event
    assert st["defcon"] == 5 and 4 in st["discard"] and sorted(st["hands"]["USA"]) == [19, 49]
    assert player(st) == "USA" and cards(st) == [49] and modes(st) == ["play"]
    assert validate(json.loads(json.dumps(st))) is None
    st, _ = choose(st, mode="play", card=49)
    assert modes(st) == ["influence", "realign", "coup"]     # no event, no Space Race
    assert validate(json.loads(json.dumps(st))) is None
    st, _ = choose(st, mode="influence")
    assert not has_effect(st, 49)                              # the obligation is met
    st = place_all(st, "Canada", 2, "influence")
    assert 49 in st["discard"] and 19 in st["hands"]["USA"] and infl(st, "Canada") == (2, 0)
    assert round_prompt(st, "USSR")


def test_missile_envy_obligation_lapses_when_the_card_left_the_hand():
    # card 49; MW-10: Missile Envy is gone (discarded by an event meanwhile): a normal round,
    # and that round ends the obligation
    st = mid({"USA": [19, 4], "USSR": [7]}, phasing="USA", effects=[(49, "USSR", {"side": "USA"})])
    assert sorted(cards(st)) == [4, 19]
    st, _ = choose(st, mode="play", card=4)
    assert "event" in modes(st)
    st, _ = choose(st, mode="event")
    assert not has_effect(st, 49)


def test_missile_envy_obligation_is_not_a_play_of_the_enemy_round():
    # card 49 + card 67; MW-10/MW-15: the card Grain Sales takes is played in the USSR's round
    # (the USSR played Grain Sales for operations): the USA's obligation does not restrict it
    st = mid({"USSR": [67, 7], "USA": [49, 19]}, clear=True, influence={"Mexico": (1, 0)},
             effects=[(49, "USSR", {"side": "USA"})])
    st["hands"]["USSR"] = [67, 36]
    st["deck"].append(7)
    st["deck"].remove(36)
    st, _ = event(st, 67, "event_first")
    assert player(st) == "USA" and "event" in modes(st) and "return" in modes(st)
    assert has_effect(st, 49)


def test_missile_envy_ties_chosen_by_the_victim_and_no_event_for_the_receiver():
    # card 49; digest 049: the opponent picks among ties; the forced play has no event option
    st = mid({"USSR": [49, 7], "USA": [4, 5, 19]})
    st, _ = event(st, 49)
    assert player(st) == "USA" and set(cards(st)) == {4, 5}
    st, _ = choose(st, mode="choose", card=5)
    assert has_effect(st, 49) and not can_occur(st, 49, "USA")


def test_missile_envy_scoring_cards_are_never_taken():
    # card 49; U-10: scoring cards have no ops value
    st = mid({"USSR": [49, 7], "USA": [37]})
    st, log = event(st, 49)
    assert st["hands"]["USA"] == [37] and 49 in st["discard"]


def test_missile_envy_is_the_mandatory_quagmire_discard():
    # card 49 + card 42; FAQ #49: under Quagmire the received Missile Envy is the discard
    st = mid({"USSR": [7], "USA": [4, 49]}, phasing="USA", dice=[2],
             effects=[(42, "USSR", {"trapped": "USA"}), (49, "USSR", {"side": "USA"})])
    assert cards(st) == [49]
    st, _ = choose(st, mode="discard", card=49)
    assert 49 in st["discard"] and not has_effect(st, 49) and not has_effect(st, 42)


# ---------------------------------------------------------------- 050 "We Will Bury You"
def test_we_will_bury_you_three_vp_at_the_next_us_play():
    # card 50; digest 050 / U-11: DEFCON -1 now, 3 VP at the USA's next normal play
    st = mid({"USSR": [50], "USA": [19]})
    st, _ = event(st, 50)
    assert st["defcon"] == 4 and st["vp"] == 0 and 50 in st["removed"]
    st, _ = choose(st, mode="play", card=19)
    st, _ = choose(st, mode="influence")
    assert st["vp"] == -3 and not has_effect(st, 50)


def test_we_will_bury_you_answered_by_un_intervention():
    # card 50 + card 32; FAQ #49/50: UN Intervention as an event cancels the award
    st = mid({"USSR": [50], "USA": [32, 7]}, clear=True)
    st, _ = event(st, 50)
    st, _ = event(st, 32)
    assert st["vp"] == 0 and not has_effect(st, 50)


def test_we_will_bury_you_waits_past_a_quagmire_round():
    # card 50 + card 42; U-11: a Quagmire round is not a normal play
    st = mid({"USSR": [7], "USA": [4]}, phasing="USA", dice=[6],
             effects=[(42, "USSR", {"trapped": "USA"}), (50, "USSR")])
    st, _ = choose(st, mode="discard", card=4)
    assert st["vp"] == 0 and has_effect(st, 50) and has_effect(st, 42)


# ---------------------------------------------------------------- 051 Brezhnev Doctrine
def test_brezhnev_doctrine_plus_one_for_the_ussr_this_turn():
    # card 51; digest 051
    st = mid({"USSR": [51, 8], "USA": [19, 4]})
    st, _ = event(st, 51)
    from squabble.games.struggle.core import ops_value
    assert ops_value(st, "USSR", 8) == 3 and ops_value(st, "USSR", 7) == 4
    assert ops_value(st, "USSR", 43) == 4 and ops_value(st, "USA", 4) == 3
    assert 51 in st["removed"]


# ---------------------------------------------------------------- 052 / 054 / 064 / 072 fixed influence
def test_portuguese_empire_crumbles_and_allende():
    # cards 52, 54; digest 052, 054
    st = mid({"USSR": [52, 54], "USA": [4, 19]}, clear=True)
    st, _ = event(st, 52)
    assert infl(st, "Angola") == (0, 2) and infl(st, "SE African States") == (0, 2)
    st, _ = choose(st, mode="play", card=19)
    st, _ = choose(st, mode="influence")
    st = place_all(st, "Canada", 1, "influence")
    st, _ = event(st, 54)
    assert infl(st, "Chile") == (0, 2) and {52, 54} <= set(st["removed"])


def test_panama_canal_returned_and_sadat_expels_soviets():
    # cards 64, 72; digest 064, 072
    st = mid({"USA": [64, 72], "USSR": [7, 8]}, phasing="USA", clear=True,
             influence={"Egypt": (0, 3)})
    st, _ = event(st, 64)
    assert [infl(st, c) for c in ("Costa Rica", "Panama", "Venezuela")] == [(1, 0)] * 3
    st, _ = choose(st, mode="play", card=8)
    st, _ = choose(st, mode="influence")
    st = place_all(st, "Egypt", 2, "influence")
    st, _ = event(st, 72)
    assert infl(st, "Egypt") == (1, 0) and {64, 72} <= set(st["removed"])


# ---------------------------------------------------------------- 053 South African Unrest
def test_south_african_unrest_both_branches():
    # card 53; U-5: the two adjacent influence go to one country
    st = mid({"USSR": [53], "USA": [4]}, clear=True)
    st, _ = event(st, 53)
    st, _ = choose(st, mode="choose", country="South Africa")
    assert infl(st, "South Africa") == (0, 2) and 53 in st["discard"]
    st = mid({"USSR": [53], "USA": [4]}, clear=True)
    st, _ = event(st, 53)
    st, _ = choose(st, mode="choose", country="Botswana")
    assert infl(st, "South Africa") == (0, 1) and infl(st, "Botswana") == (0, 2)


# ---------------------------------------------------------------- 055 Willy Brandt
def test_willy_brandt_takes_west_germany_out_of_nato():
    # card 55 + card 21; digest "NATO exemptions"
    st = mid({"USSR": [55], "USA": [4]}, influence={"W. Germany": (4, 0)})
    add_effect(st, 21, "USA")
    assert nato_protects(st, "W. Germany")
    st, _ = event(st, 55)
    assert st["vp"] == -1 and infl(st, "W. Germany") == (4, 1) and 55 in st["removed"]
    assert not nato_protects(st, "W. Germany")


def test_willy_brandt_blocked_by_tear_down_this_wall():
    # card 55 + card 96; digest "Willy Brandt blocked": the card is only ops, discarded
    st = mid({"USSR": [55], "USA": [4]})
    add_effect(st, 96, "USA")
    st, _ = choose(st, mode="play", card=55)
    assert "event" not in modes(st)


# ---------------------------------------------------------------- 056 Muslim Revolution
def test_muslim_revolution_clears_two_countries():
    # card 56; digest 056
    st = mid({"USSR": [56], "USA": [4]}, clear=True,
             influence={"Iran": (2, 0), "Egypt": (1, 0), "Israel": (3, 0)})
    st, _ = event(st, 56)
    assert set(countries(st)) == {"Iran", "Egypt"}
    st, _ = choose(st, mode="remove", country="Iran")
    st, _ = choose(st, mode="remove", country="Egypt")
    assert infl(st, "Iran") == (0, 0) and infl(st, "Egypt") == (0, 0) and 56 in st["discard"]


def test_muslim_revolution_blocked_by_awacs():
    # card 56 + card 110; digest "Muslim Revolution blocked"
    st = mid({"USA": [56], "USSR": [7]}, phasing="USA", influence={"Iran": (2, 0)})
    add_effect(st, 110, "USA")
    st, _ = choose(st, mode="play", card=56)
    assert "event_first" not in modes(st)


# ---------------------------------------------------------------- 057 ABM Treaty
def test_abm_treaty_defcon_then_four_ops():
    # card 57; digest 057 + U-2 (Red Scare makes the 4 ops 3)
    st = mid({"USA": [57], "USSR": [7]}, phasing="USA", defcon=2, clear=True,
             influence={"Mexico": (1, 0)})
    add_effect(st, 31, "USSR", until="turn")
    st, _ = event(st, 57)
    assert st["defcon"] == 3
    st = kind(st, "influence")
    st = place_all(st, "Mexico", 3, "influence")
    assert infl(st, "Mexico") == (4, 0) and round_prompt(st, "USSR")


# ---------------------------------------------------------------- 058 Cultural Revolution
def test_cultural_revolution_takes_the_china_card_or_one_vp():
    # card 58; digest 058 (rules 9.4): face up
    st = mid({"USSR": [58], "USA": [4]}, china="USA", china_up=False)
    st, _ = event(st, 58)
    assert st["china"] == {"holder": "USSR", "face_up": True} and 58 in st["removed"]
    st = mid({"USSR": [58], "USA": [4]})
    st, _ = event(st, 58)
    assert st["vp"] == -1


def test_cultural_revolution_chinese_civil_war_restriction():
    # card 58; rewrite 3.1.3
    st = mid({"USSR": [58], "USA": [4]}, options={"chinese_civil_war": True}, china=None)
    st, _ = choose(st, mode="play", card=58)
    assert "event" not in modes(st)


# ---------------------------------------------------------------- 059 Flower Power
def test_flower_power_war_card_for_ops_pays_but_not_space():
    # card 59; FAQ #59: operations or event pay 2 VP, the Space Race does not
    st = mid({"USSR": [59, 7], "USA": [24, 36]}, clear=True, influence={"Canada": (1, 0)})
    st, _ = event(st, 59)
    assert has_effect(st, 59) and 59 in st["removed"]
    st, _ = choose(st, mode="play", card=36)
    st, _ = choose(st, mode="influence")
    st = place_all(st, "Canada", 3, "influence")
    assert st["vp"] == -2
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="influence")
    st = place_all(st, "Finland", 3, "influence")
    st, _ = choose(st, mode="play", card=24)
    st, _ = choose(st, mode="space")
    assert st["vp"] == -2


def test_flower_power_blocked_by_an_evil_empire():
    # card 59 + card 97; digest "Flower Power blocked/cancelled"
    st = mid({"USSR": [59], "USA": [4]})
    add_effect(st, 97, "USA")
    st, _ = choose(st, mode="play", card=59)
    assert "event" not in modes(st)


def test_flower_power_does_not_pay_for_arab_israeli_war_after_camp_david():
    # card 59 + card 65 + card 13; MW-12 (ruling changed to the official digital edition's):
    # once Camp David Accords is in effect Arab-Israeli War's event can no longer occur, so the
    # card is no longer a war card -- the USA plays it for operations and the USSR gains nothing
    for camp_david, paid in ((False, -2), (True, 0)):
        st = mid({"USA": [13], "USSR": [7]}, phasing="USA", clear=True,
                 influence={"Canada": (1, 0)}, effects=[(59, "USSR")]
                 + ([(65, "USA")] if camp_david else []), dice=[1])  # the war (if any) fails
        st, _ = choose(st, mode="play", card=13)
        st, _ = choose(st, mode="influence" if camp_david else "ops_first")
        if not camp_david:
            st = kind(st, "influence")
        st = place_all(st, "Canada", 2, "influence")
        assert st["vp"] == paid, camp_david


def test_flower_power_does_not_pay_for_a_headlined_war_card():
    # card 59 + card 36; MW-12, rewrite 4.1.3: a headline is not played (kept reading; the
    # official digital edition pays here)
    st = headline_state({"USA": [36, 4], "USSR": [7, 8]}, turn=MID, effects=[(59, "USSR")],
                        clear=True, influence={"Haiti": (0, 1)})
    st, _ = choose(st, mode="headline", card=7)
    st, _ = choose(st, mode="headline", card=36)
    assert st["vp"] == 0


# ---------------------------------------------------------------- 060 U2 Incident
def test_u2_incident_and_un_intervention_later():
    # card 60 + card 32; digest 060: +1 now, +1 once when UN Intervention's event is used
    st = mid({"USSR": [60, 32, 4], "USA": [19, 22]}, clear=True)
    st, _ = event(st, 60)
    assert st["vp"] == -1 and 60 in st["removed"] and has_effect(st, 60)
    st, _ = choose(st, mode="play", card=19)
    st, _ = choose(st, mode="influence")
    st, _ = choose(st, mode="influence", country="Canada")
    st, _ = event(st, 32)
    st, _ = choose(st, mode="choose", card=4)                   # UN Intervention with Duck and Cover
    assert st["vp"] == -1                                       # paid when the event is over
    st = kind(st, "influence")
    st = place_all(st, "Finland", 3, "influence")
    assert st["vp"] == -2 and not has_effect(st, 60) and st["defcon"] == 5
    assert round_prompt(st, "USA")


def test_u2_incident_pays_for_un_intervention_taken_by_missile_envy():
    # card 60 + card 49 + card 32; digest 060 ("whoever plays it"): the USSR takes the neutral UN
    # Intervention with Missile Envy and resolves it at once -> the event_done hook pays
    st = mid({"USSR": [49, 7], "USA": [32, 19]}, clear=True, influence={"Cuba": (0, 1)})
    add_effect(st, 60, "USSR", until="turn")
    st["hands"]["USA"] = [32]                                     # 1 op: the highest card
    st["deck"].append(19)
    st["hands"]["USSR"].append(4)                                 # a US card to pair it with
    st["deck"].remove(4)
    st, _ = event(st, 49)
    st, _ = choose(st, mode="choose", card=4)                     # UN Intervention's pick
    st = kind(st, "influence")
    st = place_all(st, "Cuba", 3, "influence")
    assert st["vp"] == -1 and not has_effect(st, 60) and 4 in st["discard"]
    assert 32 in st["discard"] and 49 in st["hands"]["USA"]


def test_u2_incident_pays_nothing_when_un_intervention_cannot_occur():
    # card 60 + card 32: event_done reports occurred=False (no US card in the taker's hand)
    st = mid({"USSR": [49, 7], "USA": [32]}, clear=True)
    add_effect(st, 60, "USSR", until="turn")
    st, _ = event(st, 49)
    assert st["vp"] == 0 and has_effect(st, 60) and 32 in st["discard"]


# ---------------------------------------------------------------- 061 OPEC
def test_opec_one_vp_per_controlled_country():
    # card 61; digest 061 (Iraq included)
    st = mid({"USSR": [61], "USA": [4]}, clear=True,
             influence={"Iraq": (0, 3), "Venezuela": (0, 2), "Iran": (0, 1), "Israel": (0, 4)})
    st, _ = event(st, 61)
    assert st["vp"] == -2 and 61 in st["discard"]


def test_opec_blocked_by_north_sea_oil():
    # card 61 + card 86; digest "OPEC blocked"
    st = mid({"USSR": [61], "USA": [4]})
    add_effect(st, 86, "USA")
    assert not can_occur(st, 61, "USSR")


# ---------------------------------------------------------------- 062 "Lone Gunman"
def test_lone_gunman_reveals_and_gives_the_ussr_one_op():
    # card 62; digest 062 (FAQ #62): played by the USA, the USSR op comes in the US round
    st = mid({"USA": [62], "USSR": [7]}, phasing="USA", clear=True,
             influence={"Cuba": (0, 1)})
    st, log = event(st, 62, "event_first")
    assert any("shows its hand" in x for x in log) and player(st) == "USSR"
    st = kind(st, "influence")
    st, _ = choose(st, mode="influence", country="Cuba")
    assert infl(st, "Cuba") == (0, 2) and 62 in st["removed"]


# ---------------------------------------------------------------- 063 Colonial Rear Guards
def test_colonial_rear_guards_four_countries():
    # card 63; digest 063: 1 US influence in 4 different countries of Africa / SE Asia
    st = mid({"USA": [63], "USSR": [7]}, phasing="USA", clear=True)
    st, _ = event(st, 63)
    assert "Thailand" in countries(st) and "Egypt" not in countries(st)
    for c in ("Thailand", "Angola", "Zaire"):
        st, _ = choose(st, mode="place", country=c)
    assert "Thailand" not in countries(st)
    st, _ = choose(st, mode="place", country="Burma")
    assert infl(st, "Burma") == (1, 0) and 63 in st["discard"]


# ---------------------------------------------------------------- 065 Camp David Accords
def test_camp_david_accords_blocks_arab_israeli_war():
    # card 65 + card 13; classic 5.2 example 2
    st = mid({"USA": [65], "USSR": [13, 7]}, phasing="USA", clear=True)
    st, _ = event(st, 65)
    assert st["vp"] == 1 and [infl(st, c) for c in ("Egypt", "Israel", "Jordan")] == [(1, 0)] * 3
    st, _ = choose(st, mode="play", card=13)
    assert "event" not in modes(st)


# ---------------------------------------------------------------- 066 Puppet Governments
def test_puppet_governments_empty_countries_optional():
    # card 66; digest 066
    st = mid({"USA": [66], "USSR": [7]}, phasing="USA", influence={"Haiti": (0, 1)})
    st, _ = event(st, 66)
    assert "Haiti" not in countries(st) and "Canada" not in countries(st)
    st, _ = choose(st, mode="place", country="Bolivia")
    st, _ = choose(st, mode="done")
    assert infl(st, "Bolivia") == (1, 0) and 66 in st["removed"] and round_prompt(st, "USSR")


# ---------------------------------------------------------------- 067 Grain Sales to Soviets
def test_grain_sales_return_the_card_and_conduct_two_ops():
    # card 67; digest 067 + U-2
    st = mid({"USA": [67], "USSR": [7]}, phasing="USA", clear=True, influence={"Mexico": (1, 0)})
    st, _ = event(st, 67)
    st, _ = choose(st, mode="return")
    st = kind(st, "influence")
    st = place_all(st, "Mexico", 2, "influence")
    assert st["hands"]["USSR"] == [7] and 67 in st["discard"] and round_prompt(st, "USSR")


def test_grain_sales_play_a_us_event_taken_from_the_ussr():
    # card 67; digest 067: the stolen card is played by the USA (its event, here)
    st = mid({"USA": [67], "USSR": [64]}, phasing="USA", clear=True)
    st, _ = event(st, 67)
    st, _ = choose(st, mode="event")
    assert infl(st, "Panama") == (1, 0) and 64 in st["removed"] and st["hands"]["USSR"] == []


def test_grain_sales_ussr_card_ops_first_then_the_ussr_event():
    # card 67; digest 067: operations with a USSR card fire its event (the USSR resolves it)
    st = mid({"USA": [67], "USSR": [54]}, phasing="USA", clear=True, influence={"Mexico": (1, 0)})
    st, _ = event(st, 67)
    st, _ = choose(st, mode="ops_first")
    st = kind(st, "influence")
    st, _ = choose(st, mode="influence", country="Mexico")
    assert infl(st, "Chile") == (0, 2) and 54 in st["removed"]


def test_grain_sales_empty_hand_two_ops():
    # card 67; digest 067
    st = mid({"USA": [67], "USSR": []}, phasing="USA", clear=True, influence={"Mexico": (1, 0)})
    st, _ = event(st, 67)
    st = kind(st, "influence")
    st = place_all(st, "Mexico", 2, "influence")
    assert infl(st, "Mexico") == (3, 0)


def test_grain_sales_pulls_defectors_in_the_headline():
    # card 67 + card 103; FAQ #67/#103: a stolen Defectors cancels an unresolved USSR headline
    st = headline_state({"USA": [67, 4], "USSR": [54, 103]}, turn=MID, clear=True)
    st, _ = choose(st, mode="headline", card=54)
    st, _ = choose(st, mode="headline", card=67)
    # Grain Sales (2 ops) before Allende (1 op); the only USSR card left is Defectors
    assert "Grain Sales" in prompt(st) and "event" in modes(st)
    st, _ = choose(st, mode="event")
    assert infl(st, "Chile") == (0, 0) and 54 in st["discard"] and 103 in st["discard"]
    assert round_prompt(st, "USSR")


# ---------------------------------------------------------------- 068 John Paul II Elected Pope
def test_john_paul_ii():
    # card 68; digest 068: Solidarity's prerequisite
    st = mid({"USA": [68], "USSR": [7]}, phasing="USA", influence={"Poland": (0, 3)})
    st, _ = event(st, 68)
    assert infl(st, "Poland") == (1, 1) and has_effect(st, 68) and 68 in st["removed"]


# ---------------------------------------------------------------- 069 Latin American Death Squads
def test_death_squads_coup_modifiers():
    # card 69; digest 069: +1 for the resolving side, -1 for the enemy, die only
    st = mid({"USSR": [69, 7], "USA": [4]}, clear=True,
             influence={"Chile": (2, 0), "Mexico": (0, 2)}, dice=[3, 4])
    st, _ = event(st, 69)
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="coup")
    st, log = choose(st, mode="coup", country="Mexico")
    assert any("die 3 -1" in x for x in log) and st["milops"]["USA"] == 3
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    st, log = choose(st, mode="coup", country="Chile")
    assert any("die 4 +1" in x for x in log)


# ---------------------------------------------------------------- 070 OAS Founded
def test_oas_founded_two_in_the_americas():
    # card 70; digest 070: both may go to one country
    st = mid({"USA": [70], "USSR": [7]}, phasing="USA", clear=True)
    st, _ = event(st, 70)
    assert "Mexico" in countries(st) and "Brazil" in countries(st) and "Spain/Portugal" not in countries(st)
    st = place_all(st, "Brazil", 2)
    assert infl(st, "Brazil") == (2, 0) and 70 in st["removed"]


# ---------------------------------------------------------------- 071 Nixon / 076 Ussuri River Skirmish
def test_nixon_plays_the_china_card():
    # card 71; digest 071 + rewrite 3.1.3
    st = mid({"USA": [71], "USSR": [7]}, phasing="USA")
    st, _ = event(st, 71)
    assert st["china"] == {"holder": "USA", "face_up": False} and 71 in st["removed"]
    st = mid({"USA": [71], "USSR": [7]}, phasing="USA", china="USA")
    st, _ = event(st, 71)
    assert st["vp"] == 2
    st = mid({"USA": [71], "USSR": [7]}, phasing="USA", china=None,
             options={"chinese_civil_war": True})
    st, _ = event(st, 71)
    assert st["vp"] == 2 and st["china"]["holder"] is None


def test_ussuri_river_skirmish():
    # card 76; digest 076
    st = mid({"USA": [76], "USSR": [7]}, phasing="USA")
    st, _ = event(st, 76)
    assert st["china"] == {"holder": "USA", "face_up": True} and 76 in st["removed"]
    st = mid({"USA": [76], "USSR": [7]}, phasing="USA", china="USA", clear=True)
    st, _ = event(st, 76)
    assert "Thailand" in countries(st)
    st = place_all(st, "Japan", 2)
    assert "Japan" not in countries(st)
    st = place_all(st, "Thailand", 2)
    assert infl(st, "Japan") == (2, 0) and infl(st, "Thailand") == (2, 0)


# ---------------------------------------------------------------- 073 Shuttle Diplomacy
def test_shuttle_diplomacy_stays_on_the_table_then_removes_a_battleground():
    # card 73; FAQ #73 / rewrite 2.3.13 / U-6: the USA chooses; then the card is discarded
    st = mid({"USA": [73, 4], "USSR": [3, 7]}, phasing="USA", clear=True,
             influence={"Iraq": (0, 3), "Syria": (0, 2), "Libya": (0, 2), "Israel": (4, 0)})
    st, _ = event(st, 73)
    assert 73 in st["table"] and has_effect(st, 73) and validate(st) is None
    st, _ = choose(st, mode="play", card=3)
    assert player(st) == "USA" and set(countries(st)) == {"Iraq", "Libya"}
    st, log = choose(st, mode="choose", country="Iraq")
    # without Iraq: USSR Syria, Libya (1 bg: Libya) vs USA Israel (1 bg) -> USSR presence 3+1,
    # USA presence 3+1
    assert st["vp"] == 0 and 73 in st["discard"] and not has_effect(st, 73)


def test_shuttle_diplomacy_ignored_by_final_scoring_and_headline_choice():
    # card 73; U-6: no effect at final scoring; with no decision possible the best pick is made
    st = mid({"USA": [4], "USSR": [7]}, phasing="USA", clear=True, influence={"Iraq": (0, 3)})
    add_effect(st, 73, "USA")
    from squabble.games.struggle.events.scoring import region_points
    pts = region_points(st, "Middle East", final=True)
    assert pts["USSR"] == 4 and has_effect(st, 73)
    pts = region_points(st, "Middle East")
    assert pts["USSR"] == 0 and not has_effect(st, 73)


# ---------------------------------------------------------------- 074 The Voice of America
def test_voice_of_america_outside_europe_two_per_country():
    # card 74; digest 074
    st = mid({"USA": [74], "USSR": [7]}, phasing="USA", clear=True,
             influence={"Cuba": (0, 3), "Poland": (0, 3), "Iraq": (0, 1)})
    st, _ = event(st, 74)
    assert set(countries(st)) == {"Cuba", "Iraq"}
    st = place_all(st, "Cuba", 2, "remove")
    assert set(countries(st)) == {"Iraq"}
    st, _ = choose(st, mode="remove", country="Iraq")
    assert infl(st, "Cuba") == (0, 1) and infl(st, "Iraq") == (0, 0) and round_prompt(st, "USSR")


# ---------------------------------------------------------------- 075 Liberation Theology
def test_liberation_theology():
    # card 75; digest 075
    st = mid({"USSR": [75], "USA": [4]}, clear=True)
    st, _ = event(st, 75)
    assert "Brazil" not in countries(st)
    st = place_all(st, "Cuba", 2)
    assert "Cuba" not in countries(st)
    st, _ = choose(st, mode="place", country="Haiti")
    assert infl(st, "Cuba") == (0, 2) and infl(st, "Haiti") == (0, 1) and 75 in st["discard"]


# ---------------------------------------------------------------- 077 "Ask Not..."
def test_ask_not_discards_and_draws_as_many():
    # card 77; digest 077
    st = mid({"USA": [77, 4, 19, 37], "USSR": [7]}, phasing="USA")
    top = st["deck"][:2]
    st, _ = event(st, 77)
    st, _ = choose(st, mode="discard", card=19)
    st, _ = choose(st, mode="discard", card=37)
    st, _ = choose(st, mode="done")
    assert sorted(st["hands"]["USA"]) == sorted([4] + top) and {19, 37} <= set(st["discard"])
    assert 77 in st["removed"] and st["vp"] == 0


# ---------------------------------------------------------------- 078 Alliance for Progress
def test_alliance_for_progress():
    # card 78; digest 078 (0 VP still eliminates it)
    st = mid({"USA": [78], "USSR": [7]}, phasing="USA", clear=True,
             influence={"Mexico": (2, 0), "Brazil": (2, 0), "Bolivia": (2, 0)})
    st, _ = event(st, 78)
    assert st["vp"] == 2 and 78 in st["removed"]


# ---------------------------------------------------------------- 080 "One Small Step..."
def test_one_small_step_two_spaces_vp_of_the_second_only():
    # card 80; digest 080 (FAQ #18): only the space reached pays
    st = mid({"USA": [80], "USSR": [7]}, phasing="USA", space={"USA": 1, "USSR": 3})
    st, _ = event(st, 80)
    assert st["space"]["USA"] == 3 and st["vp"] == 0          # space 3 reached second: 0 VP
    st = mid({"USA": [80], "USSR": [7]}, phasing="USA", space={"USA": 0, "USSR": 2})
    st, _ = event(st, 80)
    assert st["space"]["USA"] == 2 and st["vp"] == 0
    st = mid({"USA": [80], "USSR": [7]}, phasing="USA", space={"USA": 2, "USSR": 2})
    st, _ = event(st, 80)
    assert st["space"]["USA"] == 2 and 80 in st["discard"]


# ---------------------------------------------------------------- save / load in the middle
def test_mid_event_in_progress_survives_a_json_round_trip():
    # docs/struggle-events-api.md: all progress in e.data
    st = mid({"USSR": [47], "USA": [4]}, clear=True, influence={"Chile": (2, 0)})
    st, _ = event(st, 47)
    st = json.loads(json.dumps(st))
    assert validate(st) is None
    st, _ = choose(st, mode="place", country="Bolivia")
    st = json.loads(json.dumps(st))
    st, _ = choose(st, mode="pass")
    assert infl(st, "Bolivia") == (0, 2)


# ---------------------------------------------------------------- more interactions
def test_trapped_rounds_follow_each_other_when_the_enemy_has_no_round_left():
    # card 44; MW-8: the USSR's trapped rounds, one after another, then the turn ends
    st = mid({"USA": [44], "USSR": [8, 7]}, phasing="USA", action_round=6, dice=[6, 6])
    st["space"] = {"USSR": 8, "USA": 0}                          # USSR: 8 action rounds
    st, _ = event(st, 44)
    assert player(st) == "USSR" and st["action_round"] == 7
    st, _ = choose(st, mode="discard", card=8)
    assert player(st) == "USSR" and st["action_round"] == 8 and cards(st) == [7]
    assert modes(st) == ["discard", "pass"]                     # an eighth round stays optional
    st, _ = choose(st, mode="discard", card=7)
    assert st["turn"] == MID + 1 and has_effect(st, 44)


def test_trapped_eighth_round_may_be_declined():
    # card 44; MW-8 + rewrite 4.1.4 note: a trapped eighth round stays optional
    st = mid({"USA": [19], "USSR": [8]}, phasing="USSR", action_round=8, space={"USSR": 8, "USA": 0},
             effects=[(44, "USA", {"trapped": "USSR"})])
    assert "Bear Trap" in prompt(st) and modes(st) == ["discard", "pass"]
    st, log = choose(st, mode="pass")
    assert st["step"] == "reset2" and has_effect(st, 44) and st["hands"]["USSR"] == [8]
    assert any("no eighth action round" in x for x in log)    # (then the Bear has Landed discard)


def test_missile_envy_obliged_round_offers_only_its_operations():
    # card 49; U-4 + MW-10: the obliged USA sees only Missile Envy, then only operations (not
    # the Space Race it could afford, not its event); The China Card is not offered either
    st = mid({"USA": [49, 19], "USSR": [7]}, phasing="USA", clear=True, china="USA",
             influence={"Mexico": (1, 0)}, effects=[(49, "USSR", {"side": "USA"})])
    assert cards(st) == [49]
    st, _ = choose(st, mode="play", card=49)
    assert modes(st) == ["influence"]                           # nothing to realign or coup
    from squabble.games.struggle.engine import space_ok
    assert space_ok(st, "USA", 49)                              # the Space Race was affordable
    st, _ = choose(st, mode="influence")
    st = place_all(st, "Mexico", 2, "influence")
    assert st["space"]["USA"] == 0 and 49 in st["discard"] and not has_effect(st, 49)
    assert round_prompt(st, "USSR")


def test_missile_envy_obligation_carries_to_the_next_turn():
    # card 49; digest 049 (FAQ): received with no action round left, the obligation waits for
    # the receiver's first action round of the next turn (the headline is not one)
    st = mid({"USA": [49], "USSR": [7]}, phasing="USA", action_round=7, clear=True)
    st, _ = event(st, 49)
    st = kind(st, "influence")
    st = place_all(st, "Canada", 3, "influence")             # Socialist Governments' 3 ops
    assert st["turn"] == MID + 1 and has_effect(st, 49) and 49 in st["hands"]["USSR"]
    st = headline_state({"USA": [4, 22], "USSR": [49, 8, 12]}, turn=MID + 1,
                        effects=[(49, "USA", {"side": "USSR"})])
    assert sorted(cards(st)) == [8, 12]                         # Missile Envy is kept for round 1
    assert validate(json.loads(json.dumps(st))) is None
    st, _ = choose(st, mode="headline", card=12)
    st, _ = choose(st, mode="headline", card=4)
    assert player(st) == "USSR" and st["action_round"] == 1 and cards(st) == [49]


def test_grain_sales_with_un_intervention():
    # card 67 + card 32 + card 60; FAQ #32: UN Intervention may be paired with the taken card
    st = mid({"USA": [67, 32], "USSR": [7]}, phasing="USA", clear=True,
             influence={"Mexico": (1, 0)})
    add_effect(st, 60, "USSR", until="turn")
    st, _ = event(st, 67)
    st, _ = choose(st, mode="un")
    st = kind(st, "influence")
    st = place_all(st, "Mexico", 3, "influence")
    assert {7, 32, 67} <= set(st["discard"]) and st["vp"] == -1     # U2: +1 USSR
    assert infl(st, "Mexico") == (4, 0) and round_prompt(st, "USSR")


def test_grain_sales_war_card_under_flower_power():
    # card 67 + card 59 + card 36; MW-12: the USA plays the taken war card
    st = mid({"USA": [67], "USSR": [36]}, phasing="USA", clear=True, dice=[1])
    add_effect(st, 59, "USSR")
    st, _ = event(st, 67)
    st, _ = choose(st, mode="event")
    st, _ = choose(st, mode="choose", country="Haiti")
    assert st["vp"] == -2 and st["milops"]["USA"] == 3


def test_shuttle_diplomacy_headlined_scoring_takes_the_best_battleground():
    # card 73 + card 1; MW-13: no decision possible in a headline -> the best pick for the USA
    st = headline_state({"USA": [4, 19], "USSR": [1, 7]}, turn=MID, clear=True,
                        influence={"Japan": (0, 4), "N. Korea": (0, 3), "Thailand": (2, 0)})
    add_effect(st, 73, "USA")
    st["table"].append(73)
    st["deck"].remove(73)
    st, _ = choose(st, mode="headline", card=1)
    st, _ = choose(st, mode="headline", card=19)             # Truman Doctrine: no target
    # Japan left out (it also borders the USA): USSR N. Korea = presence 3 + 1 bg; USA
    # Thailand = presence 3 + 1 bg
    assert not has_effect(st, 73) and 73 in st["discard"] and st["vp"] == 0


def test_salt_and_death_squads_stack_on_the_die():
    # card 43 + card 69; digest "Coup die modifiers"
    st = mid({"USSR": [7], "USA": [4]}, clear=True, influence={"Chile": (1, 0)}, dice=[3])
    add_effect(st, 43, "USSR", until="turn")
    add_effect(st, 69, "USSR", until="turn")
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    st, log = choose(st, mode="coup", country="Chile")
    assert any("die 3, result 0" in x for x in log)            # 3 - 1 + 1 + 3 - 6 = 0


def test_we_will_bury_you_headlined_waits_for_us_action_round_1():
    # card 50; FAQ #49/50: after a headline the USA's next round is action round 1
    st = headline_state({"USA": [19, 4], "USSR": [50, 7]}, turn=MID)
    st, _ = choose(st, mode="headline", card=50)
    st, _ = choose(st, mode="headline", card=4)
    assert st["defcon"] == 3 and st["vp"] == 2 and has_effect(st, 50)
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="influence")
    st = place_all(st, "Finland", 3, "influence")
    st, _ = choose(st, mode="play", card=19)
    st, _ = choose(st, mode="influence")
    assert st["vp"] == 2 - 3


def test_we_will_bury_you_at_defcon_2_played_by_the_usa_for_ops():
    # card 50; rewrite 2.1.5(d): the USA (phasing) loses if it triggers it at DEFCON 2
    st = mid({"USA": [50], "USSR": [7]}, phasing="USA", defcon=2)
    st, _ = event(st, 50, "event_first")
    assert st["winner"] == "USSR"


def test_cuban_missile_crisis_cancellation_offered_when_the_enemy_plays_its_card():
    # card 40 + card 62; FAQ #40/#62: the restricted USSR may cancel during the US round
    st = mid({"USA": [62], "USSR": [7]}, phasing="USA", defcon=2, clear=True,
             influence={"Cuba": (0, 3), "Haiti": (1, 0)})
    add_effect(st, 40, "USA", until="turn", restricted="USSR")
    st, _ = choose(st, mode="play", card=62)
    st, _ = choose(st, mode="event_first")
    assert player(st) == "USSR" and countries(st) == ["Cuba"]
    st, _ = choose(st, mode="pass")
    assert has_effect(st, 40) and player(st) == "USSR"         # Lone Gunman's op
    st = kind(st, "coup")
    st, _ = choose(st, mode="coup", country="Haiti")
    assert st["winner"] == "USA"


def test_ask_not_reshuffles_when_the_draw_pile_runs_out():
    # card 77; rewrite 2.3.1(a): the discard pile (with the new discards) is reshuffled
    st = mid({"USA": [77, 4, 19], "USSR": [7]}, phasing="USA")
    st["discard"] = st["deck"][1:]
    st["deck"] = st["deck"][:1]
    st, _ = event(st, 77)
    st, _ = choose(st, mode="discard", card=4)
    st, _ = choose(st, mode="discard", card=19)             # the hand is empty: no "done"
    assert len(st["hands"]["USA"]) == 2 and validate(st) is None


def test_one_small_step_passing_a_space_cancels_the_enemy_ability():
    # card 80; digest 080: the USSR alone at space 2 (two attempts) loses it once passed
    from squabble.games.struggle.core import space_ability
    st = mid({"USA": [80], "USSR": [7]}, phasing="USA", space={"USA": 1, "USSR": 2})
    assert space_ability(st, "USSR", 2)
    st, _ = event(st, 80)
    assert st["space"]["USA"] == 3 and not space_ability(st, "USSR", 2)


def test_bear_trap_first_round_after_the_headline_asks_the_trap_decision():
    # card 44; MW-8 (round_start hook): the USSR's action round 1 after the headline is the
    # trapped round at once -- no normal "play a card" choice first
    st = headline_state({"USA": [19, 4], "USSR": [8, 7, 12]}, turn=MID)
    add_effect(st, 44, "USA", trapped="USSR")
    st, _ = choose(st, mode="headline", card=12)
    st, _ = choose(st, mode="headline", card=4)
    assert player(st) == "USSR" and st["action_round"] == 1 and not round_prompt(st, "USSR")
    assert "Bear Trap" in prompt(st) and sorted(cards(st)) == [7, 8]
    assert modes(st) == ["discard", "discard"] and validate(json.loads(json.dumps(st))) is None
    st["dice"] = [2]
    st, log = choose(st, mode="discard", card=7)
    assert 7 in st["discard"] and not has_effect(st, 44) and any("escapes" in x for x in log)
    assert round_prompt(st, "USA") and validate(st) is None


def test_bear_trap_round_comes_after_norad_of_the_ending_round():
    # card 44 + card 106; U-12 + MW-8: NORAD (round_end of the US round) is answered first,
    # then the USSR's action round starts as a trapped round
    st = mid({"USA": [4], "USSR": [8, 12]}, phasing="USA", defcon=3,
             options={"optional_cards": True}, influence={"Canada": (4, 0), "Iran": (0, 1)},
             dice=[1], effects=[(106, "USA"), (44, "USA", {"trapped": "USSR"})])
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Iran")
    assert st["defcon"] == 2 and player(st) == "USA" and "NORAD" in prompt(st)
    st, _ = choose(st, mode="place", country="Canada")
    assert player(st) == "USSR" and "Bear Trap" in prompt(st) and st["action_round"] == 2
    assert cards(st) == [8] and validate(st) is None               # 12 is worth 1 op


def test_shuttle_diplomacy_triggered_by_the_ussr_stays_in_front_of_the_usa():
    # card 73; digest 073: the USSR's operations with it still put it on the table
    st = mid({"USSR": [73], "USA": [4]}, clear=True, influence={"Finland": (0, 1)})
    st, _ = event(st, 73, "ops_first")
    st = kind(st, "influence")
    st = place_all(st, "Finland", 3, "influence")
    assert 73 in st["table"] and has_effect(st, 73) and round_prompt(st, "USA")
    assert validate(st) is None
