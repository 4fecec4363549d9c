"""Operations' targets and results (rules rewrite 2.3): where influence may be placed, which
countries a coup or a realignment may strike (DEFCON's closed regions, the effects in force, the
designer realignment rule), what ops a card's operations may still buy, and a coup's and a
realignment roll's result.  The engine's operations step (``engine.h_ops``) and the events that
conduct operations or coups use these; none of them asks a decision."""

from __future__ import annotations

from . import core, optional_rules
from .core import (DEFCON_FLOOR, active_hooks, add_influence, add_milops, adjacent_controlled,
                   degrade_defcon, roll, say)
from .data import (ADJACENT, BATTLEGROUND, COUNTRY_NAMES, ENEMY, REGION_SETS, STABILITY,
                   SUPERPOWER_ADJ, ops_words)

ADJ_COUNTRIES = {c: tuple(sorted(a for a in adj if a not in ("USA", "USSR")))
                 for c, adj in ADJACENT.items()}

_REACH: dict = {}


def reach(side: str, access: tuple) -> frozenset:
    """Countries reachable for operations' influence from ``access`` (memoised: pure)."""
    key = (side, access)
    got = _REACH.get(key)
    if got is None:
        acc = set(SUPERPOWER_ADJ[side])
        acc.update(access)
        for c in access:
            acc.update(ADJ_COUNTRIES[c])
        if len(_REACH) > 4096:
            _REACH.clear()
        got = _REACH[key] = frozenset(acc)
    return got


def influence_targets(state: dict, frame: dict, first_only: bool = False) -> list:
    """[(country, cost)] where ``frame``'s side may place one influence now."""
    side = frame["side"]
    enemy = ENEMY[side]
    acc = set(reach(side, tuple(state["access"][side])))
    restrict = frame["countries"]
    if restrict is not None:
        acc.intersection_update(restrict)
    acc.difference_update(frame.get("realigned", ()))  # designer rule: not where we realigned
    infl = state["influence"]
    left = frame["left"]
    bonus = frame["bonus"]
    checks = list(active_hooks(state, "can_target"))
    out = []
    for c in sorted(acc):
        ci = infl[c]
        if ci[side] >= core.MAX_INFLUENCE:
            continue        # no room for one more (the bound ``load`` checks)
        cost = 2 if ci[enemy] >= STABILITY[c] + ci[side] else 1
        if cost > left:
            avail = left
            for region, amount in bonus:
                if c in REGION_SETS[region]:
                    avail += amount
            if cost > avail:
                continue
        if checks and not all(fn(state, a, side, "influence", c) for fn, a in checks):
            continue
        out.append((c, cost))
        if first_only:
            break
    return out


def strike_targets(state: dict, frame: dict, action: str, first_only: bool = False) -> list:
    """Countries ``frame``'s side may realign or coup now."""
    side = frame["side"]
    enemy = ENEMY[side]
    infl = state["influence"]
    restrict = frame["countries"]
    defcon = 0 if frame["ignore_defcon"] else state["defcon"]
    if action == "realign" and optional_rules.option_on(state, "designer_realignment"):
        defcon = 0  # designer rule: realignments ignore DEFCON's regions
    placed = frame.get("influenced", ()) if action == "realign" else ()
    left = frame["left"]
    bonus = frame["bonus"]
    checks = list(active_hooks(state, "can_target"))
    out = []
    for c in (restrict if restrict is not None else COUNTRY_NAMES):
        if infl[c][enemy] <= 0 or c in placed:
            continue
        if defcon and defcon < DEFCON_FLOOR[c]:
            continue
        if left <= 0:
            avail = left
            for region, amount in bonus:
                if c in REGION_SETS[region]:
                    avail += amount
            if avail <= 0:
                continue
        if checks and not all(fn(state, a, side, action, c) for fn, a in checks):
            continue
        out.append(c)
        if first_only:
            break
    return out


def ccw_open(state: dict, frame: dict) -> bool:
    return (frame["side"] == "USSR" and not frame["granted"] and frame["countries"] is None
            and state["options"]["chinese_civil_war"] and state["ccw"] < 3
            and state["china"]["holder"] is None and frame["left"] > 0)


