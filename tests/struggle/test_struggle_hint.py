"""The Twilight Struggle coach (squabble/ai/struggle_hint.py, COMMON contract 4): the best few
options with plain reasons, from what the side may see only."""

import random

import pytest

from squabble.ai.struggle_hint import hint
from squabble.games.struggle import decision, view
from squabble.games.struggle.data import CARDS
from squabble.games.struggle.query import effect_cards

from struggle_helpers import action_round_state
from test_struggle_ai import POSITIONS, _reshuffle_hidden


def test_hints_name_real_options_best_first_with_reasons():
    for n, st in enumerate(POSITIONS[::9]):
        d = decision(st)
        got = hint(st, d["player"], n)
        assert 1 <= len(got) <= 3
        assert len({h["index"] for h in got}) == len(got)
        for h in got:
            assert d["options"][h["index"]]["label"] == h["label"]
            assert h["reasons"] and all(isinstance(r, str) and r.endswith(".")
                                        for r in h["reasons"])
    assert len(hint(POSITIONS[0], decision(POSITIONS[0])["player"], 1, k=1)) == 1


def test_the_hint_does_not_change_when_the_other_sides_hidden_cards_do():
    rnd = random.Random(8)
    checked = 0
    for n, st in enumerate(POSITIONS[::5]):
        if 98 in effect_cards(st):   # Aldrich Ames: the US hand is open to the USSR
            continue
        side = decision(st)["player"]
        want = hint(st, side, n)
        assert hint(view(st, side), side, n) == want     # the side's view: the same hint
        for _ in range(2):
            assert hint(_reshuffle_hidden(st, rnd), side, n) == want
        checked += 1
    assert checked > 10


def test_an_enemy_card_played_for_operations_says_whose_event_fires():
    # the USA holds only Soviet cards and a scoring card is not among them
    st = action_round_state({"USA": [7, 9, 14], "USSR": [21, 22, 23]}, phasing="USA",
                            turn=2, action_round=1)
    got = hint(st, "USA", 3, k=3)
    text = " ".join(r for h in got for r in h["reasons"])
    assert "card: played for operations, its event fires for the USSR" in text
    assert any(CARDS[c]["name"] in text for c in (7, 9, 14))


def test_bad_requests_get_one_sentence():
    st = POSITIONS[0]
    side = decision(st)["player"]
    other = "USA" if side == "USSR" else "USSR"
    with pytest.raises(ValueError, match="not the"):
        hint(st, other, 1)
    with pytest.raises(ValueError, match="frame stack"):
        hint(dict(view(st, side), stack=[]), side, 1)
    with pytest.raises(ValueError, match="side"):
        hint(st, "France", 1)


def test_a_reason_ending_in_a_name_with_a_full_stop_gets_no_second_one():
    from squabble.ai.struggle_hint import _sentence
    assert _sentence("Breaks the USA's control of France, U.K.") == \
        "Breaks the USA's control of France, U.K."
    assert _sentence("Takes control of Iran") == "Takes control of Iran."


def test_at_defcon_2_the_coach_names_the_held_cards_that_would_end_the_game():
    """Rules 5.2 and 8.1.3: the coach's reasons name the cards in the side's hand whose event
    would take DEFCON to 1 in its own round however it plays them (Soviets Shoot Down KAL-007 for
    the USSR), and not a neutral card it can play for operations without its event (Summit).
    (Failed before: KAL-007 was not named, Summit was.)"""
    for held, named in ((89, True), (45, False)):
        st = action_round_state(hands={"USSR": [held, 7, 14], "USA": [97, 27, 21]},
                                phasing="USSR", defcon=2, turn=8, action_round=3, seed=1)
        said = [r for h in hint(st, "USSR", 0) for r in h["reasons"] if "still hold" in r]
        assert bool(said) == named, (CARDS[held]["name"], said)
        if named:
            assert all(CARDS[held]["name"] in r for r in said)


def test_a_coup_hint_gives_the_engines_odds_before_what_a_middle_roll_gives():
    """Issue 50, item 7: the coach said "Takes control of Iran" for a coup a 1 fails, as if
    certain.  Its reasons now begin with the engine's odds (query.coup_odds, through describe)
    and say the rest is for a middle roll; item 13: the regions' sentence reads plainly."""
    from squabble.games.struggle.describe import describe
    checked = 0
    for n, st in enumerate(POSITIONS):
        dd = describe(st)
        if dd["kind"] != "coup_target":
            continue
        side = decision(st)["player"]
        for h in hint(st, side, n):
            country = decision(st)["options"][h["index"]].get("country")
            odds = dd["context"]["coups"][country]
            said = " ".join(h["reasons"])
            assert "against before" not in said and "VP of position" not in said
            if odds["need"] is None:
                continue
            wins = sum(1 for r in odds["results"].values() if r > 0)
            lead = next(r for r in h["reasons"] if r.startswith("The coup succeeds"))
            if odds["need"] > 1:
                assert f"on a roll of {odds['need']} or more ({wins} chances in 6)" in lead
                checked += 1
            assert "what follows is for a roll of 4" in lead
            outcome = [r for r in h["reasons"] if r.startswith(("Takes control", "Breaks"))]
            if outcome:
                assert h["reasons"].index(lead) < h["reasons"].index(outcome[0])
    assert checked >= 3
