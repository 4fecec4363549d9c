"""The pending DECISION as ``decision()`` hands it out: what it is, its facts, its dangers.

The engine says what it asks where it asks (``core.ask``: ``kind`` and the stored ``context``).
Here the facts that follow from the state are added to the context (the card's name, the coup
sum of every coup target, the realignment modifiers of every realignment target, what each
scoring card offered would give now), and the options that lose the game for the side taking
them get a ``warning`` sentence, those that hand the enemy a way to end the game a ``risk``
sentence (see docs/engine-protocol.md).  Nothing here changes the state; the result is cached
for the state it was computed from, so a window asking every frame pays once.

``describe(state)`` gives ``{"kind", "context"}`` of the pending DECISION;
``hidden_from(state, side)`` lists the cards ``side`` may not see now (the privacy rule's facts).
"""

from __future__ import annotations

import marshal

from squabble import rng

from . import milops_risk, query
from .core import KINDS, active_hooks, ops_value
from .query import hidden_from  # noqa: F401  (the registry's hidden_from)
from .data import CARDS, ENEMY, REGION_SETS, card_name
from .redeal import redeal

#: a DEFCON at or under which, or an enemy lead in VP from which, options are tried on a copy
DANGER_DEFCON = 2
DANGER_LEAD = 10
#: generators a what-if is run with: an outcome seen with every one is certain, with some a risk
_SEEDS = (1, 2, 3)
_SEEDED = tuple(rng.seed_value(s) for s in _SEEDS)   # a copy whose generator is still here rolled nothing
#: the last few answers, by the whole state they were computed from (one dict store each: safe
#: when a window and a computer player's thread ask at once)
_CACHE: dict = {}
_CACHE_SIZE = 8


def decision(state: dict, redealt: bool = False):
    """The pending DECISION, or None when the game has ended: player, prompt, options (an option
    that loses the game for the side taking it carries a ``warning`` sentence, one that can a
    ``risk`` sentence), kind and context (see docs/engine-protocol.md and describe.py).  The
    warnings and risks are worked out on deals of the cards the deciding side cannot see;
    ``redealt``: ``state`` is already such a deal (``redeal``), worked on as it is."""
    if state.get("winner") is not None:
        return None
    p = state.get("pending")
    if p is None:
        return None
    return full_decision(state, redealt)


def full_decision(state: dict, redealt: bool = False) -> dict:
    """The DECISION of a state whose game goes on and whose decision is pending (a copy).  Its
    warnings and risks are worked out on deals of the cards the deciding side may not see
    (``redeal``), never on the real ones; ``redealt``: ``state`` is already such a deal (the
    computer player's copy), worked on as it is."""
    key = marshal.dumps((state, redealt))
    out = _CACHE.get(key)
    if out is None:
        out = marshal.dumps(_compute(state, redealt))
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        _CACHE[key] = out
    return marshal.loads(out)


def describe(state: dict) -> dict | None:
    """{"kind", "context"} of the pending DECISION (None when nothing is pending)."""
    d = decision(state)
    return None if d is None else {"kind": d["kind"], "context": d["context"]}


# ---------------------------------------------------------------- kind and context
def _stored(state: dict) -> tuple:
    """The kind and context the engine stored; for a state saved before decisions said what
    they are, the ones the engine asks again in it (or "event_choice" if it cannot say)."""
    p = state["pending"]
    if p.get("kind") in KINDS and isinstance(p.get("context"), dict):
        return p["kind"], p["context"]
    try:
        from .validation import settle
        q = settle(state)["pending"]
        if q["options"] == p["options"]:
            return q["kind"], q["context"]
    except Exception:   # a state the engine cannot go on from: say the least
        pass
    return "event_choice", {"card": None}


