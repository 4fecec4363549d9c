"""The Mid War events (cards 36-81 without the scoring cards 37, 38, 79 and 81, which live in
scoring.py).  Written against docs/struggle-events-api.md; the decisions taken on unsettled points
are in docs/struggle-mid-war.md (MW-n).

Every choice is a decision of the side that makes it (``e.ask``, ``e.place``, ``e.remove``,
``e.ops``); random things use the state's generator or forced dice (``roll``,
``random_hand_card``).  Lasting effects are entries of ``state["effects"]`` read by hooks.

Helpers meant for other modules (Late War cards):

* ``flower_power_active(state)`` - 059 Flower Power is in force (An Evil Empire ends it with
  ``remove_effect(state, 59)`` and blocks it with a ``blocks_event`` hook).
* ``willy_brandt_active(state)`` - 055's effect is in force (Tear Down this Wall ends it with
  ``remove_effect(state, 55)``; 055 cannot occur while effect 96 is in force).
* ``john_paul_elected(state)`` - 068 occurred (Solidarity's prerequisite).
* ``un_intervention_resolved(state)`` - 060 U2 Incident pays its extra VP (once).  Not needed for
  an event resolution of UN Intervention, which the ``event_done`` hook sees wherever it happens
  (Star Wars included); only a pairing that runs no event frame calls it (Grain Sales).
* ``war_card_played_by_usa(state, card, use)`` - call it when the USA plays a war card outside a
  normal action-round play: 059 Flower Power pays the USSR.
* ``trapped_by(state, side)`` - the card (42 Quagmire / 44 Bear Trap) trapping ``side``, or None.
"""

from __future__ import annotations

from . import (BATTLEGROUND, COUNTRIES, ENEMY, REGION_SETS, REGIONS, STABILITY,
               add_effect, add_influence, add_milops, adjacent_controlled, advance_space,
               card_name, card_side, ccw_unclaimed, controls, degrade_defcon, discard, draw,
               effect_args, event, has_effect, hook, improve_defcon, inf, is_scoring, ops_value,
               opt, pass_china, printed_ops, random_hand_card, remove_effect, remove_influence,
               roll, set_defcon, start_task, take_card, task, to_hand, vp, win)
from ..data import REGION_VP, SCORED_REGIONS, SPACE_END, SUPERPOWER_ADJ
from .early import _war, nato_protects
from .scoring import ADJ_BONUS_REGIONS, level

WAR_CARDS = frozenset((11, 13, 24, 36, 102))
AMERICAS = REGION_SETS["Central America"] | REGION_SETS["South America"]
OPS_USES = ("influence", "realign", "coup")


# ---------------------------------------------------------------- shared pieces
def _round_frame(state: dict, side: str):
    """The action-round frame of ``side`` if it is the running step: the play is ``side``'s own
    action-round play (play_options hooks)."""
    stack = state.get("stack") or []
    if stack and stack[-1].get("kind") == "round" and stack[-1].get("side") == side:
        return stack[-1]
    return None


def trapped_by(state: dict, side: str):
    """42 Quagmire (USA) or 44 Bear Trap (USSR) if ``side`` is trapped now, else None."""
    for card, args in zip(state["effects"], state["effect_args"]):
        if card in (42, 44) and args.get("trapped") == side:
            return card
    return None


def _envy_due(state: dict, side: str) -> bool:
    """``side`` must play 049 Missile Envy for operations in its action round (MW-10): an
    obligation names it and the card is still in its hand."""
    return any(a.get("side") == side for a in effect_args(state, 49)) \
        and 49 in state["hands"][side]


