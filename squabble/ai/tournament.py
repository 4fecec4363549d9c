"""``squabble tournament``: computer players against each other, sides alternating.

Prints each level's wins with a 95% Wilson confidence interval, the draws, the score (a draw
counts half) and the time per decision (median, 95th percentile, maximum) of each level.
"""

from __future__ import annotations

import math
import re
import sys
import time

from squabble.games.squabble.cards import SIDES

LEVEL_CHOICES = ("random", "easy", "normal", "hard")
#: Twilight Struggle levels (squabble/ai/struggle.py) plus the uniform random player
STRUGGLE_LEVELS = ("random", "easy", "normal", "hard", "greedy", "expert")


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
    res["times"] = {lvl: time_figures(ts) for lvl, ts in times.items()}
    if out:
        report(res, out)
    return res


def time_figures(ts: list) -> dict:
    """Decisions, mean, median, p95, p99 and max of a list of times per decision."""
    return {"decisions": len(ts), "mean": sum(ts) / len(ts), "median": percentile(ts, 0.5),
            "p95": percentile(ts, 0.95), "p99": percentile(ts, 0.99), "max": max(ts)}


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


# ----------------------------------------------------------------------------- Twilight Struggle

def end_reason(state: dict, levels: dict, last: str | None) -> str:
    """How a finished Struggle game ended, in words that a bench table can group: the engine's
    reason, and for DEFCON 1 whose round it was and whose choice took it there."""
    reason = (state.get("end_reason") or "?")
    if reason.startswith("DEFCON 1"):
        loser = "USSR" if state["winner"] == "USA" else "USA"
        by = "own choice" if last == loser else "the winner's choice"
        return f"DEFCON 1 in the loser's round ({by})"
    if reason.startswith("Cuban Missile Crisis"):
        return "Cuban Missile Crisis coup"
    return reason


def match_game(a: str, b: str, seed: int, g: int) -> tuple:
    """(``a``'s side, levels {side: level}, the game's seed) of game ``g`` (from 0) of the
    Struggle match of ``a`` against ``b`` with ``seed``: ``a`` is the USA in even games."""
    a_side = "USA" if g % 2 == 0 else "USSR"
    return a_side, {a_side: a, ("USSR" if a_side == "USA" else "USA"): b}, seed * 1_000_003 + g


def game_words(levels: dict, r: dict) -> str:
    """How a game :func:`play_struggle_game` returned ended, as a match's progress line says it
    ("hard won as USA (20 victory points, turn 6)")."""
    w = r["winner"]
    who = "draw" if w == "draw" else f"{levels[w]} won as {w}"
    return f"{who} ({r['reason']}, turn {r['turn']})"


def play_struggle_game(levels: dict, seed: int, times: dict | None = None,
                       choose=None, watch=None) -> dict:
    """One Twilight Struggle game from ``new_game(seed)``; ``levels`` maps side -> level.
    Returns the winner, the end reason (see :func:`end_reason`), the last turn and the VP.
    ``choose(state, level, seed)`` picks for a level (default: this project's player; a bench
    may pass another, e.g. an older version of it).  ``watch(state, decision, index, lines)``,
    when given, is told each step after it is applied, with the engine's log lines of it (a
    bench that tells the game: bench/struggle_story.py)."""
    import random as _random
    from squabble.ai.struggle import choose_struggle
    from squabble.games import struggle as S
    choose = choose or choose_struggle
    st = S.new_game(seed)
    rnd = _random.Random(seed * 7 + 1)
    last = None
    while True:
        d = S.decision(st)
        if d is None:
            break
        side = d["player"]
        lv = levels[side]
        if lv == "random":
            i = rnd.randrange(len(d["options"]))
        else:
            # CPU time of this process (one core): on a shared machine the wall clock also
            # counts the other processes' turns
            t0 = time.process_time()
            i = choose(st, lv, rnd.randrange(1 << 30))
            if times is not None:
                times.setdefault(lv, []).append(time.process_time() - t0)
        if len(d["options"]) > 1:
            last = side
        lines = [] if watch else None
        S.apply_in_place(st, i, lines)
        if watch:
            watch(st, d, i, lines)
    return {"winner": st["winner"], "reason": end_reason(st, levels, last), "turn": st["turn"],
            "vp": st["vp"]}


