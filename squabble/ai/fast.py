"""A quick arithmetic policy for the hard level's rollouts (no engine look-ahead).

It reads only what the deciding side may see (its own cards, the opponent's card pool and
visible cards) and scores each option with the same position values as ``heuristic``: where the
Balance of Power ends against the opponent's possible cards, the chance of winning the Space
Race, and what is kept for phase 9.  Phase 2 plays are sampled from a softmax of those scores.
"""

from __future__ import annotations

import math

from squabble.ai.heuristic import SGN, W_AGENT, W_DOUBLE, W_TOKEN, bop_worth
from squabble.ai.info import opp_pool, seen
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import ACTIVITY, AGENT, IS_ACTIVITY, OTHER, SYMBOL

W_RACE = 0.07
TEMP = 0.04
AGENT_INFO = 0.0


def _after(s: dict, b: int) -> float:
    """America's worth of the balance ``b`` once this era's Balance of Power is measured."""
    if b >= 4:
        return -1.0
    if b <= -4:
        return 1.0
    left = 5 - s["era"]
    if left <= 0:
        if b:
            return 0.9 if b > 0 else -0.9
        return 0.5 if s["leader"] == "USA" else -0.5 if s["leader"] == "USSR" else 0.0
    return bop_worth(b, left)


def _measured(s: dict, diff: int) -> int:
    """The balance after phase 7 when America's value minus Russia's is ``diff``."""
    b = s["bop"]
    if diff:
        step = 1 if diff > 0 else -1
        n = abs(diff) + (1 if E.rule_active(s, "crisis") else 0)
        for _ in range(n):
            b += step
            if abs(b) >= 4:
                return b
    if E.rule_active(s, "detente") and b:
        b += -1 if b > 0 else 1
    return b


def _value(printed: int, tokens: int, s: dict) -> int:
    if tokens and tokens == printed and not E.rule_active(s, "tokens_add"):
        return 0
    return printed + tokens


def _race(s, mine: int, msym: bool, mtok: int, theirs: list, ttok: int) -> float:
    """Mean race result (+1 win, -1 loss) against each possible opposing Space Race card."""
    if not theirs:
        return 0.0
    tot = 0.0
    nosym = E.rule_active(s, "no_symbols")
    fewer = E.rule_active(s, "fewer_tokens_tie")
    for c in theirs:
        ov = ACTIVITY[c] + ttok
        if mine != ov:
            tot += 1 if mine > ov else -1
            continue
        if fewer and mtok != ttok:
            tot += 1 if mtok < ttok else -1
            continue
        if not nosym and msym != SYMBOL[c]:
            tot += 1 if msym else -1
    return tot / len(theirs)


def _opp_cards(s, side):
    """(opponent's possible Balance of Power values, possible Space Race cards, its tokens)."""
    opp = OTHER[side]
    oslot = s["slots"][opp]
    bop_seen, space_seen = seen(s, side)
    pool = [c for c in opp_pool(s, side) if IS_ACTIVITY[c]]
    if bop_seen and oslot["bop"] is not None:
        bvals = [_value(ACTIVITY[oslot["bop"]], oslot["bop_tokens"], s)]
    else:
        bvals = [_value(ACTIVITY[c], oslot["bop_tokens"], s) for c in pool] or [0]
    if space_seen and oslot["space"] is not None:
        spaces = [oslot["space"]]
    else:
        spaces = pool
    return bvals, spaces, oslot["space_tokens"]


def _bop_score(s, side, myval, bvals) -> float:
    sg = SGN[side]
    tot = 0.0
    for ov in bvals:
        diff = (myval - ov) * sg
        tot += sg * _after(s, _measured(s, diff))
    return tot / len(bvals)


def _claim(s, side, left: list) -> float:
    if not left:
        return 0.0
    return W_TOKEN * min(max(ACTIVITY[c] for c in left), E.token_cap(s) - s["tokens"][side])


def score_options(s: dict, side: str) -> tuple[list[tuple], list[float]]:
    opts = E.options(s)
    kind = s["pending"]["kind"]
    if len(opts) == 1:
        return opts, [0.0]
    sg = SGN[side]
    if kind == "take_token":
        return opts, [1.0 if o[0] == "take_token" else 0.0 for o in opts]
    if kind == "take_tokens":
        return opts, [float(o[1]) for o in opts]
    if kind == "shift":
        d = 1 if side == "USA" else -1
        return opts, [sg * _after(s, s["bop"] + d) if o[0] == "shift" else sg * _after(s, s["bop"])
                      for o in opts]
    bvals, spaces, ttok = _opp_cards(s, side)
    hand = s["hands"][side]
    acts = [c for c in hand if IS_ACTIVITY[c]]
    scores = []
    if kind == "play":
        cache: dict = {}
        for o in opts:
            b, sp = o[1], o[2]
            rest = [c for c in acts if c != sp]
            race = W_RACE * _race(s, ACTIVITY[sp], SYMBOL[sp], 0, spaces, 0)
            if IS_ACTIVITY[b]:
                left = [c for c in rest if c != b]
                bs = cache.get(b)
                if bs is None:
                    bs = cache[b] = _bop_score(s, side, ACTIVITY[b], bvals)
                sc = bs + _claim(s, side, left)
            else:  # an agent: the Balance of Power card is chosen later, knowing more
                best = -9.0
                for c in rest:
                    left = [x for x in rest if x != c]
                    best = max(best, _bop_score(s, side, ACTIVITY[c], bvals) + _claim(s, side, left))
                sc = best + AGENT_INFO
                if b == AGENT[side]:
                    sc -= W_AGENT
                else:
                    sc -= W_DOUBLE
                    if AGENT[side] in s["discards"][side]:
                        sc += W_AGENT
            scores.append(sc + race)
        return opts, scores
    myslot = s["slots"][side]
    if kind == "tokens":
        mb = myslot["bop"]
        msp = myslot["space"]
        for o in opts:
            tb, ts = o[1], o[2]
            mv = _value(ACTIVITY[mb], tb, s)
            sc = _bop_score(s, side, mv, bvals)
            sc += W_RACE * _race(s, ACTIVITY[msp] + ts, SYMBOL[msp], ts, spaces, ttok)
            sc -= 0.7 * W_TOKEN * (tb + ts)
            scores.append(sc)
        return opts, scores
    if kind == "counter":
        opp = OTHER[side]
        mv = E.bop_value(s, side)
        ov = E.bop_value(s, opp)
        left = [c for c in acts]
        for o in opts:
            if o[0] == "counter":
                sc = _bop_score(s, side, mv, [0]) + _claim(s, side, [c for c in left if c != o[1]])
            else:
                sc = _bop_score(s, side, mv, [ov]) + _claim(s, side, left)
            scores.append(sc)
        return opts, scores
    if kind == "replace":
        for o in opts:
            left = [c for c in acts if c != o[1]]
            scores.append(_bop_score(s, side, ACTIVITY[o[1]], bvals) + _claim(s, side, left))
        return opts, scores
    return opts, [0.0] * len(opts)


def fast_choice(s: dict, side: str, rng, temp: float = TEMP) -> tuple:
    opts, scores = score_options(s, side)
    if len(opts) == 1:
        return opts[0]
    if s["pending"]["kind"] == "play":
        m = max(scores)
        ws = [math.exp((v - m) / temp) for v in scores]
        r = rng.random() * sum(ws)
        for o, w in zip(opts, ws):
            r -= w
            if r < 0:
                return o
        return opts[-1]
    best = max(scores)
    for o, v in zip(opts, scores):
        if v >= best - 1e-9:
            return o
    return opts[0]