def _rounds_left(state: dict, side: str) -> int:
    """Action rounds of ``side`` still to come this turn, the current one included."""
    from ..engine import rounds_for
    return max(1, rounds_for(state, side) - state["action_round"] + 1)


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
        e.say(f"Arms Race: the {e.side} gains {gain} VP.")
        vp(st, e.side, gain)
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
    keep = [(c, a) for c, a in zip(state["effects"], state["effect_args"])
            if not (c == number and a.get("side") == side)]
    state["effects"] = [c for c, _ in keep]
    state["effect_args"] = [a for _, a in keep]


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
        if die <= 4:
            remove_effect(st, e.data["trap"])
            e.say(f"{name}: the {side} discards {card_name(card)} and rolls {die}: it escapes.")
        else:
            e.say(f"{name}: the {side} discards {card_name(card)} and rolls {die}: still trapped.")


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
        mine = roll(st) + summit_bonus(st, e.side)
        theirs = roll(st) + summit_bonus(st, e.enemy)
        e.say(f"Summit: {e.side} {mine}, {e.enemy} {theirs}.")
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
              [opt(f"Add 2 influence to {c}", mode="place", country=c) for c in where])
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
        e.say(f"Kitchen Debates: {usa} battlegrounds to {ussr}; the USA gains 2 VP.")
        vp(st, "USA", 2)
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


# ---------------------------------------------------------------- 050 "We Will Bury You"
@event(50)
def we_will_bury_you(e):
    """DEFCON -1; the USSR gains 3 VP at the USA's next normal card play unless it is UN
    Intervention played for its event (U-11)."""
    st = e.state
    degrade_defcon(st, 1, e.log, card=e.card)
    if st["winner"] is not None:
        return
    add_effect(st, 50, "USSR")


@hook("card_played", 50)
def we_will_bury_you_check(state, args, side, card, use):
    """U-11: the USA's next normal card play (a trapped round is none: it is played by the
    round_start hook of Quagmire, which no card_played hook sees)."""
    if side != "USA":
        return
    remove_effect(state, 50)
    if (card, use) != (32, "event"):
        vp(state, "USSR", 3)


# ---------------------------------------------------------------- 051 Brezhnev Doctrine
@event(51)
def brezhnev_doctrine(e):
    """Until the end of the turn every card the USSR plays is worth 1 more op (at most 4)."""
    add_effect(e.state, 51, "USSR", until="turn")


@hook("ops_mod", 51)
def brezhnev_ops(state, args, side, card):
    return 1 if side == "USSR" else 0


# ---------------------------------------------------------------- 052 Portuguese Empire Crumbles
@event(52)
def portuguese_empire_crumbles(e):
    add_influence(e.state, "SE African States", "USSR", 2)
    add_influence(e.state, "Angola", "USSR", 2)


# ---------------------------------------------------------------- 053 South African Unrest
@event(53)
def south_african_unrest(e):
    """2 USSR influence in South Africa, or 1 there and 2 in one of Angola or Botswana (U-5)."""
    st = e.state
    if e.step == 0:
        e.step = 1
        e.ask("USSR", "South African Unrest: choose", [
            opt("Add 2 influence to South Africa", mode="choose", country="South Africa"),
            opt("Add 1 to South Africa and 2 to Angola", mode="choose", country="Angola"),
            opt("Add 1 to South Africa and 2 to Botswana", mode="choose", country="Botswana")])
        return
    c = e.answer["country"]
    if c == "South Africa":
        add_influence(st, c, "USSR", 2)
    else:
        add_influence(st, "South Africa", "USSR", 1)
        add_influence(st, c, "USSR", 2)


# ---------------------------------------------------------------- 054 Allende
@event(54)
def allende(e):
    add_influence(e.state, "Chile", "USSR", 2)


# ---------------------------------------------------------------- 055 Willy Brandt
def willy_brandt_active(state: dict) -> bool:
    return has_effect(state, 55)


@event(55, requires=lambda state, side: not has_effect(state, 96))
def willy_brandt(e):
    """USSR +1 VP and +1 in W. Germany; NATO stops protecting W. Germany (early.nato_protects)
    until Tear Down this Wall (96) ends the effect."""
    st = e.state
    vp(st, "USSR", 1)
    add_influence(st, "W. Germany", "USSR", 1)
    add_effect(st, 55, "USSR")


# ---------------------------------------------------------------- 056 Muslim Revolution
MUSLIM_REVOLUTION = ("Egypt", "Iran", "Iraq", "Jordan", "Libya", "Saudi Arabia", "Sudan", "Syria")


