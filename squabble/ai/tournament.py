"""``squabble tournament``: computer players against each other, sides alternating.

Prints each level's wins with a 95% Wilson confidence interval, the draws, the score (a draw
counts half) and the time per decision (median, 95th percentile, maximum) of each level.
"""

from __future__ import annotations

import math
import sys
import time

from squabble.games.squabble.cards import SIDES

LEVEL_CHOICES = ("random", "easy", "normal", "hard")


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    k = min(len(ys) - 1, max(0, int(math.ceil(q * len(ys))) - 1))
    return ys[k]


def play_game(levels: dict, seed: int, events: bool, times: dict | None = None) -> dict:
    """One game; ``levels`` maps side -> level.  Returns the final state."""
    from squabble.ai import choose_from_view
    from squabble.games.squabble import engine as E
    s = E.new_game(seed, {"events": events})
    n = 0
    while s["winner"] is None:
        side = s["pending"]["player"]
        level = levels[side]
        t0 = time.perf_counter()
        i = choose_from_view(E.view(s, side), level, seed * 7919 + n)
        dt = time.perf_counter() - t0
        if times is not None:
            times.setdefault(level, []).append(dt)
        E.apply_option(s, E.options(s)[i])
        n += 1
    return s


def match(a: str, b: str, games: int, seed: int = 0, events: bool = False, out=print,
          progress: bool = False) -> dict:
    """``games`` games of level ``a`` against level ``b``; ``a`` is America in even games."""
    wins = {"a": 0, "b": 0, "draw": 0}
    by_side = {"USA": 0, "USSR": 0}
    times: dict = {}
    t0 = time.perf_counter()
    for g in range(games):
        a_side = SIDES[g % 2]
        levels = {a_side: a, ("USSR" if a_side == "USA" else "USA"): b}
        if a == b:
            levels = {"USA": a, "USSR": b}
        s = play_game(levels, seed * 1_000_003 + g, events, times)
        w = s["winner"]
        if w == "draw":
            wins["draw"] += 1
        else:
            by_side[w] += 1
            wins["a" if w == a_side else "b"] += 1
        if progress and (g + 1) % 20 == 0:
            print(f"  ... {g + 1}/{games} games", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - t0
    res = {"a": a, "b": b, "games": games, "events": events, "wins": wins, "by_side": by_side,
           "seconds": elapsed, "times": {}}
    for lvl, ts in times.items():
        res["times"][lvl] = {"decisions": len(ts), "median": percentile(ts, 0.5),
                             "p95": percentile(ts, 0.95), "max": max(ts)}
    if out:
        report(res, out)
    return res


def report(res: dict, out=print) -> None:
    n = res["games"]
    a, b, w = res["a"], res["b"], res["wins"]
    ev = "on" if res["events"] else "off"
    out(f"{a} vs {b}: {n} games, events {ev}, sides alternating ({res['seconds']:.1f} s)")
    for key, lvl in (("a", a), ("b", b)):
        lo, hi = wilson(w[key], n)
        out(f"  {lvl:<7} ({key}) wins {w[key]:>5}  {100 * w[key] / n:5.1f}%  "
            f"95% CI [{100 * lo:5.1f}%, {100 * hi:5.1f}%]")
    lo, hi = wilson(w["draw"], n)
    out(f"  draws        {w['draw']:>5}  {100 * w['draw'] / n:5.1f}%  "
        f"95% CI [{100 * lo:5.1f}%, {100 * hi:5.1f}%]")
    score = w["a"] + 0.5 * w["draw"]
    lo, hi = wilson(score, n)
    out(f"  score of {a} (draw = half): {100 * score / n:5.1f}%  "
        f"95% CI [{100 * lo:5.1f}%, {100 * hi:5.1f}%]")
    out(f"  wins by side: USA {res['by_side']['USA']}, USSR {res['by_side']['USSR']}")
    for lvl, t in sorted(res["times"].items()):
        out(f"  time per decision, {lvl:<7}: median {1000 * t['median']:7.2f} ms, "
            f"p95 {1000 * t['p95']:7.2f} ms, max {1000 * t['max']:7.2f} ms "
            f"({t['decisions']} decisions)")


def run_tournament(args) -> int:
    if args.game != "squabble":
        print("squabble tournament: the computer player for Twilight Struggle is not available "
              "yet.", file=sys.stderr)
        return 1
    for lvl in (args.a, args.b):
        if lvl not in LEVEL_CHOICES:
            print(f"squabble tournament: unknown level {lvl!r}.", file=sys.stderr)
            return 1
    match(args.a, args.b, args.games, seed=args.tour_seed, events=bool(args.events))
    return 0