def _compute(state: dict, redealt: bool = False) -> dict:
    p = state["pending"]
    kind, stored = _stored(state)
    side = p["player"]
    options = [dict(o) for o in p["options"]]
    ctx = marshal.loads(marshal.dumps(stored))
    card = ctx.get("card")
    ctx.update(side=side, turn=state["turn"], action_round=state["action_round"],
               card_name=card_name(card) if isinstance(card, int) else None,
               targets=sum(1 for o in options if "country" in o),
               cards=sum(1 for o in options if "card" in o))
    if kind == "coup_target":
        ctx["coups"] = {o["country"]: query.coup_odds(state, side, o["country"],
                                                      _ops_for(ctx, o["country"]))
                        for o in options if "country" in o}
    elif kind == "realign_target":
        ctx["realignments"] = {o["country"]: query.realign_odds(state, side, o["country"])
                               for o in options if "country" in o}
    elif kind in ("action_card", "headline"):
        ctx["scorings"] = {str(o["card"]): query.scoring_preview(state, o["card"])
                           for o in options if CARDS.get(o.get("card"), {}).get("scoring")}
    if options:
        _mark(state, kind, side, options, ctx, redealt)
    return {"player": side, "prompt": p["prompt"], "options": options, "kind": kind,
            "context": ctx}


def _ops_for(ctx: dict, country: str) -> int:
    """The ops a coup in ``country`` is conducted with (engine.h_ops: the region bonuses too)."""
    return ctx["ops_left"] + sum(a for r, a in ctx.get("bonus", []) if country in REGION_SETS[r])


# ---------------------------------------------------------------- warnings and risks
#: the uses of a card that resolve its event (the only way a card's play ends a game at once:
#: operations and the Space Race lose nothing until a coup target or a die is chosen)
EVENT_MODES = frozenset(("event", "event_first"))
#: at most this many options of an event's choice (or of the enemy's next choice) are tried
MAX_TRIED = 12
#: the deals of the hidden cards (their seeds) the options are tried on
REDEALS = (0, 1)


def _mark(state: dict, kind: str, side: str, options: list, ctx: dict, redealt: bool) -> None:
    if kind in ("action_card", "headline"):
        _held_scoring(state, kind, side, options)
        if kind == "action_card":
            _scoring_loss(state, side, options)
    if not state.get("stack"):   # a view (squabble.games.struggle.view): nothing to run
        return
    try:
        _mark_dangers(state, kind, side, options, ctx, redealt)
    finally:    # (after the game-losing marks: a warning or a risk of losing comes first)
        milops_risk.mark(state, kind, side, options, ctx, redealt)


def _mark_dangers(state: dict, kind: str, side: str, options: list, ctx: dict,
                  redealt: bool) -> None:
    coup_ends = any(True for _ in active_hooks(state, "coup_declared"))   # Cuban Missile Crisis
    if not (coup_ends or state["defcon"] <= DANGER_DEFCON
            or _enemy_lead(state, side) >= DANGER_LEAD or _coup_before_event(state, kind)):
        return
    if redealt or not hidden_from(state, side):
        _tried(state, kind, side, options, ctx, coup_ends)
        return
    # privacy: the what-ifs run on deals of the cards ``side`` may not see, never on the real
    # ones (Missile Envy's event takes the enemy's best card: a warning on the real hand would
    # tell which card that is).  Certain on every deal: a warning; on some: a risk.
    runs = []
    for seed in REDEALS:
        opts = [dict(o) for o in options]
        _tried(redeal(state, side, seed), kind, side, opts, ctx, coup_ends)
        runs.append(opts)
    for i, o in enumerate(options):
        warned = [r[i]["warning"] for r in runs if "warning" in r[i]]
        risks = [r[i]["risk"] for r in runs if "risk" in r[i]]
        if len(warned) == len(runs):
            _put(o, ("warning", warned[0]))
        elif warned:
            _put(o, ("risk", "Depending on cards you cannot see, this can lose the game. "
                     + warned[0]))
        elif risks:
            _put(o, ("risk", risks[0]))


