"""Twilight Squabble: one test per rule and ruling.

"rb" cites the printed rulebook (phase numbers as printed), "R<n>" the project's rulings
(docs/rulings.md, from shared/design/squabble-rulings.md).  Squabble has no dice: its only chance
is the Event deck's shuffle, so tests force outcomes by building the state they need.
"""

import json

import pytest

from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import AGENT, CARDS, DOUBLE_AGENT, EVENTS, SIDES, era_cards
from tests.squabble_helpers import (act, card, finish_turn, pass_counters, pending, play_both,
                                    turn_start)


# ---------------------------------------------------------------- set-up and phase 1 -----------

def test_setup_tracks_tokens_and_decks():
    # rb Set-Up 2, 5, 6; R1; R2
    s = E.new_game(7)
    assert s["bop"] == 0 and s["space"] == {"USA": 0, "USSR": 0}
    assert s["leader"] is None and s["tokens"] == {"USA": 0, "USSR": 0}
    for side in SIDES:
        assert s["hands"][side][:2] == [AGENT[side], DOUBLE_AGENT[side]]
        assert sorted(s["hands"][side][2:]) == sorted(era_cards(side, 1))
        assert [CARDS[c].era for c in s["decks"][side]] == [2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5]
    assert s["era"] == 1 and s["phase"] == 2 and pending(s) == ("play", "USSR")


def test_card_values_follow_the_known_facts():
    # R4 and squabble-rulings "facts": per side and era one each of 1/2, 2/1, 3/3, one Space Symbol
    for side in SIDES:
        for era in range(1, 6):
            cs = [CARDS[c] for c in era_cards(side, era)]
            assert sorted((c.activity, c.counter) for c in cs) == [(1, 2), (2, 1), (3, 3)]
            assert sum(c.space_symbol for c in cs) == 1
    assert CARDS[card("Tsar Bomba")].activity == 2 and CARDS[card("Tsar Bomba")].space_symbol
    assert CARDS[card("Invasion of Czechoslovakia")].activity == 3
    assert CARDS[card("Man on the Moon")].activity == 3 and CARDS[card("Man on the Moon")].era == 3
    assert CARDS[card("Vietnam")].activity == 2 and not CARDS[card("Vietnam")].space_symbol


def test_phase1_draws_the_next_era():
    # rb phase 1: each side draws the top three cards of its deck (the next era)
    s = turn_start(era=2)
    s = play_both(s, ("Hungarian Uprising Crushed", "Sputnik"), ("Cuban Quarantine", "Explorer 1"))
    while s["era"] == 2:
        d = E.decision(s)
        s, _ = E.apply(s, len(d["options"]) - 1)
    assert s["era"] == 3
    for side in SIDES:
        assert set(era_cards(side, 3)) <= set(s["hands"][side])
        assert len(s["decks"][side]) == 6


# ---------------------------------------------------------------- phase 2 -----------------------

def test_phase2_options_agents_only_to_balance_of_power():
    # rb phase 2; R5: Agent and Double Agent may only be played to the Balance of Power slot
    s = turn_start(era=1)
    d = E.decision(s)
    assert d["player"] == "USSR" and len(d["options"]) == 3 * 2 + 2 * 3
    for o in d["options"]:
        assert CARDS[o["space"]].kind == "activity" and o["bop"] != o["space"]
    assert {o["bop"] for o in d["options"]} >= {AGENT["USSR"], DOUBLE_AGENT["USSR"]}


