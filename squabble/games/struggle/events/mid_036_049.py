"""Mid War events 036-049, Brush War to Missile Envy (037 and 038 are scoring cards, in
scoring.py).  Part of the Mid War events: see mid.py."""

from __future__ import annotations

from . import (BATTLEGROUND, COUNTRIES, ENEMY, REGION_SETS, STABILITY, add_effect, add_influence,
               add_milops, adjacent_controlled, card_name, card_side, controls, degrade_defcon,
               discard, event, has_effect, hook, improve_defcon, inf, is_scoring, ops_value, opt,
               printed_ops, remove_effect, remove_influence, roll, room_for_influence,
               set_defcon, start_task,
               take_card, task, to_hand, vp, win)
from ..data import SCORED_REGIONS
from .early import _war, nato_protects
from .scoring import level
from .mid_shared import AMERICAS, OPS_USES, _envy_due, _rounds_left, _round_frame


# ---------------------------------------------------------------- 036 Brush War
def _brush_targets(state: dict, side: str) -> list:
    return [c for c in sorted(COUNTRIES) if STABILITY[c] <= 2
            and not (side == "USSR" and nato_protects(state, c))]


@event(36)
def brush_war(e):
    """War in a country of stability 1 or 2 (not a NATO-protected one for the USSR): -1 per
    enemy-controlled neighbour (superpower included); 3+ wins 1 VP and the enemy's influence
    there; 3 MilOps win or lose."""
    st = e.state
    if e.step == 0:
        e.step = 1
        e.ask(e.side, "Brush War: attack which country?",
              [opt(f"Attack {c}", mode="choose", country=c) for c in _brush_targets(st, e.side)])
        return
    c = e.answer["country"]
    _war(e, c, -adjacent_controlled(st, e.enemy, c), vp_won=1, milops=3, need=3)


# ---------------------------------------------------------------- 039 Arms Race
@event(39)
def arms_race(e):
    """More MilOps than the enemy: 1 VP, or 3 VP if also at least DEFCON."""
    st = e.state
    mine, theirs = st["milops"][e.side], st["milops"][e.enemy]
    if mine > theirs:
        gain = 3 if mine >= st["defcon"] else 1
        e.gain_vp(e.side, gain, f"Arms Race: the {e.side} gains {gain} VP.")
    else:
        e.say(f"Arms Race: the {e.side} does not have more MilOps; nothing happens.")


# ---------------------------------------------------------------- 040 Cuban Missile Crisis
CMC_PAY = {"USSR": ("Cuba",), "USA": ("W. Germany", "Turkey")}


@event(40)
def cuban_missile_crisis(e):
    """DEFCON becomes 2; until the end of the turn a coup by the enemy of the resolving side loses
    the game, unless that enemy first takes 2 of its influence out of Cuba (USSR) or W. Germany
    or Turkey (USA)."""
    st = e.state
    set_defcon(st, 2, e.log, card=e.card)
    if st["winner"] is not None:
        return
    add_effect(st, 40, e.side, until="turn", restricted=e.enemy)


@hook("coup_declared", 40)
def cmc_coup_declared(state, args, side, country):
    """MW-4: a coup by the restricted side ends the game as soon as it is declared, before
    MilOps, DEFCON (a battleground) and the die."""
    if args["restricted"] == side and state["winner"] is None:
        win(state, ENEMY[side], f"Cuban Missile Crisis: the {side} launched a coup")


@hook("card_played", 40)
def cmc_card_played(state, args, side, card, use):
    """MW-4: the restricted side may end the crisis before any play that could make it coup:
    its own play for a coup or an event, or the enemy's play of a card it resolves."""
    r = args["restricted"]
    could = (side == r and use in ("coup", "event", "event_first", "ops_first")) or \
            (side != r and card_side(card) == r and use in ("event_first", "ops_first"))
    if could and any(inf(state, x, r) >= 2 for x in CMC_PAY[r]):
        start_task(state, "cmc_cancel", r)


@task("cmc_cancel")
def cmc_cancel(e):
    st = e.state
    if not has_effect(st, 40):
        return
    if e.step == 0:
        e.step = 1
        e.ask(e.side, "Cuban Missile Crisis: remove 2 influence to end the crisis?",
              [opt(f"Remove 2 {e.side} influence from {c} (the crisis ends)", mode="remove",
                   country=c) for c in CMC_PAY[e.side] if inf(st, c, e.side) >= 2]
              + [opt("Keep the crisis going", mode="pass")])
        return
    if e.answer["mode"] == "remove":
        remove_influence(st, e.answer["country"], e.side, 2)
        remove_effect(st, 40)
        e.say(f"The {e.side} removes 2 influence from {e.answer['country']}: "
              "the Cuban Missile Crisis ends.")


