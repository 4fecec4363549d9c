"""The hard level: determinized Monte Carlo search over the engine.

1. Belief.  ``info.assignments`` lists every way the opponent's unseen cards can sit in its hand
   and face-down slots.  Each is weighted by how likely the opponent was to have made that phase 2
   play, using the normal level's equilibrium mix computed from the opponent's own point of view
   (its hand, which is public, and what it could know of ours), blended with a uniform prior so
   that an unusual opponent is never ruled out.
2. Search.  For every candidate option the engine plays the rest of the era many times
   ("rollouts"; in era 5, to the end of the game): each rollout draws a determinization from
   the belief and an Event deck order, then both sides play the normal level's policy (phase 2
   sampled from its mix, never peeking) and the next era's start is scored with
   ``heuristic.static_eval``.  The same determinizations and random streams are used for every
   option (common random numbers), and successive halving spends the budget on the options
   that still look best.
3. The option with the best mean result is played.  The budget is a fixed number of rollouts, so
   the choice depends only on the view and the seed, never on the machine's speed.
"""

from __future__ import annotations

import random

from squabble.ai import heuristic as H
from squabble.ai.info import assignments, build, fclone
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import OTHER, SIDES

PRIOR_UNIFORM = 0.3      # share of the belief that ignores the opponent model
ROLLOUTS = 320           # rollouts per decision, spread by successive halving
ROLLOUT_ERAS = 0         # eras played out after the current one before the static evaluation


def _pre_play(s: dict, opp: str) -> dict:
    """The position as it was when ``opp`` chose its phase 2 cards (cards back in hands)."""
    p = fclone(s)
    for sd in SIDES:
        sl = p["slots"][sd]
        for k, tk in (("bop", "bop_tokens"), ("space", "space_tokens")):
            if sl[k] is not None:
                p["hands"][sd].append(sl[k])
                sl[k] = None
            p["tokens"][sd] += sl[tk]
            sl[tk] = 0
    p["step"] = "play"
    p["phase"] = 2
    p["spied"] = {"USA": False, "USSR": False}
    p["agents"] = {"USA": None, "USSR": None}
    p["todo"] = [opp]
    p["pending"] = {"kind": "play", "player": opp}
    return p


def belief(v: dict, side: str) -> list[tuple[tuple, float]]:
    """[(assignment, probability)] over the opponent's unseen cards."""
    opp = OTHER[side]
    splits = assignments(v, side)
    if len(splits) == 1:
        return [(splits[0], 1.0)]
    u = 1.0 / len(splits)
    model = None
    if v["agents"][opp] is None:  # its phase 2 play is still all that is hidden
        pre = _pre_play(build(v, side, splits[0]), opp)
        opts, probs = H.play_mix(pre, opp)
        model = dict(zip(opts, probs))
    if model is None:
        return [(a, u) for a in splits]
    oslot = v["slots"][opp]
    ws = []
    for a in splits:
        b = a[0] if a[0] is not None else oslot["bop"]
        sp = a[1] if a[1] is not None else oslot["space"]
        if b is None:  # its Balance of Power card has gone (countered): the Space Race card's share
            m = sum(p for o, p in model.items() if o[2] == sp)
        else:
            m = model.get(("play", b, sp))
        ws.append(m)
    known = [w for w in ws if w is not None]
    if not known:
        return [(a, u) for a in splits]
    tot = sum(known) or 1.0
    out = []
    for a, w in zip(splits, ws):
        mw = (w / tot) if w is not None else 0.0
        out.append((a, (1 - PRIOR_UNIFORM) * mw + PRIOR_UNIFORM * u))
    z = sum(p for _, p in out)
    return [(a, p / z) for a, p in out]


def rollout_policy(s: dict, side: str, rng) -> tuple:
    """One move of a simulated player: the normal level (phase 2 sampled from its mix)."""
    kind = s["pending"]["kind"]
    if kind == "play":
        opts, probs = H.play_mix(s, side)
        return opts[H.sample(rng, probs)]
    opts, scores = H.decision_scores(s, side)
    best = max(scores)
    for o, v in zip(opts, scores):
        if v >= best - 1e-9:
            return o
    return opts[0]


def rollout(st: dict, rng, era0: int) -> float:
    """Play ``st`` on with the rollout policy to the end of era ``era0 + ROLLOUT_ERAS`` (or of
    the game); America's result, or the static evaluation of the next era's start."""
    last_era = era0 + ROLLOUT_ERAS
    while st["winner"] is None:
        if st["era"] > last_era:
            return H.static_eval(st)
        side = st["pending"]["player"]
        E.apply_option(st, rollout_policy(st, side, rng))
    return H.terminal_value(st)


def _draw(bel, rng):
    r = rng.random()
    acc = 0.0
    for a, p in bel:
        acc += p
        if r < acc:
            return a
    return bel[-1][0]


def hard_choice(v: dict, side: str, rng: random.Random, budget: int | None = None) -> int:
    if budget is None:
        budget = ROLLOUTS
    opts = E.options(v)
    n = len(opts)
    if n == 1:
        return 0
    kind = v["pending"]["kind"]
    if kind == "take_tokens":
        return 0  # the most tokens allowed: a token is never worse than none
    if kind == "take_token":
        return [o[0] for o in opts].index("take_token")
    sg = H.SGN[side]
    bel = belief(v, side)
    # Candidates: every option; successive halving keeps the better half each round.
    alive = list(range(n))
    totals = [0.0] * n
    counts = [0] * n
    rounds, m = 0, n
    while m > 1:
        m //= 2
        rounds += 1
    per_round = budget // rounds
    events = list(v["event_deck"])
    while True:
        k = max(2, per_round // len(alive))
        for _ in range(k):
            a = _draw(bel, rng)
            deck = list(events)
            rng.shuffle(deck)
            base = build(v, side, a, deck)
            seed = rng.getrandbits(32)
            for i in alive:
                st = fclone(base)
                E.apply_option(st, opts[i])
                totals[i] += sg * rollout(st, random.Random(seed), v["era"])
                counts[i] += 1
        alive.sort(key=lambda i: (-totals[i] / counts[i], i))
        alive = alive[:max(1, len(alive) // 2)]
        if len(alive) == 1:
            break
    best = max(alive, key=lambda i: (totals[i] / counts[i], -i))
    return best
