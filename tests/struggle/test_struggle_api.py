"""The engine API the protocol, simulator, UI and AI use."""

import json
import random

import pytest

from squabble.games import struggle as S
from squabble.games.struggle import (apply, apply_in_place, check_invariants, decision, info,
                                     new_game, validate, view)
from squabble.games.struggle.query import public_stack
from struggle_helpers import action_round_state, choose, options_with


def test_new_game_is_json_and_deterministic():
    a = new_game(42)
    b = new_game(42)
    assert a == b and json.loads(json.dumps(a)) == a
    assert a != new_game(43)
    for key in ("game", "winner", "hands", "turn", "action_round", "phasing", "defcon", "vp",
                "milops", "space", "influence", "china", "deck", "discard", "removed", "effects"):
        assert key in a
    assert a["game"] == "struggle" and len(a["influence"]) == 84
    assert validate(a) is None and check_invariants(a) is None


def test_apply_is_pure_and_rejects_bad_indexes():
    st = new_game(1)
    before = json.dumps(st, sort_keys=True)
    new, log = apply(st, 0)
    assert json.dumps(st, sort_keys=True) == before
    assert new != st and log
    for bad in (-1, 99, "0", None, True, 1.0):
        with pytest.raises(ValueError):
            apply(st, bad)


def test_load_round_trip_reproduces_the_decision():
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]}, influence={"Turkey": (2, 0)})
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="influence")
    st, _ = choose(st, mode="influence", country="Turkey")
    loaded = json.loads(json.dumps(st))
    assert validate(loaded) is None
    assert decision(loaded) == decision(st)
    a, _ = apply(loaded, 0)
    b, _ = apply(st, 0)
    assert a == b


def test_validate_never_raises_on_garbage():
    st = new_game(5)
    junk = [None, 1, "x", [], {}, {"game": "struggle"}, {**st, "influence": None},
            {**st, "hands": {"USA": "abc", "USSR": []}}, {**st, "stack": [{"kind": "nope"}]},
            {**st, "pending": {"player": "USA"}}, {**st, "effects": ["a"]}]
    for g in junk:
        msg = validate(g)
        assert isinstance(msg, str) and msg.endswith(".")
    rnd = random.Random(0)
    for _ in range(200):  # random mutations of a real state
        g = json.loads(json.dumps(st))
        key = rnd.choice(sorted(g))
        g[key] = rnd.choice([None, -1, "x", [], {}, [1, 1], {"USA": -3}, 7])
        assert validate(g) is None or isinstance(validate(g), str)


def test_validate_names_inconsistencies():
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]})
    g = json.loads(json.dumps(st))
    g["hands"]["USA"].append(7)
    assert "card 7" in validate(g).lower()
    g = json.loads(json.dumps(st))
    g["influence"]["Iran"]["USA"] = -1
    assert "Iran" in validate(g)
    g = json.loads(json.dumps(st))
    g["defcon"] = 0
    assert "DEFCON" in validate(g)
    g = json.loads(json.dumps(st))
    g["deck"].pop()
    assert "nowhere" in validate(g)
    g = json.loads(json.dumps(st))
    g["pending"]["options"] = g["pending"]["options"][:1]          # not what the state allows
    assert "does not match" in validate(g)
    g = json.loads(json.dumps(st))
    g["hands"]["USSR"] = [8]                                        # 7 moved to the discard
    g["discard"].append(7)
    assert "does not match" in validate(g)
    g = json.loads(json.dumps(st))
    g["pending"]["player"] = "USA"
    assert validate(g) is not None
    g = json.loads(json.dumps(st))
    del g["influence"]["Iran"]
    assert "84 countries" in validate(g)


def test_check_invariants():
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]})
    assert check_invariants(st) is None
    st["vp"] = 20
    assert "VP" in check_invariants(st)
    st["vp"] = 0
    st["discard"].append(st["deck"][0])
    assert "card" in check_invariants(st)


def test_view_hides_what_a_side_may_not_see():
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4, 5, 19]})
    v = view(st, "USSR")
    assert v["hands"]["USSR"] == [7, 8] and v["hands"]["USA"] == 3
    assert v["deck"] == len(st["deck"]) and v["rng"] == 0 and v["dice"] == []
    # the engine's stack, as the USSR may see it: no frame's record of how a call began
    assert [f["kind"] for f in v["stack"]] == [f["kind"] for f in st["stack"]]
    assert v["stack"] == public_stack(st, "USSR") and not any("resume" in f for f in v["stack"])
    assert decision(v) == decision(st)                        # the USSR's own decision
    u = view(st, "USA")
    assert u["hands"]["USSR"] == 2 and u["pending"]["options"] == []
    assert st["hands"]["USA"] == [4, 5, 19]                   # the state itself is untouched
    with pytest.raises(ValueError):
        view(st, "UN")


