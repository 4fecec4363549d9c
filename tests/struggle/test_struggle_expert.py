"""The expert level of the Twilight Struggle computer player (squabble/ai/struggle_expert.py,
issue 62): offered like the others, legal, deterministic for a seed, deciding from the side's view
alone (the enemy's hidden cards dealt again give the same choice), its looks sized by its budget,
more where a decision matters, and the Options' "Expert thinks longer".  The searches here run on
a tiny budget (the same code as the shipped one: struggle_expert.PLAY is only its sizes), so the
file takes seconds; the shipped budget's strength and time are the benches' (bench/)."""

import random

import pytest

import squabble.ai.pool as P
import squabble.ai.struggle as A
import squabble.ai.struggle_expert as X
from squabble import ai
from squabble.ai.struggle import choose_struggle
from squabble.games.struggle import apply_in_place, decision, new_game, view

from struggle_helpers import action_round_state, headline_state
from test_struggle_ai import _reshuffle_hidden

#: a tiny card-choice budget: both looks run, over two deals each
TINY = dict(first_deals=2, first_work=5000, top=3, samples=2, work=5000, rounds=2, total=10000)


def _choice(seed=0):
    """A card choice of the USSR in an action round of turn 1 (six cards to play)."""
    return action_round_state(hands={"USSR": [7, 8, 9, 10, 11, 12],
                                     "USA": [20, 21, 22, 23, 24, 25]}, seed=seed)


@pytest.fixture
def tiny(monkeypatch):
    monkeypatch.setattr(P, "WORKERS", 1)
    monkeypatch.setattr(X, "PLAY", dict(TINY))
    for name, v in (("FIRST_WORK", 1000), ("HARD_WORK", 800), ("HARD_TOTAL", 2000)):
        monkeypatch.setattr(A, name, v)


def test_expert_is_a_level_of_the_struggle_player_only(tiny):
    st = new_game(3)
    i = ai.choose("struggle", st, "expert", 4)
    assert 0 <= i < len(decision(st)["options"])
    with pytest.raises(ValueError, match="level"):
        choose_struggle(st, "grandmaster", 0)


def test_expert_is_deterministic_and_decides_from_the_view_alone(tiny):
    """The re-deal property: the same view and seed give the same choice whatever the enemy's
    hidden cards, the draw pile, the generator and the forced dice are, and a seat's view (S.view)
    gives it too; both of its looks ran (more than one deal each)."""
    rnd = random.Random(62)
    for n, st in enumerate((_choice(1),)):
        a = choose_struggle(st, "expert", n)
        assert 0 <= a < len(decision(st)["options"])
        assert A.LAST_LOOKS["first"] == 2 and A.LAST_LOOKS["second"] == 2
        assert choose_struggle(st, "expert", n) == a
        assert choose_struggle(_reshuffle_hidden(st, rnd), "expert", n) == a
        assert choose_struggle(view(st, "USSR"), "expert", n) == a


def test_expert_looks_are_sized_by_its_budget(tiny, monkeypatch):
    """A card choice gets expert's looks (their deals as its budget says: none deep when
    ``samples`` is 0); an ordinary decision (a target) is hard's, at hard's cost."""
    st = _choice(3)
    A.option_values(st, "hard", 1, budget=X.budget(st, "USSR", "expert"))
    assert (A.LAST_LOOKS["first"], A.LAST_LOOKS["second"]) == (2, 2)
    monkeypatch.setattr(X, "PLAY", dict(TINY, samples=0, first_deals=5, first_work=5000,
                                        total=5000))
    A.option_values(st, "hard", 1, budget=X.budget(st, "USSR", "expert"))
    assert (A.LAST_LOOKS["first"], A.LAST_LOOKS["second"]) == (5, 0)
    apply_in_place(st, next(i for i, o in enumerate(decision(st)["options"]) if o.get("card") == 9))
    assert decision(st)["options"][0]["mode"] not in ("play", "headline")
    assert X.budget(st, "USSR", "expert") is None


def test_the_shipped_budget_looks_over_more_deals_than_hard():
    hard = A.hard_budget()
    b = X.budget(_choice(), "USSR", "expert")
    assert b.first_deals > hard.first_deals and b.total > hard.total