def _tried(state: dict, kind: str, side: str, options: list, ctx: dict, coup_ends: bool) -> None:
    """The warnings and risks found by trying options on a copy (``query.what_if``)."""
    if kind == "action_card":
        for i, o in enumerate(options):
            if o.get("mode") == "play" and "warning" not in o:
                _card_danger(state, i, o, side)
        return
    if kind in ("play_mode", "ops_kind"):
        _coup_dead_ends(state, side, options)
    if kind == "play_mode":
        tried = [o.get("mode") in EVENT_MODES for o in options]
    elif kind == "coup_target":   # a coup ends a game by DEFCON 1 or by an effect (before the die)
        low = state["defcon"] <= DANGER_DEFCON or _coup_before_event(state, kind)
        tried = [coup_ends or (low and ctx["coups"][o["country"]]["defcon_drop"])
                 for o in options]
    elif kind == "event_choice" and len(options) <= MAX_TRIED:
        tried = [True] * len(options)
    else:
        return
    outs = [_outcome(state, i, side) if t else None for i, t in enumerate(tried)]
    for o, out in zip(options, outs):
        _put(o, out)
    if kind == "play_mode":
        _enemy_event_after_ops(state, side, options, outs)


def _coup_before_event(state: dict, kind: str) -> bool:
    """A coup target chosen at DEFCON 3 in the operations of an enemy card played operations
    first: the card's event is resolved after the coup, in this round (rule 5.2), so a coup that
    lowers DEFCON to 2 changes what the event can do (Duck and Cover then takes it to 1; Star
    Wars or CIA Created hands the enemy a coup at DEFCON 2): those targets are tried too."""
    return (kind == "coup_target" and state["defcon"] == DANGER_DEFCON + 1
            and any(f.get("kind") == "round" and "event" in (f.get("todo") or ())
                    for f in state["stack"]))


def _coup_dead_ends(state: dict, side: str, options: list) -> None:
    """A "coup" use of the operations warns when every coup target it leads to warns (at DEFCON 2
    with only battlegrounds to strike, say): the choice of targets comes too late to save it."""
    for i, o in enumerate(options):
        if o.get("mode") != "coup" or "warning" in o:
            continue
        nxt = query.what_if(state, i, _SEEDS[0])["state"]
        p = nxt.get("pending")
        if nxt["winner"] is not None or not p or p["player"] != side \
                or p.get("kind") != "coup_target":
            continue
        targets = _compute(nxt, True)["options"]
        if targets and all("warning" in t for t in targets):
            o["warning"] = "Every coup target left loses the game. " + targets[0]["warning"]


def _put(option: dict, out) -> None:
    if out is not None and out[0] not in option:
        option[out[0]] = out[1]


def _enemy_lead(state: dict, side: str) -> int:
    return -state["vp"] if side == "USA" else state["vp"]


def _rounds_left(state: dict, side: str, kind: str) -> int:
    """Action rounds ``side`` still has this turn after the one it is choosing a card for (all
    of them when it is choosing its headline)."""
    total = query.action_rounds(state, side)
    return total if kind == "headline" else total - state["action_round"]


def _held_scoring(state: dict, kind: str, side: str, options: list) -> None:
    """Rewrite 4.2 (a scoring card held at the end of the turn loses): an option that leaves
    more scoring cards in hand than action rounds left to play them."""
    hand = state["hands"][side]
    if not isinstance(hand, list):
        return
    held = sum(1 for c in hand if CARDS[c]["scoring"])
    left = _rounds_left(state, side, kind)
    for o in options:
        keep = held - (1 if CARDS.get(o.get("card"), {}).get("scoring") else 0)
        if keep > left:
            rounds = "no action round" if left == 0 else \
                f"only {left} action round{'s' if left != 1 else ''}"
            o["warning"] = (f"{keep} scoring card{'s' if keep != 1 else ''} would stay in your hand "
                            f"with {rounds} left to play {'them' if keep != 1 else 'it'}: a "
                            "scoring card held at the end of the turn loses the game.")


def _scoring_loss(state: dict, side: str, options: list) -> None:
    """Playing a scoring card whose region would give the enemy control of Europe or 20 VP."""
    enemy = ENEMY[side]
    for o in options:
        pts = query.scoring_preview(state, o.get("card"))
        if pts is None or "warning" in o:
            continue
        after = state["vp"] + pts["net"]
        if pts["europe_control"] == enemy:
            o["warning"] = f"Scoring Europe now gives the {enemy} control of Europe: you lose the game."
        elif (after <= -20 if enemy == "USSR" else after >= 20):
            o["warning"] = f"This scoring takes the {enemy} to 20 VP: you lose the game."


