"""A change of hard's weights measured on whole games at a fraction of a match's cost.

    python bench/struggle_divergence.py --set 'forced={"2": 25, "3": 8}' --start 100 --games 80
    python bench/struggle_divergence.py --set 'forced={"2": 25, "3": 8}' --only-danger ...

The games of a match are deterministic: the same code, seed and game number give the same game.
So a weight of hard's profile (``struggle_eval.HARD``) changed in only a few positions changes
only the games that reach one of them.  Each game of the match ``hard:B`` is played with the
weights as ``--set`` gives them (the *other* weights: usually the values before a change), and
at each of hard's decisions hard is asked again with its shipped weights; the first decision
where the two choose differently marks the game, which is then played again whole with the
shipped weights.  A game with no such decision is the same game either way.  So the report is
both versions' results on the same games, the games that differ named, at the cost of one match
plus hard's decisions asked twice plus the marked games played again.

``--only-danger`` asks again only where the change can matter for the ``forced`` weight: hard's
hand holds a DEFCON-dangerous card of its side (``struggle_eval.DEFCON_DANGER``; Star Wars for
the USSR; Ask Not for the USA, whose event draws new cards).  The weight is applied to hard's
own hand only, so elsewhere the two versions value every line alike.

Prints one line a game (the result with the shipped weights, then with ``--set``'s when it
differs) and the totals with 95% Wilson intervals, and the flips with their sign test.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import squabble.ai.struggle as A  # noqa: E402
from squabble.ai import struggle_eval as E  # noqa: E402
from squabble.ai.tournament import (  # noqa: E402
    game_words, match_game, play_struggle_game, wilson)
from struggle_mcts import choose_level  # noqa: E402  (this folder's)
from struggle_tally import sign_test  # noqa: E402  (bench/, the script's own folder)

#: Ask Not: the USA discards and draws again, so a dangerous card can enter its hand in a line
ASK_NOT = 77


def parse_set(items):
    """['forced={"2": 25}'] -> {"forced": {2: 25}} (numeric keys become ints).  Raises
    ValueError with a message for a weight hard's profile does not have or a value not JSON."""
    out = {}
    for it in items:
        name, _, raw = it.partition("=")
        if not hasattr(E.HARD, name):
            raise ValueError(f"hard's profile has no weight {name!r}")
        try:
            v = json.loads(raw)
        except ValueError:
            raise ValueError(f"--set {name}: the value is not JSON: {raw!r}") from None
        if isinstance(v, dict):
            v = {int(k) if k.lstrip("-").isdigit() else k: x for k, x in v.items()}
        out[name] = v
    return out


def danger_hand(state, side):
    hand = state["hands"][side]
    if not isinstance(hand, list):
        return False
    extra = {E.STAR_WARS} if side == "USSR" else {ASK_NOT}
    return any(c in E.DEFCON_DANGER[side] or c in extra for c in hand)


class Versions:
    """Sets hard's profile weights to one version or the other ("set" or "shipped")."""

    def __init__(self, changed):
        self.shipped = {k: getattr(E.HARD, k) for k in changed}
        self.changed = changed

    def use(self, which):
        for k, v in (self.changed if which == "set" else self.shipped).items():
            setattr(E.HARD, k, v)


def play(levels, seed, weights, check=None):
    """A game with ``--set``'s weights; ``check(state)`` says where to ask the shipped ones too.
    Returns (result, the first decision where they differ or None)."""
    first = []

    def choose(state, level, s):
        k = choose_level(state, level, s)
        if level == "hard" and not first and (check is None or check(state)):
            weights.use("shipped")
            try:
                if choose_level(state, level, s) != k:
                    first.append((state["turn"], state["action_round"]))
            finally:
                weights.use("set")
        return k

    weights.use("set")
    return play_struggle_game(levels, seed, choose=choose), (first[0] if first else None)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", action="append", default=[], required=True,
                    help="NAME=JSON: a weight of hard's profile for the version compared")
    ap.add_argument("--match", default="hard:normal", help="hard:B")
    ap.add_argument("--seed", type=int, default=3000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--only-danger", action="store_true")
    a = ap.parse_args(argv)
    first, _, other = a.match.partition(":")
    if first != "hard" or other not in A.LEVELS:
        ap.error(f"--match must be hard:B with B one of {', '.join(A.LEVELS)}")
    if a.start < 0 or a.games < 1:
        ap.error("--start must be 0 or more and --games 1 or more")
    try:
        weights = Versions(parse_set(a.set))
    except ValueError as e:
        ap.error(str(e))
    A.HARD_WORKERS = 1
    check = (lambda st: danger_hand(st, st["pending"]["player"])) if a.only_danger else None
    won = {"set": 0, "shipped": 0}
    flips = {"set": 0, "shipped": 0}
    n = 0
    for g in range(a.start, a.start + a.games):
        side, levels, seed = match_game(first, other, a.seed, g)
        r, at = play(levels, seed, weights, check)
        res = {"set": r}
        if at is not None:
            weights.use("shipped")
            res["shipped"] = play_struggle_game(levels, seed)
        else:
            res["shipped"] = r
        n += 1
        wins = {k: res[k]["winner"] == side for k in res}
        for k in won:
            won[k] += wins[k]
        if wins["set"] != wins["shipped"]:
            flips["set" if wins["set"] else "shipped"] += 1
        line = f"game {g + 1}: shipped {game_words(levels, res['shipped'])}"
        if at is not None:
            line += f"; differs at turn {at[0]} round {at[1]}: {game_words(levels, res['set'])}"
        print(line, flush=True)
    for k, label in (("shipped", "shipped weights"), ("set", "--set weights")):
        lo, hi = wilson(won[k], n)
        print(f"hard with the {label}: {won[k]} of {n}, {100 * won[k] / n:.1f}% "
              f"[{100 * lo:.1f}, {100 * hi:.1f}]")
    p = sign_test(flips["set"], flips["shipped"])
    print(f"won only with --set: {flips['set']}, only shipped: {flips['shipped']} (sign test p = {p:.2f})")


if __name__ == "__main__":
    main()
