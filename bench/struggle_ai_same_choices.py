"""The option each level of the Struggle computer player chooses on a fixed set of positions, to
show that a change of how the AI reads a decision leaves its choices (and its strength) as they
were (issue 51: the AI reads the decision's context, not the engine's frames).

The positions: the saved ones of tests/struggle/positions/, and the decisions of a few seeded
games played with random answers through turn 2 (the set-up placements, headlines, cards, coup
and realignment targets, event sub-choices...).  Each level chooses on each position with a
fixed seed, on one process.

    PYTHONPATH=$PWD python bench/struggle_ai_same_choices.py record OUT.json [--hard-every N]
    PYTHONPATH=$PWD python bench/struggle_ai_same_choices.py compare BEFORE.json AFTER.json
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LEVELS = ("greedy", "easy", "normal", "hard")


def positions():
    """[(name, state)]: the saved positions, then those of the seeded games."""
    from squabble.games.struggle import apply, decision, load, new_game
    out = []
    for p in sorted((ROOT / "tests" / "struggle" / "positions").glob("*.json")):
        out.append((p.stem, load(json.loads(p.read_text()))))
    for g in range(3):
        st = new_game(100 + g)
        rnd = random.Random(g)
        k = 0
        while st.get("winner") is None and st["turn"] <= 2:
            d = decision(st)
            if d is None:
                break
            out.append((f"game{g}_{k:03d}_{st['pending'].get('kind')}", st))
            st, _log = apply(st, rnd.randrange(len(d["options"])))
            k += 1
    return out


def record(out: pathlib.Path, hard_every: int):
    import squabble.ai.pool as pool
    pool.WORKERS = 1
    from squabble.ai.struggle import choose_struggle
    from squabble.games.struggle import decision
    got = {}
    for i, (name, st) in enumerate(positions()):
        if len(decision(st)["options"]) < 2:
            continue
        row = {}
        for level in LEVELS:
            if level == "hard" and not (name[0] != "g" or i % hard_every == 0
                                        or "coup" in name or "setup" in name):
                continue
            row[level] = choose_struggle(st, level, seed=7)
        got[name] = row
    out.write_text(json.dumps(got, indent=1, sort_keys=True))
    n = sum(len(r) for r in got.values())
    print(f"{n} choices on {len(got)} positions in {out}")


def compare(a: pathlib.Path, b: pathlib.Path) -> int:
    ra, rb = json.loads(a.read_text()), json.loads(b.read_text())
    bad = [(k, ra.get(k), rb.get(k)) for k in sorted(set(ra) | set(rb)) if ra.get(k) != rb.get(k)]
    for k, x, y in bad:
        print("differs:", k, x, y)
    n = sum(len(r) for r in ra.values())
    print(f"{len(ra)} positions, {n} choices; {len(bad)} positions differ")
    return 1 if bad else 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("record", "compare"))
    ap.add_argument("files", nargs="+")
    ap.add_argument("--hard-every", type=int, default=6)
    a = ap.parse_args()
    if a.what == "record":
        record(pathlib.Path(a.files[0]), a.hard_every)
    else:
        sys.exit(compare(pathlib.Path(a.files[0]), pathlib.Path(a.files[1])))
