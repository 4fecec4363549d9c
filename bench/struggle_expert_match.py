"""Expert against the other Twilight Struggle levels: a long match kept game by game, resumable.

    nice -n 10 python bench/struggle_expert_match.py --results R.jsonl \\
        --match expert:hard:120 --match expert:normal:40 --match expert:greedy:40
    python bench/struggle_expert_match.py --results R.jsonl --report      # figures so far

Each match alternates sides (game g: the first level plays the USA when g is even) from the
fixed seeds ``tournament.match_game`` gives (``--seed`` S: game g of the match is
``new_game(S * 1000003 + g)``; the default S = 6200, so expert:hard plays seeds 6200018600 to
6200018719).  Every finished game is one JSON line of ``--results`` (the match, the game's
number, its seed, the commit of the code, the winner, how it ended, the turn, each level's CPU
seconds per decision),
written as soon as the game ends; a run started again skips the games already in the file, so
the bench can be stopped at any time and resumed in a later session.  One process, one core:
the search's pool has one worker (``--workers``), and the times are CPU seconds of this
process.  ``--report`` prints each match's score (wins + draws/2) with its 95% Wilson interval,
the expert level's share by side, and the decision times (p50/p95/max) of every level; a
level against itself (``--match normal:normal:40``) is self-play, and the report gives the
USA's share of its games (the side balance).
``--play JSON`` tries another design of expert's card-choice budget (``struggle_expert.PLAY``
keys); its games are kept apart from the shipped design's in the file and the report.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import squabble.ai.pool as P  # noqa: E402
from squabble.ai.tournament import (  # noqa: E402
    STRUGGLE_LEVELS, match_game, percentile, play_struggle_game, wilson)

DEFAULT_SEED = 6200


def read_results(path: pathlib.Path) -> list[dict]:
    """The games of the results file (a line cut short by a stopped run is skipped)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            continue
    return out


def parse_match(text: str) -> tuple[str, str, int]:
    parts = text.split(":")
    if len(parts) != 3 or not all(p in STRUGGLE_LEVELS for p in parts[:2]) \
            or not parts[2].isdigit():
        raise argparse.ArgumentTypeError(
            f"--match must be A:B:GAMES with A and B among {', '.join(STRUGGLE_LEVELS)}")
    return parts[0], parts[1], int(parts[2])


def parse_shard(text: str) -> tuple[int, int]:
    k, _, n = text.partition("/")
    if not (k.isdigit() and n.isdigit() and int(k) < int(n)):
        raise argparse.ArgumentTypeError("--shard must be K/N with 0 <= K < N, e.g. 1/2")
    return int(k), int(n)


def commit() -> str:
    """The code's commit (with "+" when the work tree differs from it), or "?"."""
    import subprocess
    root = pathlib.Path(__file__).resolve().parents[1]
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, text=True,
                              capture_output=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "squabble"], cwd=root,
                               text=True, capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return head + ("+" if dirty else "")


def play(path: pathlib.Path, matches, seed: int, progress=print, trial=None,
         shard=(0, 1)) -> None:
    """Play the games of ``matches`` not yet in ``path``, appending each as it finishes.
    ``trial``: another card-choice budget for expert (``struggle_expert.PLAY`` keys), a design
    being tried; its games are kept apart (the rows' ``play``)."""
    if trial:
        import squabble.ai.struggle_expert as X
        X.PLAY = dict(X.PLAY, **trial)
    done = {(r["a"], r["b"], r["seed"], r["game"], json.dumps(r.get("play"), sort_keys=True))
            for r in read_results(path)}
    design = json.dumps(trial or None, sort_keys=True)
    code = commit()
    for a, b, games in matches:
        for g in range(games):
            if (a, b, seed, g, design) in done or g % shard[1] != shard[0]:
                continue
            a_side, levels, game_seed = match_game(a, b, seed, g)
            times: dict = {}
            t0 = time.perf_counter()
            r = play_struggle_game(levels, game_seed, times)
            w = r["winner"]
            key = "draw" if w == "draw" else ("a" if w == a_side else "b")
            row = {"a": a, "b": b, "seed": seed, "game": g, "game_seed": game_seed, "code": code,
                   "a_side": a_side, "result": key, "reason": r["reason"], "turn": r["turn"],
                   "vp": r["vp"], "wall": round(time.perf_counter() - t0, 1),
                   "play": trial or None,
                   "times": {lv: [round(x, 4) for x in ts] for lv, ts in times.items()}}
            cut = path.exists() and path.stat().st_size and not path.read_bytes().endswith(b"\n")
            with path.open("a") as f:
                # (a line a stopped run cut short is left on its own line, and skipped)
                f.write(("\n" if cut else "") + json.dumps(row) + "\n")
            progress(f"{a}:{b} game {g + 1}/{games} ({a} {a_side}): {key} won, {r['reason']}, "
                     f"turn {r['turn']}, {row['wall']:.0f} s")