def test_info_payload():
    data = info()
    assert len(data["countries"]) == 84 and len(data["cards"]) == 110 and len(data["space_race"]) == 8
    c = next(x for x in data["countries"] if x["name"] == "Afghanistan")
    assert set(c) >= {"name", "stability", "battleground", "regions", "adjacent"} and "USSR" in c["adjacent"]
    card = data["cards"][5]
    assert card["number"] == 6 and set(card) >= {"number", "name", "period", "side", "ops",
                                                  "removed_after_event", "scoring", "war", "optional"}
    assert all(card["text"] for card in data["cards"])
    assert set(data["space_race"][0]) >= {"space", "name", "ops_needed", "roll_max", "vp_first", "vp_second"}
    assert "missing_events" not in data


def test_every_card_has_its_event():
    from squabble.games.struggle.core import EVENTS
    assert set(EVENTS) >= set(range(1, 111))


def test_chinese_civil_war_display():
    # rewrite 3.1: nobody holds the China Card; the USSR spreads influence in the display as if it
    # were adjacent to the USSR; the third point brings the card in, face up, to the USSR
    st = new_game(2, {"chinese_civil_war": True})
    assert st["china"]["holder"] is None
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]}, china=None,
                            options={"chinese_civil_war": True})
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="influence")
    assert "ccw" in options_with(st, "mode")
    for _ in range(3):
        st, log = choose(st, mode="ccw")
    assert st["ccw"] == 3 and st["china"] == {"holder": "USSR", "face_up": True}
    assert validate(st) is None
    # the USA never gets the option
    st = action_round_state(hands={"USA": [4], "USSR": [7]}, phasing="USA", china=None,
                            options={"chinese_civil_war": True})
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    assert "ccw" not in options_with(st, "mode")


def test_apply_in_place_with_log():
    st = new_game(9)
    log = []
    apply_in_place(st, 0, log)
    assert log and log[0].startswith("USSR places")


def _paths(o, p=()):
    yield p
    if isinstance(o, dict):
        for k, v in o.items():
            yield from _paths(v, p + (k,))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from _paths(v, p + (i,))


def test_validate_fuzz_accepted_states_play_on():
    # validate never raises; whatever it accepts can be answered without crashing
    states = []
    for seed in range(3):
        st = new_game(seed)
        rnd = random.Random(seed)
        for k in range(300):
            if st["winner"] is not None:
                break
            apply_in_place(st, rnd.randrange(len(st["pending"]["options"])))
            if k % 41 == 0:
                states.append(json.loads(json.dumps(st)))
    values = [None, -1, 0, 1, 2, 5, 7, "x", "USA", "USSR", [], {}, [1], [6], {"USA": 1}, True,
              10 ** 30, "Poland", 3.5]
    rnd = random.Random(7)
    for _ in range(500):
        st = json.loads(json.dumps(rnd.choice(states)))
        path = rnd.choice(list(_paths(st))[1:])
        node = st
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = rnd.choice(values)
        msg = validate(st)
        if msg is None:
            d = decision(st)
            for i in range(len(d["options"]) if d else 0):
                new, _ = apply(st, i)
                assert check_invariants(new) is None
        else:
            assert isinstance(msg, str)


def _with_a_started_call(seed=0):
    """A game at a decision asked below an event or task that keeps how it started its step."""
    st, rnd = new_game(seed), random.Random(seed)
    while not any("start" in (f.get("resume") or {}) for f in st["stack"][:-1]):
        apply_in_place(st, rnd.randrange(len(st["pending"]["options"])))
    return st


def test_a_state_that_still_carries_test_setup_loads_without_it():
    # an older engine kept "test_setup" in every state and in the records of how a call began:
    # such saves and positions load (the key dropped) and validate; a new game has no such key
    st = _with_a_started_call()
    assert "test_setup" not in new_game(1) and "test_setup" not in st
    old = json.loads(json.dumps(st))
    old["test_setup"] = False
    for f in old["stack"]:
        if "start" in (f.get("resume") or {}):
            f["resume"]["start"]["test_setup"] = False
    assert validate(old) is None
    got = S.load(old)
    assert got == S.load(st) and "test_setup" not in got
    assert "test_setup" in old               # the caller's state is left as it was
    old["test_setup"] = "yes"                # a retired key means nothing, whatever it holds
    assert S.load(old) == S.load(st)
