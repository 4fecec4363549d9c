"""Is the Twilight Struggle computer player predictable?  For positions taken from games, the
choice of each of several seeds, how often the seeds disagree, and how much worse (in VP) a
chosen option is than the best one by a reference value.

    python bench/struggle_variety.py --level normal --positions 30 --seeds 10

Positions: every 7th decision with at least 3 options of normal-vs-greedy games (seeds 700...).
Reference value of an option: the mean of normal's values over 10 other deals of the hidden
cards (seeds 10_000...), so that "worse" is not judged by the chooser's own sample.  Hard takes
its set-up from the opening people make (``ai/struggle_setup.py``), one choice by design: those
positions are counted apart, so the share that varies is also given over the positions its search
decides.  Run by hand; results go to docs/ai-struggle.md.
"""

from __future__ import annotations

import argparse
import marshal
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from squabble.ai.struggle import choose_struggle, option_values  # noqa: E402
from squabble.ai.struggle_setup import opening_choice  # noqa: E402
from squabble.games import struggle as S  # noqa: E402


def positions(n, every=7):
    out = []
    g = 0
    while len(out) < n:
        st = S.new_game(700 + g)
        rnd = random.Random(g)
        k = 0
        levels = {"USA": "normal", "USSR": "greedy"} if g % 2 == 0 else \
            {"USA": "greedy", "USSR": "normal"}
        while S.decision(st) is not None and len(out) < n:
            d = S.decision(st)
            if k % every == 0 and len(d["options"]) >= 3:
                out.append(marshal.loads(marshal.dumps(st)))
            S.apply_in_place(st, choose_struggle(st, levels[d["player"]], rnd.randrange(1 << 30)))
            k += 1
        g += 1
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="normal")
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--seeds", type=int, default=10)
    a = ap.parse_args()
    pos = positions(a.positions)
    varied = 0
    opening = 0     # set-up placements hard takes from people's opening, not from its search
    opening_out = 0     # ... and their choices the reference (normal's options) does not hold
    gaps = []
    for st in pos:
        picks = [choose_struggle(st, a.level, s) for s in range(a.seeds)]
        distinct = len(set(picks))
        varied += distinct > 1
        from_opening = a.level == "hard" and opening_choice(st) is not None
        opening += from_opening
        ref: dict = {}
        for s in range(10):
            for i, v in option_values(st, "normal", 10_000 + s).items():
                ref.setdefault(i, []).append(v)
        ref = {i: sum(v) / len(v) for i, v in ref.items()}
        best = max(ref.values())
        for p in picks:
            gaps.append(best - ref[p] if p in ref else float("nan"))
            opening_out += from_opening and p not in ref
        d = S.decision(st)
        print(f"  {d['player']:<4} {d['prompt'][:60]:<60} {len(d['options']):>3} options, "
              f"{distinct} distinct choice(s)", file=sys.stderr, flush=True)
    known = sorted(g for g in gaps if g == g)
    print(f"{a.level}: {len(pos)} positions x {a.seeds} seeds: the seeds chose differently in "
          f"{varied}/{len(pos)} positions")
    if opening:
        print(f"  {opening} of them set-up placements taken from people's opening (one choice by "
              f"design): the seeds chose differently in {varied}/{len(pos) - opening} of the "
              f"positions its search decides; {opening_out} of the choices outside the "
              f"reference's set (below) are theirs")
    if known:
        print(f"  gap of the chosen option to the best (reference: normal over 10 other deals): "
              f"mean {sum(known) / len(known):.2f} VP, median {known[len(known) // 2]:.2f}, "
              f"max {known[-1]:.2f}; {sum(g > 1.0 for g in known)}/{len(known)} choices more "
              f"than 1 VP worse; {len(gaps) - len(known)} choices outside the reference's set")


if __name__ == "__main__":
    main()
