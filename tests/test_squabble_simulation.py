"""Random legal games with the invariants checked after every step (issue: at least 2,000)."""

import pytest

from squabble.simulate import simulate


@pytest.mark.parametrize("events", [False, True])
def test_random_games_keep_every_invariant(events):
    # invariants: each of the 34 cards in one place; tokens 0-3; track -4..4; state -> JSON ->
    # state gives the same state and the same legal options; every game ends with a result
    result = simulate("squabble", 800, seed=41 + events, options={"events": events}, out=None)
    assert result["games"] == 800
    assert sum(result["outcomes"].values()) == 800
    # random play reaches every kind of ending
    kinds = set(result["outcomes"])
    assert {"USA by cloud", "USSR by cloud", "USA at era 5 (balance)",
            "USSR at era 5 (balance)"} <= kinds
    assert any("leader" in k for k in kinds)


def test_cli_simulate_prints_rate_and_split(capsys):
    from squabble.cli import main
    assert main(["simulate", "--game", "squabble", "--games", "50", "--seed", "3", "--events"]) == 0
    out = capsys.readouterr().out
    assert "50 random squabble games" in out and "games/s" in out and "%" in out
