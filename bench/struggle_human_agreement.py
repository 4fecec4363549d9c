"""Does the computer choose the cards people choose?  (issue 21, "Plays like people")

    python bench/struggle_human_agreement.py [--games N] [--game-every K] [--game-start J]
        [--levels L1,L2] [--hard-every K [--sample-offset J]] [--sample-only]
        [--measures full,known]
        [--hard-measures known] [--logs DIR] [--seed S] [--show N [--show-level L]]
        [--patterns hard] [--jobs N] [--dump-values FILE] [--records FILE]

    # the fixed sample of docs/ai-struggle.md ("Hard like people"):
    python bench/struggle_human_agreement.py --game-every 3 --hard-every 4 --sample-only \
        --measures known --hard-measures known --patterns hard

Reads the 45 real games of ``reference/ts-game-logs`` (exported from the official app; never
committed here) from ``--logs``, else ``$SQUABBLE_TS_LOGS``, else ``../shared/reference/
ts-game-logs`` beside the repository (or beside its worktree folder), and says so when they are
absent.  At each card choice a person made (headlines and action rounds) it rebuilds the
position from the log and asks each level which card it would play, and how.

**How a position is rebuilt** (the logs print every change, not whole states): the influence of
every country the log has touched (its totals after each change), VP, DEFCON, military
operations (reset at each turn's headline), the Space Race, who holds The China Card (face down
from its play to the turn's end), the turn
and action round, and the cards played so far (to the discards, or removed for an event marked
``*``).  Effects in force (Containment, Red Scare, Quagmire...) are *not* rebuilt, nor the
discards' reshuffles; the engine's own set-up of a turn stands in for them.  The deciding side's
hand: the cards the log shows it playing from this choice to the end of the turn
are certainly in it ("known cards"); the rest of a hand of the right size (8 in turns 1-3, 9
later, less the cards already played this turn) is dealt at random from the unseen cards, by
seed.  Two measures:

* **full hand**: the known cards plus the random ones (the person's real hand, as far as the log
  tells, with the cards it does not show guessed);
* **known cards only**: the hand is just the known cards (every option is a card the person
  really held, so a level cannot go wrong by picking a guessed card).

Then ``choose_struggle`` (and a uniformly random card) picks a card; the card is played and the
same level answers the following decisions of the same side until it names a use (event,
influence, coup, realignment, Space Race).  Prints, per level: how often its card is the
person's, and its card *and* use, by side and by period (Early: turns 1-3, Mid 4-7, Late 8-10),
with 95% Wilson intervals.  Hard is asked at every K-th choice only (``--hard-every``; about 0.3 s
a choice); the group "hard's sample" gives every level on those same choices.

``--dump-values FILE`` writes, for each of hard's choices, the values its search gave the cards
before its people's prior (and the seed of its pick), so that ``bench/struggle_people_prior.py
--sweep FILE`` can say what other weights and settings of the prior would have chosen, without
running the search again.
"""

from __future__ import annotations

import argparse
import json
import marshal
import math
import os
import random
import re
import signal
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "struggle"))

from squabble.ai import struggle_prior  # noqa: E402
from squabble.ai.struggle import choose_struggle  # noqa: E402
from squabble.games.struggle import apply_in_place, decision  # noqa: E402
from squabble.games.struggle import data as D  # noqa: E402
from squabble.games.struggle.validation import expected_cards  # noqa: E402

from struggle_helpers import action_round_state, headline_state  # noqa: E402

SIDE = {"US": "USA", "USSR": "USSR"}
USE = {"Place Influence": "influence", "Event": "event", "Coup": "coup", "Space Race": "space",
       "Realignment": "realign"}
COUNTRY = {"East Germany": "E. Germany", "West Germany": "W. Germany", "UK": "U.K.",
           "North Korea": "N. Korea", "South Korea": "S. Korea",
           "Dominican Republic": "Dominican Rep"}


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower().replace("*", ""))


CARD = {_key(c["name"]): n for n, c in D.CARDS.items()}
CARD[_key("Mideast Scoring")] = CARD[_key("Middle East Scoring")]
CHINA = CARD.get(_key("The China Card"))


