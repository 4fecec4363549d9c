"""``load`` is the full consistency check (issue 11): one test per hole found, and positions a
tool sets up with a null ``pending``, for both games, through the protocol."""

from __future__ import annotations

import json

import pytest

from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import IS_ACTIVITY
from squabble.games.struggle import new_game, protocol_state
from squabble.protocol import Session
from tests.struggle.struggle_helpers import action_round_state, choose, event


def load(state):
    return Session().handle_line(json.dumps({"cmd": "load", "state": state}))


def refused(state, *words):
    r = load(state)
    assert not r["ok"], "accepted"
    assert not r["error"].startswith("Internal error"), r["error"]
    for w in words:
        assert w in r["error"], r["error"]
    return r["error"]


def sq_state(seed=3, events=False):
    return json.loads(json.dumps(E.new_game(seed, {"events": events})))


def st_state(st):
    """A Struggle state as the protocol prints it (what a tool edits and sends back); one in that
    shape already is copied."""
    return json.loads(json.dumps(st if "effect_details" in st else protocol_state(st)))


# ------------------------------------------------------------------ Twilight Squabble
def test_squabble_todo_letting_the_ussr_play_twice_is_refused():
    s = sq_state()
    assert load(s)["ok"]
    s["todo"] = ["USSR", "USSR", "USA"]
    refused(s, "'todo'")


@pytest.mark.parametrize("history", ["garbage", None, 5, [{"era": 1}]])
def test_squabble_history_must_be_a_list_of_era_records(history):
    s = sq_state()
    s["history"] = history
    refused(s, "'history'")


@pytest.mark.parametrize("ev", ["", 0, False, "nonsense"])
def test_squabble_event_must_be_null_with_the_variant_off(ev):
    s = sq_state()
    s["event"] = ev
    refused(s, "event")


def test_squabble_next_era_cards_taken_into_the_hand_are_refused():
    s = sq_state()
    for side in ("USA", "USSR"):
        s["hands"][side] += s["decks"][side][:3]
        del s["decks"][side][:3]
    refused(s, "draw pile")


def test_squabble_a_second_side_that_cannot_play_is_refused():
    # the first side to decide is fine, the second holds one Activity card: it would be stuck
    s = sq_state()
    usa = s["hands"]["USA"]
    acts = [c for c in usa if IS_ACTIVITY[c]]
    for c in acts[1:]:
        usa.remove(c)
        s["discards"]["USA"].append(c)
    refused(s, "USA", "fewer than two")


def test_squabble_position_with_null_pending_gets_its_decision():
    s = sq_state()
    s["bop"] = 2
    s["tokens"] = {"USA": 1, "USSR": 0}
    s["pending"] = None
    r = load(s)
    assert r["ok"], r.get("error")
    assert r["decision"]["player"] == "USSR" and r["decision"]["kind"] == "play"
    assert r["state"]["pending"] == {"kind": "play", "player": "USSR"}
    del s["pending"]
    assert load(s)["ok"]
    # a stored decision that disagrees is still refused
    s["pending"] = {"kind": "play", "player": "USA"}
    refused(s)


def test_squabble_null_pending_runs_the_automatic_steps():
    # both sides have played: with no pending, load runs the agents phase on to the tokens
    s = E.new_game(4)
    while s["pending"]["kind"] == "play":
        s, _ = E.apply(s, 0)
    j = json.loads(json.dumps(s))
    j["pending"] = None
    r = load(j)
    assert r["ok"] and r["state"] == json.loads(json.dumps(s))


# ------------------------------------------------------------------ Twilight Struggle
def _blockade():
    st = action_round_state(hands={"USSR": [10], "USA": [4, 19]}, influence={"W. Germany": (3, 0)})
    st, _ = event(st, 10)
    assert st["pending"]["player"] == "USA" and st["stack"][-1]["kind"] == "event"
    return st_state(st)


def test_struggle_forged_option_inside_an_event_is_refused():
    st = _blockade()
    assert load(st)["ok"]
    forged = st_state(st)
    forged["pending"]["options"][0]["card"] = 82   # a Late War card, in turn 1
    refused(forged, "pending decision")
    forged = st_state(st)
    forged["pending"]["options"].insert(0, dict(forged["pending"]["options"][0], card=19))
    refused(forged, "pending decision")     # 19 is in the US hand but worth 1 op


def test_struggle_forged_record_of_an_event_decision_is_refused():
    st = _blockade()
    forged = st_state(st)
    forged["pending"]["options"][0]["card"] = 82
    forged["stack"][-1]["resume"]["undo"]["hands"] = {"USA": [82, 4, 19], "USSR": []}
    refused(forged, "82")
    forged = st_state(st)
    del forged["stack"][-1]["resume"]
    refused(forged, "does not say what it was asked from")


