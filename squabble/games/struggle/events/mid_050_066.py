"""Mid War events 050-066, "We Will Bury You" to Puppet Governments.  Part of the Mid War
events: see mid.py."""

from __future__ import annotations

from . import (COUNTRIES, REGION_SETS, add_effect, add_influence, card_name, ccw_unclaimed,
               controls, degrade_defcon, event, has_effect, hook, improve_defcon, inf, opt,
               pass_china, remove_effect, vp)
from .mid_shared import WAR_CARDS


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


def flower_power_war_card(state: dict, card: int) -> bool:
    """A war card for Flower Power: not Arab-Israeli War once Camp David Accords (65) is in
    effect -- its event can no longer occur, so it is no longer a war card (MW-12, the ruling of
    the official digital edition)."""
    return card in WAR_CARDS and not (card == 13 and has_effect(state, 65))


def war_card_played_by_usa(state: dict, card: int, use: str) -> None:
    if has_effect(state, 59) and flower_power_war_card(state, card) and use != "space":
        vp(state, "USSR", 2)


@hook("card_played", 59)
def flower_power_watch(state, args, side, card, use):
    if side == "USA" and flower_power_war_card(state, card) and use != "space":
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
