"""Influence bidding (rewrite 3.2.2)."""

import pytest

from squabble.games.struggle import new_game
from squabble.games.struggle.bidding import resolve_bids


def test_opposing_sides_no_handicap():
    # 3.2.2(a)
    assert resolve_bids({"side": "USSR", "number": 3}, {"side": "USA", "number": 1}) == {
        "sides": ["USSR", "USA"], "handicap": None}


def test_same_side_greater_number_wins_and_loser_gets_handicap():
    # 3.2.2(b) and (d)
    got = resolve_bids({"side": "USSR", "number": 3}, {"side": "USSR", "number": 1})
    assert got == {"sides": ["USSR", "USA"], "handicap": {"side": "USA", "influence": 3}}
    new_game(1, {"handicap": got["handicap"]})


def test_tie_or_no_side_random_sides():
    # 3.2.2(c): sides random; (d) the player not on its side of choice gets the opponent's number
    for seed in range(6):
        got = resolve_bids({"side": "USA", "number": 2}, {"side": "USA", "number": 2}, seed)
        assert sorted(got["sides"]) == ["USA", "USSR"]
        assert got["handicap"] == {"side": "USSR", "influence": 2}
        got = resolve_bids({"side": None, "number": 5}, {"side": None, "number": 0}, seed)
        assert got["handicap"] is None


def test_bad_bids():
    with pytest.raises(ValueError):
        resolve_bids({"side": "UN"}, {"side": None})
    with pytest.raises(ValueError):
        resolve_bids({"side": "USA", "number": -1}, {"side": None})