def legal_kinds(state: dict, frame: dict) -> list:
    out = []
    for k in frame["kinds"]:
        if k == "influence":
            if influence_targets(state, frame, True) or ccw_open(state, frame):
                out.append(k)
        elif strike_targets(state, frame, k, True):
            out.append(k)
    return out


def spend(frame: dict, country, cost: int) -> None:
    """Pay ``cost`` ops for a point in ``country`` (None: outside every region)."""
    frame["bonus"] = [b for b in frame["bonus"] if country is not None and country in REGION_SETS[b[0]]]
    take = min(cost, frame["left"])
    frame["left"] -= take
    cost -= take
    for b in frame["bonus"]:
        if cost <= 0:
            break
        t = min(cost, b[1])
        b[1] -= t
        cost -= t
    frame["bonus"] = [b for b in frame["bonus"] if b[1] > 0]


def do_coup(state: dict, side: str, country: str, ops: int, *, milops=True, log=None) -> int:
    """Rewrite 2.3.6(d).  Returns the modified roll (how much changed hands)."""
    enemy = ENEMY[side]
    for fn, a in list(active_hooks(state, "coup_declared")):
        fn(state, a, side, country)
    if state["winner"] is not None:
        return 0
    if milops:
        add_milops(state, side, ops)
    if country in BATTLEGROUND and all(fn(state, a, side, country)
                                       for fn, a in active_hooks(state, "coup_defcon")):
        before = state["defcon"]
        degrade_defcon(state, 1)
        say(log, f"DEFCON drops to {state['defcon']}.", "defcon", defcon=state["defcon"],
            before=before, why="coup in a battleground", country=country)
        if state["winner"] is not None:
            return 0
    die = roll(state)
    mod = sum(fn(state, a, side, country) for fn, a in active_hooks(state, "coup_mod"))
    total = die + ops + mod - 2 * STABILITY[country]   # the coup's sum, negative when it fails
    result = max(0, total)
    c = state["influence"][country]
    removed = min(result, c[enemy])
    c[enemy] -= removed
    # what is placed, at most core.MAX_INFLUENCE in all (the log says what was placed)
    placed = add_influence(state, country, side, max(0, result - removed))
    say(log, f"{side} coup in {country} with {ops_words(ops)}: die {die}"
        + (f" {mod:+d}" if mod else "") + f", result {result}: "
        + (f"{removed} {enemy} influence removed, {placed} {side} placed." if result else "no effect."),
        "coup", side=side, country=country, ops=ops, die=die, mod=mod,
        stability=STABILITY[country], sum=total, result=result, removed=removed, placed=placed, enemy=enemy,
        milops_after=dict(state["milops"]))
    for fn, a in active_hooks(state, "coup_done"):
        fn(state, a, side, country, result)
    return result


def do_realign(state: dict, side: str, country: str, log=None) -> int:
    """Rewrite 2.3.6(c): dice of the acting side first, then the enemy's.  Returns the influence
    removed (positive: enemy influence removed, negative: acting side's removed)."""
    enemy = ENEMY[side]
    c = state["influence"][country]
    rolls = {}
    for s in (side, enemy):
        r = roll(state)
        mod = adjacent_controlled(state, s, country)
        if c[s] > c[ENEMY[s]]:
            mod += 1
        mod += sum(fn(state, a, s, country, side) for fn, a in active_hooks(state, "realign_mod"))
        rolls[s] = (r, r + mod)
    diff = rolls[side][1] - rolls[enemy][1]
    if diff < 0 and optional_rules.realign_protected(state):
        diff = 0  # designer rule: the realigning side loses no influence where it realigns
    if diff > 0:
        k = core.remove_influence(state, country, enemy, diff)
        out = k
    elif diff < 0:
        k = core.remove_influence(state, country, side, -diff)
        out = -k
    else:
        k = out = 0
    say(log, f"{side} realigns {country}: {side} {rolls[side][0]}→{rolls[side][1]}, "
        f"{enemy} {rolls[enemy][0]}→{rolls[enemy][1]}; "
        + (f"{k} {enemy if diff > 0 else side} influence removed." if k else "no change."),
        "realign", side=side, country=country, enemy=enemy,
        die=rolls[side][0], total=rolls[side][1], enemy_die=rolls[enemy][0],
        enemy_total=rolls[enemy][1], removed=k, loser=(enemy if diff > 0 else side) if k else None)
    return out
