"""Which design of expert's card-choice budget picks the move that wins more play-outs?  A paired
test on fixed positions, much cheaper than a match (issue 62).

    nice -n 10 python bench/struggle_expert_paired.py --results R.jsonl \\
        --design '{}' --design '{"samples": 0, "first_deals": 12, "first_work": 20000}' \\
        [--source normal] [--games 4] [--every 5] [--playouts 4] [--playout-level normal]
    python bench/struggle_expert_paired.py --results R.jsonl --report

The positions are the card choices (a card to play or a headline, more than two options) of
``--games`` games that ``--source`` plays for both sides from ``new_game(6200 * 1000 + g)``,
every ``--every``-th of them.  At each, every ``--design`` (keys of ``struggle_expert.PLAY``,
``{}`` being the shipped budget; the string ``"hard"``: the hard level) names its move (``choose_struggle(state, "expert", seed)``:
from the side's view, as in a game).  Where the designs disagree, each distinct move is played
and the game played out ``--playouts`` times by ``--playout-level`` on both sides, play-out k of
every move with the same generator (the draws, the dice) and seeds: paired, so the moves differ
in the move alone.  A position is one JSON line of ``--results`` when done; a run started again
skips the positions already there.  ``--report`` prints each design's mean play-out score (win
1, draw 1/2, for the side that moved) over the positions where the designs disagreed, and each
pair's positions with the same move, and its wins and losses position by position
(``--playouts 0``: no play-out, only how often the designs agree).
"""

from __future__ import annotations

import argparse
import json
import marshal
import os
import pathlib
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import squabble.ai.pool as P  # noqa: E402
import squabble.ai.struggle_expert as X  # noqa: E402
from squabble.ai.struggle import choose_struggle  # noqa: E402
from squabble.games import struggle as S  # noqa: E402
from struggle_expert_match import read_results as read  # noqa: E402  (bench/, beside this)


def positions(source, games, every):
    """(game, index, state) of the card choices ``source`` meets playing both sides."""
    k = 0
    for g in range(games):
        st = S.new_game(6200 * 1000 + g)
        n = 0
        while S.decision(st) is not None:
            d = S.decision(st)
            if len(d["options"]) > 2 and d["options"][0]["mode"] in ("play", "headline"):
                if n % every == 0:
                    yield g, n, marshal.loads(marshal.dumps(st))
                n += 1
            S.apply_in_place(st, choose_struggle(st, source, k))
            k += 1


def playout(state, move, k, level):
    """The score (1 win, 1/2 draw, 0 loss) for the side to move of ``move`` then a game played
    out by ``level``; play-out ``k``'s generator and seeds are the same whatever the move."""
    me = S.decision(state)["player"]
    t = marshal.loads(marshal.dumps(state))
    t["rng"] = (0x9E3779B97F4A7C15 * (k + 1)) & ((1 << 64) - 1)
    t["dice"] = []
    S.apply_in_place(t, move)
    j = 0
    while S.decision(t) is not None:
        S.apply_in_place(t, choose_struggle(t, level, k * 100_003 + j))
        j += 1
    w = t["winner"]
    return 0.5 if w == "draw" else float(w == me)


def run(a, progress=print):
    done = {(r["game"], r["n"]) for r in read(a.results)}
    shipped = dict(X.PLAY)
    for g, n, st in positions(a.source, a.games, a.every):
        if (g, n) in done:
            continue
        picks, cpu = [], []
        for design in a.design:
            level = "hard" if design == "hard" else "expert"
            X.PLAY = dict(shipped, **design) if level == "expert" else shipped
            t0 = time.process_time()
            picks.append(choose_struggle(S.view(st, S.decision(st)["player"]), level,
                                         g * 1000 + n))
            cpu.append(round(time.process_time() - t0, 3))
        X.PLAY = shipped
        scores = {}
        if len(set(picks)) > 1 and a.playouts:
            for m in sorted(set(picks)):
                scores[m] = [playout(st, m, k, a.playout_level) for k in range(a.playouts)]
        row = {"game": g, "n": n, "turn": st["turn"], "ar": st["action_round"],
               "designs": a.design, "picks": picks, "cpu": cpu, "playouts": a.playouts,
               "level": a.playout_level, "scores": {str(m): s for m, s in scores.items()}}
        with a.results.open("a") as f:
            f.write(json.dumps(row) + "\n")
        progress(f"game {g} choice {n} (turn {st['turn']}): picks {picks}, scores "
                 f"{ {m: sum(s) for m, s in scores.items()} }")


def report(path, out=print):
    rows = read(path)
    if not rows:
        out(f"No position in {path} yet.")
        return
    designs = rows[0]["designs"]
    names = [json.dumps(d, sort_keys=True) for d in designs]
    split = [r for r in rows if r["scores"]]
    out(f"{len(rows)} positions; the designs disagree on "
        f"{sum(len(set(r['picks'])) > 1 for r in rows)}, played out on {len(split)}")
    for i, name in enumerate(names):
        got = [sum(r["scores"][str(r["picks"][i])]) / len(r["scores"][str(r["picks"][i])])
               for r in split]
        cpu = sorted(r["cpu"][i] for r in rows)
        mean = sum(got) / len(got) if got else float("nan")
        out(f"  {name}: mean play-out score {mean:.3f} over {len(got)} positions played out; CPU s "
            f"per choice p50 {cpu[len(cpu) // 2]:.2f}, max {cpu[-1]:.2f}")
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            w = l_ = 0
            for r in split:
                si = sum(r["scores"][str(r["picks"][i])])
                sj = sum(r["scores"][str(r["picks"][j])])
                w += si > sj
                l_ += si < sj
            same = sum(r["picks"][i] == r["picks"][j] for r in rows)
            out(f"  {names[i]} vs {names[j]}: the same move on {same} of {len(rows)} positions; "
                f"its move won more play-outs on {w} positions, fewer on {l_}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", type=pathlib.Path, required=True)
    ap.add_argument("--design", type=json.loads, action="append", default=[])
    ap.add_argument("--source", default="normal")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--every", type=int, default=5)
    ap.add_argument("--playouts", type=int, default=4)
    ap.add_argument("--playout-level", default="normal")
    ap.add_argument("--report", action="store_true")
    a = ap.parse_args(argv)
    if not a.report:
        if len(a.design) < 2:
            ap.error("give at least two --design")
        P.WORKERS = 1
        run(a, lambda s: print(s, file=sys.stderr, flush=True))
    report(a.results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
