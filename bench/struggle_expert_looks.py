"""Hard's and expert's looks on the same card choices: the deals each look finished, and the CPU
time of each level's decision (one process, one core).

    python bench/struggle_expert_looks.py [--game-seed 31] [--choices 5] [--skip 3] [--every 2]

The card choices (a card to play or a headline, with more than two options) are those of a game
normal plays for both sides from ``new_game(--game-seed)``: after ``--skip`` of them, every
``--every``-th, ``--choices`` in all.  At each, hard's ``option_values`` and expert's (the same
search with expert's budget, ``struggle_expert.budget``) run on the same seed; the line gives the
turn, the action round, the deals of the first and the second look (``struggle.LAST_LOOKS``), the
CPU seconds and whether the decision "matters" to expert.
"""

from __future__ import annotations

import argparse
import marshal
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def card_choices(game_seed, n, skip, every):
    from squabble.ai.struggle import choose_struggle
    from squabble.games.struggle import apply_in_place, decision, new_game
    st = new_game(game_seed)
    out, k, seen = [], 0, 0
    while decision(st) is not None and len(out) < n:
        d = decision(st)
        if len(d["options"]) > 2 and d["options"][0]["mode"] in ("play", "headline"):
            if seen >= skip and (seen - skip) % every == 0:
                out.append(marshal.loads(marshal.dumps(st)))
            seen += 1
        apply_in_place(st, choose_struggle(st, "normal", k))
        k += 1
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game-seed", type=int, default=31)
    ap.add_argument("--choices", type=int, default=5)
    ap.add_argument("--skip", type=int, default=3)
    ap.add_argument("--every", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1, help="the levels' seed")
    a = ap.parse_args(argv)
    import squabble.ai.pool as P
    import squabble.ai.struggle as A
    import squabble.ai.struggle_expert as X
    from squabble.games.struggle import decision
    P.WORKERS = 1
    print("turn AR  hard deals (first, second) CPU s | expert deals (first, second) CPU s  matters")
    for st in card_choices(a.game_seed, a.choices, a.skip, a.every):
        me = decision(st)["player"]
        t = time.process_time()
        A.option_values(st, "hard", a.seed)
        th, hard = time.process_time() - t, dict(A.LAST_LOOKS)
        t = time.process_time()
        A.option_values(st, "hard", a.seed, budget=X.budget(st, me, "expert"))
        te, expert = time.process_time() - t, dict(A.LAST_LOOKS)
        print(f"{st['turn']:>4} {st['action_round']:>2}  {hard['first']:>2}, {hard['second']:>2}"
              f"  {th:5.2f} | {expert['first']:>2}, {expert['second']:>2}  {te:5.2f}  "
              f"{X.matters(st, me)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
