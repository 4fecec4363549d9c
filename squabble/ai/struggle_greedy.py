"""The greedy baseline of the Twilight Struggle computer player (level "greedy", issue 14): each
option is applied to a re-dealt copy, the side's own rest of the same action is completed greedily,
and the position is scored by VP, control and region standing only.  docs/ai-struggle.md.
"""

from __future__ import annotations

import marshal
import random

from squabble.ai.struggle_eval import (WIN, _BG, _COUNTRY_REGIONS, _MEMO_MODES, _SCORED, _STAB,
                                       _copy, _region_points, _scoring_forced, determinize)
from squabble.games import struggle as S

# ------------------------------------------------------------------------ the greedy baseline

def greedy_score(state, me):
    """The greedy baseline's score for ``me``: VP, control and region standing, nothing else."""
    w = state.get("winner")
    if w is not None:
        return WIN if w == me else (0.0 if w == "draw" else -WIN)
    infl = state["influence"]
    v = float(state["vp"])
    for r in _SCORED:
        a, s = _region_points(infl, r)
        v += 0.5 * (a - s)
    for c, ci in infl.items():
        a, s = ci["USA"], ci["USSR"]
        st = _STAB[c]
        k = 0.6 if c in _BG else 0.25
        if a >= s + st:
            v += k
        elif s >= a + st:
            v -= k
    return v if me == "USA" else -v


#: greedy: engine steps per decision after which options are scored one ply, without completion
GREEDY_WORK = 4000
_PLACE_MODES = frozenset(("place", "influence"))


def _greedy_control(ci, c):
    a, s = ci["USA"], ci["USSR"]
    st = _STAB[c]
    k = 0.6 if c in _BG else 0.25
    return k if a >= s + st else (-k if s >= a + st else 0.0)


def _greedy_delta(infl, c, side, me, n=1, cache=None):
    """Change of :func:`greedy_score` for ``me`` (VP left out) when ``side`` adds ``n`` in ``c``;
    ``cache`` keeps each region's current points for a run of calls on the same map."""
    ci = infl[c]
    regions = _COUNTRY_REGIONS[c]
    before = _greedy_control(ci, c)
    for r in regions:
        if cache is not None and r in cache:
            before += cache[r]
        else:
            ra, rs = _region_points(infl, r)
            x = 0.5 * (ra - rs)
            if cache is not None:
                cache[r] = x
            before += x
    old = ci[side]
    ci[side] = max(0, old + n)
    after = _greedy_control(ci, c)
    for r in regions:
        ra, rs = _region_points(infl, r)
        after += 0.5 * (ra - rs)
    ci[side] = old
    d = after - before
    return d if me == "USA" else -d


class _Greedy:
    """The baseline's one-ply look, with the side's own following decisions of the same action
    completed greedily before the score: a card, then its use, then the kind of operations, then
    each target in turn.  Decisions of the enemy inside the action (an event's choice it makes)
    are taken by the enemy's own one-ply score, with no look further; nothing of the enemy's
    next action is seen."""

    def __init__(self, me, rnd):
        self.me = me
        self.rnd = rnd
        self.work = 0
        self.memo = {}

    def _apply(self, t, i):
        self.work += 1
        S.apply_in_place(t, i)

    def _mine(self, t):
        """True while ``t`` waits for a decision that belongs to the current action."""
        if t.get("winner") is not None:
            return False
        q = t.get("pending")
        if q is None or not q["options"]:
            return False
        return q["options"][0]["mode"] not in ("play", "headline")

    def complete(self, t):
        steps = 0
        while self._mine(t) and steps < 40:
            side = t["pending"]["player"]
            j = self.pick(t, side, nested=True) if side == self.me else self.pick(t, side, nested=True,
                                                                                   deep=False)
            self._apply(t, j)
            steps += 1

    def value(self, t, i, side, nested, deep=True, cache=None):
        """Score for ``side`` of option ``i`` of ``t`` (``t`` untouched)."""
        o = t["pending"]["options"][i]
        if o["mode"] in _PLACE_MODES and "country" in o and nested:
            return _greedy_delta(t["influence"], o["country"], side, side, 1, cache) / o.get("amount", 1)
        if o["mode"] == "done" and nested:
            return -0.01
        key = None
        if o["mode"] in _MEMO_MODES and "country" not in o:
            # operations of the same kind and ops are worth the same whatever card gives them
            key = (t["pending"]["player"], o["mode"], o["label"],
                   marshal.dumps((t["influence"], t["vp"], t["defcon"], t["milops"], t["space"],
                                  t["effects"])))
            if key in self.memo:
                return self.memo[key]
        u = _copy(t)
        self._apply(u, i)
        if (deep and self.work < GREEDY_WORK and (not nested or "country" not in o)
                and u.get("winner") is None):
            self.complete(u)
        v = greedy_score(u, side)
        if key is not None:
            self.memo[key] = v
        return v

    def pick(self, t, side, nested, deep=True, cand=None):
        opts = t["pending"]["options"]
        if len(opts) == 1:
            return 0
        best, pick = None, None
        cache = {}
        for i in (cand if cand is not None else range(len(opts))):
            k = (round(self.value(t, i, side, nested, deep, cache), 6), self.rnd.random())
            if best is None or k > best:
                best, pick = k, i
        return pick


def greedy_choice(state, me, seed):
    """One ply: each option applied to a re-dealt copy (what ``me`` cannot see dealt again from
    the seed, dice rolled by the copy's own generator), the side's own following decisions of the
    same action completed greedily (so a coup that wins the game is seen), then the best
    :func:`greedy_score` taken; ties broken by the seed.  It plays its scoring cards when it has
    no round to spare for them.  It never looks at the enemy's next action."""
    base = determinize(state, me, seed)
    cand = _scoring_forced(base, me)
    g = _Greedy(me, random.Random(seed * 1_000_033 + 5))
    return g.pick(base, me, nested=False, cand=cand)