@event(56, requires=lambda state, side: not has_effect(state, 110))
def muslim_revolution(e):
    """All US influence leaves 2 of the eight countries (cannot occur after AWACS, 110)."""
    if e.step == 0:
        e.step = 1
        st = e.state
        have = [c for c in MUSLIM_REVOLUTION if inf(st, c, "USA")]
        e.remove(have, 2, amount=None, max_per=1,
                 prompt="Muslim Revolution: remove all US influence from a country")


# ---------------------------------------------------------------- 057 ABM Treaty
@event(57)
def abm_treaty(e):
    """DEFCON +1, then operations with this card's 4 ops (the side's modifiers apply, U-2)."""
    if e.step == 0:
        improve_defcon(e.state, 1, e.log, card=e.card)
        e.step = 1
        e.ops(4, card=57)


# ---------------------------------------------------------------- 058 Cultural Revolution
@event(58, requires=lambda state, side: not ccw_unclaimed(state))
def cultural_revolution(e):
    """The USA holds The China Card: the USSR takes it face up.  The USSR holds it: +1 VP."""
    st = e.state
    holder = st["china"]["holder"]
    if holder == "USA":
        pass_china(st, "USSR", True)
        e.say("Cultural Revolution: the USSR takes The China Card, face up.")
    elif holder == "USSR":
        vp(st, "USSR", 1)


# ---------------------------------------------------------------- 059 Flower Power
def flower_power_active(state: dict) -> bool:
    return has_effect(state, 59)


@event(59, requires=lambda state, side: not has_effect(state, 97))
def flower_power(e):
    """From now on the USSR gains 2 VP each time the USA plays a war card for operations or its
    event (never the Space Race, never a headline: MW-12)."""
    add_effect(e.state, 59, "USSR")


def war_card_played_by_usa(state: dict, card: int, use: str) -> None:
    if has_effect(state, 59) and card in WAR_CARDS and use != "space":
        vp(state, "USSR", 2)


@hook("card_played", 59)
def flower_power_watch(state, args, side, card, use):
    if side == "USA" and card in WAR_CARDS and use != "space":
        vp(state, "USSR", 2)


# ---------------------------------------------------------------- 060 U2 Incident
@event(60)
def u2_incident(e):
    """USSR +1 VP; this turn, if UN Intervention's event is resolved later, +1 VP more (once)."""
    vp(e.state, "USSR", 1)
    add_effect(e.state, 60, "USSR", until="turn")


def un_intervention_resolved(state: dict) -> None:
    """U2 Incident's extra VP (once).  Called by its ``event_done`` hook, and by Grain Sales when
    the taken card is played together with UN Intervention (no event frame runs then)."""
    if has_effect(state, 60):
        remove_effect(state, 60)
        vp(state, "USSR", 1)


@hook("event_done", 60)
def u2_watch(state, args, card, side, occurred):
    """Every UN Intervention event that occurred, however it was reached (a play, Star Wars,
    Missile Envy)."""
    if card == 32 and occurred:
        un_intervention_resolved(state)


# ---------------------------------------------------------------- 061 OPEC
OPEC = ("Egypt", "Gulf States", "Iran", "Iraq", "Libya", "Saudi Arabia", "Venezuela")


@event(61, requires=lambda state, side: not has_effect(state, 86))
def opec(e):
    """USSR +1 VP per OPEC country it controls (cannot occur after North Sea Oil, 86)."""
    n = sum(1 for c in OPEC if controls(e.state, "USSR", c))
    e.say(f"OPEC: the USSR controls {n} of the seven countries.")
    vp(e.state, "USSR", n)


# ---------------------------------------------------------------- 062 "Lone Gunman"
@event(62)
def lone_gunman(e):
    """The USA shows its hand (once); the USSR conducts operations with 1 op (U-2)."""
    st = e.state
    if e.step == 0:
        hand = st["hands"]["USA"]
        e.say('"Lone Gunman": the USA shows its hand: '
              + (", ".join(card_name(c) for c in hand) if hand else "no card") + ".", "reveal",
              side="USA", cards=list(hand))
        e.step = 1
        e.ops(1, side="USSR", card=62)