def find_logs(given: str | None) -> Path | None:
    """``given`` (``--logs``) alone when it is given, else the environment's or ../shared's."""
    for p in [given] if given else [os.environ.get("SQUABBLE_TS_LOGS"),
                                    ROOT / ".." / "shared" / "reference" / "ts-game-logs",
                                    ROOT / ".." / ".." / "shared" / "reference" / "ts-game-logs"]:
        if p and Path(p).is_dir():
            return Path(p).resolve()
    return None


def logs_or_say(given: str | None, nothing: str) -> Path | None:
    """The logs' folder (:func:`find_logs`), or None after saying they are absent and that
    ``nothing`` ("measured", "fitted") was done."""
    logs = find_logs(given)
    if logs is None:
        print("The real game logs (reference/ts-game-logs) are not here: give --logs DIR or "
              f"SQUABBLE_TS_LOGS; nothing {nothing}.")
    return logs


def game_files(logs: Path) -> list[Path]:
    listed = logs / "games.txt"
    if listed.exists():
        names = [ln.split()[0] for ln in listed.read_text().splitlines()
                 if ln.strip() and not ln.startswith("#")]
        return [logs / n for n in names if (logs / n).exists()]
    return sorted(logs.glob("tsreplayer_*.txt"))


# --------------------------------------------------------------------------------- the log

HEAD = re.compile(r"^Turn (\d+), (US|USSR) AR(\d+): (.+?): (Place Influence|Event|Coup|Space Race"
                  r"|Realignment)\b")
HEADLINE = re.compile(r"^Turn (\d+), Headline Phase")
HEADLINES = re.compile(r"(?:^|: )(US|USSR) Headlines (.+)$")   # also on the phase's own line
INFL = re.compile(r"^(US|USSR) [+-]\d+ in (.+?) \[(\d+)\]\[(\d+)\]")
SCORE = re.compile(r"Score is (US|USSR) (\d+)|Score is even")
DEFCON = re.compile(r"DEFCON (?:degrades|improves) to (\d)")
MILOPS = re.compile(r"^(US|USSR) Military Ops to (\d+)")
SPACE = re.compile(r"^(US|USSR) advances to (\d+) in the Space Race")


def parse(path: Path) -> tuple[list[dict], list[str]]:
    """The card choices of a game: [{turn, side, ar (0: headline), card, use, pos, later}], where
    ``pos`` is the position just before the choice and ``later`` the index in the list of plays
    (for the known cards); and the names the parser could not read."""
    pos = {"influence": {}, "vp": 0, "defcon": 5, "milops": {"USA": 0, "USSR": 0},
           "space": {"USA": 0, "USSR": 0}, "china": "USSR", "china_up": True, "discard": [],
           "removed": [],
           "turn": 1}
    choices, unknown = [], []
    evented = set()

    def snap():
        return {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
                for k, v in pos.items()}

    def card_of(name):
        n = CARD.get(_key(name))
        if n is None:
            unknown.append(name)
        return n

    def played(n, name):
        if n is None or n == CHINA:
            return
        (pos["removed"] if name.strip().endswith("*") and n in evented
         else pos["discard"]).append(n)

    pending_hl = []
    for line in path.read_text(errors="replace").splitlines():
        line = line.strip()
        m = HEADLINE.match(line)
        if m:
            pos["turn"] = int(m.group(1))
            pos["milops"] = {"USA": 0, "USSR": 0}
            pos["china_up"] = True
            pending_hl = []
        m = HEADLINES.search(line)
        if m:
            n = card_of(m.group(2))
            if n is not None:
                choices.append({"turn": pos["turn"], "side": SIDE[m.group(1)], "ar": 0, "card": n,
                                "use": "event", "pos": snap()})
                pending_hl.append((n, m.group(2)))
            continue
        m = HEAD.match(line)
        if m:
            for n, name in pending_hl:
                played(n, name)
            pending_hl = []
            pos["turn"] = int(m.group(1))
            n = card_of(m.group(4))
            if n is not None:
                choices.append({"turn": pos["turn"], "side": SIDE[m.group(2)],
                                "ar": int(m.group(3)), "card": n, "use": USE[m.group(5)],
                                "pos": snap()})
                if m.group(5) == "Event":
                    evented.add(n)
                played(n, m.group(4))
                if n == CHINA:
                    pos["china"] = "USA" if SIDE[m.group(2)] == "USSR" else "USSR"
                    pos["china_up"] = False     # passed face down until the turn's end
            continue
        if line.startswith("Event: "):
            n = CARD.get(_key(line[7:]))
            if n is not None:
                evented.add(n)
                if line.endswith("*") and n in pos["discard"]:   # an event that removes it
                    pos["discard"].remove(n)
                    pos["removed"].append(n)
        m = INFL.match(line)
        if m:
            c = COUNTRY.get(m.group(2), m.group(2))
            if c in D.COUNTRIES:
                pos["influence"][c] = (int(m.group(3)), int(m.group(4)))
            else:
                unknown.append(m.group(2))
        m = SCORE.search(line)
        if m:
            pos["vp"] = 0 if m.group(1) is None else (int(m.group(2)) if m.group(1) == "US"
                                                       else -int(m.group(2)))
        m = DEFCON.search(line)
        if m:
            pos["defcon"] = int(m.group(1))
        m = MILOPS.match(line)
        if m:
            pos["milops"][SIDE[m.group(1)]] = int(m.group(2))
        m = SPACE.match(line)
        if m:
            pos["space"][SIDE[m.group(1)]] = int(m.group(2))
    # known cards: what the side plays from this choice to the end of the turn (a card it
    # discards is left out: Our Man in Tehran's discards come from the draw pile)
    for k, ch in enumerate(choices):
        ch["known"] = sorted({x["card"] for x in choices[k:]
                              if x["turn"] == ch["turn"] and x["side"] == ch["side"]
                              and x["card"] != CHINA and x["ar"] != 0 or x is ch})
    return [c for c in choices if c["card"] != CHINA], unknown


