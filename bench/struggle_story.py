"""One game of a Twilight Struggle match told move by move: how it was won or lost.

    python bench/struggle_story.py --seed 3000 --match hard:normal --game 253
    python bench/struggle_story.py --seed 3000 --match hard:normal --game 253 --turns 3

Game K is the game numbered K in ``bench/struggle_ai.py``'s progress lines for the same
``--seed`` and ``--match`` (A is the USA in odd-numbered games), played by the same function
(``tournament.play_struggle_game``), so the story ends as that line says; its last line is
written as the progress line is, to be checked against the match's log.  ``--turns N`` stops
the game when turn N + 1 begins (the VP then are the last line).  Hard runs on
``--workers`` processes (default 1, as the matches are played: one worker and two may choose
differently on a few positions).

Each action round is a heading (turn, round); under it every card played (side, level, the card,
its use), the engine's lines of what followed (one side's influence placed in a row grouped by
country), and the VP (positive: the USA ahead) and DEFCON whenever they moved.  Run by hand, to
find where a level loses (issue 21: docs/ai-struggle.md).
"""

from __future__ import annotations

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import squabble.ai.pool as P  # noqa: E402
from squabble.ai.tournament import (  # noqa: E402
    STRUGGLE_LEVELS, game_words, match_game, play_struggle_game)
from squabble.games.struggle import data as D  # noqa: E402

PLACE = re.compile(r"^(USA|USSR) places (\d+) (?:USA |USSR )?influence in (.+)\.$")
#: the engine's lines a card's heading already says
SAID = re.compile(r"^(?:(?:USA|USSR) plays .+\.|Headlines: .+\.)$")


def grouped(lines):
    """The engine's lines with each run of one side's placements made one line (country: points,
    in the order first placed)."""
    out, run, who = [], {}, None

    def close():
        if run:
            out.append(f"{who} places influence: "
                       + ", ".join(f"{c} {n}" for c, n in run.items()))
            run.clear()

    for line in lines:
        if not line.strip() or SAID.match(line):
            continue
        m = PLACE.match(line)
        if m and (who == m.group(1) or not run):
            who = m.group(1)
            run[m.group(3)] = run.get(m.group(3), 0) + int(m.group(2))
            continue
        close()
        if m:
            who = m.group(1)
            run[m.group(3)] = int(m.group(2))
        else:
            out.append(line)
    close()
    return out


class _Stop(Exception):
    """The turns asked for are told."""


class Teller:
    """Writes the story of one game from ``play_struggle_game``'s steps."""

    def __init__(self, levels, out=print, turns=None):
        self.levels, self.out, self.turns = levels, out, turns
        self.heading = None     # the (turn, action round) of the last heading written
        self.at = (0, 0)        # (turn, action round) before the step being told
        self.vp, self.defcon = 0, 5
        self.lines: list = []

    def watch(self, st, d, i, lines):
        o = d["options"][i]
        if o.get("mode") in ("play", "headline"):
            self.write_lines()
            turn, ar = self.at
            if self.turns is not None and turn > self.turns:
                raise _Stop
            if (turn, ar) != self.heading:
                self.heading = (turn, ar)
                self.out(f"Turn {turn}, " + ("headlines" if ar <= 0 else f"action round {ar}"))
            c = o.get("card")
            name = D.CARDS[c]["name"] if isinstance(c, int) else o.get("label", "?")
            side = d["player"]
            self.out(f"  {side:<4} ({self.levels[side]}) {o['mode']}s {name}")
        elif len(d["options"]) > 1 and "country" not in o and o.get("mode") != "done":
            # the use of a card, an event's choice (a target is in the engine's lines)
            self.lines.append(f"({d['player']}: {o.get('label', o.get('mode'))})")
        self.lines.extend(lines or [])
        if (st["vp"], st["defcon"]) != (self.vp, self.defcon) or st.get("winner") is not None:
            self.write_lines()
            self.write_score(st["vp"], st["defcon"])
        self.at = (st["turn"], st["action_round"])

    def write_lines(self):
        told = grouped(self.lines)
        self.lines.clear()
        if told and self.heading is None:
            self.heading = "set-up"
            self.out("Set-up")
        for line in told:
            self.out(f"      {line}")

    def write_score(self, vp, defcon):
        if (vp, defcon) == (self.vp, self.defcon):
            return
        self.vp, self.defcon = vp, defcon
        lead = "even" if not vp else f"USA ahead by {vp}" if vp > 0 else f"USSR ahead by {-vp}"
        self.out(f"    VP {vp:+d} ({lead}), DEFCON {defcon}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--match", default="hard:normal", help="A:B as bench/struggle_ai.py's")
    ap.add_argument("--seed", type=int, default=3000, help="the match's seed")
    ap.add_argument("--game", type=int, required=True,
                    help="the game's number in the match's progress lines (from 1)")
    ap.add_argument("--turns", type=int, default=None, help="tell only the first turns")
    ap.add_argument("--workers", type=int, default=1, help="hard's processes (default 1)")
    a = ap.parse_args(argv)
    pair = a.match.split(":")
    if len(pair) != 2 or not all(x in STRUGGLE_LEVELS for x in pair):
        ap.error(f"--match must be A:B with A and B among {', '.join(STRUGGLE_LEVELS)}")
    if a.game < 1 or a.workers < 1 or (a.turns is not None and a.turns < 1):
        ap.error("--game, --workers and --turns must be at least 1")
    P.WORKERS = a.workers
    _, levels, game_seed = match_game(*pair, a.seed, a.game - 1)
    teller = Teller(levels, turns=a.turns)
    try:
        r = play_struggle_game(levels, game_seed, None, None, teller.watch)
    except _Stop:
        vp = teller.vp
        print(f"game {a.game}: stopped when turn {a.turns + 1} began, VP {vp:+d} "
              f"({'the USA' if vp > 0 else 'the USSR' if vp < 0 else 'no one'} ahead)")
        return 0
    teller.write_lines()
    teller.write_score(r["vp"], teller.defcon)
    print(f"game {a.game}: {game_words(levels, r)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
