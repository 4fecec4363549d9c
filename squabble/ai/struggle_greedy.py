"""The greedy baselines of the Twilight Struggle computer player: each option is applied to a
re-dealt copy, the side's own rest of the same action is completed greedily, and the position is
scored.  Level "greedy" (issue 21) scores by the project's position value (``Evaluator``) with the
engine's warnings as a prior: a careful one-ply player.  Level "greedy_old" (issue 14, kept to
calibrate against; the bench's only) scores by VP, control and region standing only.
docs/ai-struggle.md.
"""

from __future__ import annotations

import marshal
import random

from squabble.ai.struggle_eval import (WIN, Evaluator, _BG, _COUNTRY_REGIONS, _DICE_MODES, _FACES, _MEMO_MODES, _SCORED, _STAB,
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
    """The old baseline's one-ply look (level "greedy_old"), with the side's own following decisions of the same action
    completed greedily before the score: a card, then its use, then the kind of operations, then
    each target in turn.  Decisions of the enemy inside the action (an event's choice it makes)
    are taken by the enemy's own one-ply score, with no look further; nothing of the enemy's
    next action is seen."""

    def __init__(self, me, rnd):
        self.me = me
        self.rnd = rnd
        self.work = 0
        self.memo = {}

    def score(self, t, side):
        return greedy_score(t, side)

    def delta(self, infl, c, side):
        return _greedy_delta(infl, c, side, side, 1, self.cache)

    def hand(self, t, side):
        """The part of the score that comes from ``side``'s hand (none for the old baseline)."""
        return 0.0

    def target_value(self, t, i, side):
        """A dice target (coup, realignment) of ``t`` applied on a copy: its own dice."""
        u = _copy(t)
        self._apply(u, i)
        return self.score(u, side)

    def _apply(self, t, i):
        self.work += 1
        S.apply_in_place(t, i, record=False)

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

    def value(self, t, i, side, nested, deep=True):
        """Score for ``side`` of option ``i`` of ``t`` (``t`` untouched)."""
        o = t["pending"]["options"][i]
        if o["mode"] in _PLACE_MODES and "country" in o and nested:
            return self.delta(t["influence"], o["country"], side) / o.get("amount", 1)
        if o["mode"] == "done" and nested:
            return -0.01
        if o["mode"] in _DICE_MODES and "country" in o and nested:
            return self.target_value(t, i, side)
        key = None
        if o["mode"] in _MEMO_MODES and "country" not in o:
            # operations of the same kind and ops are worth the same whatever card gives them
            key = (t["pending"]["player"], o["mode"], o["label"],
                   marshal.dumps((t["influence"], t["vp"], t["defcon"], t["milops"], t["space"],
                                  [e["card"] for e in t["effects"]])))
            if key in self.memo:
                return self.memo[key] + self.hand(t, side)
        u = _copy(t)
        self._apply(u, i)
        if (deep and self.work < GREEDY_WORK and (not nested or "country" not in o)
                and u.get("winner") is None):
            self.complete(u)
        v = self.score(u, side)
        if key is not None:
            self.memo[key] = v - self.hand(t, side)
        return v

    def pick(self, t, side, nested, deep=True, cand=None, bias=None):
        opts = t["pending"]["options"]
        if len(opts) == 1:
            return 0
        best, pick = None, None
        saved, self.cache = getattr(self, "cache", None), {}
        for i in (cand if cand is not None else range(len(opts))):
            v = self.value(t, i, side, nested, deep) + (bias or {}).get(i, 0.0)
            k = (round(v, 6), self.rnd.random())
            if best is None or k > best:
                best, pick = k, i
        self.cache = saved
        return pick


def greedy_old_choice(state, me, seed):
    """The old baseline (level "greedy_old", kept to calibrate the new one against).  One ply: each option applied to a re-dealt copy (what ``me`` cannot see dealt again from
    the seed, dice rolled by the copy's own generator), the side's own following decisions of the
    same action completed greedily (so a coup that wins the game is seen), then the best
    :func:`greedy_score` taken; ties broken by the seed.  It plays its scoring cards when it has
    no round to spare for them.  It never looks at the enemy's next action."""
    base = determinize(state, me, seed)
    cand = _scoring_forced(base, me)
    g = _Greedy(me, random.Random(seed * 1_000_033 + 5))
    return g.pick(base, me, nested=False, cand=cand)


# ------------------------------------------------------------- the careful one-ply baseline

#: careful greedy: an option the engine marks with a ``risk`` (it can lose the game, by the dice
#: or by a choice it hands the enemy) costs this many VP; a card choice's ``risk`` (only some of
#: its uses can lose) costs nothing: the use is chosen next, with its own marks
RISK_W = 30.0


class _Careful(_Greedy):
    """The careful one-ply player (level "greedy", issue 21): the same one-ply look and the same
    completion of its own action as the old baseline, with the project's position value
    (``Evaluator``: regions as they would score with the adjacency to the enemy superpower,
    weighted by the scoring cards still to come and the turn, the military operations owed
    against the rounds left, DEFCON danger in its hand for its next rounds, enemy events in hand,
    held scoring cards against the rounds left, the Space Race, The China Card), dice averaged
    over faces 1, 3, 4 and 6 for coup and realignment targets, and the enemy's choices inside the
    action taken by the same value and completion for the enemy (it plays to win)."""

    def __init__(self, me, rnd, ev):
        super().__init__(me, rnd)
        self.ev = ev

    def complete(self, t):
        """The rest of the action, each side's choices completed the same way (so the enemy,
        handed operations by an event, sees the winning coup a kind and a target away)."""
        steps = 0
        while self._mine(t) and steps < 40:
            self._apply(t, self.pick(t, t["pending"]["player"], nested=True))
            steps += 1

    def score(self, t, side):
        return self.ev(t, side)

    def hand(self, t, side):
        return self.ev.hand_value(t, side)

    def delta(self, infl, c, side):
        d = self.ev.delta_place(infl, c, side, 1)
        return d if side == "USA" else -d

    def target_value(self, t, i, side):
        vals = []
        for die in _FACES:
            u = _copy(t)
            u["dice"] = [die, 7 - die]
            self._apply(u, i)
            vals.append(self.score(u, side))
        return sum(vals) / len(vals)


def greedy_choice(state, me, seed):
    """The careful one-ply baseline (level "greedy"): like :func:`greedy_old_choice` (a re-dealt
    copy, its own action completed, the seed breaking ties, scoring cards when no round is left
    to spare), scored by ``Evaluator``; the engine's marks on the options of the re-dealt copy's
    decision are a prior: an option with a ``warning`` (it loses the game) is never taken when
    another is left, one with a ``risk`` costs :data:`RISK_W`."""
    base = determinize(state, me, seed)
    d = S.decision(base, redealt=True)   # base is already a deal of the hidden cards
    opts = d["options"]
    cand = _scoring_forced(base, me) or list(range(len(opts)))
    cand = [i for i in cand if "warning" not in opts[i]] or cand
    bias = {}
    if d.get("kind") not in ("action_card", "headline"):
        # (a MilOps shortfall's risk costs VP, not the game: not one of these)
        bias = {i: -RISK_W for i in cand if "risk" in opts[i] and "milops_short" not in opts[i]}
    g = _Careful(me, random.Random(seed * 1_000_033 + 5), Evaluator(base, me))
    return g.pick(base, me, nested=False, cand=cand, bias=bias)