# ------------------------------------------------------------------------- the position

def hand_size(turn: int, ar: int) -> int:
    full = 8 if turn <= 3 else 9
    return full if ar == 0 else full - 1 - (ar - 1)


def build(ch: dict, seed: int, known_only: bool):
    """An engine state at the person's choice, or None when the engine cannot offer it."""
    pos, side, turn = ch["pos"], ch["side"], ch["turn"]
    other = "USA" if side == "USSR" else "USSR"
    opts = {"optional_cards": True}
    hand = [c for c in ch["known"] if c != CHINA]
    pool_st = action_round_state(hands={}, turn=turn, seed=seed, options=opts)
    gone = set(pos["discard"]) | set(pos["removed"])
    unseen = sorted(expected_cards(pool_st) - gone - set(hand))
    rnd = random.Random(seed)
    rnd.shuffle(unseen)
    if not known_only:
        need = max(0, hand_size(turn, ch["ar"]) - len(hand))
        hand += unseen[:need]
        unseen = unseen[need:]
    # the other side has played as many action rounds (the USSR, before a US round: one more)
    n_other = hand_size(turn, ch["ar"] + (1 if side == "USA" and ch["ar"] else 0))
    hands = {side: hand, other: unseen[:n_other]}
    infl = {c: v for c, v in pos["influence"].items()}
    china = pos["china"]
    try:
        if ch["ar"] == 0:
            st = headline_state(hands, turn=turn, seed=seed, influence=infl, options=opts,
                                space=pos["space"])
        else:
            st = action_round_state(hands=hands, phasing=side, turn=turn, action_round=ch["ar"],
                                    influence=infl, defcon=pos["defcon"], seed=seed,
                                    options=opts, china=china,
                                    china_up=pos.get("china_up", True), space=pos["space"])
    except Exception:
        return None
    st["vp"] = pos["vp"]
    st["milops"] = dict(pos["milops"])
    if ch["ar"] == 0:    # The China Card's holder (face up: a turn's end turned it)
        st["china"] = {"holder": china, "face_up": True}
    st["discard"] = [c for c in pos["discard"] if c not in hand and c not in hands[other]]
    st["removed"] = [c for c in pos["removed"] if c not in hand and c not in hands[other]]
    if ch["ar"] == 0:
        st["defcon"] = pos["defcon"]
    d = decision(st)
    # a headline is asked of both sides; answer the other side's first with its known card
    for _ in range(2):
        if d is None or d["player"] == side:
            break
        i = next((k for k, o in enumerate(d["options"]) if o.get("card") in hands[other]), 0)
        apply_in_place(st, i)
        d = decision(st)
    if d is None or d["player"] != side:
        return None
    if not any(o.get("card") == ch["card"] for o in d["options"]):
        return None
    return st