def test_expert_spends_more_where_the_decision_matters():
    st = action_round_state(hands={"USSR": [7, 8, 9, 10, 11, 12], "USA": [20, 21, 22]},
                            action_round=1)
    plain = X.budget(st, "USSR", "expert")
    assert plain.total == X.PLAY["total"] and not X.matters(st, "USSR")
    hot = action_round_state(hands={"USSR": [7, 8, 9, 10, 11, 12], "USA": [20, 21, 22]},
                             action_round=1, defcon=2)
    assert X.matters(hot, "USSR")
    assert X.budget(hot, "USSR", "expert").total == int(round(X.PLAY["total"] * X.MATTER))
    late = action_round_state(hands={"USSR": [7, 8], "USA": [20, 21]}, action_round=6)
    assert X.matters(late, "USSR")
    scoring = action_round_state(hands={"USSR": [1, 8, 9, 10, 11, 12], "USA": [20, 21, 22]},
                                 action_round=1)   # 1: Asia Scoring
    assert X.matters(scoring, "USSR")
    hl = headline_state({"USSR": [7, 8, 9, 10, 11, 12], "USA": [20, 21, 22, 23, 24, 25]})
    me = decision(hl)["player"]
    assert X.matters(hl, me)
    longer = X.budget(st, "USSR", "expert_long")
    assert longer.total == int(round(X.PLAY["total"] * X.LONG))
    assert longer.first_deals == int(round(X.PLAY["first_deals"] * X.LONG))


def test_expert_answers_are_legal_through_the_first_decisions(tiny):
    """Expert (USSR) against random from the set-up through its headline and first play: every
    answer legal, the game goes on."""
    st = new_game(8)
    rnd = random.Random(8)
    k = plays = 0
    while decision(st) is not None and plays < 2:
        d = decision(st)
        if d["player"] == "USSR":
            i = choose_struggle(st, "expert", k)
            plays += d["options"][0]["mode"] in ("play", "headline")
        else:
            i = rnd.randrange(len(d["options"]))
        assert 0 <= i < len(d["options"])
        apply_in_place(st, i)
        k += 1
    assert plays == 2


def test_expert_reports_its_progress(tiny, monkeypatch):
    """The thinking indicator's source: the share of the decision's budget spent, rising."""
    seen = []
    monkeypatch.setattr(X, "progress", seen.append)
    choose_struggle(_choice(4), "expert", 3)
    assert len(seen) >= 2 and seen == sorted(seen) and 0 < seen[-1] <= 1.0


def test_the_shipped_design_without_a_deep_look_reports_its_progress_to_the_end(tiny,
                                                                               monkeypatch):
    """With no second look (``samples`` 0, as PLAY), the first look is the whole decision: the
    indicator rises deal by deal to 100% when its last deal is in, though its deals come in far
    under the steps' budget (it once showed 4% at the end: the steps spent of the total)."""
    monkeypatch.setattr(X, "PLAY", dict(TINY, samples=0, first_deals=4, first_work=50000,
                                        total=60000))
    seen = []
    monkeypatch.setattr(X, "progress", seen.append)
    choose_struggle(_choice(4), "expert", 3)
    assert A.LAST_LOOKS["first"] == 4 and A.LAST_LOOKS["second"] == 0
    assert seen == sorted(seen) and len(seen) == 3 and seen[0] >= 0.5 and seen[-1] == 1.0


def test_win_cap_keeps_one_deal_s_win_from_outweighing_the_others(monkeypatch):
    """A design option: with ``win_cap`` a deal's value counts at most that much in the mean over
    deals (one deal where the play-out's enemy blunders into DEFCON 1 is worth WIN); without it
    (hard, the shipped expert) the mean is the plain one."""
    looks = iter([[([{0: A.WIN, 1: 20.0}], 100)], [([], 100)]] * 2)
    monkeypatch.setattr(A, "_split", lambda *args: next(looks))
    b = X.Budget(**dict(TINY, samples=0))
    plain = A._hard_looks(None, "USSR", 1, [0, 1], {0: 10.0, 1: 20.0}, 0, 1, b)
    assert plain == {0: (10.0 + A.WIN) / 2, 1: 20.0}
    capped = A._hard_looks(None, "USSR", 1, [0, 1], {0: 10.0, 1: 20.0}, 0, 1,
                           b._replace(win_cap=50.0))
    assert capped == {0: 30.0, 1: 20.0}