# ---------------------------------------------------------------- 041 Nuclear Subs
@event(41)
def nuclear_subs(e):
    """Until the end of the turn US coups in battlegrounds do not lower DEFCON."""
    add_effect(e.state, 41, "USA", until="turn")


@hook("coup_defcon", 41)
def nuclear_subs_defcon(state, args, side, country):
    return side != "USA"


# ---------------------------------------------------------------- 042 Quagmire / 044 Bear Trap
@event(42)
def quagmire(e):
    """The USA is trapped from its next action round (MW-8); NORAD ends."""
    add_effect(e.state, 42, "USSR", trapped="USA")
    remove_effect(e.state, 106)


@event(44)
def bear_trap(e):
    """The USSR is trapped from its next action round (MW-8)."""
    add_effect(e.state, 44, "USA", trapped="USSR")


def trap_choices(state: dict, side: str):
    """(cards it may discard, scoring cards it may play) in a trapped action round (U-9)."""
    hand = state["hands"][side]
    scoring = [c for c in hand if is_scoring(c)]
    if scoring and len(scoring) >= _rounds_left(state, side):
        return [], scoring
    good = [c for c in hand if printed_ops(c) is not None and ops_value(state, side, c) >= 2]
    if 49 in good and _envy_due(state, side):
        good = [49]
    if good:
        return good, []
    return [], scoring


@hook("round_start", 42)
@hook("round_start", 44)
def trap_round_start(state, args, side):
    """MW-8: every action round of the trapped side is a trapped round, the first one after the
    headline included: the trap task plays it instead of the normal card choice."""
    if side != args.get("trapped"):
        return False
    start_task(state, "trap", side, trap=42 if args["trapped"] == "USA" else 44)
    return True


def remove_effect_args(state: dict, number: int, side: str) -> None:
    """End the instances of effect ``number`` whose args name ``side`` (Missile Envy)."""
    state["effects"] = [e for e in state["effects"]
                        if not (e["card"] == number and e.get("side") == side)]


@task("trap")
def trap_task(e):
    """One trapped action round: discard a card worth 2+ ops (its modified value; no event) and
    roll 1-4 to escape, or play a scoring card (U-9); with neither the round passes.  Not a
    normal card play: no card_played effects (U-11)."""
    st = e.state
    side = e.side
    name = card_name(e.data["trap"])
    if e.step == 0:
        e.say(f"Turn {st['turn']}, action round {st['action_round']}: the {side} is trapped by "
              f"{name}.")
        discards, scorings = trap_choices(st, side)
        remove_effect_args(st, 49, side)      # a Missile Envy obligation ends here (MW-10)
        options = [opt(f"Discard {card_name(c)} and roll to escape", mode="discard", card=c)
                   for c in discards] + \
                  [opt(f"Play {card_name(c)}", mode="play", card=c) for c in scorings]
        if not options:
            e.say(f"{name}: the {side} has no card worth 2 ops and no scoring card; "
                  "its action round passes.")
            return
        if st["action_round"] == 8:             # an eighth round stays optional (engine.h_round)
            options.append(opt("Play no card", mode="pass"))
        e.step = 1
        e.ask(side, f"Turn {st['turn']}, action round {st['action_round']}: {name}: "
                    f"discard a card worth 2 or more ops, then roll 1-4 to escape", options)
        return
    if e.step == 1:
        e.step = 2
        if e.answer["mode"] == "pass":
            e.say(f"{name}: the {side} takes no eighth action round.")
            return
        card = e.answer["card"]
        if e.answer["mode"] == "play":
            e.say(f"{name}: the {side} plays {card_name(card)}.")
            e.resolve(card)
            return
        discard(st, card)
        die = roll(st)
        rolls = [{"side": side, "die": die, "mod": 0, "total": die}]
        if die <= 4:
            remove_effect(st, e.data["trap"])
            e.say(f"{name}: the {side} discards {card_name(card)} and rolls {die}: it escapes.",
                  rolls=rolls)
        else:
            e.say(f"{name}: the {side} discards {card_name(card)} and rolls {die}: still "
                  f"trapped.", rolls=rolls)


@task("trap_round")
def trap_round_saved(e):
    """Only for games saved by an earlier version, whose trapped rounds were pushed as this task
    (it had already advanced the engine's cursor): it ends at once, and the engine's next
    action round starts the next trapped round itself (round_start)."""