#: the levels asked only at every --hard-every-th choice (their search takes a second or more)
SEARCHERS = ("hard", "expert")
#: CPU seconds of each level's card choices (``pick``), for the time figures
CPU: dict = {}


def pick(st, level: str, seed: int, rnd: random.Random):
    """(card, use) the level chooses at the card decision of ``st``."""
    d = decision(st)
    side = d["player"]
    if level == "random":
        cards = sorted({o["card"] for o in d["options"] if o.get("card") is not None})
        return rnd.choice(cards), None
    t0 = time.process_time()
    i = choose_struggle(st, level, seed)
    CPU.setdefault(level, []).append(time.process_time() - t0)
    card = d["options"][i].get("card")
    if d["options"][i].get("mode") == "headline":
        return card, "event"
    t = marshal.loads(marshal.dumps(st))
    apply_in_place(t, i)
    for _ in range(4):
        d = decision(t)
        if d is None or d["player"] != side:
            return card, "event"
        modes = {o.get("mode") for o in d["options"]}
        if modes & {"influence", "coup", "realign", "space"} or "event" in modes:
            j = choose_struggle(t, level, seed)
            m = d["options"][j].get("mode")
            if m in ("influence", "coup", "realign", "space", "event"):
                return card, m
            apply_in_place(t, j)
            continue
        if modes & {"event_first", "ops_first"}:
            apply_in_place(t, choose_struggle(t, level, seed))
            continue
        return card, "event"
    return card, None


# ------------------------------------------------------------------------------- report