def test_struggle_decision_inside_an_event_is_derived_again():
    st = _blockade()
    st["pending"] = None
    r = load(st)
    assert r["ok"] and r["state"] == _blockade()


def test_struggle_defcon_1_without_a_winner_is_refused():
    st = st_state(action_round_state(hands={"USSR": [7], "USA": [4]}))
    st["defcon"] = 1
    refused(st, "DEFCON")


def test_struggle_effect_without_its_arguments_is_refused():
    st = st_state(action_round_state(hands={"USSR": [7], "USA": [4]}))
    st["effects"].append(40)
    st["effect_details"].append({"card": 40, "by": "USSR", "until": "turn"})  # no 'restricted'
    refused(st, "ffect 40", "restricted")
    st["effect_details"][-1]["restricted"] = "Mexico"
    refused(st, "ffect 40", "restricted")


def _effects_state():
    from squabble.games.struggle.events import add_effect
    st = action_round_state(hands={"USSR": [7], "USA": [4]})
    add_effect(st, 40, "USSR", until="turn", restricted="USA")    # Cuban Missile Crisis
    add_effect(st, 21, "USA")                                     # NATO
    return st


ENTRIES = [{"card": 40, "by": "USSR", "until": "turn", "restricted": "USA"},
           {"card": 21, "by": "USA", "until": "game"}]


def _two_lists(st):
    """``st`` (the engine's shape) as a game saved before effects were one list: the card numbers
    in ``effects`` and their arguments, at the same index, in ``effect_args``."""
    old = json.loads(json.dumps(st))
    old["effect_args"] = [{k: v for k, v in e.items() if k != "card"} for e in st["effects"]]
    old["effects"] = [e["card"] for e in st["effects"]]
    return old


def test_struggle_the_protocol_prints_effects_as_card_numbers_with_their_details():
    st = _effects_state()
    r = load(st_state(st))
    assert r["ok"], r.get("error")
    assert r["state"]["effects"] == [40, 21] and r["state"]["effect_details"] == ENTRIES
    assert "effect_args" not in r["state"]
    s = Session()
    s.handle_line(json.dumps({"cmd": "load", "state": st_state(st)}))
    for line in ('{"cmd":"state"}', '{"cmd":"view","side":"USA"}', '{"cmd":"view","side":"USSR"}'):
        out = s.handle_line(line)
        assert out["state"]["effects"] == [40, 21] and out["state"]["effect_details"] == ENTRIES


def test_struggle_a_state_in_each_shape_loads_as_the_same_game():
    from squabble.games.struggle import decision, load as engine_load, validate
    st = _effects_state()
    internal, printed, old = json.loads(json.dumps(st)), st_state(st), _two_lists(st)
    assert internal["effects"] == ENTRIES and old["effects"] == printed["effects"] == [40, 21]
    for shape in (internal, printed, old):
        assert validate(shape) is None
        assert engine_load(shape) == internal          # the engine holds the one list
        r = load(shape)
        assert r["ok"], r.get("error")
        assert r["state"] == printed and r["decision"] == decision(st)
    assert old["effects"] == [40, 21] and "effect_args" in old           # the input kept


def test_struggle_effects_in_two_shapes_that_disagree_are_refused():
    old = _two_lists(_effects_state())
    old["effect_args"].append({"by": "USA", "until": "game"})
    refused(old, "'effects' and 'effect_args' differ in length")
    old = _two_lists(_effects_state())
    old["effect_args"][1] = {"by": "USA"}                         # no 'until'
    refused(old, "ffect 21")
    printed = st_state(_effects_state())
    printed["effects"] = [21, 40]                                 # not the details' order
    refused(printed, "'effects' must list the cards of 'effect_details'")
    printed = st_state(_effects_state())
    del printed["effect_details"]                                 # card numbers alone
    refused(printed, "no 'effect_details'")
    printed = st_state(_effects_state())
    printed["effect_args"] = _two_lists(_effects_state())["effect_args"]
    refused(printed, "not both")


def test_struggle_options_without_handicap_are_refused():
    st = st_state(new_game(1))
    del st["options"]["handicap"]
    refused(st, "options")
    st["options"]["handicap"] = {"side": "USA", "influence": 0}
    refused(st, "options")


