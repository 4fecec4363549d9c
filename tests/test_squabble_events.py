"""The Event-deck variant (rb "Event Deck"; R13): each of the ten events changes one rule."""

from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import EVENTS
from tests.squabble_helpers import act, card, finish_turn, pass_counters, pending, play_both, turn_start


def test_event_revealed_in_phase1_and_covered_next_turn():
    # rb Event Deck "Turn Order" and "Phase Detail": top event revealed in phase 1, in effect
    # until covered by the next
    s = E.new_game(5, {"events": True})
    first = s["event"]
    assert first in EVENTS and len(s["event_deck"]) == 9
    s = finish_turn(s)
    assert s["era"] == 2 and s["event"] != first and s["events_covered"] == [first]
    assert len(s["event_deck"]) == 8


def test_no_events_without_the_variant():
    # rb Event Deck: a variant, off unless chosen
    s = E.new_game(5)
    assert s["event"] is None and s["event_deck"] == []


def test_hotline_forbids_counters():
    # R13 event "no_counters"
    plain = turn_start(era=1)
    plain = play_both(plain, ("Cominform", "Berlin Blockade"), ("Marshall Plan", "Operation Paperclip"))
    assert pending(plain) == ("counter", "USA")
    s = turn_start(era=1, events=True, event="hotline")
    s = play_both(s, ("Cominform", "Berlin Blockade"), ("Marshall Plan", "Operation Paperclip"))
    assert s["bop"] == 2 and (s["pending"] is None or s["pending"]["kind"] != "counter")