def report(path: pathlib.Path, out=print) -> None:
    rows = read_results(path)
    if not rows:
        out(f"No game in {path} yet.")
        return
    by_match: dict = {}
    for r in rows:
        key = (r["a"], r["b"], r["seed"], json.dumps(r.get("play"), sort_keys=True))
        by_match.setdefault(key, []).append(r)
    for (a, b, seed, design), rs in sorted(by_match.items()):
        if design != "null":
            a_words = f"{a} {design}"
        else:
            a_words = a
        n = len(rs)
        score = sum(1.0 if r["result"] == "a" else 0.5 if r["result"] == "draw" else 0.0
                    for r in rs)
        lo, hi = wilson(score, n)
        side = {s: [sum(r["result"] == "a" for r in rs if r["a_side"] == s),
                    sum(r["a_side"] == s for r in rs)] for s in ("USA", "USSR")}
        out(f"{a_words} vs {b} (seed {seed}): {n} games, {a} scores {score:g} = {100 * score / n:.1f}% "
            f"[95% Wilson {100 * lo:.1f}, {100 * hi:.1f}]; {a} as USA {side['USA'][0]}/"
            f"{side['USA'][1]}, as USSR {side['USSR'][0]}/{side['USSR'][1]}; "
            f"games {min(r['game'] for r in rs)}-{max(r['game'] for r in rs)}")
        if a == b:     # self-play: the side balance (people give the USA about 49%)
            usa = sum(0.5 if r["result"] == "draw" else float((r["result"] == "a")
                                                              == (r["a_side"] == "USA"))
                      for r in rs)
            lo, hi = wilson(usa, n)
            out(f"  self-play: the USA scores {usa:g} of {n} = {100 * usa / n:.1f}% "
                f"[95% Wilson {100 * lo:.1f}, {100 * hi:.1f}]")
        times: dict = {}
        for r in rs:
            for lv, ts in r["times"].items():
                times.setdefault(lv, []).extend(ts)
        for lv, ts in sorted(times.items()):
            ts = sorted(ts)
            out(f"  {lv:<7} CPU s per decision: p50 {percentile(ts, 0.5):.3f}, p95 "
                f"{percentile(ts, 0.95):.3f}, max {ts[-1]:.3f} ({len(ts)} decisions)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", type=pathlib.Path, required=True)
    ap.add_argument("--match", type=parse_match, action="append", default=[])
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--shard", type=parse_shard, default=(0, 1), metavar="K/N",
                    help="play only the games g with g %% N == K (N processes, one a core, "
                         "appending to one results file)")
    ap.add_argument("--report", action="store_true", help="print the figures so far and stop")
    ap.add_argument("--play", type=json.loads, default=None, metavar="JSON",
                    help="a design to try: expert's card-choice budget changed (keys of "
                         "struggle_expert.PLAY, e.g. '{\"samples\": 0, \"first_deals\": 12}'); "
                         "its games are kept apart in the results")
    a = ap.parse_args(argv)
    if not a.report:
        P.WORKERS = a.workers
        play(a.results, a.match, a.seed, lambda s: print(s, file=sys.stderr, flush=True),
             a.play, a.shard)
    report(a.results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