def test_struggle_next_action_round_is_held_once():
    st = st_state(action_round_state(hands={"USSR": [7], "USA": [4]}, phasing="USA", action_round=3))
    assert "ar_next" not in st and st["action_round"] == 3 and st["phasing"] == "USA"
    assert load(st)["ok"]
    # a state saved when it was stored twice: checked for agreement, then dropped
    st["ar_next"] = [4, "USSR"]
    r = load(st)
    assert r["ok"] and "ar_next" not in r["state"]
    st["ar_next"] = [3, "USA"]
    refused(st, "'ar_next'")
    del st["ar_next"]
    st["phasing"] = "USSR"          # the round on the stack is the USA's
    refused(st, "phasing")


def test_struggle_position_with_null_pending_gets_its_decision():
    st = st_state(action_round_state(hands={"USSR": [7, 8], "USA": [4, 19]}))
    stored = st["pending"]
    st["hands"]["USSR"].append(st["hands"]["USA"].pop(0))      # a tool moves a card
    refused(st, "pending decision")                              # the stored one disagrees
    st["pending"] = None
    r = load(st)
    assert r["ok"], r.get("error")
    cards = [o.get("card") for o in r["decision"]["options"]]
    assert 4 in cards and cards != [o.get("card") for o in stored["options"]]
    del st["pending"]
    assert load(st)["ok"]


def test_struggle_coup_example_of_the_rules():
    # Rules 6.3 (classic rules' coup example): the USA plays a 3 Operations card for a coup in
    # Mexico, where it has no influence and the USSR 2; the die is 4: 4 + 3 - 2 x 2 = 3, so the
    # 2 Soviet points go and 1 US point is placed; MilOps 3, and DEFCON drops (a battleground).
    s = Session()
    st = s.handle_line(json.dumps({"cmd": "new", "game": "struggle", "seed": 1}))["state"]
    st.update(step="rounds", action_round=1, phasing="USSR", defcon=5, pending=None,
              stack=[{"kind": "game"}], setup_done=True)
    hand = st["hands"]["USA"]
    if 4 not in hand:                     # Duck and Cover (3 Ops) into the US hand
        where = next(z for z in (st["deck"], st["hands"]["USSR"]) if 4 in z)
        where.remove(4)
        where.append(hand.pop())
        hand.append(4)
    st["influence"]["Mexico"] = {"USA": 0, "USSR": 2}
    r = s.handle_line(json.dumps({"cmd": "load", "state": st}))
    assert r["ok"], r.get("error")
    assert r["decision"]["player"] == "USA"

    def pick(**keys):
        opts = s.handle_line('{"cmd":"state"}')["decision"]["options"]
        i = next(i for i, o in enumerate(opts) if all(o.get(k) == v for k, v in keys.items()))
        return s.handle_line(json.dumps({"cmd": "act", "index": i}))

    assert s.handle_line('{"cmd":"dice","rolls":[4]}')["ok"]
    pick(mode="play", card=4)
    pick(mode="coup")
    r = pick(mode="coup", country="Mexico")
    assert r["ok"], r.get("error")
    after = r["state"]
    assert after["influence"]["Mexico"] == {"USA": 1, "USSR": 0}
    assert after["milops"]["USA"] == 3 and after["defcon"] == 4


def _deep(n=900):
    top = x = {}
    for _ in range(n):
        x["a"] = {}
        x = x["a"]
    return top


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_deeply_nested_values_get_a_sentence_not_an_internal_error(game):
    st = sq_state() if game == "squabble" else st_state(new_game(2))
    for where in ("options", "extra", "slots" if game == "squabble" else "round"):
        bad = json.loads(json.dumps(st))
        if where == "options":
            bad["options"]["x"] = _deep()
        else:
            bad[where] = _deep()
        refused(bad)
        bad["pending"] = None
        refused(bad)


def test_struggle_forged_data_of_an_event_waiting_for_its_step_is_refused():
    # Warsaw Pact Formed asks, then starts a placement and waits for it below on the stack:
    # its data (step 2) are what its code made; step 1 would make it read an answer it never
    # gets (an internal error once the placement is over)
    st = action_round_state(hands={"USSR": [16, 7], "USA": [4]})
    st, _ = event(st, 16)
    st, _ = choose(st, mode="choose", amount=1)
    st = st_state(st)
    assert st["stack"][-2]["kind"] == "event" and st["stack"][-2]["data"] == {"step": 2}
    assert load(st)["ok"]
    forged = st_state(st)
    forged["stack"][-2]["data"]["step"] = 1
    refused(forged, "16", "data")
    forged = st_state(st)
    del forged["stack"][-2]["resume"]
    refused(forged, "16")