def _why(out: dict, side: str) -> str:
    """Why a what-if ended the game against ``side`` (no final full stop)."""
    reason = out["end_reason"] or "the game ends"
    if reason.startswith("DEFCON 1"):
        return "DEFCON would fall to 1 in your own action round"
    return f"the {ENEMY[side]} would win ({reason})"


def _loss_sentence(out: dict, side: str) -> str:
    why = _why(out, side)
    return why[0].upper() + why[1:] + ": you lose the game."


def _outcome(state: dict, index: int, side: str):
    """("warning", sentence) when option ``index`` ends the game against ``side`` whatever the
    dice, ("risk", sentence) when it can (by the dice, or by a choice it hands the enemy before
    ``side`` decides again), else None."""
    first = query.what_if(state, index, _SEEDS[0])
    rolled = first["state"]["rng"] != _SEEDED[0]
    outs = [first] + ([query.what_if(state, index, seed) for seed in _SEEDS[1:]] if rolled else [])
    lost = [o for o in outs if o["winner"] == ENEMY[side]]
    if lost and len(lost) == len(outs):
        return "warning", _loss_sentence(lost[0], side)
    if lost:
        return "risk", f"Depending on the dice, this can lose the game: {_why(lost[0], side)}."
    nxt = outs[0]["state"]
    p = nxt.get("pending")
    if nxt["winner"] is None and p and p["player"] != side:
        won = enemy_win(nxt)
        if won is not None:
            return "risk", (f"The {p['player']} could then end the game and win"
                            + (f" ({won['end_reason']})." if won["end_reason"] else "."))
    return None


#: the enemy look: at most this many enemy decisions in a row (Grain Sales to Soviets: play the
#: drawn card or give it back, conduct operations how, then the coup's target) ...
ENEMY_DEPTH = 3
#: ... and at most this many copies tried in all, for one option (a coup target costs one;
#: Star Wars' choice among eleven discarded cards, then Grain Sales' two uses and the kinds of
#: operations took more than 16, which left a coup that hands the USA that choice unmarked)
ENEMY_TRIES = 24
#: the enemy's decisions followed past the first: those that can lead to an event or a coup
#: (placing or removing influence and realigning end no game by themselves)
_LEADS_ON = frozenset(("play_mode", "ops_kind", "event_choice", "coup_target"))


def enemy_win(state: dict):
    """The what-if (``query.what_if``) that ends a line of the deciding side's own decisions,
    from ``state``, with the game won for it before the other side decides again, or None: the
    look behind a risk's "could then end the game and win" (the computer player asks it too).
    At DEFCON 2 lines of ``ENEMY_DEPTH`` decisions are looked at, else one decision."""
    p = state.get("pending")
    if state.get("winner") is not None or not p or not p["options"]:
        return None
    depth = ENEMY_DEPTH if state["defcon"] <= 2 else 1   # the chains found deeper are coups
    return _enemy_can_win(state, p["player"], depth, [ENEMY_TRIES])


def _enemy_can_win(state: dict, enemy: str, depth: int, tries: list):
    """The what-if of a line of ``enemy``'s own decisions, from ``state`` where it decides, that
    ends the game in its favour before the other side decides again (None if none is found).
    Looked at: decisions of at most MAX_TRIED options, ``depth`` of them in a row (past the
    first, only those of ``_LEADS_ON``), ``tries[0]`` copies in all (decremented); a coup target
    by the targets' DEFCON effect (:func:`_coup_that_wins`: no other coup ends a game in the
    coup's favour).  The dice of each copy are one seed's: a "could"."""
    won = _coup_that_wins(state, enemy)
    if won is not None or state["pending"].get("kind") == "coup_target":
        return won
    opts = state["pending"]["options"]
    if depth <= 0 or len(opts) > MAX_TRIED:
        return None
    deeper = []
    for j in range(len(opts)):
        if tries[0] <= 0:
            return None
        tries[0] -= 1
        o = query.what_if(state, j, _SEEDS[0])
        if o["winner"] == enemy:
            return o
        q = o["state"].get("pending")
        if o["winner"] is None and q and q["player"] == enemy and q.get("kind") in _LEADS_ON:
            deeper.append(o["state"])
    for nxt in deeper:      # every option one step first, then the lines that stay the enemy's
        won = _enemy_can_win(nxt, enemy, depth - 1, tries)
        if won is not None:
            return won
    return None


