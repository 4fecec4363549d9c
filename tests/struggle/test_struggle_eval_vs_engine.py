"""The computer player's fast evaluator keeps its own hot loop for control and region scoring;
it must agree with the engine's rules (squabble.games.struggle.query) on any position."""

import random

from squabble.ai import struggle_eval as E
from squabble.games import struggle as S
from squabble.games.struggle import query as Q
from squabble.games.struggle.data import COUNTRIES

REGIONS = ("Europe", "Asia", "Middle East", "Africa", "Central America", "South America",
           "Southeast Asia")
SIDE = {0: "USA", 1: "USSR", 2: None}


def _positions(n, seed):
    """``n`` random maps (no effects in force): each country empty, or 0-6 influence a side."""
    base = S.new_game(0, test_setup=True)
    rnd = random.Random(seed)
    names = sorted(COUNTRIES)
    for _ in range(n):
        st = dict(base, effects=[])
        dens = rnd.random()
        st["influence"] = {c: {"USA": rnd.randint(0, 6) if rnd.random() < dens else 0,
                               "USSR": rnd.randint(0, 6) if rnd.random() < dens else 0}
                           for c in names}
        yield st


def test_the_evaluators_control_and_region_scoring_agree_with_the_engine():
    n = 0
    for st in _positions(3000, 19):
        infl = st["influence"]
        for c in infl:
            assert SIDE[E._controller(infl[c], c)] == Q.controller(st, c), c
        for r in REGIONS:
            usa, ussr = E._region_points(infl, r)
            want = Q.region_score(st, r)
            # the evaluator counts control of Europe (a win) as 20 points
            ec = want["europe_control"]
            assert (usa, ussr) == (want["USA"] + 20 * (ec == "USA"),
                                   want["USSR"] + 20 * (ec == "USSR")), (r, infl)
            n += 1
    assert n == 3000 * len(REGIONS)
