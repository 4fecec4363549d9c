"""The load shape both engines share (squabble/games/loading.py), and each engine's use of it."""

import pytest

from squabble.games.loading import Refused, load_checked
from squabble.games.squabble import engine as SQ
from squabble.games import struggle as ST


def _validate(s, derive=False):
    if not isinstance(s, dict) or "n" not in s:
        return "The state has no n."
    if not derive and s.get("pending") is None and s.get("winner") is None:
        return "Nothing is pending."
    return None


def _load(s, settle):
    return load_checked(s, validate=_validate, settle=settle, copy=dict, stuck="Stuck here")


def test_a_consistent_state_is_copied_and_a_hand_set_one_settled():
    s = {"n": 1, "pending": {"player": "A"}, "winner": None}
    out = _load(s, settle=lambda x: pytest.fail("settled a state that had a decision"))
    assert out == s and out is not s
    out = _load({"n": 2, "pending": None, "winner": None},
                settle=lambda x: dict(x, pending={"player": "B"}))
    assert out["pending"] == {"player": "B"}


def test_every_failure_is_one_sentence():
    with pytest.raises(ValueError, match="^The state has no n.$"):
        _load({"pending": None}, settle=dict)

    def refuse(x):
        raise Refused("The position is impossible.")
    with pytest.raises(ValueError, match="^The position is impossible.$"):
        _load({"n": 1}, settle=refuse)

    def crash(x):
        raise KeyError("stack")
    with pytest.raises(ValueError, match=r"^Stuck here \(KeyError: 'stack'\)\.$"):
        _load({"n": 1}, settle=crash)

    def bad_validate(s, derive=False):
        raise TypeError("boom")
    with pytest.raises(ValueError, match=r"^The state is malformed \(TypeError: boom\)\.$"):
        load_checked({"n": 1}, validate=bad_validate, settle=dict, copy=dict)


def test_both_engines_load_hand_set_positions_and_refuse_garbage():
    for new, load, decision in ((SQ.new_game, SQ.load, SQ.decision),
                                (lambda seed: ST.new_game(seed), ST.load, ST.decision)):
        s = new(3)
        want = decision(s)
        hand_set = dict(s, pending=None)
        got = load(hand_set)
        assert decision(got) == want and got is not hand_set
        with pytest.raises(ValueError):
            load({"hands": 3})
        with pytest.raises(ValueError):
            load([1, 2])