def _coup_that_wins(state: dict, enemy: str):
    """When ``enemy`` is to choose a coup target at DEFCON 2 ("Lone Gunman" gives it an
    operation, it chooses a coup, then where), the what-if of the first target whose coup
    lowers DEFCON, if that ends the game for ``enemy`` (rewrite 2.1.5(d): DEFCON 1 in the other
    side's round).  Only the targets' DEFCON effect is asked, then one copy is tried."""
    p = state.get("pending")
    if state["defcon"] > 2 or not p or p["player"] != enemy or p.get("kind") != "coup_target":
        return None
    ctx = {"ops_left": 0, **_stored(state)[1]}
    for j, o in enumerate(p["options"]):
        c = o.get("country")
        if c and query.coup_odds(state, enemy, c, _ops_for(ctx, c))["defcon_drop"]:
            out = query.what_if(state, j, _SEEDS[0])
            return out if out["winner"] == enemy else None
    return None


def _after_ops(first):
    """What an enemy card's "ops first" risks, given what its "event first" does: the event is
    resolved after the operations as surely as before them.  A loss by DEFCON stays a loss
    (no operation raises DEFCON: rewrite 2.1.5), so it is a warning; any other loss the
    operations might change first (control, VP) is a risk."""
    level = "warning" if first[0] == "warning" and first[1].startswith("DEFCON") else "risk"
    return level, "The enemy's event is resolved after your operations. " + first[1]


def _enemy_event_after_ops(state: dict, side: str, options: list, outs: list) -> None:
    """An enemy card played for operations (ops_first): see _after_ops."""
    first = next((out for o, out in zip(options, outs) if o.get("mode") == "event_first"), None)
    if first is None:
        return
    for o in options:
        if o.get("mode") == "ops_first" and "warning" not in o and "risk" not in o:
            level, sentence = _after_ops(first)
            o[level] = sentence


def _card_danger(state: dict, index: int, option: dict, side: str) -> None:
    """Playing a card: a warning when every use of it loses, a risk when some use can."""
    nxt = query.what_if(state, index, _SEEDS[0])["state"]
    if nxt["winner"] == ENEMY[side]:
        option["warning"] = _loss_sentence(nxt, side)
        return
    p = nxt.get("pending")
    if nxt["winner"] is not None or not p or p["player"] != side or p.get("kind") != "play_mode":
        return
    opts = p["options"]
    outs = [_outcome(nxt, i, side) if o.get("mode") in EVENT_MODES else None
            for i, o in enumerate(opts)]
    first = next((out for o, out in zip(opts, outs) if o.get("mode") == "event_first"), None)
    if first is not None:   # an enemy card: its event follows the operations just the same
        outs = [_after_ops(first) if o.get("mode") == "ops_first" else out
                for o, out in zip(opts, outs)]
    bad = [o for o in outs if o is not None]
    name = card_name(option["card"])
    if bad and len(bad) == len(outs) and all(o[0] == "warning" for o in bad):
        option["warning"] = f"Every use of {name} loses the game. " + bad[0][1]
    elif bad:
        option["risk"] = f"Some uses of {name} can end the game. " + bad[0][1]


# ---------------------------------------------------------------- privacy
def is_private(state: dict, decision: dict | None) -> bool:
    """A headline, the starting influence (placed looking at one's own hand), or any choice
    among the decider's own hidden cards, is made in private."""
    if decision is None:
        return False
    if decision.get("kind") in ("headline", "setup_influence", "handicap_influence"):
        return True
    side = decision["player"]
    own = set(state["hands"][side])
    return any(o.get("card") in own for o in decision["options"])