def wilson(k: int, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    z = 1.96
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return mid - half, mid + half


def period(turn: int) -> str:
    return "Early" if turn <= 3 else ("Mid" if turn <= 7 else "Late")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=45, help="the first N games of games.txt")
    ap.add_argument("--game-every", type=int, default=1,
                    help="only every K-th of those games (1st, K+1-th...): a fixed sample")
    ap.add_argument("--game-start", type=int, default=0,
                    help="begin the every-K-th at this game (0: the fixed sample; 1, 2: the games "
                         "left out of it, to try a change on before it is measured on the sample)")
    ap.add_argument("--levels", default="random,greedy,normal,hard")
    ap.add_argument("--hard-every", type=int, default=10,
                    help="hard is asked at every K-th card choice only (about 0.3 s a decision)")
    ap.add_argument("--sample-offset", type=int, default=0,
                    help="hard's sample is the choices k with k %% K == J (default 0); another J "
                         "gives as many other choices, to measure more positions")
    ap.add_argument("--sample-only", action="store_true",
                    help="every level on hard's sample only (every --hard-every-th choice)")
    ap.add_argument("--measures", default="full,known",
                    help="full (guessed hand) and/or known (the known cards only)")
    ap.add_argument("--hard-measures", default="full,known", help="the measures hard is asked on")
    ap.add_argument("--workers", type=int, default=None,
                    help="processes of hard's and expert's search (default: one per core)")
    ap.add_argument("--times", action="store_true",
                    help="print each level's CPU seconds per card choice (with --jobs 1)")
    ap.add_argument("--logs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=0, help="print this many disagreements")
    ap.add_argument("--show-level", default="normal")
    ap.add_argument("--patterns", default="", help="levels whose disagreements are summed up")
    ap.add_argument("--jobs", type=int, default=1,
                    help="processes, each measuring whole games (the same figures as one)")
    ap.add_argument("--records", metavar="FILE",
                    help="write every (choice, measure, level) record as JSON to FILE: where, "
                         "the hand, the person's card and use, the level's")
    ap.add_argument("--dump-values", metavar="FILE",
                    help="write hard's values at each of its card choices (before the people's "
                         "prior) to FILE, for bench/struggle_people_prior.py --sweep")
    args = ap.parse_args()
    if args.workers:
        import squabble.ai.pool as P
        P.WORKERS = args.workers
    logs = logs_or_say(args.logs, "measured")
    if logs is None:
        return 0
    files = game_files(logs)[:args.games][args.game_start::max(1, args.game_every)]
    print(f"Logs: {logs} ({len(files)} games read: {' '.join(f.stem[11:] for f in files)})")
    levels = args.levels.split(",")
    measures = [MEASURES[m] for m in args.measures.split(",")]
    hard_measures = {MEASURES[m] for m in args.hard_measures.split(",")}
    records = []          # one per (choice, measure, level): see _measure
    counts = [0, 0, 0]    # card choices, not rebuilt, names not read
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        if args.jobs > 1:
            _measure_in_parallel(files, levels, measures, hard_measures, args, records, counts)
        else:
            _measure(files, levels, measures, hard_measures, args, records, counts)
    except KeyboardInterrupt:
        print("Stopped: the choices measured so far follow.")
    total, skipped, unknown = counts
    print(f"{total} card choices of people; {skipped} could not be rebuilt (the engine did not "
          f"offer the person's card there); {unknown} names not read")
    _report(levels, measures, records)
    for level, ts in sorted(CPU.items()) if args.times else ():
        ts = sorted(ts)
        print(f"{level}: CPU s per card choice p50 {ts[len(ts) // 2]:.3f}, p95 "
              f"{ts[min(len(ts) - 1, int(0.95 * len(ts)))]:.3f}, max {ts[-1]:.3f} "
              f"({len(ts)} choices)")
    shown = [r for r in records if r["level"] == args.show_level and not r["same"]
             and r["measure"] == measures[0]][:args.show]
    if shown:
        print(f"\nThe first {len(shown)} choices where {args.show_level} ({measures[0]}) chose "
              f"another card than the person:")
        for r in shown:
            print("  " + r["where"] + f": person {_name(r['card'])} ({r['use']}), "
                  f"{r['level']} {_name(r['got'])} ({r['got_use']}); hand "
                  + ", ".join(_name(c) for c in r["hand"])
                  + (" + The China Card" if r["china"] else ""))
    for level in filter(None, args.patterns.split(",")):
        _patterns(level, records)
    if args.records:
        Path(args.records).write_text(json.dumps(
            [{k: v for k, v in r.items() if k != "values"} for r in records]))
        print(f"\nwrote {len(records)} records to {args.records}")
    if args.dump_values:
        dump = [{k: r[k] for k in ("where", "measure", "side", "turn", "ar", "card", "same",
                                   "values")}
                for r in records if r["level"] == "hard"]
        Path(args.dump_values).write_text(json.dumps(dump))
        print(f"\nwrote hard's values at {len(dump)} choices to {args.dump_values}")
    return 0


MEASURES = {"full": "full hand", "known": "known cards only"}


def _name(card):
    return D.CARDS[card]["name"] if card is not None else "-"


def _one_game(job):
    """A worker's part of ``--jobs``: the records and counts of one game, its choices numbered
    from ``k`` as in one process."""
    f, k, levels, measures, hard_measures, args = job
    records, counts = [], [0, 0, 0]
    _measure([f], levels, measures, hard_measures, args, records, counts, k)
    return records, counts


def _measure_in_parallel(files, levels, measures, hard_measures, args, records, counts):
    """``_measure`` with each game in a process of a pool: every choice keeps the number (and so
    the seed and the sample) it has in one process, and the records come back in game order."""
    import multiprocessing
    jobs, k = [], 0
    for f in files:
        jobs.append((f, k, levels, measures, hard_measures, args))
        k += len(parse(f)[0])
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for recs, cnt in pool.imap(_one_game, jobs):
            records.extend(recs)
            counts[:] = [a + b for a, b in zip(counts, cnt)]


def _measure(files, levels, measures, hard_measures, args, records, counts, k=0):
    """Ask each level at each card choice of ``files`` (numbered from ``k``); one record per
    (choice, measure, level): where, person's card and use, the level's, same card, same card
    and use, groups."""
    for f in files:
        choices, unk = parse(f)
        counts[2] += len(unk)
        for ch in choices:
            counts[0] += 1
            k += 1
            if args.sample_only and (k - args.sample_offset) % args.hard_every:
                continue
            for measure in measures:
                st = build(ch, args.seed * 100003 + k, measure == "known cards only")
                if st is None:
                    counts[1] += measure == measures[0]
                    continue
                for level in levels:
                    if level in SEARCHERS and ((k - args.sample_offset) % args.hard_every
                                               or measure not in hard_measures):
                        continue
                    rnd = random.Random(k * 31 + len(level))
                    values = _Values(st, args.seed + k, args.dump_values and level == "hard")
                    try:
                        with values:
                            card, use = pick(st, level, args.seed + k, rnd)
                    except Exception as e:  # a rebuilt position the engine cannot play on
                        print(f"  {f.name} T{ch['turn']} AR{ch['ar']}: {level}: "
                              f"{type(e).__name__}: {e}", file=sys.stderr)
                        continue
                    same = card == ch["card"]
                    both = same and (ch["ar"] == 0 or level == "random" or use == ch["use"])
                    if level == "random":   # the chance a random use matches: not counted
                        both = False
                    groups = ["all", ch["side"], period(ch["turn"]),
                              f"{ch['side']} {period(ch['turn'])}",
                              "headline" if ch["ar"] == 0 else "action round"]
                    if (k - args.sample_offset) % args.hard_every == 0:
                        groups.append("hard's sample")
                    records.append({
                        "where": f"{f.stem[11:]} T{ch['turn']} {ch['side']} "
                                 f"{'headline' if ch['ar'] == 0 else 'AR%d' % ch['ar']} "
                                 f"DEFCON {ch['pos']['defcon']} VP {ch['pos']['vp']:+d}",
                        "measure": measure, "level": level, "side": ch["side"],
                        "turn": ch["turn"], "ar": ch["ar"], "defcon": ch["pos"]["defcon"],
                        "card": ch["card"], "use": ch["use"], "got": card, "got_use": use,
                        "hand": sorted(st["hands"][ch["side"]]),
                        "china": st["china"]["holder"] == ch["side"],
                        "same": same, "both": both, "groups": groups,
                        "values": values.got})
        print(f"  {f.name}: {len(choices)} card choices", file=sys.stderr, flush=True)


class _Values:
    """While it is entered (``on``), the values hard's search gives the card choice of ``st``,
    as they reach its prior (``struggle_prior.adjust``): ``got`` = {"vals": {option: value},
    "cards": {option: card}, "side", "ar" (0: the headline), "seed"}, or None when hard chose
    without them (one option left, a set-up or safety rule)."""

    def __init__(self, st, seed, on):
        self.st, self.seed, self.on, self.got = st, seed, bool(on), None

    def __enter__(self):
        if self.on:
            self.adjust = struggle_prior.adjust
            struggle_prior.adjust = self._adjust
        return self

    def __exit__(self, *exc):
        if self.on:
            struggle_prior.adjust = self.adjust
        return False

    def _adjust(self, state, vals):
        choice = struggle_prior.card_choice_of(state, vals)
        if state is self.st and self.got is None and choice is not None:
            cards, side, ar = choice
            self.got = {"vals": {str(i): v for i, v in vals.items()},
                        "cards": {str(i): c for i, c in cards.items()},
                        "side": side, "ar": ar, "seed": self.seed}
        return self.adjust(state, vals)


GROUPS = ("all", "USSR", "USA", "Early", "Mid", "Late", "USSR Early", "USSR Mid", "USSR Late",
          "USA Early", "USA Mid", "USA Late", "headline", "action round", "hard's sample")


def _report(levels, measures, records):
    tally = defaultdict(lambda: [0, 0, 0])   # (measure, level, group) -> [n, card, card+use]
    for r in records:
        for g in r["groups"]:
            t = tally[(r["measure"], r["level"], g)]
            t[0] += 1
            t[1] += r["same"]
            t[2] += r["both"]
    for measure in measures:
        print(f"\n### {measure}\n")
        print("| level | group | choices | same card | 95% interval | same card and use | "
              "95% interval |")
        print("|---|---|---:|---:|---|---:|---|")
        for level in levels:
            for g in GROUPS:
                n, c, b = tally[(measure, level, g)]
                if not n:
                    continue
                lo, hi = wilson(c, n)
                if level == "random":
                    cu = "- | -"
                else:
                    lo2, hi2 = wilson(b, n)
                    cu = f"{100 * b / n:.1f}% | {100 * lo2:.1f}-{100 * hi2:.1f}%"
                print(f"| {level} | {g} | {n} | {100 * c / n:.1f}% | {100 * lo:.1f}-{100 * hi:.1f}%"
                      f" | {cu} |")

def kind(card, use, side, ar):
    """A choice in words: headline or round, whose card (own, enemy, neutral, scoring, China),
    its use (event, ops: influence / coup / realignment, space)."""
    if card is None:
        return "-"
    c = D.CARDS[card]
    if card == CHINA:
        return "The China Card"
    if c["scoring"]:
        return "scoring card"
    who = "own" if c["side"] == side else ("neutral" if c["side"] == "Neutral" else "enemy")
    if ar == 0:
        return f"headline {who}"
    u = {"influence": "ops", "coup": "coup", "realign": "ops", "space": "space"}.get(use, use)
    return f"{who} {u}"


def _patterns(level, records):
    """The disagreements of ``level`` summed up: the person's kind of choice against the level's,
    by period and phase; the cards people play that the level does not, and the reverse."""
    for measure in sorted({r["measure"] for r in records}):
        rs = [r for r in records if r["level"] == level and r["measure"] == measure]
        if not rs:
            continue
        bad = [r for r in rs if not r["same"]]
        print(f"\n### Where {level} and the person differ ({measure}: {len(bad)} of {len(rs)})\n")
        pairs = defaultdict(int)
        by_kind = defaultdict(lambda: [0, 0])
        for r in rs:
            ph = "headline" if r["ar"] == 0 else ("AR1-2" if r["ar"] <= 2 else "AR3+")
            pk = kind(r["card"], r["use"], r["side"], r["ar"])
            t = by_kind[(period(r["turn"]), ph, pk)]
            t[0] += 1
            t[1] += r["same"]
            if not r["same"]:
                pairs[(period(r["turn"]), ph, pk,
                       kind(r["got"], r["got_use"], r["side"], r["ar"]))] += 1
        print("| period | phase | person played | level played instead | times |")
        print("|---|---|---|---|---:|")
        for (per, ph, pk, lk), n in sorted(pairs.items(), key=lambda x: -x[1])[:25]:
            print(f"| {per} | {ph} | {pk} | {lk} | {n} |")
        print("\n| period | phase | person played | choices | level agreed |")
        print("|---|---|---|---:|---:|")
        for (per, ph, pk), (n, same) in sorted(by_kind.items(), key=lambda x: -x[1][0])[:25]:
            print(f"| {per} | {ph} | {pk} | {n} | {100 * same / n:.0f}% |")
        missed = defaultdict(lambda: [0, 0])   # person's card: [played, level agreed]
        chosen = defaultdict(int)              # level's card where it differed
        for r in rs:
            m = missed[(r["card"], r["use"] if r["ar"] else "headline")]
            m[0] += 1
            m[1] += r["same"]
            if not r["same"]:
                chosen[(r["got"], r["got_use"] if r["ar"] else "headline")] += 1
        print("\nCards people chose that the level did not (most missed first): " + "; ".join(
            f"{_name(c)} ({u}) {n - s}/{n}" for (c, u), (n, s) in
            sorted(missed.items(), key=lambda x: -(x[1][0] - x[1][1]))[:20]))
        print("\nCards the level chose instead: " + "; ".join(
            f"{_name(c)} ({u}) {n}" for (c, u), n in sorted(chosen.items(),
                                                              key=lambda x: -x[1])[:20]))
        china = [r for r in rs if r["china"] and r["ar"]]
        if china:
            played = sum(r["got"] == CHINA for r in china)
            print(f"\nThe China Card in hand at {len(china)} action-round choices: the person "
                  f"held it each time (its plays are not counted); {level} played it {played}.")


if __name__ == "__main__":
    raise SystemExit(main())
