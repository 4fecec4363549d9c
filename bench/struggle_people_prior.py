"""Which card do people play first?  A prior for hard's card choice fitted on the real games
(issue 21, "plays like people").

    python bench/struggle_people_prior.py [--logs DIR] [--fit-start J ...] [--test-start J]
        [--write]
    python bench/struggle_people_prior.py --sweep DUMP [--logs DIR] [--fit-start J ...]

Reads the real games of ``reference/ts-game-logs`` as ``bench/struggle_human_agreement.py``
does (never committed here).  At each card choice of a person whose hand the log shows (the
cards the side plays from that choice to the end of the turn: the known cards), the person
chose one of them to play *now*; the others came later in the turn.  A conditional logit over
those known cards learns which cards people play early and which they keep:

* a weight by the kind of card (the side's own, the enemy's, a neutral one, a scoring card), its
  operations and the phase (headline, action rounds 1-2, action rounds 3 and later), and
* a weight per card, for the side choosing it, in headlines and in action rounds (pulled
  towards 0 harder, so a card seen rarely keeps its kind's weight).

It is fitted on every 3rd game from ``--fit-start`` (default 1 and 2: the 30 games left out of
the agreement bench's fixed sample) and tested on the games from ``--test-start`` (default 0:
the fixed sample): how often the card the prior ranks first is the person's, beside a uniformly
random card.  ``--write`` writes the fitted weights to ``squabble/ai/struggle_people_weights.py``
(a table of numbers the project computed; hard adds them, scaled, to its values:
ai/struggle_prior.py).

**Choosing how much hard listens to it** (``PEOPLE_W``, ``PEOPLE_MARGIN``) without running the
search again: ``bench/struggle_human_agreement.py --levels hard --dump-values DUMP ...`` keeps
the values hard's search gave the cards at each of its choices, before the prior; ``--sweep
DUMP`` recomputes hard's pick from them (the prior added as in the game, then ``pick_close``
with the same seed) for each weight and margin, and prints how often it is the person's card,
how many picks the prior changed, and how much of hard's own value it gave up a choice.  It uses
the shipped weights, or the ones fitted on ``--fit-start`` when given (to measure a third of the
games with weights fitted on the others).  At the shipped setting the recomputed agreement is the
dumped run's own, a check that the dump is whole.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from struggle_human_agreement import CHINA, game_files, logs_or_say, parse  # noqa: E402

from squabble.ai import struggle_prior  # noqa: E402
from squabble.ai.struggle import pick_close  # noqa: E402
from squabble.ai.struggle_people import features, phase_of, score  # noqa: E402
from squabble.ai.struggle_people_weights import WEIGHTS  # noqa: E402

#: the weights and margins --sweep tries (an infinite margin: every option hard valued)
SWEEP_W = (0.0, 1.0, 2.0, 3.0, 5.0)
SWEEP_MARGIN = (0.25, 0.5, 1.0, 2.0, math.inf)
#: L2 pulls towards 0: the kind weights, the per-card weights
KIND_L2 = 1.0
CARD_L2 = 1.0
STEPS = 600
RATE = 3.0


def choices(files):
    """[(side, ar, turn, options, chosen)] of the person's choices among two or more known
    cards."""
    out = []
    for f in files:
        for ch in parse(f)[0]:
            opts = [c for c in ch["known"] if c != CHINA]
            if len(opts) < 2 or ch["card"] not in opts:
                continue
            out.append((ch["side"], ch["ar"], ch["turn"], opts, ch["card"]))
    return out


def fit(data):
    """The weights {feature: w} of the conditional logit: gradient ascent on the log-likelihood
    of the choices less the L2 penalty (the step divided by the choices plus twice the largest
    pull, so a few choices do not make it diverge)."""
    rows = [[features(c, side, ar) for c in opts] + [opts.index(chosen)]
            for side, ar, _turn, opts, chosen in data]
    w: dict = {}
    n = len(rows) + 2 * max(KIND_L2, CARD_L2)
    for _ in range(STEPS):
        grad: dict = {}
        for row in rows:
            feats, k = row[:-1], row[-1]
            s = [sum(w.get(f, 0.0) for f in fs) for fs in feats]
            top = max(s)
            e = [math.exp(x - top) for x in s]
            z = sum(e)
            for j, fs in enumerate(feats):
                g = (1.0 if j == k else 0.0) - e[j] / z
                for f in fs:
                    grad[f] = grad.get(f, 0.0) + g
        for f, g in grad.items():
            l2 = CARD_L2 if f[0] == "card" else KIND_L2
            w[f] = w.get(f, 0.0) + RATE * (g - l2 * w.get(f, 0.0)) / n
    return {f: round(v, 3) for f, v in w.items() if abs(v) >= 0.001}


def test(w, data):
    """(agreeing, random's expected agreeing, choices)."""
    hit = rand = 0.0
    for side, ar, _turn, opts, chosen in data:
        best = max(opts, key=lambda c: (score(w, c, side, ar), -c))
        hit += best == chosen
        rand += 1 / len(opts)
    return hit, rand, len(data)


def replay(dump, weights, w, margin):
    """(agreeing, changed, value given up) over the choices of a ``--dump-values`` file, with
    hard's pick recomputed with the prior at weight ``w`` and ``margin`` (VP; ``math.inf``: none):
    agreeing, its card is the person's; changed, it is not the pick without the prior; given up,
    the sum of hard's own values lost by those changes.  A choice hard made without values (one
    option left, a safety rule) keeps the dumped run's answer."""
    hit = changed = lost = 0
    for r in dump:
        d = r["values"]
        if d is None:
            hit += r["same"]
            continue
        vals = {int(i): v for i, v in d["vals"].items()}
        cards = {int(i): c for i, c in d["cards"].items()}
        adj = struggle_prior.card_choice(vals, cards, d["side"], d["ar"], weights, w, margin)
        a, b = pick_close(adj, d["seed"]), pick_close(vals, d["seed"])
        hit += cards[a] == r["card"]
        if a != b:
            changed += 1
            lost += vals[b] - vals[a]
    return hit, changed, lost


def sweep(dump, weights):
    """Print the dumped run's agreement, the recomputed one at the shipped setting, and a table
    of agreement, picks changed and value given up by weight and margin."""
    n = len(dump)
    print(f"{n} of hard's card choices; the dumped run chose the person's card at "
          f"{sum(r['same'] for r in dump)}, recomputed at the shipped setting (weight "
          f"{struggle_prior.PEOPLE_W:g}, margin {struggle_prior.PEOPLE_MARGIN:g} VP): "
          f"{replay(dump, weights, struggle_prior.PEOPLE_W, struggle_prior.PEOPLE_MARGIN)[0]}")
    if not n:
        return
    print("\nthe person's card / picks changed by the prior / hard's value given up a choice\n")
    print("| margin | " + " | ".join(f"weight {w:g}" for w in SWEEP_W) + " |")
    print("|---|" + "---|" * len(SWEEP_W))
    for m in SWEEP_MARGIN:
        cells = []
        for w in SWEEP_W:
            hit, changed, lost = replay(dump, weights, w, m)
            cells.append(f"{hit / n:.1%} / {changed / n:.0%} / {lost / n:.2f}")
        print(f"| {'none' if m == math.inf else f'{m:g} VP'} | " + " | ".join(cells) + " |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--logs")
    ap.add_argument("--fit-start", type=int, nargs="+")
    ap.add_argument("--test-start", type=int, default=0)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--sweep", metavar="DUMP",
                    help="a file of bench/struggle_human_agreement.py --dump-values")
    args = ap.parse_args()
    if args.sweep:
        try:
            dump = json.loads(Path(args.sweep).read_text())
        except (OSError, ValueError) as e:
            print(f"Cannot read the dump {args.sweep}: {e}")
            return 1
        weights = WEIGHTS
        if args.fit_start:
            logs = logs_or_say(args.logs, "fitted")
            if logs is None:
                return 0
            files = game_files(logs)
            weights = fit(choices([f for j in args.fit_start for f in files[j::3]]))
        try:
            sweep(dump, weights)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            print(f"{args.sweep} is not a file of --dump-values ({type(e).__name__}: {e})")
            return 1
        return 0
    args.fit_start = args.fit_start or [1, 2]
    logs = logs_or_say(args.logs, "fitted")
    if logs is None:
        return 0
    files = game_files(logs)
    train = choices([f for j in args.fit_start for f in files[j::3]])
    held = choices(files[args.test_start::3])
    w = fit(train)
    for name, data in (("fitted on", train), ("tested on", held)):
        hit, rand, n = test(w, data)
        print(f"{name} {n} choices: the prior's first card is the person's {hit / n:.1%}, "
              f"a random card {rand / n:.1%}")
    for ph in ("headline", "AR1-2", "AR3+"):
        sub = [d for d in held if phase_of(d[1]) == ph]
        if sub:
            hit, rand, n = test(w, sub)
            print(f"  tested, {ph}: {n} choices, prior {hit / n:.1%}, random {rand / n:.1%}")
    if args.write:
        out = ROOT / "squabble" / "ai" / "struggle_people_weights.py"
        out.write_text(_module(w, len(train), args.fit_start))
        print(f"wrote {out}")
    return 0


def _module(w, n, starts):
    games = " and ".join(str(j) for j in starts)
    lines = ['"""Weights of the people\'s card prior (ai/struggle_people.py), written by',
             f'bench/struggle_people_prior.py from {n} card choices of the real games: every 3rd',
             f'game of games.txt from game {games} (not the agreement bench\'s fixed sample).',
             'Generated: do not edit by hand."""', "", "WEIGHTS = {"]
    for f in sorted(w, key=repr):
        lines.append(f"    {f!r}: {w[f]},")
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
