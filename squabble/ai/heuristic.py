"""The sound heuristic player ("normal") and the pieces the other levels reuse.

Values are always from America's point of view, in [-1, 1] (+1 America wins, -1 Russia wins);
``SGN[side]`` turns them into the deciding side's point of view.

* ``static_eval`` scores a position at the start of an era: Balance of Power, Space Race leader,
  tokens, agents in hand, with weights fitted to self-play results (see ``BOP_TABLE``).
* ``resolve`` plays the rest of the current era on a scratch state (the engine up to phase 4,
  exact arithmetic from phase 5), choosing counters and the Space 2 shift by trying both
  branches, and ends with ``static_eval``.
* Each decision kind is scored from what the deciding side may see only: the opponent's unseen
  cards are enumerated with ``info.assignments`` (never read from the state).  Phase 2 (both
  secret cards at once) is a matrix game: my plays against every play the opponent could make
  with its public card pool, each cell resolved to the end of the era; the mixed strategy comes
  from regret matching.

Every scoring function is memoised on exactly the information it reads, so rollouts that reach
the same situation again cost a dictionary look-up.
"""

from __future__ import annotations

import math

from squabble.ai.info import assignments, build, fclone, hidden_slots, opp_pool, seen
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import (
    ACTIVITY, AGENT, COUNTER, DOUBLE_AGENT, EVENT_RULE, IS_ACTIVITY, OTHER, SIDES, SYMBOL,
)

SGN = {"USA": 1, "USSR": -1}

# Worth of a position at the start of an era, by eras still to play (1..4, era 5 .. era 2),
# fitted by least squares to the results of self-play games (bench notes in docs/ai.md).
# BOP_TABLE[r][k]: worth, for the favoured side, of the balance k spaces its way.  Being
# favoured is mostly a liability before the last era: the favoured side places its tokens and
# counters first (the other side answers knowing them), and the opponent plays low and spends
# tokens to push it onto its own cloud; two spaces up going into era 5 is the one good lead.
BOP_TABLE = {
    1: (0.0, -0.29, 0.27, -0.27),
    2: (0.0, -0.26, -0.34, -0.55),
    3: (0.0, -0.39, -0.42, -0.62),
    4: (0.0, -0.37, -0.39, -0.47),
}
W_LEADER = {1: 0.06, 2: 0.0, 3: 0.0, 4: 0.0}
W_TOKENS = {1: 0.11, 2: 0.09, 3: 0.10, 4: 0.17}
W_SPACE = 0.0
W_AGENTS = {1: 0.06, 2: 0.15, 3: 0.21, 4: 0.37}
W_DOUBLES = {1: 0.14, 2: 0.15, 3: 0.26, 4: 0.34}


def terminal_value(s: dict) -> float:
    w = s["winner"]
    return 1.0 if w == "USA" else -1.0 if w == "USSR" else 0.0


def bop_worth(b: int, remaining: int) -> float:
    """America's worth of balance ``b`` with ``remaining`` eras to play (clouds are final)."""
    if b >= 4:
        return -1.0
    if b <= -4:
        return 1.0
    r = min(max(remaining, 1), 4)
    w = BOP_TABLE[r][abs(b)]
    return w if b > 0 else -w


def static_eval(s: dict) -> float:
    """America's expected result of a position at (or near) the start of an era."""
    if s["winner"] is not None:
        return terminal_value(s)
    remaining = 6 - s["era"] if s["step"] in ("draw", "play") else 5 - s["era"]
    return _static(remaining, s["bop"], s["leader"], s["tokens"]["USA"], s["tokens"]["USSR"],
                   s["space"]["USA"] - s["space"]["USSR"], s["hands"])


def _static(remaining, bop, leader, tok_usa, tok_ussr, space_diff, hands) -> float:
    if remaining <= 0:
        remaining = 1
    v = bop_worth(bop, remaining)
    r = min(remaining, 4)
    if leader == "USA":
        v += W_LEADER[r]
    elif leader == "USSR":
        v -= W_LEADER[r]
    v += W_TOKENS[r] * (tok_usa - tok_ussr)
    v += W_SPACE * space_diff
    for side in SIDES:
        hand = hands[side]
        g = W_AGENTS[r] * (AGENT[side] in hand) + W_DOUBLES[r] * (DOUBLE_AGENT[side] in hand)
        v += g if side == "USA" else -g
    return max(-0.97, min(0.97, v))