def struggle_match(a: str, b: str, games: int, seed: int = 0, out=print, progress=None,
                   start: int = 0, choose=None) -> dict:
    """``games`` Struggle games of ``a`` against ``b`` (``a`` is the USA in even games), the
    games numbered ``start`` to ``start + games - 1`` of the match of ``seed`` (so a bench can
    play one match in parts on several cores and :func:`merge_struggle_results` them).  Ctrl-C
    stops after the game under way is abandoned; the games finished so far are reported.
    ``choose``: as :func:`play_struggle_game`'s (a bench's own levels)."""
    res = _empty_result(a, b, games)
    times = res["raw_times"]
    t0 = time.perf_counter()
    try:
        for g in range(start, start + games):
            a_side, levels, game_seed = match_game(a, b, seed, g)
            r = play_struggle_game(levels, game_seed, times, choose=choose)
            w = r["winner"]
            key = "draw" if w == "draw" else ("a" if w == a_side else "b")
            _count_game(res, g, key, r["reason"], r["turn"])
            if progress:
                progress(f"  game {g + 1}/{start + games}: {game_words(levels, r)}; "
                         f"{a} {res['wins']['a']}, {b} {res['wins']['b']}")
    except KeyboardInterrupt:
        res["interrupted"] = True
    res["seconds"] = time.perf_counter() - t0
    res["times"] = {lvl: time_figures(ts) for lvl, ts in times.items()}
    if out:
        struggle_report(res, out)
    return res


#: a progress line of :func:`struggle_match` ("won as SIDE" since commit ef58b52;
#: older lines have no side, which only a match of a level against itself needs)
PROGRESS = re.compile(r"game (\d+)/\d+: (?:(\S+) won(?: as (USA|USSR))?|draw) \((.*), turn (\d+)\); "
                      r"(\S+) \d+, (\S+) \d+\s*$")


def read_struggle_progress(lines) -> dict:
    """The finished games in :func:`struggle_match`'s progress lines (a bench's stderr; parts of
    one match in any order, a line seen twice counted once): {(a, b): {game: (winner, reason,
    turn)}}, the game counted from 0 as ``start`` counts it, the winner "a", "b" or "draw".
    Raises ValueError when one game has two different results (logs of different seeds or
    code mixed up)."""
    games: dict = {}
    for line in lines:
        m = PROGRESS.search(line)
        if not m:
            continue
        g, level, side, reason, turn, a, b = m.groups()
        g = int(g) - 1
        a_side = "USA" if g % 2 == 0 else "USSR"
        if level is None:
            key = "draw"
        elif side is not None:
            key = "a" if side == a_side else "b"
        elif a != b and level in (a, b):
            key = "a" if level == a else "b"
        else:
            continue
        got = games.setdefault((a, b), {})
        r = (key, reason, int(turn))
        if got.get(g, r) != r:
            raise ValueError(f"game {g + 1} of {a} against {b} has two results in the logs: "
                             f"{got[g]} and {r}")
        got[g] = r
    return games


def struggle_results_from(a: str, b: str, games: dict) -> dict:
    """A :func:`struggle_match` result (no times) of the games :func:`read_struggle_progress`
    read, for :func:`struggle_report`."""
    res = _empty_result(a, b, len(games))
    for g in sorted(games):
        _count_game(res, g, *games[g])
    return res


def _empty_result(a: str, b: str, planned: int) -> dict:
    """A :func:`struggle_match` result of no game yet (``seconds`` None: not timed)."""
    return {"a": a, "b": b, "games": 0, "wins": {"a": 0, "b": 0, "draw": 0},
            "by_side": {"a": {"USA": [0, 0], "USSR": [0, 0]}}, "reasons": {}, "times": {},
            "turns": [], "interrupted": False, "planned": planned, "raw_times": {},
            "seconds": None}


def _count_game(res: dict, g: int, key: str, reason: str, turn: int) -> None:
    """Game ``g`` of a match (``res["a"]`` the USA in even games) won by ``key`` ("a", "b",
    "draw"), added to a :func:`struggle_match` result."""
    a_side = "USA" if g % 2 == 0 else "USSR"
    res["games"] += 1
    res["wins"][key] += 1
    res["by_side"]["a"][a_side][1] += 1
    res["by_side"]["a"][a_side][0] += key == "a"
    who = "draw" if key == "draw" else f"{res[key]} won"
    rk = f"{who}: {reason}"
    res["reasons"][rk] = res["reasons"].get(rk, 0) + 1
    res["turns"].append(turn)


