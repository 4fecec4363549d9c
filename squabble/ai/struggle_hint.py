"""The Twilight Struggle coach: the best few options of the pending decision, with reasons.

``hint(view_state, side, seed, k=3)`` returns up to ``k`` dicts ``{"index", "label", "reasons",
"odds"}`` (``odds``: the reason that gives a die's odds, also among ``reasons``, or ""),
best first: ``index`` into ``decision(view_state)["options"]``, the option's label, and plain
sentences from the computer player's evaluation (docs/ai-struggle.md, "The coach").  The options
are ranked by normal's values (``struggle.option_values``); each is then played out to the end of
its action on the same deal (dice on middle faces; an option naming a country is applied
alone, so a point is judged by its own effect) and compared with the position before: VP,
the regions as they would score, countries won or lost, DEFCON, the enemy event it hands over.

The hint reads only what ``side`` may see: everything hidden from it (the enemy's hand, the draw
pile, an enemy headline not yet shown, the generator) is dealt again from ``seed`` before anything
is looked at, as the computer player does.  The look-ahead needs the engine's frame stack (where
in the procedure the decision is): the game's own state or the side's view (``S.view``, whose
stack is the public one) give the same hint; a state without a stack is refused with a
one-sentence ``ValueError``.
"""

from __future__ import annotations

from squabble.games import struggle as S
from squabble.games.struggle import data as D
from squabble.ai.struggle import Player, _stop, option_values
from squabble.ai.struggle_setup import opening_choice, opening_words
from squabble.ai.struggle_eval import (_SCORED, ENEMY, _controller, _copy, held_danger,
                                       _region_points, determinize)

_OWNER = {0: "USA", 1: "USSR"}
_OPS_MODES = ("influence", "realign", "coup", "ops_first")