# --------------------------------------------------------------------------------------------
# the rest of an era on a scratch state
# --------------------------------------------------------------------------------------------

def _cheap_replace(st: dict, side: str) -> tuple:
    """Replacement by a quick rule: the card whose measured balance is best on average."""
    opp = OTHER[side]
    sg = SGN[side]
    oslot = st["slots"][opp]
    bop_hidden, _ = hidden_slots(st, side)
    if bop_hidden or oslot["bop"] is None:
        # Its unseen Activity cards (the Space Race card among them unless spied): a fair average.
        cands = [c for c in opp_pool(st, side) if IS_ACTIVITY[c]]
        ovals = [ACTIVITY[c] for c in cands] or [0]
    else:
        ovals = [E.bop_value(st, opp)]
    remaining = 5 - st["era"] + 1
    best, best_opt = -9.0, None
    hand = st["hands"][side]
    acts = sorted(c for c in hand if IS_ACTIVITY[c])
    for c in acts:
        total = 0.0
        for ov in ovals:
            diff = ACTIVITY[c] - ov
            b = st["bop"] + (diff if side == "USA" else -diff)
            total += sg * bop_worth(b, remaining)
        left = [ACTIVITY[x] for x in acts if x != c]
        score = total / len(ovals) + 0.02 * (max(left) if left else 0)
        if score > best:
            best, best_opt = score, ("replace", c)
    return best_opt


def resolve(st: dict, era0: int | None = None) -> float:
    """Play the current era to its end on ``st`` (modified) and return America's value.

    From phase 4 on (tokens, then counters) the rest of the era is worked out by ``_finish``,
    arithmetic that follows the engine's rules exactly (a test compares it with
    ``resolve_engine``, which plays every step with the engine); earlier steps use the engine.
    """
    if era0 is None:
        era0 = st["era"]
    p = st["pending"]
    if st["winner"] is None and st["era"] == era0:
        if p["kind"] == "tokens":  # the sides still to place tokens place none
            return _finish(st, None)
        if p["kind"] == "counter":
            return _finish(st, tuple(st["todo"]))
    return resolve_engine(st, era0)


def resolve_engine(st: dict, era0: int | None = None) -> float:
    """``resolve`` played step by step with the engine (the reference).  The next era's Event
    stays face down: the value never depends on the hidden Event deck (an Oil Embargo revealed
    there would take a token back, R13), as ``resolve`` and the decision caches assume."""
    if era0 is None:
        era0 = st["era"]
    st["event_deck"] = []
    while True:
        if st["winner"] is not None:
            return terminal_value(st)
        p = st["pending"]
        kind = p["kind"]
        if kind == "play":
            if st["era"] != era0:
                return static_eval(st)
            raise ValueError("resolve() needs both cards of the era in play.")
        side = p["player"]
        if kind == "replace":
            opt = _cheap_replace(st, side)
        elif kind == "tokens":
            opt = ("tokens", 0, 0)
        elif kind in ("counter", "shift"):
            sg = SGN[side]
            best = None
            for o in E.options(st):
                c = fclone(st)
                E.apply_option(c, o)
                v = resolve_engine(c, era0)
                if best is None or sg * v > sg * best:
                    best = v
            return best
        elif kind == "take_token":
            opt = ("take_token",)
        else:  # take_tokens: the most allowed
            opt = E.options(st)[0]
        E.apply_option(st, opt)


def _finish(st: dict, todo) -> float:
    """America's value of the era from phase 5 on, tokens placed; ``todo``: sides still to
    decide on a counter (None: phase 6 has not started)."""
    ev = st["event"]
    rule = EVENT_RULE[ev] if ev else None
    b0 = st["bop"]
    if todo is None:
        if rule == "no_counters":
            todo = ()
        else:
            first = "USA" if b0 > 0 else "USSR" if b0 < 0 else "USA"
            todo = (first, OTHER[first])
    elif rule == "no_counters":
        todo = ()
    slots = st["slots"]
    bops = {sd: (slots[sd]["bop"], slots[sd]["bop_tokens"]) for sd in SIDES}
    left = {sd: tuple(c for c in st["hands"][sd] if IS_ACTIVITY[c]) for sd in SIDES}
    return _counters(st, rule, bops, left, todo)