# ---------------------------------------------------------------- 063 Colonial Rear Guards
@event(63)
def colonial_rear_guards(e):
    """1 US influence in each of 4 countries of Africa or Southeast Asia."""
    if e.step == 0:
        e.step = 1
        where = sorted(REGION_SETS["Africa"] | REGION_SETS["Southeast Asia"])
        e.place(where, 4, max_per=1, prompt="Colonial Rear Guards: add 1 US influence")


# ---------------------------------------------------------------- 064 Panama Canal Returned
@event(64)
def panama_canal_returned(e):
    for c in ("Costa Rica", "Panama", "Venezuela"):
        add_influence(e.state, c, "USA", 1)


# ---------------------------------------------------------------- 065 Camp David Accords
@event(65)
def camp_david_accords(e):
    """USA +1 VP and +1 in Egypt, Israel, Jordan; Arab-Israeli War can no longer occur."""
    st = e.state
    vp(st, "USA", 1)
    for c in ("Egypt", "Israel", "Jordan"):
        add_influence(st, c, "USA", 1)
    add_effect(st, 65, "USA")


@hook("blocks_event", 65)
def camp_david_blocks(state, args, card, side):
    return card == 13


# ---------------------------------------------------------------- 066 Puppet Governments
@event(66)
def puppet_governments(e):
    """The USA may add 1 influence to each of up to 3 countries empty of both sides."""
    if e.step == 0:
        e.step = 1
        st = e.state
        empty = [c for c in sorted(COUNTRIES) if not inf(st, c, "USA") and not inf(st, c, "USSR")]
        e.place(empty, 3, max_per=1, optional=True,
                prompt="Puppet Governments: add 1 US influence to an empty country (optional)")


# ---------------------------------------------------------------- 067 Grain Sales to Soviets
@event(67)
def grain_sales(e):
    """The USA takes a random card from the USSR hand and plays it (any use, MW-11), or gives it
    back and conducts operations with this card's 2 ops."""
    from ..engine import USE_STEPS, research, use_options
    st = e.state
    if e.step == 0:
        card = random_hand_card(st, "USSR")
        if card is None:
            e.say("Grain Sales to Soviets: the USSR has no card; the USA conducts 2 ops.")
            e.step = 9
            e.ops(2, card=67)
            return
        take_card(st, card)
        st["table"].append(card)
        e.data["card"] = card
        e.say(f"Grain Sales to Soviets: the USA takes {card_name(card)}.", "reveal",
              side="USSR", cards=[card])
        if is_scoring(card):
            options = [opt(f"Play {card_name(card)} (score now)", mode="event")]
        else:
            options = use_options(st, "USA", card)
            if card_side(card) == "USSR" and 32 in st["hands"]["USA"] and not e.headline:
                options.append(opt(f"Play it with UN Intervention ({printed_ops(card)} ops, no "
                                   "USSR event)", mode="un"))
        options.append(opt("Give it back and conduct 2 ops with Grain Sales", mode="return"))
        e.step = 1
        e.ask("USA", f"Grain Sales to Soviets: play {card_name(card)} or give it back?", options)
        return
    card = e.data.get("card")
    if e.step == 1:
        mode = e.answer["mode"]
        if mode == "return":
            to_hand(st, card, "USSR")
            e.step = 9
            e.ops(2, card=67)
            return
        if mode == "un":
            discard(st, 32)
            discard(st, card)
            un_intervention_resolved(st)
            e.say(f"The USA plays {card_name(card)} with UN Intervention: its event does not "
                  "happen.")
            e.step = 9
            e.ops(printed_ops(card), card=card)
            return
        war_card_played_by_usa(st, card, mode)
        e.data["todo"] = list(USE_STEPS.get(mode, ("discard", "ops:" + mode)))
        e.step = 2
    if e.step == 2:
        while e.data["todo"]:
            step = e.data["todo"].pop(0)
            if step == "event":
                e.resolve(card)
                return
            if step == "discard":
                discard(st, card)
            elif step == "space":
                discard(st, card)
                research(st, "USA", e.log)
                if st["winner"] is not None:
                    return
            else:
                kind = step[4:]
                e.ops(printed_ops(card), card=card,
                      kinds=(kind,) if kind else ("influence", "realign", "coup"))
                return


