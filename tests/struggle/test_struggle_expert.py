"""The expert level of the Twilight Struggle computer player (squabble/ai/struggle_expert.py,
issue 62): offered like the others, legal, deterministic for a seed, deciding from the side's view
alone (the enemy's hidden cards dealt again give the same choice), hard's cost on ordinary
decisions and more where a decision matters, and the Options' "Expert thinks longer"."""

import marshal
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

#: a smaller card-choice budget for the tests that play many decisions (the same code paths)
SMALL = dict(first_deals=2, first_work=2500, top=3, samples=2, work=1500, rounds=3, total=5000)


def _card_choices(n, seed=31):
    """The first ``n`` card choices (headlines, plays) of a game normal plays for both sides."""
    st = new_game(seed)
    out = []
    k = 0
    while decision(st) is not None and len(out) < n:
        d = decision(st)
        if len(d["options"]) > 2 and d["options"][0]["mode"] in ("play", "headline"):
            out.append(marshal.loads(marshal.dumps(st)))
        apply_in_place(st, choose_struggle(st, "normal", k))
        k += 1
    return out


@pytest.fixture(scope="module")
def one_worker():
    old = P.WORKERS
    P.WORKERS = 1
    yield
    P.WORKERS = old


def test_expert_is_a_level_of_the_struggle_player_only():
    st = new_game(3)
    i = ai.choose("struggle", st, "expert", 4)
    assert 0 <= i < len(decision(st)["options"])
    with pytest.raises(ValueError, match="level"):
        choose_struggle(st, "grandmaster", 0)


def test_expert_is_deterministic_and_decides_from_the_view_alone(one_worker):
    """The re-deal property, at expert's full budget: the same view and seed give the same
    choice whatever the enemy's hidden cards, the draw pile, the generator and the forced dice
    are, and a seat's view (S.view) gives it too."""
    rnd = random.Random(62)
    for n, st in enumerate(_card_choices(8)[7:]):
        side = decision(st)["player"]
        a = choose_struggle(st, "expert", n)
        assert 0 <= a < len(decision(st)["options"])
        assert choose_struggle(st, "expert", n) == a
        assert choose_struggle(_reshuffle_hidden(st, rnd), "expert", n) == a
        assert choose_struggle(view(st, side), "expert", n) == a


def test_expert_looks_further_than_hard_on_a_card_choice(one_worker):
    """On a card choice expert's deep look plays more deals of the hidden cards than hard's, over
    more options; on an ordinary decision (a target) it is hard, at hard's cost."""
    st = _card_choices(6)[5]
    A.option_values(st, "hard", 1)
    hard = dict(A.LAST_LOOKS)
    me = decision(st)["player"]
    A.option_values(st, "hard", 1, budget=X.budget(st, me, "expert"))
    expert = dict(A.LAST_LOOKS)
    assert expert["second"] > hard["second"] and expert["first"] >= hard["first"]
    st = action_round_state(hands={"USSR": [7, 8, 9], "USA": [20, 21, 22]})
    apply_in_place(st, next(i for i, o in enumerate(decision(st)["options"]) if o.get("card") == 9))
    assert decision(st)["options"][0]["mode"] not in ("play", "headline")
    assert X.budget(st, "USSR", "expert") is None


def test_expert_spends_more_where_the_decision_matters():
    st = action_round_state(hands={"USSR": [7, 8, 9, 10, 11, 12], "USA": [20, 21, 22]},
                            action_round=1)
    plain = X.budget(st, "USSR", "expert")
    assert plain.total == X.PLAY["total"] and not X.matters(st, "USSR")
    hot = action_round_state(hands={"USSR": [7, 8, 9, 10, 11, 12], "USA": [20, 21, 22]},
                             action_round=1, defcon=2)
    assert X.matters(hot, "USSR")
    assert X.budget(hot, "USSR", "expert").total == int(X.PLAY["total"] * X.MATTER)
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
    assert longer.samples == int(round(X.PLAY["samples"] * X.LONG))


def test_a_quick_expert_game_is_legal(one_worker, monkeypatch):
    """Expert (on small budgets: the same code) against random through turn 1: every answer
    legal, the game goes on."""
    monkeypatch.setattr(X, "PLAY", SMALL)
    for name, v in (("FIRST_WORK", 1500), ("HARD_WORK", 1000), ("HARD_TOTAL", 3000)):
        monkeypatch.setattr(A, name, v)
    st = new_game(8)
    rnd = random.Random(8)
    k = 0
    while decision(st) is not None and st["turn"] <= 1:
        d = decision(st)
        if d["player"] == "USSR":
            i = choose_struggle(st, "expert", k)
        else:
            i = rnd.randrange(len(d["options"]))
        assert 0 <= i < len(d["options"])
        apply_in_place(st, i)
        k += 1
    assert st["turn"] > 1 or st["winner"] is not None


def test_expert_reports_its_progress(one_worker, monkeypatch):
    """The thinking indicator's source: the share of the decision's budget spent, rising."""
    st = _card_choices(6)[5]
    monkeypatch.setattr(X, "PLAY", SMALL)
    seen = []
    monkeypatch.setattr(X, "progress", seen.append)
    choose_struggle(st, "expert", 3)
    assert seen and seen == sorted(seen) and 0 < seen[-1] <= 1.0