def _counters(st, rule, bops, left, todo) -> float:
    if not todo:
        return _measure_on(st, rule, bops, left)
    side = todo[0]
    opp = OTHER[side]
    target = bops[opp][0]
    cards = [c for c in left[side] if COUNTER[c] == ACTIVITY[target]] if target else []
    best = _counters(st, rule, bops, left, todo[1:])
    if not cards:
        return best
    sg = SGN[side]
    for c in cards:
        nb = dict(bops)
        nb[opp] = (None, 0)
        nl = dict(left)
        nl[side] = tuple(x for x in left[side] if x != c)
        v = _counters(st, rule, nb, nl, todo[1:])
        if sg * v > sg * best:
            best = v
    return best


def _card_value(card, tokens, rule) -> int:
    if card is None:
        return 0
    printed = ACTIVITY[card]
    if tokens and tokens == printed and rule != "tokens_add":
        return 0
    return printed + tokens


def _measure_on(st, rule, bops, left) -> float:
    """Phases 7-10 with the counters settled."""
    b = st["bop"]
    diff = _card_value(*bops["USA"], rule) - _card_value(*bops["USSR"], rule)
    if diff:
        step = 1 if diff > 0 else -1
        for _ in range(abs(diff) + (1 if rule == "crisis" else 0)):
            b += step
            if b >= 4:
                return -1.0
            if b <= -4:
                return 1.0
    if rule == "detente" and b:
        b += -1 if b > 0 else 1
    # phase 8: the Space Race
    su, sr = st["slots"]["USA"], st["slots"]["USSR"]
    u = ACTIVITY[su["space"]] + su["space_tokens"]
    r = ACTIVITY[sr["space"]] + sr["space_tokens"]
    win = None
    if u != r:
        win = "USA" if u > r else "USSR"
    else:
        if rule == "fewer_tokens_tie" and su["space_tokens"] != sr["space_tokens"]:
            win = "USA" if su["space_tokens"] < sr["space_tokens"] else "USSR"
        if win is None and rule != "no_symbols":
            yu, yr = SYMBOL[su["space"]], SYMBOL[sr["space"]]
            if yu != yr:
                win = "USA" if yu else "USSR"
    space = dict(st["space"])
    tokens = dict(st["tokens"])
    cap = 2 if rule == "token_cap_2" else 3
    bonus = []
    if win is not None:
        for _ in range(2 if rule == "double_advance" else 1):
            if space[win] < 5:
                space[win] += 1
                if space[win] in (1, 2):
                    bonus.append(space[win])
    return _bonus(st, rule, b, win, bonus, space, tokens, cap, left)


def _bonus(st, rule, b, win, bonus, space, tokens, cap, left) -> float:
    while bonus and bonus[0] == 1:
        if tokens[win] < cap:
            tokens = dict(tokens)
            tokens[win] += 1
        bonus = bonus[1:]
    if bonus:  # space 2: shift or not, whichever is better for the race winner
        stay = _bonus(st, rule, b, win, bonus[1:], space, tokens, cap, left)
        nb = b + (1 if win == "USA" else -1)
        if abs(nb) >= 4:
            moved = -1.0 if nb > 0 else 1.0
        else:
            moved = _bonus(st, rule, nb, win, bonus[1:], space, tokens, cap, left)
        sg = SGN[win]
        return moved if sg * moved > sg * stay else stay
    # end of phase 8: the leader card; phase 9: the claims
    leader = st["leader"]
    if space["USA"] != space["USSR"]:
        leader = "USA" if space["USA"] > space["USSR"] else "USSR"
    tok = dict(tokens)
    for sd in SIDES:
        if left[sd]:
            best = max(ACTIVITY[c] for c in left[sd]) + (1 if rule == "claim_plus_one" else 0)
            tok[sd] += max(0, min(best, cap - tok[sd]))
    if st["era"] >= 5:
        if b:
            return 1.0 if b > 0 else -1.0
        return 1.0 if leader == "USA" else -1.0 if leader == "USSR" else 0.0
    return _static(5 - st["era"], b, leader, tok["USA"], tok["USSR"],
                   space["USA"] - space["USSR"], st["hands"])