# ---------------------------------------------------------------- 068 John Paul II Elected Pope
def john_paul_elected(state: dict) -> bool:
    return has_effect(state, 68)


@event(68)
def john_paul_ii(e):
    """Poland: -2 USSR, +1 US; Solidarity (101) becomes possible."""
    st = e.state
    remove_influence(st, "Poland", "USSR", 2)
    add_influence(st, "Poland", "USA", 1)
    add_effect(st, 68, "USA")


# ---------------------------------------------------------------- 069 Latin American Death Squads
@event(69)
def death_squads(e):
    """This turn the resolving side's coups in Central/South America get +1, the enemy's -1."""
    add_effect(e.state, 69, e.side, until="turn")


@hook("coup_mod", 69)
def death_squads_coup(state, args, side, country):
    if country not in AMERICAS:
        return 0
    return 1 if side == args["by"] else -1


# ---------------------------------------------------------------- 070 OAS Founded
@event(70)
def oas_founded(e):
    if e.step == 0:
        e.step = 1
        e.place(sorted(AMERICAS), 2, prompt="OAS Founded: add 1 US influence")


# ---------------------------------------------------------------- 071 Nixon Plays the China Card
@event(71)
def nixon_plays_the_china_card(e):
    """The USSR holds The China Card: the USA takes it face down.  Otherwise (the USA holds it,
    or nobody under the Chinese Civil War variant, rewrite 3.1.3) the USA gains 2 VP."""
    st = e.state
    if st["china"]["holder"] == "USSR":
        pass_china(st, "USA", False)
        e.say("Nixon Plays the China Card: the USA takes The China Card, face down.")
    else:
        vp(st, "USA", 2)


# ---------------------------------------------------------------- 072 Sadat Expels Soviets
@event(72)
def sadat_expels_soviets(e):
    st = e.state
    remove_influence(st, "Egypt", "USSR", inf(st, "Egypt", "USSR"))
    add_influence(st, "Egypt", "USA", 1)


# ---------------------------------------------------------------- 073 Shuttle Diplomacy
@event(73)
def shuttle_diplomacy(e):
    """The card stays on the table in front of the USA; at the next Asia or Middle East scoring
    card one USSR-controlled battleground there is left out of the scoring (U-6)."""
    e.keep()
    add_effect(e.state, 73, "USA")


def _shuttle_candidates(state: dict, region: str) -> list:
    return sorted(c for c in REGION_SETS[region] & BATTLEGROUND if controls(state, "USSR", c))


def _points(ctx: dict, side: str) -> int:
    region = ctx["region"]
    presence, domination, control = REGION_VP[region]
    lv = level(ctx, side)
    mine = ctx["controlled"][side]
    pts = len(mine & ctx["battlegrounds"])
    if region in ADJ_BONUS_REGIONS:
        pts += len(mine & SUPERPOWER_ADJ[ENEMY[side]])
    pts += {"presence": presence, "domination": domination, "control": control or 0}.get(lv, 0)
    return pts


def _without(ctx: dict, country: str) -> dict:
    return {"region": ctx["region"], "final": ctx["final"],
            "countries": ctx["countries"] - {country},
            "battlegrounds": ctx["battlegrounds"] - {country},
            "controlled": {s: v - {country} for s, v in ctx["controlled"].items()}}


@hook("card_played", 73)
def shuttle_ask(state, args, side, card, use):
    """MW-13: when an Asia or Middle East scoring card is played in an action round, the USA
    chooses the battleground first."""
    if card not in (1, 3):
        return
    region = "Asia" if card == 1 else "Middle East"
    if len(_shuttle_candidates(state, region)) > 1:
        start_task(state, "shuttle", "USA", region=region)


@task("shuttle")
def shuttle_task(e):
    st = e.state
    if e.step == 0:
        e.step = 1
        e.ask("USA", f"Shuttle Diplomacy: which USSR battleground is left out of the "
                     f"{e.data['region']} scoring?",
              [opt(f"Leave out {c}", mode="choose", country=c)
               for c in _shuttle_candidates(st, e.data["region"])])
        return
    for a in effect_args(st, 73):
        a["choice"] = e.answer["country"]