def test_apollo_soyuz_tie_to_fewer_tokens():
    # R13 event "fewer_tokens_tie": a tie goes to the side with fewer tokens on its space card
    def race(events):
        s = turn_start(era=1, tokens=(0, 1), events=events, event="apollo-soyuz" if events else None)
        s = play_both(s, ("Berlin Blockade", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
        s, _ = act(s, "tokens", bop=0, space=1)  # USSR: Cominform 1 + 1 = 2, no symbol
        return pass_counters(s)
    assert race(False)["space"] == {"USA": 0, "USSR": 0}
    assert race(True)["space"] == {"USA": 1, "USSR": 0}


def test_oil_embargo_caps_tokens_at_two():
    # R13 event "token_cap_2"
    s = turn_start(era=1, events=True, event="oil-embargo")
    s = play_both(s, ("First Lightning", "Cominform"), ("Berlin Airlift", "Operation Paperclip"))
    s = pass_counters(s)
    assert pending(s) == ("take_token", "USA")  # Paperclip's symbol won the 1-1 race
    s, _ = act(s, "take_token")
    while s["pending"]["player"] != "USA" or s["pending"]["kind"] != "take_tokens":
        s, _ = E.apply(s, 0)
    assert s["tokens"]["USA"] == 1
    assert [o["amount"] for o in E.decision(s)["options"]] == [1, 0]  # Marshall Plan is 3


def test_cambridge_five_forbids_agents():
    # R13 event "no_agents"
    s = turn_start(era=1, events=True, event="cambridge-five")
    bops = {o["bop"] for o in E.decision(s)["options"]}
    assert bops == {card("First Lightning"), card("Berlin Blockade"), card("Cominform")}


def test_detente_eases_the_balance():
    # R13 event "detente": after measuring, one space back toward DEFCON 5
    s = turn_start(era=1, events=True, event="detente")
    s = play_both(s, ("Cominform", "Berlin Blockade"), ("Marshall Plan", "Operation Paperclip"))
    s = pass_counters(s)
    assert s["bop"] == 1  # +2 measured, eased to +1


def test_test_ban_ignores_space_symbols():
    # R13 event "no_symbols"
    s = turn_start(era=1, events=True, event="test-ban")
    s = play_both(s, ("Berlin Blockade", "Cominform"), ("Berlin Airlift", "Operation Paperclip"))
    s = pass_counters(s)
    assert s["space"] == {"USA": 0, "USSR": 0}  # 1 vs 1*: the symbol would have won


def test_moon_speech_advances_two_with_both_rewards():
    # R13 event "double_advance": two spaces, each reward in turn
    s = turn_start(era=1, events=True, event="moon-speech")
    s = play_both(s, ("Berlin Blockade", "First Lightning"), ("Berlin Airlift", "Operation Paperclip"))
    s = pass_counters(s)
    assert s["space"]["USSR"] == 2 and pending(s) == ("take_token", "USSR")
    s, _ = act(s, "take_token")
    assert pending(s) == ("shift", "USSR")
    s, _ = act(s, "shift")
    assert s["tokens"]["USSR"] == 1 and s["bop"] == -1


def test_missile_crisis_moves_one_further():
    # R13 event "crisis"
    s = turn_start(era=1, events=True, event="missile-crisis")
    s = play_both(s, ("Cominform", "Berlin Blockade"), ("Marshall Plan", "Operation Paperclip"))
    s = pass_counters(s)
    assert s["bop"] == 3  # difference 2, plus 1


def test_missile_crisis_adds_nothing_on_a_tie():
    # R13 event "crisis": only when the balance moves
    s = turn_start(era=1, events=True, event="missile-crisis")
    s = play_both(s, ("First Lightning", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
    s = pass_counters(s)
    assert s["bop"] == 0


def test_treaty_of_rome_tokens_always_add():
    # R13 event "tokens_add": the equal-means-zero rule is off
    s = turn_start(era=1, tokens=(0, 1), events=True, event="treaty-of-rome")
    s = play_both(s, ("Cominform", "Berlin Blockade"), ("Berlin Airlift", "Operation Paperclip"))
    s, _ = act(s, "tokens", bop=1, space=0)
    assert E.bop_value(s, "USSR") == 2


def test_kitchen_debate_one_more_token():
    # R13 event "claim_plus_one"
    s = turn_start(era=1, events=True, event="kitchen-debate")
    s = play_both(s, ("First Lightning", "Berlin Blockade"), ("Marshall Plan", "Berlin Airlift"))
    s = pass_counters(s)
    while s["pending"]["kind"] != "take_tokens":
        s, _ = E.apply(s, 0)
    side = s["pending"]["player"]
    # the left-over card is a 1-value card: Cominform / Operation Paperclip
    assert [o["amount"] for o in E.decision(s)["options"]] == [2, 1, 0], side


def test_oil_embargo_leaves_no_side_holding_three():
    """Issue 50 item 14: the card says no side may hold more than 2 tokens, so a side holding 3
    when the Oil Embargo is revealed returns one to the supply and can spend only 2 (a game
    against hard was decided by America spending 3 under the embargo)."""
    s = turn_start(era=4, tokens=(3, 3), events=True, event="oil-embargo")
    assert s["event"] == "oil-embargo"
    assert s["tokens"] == {"USA": 2, "USSR": 2}
    s2 = turn_start(era=4, tokens=(3, 1), events=True, event="oil-embargo")
    assert s2["tokens"] == {"USA": 2, "USSR": 1}
    # the return is a structured log line the table can show (kind and data, not English)
    st = turn_start(era=3, tokens=(3, 0), events=True, event="hotline")
    st["event_deck"].insert(0, "oil-embargo")
    st["step"], st["pending"], st["todo"] = "draw", None, []
    log = []
    E.run(st, log)
    back = [x for x in log if x.kind == "return_tokens"]
    assert [(x.data["side"], x.data["amount"]) for x in back] == [("USA", 1)]
    assert st["tokens"]["USA"] == 2
    # and phase 4 offers no placement of a third token
    s3 = play_both(s2, ("Salyut 6", "Moscow Olympics"), ("Olympic Boycott", "Camp David Accords"))
    while pending(s3) != ("tokens", "USA"):
        s3, _ = E.apply(s3, 0)
    assert max(o["bop"] + o["space"] for o in E.decision(s3)["options"]) == 2