# --------------------------------------------------------------------------------------------
# phase 2: the matrix game
# --------------------------------------------------------------------------------------------

_PLAY_CACHE: dict = {}
_DECISION_CACHE: dict = {}
CACHE_LIMIT = 20_000        # entries of the decision cache before it is emptied
PLAY_CACHE_LIMIT = 4_000    # phase 2 matrices (about 5 kB each) kept


def _agent_key(s):
    return tuple((AGENT[sd] in s["discards"][sd]) for sd in SIDES)


def _public_key(s: dict, side: str) -> tuple:
    """Everything a decision of ``side`` may depend on (its own cards, public information)."""
    opp = OTHER[side]
    my = s["slots"][side]
    os_ = s["slots"][opp]
    bop_seen, space_seen = seen(s, side)
    return (side, s["era"], s["step"], s["bop"], s["space"]["USA"], s["space"]["USSR"],
            s["leader"], s["tokens"]["USA"], s["tokens"]["USSR"], s["event"],
            tuple(sorted(s["hands"][side])), my["bop"], my["bop_tokens"], my["space"],
            my["space_tokens"], os_["bop"] if bop_seen else None, os_["bop_tokens"],
            os_["space"] if space_seen else None, os_["space_tokens"],
            tuple(opp_pool(s, side)), s["spied"][side], s["agents"]["USA"], s["agents"]["USSR"],
            tuple(s["todo"]), tuple(s["bonus"]), s["race_winner"], _agent_key(s))


def _play_options(hand: list, agents_ok: bool) -> list[tuple]:
    acts = [c for c in hand if IS_ACTIVITY[c]]
    bops = acts + ([c for c in hand if not IS_ACTIVITY[c]] if agents_ok else [])
    return [("play", b, sp) for b in bops for sp in acts if sp != b]


def play_matrix(s: dict, side: str):
    """[my plays, opponent plays, matrix of America's values, strategy] for phase 2."""
    opp = OTHER[side]
    key = ("play", side, s["era"], s["bop"], s["space"]["USA"], s["space"]["USSR"], s["leader"],
           s["tokens"]["USA"], s["tokens"]["USSR"], s["event"], tuple(sorted(s["hands"][side])),
           tuple(opp_pool(s, side)), _agent_key(s))
    hit = _PLAY_CACHE.get(key)
    if hit is not None:
        return hit
    base = fclone(s)
    base["hands"][opp] = opp_pool(s, side)
    base["hands"][side] = sorted(base["hands"][side])
    for sd in SIDES:
        sl = base["slots"][sd]
        if sd == opp:
            sl["bop"] = sl["space"] = None
    agents_ok = not E.rule_active(s, "no_agents")
    mine = _play_options(base["hands"][side], agents_ok)
    theirs = _play_options(base["hands"][opp], agents_ok)
    rows = []
    for m in mine:
        row = []
        for o in theirs:
            st = fclone(base)
            for sd, opt in ((side, m), (opp, o)):
                h = st["hands"][sd]
                h.remove(opt[1])
                h.remove(opt[2])
                st["slots"][sd]["bop"] = opt[1]
                st["slots"][sd]["space"] = opt[2]
            st["todo"] = []
            st["pending"] = None
            st["step"] = "agents"
            E.run(st, None)
            row.append(resolve(st, s["era"]))
        rows.append(row)
    out = [mine, theirs, rows, None]  # the strategy is filled in by play_strategy
    if len(_PLAY_CACHE) > PLAY_CACHE_LIMIT:
        _PLAY_CACHE.clear()
    _PLAY_CACHE[key] = out
    return out