@hook("scoring", 73)
def shuttle_scoring(state, args, ctx):
    if ctx["final"] or ctx["region"] not in ("Asia", "Middle East"):
        return
    cands = sorted(c for c in ctx["controlled"]["USSR"] & ctx["battlegrounds"])
    pick = args.get("choice")
    if pick not in cands:
        # no decision could be asked (headline, a card played by an event): the choice best for
        # the USA, the first in alphabetical order on a tie
        pick = None
        best = None
        for c in cands:
            alt = _without(ctx, c)
            net = _points(alt, "USA") - _points(alt, "USSR")
            if best is None or net > best:
                best, pick = net, c
    if pick is not None:
        ctx["countries"].discard(pick)
        ctx["battlegrounds"].discard(pick)
        for s in ("USA", "USSR"):
            ctx["controlled"][s].discard(pick)
    remove_effect(state, 73)
    discard(state, 73)


# ---------------------------------------------------------------- 074 The Voice of America
@event(74)
def voice_of_america(e):
    """Remove 4 USSR influence from countries outside Europe, at most 2 from any one."""
    if e.step == 0:
        e.step = 1
        st = e.state
        have = [c for c in sorted(COUNTRIES)
                if c not in REGION_SETS["Europe"] and inf(st, c, "USSR")]
        e.remove(have, 4, max_per=2, prompt="The Voice of America: remove 1 USSR influence")


# ---------------------------------------------------------------- 075 Liberation Theology
@event(75)
def liberation_theology(e):
    if e.step == 0:
        e.step = 1
        e.place(REGIONS["Central America"], 3, max_per=2,
                prompt="Liberation Theology: add 1 USSR influence")


# ---------------------------------------------------------------- 076 Ussuri River Skirmish
@event(76)
def ussuri_river_skirmish(e):
    """The USSR holds The China Card: the USA takes it face up.  Otherwise (the USA holds it, or
    nobody under the Chinese Civil War variant) 4 US influence in Asia, at most 2 per country."""
    st = e.state
    if e.step == 0:
        if st["china"]["holder"] == "USSR":
            pass_china(st, "USA", True)
            e.say("Ussuri River Skirmish: the USA takes The China Card, face up.")
            return
        e.step = 1
        e.place(REGIONS["Asia"], 4, max_per=2, prompt="Ussuri River Skirmish: add 1 US influence")


# ---------------------------------------------------------------- 077 "Ask Not What Your Country..."
@event(77)
def ask_not(e):
    """The USA discards any number of cards from its hand, one decision each, then draws as
    many."""
    st = e.state
    if e.step == 1 and e.answer is not None:
        if e.answer["mode"] == "discard":
            discard(st, e.answer["card"])
            e.data["n"] = e.data.get("n", 0) + 1
        else:
            e.step = 2
    if e.step in (0, 1) and st["hands"]["USA"]:
        e.step = 1
        e.ask("USA", '"Ask Not": discard a card (you will draw as many as you discard)',
              [opt(f"Discard {card_name(c)}", mode="discard", card=c) for c in st["hands"]["USA"]]
              + [opt("Done", mode="done")])
        return
    n = e.data.get("n", 0)
    for _ in range(n):
        draw(st, "USA")
    e.say(f'"Ask Not": the USA discards and draws {n} card' + ("" if n == 1 else "s") + ".",
          "draw", side="USA", n=n)


# ---------------------------------------------------------------- 078 Alliance for Progress
@event(78)
def alliance_for_progress(e):
    st = e.state
    n = sum(1 for c in AMERICAS & BATTLEGROUND if controls(st, "USA", c))
    e.say(f"Alliance for Progress: the USA gains {n} VP.")
    vp(st, "USA", n)


# ---------------------------------------------------------------- 080 "One Small Step..."
@event(80)
def one_small_step(e):
    """Strictly behind on the Space Race: the marker moves two spaces; only the space reached
    pays VP (MW-14)."""
    st = e.state
    side = e.side
    if st["space"][side] >= st["space"][e.enemy]:
        e.say('"One Small Step": the resolving side is not behind; nothing happens.')
        return
    if st["space"][side] + 2 <= SPACE_END:
        st["space"][side] += 1
    advance_space(st, side, e.log)
