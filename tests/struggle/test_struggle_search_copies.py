"""The computer player's private copies of the game (squabble.games.struggle.apply_in_place with
``record=False``; struggle_eval.determinize): the same game, without the records that only a
loaded save needs (engine.run_resumable), and without the real hands those records hold."""

import json
import random

from squabble.ai.struggle_eval import determinize
from squabble.games import struggle as S


def _without_records(state):
    out = S.copy_state(state)
    for f in out["stack"]:
        f.pop("resume", None)
    return out


def _has_records(state):
    return any("resume" in f for f in state["stack"])


def test_a_search_copy_plays_the_same_game_without_the_save_records():
    recorded = 0
    for seed in (3, 11, 29):
        a = S.new_game(seed)
        b = S.copy_state(a)
        rnd = random.Random(seed)
        steps = 0
        while S.decision(a) is not None and steps < 600:
            i = rnd.randrange(len(a["pending"]["options"]))
            S.apply_in_place(a, i)
            S.apply_in_place(b, i, record=False)
            recorded += _has_records(a)
            assert not _has_records(b)
            assert b == _without_records(a), (seed, steps)
            steps += 1
    # the games went through events and tasks that asked (the records were there to leave out)
    assert recorded > 20


def test_a_determinized_state_holds_no_record_of_the_real_hands():
    """A decision asked inside an event keeps, in its frame, the state the call started from:
    the real hands.  The computer player's re-dealt copy must not carry them."""
    found = 0
    for seed in range(40):
        st = S.new_game(seed)
        rnd = random.Random(seed)
        while S.decision(st) is not None and found < 5:
            if _has_records(st):
                side = st["pending"]["player"]
                for who in (side, "USSR" if side == "USA" else "USA"):
                    d = determinize(st, who, seed)
                    assert not _has_records(d)
                    # the re-dealt copy answers the same decision
                    assert d["pending"] == st["pending"]
                found += 1
                break
            S.apply_in_place(st, rnd.randrange(len(st["pending"]["options"])))
        if found >= 5:
            break
    assert found == 5


def test_a_copy_is_deep_equal_and_keeps_the_key_order():
    """copy_state copies the influence map and the access lists directly (the computer player's
    hot path), the rest through marshal: a copy equals the state, lists its keys in the same
    order (a search keys its memo by a state's bytes), and changing it leaves the state alone."""
    st = S.new_game(7)
    rnd = random.Random(7)
    for _ in range(60):
        S.apply_in_place(st, rnd.randrange(len(st["pending"]["options"])))
    assert isinstance(st["access"], dict)
    c = S.copy_state(st)
    assert c == st and list(c) == list(st)
    assert list(c["influence"]) == list(st["influence"])
    before = json.loads(json.dumps(st))
    c["influence"]["Italy"]["USA"] += 5
    c["access"]["USA"].append("Cuba")
    c["hands"]["USA"].append(999)
    assert st == before


def test_a_copy_of_an_odd_shape_is_still_faithful():
    """A state whose influence is not a map of maps (no state the engine made) is copied whole."""
    st = S.new_game(7)
    st["influence"] = {"Italy": 3}
    st["access"] = [1, 2]
    c = S.copy_state(st)
    assert c == st and c["influence"] is not st["influence"]