def merge_struggle_results(parts: list) -> dict:
    """One result of a match played in parts (:func:`struggle_match` with ``start``): wins,
    sides, end reasons and turns added up, the per-decision times pooled, ``seconds`` the
    longest part (the parts ran side by side)."""
    first = parts[0]
    res = _empty_result(first["a"], first["b"], 0)
    res["seconds"] = 0.0
    for p in parts:
        res["games"] += p["games"]
        res["planned"] += p["planned"]
        res["interrupted"] = res["interrupted"] or p["interrupted"]
        res["seconds"] = max(res["seconds"], p["seconds"])
        for k in res["wins"]:
            res["wins"][k] += p["wins"][k]
        for side in ("USA", "USSR"):
            for j in (0, 1):
                res["by_side"]["a"][side][j] += p["by_side"]["a"][side][j]
        for k, v in p["reasons"].items():
            res["reasons"][k] = res["reasons"].get(k, 0) + v
        res["turns"] += p["turns"]
        for lvl, ts in p["raw_times"].items():
            res["raw_times"].setdefault(lvl, []).extend(ts)
    res["times"] = {lvl: time_figures(ts) for lvl, ts in res["raw_times"].items()}
    return res


def struggle_report(res: dict, out=print) -> None:
    n = res["games"]
    a, b, w = res["a"], res["b"], res["wins"]
    if res["interrupted"]:
        out(f"Interrupted: {n} of {res['planned']} games finished; the figures below count "
            f"those only.")
    took = "" if res.get("seconds") is None else f" ({res['seconds']:.1f} s)"
    out(f"Twilight Struggle, {a} vs {b}: {n} games, sides alternating{took}")
    if n == 0:
        out("  no game finished.")
        return
    for key, lvl in (("a", a), ("b", b), ("draw", "draws")):
        lo, hi = wilson(w[key], n)
        out(f"  {lvl + (' (' + key + ')' if key != 'draw' else ''):<12} {w[key]:>4}  "
            f"{100 * w[key] / n:5.1f}%  95% CI [{100 * lo:5.1f}%, {100 * hi:5.1f}%]")
    bs = res["by_side"]["a"]
    out(f"  {a} as USA {bs['USA'][0]}/{bs['USA'][1]}, as USSR {bs['USSR'][0]}/{bs['USSR'][1]}; "
        f"mean last turn {sum(res['turns']) / n:.1f}")
    out("  how the games ended:")
    for k, v in sorted(res["reasons"].items(), key=lambda kv: (-kv[1], kv[0])):
        out(f"    {v:>4}  {k}")
    d1 = sum(v for k, v in res["reasons"].items() if "DEFCON 1" in k)
    lo, hi = wilson(d1, n)
    out(f"  ended at DEFCON 1: {d1}/{n} ({100 * d1 / n:.1f}%, 95% CI [{100 * lo:.1f}%, "
        f"{100 * hi:.1f}%])")
    for lvl, t in sorted(res["times"].items()):
        out(f"  CPU time per decision, {lvl:<7}: mean {1000 * t['mean']:6.1f} ms, median "
            f"{1000 * t['median']:6.1f} ms, p95 {1000 * t['p95']:6.1f} ms, p99 "
            f"{1000 * t['p99']:6.1f} ms, max {1000 * t['max']:7.1f} ms ({t['decisions']} decisions)")


def run_tournament(args) -> int:
    if args.game == "struggle":
        for lvl in (args.a, args.b):
            if lvl not in STRUGGLE_LEVELS:
                print(f"squabble tournament: unknown level {lvl!r} for Twilight Struggle "
                      f"(choose from {', '.join(STRUGGLE_LEVELS)}).", file=sys.stderr)
                return 1

        def progress(line):
            print(line, file=sys.stderr, flush=True)
        res = struggle_match(args.a, args.b, args.games, seed=args.tour_seed, progress=progress)
        return 130 if res["interrupted"] else 0
    for lvl in (args.a, args.b):
        if lvl not in LEVEL_CHOICES:
            print(f"squabble tournament: unknown level {lvl!r}.", file=sys.stderr)
            return 1
    match(args.a, args.b, args.games, seed=args.tour_seed, events=bool(args.events))
    return 0
