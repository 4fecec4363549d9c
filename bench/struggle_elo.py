"""Elo ratings of the Twilight Struggle levels from head-to-head games: a maximum-likelihood fit.

    python bench/struggle_elo.py --results bench/results/struggle_expert.jsonl \\
        --pair normal:greedy:160:200 --pair hard:normal:146:200 --anchor greedy

The model is Bradley-Terry on the Elo scale: level A scores against level B with probability
1 / (1 + 10 ** ((R_B - R_A) / 400)); a game is a win (1), a loss (0) or a draw (1/2, counted as
half a win each way).  The ratings maximise the likelihood of every game (Newton's method), with
``--anchor`` held at 0 (the scale has no origin of its own).  Each rating's 95% interval is
+-1.96 standard errors from the inverse of the observed information (the Hessian of the
log-likelihood) with the anchor fixed: a Wald interval, so it is the uncertainty relative to the
anchor.  Games come from ``bench/struggle_expert_match.py``'s results files (``--results``) and
from matches measured elsewhere given as totals (``--pair A:B:SCORE:GAMES``, A's score = wins +
draws/2): the fit needs only each pair's score and game count.  A results file's games of a
design tried (``--play``) and of self-play are left out.  A level with no path of games to
the anchor, or one that won or lost every game, has no finite rating and is said so.

``--prior D`` adds D virtual draws to every pair that played (BayesElo's way with a level that
won or lost every game, e.g. random): the fit is then the maximum a posteriori one under that
prior, and a level that lost every game gets a finite rating that says how far below the others
it stands at least.  With 40 or more games a pair, 1 virtual draw moves the other ratings little.
"""

from __future__ import annotations

import argparse
import math
import os
import pathlib
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

K = math.log(10) / 400


def tally(results, pairs, prior: float = 0.0) -> dict:
    """{(a, b): [a's score, games]} from results rows and ``(a, b, score, games)`` totals, and
    ``prior`` virtual draws added to every pair (``--prior``)."""
    out: dict = {}
    for r in results:
        t = out.setdefault((r["a"], r["b"]), [0.0, 0])
        t[0] += 1.0 if r["result"] == "a" else 0.5 if r["result"] == "draw" else 0.0
        t[1] += 1
    for a, b, score, games in pairs:
        t = out.setdefault((a, b), [0.0, 0])
        t[0] += score
        t[1] += games
    for t in out.values():
        t[0] += prior / 2
        t[1] += prior
    return out


def _solve(h: list, g: list) -> list | None:
    """x with h x = g (Gauss-Jordan with partial pivoting; a few levels, so plain Python and
    no numpy, which the game does not depend on); None when h is singular."""
    n = len(g)
    m = [list(row) + [g[i]] for i, row in enumerate(h)]
    for c in range(n):
        piv = max(range(c, n), key=lambda i: abs(m[i][c]))
        if abs(m[piv][c]) < 1e-12:
            return None
        m[c], m[piv] = m[piv], m[c]
        for i in range(n):
            if i != c:
                f = m[i][c] / m[c][c]
                m[i] = [x - f * y for x, y in zip(m[i], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(games: dict, anchor: str, iters: int = 100):
    """({level: rating}, {level: standard error}, problem or "") by maximum likelihood (Newton's
    method on the Bradley-Terry log-likelihood; Wald intervals from the inverse Hessian)."""
    levels = sorted({x for ab in games for x in ab})
    if anchor not in levels:
        return {}, {}, f"the anchor {anchor!r} played no game"
    for lv in levels:
        s = sum(sc if a == lv else n - sc for (a, b), (sc, n) in games.items() if lv in (a, b))
        n = sum(n for (a, b), (_, n) in games.items() if lv in (a, b))
        if s in (0, n):
            return {}, {}, f"{lv} won or lost every game: its rating is not finite"
    free = [lv for lv in levels if lv != anchor]
    idx = {lv: i for i, lv in enumerate(free)}
    k = len(free)
    r = [0.0] * k

    def rating(lv):
        return 0.0 if lv == anchor else r[idx[lv]]

    h = [[0.0] * k for _ in range(k)]
    for _ in range(iters):
        g = [0.0] * k
        h = [[0.0] * k for _ in range(k)]
        for (a, b), (s, n) in games.items():
            p = 1.0 / (1.0 + math.exp(-K * (rating(a) - rating(b))))
            d = K * (s - n * p)            # d loglik / d R_a
            w = K * K * n * p * (1 - p)    # - d2 loglik / d R_a^2
            for x, sign in ((a, 1.0), (b, -1.0)):
                if x in idx:
                    g[idx[x]] += sign * d
            for x in (a, b):
                for y in (a, b):
                    if x in idx and y in idx:
                        h[idx[x]][idx[y]] += w if x == y else -w
        step = _solve(h, g)
        if step is None:
            return {}, {}, "some level has no path of games to the anchor"
        step = [max(-200.0, min(200.0, x)) for x in step]
        r = [x + y for x, y in zip(r, step)]
        if max(abs(x) for x in step) < 1e-6:
            break
    ratings = {lv: float(rating(lv)) for lv in levels}
    se = {}
    for lv in levels:          # the diagonal of the inverse Hessian: h x = e_i, x_i
        if lv == anchor:
            se[lv] = 0.0
            continue
        col = _solve(h, [1.0 if j == idx[lv] else 0.0 for j in range(k)]) or [0.0] * k
        se[lv] = math.sqrt(max(col[idx[lv]], 0.0))
    return ratings, se, ""


def parse_pair(text):
    parts = text.split(":")
    try:
        return parts[0], parts[1], float(parts[2]), int(parts[3])
    except (IndexError, ValueError):
        raise argparse.ArgumentTypeError("--pair must be A:B:SCORE:GAMES") from None


def main(argv=None) -> int:
    from struggle_expert_match import read_results
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", type=pathlib.Path, action="append", default=[])
    ap.add_argument("--pair", type=parse_pair, action="append", default=[])
    ap.add_argument("--anchor", default="greedy")
    ap.add_argument("--prior", type=float, default=0.0,
                    help="virtual draws added to every pair that played (default 0: the plain "
                         "maximum-likelihood fit)")
    ap.add_argument("--skip", action="append", default=[],
                    help="leave out the games of this level (e.g. random, which lost them all)")
    a = ap.parse_args(argv)
    rows = [r for p in a.results for r in read_results(p)
            if r.get("play") is None and r["a"] != r["b"]
            and r["a"] not in a.skip and r["b"] not in a.skip]
    pairs = [p for p in a.pair if p[0] not in a.skip and p[1] not in a.skip]
    games = tally(rows, pairs)
    for (x, y), (s, n) in sorted(games.items()):
        print(f"  {x} vs {y}: {x} scores {s:g} of {n:g}")
    ratings, se, problem = fit(tally(rows, pairs, a.prior), a.anchor)
    if problem:
        print(f"No fit: {problem}.")
        return 1
    played = {}
    for (x, y), (_, n) in games.items():
        played[x] = played.get(x, 0) + n
        played[y] = played.get(y, 0) + n
    how = (f"maximum a posteriori with {a.prior:g} virtual draws a pair" if a.prior
           else "maximum likelihood")
    print(f"Elo ({how}, Bradley-Terry; {a.anchor} = 0; 95% Wald interval):")
    for lv in sorted(ratings, key=lambda v: -ratings[v]):
        print(f"  {lv:<8} {ratings[lv]:7.0f}  [{ratings[lv] - 1.96 * se[lv]:6.0f}, "
              f"{ratings[lv] + 1.96 * se[lv]:6.0f}]  {played[lv]:g} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