# ---------------------------------------------------------------- 043 SALT Negotiations
@event(43)
def salt_negotiations(e):
    """DEFCON +2; coup rolls -1 for both sides this turn; the resolving side may take a
    non-scoring card from the discard pile into its hand (shown to the enemy)."""
    st = e.state
    if e.step == 0:
        improve_defcon(st, 2, e.log, card=e.card)
        add_effect(st, 43, e.side, until="turn")
        pile = [c for c in st["discard"] if not is_scoring(c)]
        e.step = 1
        e.ask(e.side, "SALT Negotiations: take a card from the discard pile?",
              [opt(f"Take {card_name(c)}", mode="choose", card=c) for c in pile]
              + [opt("Take no card", mode="pass")] if pile else [])
        return
    if e.answer and e.answer["mode"] == "choose":
        to_hand(st, e.answer["card"], e.side)
        e.say(f"SALT Negotiations: the {e.side} takes {card_name(e.answer['card'])} "
              "from the discard pile.")


@hook("coup_mod", 43)
def salt_coup_mod(state, args, side, country):
    return -1


# ---------------------------------------------------------------- 045 Summit
def plain_context(state: dict, region: str) -> dict:
    """A scoring context without the scoring hooks (Summit is not a scoring: MW-6)."""
    countries = set(REGION_SETS[region])
    controlled = {s: {c for c in countries if controls(state, s, c)} for s in ("USA", "USSR")}
    return {"region": region, "final": False, "countries": countries,
            "battlegrounds": countries & BATTLEGROUND, "controlled": controlled}


def summit_bonus(state: dict, side: str) -> int:
    """1 per region (the six scored regions) where ``side`` has domination or control."""
    return sum(1 for r in SCORED_REGIONS
               if level(plain_context(state, r), side) in ("domination", "control"))


@event(45)
def summit(e):
    """Both roll (the resolving side first) + 1 per region dominated or controlled; the higher
    gains 2 VP and may move DEFCON one step either way; a tie does nothing."""
    st = e.state
    if e.step == 0:
        rolls = []
        for side in (e.side, e.enemy):     # the resolving side's die first
            die = roll(st)
            bonus = summit_bonus(st, side)
            rolls.append({"side": side, "die": die, "mod": bonus, "total": die + bonus})
        mine, theirs = rolls[0]["total"], rolls[1]["total"]
        e.say(f"Summit: {e.side} {mine}, {e.enemy} {theirs}.", rolls=rolls)
        if mine == theirs:
            return
        w = e.side if mine > theirs else e.enemy
        vp(st, w, 2)
        if st["winner"] is not None:
            return
        e.data["winner"] = w
        e.step = 1
        options = []
        if st["defcon"] < 5:
            options.append(opt("Raise DEFCON by one", mode="choose", amount=1))
        options.append(opt("Lower DEFCON by one", mode="choose", amount=-1))
        options.append(opt("Leave DEFCON", mode="pass"))
        e.ask(w, f"Summit: the {w} wins 2 VP; move DEFCON?", options)
        return
    if e.answer["mode"] == "choose":
        if e.answer["amount"] > 0:
            improve_defcon(st, 1, e.log, card=e.card)
        else:
            degrade_defcon(st, 1, e.log, card=e.card)


# ---------------------------------------------------------------- 046 How I Learned to Stop Worrying
@event(46)
def how_i_learned(e):
    """The resolving side sets DEFCON to any level and gains 5 MilOps."""
    st = e.state
    if e.step == 0:
        add_milops(st, e.side, 5)
        e.step = 1
        e.ask(e.side, "How I Learned to Stop Worrying: set DEFCON to",
              [opt(f"DEFCON {n}" + (" (nuclear war: you lose)" if n == 1 else ""),
                   mode="choose", amount=n) for n in (5, 4, 3, 2, 1)])
        return
    set_defcon(st, e.answer["amount"], e.log, card=e.card)