def hint(view_state: dict, side: str, seed: int, k: int = 3, path=None) -> list[dict]:
    """The best ``k`` options of the pending decision for ``side``, with reasons (see above).
    ``path(state)``: the indices the player may take in a later decision of the same action
    (None: any), so the reasons describe the action as the player can carry it out (the
    lesson's path)."""
    if side not in ("USA", "USSR"):
        raise ValueError('The side must be "USA" or "USSR".')
    d = S.decision(view_state) if isinstance(view_state, dict) else None
    if d is None:
        raise ValueError("There is no decision to give a hint for: the game is over.")
    if d["player"] != side:
        raise ValueError(f"The decision is the {d['player']}'s, not the {side}'s.")
    if not view_state.get("stack"):
        raise ValueError("The hint needs the engine's frame stack, which the game's state and "
                         "a side's view hold and this state does not.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("The seed must be an integer.")
    base = _copy(determinize(view_state, side, seed))
    vals = option_values(base, "normal", seed)
    ranked = sorted(vals, key=lambda i: (-vals[i], i))[:max(1, k)]
    opening = opening_choice(base)
    if opening is not None:
        # the set-up: the opening people play comes first (ai/struggle_setup.py)
        ranked = [opening] + [i for i in ranked if i != opening][:max(1, k) - 1]
    pl = Player(base, side, seed, "normal")
    out = []
    for n, i in enumerate(ranked):
        o = d["options"][i]
        reasons = [r for r in (o.get("warning"), o.get("risk")) if r]
        more, odds = _reasons(pl, base, i, side, path)
        reasons += more
        if i == opening:
            reasons.insert(0, opening_words(side))
        elif opening is not None:
            reasons.append("The computer's evaluation likes it, but it is not the usual "
                           "opening.")
        elif n and len(ranked) > 1:
            gap = vals[ranked[0]] - vals[i]
            reasons.append(f"The computer thinks it is {gap:.1f} VP worse than its first "
                           f"choice." if gap >= 0.05 else "The computer thinks it is as good as "
                           "its first choice.")
        elif len(ranked) > 1:
            reasons.append("The computer's first choice.")
        out.append({"index": i, "label": o.get("label", ""), "reasons": reasons, "odds": odds})
    return out


def _sentence(words: str) -> str:
    """``words`` with one full stop (a list may end in a name that has its own: "U.K.")."""
    return words if words.endswith(".") else words + "."


MIDDLE = [4, 3] * 6   # middle faces: a coup or a roll as it goes on average


def _played_out(pl, base, i, path=None):
    """The option played to the end of its action on middle dice: (state after, dice rolled);
    ``path(state)``: the options the action's later choices must keep to (the lesson's)."""
    t = _copy(base)
    t["dice"] = list(MIDDLE)
    o = base["pending"]["options"][i]
    headline = o["mode"] == "headline"
    S.apply_in_place(t, i, record=False)
    rolled = len(MIDDLE) - len(t["dice"])
    if "country" in o:   # one point, one coup, one realignment: its own effect, not the plan's
        return t, rolled
    steps = 0
    while not _stop(t, headline) and steps < 60:
        if not t["dice"]:
            t["dice"] = list(MIDDLE)
        n = len(t["dice"])
        j = pl.fast(t)
        allowed = path(t) if path is not None else None
        if allowed and j not in allowed:
            j = allowed[0]
        S.apply_in_place(t, j, record=False)
        rolled += n - len(t["dice"])
        steps += 1
    return t, rolled


def _odds(base, o, rolled: int) -> tuple[str, str]:
    """(the odds in words, "roll" or "": the outcome is the middle roll's) for an option whose outcome
    a die decides: the odds are the engine's (``query.coup_odds`` / ``realign_odds`` in the
    decision's context), never worked out here.  ("", "") when no die was rolled."""
    if not rolled:
        return "", ""
    ctx = (S.decision(base, redealt=True) or {}).get("context") or {}
    country = o.get("country")
    coup = (ctx.get("coups") or {}).get(country)
    if coup is not None:
        need = coup["need"]
        if need is None:
            return f"No roll can make a coup in {country} succeed.", ""
        n = sum(1 for r in coup["results"].values() if r > 0)
        odds = ("The coup succeeds on any roll" if need == 1 else
                f"The coup succeeds on a roll of {need} or more ({n} chances in 6)")
        return odds + f"; what follows is for a roll of {MIDDLE[0]}.", "roll"
    realign = (ctx.get("realignments") or {}).get(country)
    if realign is not None:
        win, lose = round(100 * realign["win"]), round(100 * realign["lose"])
        enemy = ENEMY[base["pending"]["player"]]
        odds = (f"The roll-off in {country}: {win}% to remove {enemy} influence, {lose}% to "
                "lose some of yours." if realign["lose"] else
                f"The roll-off in {country}: {win}% to remove {enemy} influence (you lose "
                "none).")
        return odds[:-1] + f"; what follows is for rolls of {MIDDLE[0]} and {MIDDLE[1]}.", "roll"
    return "A die decides this; what follows is for middling rolls.", "roll"


def _reasons(pl, base, i, me, path=None):
    enemy = ENEMY[me]
    o = base["pending"]["options"][i]
    out = []
    card = o.get("card")
    if card is not None and card in D.CARDS:
        c = D.CARDS[card]
        if c["side"] == enemy and o["mode"] in ("play", *_OPS_MODES):
            out.append(f"{c['name']} is the {enemy}'s card: played for operations, its event "
                       f"fires for the {enemy} (the Space Race would spare you that).")
        elif c["side"] == enemy and o["mode"] == "space":
            out.append(f"Sends {c['name']} to the Space Race: its event never fires for the "
                       f"{enemy}.")
    t, rolled = _played_out(pl, base, i, path)
    odds, _ = _odds(base, o, rolled)
    if t.get("winner") is not None:
        why = t.get("end_reason") or "the game ends"
        out.insert(0, ("Wins" if t["winner"] == me else "Loses") + f" the game ({why}).")
        if odds:
            out.insert(0, odds)
        return out, odds
    first = len(out)
    sg = 1 if me == "USA" else -1
    dvp = sg * (t["vp"] - base["vp"])
    if dvp:
        out.append(f"{'Gains' if dvp > 0 else 'Gives away'} {abs(dvp)} VP now.")
    for region in _SCORED:
        a0, s0 = _region_points(base["influence"], region)
        a1, s1 = _region_points(t["influence"], region)
        diff = sg * ((a1 - s1) - (a0 - s0))
        if diff:
            out.append(f"{region} would score {abs(diff)} VP {'more' if diff > 0 else 'less'} "
                       f"for you now.")
    won, lost, broken = [], [], []
    for c in D.COUNTRIES:
        k0 = _controller(base["influence"][c], c)
        k1 = _controller(t["influence"][c], c)
        if k0 != k1:
            if _OWNER.get(k1) == me:
                won.append(c)
            elif _OWNER.get(k0) == me:
                lost.append(c)
            elif _OWNER.get(k0) == enemy:
                broken.append(c)
    if won:
        out.append(_sentence("Takes control of " + ", ".join(won)))
    if broken:
        out.append(_sentence(f"Breaks the {enemy}'s control of " + ", ".join(broken)))
    if lost:
        out.append(_sentence("Loses control of " + ", ".join(lost)))
    if t["defcon"] < base["defcon"]:
        warn = (" A battleground coup now ends the game for whoever makes it."
                if t["defcon"] == 2 else "")
        out.append(f"DEFCON falls to {t['defcon']}.{warn}")
    if t["defcon"] == 2:
        danger = held_danger(t, me)
        held = sorted(D.CARDS[x]["name"] for x in t["hands"][me] if x in danger)
        if held:
            out.append(f"At DEFCON 2 you still hold {', '.join(held)}, whose event can end "
                       "the game in your own round.")
    need = t["defcon"] - t["milops"][me]
    if t["milops"][me] > base["milops"][me] and need <= 0 < base["defcon"] - base["milops"][me]:
        out.append("Meets this turn's military operations.")
    if odds:    # what the middle roll gave is not certain: the odds come first, and say so
        out.insert(first, odds)
    return out, odds
