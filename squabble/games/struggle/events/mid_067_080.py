"""Mid War events 067-080, Grain Sales to Soviets to "One Small Step..." (079 is a scoring
card, in scoring.py).  Part of the Mid War events: see mid.py."""

from __future__ import annotations

from . import (BATTLEGROUND, COUNTRIES, ENEMY, REGION_SETS, REGIONS, add_effect, add_influence,
               advance_space, card_name, card_side, controls, discard, draw, effect_args, event,
               has_effect, hook, inf, is_scoring, opt, pass_china, printed_ops, random_hand_card,
               remove_effect, remove_influence, start_task, take_card, task, to_hand, vp)
from ..data import REGION_VP, SPACE_END, SUPERPOWER_ADJ, ops_words
from .scoring import ADJ_BONUS_REGIONS, level
from .mid_050_066 import un_intervention_resolved, war_card_played_by_usa
from .mid_shared import AMERICAS
from ..engine import USE_STEPS, run_use_step, use_options


# ---------------------------------------------------------------- 067 Grain Sales to Soviets
@event(67)
def grain_sales(e):
    """The USA takes a random card from the USSR hand and plays it (any use, MW-11), or gives it
    back and conducts operations with this card's 2 ops."""
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
                options.append(opt(f"Play it with UN Intervention ({ops_words(printed_ops(card))}, no "
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
        # the steps of the card's use, as an action round runs them (engine.run_use_step), until
        # one starts a step of its own (the event, operations) or asks (the optional roll); the
        # event and the operations are this event's: resolved by it, granted by it
        stack = st["stack"]
        while e.data["todo"] and st["winner"] is None:
            depth = len(stack)
            run_use_step(st, "USA", card, e.data["todo"], e.log,
                         event=lambda: e.resolve(card),
                         ops=lambda kind: e.ops(printed_ops(card), card=card, kinds=(kind,) if kind
                                                else ("influence", "realign", "coup")))
            if len(stack) > depth or st["pending"] is not None:
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
    e.gain_vp("USA", n, f"Alliance for Progress: the USA gains {n} VP.")


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