def regret_matching(rows: list[list[float]], sg: int, iters: int = 150) -> tuple[list, list]:
    """Approximate equilibrium of a zero-sum matrix game (row player maximises sg*value)."""
    n, m = len(rows), len(rows[0])
    a = [[sg * v for v in r] for r in rows]
    rx, ry = [0.0] * n, [0.0] * m
    sx, sy = [0.0] * n, [0.0] * m
    x = [1.0 / n] * n
    y = [1.0 / m] * m
    for t in range(1, iters + 1):
        ux = [sum(a[i][j] * y[j] for j in range(m)) for i in range(n)]
        uy = [-sum(a[i][j] * x[i] for i in range(n)) for j in range(m)]
        ex = sum(x[i] * ux[i] for i in range(n))
        ey = sum(y[j] * uy[j] for j in range(m))
        for i in range(n):
            rx[i] = max(0.0, rx[i] + ux[i] - ex)
            sx[i] += t * x[i]
        for j in range(m):
            ry[j] = max(0.0, ry[j] + uy[j] - ey)
            sy[j] += t * y[j]
        tx, ty = sum(rx), sum(ry)
        x = [r / tx for r in rx] if tx > 0 else [1.0 / n] * n
        y = [r / ty for r in ry] if ty > 0 else [1.0 / m] * m
    tx, ty = sum(sx), sum(sy)
    return [v / tx for v in sx], [v / ty for v in sy]


def play_strategy(s: dict, side: str):
    """(my plays, my mixed strategy, row values against the opponent's equilibrium mix)."""
    entry = play_matrix(s, side)
    if entry[3] is None:
        mine, theirs, rows = entry[0], entry[1], entry[2]
        sg = SGN[side]
        x, y = regret_matching(rows, sg)
        vals = [sg * sum(r[j] * y[j] for j in range(len(y))) for r in rows]
        entry[3] = (mine, x, vals)
    return entry[3]


# --------------------------------------------------------------------------------------------
# the other decisions: average over the opponent's possible hidden cards
# --------------------------------------------------------------------------------------------

def _averaged(s: dict, side: str, opts: list[tuple]) -> list[float]:
    """Each option's value for ``side``, averaged over every legal split of unseen cards."""
    sg = SGN[side]
    splits = assignments(s, side)
    totals = [0.0] * len(opts)
    for asg in splits:
        base = build(s, side, asg)
        for i, o in enumerate(opts):
            st = fclone(base)
            E.apply_option(st, o)
            totals[i] += sg * resolve(st, s["era"])
    return [t / len(splits) for t in totals]


def decision_scores(s: dict, side: str) -> tuple[list[tuple], list[float]]:
    """(options in engine order, scores for ``side``; higher is better) for any decision."""
    opts = E.options(s)
    kind = s["pending"]["kind"]
    if kind == "play":
        mine, x, vals = play_strategy(s, side)
        by = dict(zip(mine, vals))
        return opts, [by[o] for o in opts]
    if len(opts) == 1:
        return opts, [0.0]
    if kind == "take_token":
        return opts, [1.0 if o[0] == "take_token" else 0.0 for o in opts]
    if kind == "take_tokens":
        return opts, [float(o[1]) for o in opts]
    key = (kind,) + _public_key(s, side)
    hit = _DECISION_CACHE.get(key)
    if hit is None:
        canon = sorted(opts)
        vals = _averaged(s, side, canon)
        hit = dict(zip(canon, vals))
        if len(_DECISION_CACHE) > CACHE_LIMIT:
            _DECISION_CACHE.clear()
        _DECISION_CACHE[key] = hit
    return opts, [hit[o] for o in opts]


def play_mix(s: dict, side: str) -> tuple[list[tuple], list[float]]:
    """Phase 2 mixed strategy in engine option order."""
    opts = E.options(s)
    mine, x, _ = play_strategy(s, side)
    by = dict(zip(mine, x))
    return opts, [by[o] for o in opts]


def softmax(scores: list[float], temp: float) -> list[float]:
    m = max(scores)
    ws = [math.exp((v - m) / temp) for v in scores]
    t = sum(ws)
    return [w / t for w in ws]


def sample(rng, probs: list[float]) -> int:
    r = rng.random()
    acc = 0.0
    for i, p in enumerate(probs):
        acc += p
        if r < acc:
            return i
    return len(probs) - 1


def normal_choice(s: dict, side: str, rng) -> int:
    """The normal level: equilibrium mix in phase 2, best averaged value elsewhere."""
    kind = s["pending"]["kind"]
    if kind == "play":
        _, probs = play_mix(s, side)
        return sample(rng, probs)
    opts, scores = decision_scores(s, side)
    best = max(scores)
    ties = [i for i, v in enumerate(scores) if v >= best - 1e-9]
    return ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]