def test_phase2_both_sides_play_then_cards_are_in_slots():
    # rb phase 2: one card face down by each track
    s = turn_start(era=1)
    s = play_both(s, ("First Lightning", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
    assert s["slots"]["USSR"]["bop"] == card("First Lightning")
    assert s["slots"]["USA"]["space"] == card("Berlin Airlift")
    assert card("Marshall Plan") not in s["hands"]["USA"]


# ---------------------------------------------------------------- phase 3: agents ---------------

def test_agent_alone_sees_space_card_and_is_replaced():
    # rb phase 3 "Agents"; R5 replacement and discard
    s = turn_start(era=1)
    s = play_both(s, ("Agent", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
    assert s["spied"] == {"USA": False, "USSR": True}
    assert AGENT["USSR"] in s["discards"]["USSR"] and s["slots"]["USSR"]["bop"] is None
    assert pending(s) == ("replace", "USSR")
    assert [o["card"] for o in E.decision(s)["options"]] == [card("First Lightning"),
                                                             card("Berlin Blockade")]
    assert card("Berlin Airlift") not in E.hidden_from(s, "USSR")["cards"]  # seen by the Agent
    assert card("Marshall Plan") in E.hidden_from(s, "USSR")["cards"]  # the BoP card is not
    assert card("Cominform") in E.hidden_from(s, "USA")["cards"]  # USA saw nothing
    s, _ = act(s, "replace", card=card("First Lightning"))
    assert s["slots"]["USSR"]["bop"] == card("First Lightning")


def test_double_agent_converts_agent():
    # rb phase 3 "A Double Agent and an Agent"; R5 both leave and are replaced
    s = turn_start(era=1)
    s = play_both(s, ("Agent", "Cominform"), ("Double Agent", "Berlin Airlift"))
    assert s["spied"] == {"USA": True, "USSR": False}
    assert AGENT["USSR"] in s["discards"]["USSR"]
    assert DOUBLE_AGENT["USA"] in s["discards"]["USA"]
    assert pending(s) == ("replace", "USSR")
    s, _ = act(s, "replace", card=card("Berlin Blockade"))
    assert pending(s) == ("replace", "USA")
    s, _ = act(s, "replace", card=card("Operation Paperclip"))
    assert s["slots"]["USA"]["bop"] == card("Operation Paperclip")


def test_two_double_agents_both_fail():
    # rb phase 3 "Two Double Agents": both fail and are discarded without effect
    s = turn_start(era=1, discards_extra={"USSR": [AGENT["USSR"]]})
    s = play_both(s, ("Double Agent", "Cominform"), ("Double Agent", "Berlin Airlift"))
    assert s["spied"] == {"USA": False, "USSR": False}
    assert AGENT["USSR"] in s["discards"]["USSR"]  # no retrieval for a failed Double Agent
    assert DOUBLE_AGENT["USSR"] in s["discards"]["USSR"]
    assert DOUBLE_AGENT["USA"] in s["discards"]["USA"]
    assert pending(s) == ("replace", "USSR")


def test_lone_double_agent_retrieves_agent():
    # rb phase 3 "One Double Agent": the Agent comes back from the discard pile, DA discarded
    s = turn_start(era=2, discards_extra={"USA": [AGENT["USA"]]})
    s = play_both(s, ("Hungarian Uprising Crushed", "Sputnik"), ("Double Agent", "Explorer 1"))
    assert AGENT["USA"] in s["hands"]["USA"] and AGENT["USA"] not in s["discards"]["USA"]
    assert DOUBLE_AGENT["USA"] in s["discards"]["USA"]
    assert s["spied"] == {"USA": False, "USSR": False}
    assert pending(s) == ("replace", "USA")


def test_lone_double_agent_without_discarded_agent():
    # rb phase 3 "(if able)": nothing to retrieve, the Double Agent is still discarded
    s = turn_start(era=1)
    s = play_both(s, ("First Lightning", "Cominform"), ("Double Agent", "Berlin Airlift"))
    assert s["hands"]["USA"].count(AGENT["USA"]) == 1
    assert DOUBLE_AGENT["USA"] in s["discards"]["USA"]


def test_two_agents_both_see():
    # rb phase 3 "Agents": each Agent reveals the opponent's Space Race card
    s = turn_start(era=1)
    s = play_both(s, ("Agent", "Cominform"), ("Agent", "Berlin Airlift"))
    assert s["spied"] == {"USA": True, "USSR": True}
    assert pending(s) == ("replace", "USSR")


def test_no_agent_skips_phase3():
    # rb phase 3: if neither played an Agent or Double Agent, advance to phase 4
    s = turn_start(era=1, tokens=(1, 0))
    s = play_both(s, ("First Lightning", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
    assert pending(s) == ("tokens", "USA") and s["phase"] == 4


# ---------------------------------------------------------------- phase 4: tokens ---------------

@pytest.mark.parametrize("bop,first", [(2, "USA"), (-1, "USSR"), (0, "USSR")])
def test_token_order(bop, first):
    # rb phase 4; R6: the favoured side places first; neutral: Russia first
    s = turn_start(era=1, bop=bop, tokens=(2, 2))
    s = play_both(s, ("First Lightning", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
    assert pending(s) == ("tokens", first)


def test_token_options_and_placement():
    # rb phase 4: any number on the Balance of Power card and/or the Space Race card
    s = turn_start(era=1, tokens=(3, 0))
    s = play_both(s, ("First Lightning", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
    opts = E.decision(s)["options"]
    assert len(opts) == 10  # (b, s) with b + s <= 3
    s, _ = act(s, "tokens", bop=2, space=1)
    assert s["tokens"]["USA"] == 0
    assert s["slots"]["USA"]["bop_tokens"] == 2 and s["slots"]["USA"]["space_tokens"] == 1


def test_side_without_tokens_is_not_asked():
    # rb phase 4: only a side with tokens available may place
    s = turn_start(era=1, tokens=(0, 0))
    s = play_both(s, ("First Lightning", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
    assert s["phase"] >= 5 and (s["pending"] is None or s["pending"]["kind"] != "tokens")


# ---------------------------------------------------------------- phase 5: values ---------------

def test_equal_tokens_make_zero():
    # rb phase 5 (bold); R7: tokens equal to the printed value -> 0
    s = turn_start(era=1, tokens=(2, 1))
    s = play_both(s, ("Cominform", "Berlin Blockade"), ("Berlin Airlift", "Operation Paperclip"))
    s, _ = act(s, "tokens", bop=1, space=0)   # USSR: Cominform (1) + 1 token -> 0
    s, _ = act(s, "tokens", bop=1, space=0)   # USA: Berlin Airlift (2) + 1 token -> 3
    assert E.bop_value(s, "USSR") == 0 and E.bop_value(s, "USA") == 3


def test_space_tokens_only_add():
    # R7: tokens on the Space Race card only add, even when equal to the printed value
    s = turn_start(era=1, tokens=(0, 1))
    s = play_both(s, ("Berlin Blockade", "Cominform"), ("Berlin Airlift", "Operation Paperclip"))
    s, _ = act(s, "tokens", bop=0, space=1)
    assert E.space_value(s, "USSR") == 2


# ---------------------------------------------------------------- phase 6: counters -------------

def test_counter_needs_equal_counter_value_and_cancels():
    # rb phase 6; R8: Counter Value equal to the opponent's printed Activity Value
    s = turn_start(era=1, bop=0, tokens=(0, 2))
    # USSR plays Berlin Blockade (2); USA holds Berlin Airlift (counter 1) and Paperclip (counter 2)
    s = play_both(s, ("Berlin Blockade", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
    s, _ = act(s, "tokens", bop=1, space=0)
    assert pending(s) == ("counter", "USA")  # neutral: America first
    modes = [(o["mode"], o.get("card")) for o in E.decision(s)["options"]]
    assert modes == [("counter", card("Operation Paperclip")), ("pass", None)]
    s, log = act(s, "counter", card=card("Operation Paperclip"))
    assert s["slots"]["USSR"]["bop"] is None and s["slots"]["USSR"]["bop_tokens"] == 0
    assert card("Berlin Blockade") in s["discards"]["USSR"]
    assert card("Operation Paperclip") in s["discards"]["USA"]
    assert s["tokens"]["USSR"] == 1  # the token on the countered card went to the supply
    assert any("counters" in line for line in log)


def test_counter_uses_printed_value_not_tokens():
    # rb phase 6: printed Activity Value, tokens do not change what counters it
    s = turn_start(era=1, tokens=(0, 1))
    s = play_both(s, ("Cominform", "Berlin Blockade"), ("Marshall Plan", "Operation Paperclip"))
    s, _ = act(s, "tokens", bop=1, space=0)  # Cominform 1 + 1 token -> value 0, printed 1
    # USA needs counter value 1: Berlin Airlift (2/1)
    assert [o.get("card") for o in E.decision(s)["options"]] == [card("Berlin Airlift"), None]


def test_counter_order_favoured_first_and_both_may_counter():
    # R8: favoured side first; each side may counter once
    s = turn_start(era=1, bop=-2)
    # USSR plays Berlin Blockade (2); USA plays Marshall Plan (3)
    s = play_both(s, ("Berlin Blockade", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
    assert pending(s) == ("counter", "USSR")  # favoured first
    s, _ = act(s, "counter", card=card("First Lightning"))  # counter 3 vs Marshall Plan
    assert pending(s) == ("counter", "USA")
    s, _ = act(s, "counter", card=card("Operation Paperclip"))  # counter 2 vs Berlin Blockade
    assert s["slots"]["USA"]["bop"] is None and s["slots"]["USSR"]["bop"] is None
    assert s["bop"] == -2  # both cancelled: nothing moves


def test_no_legal_counter_is_still_asked_and_can_only_pass():
    # rb phase 6: a side can only counter with a matching card.  R8: it is asked anyway, with
    # Pass its only option, so being asked tells the other side nothing about its hand.
    s = turn_start(era=3, bop=-1, tokens=(1, 2))
    s = play_both(s, ("Invasion of Czechoslovakia", "Tsar Bomba"), ("Man on the Moon", "Vietnam"))
    s, _ = act(s, "tokens", bop=0, space=0)
    s, _ = act(s, "tokens", bop=0, space=0)
    for side in ("USSR", "USA"):   # favoured first
        d = E.decision(s)
        assert (d["kind"], d["player"]) == ("counter", side)
        assert [o["mode"] for o in d["options"]] == ["pass"]
        assert d["context"]["can_counter"] is False
        s, _ = act(s, "pass")
    assert s["pending"] is None or s["pending"]["kind"] != "counter"


# ---------------------------------------------------------------- phase 7: measure --------------

def test_measure_moves_by_difference():
    # rb phase 7: moves the difference toward the higher value
    s = turn_start(era=1, bop=0)
    s = play_both(s, ("Cominform", "Berlin Blockade"), ("Marshall Plan", "Operation Paperclip"))
    s, _ = act(s, "pass")  # USA could counter Cominform with Berlin Airlift
    assert pending(s) == ("counter", "USSR")
    s, _ = act(s, "pass")  # USSR could counter Marshall Plan with First Lightning
    assert s["bop"] == 2


def test_measure_tie_moves_nothing():
    # R9: a tie moves nothing
    s = turn_start(era=1, bop=1)
    s = play_both(s, ("First Lightning", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
    s = pass_counters(s)  # neither side holds a 3-counter: both can only pass
    assert s["bop"] == 1 and s["phase"] >= 8


def test_cloud_stops_and_ends_game():
    # rb phase 7 and "Mutually Assured Destruction"; R1: +4 means Russia wins
    s = turn_start(era=1, bop=2)
    s = play_both(s, ("Cominform", "Berlin Blockade"), ("Marshall Plan", "Operation Paperclip"))
    s = pass_counters(s)
    assert s["bop"] == 4 and s["winner"] == "USSR" and s["result"]["how"] == "cloud"
    assert E.decision(s) is None and s["space"] == {"USA": 0, "USSR": 0}  # phase 8 never ran


def test_cloud_on_the_red_side_gives_america_the_win():
    # R1: -4 means America wins
    s = turn_start(era=1, bop=-3)
    s = play_both(s, ("First Lightning", "Cominform"), ("Operation Paperclip", "Berlin Airlift"))
    s = pass_counters(s)
    assert s["bop"] == -4 and s["winner"] == "USA"


# ---------------------------------------------------------------- phase 8: space race -----------

def _race(ussr_space, usa_space, era=1, **kw):
    s = turn_start(era=era, **kw)
    ussr_bop = [c for c in era_cards("USSR", era) if c != card(ussr_space)][0]
    usa_bop = [c for c in era_cards("USA", era) if c != card(usa_space)][0]
    s, _ = act(s, "play", bop=ussr_bop, space=card(ussr_space))
    s, _ = act(s, "play", bop=usa_bop, space=card(usa_space))
    while s["pending"] and s["pending"]["kind"] in ("counter", "tokens"):
        d = E.decision(s)
        s, _ = E.apply(s, len(d["options"]) - 1 if d["kind"] == "counter" else 0)
    return s


def test_higher_space_value_advances():
    # rb phase 8: the higher total advances one space
    s = _race("First Lightning", "Berlin Airlift")  # 3 vs 2
    assert s["space"] == {"USA": 0, "USSR": 1}


def test_space_tie_goes_to_space_symbol():
    # rb phase 8; R10: tie -> the card with a Space Symbol wins
    s = _race("Cominform", "Operation Paperclip")  # 1 vs 1*, USA symbol
    assert s["space"] == {"USA": 1, "USSR": 0}


def test_space_tie_without_symbol_nobody_advances():
    # R10: neither card with a Space Symbol: nobody advances
    s = _race("Berlin Blockade", "Berlin Airlift")  # 2 vs 2
    assert s["space"] == {"USA": 0, "USSR": 0}


def test_space_tie_with_both_symbols_nobody_advances():
    # R10: both cards with a Space Symbol: nobody advances
    s2 = turn_start(era=4, tokens=(2, 0))
    s2, _ = act(s2, "play", bop=card("Moscow Olympics"), space=card("Salyut 6"))
    s2, _ = act(s2, "play", bop=card("Camp David Accords"), space=card("Space Shuttle Columbia"))
    s2, _ = act(s2, "tokens", bop=0, space=2)  # Columbia 1 + 2 = 3, both symbols
    while s2["pending"] and s2["pending"]["kind"] == "counter":
        s2, _ = act(s2, "pass")
    assert s2["space"] == {"USA": 0, "USSR": 0} and s2["race_winner"] is None


def test_space1_reward_is_a_choice():
    # rb phase 8 Space 1; R2: MAY take one token
    s = _race("First Lightning", "Berlin Airlift")
    assert pending(s) == ("take_token", "USSR")
    took, _ = act(s, "take_token")
    assert took["tokens"]["USSR"] == 1
    passed, _ = act(s, "pass")
    assert passed["tokens"]["USSR"] == 0


def test_space1_reward_not_offered_at_the_cap():
    # rb phase 9 cap; R2: never above 3
    s = _race("First Lightning", "Berlin Airlift", tokens=(0, 3))
    assert s["space"]["USSR"] == 1 and (s["pending"] is None or s["pending"]["kind"] != "take_token")
    assert s["tokens"]["USSR"] <= 3


def test_space2_reward_shifts_toward_the_side():
    # rb phase 8 Space 2; R2: MAY shift the balance one space toward itself
    s = _race("First Lightning", "Berlin Airlift", space=(0, 1), bop=0)
    assert pending(s) == ("shift", "USSR")
    before = s["bop"]
    shifted, _ = act(s, "shift")
    assert shifted["bop"] == before - 1
    kept, _ = act(s, "pass")
    assert kept["bop"] == before


def test_space2_shift_onto_cloud_loses():
    # R2: the shift may land on a cloud and lose the game
    s = turn_start(era=1, space=(0, 1), bop=-3)
    s = play_both(s, ("Berlin Blockade", "First Lightning"), ("Berlin Airlift", "Operation Paperclip"))
    s = pass_counters(s)
    assert s["bop"] == -3 and pending(s) == ("shift", "USSR")
    s, _ = act(s, "shift")
    assert s["bop"] == -4 and s["winner"] == "USA"


def test_leader_card_strictly_ahead_and_tie_keeps_it():
    # rb phase 8 end; R2: strictly ahead takes the leader card; tie: it stays
    s = _race("Cominform", "Operation Paperclip", space=(0, 1), leader="USSR")
    assert s["space"] == {"USA": 1, "USSR": 1} and s["leader"] == "USSR"
    s = _race("Cominform", "Operation Paperclip", space=(1, 1), leader="USSR")
    assert s["space"] == {"USA": 2, "USSR": 1}
    while s["pending"]["kind"] == "shift":
        s, _ = act(s, "pass")
    assert s["leader"] == "USA"


# ---------------------------------------------------------------- phase 9 and 10 ----------------

def test_phase9_take_up_to_activity_value_and_discard():
    # rb phase 9; R11
    s = _race("First Lightning", "Berlin Airlift")
    s, _ = act(s, "pass")  # space 1 reward declined
    # USSR's left-over card is Berlin Blockade (2) or Cominform (1)
    assert s["pending"]["kind"] == "take_tokens"
    side = s["pending"]["player"]
    amounts = [o["amount"] for o in E.decision(s)["options"]]
    left = [c for c in s["hands"][side] if CARDS[c].kind == "activity"]
    assert amounts == list(range(CARDS[left[0]].activity, -1, -1))
    s, _ = act(s, "take_tokens", amount=amounts[0])
    assert s["tokens"][side] == amounts[0] and left[0] in s["discards"][side]
    assert AGENT[side] in s["hands"][side]  # R11: agents stay in hand


def test_phase9_cap_of_three():
    # rb phase 9: never more than three tokens available
    s = turn_start(era=1, tokens=(2, 0))
    s = play_both(s, ("First Lightning", "Cominform"), ("Berlin Airlift", "Operation Paperclip"))
    s, _ = act(s, "tokens", bop=0, space=0)
    while s["pending"] and s["pending"]["kind"] != "take_tokens":
        s, _ = E.apply(s, len(E.decision(s)["options"]) - 1)
    while s["pending"] and s["pending"]["player"] != "USA":
        s, _ = E.apply(s, 0)
    assert [o["amount"] for o in E.decision(s)["options"]] == [1, 0]  # Marshall Plan 3, cap 3


def test_phase9_used_tokens_return_after_claims():
    # rb phase 9: tokens used this turn go back to the supply after claiming
    s = turn_start(era=1, tokens=(2, 0))
    s = play_both(s, ("First Lightning", "Cominform"), ("Berlin Airlift", "Operation Paperclip"))
    s, _ = act(s, "tokens", bop=1, space=1)
    s = finish_turn(s)
    assert s["era"] == 2 and s["tokens"]["USA"] == 3  # 0 left + 3 claimed (Marshall Plan)
    assert all(s["slots"][sd]["bop_tokens"] == 0 and s["slots"][sd]["space_tokens"] == 0
               for sd in SIDES)


def test_phase10_discards_played_cards():
    # rb phase 10: discard all cards played this turn
    s = turn_start(era=1)
    s = play_both(s, ("First Lightning", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
    while s["era"] == 1:
        s, _ = E.apply(s, len(E.decision(s)["options"]) - 1)
    assert set(era_cards("USSR", 1)) <= set(s["discards"]["USSR"])
    assert all(v is None for v in (s["slots"]["USA"]["bop"], s["slots"]["USSR"]["space"]))


def _finish_era5(bop, leader, space=(0, 0)):
    s = turn_start(era=5, bop=bop, leader=leader, space=space)
    s = play_both(s, ("Reykjavik Summit", "Glasnost"), ("Tear Down This Wall", "Operation Desert Storm"))
    while s["winner"] is None:
        d = E.decision(s)
        modes = [o["mode"] for o in d["options"]]
        s, _ = E.apply(s, modes.index("pass") if "pass" in modes else len(modes) - 1)
    return s


def test_era5_victory_by_balance():
    # rb "The End of the War"; R12: after era 5 the favoured side wins
    s = _finish_era5(bop=-2, leader="USA")
    assert s["winner"] == "USSR" and s["result"]["how"] == "balance"


def test_era5_victory_by_leader_card():
    # rb "The End of the War": DEFCON 5 -> the Space Race Leader card wins
    s = _finish_era5(bop=0, leader="USA", space=(3, 3))
    assert s["bop"] == 0 and s["winner"] == "USA" and s["result"]["how"] == "leader"


def test_era5_draw():
    # R12: neutral balance and nobody holds the leader card: a draw
    s = _finish_era5(bop=0, leader=None, space=(2, 2))
    assert s["winner"] == "draw" and s["result"]["how"] == "draw"


# ---------------------------------------------------------------- the rulebook's turn example ---

def test_rulebook_turn_example_replayed():
    # rb "Turn Example" (Scott = USSR, John = USA), start of turn three, balance on red 4 (-1).
    # R6 overrides the example's token order (Russia, the favoured side, places first); the
    # placements and every result are the example's.
    s = turn_start(era=3, bop=-1, tokens=(1, 2))
    s = play_both(s, ("Agent", "Tsar Bomba"), ("Man on the Moon", "Vietnam"))
    # Scott's Agent: he sees John's Space Race card and replaces the Agent
    assert s["spied"]["USSR"] and AGENT["USSR"] in s["discards"]["USSR"]
    s, _ = act(s, "replace", card=card("Invasion of Czechoslovakia"))
    assert pending(s) == ("tokens", "USSR")
    s, _ = act(s, "tokens", bop=2, space=0)
    s, _ = act(s, "tokens", bop=1, space=0)
    # Reveal; nobody can counter (the 3-counter cards are the ones in play): both can only pass
    assert E.bop_value(s, "USA") == 4 and E.bop_value(s, "USSR") == 5
    s = pass_counters(s)
    # measure 4 vs 5
    assert s["bop"] == -2  # red 3
    # Space Race: tied at 2, Scott's Tsar Bomba has the Space Symbol: USSR to space 1 + token
    assert s["space"] == {"USA": 0, "USSR": 1}
    assert pending(s) == ("take_token", "USSR")
    s, _ = act(s, "take_token")
    assert s["leader"] == "USSR"
    # Each player takes 1 token for the card left in hand (both are 1-value cards)
    while s["era"] == 3:
        d = E.decision(s)
        assert d["kind"] == "take_tokens" and d["options"][0]["amount"] == 1
        s, _ = E.apply(s, 0)
    assert s["tokens"] == {"USA": 0 + 1, "USSR": 0 + 1 + 1}
    assert s["winner"] is None and s["era"] == 4  # the game continues


# ---------------------------------------------------------------- state and replay --------------

def test_state_round_trips_through_json():
    # design: one JSON-serialisable state with the pending decision
    s = turn_start(era=2, tokens=(1, 1), events=True, event="hotline")
    back = json.loads(json.dumps(s))
    assert back == s and E.decision(back) == E.decision(s)


def test_seed_and_choices_replay_exactly():
    # design: seed + choices replay exactly
    def play(seed):
        s = E.new_game(seed, {"events": True})
        trail = []
        k = 0
        while s["winner"] is None:
            n = len(E.options(s))
            E.apply_option(s, E.options(s)[(k * 7 + 3) % n])
            trail.append(json.dumps(s, sort_keys=True))
            k += 1
        return trail
    assert play(11) == play(11)
    assert play(11) != play(12)  # the event deck order depends on the seed


def test_apply_is_pure():
    # design: apply does not mutate its input
    s = E.new_game(3)
    before = json.dumps(s, sort_keys=True)
    E.apply(s, 0)
    assert json.dumps(s, sort_keys=True) == before


def test_bad_index_is_refused():
    s = E.new_game(3)
    with pytest.raises(ValueError):
        E.apply(s, 99)
    with pytest.raises(ValueError):
        E.apply(s, "1")


def test_view_hides_opponent_hand_and_face_down_cards():
    # couch privacy: a side sees its own hand, never the other's, nor face-down slots
    s = turn_start(era=1)
    s, _ = act(s, "play", bop=card("First Lightning"), space=card("Cominform"))
    v = E.view(s, "USA")
    assert v["hands"]["USSR"] == [] and v["hand_counts"]["USSR"] == 3
    assert v["slots"]["USSR"]["bop"] is None and v["slots"]["USSR"]["bop_hidden"]
    assert v["hands"]["USA"] == s["hands"]["USA"]


def test_events_are_all_distinct_and_complete():
    # R13: ten events, each with a name, a year and a one-line text
    assert len(EVENTS) == 10
    assert len({e.rule for e in EVENTS.values()}) == 10
    for e in EVENTS.values():
        assert e.name and 1945 <= e.year <= 1991
        assert e.text and "\n" not in e.text


def test_revealed_agent_and_race_cards_count_as_seen():
    # rb phase 3: played agents are revealed; rb phase 8: both Space Race cards are revealed
    s = turn_start(era=1)
    s = play_both(s, ("Agent", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
    mid = E.clone(s)
    mid["step"], mid["slots"]["USSR"]["bop"] = "agents", AGENT["USSR"]
    mid["discards"]["USSR"].remove(AGENT["USSR"])
    assert AGENT["USSR"] not in E.hidden_from(mid, "USA")["cards"]
    race = E.clone(s)
    race["step"] = "race"
    assert card("Cominform") not in E.hidden_from(race, "USA")["cards"]