# ---------------------------------------------------------------- 047 Junta
@event(47)
def junta(e):
    """2 influence in one Central or South American country; then the side may use this card's
    ops for free coups or free realignments in Central or South America (no MilOps)."""
    st = e.state
    where = sorted(AMERICAS)
    if e.step == 0:
        e.step = 1
        e.ask(e.side, "Junta: add 2 influence to which country?",
              [opt(f"Add 2 influence to {c}", mode="place", country=c) for c in where
               if room_for_influence(st, c, e.side)])
        return
    if e.step == 1:
        add_influence(st, e.answer["country"], e.side, 2)
        e.step = 2
        e.ask(e.side, "Junta: use its ops in Central or South America?", [
            opt("Free coup", mode="coup"), opt("Free realignments", mode="realign"),
            opt("Nothing more", mode="pass")])
        return
    if e.step == 2:
        if e.answer["mode"] == "pass":
            return
        e.step = 3
        e.ops(2, kinds=(e.answer["mode"],), countries=where, ignore_defcon=True, milops=False,
              card=47)


# ---------------------------------------------------------------- 048 Kitchen Debates
@event(48)
def kitchen_debates(e):
    """If the USA controls more battlegrounds than the USSR it gains 2 VP; otherwise the event
    does not occur (U-7: discarded)."""
    st = e.state
    usa = sum(1 for c in BATTLEGROUND if controls(st, "USA", c))
    ussr = sum(1 for c in BATTLEGROUND if controls(st, "USSR", c))
    if usa > ussr:
        e.gain_vp("USA", 2, f"Kitchen Debates: {usa} battlegrounds to {ussr}; the USA gains 2 VP.")
    else:
        e.say(f"Kitchen Debates: {usa} battlegrounds to {ussr}; nothing happens.")
        e.not_occurred()


# ---------------------------------------------------------------- 049 Missile Envy
@event(49)
def missile_envy(e):
    """Take the enemy's highest printed-ops card (U-3; scoring cards never, U-10; the enemy picks
    among ties) and give it this card, which it must play for operations in its next action
    round.  The taken card: own or neutral event -> resolved now; enemy event -> operations with
    it, no event, never the Space Race (U-4)."""
    st = e.state
    if e.step == 0:
        hand = [c for c in st["hands"][e.enemy] if printed_ops(c) is not None]
        if not hand:
            e.say(f"Missile Envy: the {e.enemy} has no card with an ops value; nothing happens.")
            return
        top = max(printed_ops(c) for c in hand)
        ties = sorted(c for c in hand if printed_ops(c) == top)
        if len(ties) > 1:
            e.step = 1
            e.ask(e.enemy, f"Missile Envy: give which {top}-ops card to the {e.side}?",
                  [opt(f"Give {card_name(c)}", mode="choose", card=c) for c in ties])
            return
        e.data["card"] = ties[0]
        e.step = 2
    if e.step == 1:
        e.data["card"] = e.answer["card"]
        e.step = 2
    if e.step == 2:
        card = e.data["card"]
        take_card(st, card)
        st["table"].append(card)
        e.keep()
        to_hand(st, 49, e.enemy)
        add_effect(st, 49, e.side, side=e.enemy)
        e.say(f"Missile Envy: the {e.side} takes {card_name(card)}; the {e.enemy} receives "
              "Missile Envy and must play it for operations next.")
        e.step = 3
        if card_side(card) == e.enemy:
            e.data["ops"] = True
            e.ops(printed_ops(card), card=card)
        else:
            e.resolve(card)
        return
    if e.step == 3 and e.data.get("ops"):
        discard(st, e.data["card"])


@hook("blocks_event", 49)
def missile_envy_no_event(state, args, card, side):
    """The side that must play Missile Envy for operations cannot choose its event."""
    return card == 49 and side == args["side"]


@hook("play_options", 49)
def missile_envy_options(state, args, side, card, options):
    """MW-10: in the obliged side's action round the only card it may play is Missile Envy (while
    it holds it; an eighth round may still be passed), and only for operations: no event, no
    Space Race (U-4).  An obligation carried into a new turn keeps it out of the headline.  Not
    a play of the side's own round (Grain Sales' card): no restriction."""
    if side != args["side"]:
        return options
    stack = state.get("stack") or []
    if card is None and stack and stack[-1].get("kind") == "headline":
        return [o for o in options if o.get("card") != 49]
    if _round_frame(state, side) is None:
        return options
    if card is None:
        if 49 not in state["hands"][side]:
            return options                       # it left the hand: the obligation lapses
        return [o for o in options if o.get("card") == 49 or o.get("mode") == "pass"]
    if card == 49:
        return [o for o in options if o.get("mode") in OPS_USES]
    return options


@hook("card_played", 49)
def missile_envy_obligation(state, args, side, card, use):
    """MW-10: the obliged side's next normal play ends the obligation: Missile Envy for
    operations, or anything once Missile Envy has left its hand (lapsed)."""
    if side == args["side"]:
        remove_effect_args(state, 49, side)
