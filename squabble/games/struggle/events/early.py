"""The Early War events (cards 1-35 without the scoring cards and The China Card, which live in
scoring.py), 103 Defectors and the optional 104 The Cambridge Five, 105 Special Relationship and
106 NORAD.  Written against docs/struggle-events-api.md; the decisions taken on unsettled points
are in docs/struggle-early-war.md.

Every choice is a decision of the side that makes it (``e.ask``, ``e.place``, ``e.remove``,
``e.ops``); random things use the state's generator or forced dice (``roll``,
``random_hand_card``).  Lasting effects are entries of ``state["effects"]`` read by hooks.
"""

from __future__ import annotations

from . import (ADJACENT, CHINA, ENEMY, HOOKS, REGION_SETS, REGIONS, SCORING_REGION, STABILITY,
               ops_words, active_hooks, add_effect, add_influence, add_milops, adjacent_controlled,
               advance_space, cancel_headline, card_name, card_side, ccw_unclaimed, controller,
               controls, degrade_defcon, discard, event, has_effect, hook, improve_defcon, inf,
               is_scoring, ops_value, opt, period, printed_ops, random_hand_card, remove_effect,
               remove_influence, roll, room_for_influence, start_task, task, vp)

EASTERN_EUROPE = REGIONS["Eastern Europe"]
WESTERN_EUROPE = REGIONS["Western Europe"]
EUROPE = REGION_SETS["Europe"]


# ---------------------------------------------------------------- shared pieces
def _take_over(state: dict, country: str, side: str) -> int:
    """A won war: the enemy's influence in ``country`` becomes ``side``'s, point for point."""
    n = remove_influence(state, country, ENEMY[side], inf(state, country, ENEMY[side]))
    add_influence(state, country, side, n)
    return n


def _war(e, country: str, modifier: int, vp_won: int = 2, milops: int = 2,
         need: int = 4) -> None:
    """Rewrite 2.3.11 war cards (classic rules "War Events"): one die for ``e.side`` plus
    ``modifier`` (never a coup: no DEFCON change, no DEFCON limit, no influence needed); ``need``
    or more wins ``vp_won`` VP and takes over the enemy's influence there; the MilOps are gained
    win or lose (the card's figure, never modified)."""
    st = e.state
    die = roll(st)
    total = die + modifier
    add_milops(st, e.side, milops)
    won = total >= need
    e.say(f"{card_name(e.card)}: {e.side} rolls {die}" + (f" {modifier:+d}" if modifier else "")
          + f" = {total}: " + ("victory." if won else "failure."),
          rolls=[{"side": e.side, "die": die, "mod": modifier, "total": total}])
    if won:
        n = _take_over(st, country, e.side)
        if n:
            e.say(f"{n} {e.enemy} influence in {country} becomes {e.side} influence.",
                  "influence", country=country, changes={e.enemy: -n, e.side: n})
        vp(st, e.side, vp_won)


def _gain_control(state: dict, country: str, side: str) -> None:
    """Fidel, Romanian Abdication: the enemy loses all its influence, then ``side`` adds only
    the influence still needed for control."""
    remove_influence(state, country, ENEMY[side], inf(state, country, ENEMY[side]))
    need = STABILITY[country] - inf(state, country, side)
    add_influence(state, country, side, need)


def _ops_and_why(state: dict, side: str, card: int) -> str:
    """A card's ops for ``side`` in words, with the effects that change them from its printed
    value: "3 ops", "3 ops: 2, +1 with Containment"."""
    printed, value = printed_ops(card), ops_value(state, side, card)
    if value == printed:
        return ops_words(value)
    why = []
    for effect in state["effects"]:
        fn = HOOKS["ops_mod"].get(effect["card"])
        n = fn(state, effect, side, card) if fn is not None else 0
        if n:
            why.append(f"{n:+d} with {card_name(effect['card'])}".replace("-", "−"))
    return f"{ops_words(value)}: {printed}, " + ", ".join(why) if why else ops_words(value)


def _side_ops_mod(state: dict, side: str, card) -> int:
    """The sum of the ops modifiers of ``side`` for ``card`` before they are clamped."""
    return sum(fn(state, args, side, card) for fn, args in active_hooks(state, "ops_mod"))


# ---------------------------------------------------------------- 004 Duck and Cover
@event(4)
def duck_and_cover(e):
    """DEFCON drops by one, then the USA gains 5 minus the new DEFCON in VP."""
    st = e.state
    degrade_defcon(st, 1, e.log, card=e.card)
    if st["winner"] is not None:
        return
    gain = 5 - st["defcon"]
    e.gain_vp("USA", gain, f"DEFCON drops to {st['defcon']}; the USA gains {gain} VP.")


# ---------------------------------------------------------------- 005 Five Year Plan
@event(5)
def five_year_plan(e):
    """The USSR discards a card at random from its hand; a US event on it is resolved by the USA
    (starred: eliminated if it occurs).  Any other card is simply discarded (no event, no
    scoring)."""
    st = e.state
    if e.step == 0:
        card = random_hand_card(st, "USSR")
        if card is None:
            e.say("Five Year Plan: the USSR has no card to discard.")
            return
        e.data["card"] = card
        e.say(f"Five Year Plan: the USSR discards {card_name(card)} at random.", "reveal",
              side="USSR", cards=[card])
        if card_side(card) == "USA":
            e.step = 1
            e.resolve(card, side="USA")
            return
        discard(st, card)


# ---------------------------------------------------------------- 007 Socialist Governments
@event(7)
def socialist_governments(e):
    """Remove 3 US influence from Western Europe, at most 2 from any one country."""
    if e.step == 0:
        e.step = 1
        e.remove(WESTERN_EUROPE, 3, max_per=2,
                 prompt="Socialist Governments: remove 1 US influence in Western Europe")


# ---------------------------------------------------------------- 008 Fidel
@event(8)
def fidel(e):
    """Cuba: all US influence removed, then USSR influence up to control."""
    _gain_control(e.state, "Cuba", "USSR")


# ---------------------------------------------------------------- 009 Vietnam Revolts
@event(9)
def vietnam_revolts(e):
    """Vietnam +2 USSR; until the end of the turn the USSR's operations are worth 1 more when
    every point goes to Southeast Asia."""
    add_influence(e.state, "Vietnam", "USSR", 2)
    add_effect(e.state, 9, "USSR", until="turn")


@hook("ops_bonus", 9)
def vietnam_revolts_bonus(state, args, side, card):
    """Rewrite silent; classic rules 7.4 example (China Card in Southeast Asia with Vietnam
    Revolts and Red Scare/Purge = 5): modifiers are summed, then floored at 1, so the bonus only
    counts as much as it lifts the floored value (a 1-op card under Red Scare/Purge stays 1)."""
    if side != "USSR":
        return None
    base = printed_ops(card) if card is not None else None
    if base is None:
        return ("Southeast Asia", 1)
    raw = min(base + _side_ops_mod(state, side, card), 4)
    bonus = max(1, raw + 1) - max(1, raw)
    return ("Southeast Asia", bonus) if bonus > 0 else None


# ---------------------------------------------------------------- 010 Blockade
def blockade_cover(state: dict) -> list:
    """The cards of the US hand that Blockade lets the USA discard to keep W. Germany: those
    worth 3 or more ops to the USA now (its own modifiers count)."""
    return [c for c in state["hands"]["USA"]
            if printed_ops(c) is not None and ops_value(state, "USA", c) >= 3]


@event(10)
def blockade(e):
    """The USA discards a card worth 3 or more ops (its own modifiers count) or loses all its
    influence in W. Germany; with no such card the loss is automatic."""
    st = e.state
    if e.step == 0:
        good = blockade_cover(st)
        if not good:
            n = remove_influence(st, "W. Germany", "USA", inf(st, "W. Germany", "USA"))
            e.say(f"Blockade: the USA has no card worth 3 ops and loses {n} influence in W. Germany.")
            return
        e.step = 1
        e.ask("USA", "Blockade: discard a card worth 3 or more ops, or lose all US influence in "
                     "W. Germany",
              [opt(f"Discard {card_name(c)}", mode="discard", card=c) for c in good]
              + [opt("Lose all US influence in W. Germany", mode="remove", country="W. Germany")])
        return
    if e.answer["mode"] == "discard":
        card = e.answer["card"]
        e.say(f"Blockade: the USA discards {card_name(card)} ({_ops_and_why(st, 'USA', card)}).")
        discard(st, card)
    else:
        n = remove_influence(st, "W. Germany", "USA", inf(st, "W. Germany", "USA"))
        e.say(f"Blockade: the USA loses {n} influence in W. Germany.")


# ---------------------------------------------------------------- 011 Korean War
@event(11)
def korean_war(e):
    """War in S. Korea: -1 per US-controlled neighbour (and -1 more under the Chinese Civil War
    variant until the USSR holds The China Card, rewrite 3.1.3)."""
    mod = -adjacent_controlled(e.state, "USA", "S. Korea")
    if ccw_unclaimed(e.state):
        mod -= 1
    _war(e, "S. Korea", mod)


# ---------------------------------------------------------------- 012 Romanian Abdication
@event(12)
def romanian_abdication(e):
    """Romania: all US influence removed, then USSR influence up to control."""
    _gain_control(e.state, "Romania", "USSR")


# ---------------------------------------------------------------- 013 Arab-Israeli War
@event(13)
def arab_israeli_war(e):
    """War in Israel: -1 per US-controlled neighbour and -1 if the USA controls Israel itself.
    (Camp David Accords blocks it through its own blocks_event hook.)"""
    mod = -adjacent_controlled(e.state, "USA", "Israel")
    if controls(e.state, "USA", "Israel"):
        mod -= 1
    _war(e, "Israel", mod)


# ---------------------------------------------------------------- 014 Comecon
@event(14)
def comecon(e):
    """1 USSR influence in each of 4 Eastern European countries the USA does not control."""
    if e.step == 0:
        e.step = 1
        ok = [c for c in EASTERN_EUROPE if not controls(e.state, "USA", c)]
        e.place(ok, 4, max_per=1, prompt="Comecon: add 1 USSR influence")


# ---------------------------------------------------------------- 015 Nasser
@event(15)
def nasser(e):
    """Egypt: +2 USSR, and the USA loses half its influence there, rounded up."""
    st = e.state
    add_influence(st, "Egypt", "USSR", 2)
    us = inf(st, "Egypt", "USA")
    remove_influence(st, "Egypt", "USA", (us + 1) // 2)


# ---------------------------------------------------------------- 016 Warsaw Pact Formed
@event(16)
def warsaw_pact(e):
    """Either all US influence leaves 4 Eastern European countries, or 5 USSR influence go to
    Eastern Europe (at most 2 per country).  Either way NATO becomes possible."""
    st = e.state
    if e.step == 0:
        add_effect(st, 16, "USSR")
        e.step = 1
        e.ask("USSR", "Warsaw Pact Formed: choose", [
            opt("Remove all US influence from 4 Eastern European countries", mode="choose", amount=0),
            opt("Add 5 USSR influence in Eastern Europe, at most 2 per country", mode="choose",
                amount=1)])
        return
    if e.step == 1:
        e.step = 2
        if e.answer["amount"] == 0:
            have = [c for c in EASTERN_EUROPE if inf(st, c, "USA")]
            e.remove(have, 4, amount=None, max_per=1,
                     prompt="Warsaw Pact Formed: remove all US influence from a country")
        else:
            e.place(EASTERN_EUROPE, 5, max_per=2, prompt="Warsaw Pact Formed: add 1 USSR influence")


# ---------------------------------------------------------------- 017 De Gaulle Leads France
@event(17)
def de_gaulle(e):
    """France: -2 US, +1 USSR; NATO never protects France again."""
    st = e.state
    remove_influence(st, "France", "USA", 2)
    add_influence(st, "France", "USSR", 1)
    add_effect(st, 17, "USSR")


# ---------------------------------------------------------------- 018 Captured Nazi Scientist
@event(18)
def captured_nazi_scientist(e):
    """The resolving side's Space Race marker advances one space (not a research attempt)."""
    advance_space(e.state, e.side, e.log)


# ---------------------------------------------------------------- 019 Truman Doctrine
@event(19)
def truman_doctrine(e):
    """All USSR influence leaves one European country that neither side controls."""
    if e.step == 0:
        e.step = 1
        st = e.state
        ok = [c for c in sorted(EUROPE) if controller(st, c) is None and inf(st, c, "USSR")]
        e.remove(ok, 1, amount=None,
                 prompt="Truman Doctrine: remove all USSR influence from an uncontrolled country")


# ---------------------------------------------------------------- 020 Olympic Games
@event(20)
def olympic_games(e):
    """The sponsor (the resolving side) asks the enemy: take part (both roll, the sponsor +2,
    the higher wins 2 VP, ties rolled again) or boycott (DEFCON -1, then the sponsor conducts
    operations with 4 ops)."""
    st = e.state
    if e.step == 0:
        e.step = 1
        e.ask(e.enemy, f"Olympic Games sponsored by the {e.side}: take part or boycott?", [
            opt("Take part", mode="participate"),
            opt("Boycott (DEFCON drops by one)", mode="boycott")])
        return
    if e.step == 1:
        if e.answer["mode"] == "participate":
            while True:
                mine, theirs = roll(st), roll(st)
                e.say(f"Olympic Games: {e.side} {mine}+2, {e.enemy} {theirs}.",
                      rolls=[{"side": e.side, "die": mine, "mod": 2, "total": mine + 2},
                             {"side": e.enemy, "die": theirs, "mod": 0, "total": theirs}])
                if mine + 2 != theirs:
                    break
            vp(st, e.side if mine + 2 > theirs else e.enemy, 2)
            return
        e.say(f"The {e.enemy} boycotts the Olympic Games.")
        degrade_defcon(st, 1, e.log, card=e.card)
        if st["winner"] is not None:
            return
        e.step = 2
        e.ops(4)


# ---------------------------------------------------------------- 021 NATO
def nato_protects(state: dict, country: str) -> bool:
    """NATO in force protects ``country`` now: it is in Europe, the USA controls it, and neither
    De Gaulle Leads France (France) nor Willy Brandt (W. Germany) took it out.  Brush War (36)
    should consult this for its target."""
    if not has_effect(state, 21) or country not in EUROPE:
        return False
    if country == "France" and has_effect(state, 17):
        return False
    if country == "W. Germany" and has_effect(state, 55):
        return False
    return controls(state, "USA", country)


@event(21, requires=lambda state, side: has_effect(state, 16) or has_effect(state, 23))
def nato(e):
    """From now on the USSR cannot coup or realign a US-controlled European country."""
    add_effect(e.state, 21, "USA")


@hook("can_target", 21)
def nato_target(state, args, side, action, country):
    return not (side == "USSR" and action in ("coup", "realign") and nato_protects(state, country))


# ---------------------------------------------------------------- 022 Independent Reds
INDEPENDENT_REDS = ("Bulgaria", "Czechoslovakia", "Hungary", "Romania", "Yugoslavia")


@event(22)
def independent_reds(e):
    """In one of five countries the USA adds influence up to the USSR's there."""
    st = e.state
    if e.step == 0:
        e.step = 1
        e.ask("USA", "Independent Reds: choose a country",
              [opt(f"{c}: add {max(0, inf(st, c, 'USSR') - inf(st, c, 'USA'))} US influence",
                   mode="choose", country=c) for c in INDEPENDENT_REDS])
        return
    c = e.answer["country"]
    n = max(0, inf(st, c, "USSR") - inf(st, c, "USA"))
    add_influence(st, c, "USA", n)
    e.say(f"Independent Reds: the USA adds {n} influence in {c} ({inf(st, c, 'USA')} US, "
          f"{inf(st, c, 'USSR')} USSR).", "influence", country=c, side="USA", n=n, amount=n)


# ---------------------------------------------------------------- 023 Marshall Plan
@event(23)
def marshall_plan(e):
    """1 US influence in each of 7 Western European countries the USSR does not control; NATO
    becomes possible."""
    if e.step == 0:
        add_effect(e.state, 23, "USA")
        e.step = 1
        ok = [c for c in WESTERN_EUROPE if not controls(e.state, "USSR", c)]
        e.place(ok, 7, max_per=1, prompt="Marshall Plan: add 1 US influence")


# ---------------------------------------------------------------- 024 Indo-Pakistani War
@event(24)
def indo_pakistani_war(e):
    """War in India or Pakistan (the resolving side chooses): -1 per enemy-controlled neighbour."""
    if e.step == 0:
        e.step = 1
        e.ask(e.side, "Indo-Pakistani War: invade which country?",
              [opt(f"Invade {c}", mode="choose", country=c) for c in ("India", "Pakistan")])
        return
    c = e.answer["country"]
    _war(e, c, -adjacent_controlled(e.state, e.enemy, c))


# ---------------------------------------------------------------- 025 Containment
@event(25)
def containment(e):
    """Until the end of the turn every card the USA plays is worth 1 more op (at most 4)."""
    add_effect(e.state, 25, "USA", until="turn")


@hook("ops_mod", 25)
def containment_ops(state, args, side, card):
    return 1 if side == "USA" else 0


# ---------------------------------------------------------------- 026 CIA Created
@event(26)
def cia_created(e):
    """The USSR shows its hand to the USA (once); then the USA conducts operations with this
    card's 1 op (its modifiers apply, ruling U-2: 2 under Containment)."""
    st = e.state
    if e.step == 0:
        hand = st["hands"]["USSR"]
        e.say("CIA Created: the USSR shows its hand: "
              + (", ".join(card_name(c) for c in hand) if hand else "no card") + ".", "reveal",
              side="USSR", cards=list(hand))
        e.step = 1
        e.ops(1, side="USA", card=26)


# ---------------------------------------------------------------- 027 US/Japan Mutual Defense Pact
@event(27)
def us_japan_pact(e):
    """The USA gains control of Japan (adding only what it needs); from now on the USSR cannot
    coup or realign Japan."""
    st = e.state
    add_influence(st, "Japan", "USA", inf(st, "Japan", "USSR") + STABILITY["Japan"] - inf(st, "Japan", "USA"))
    add_effect(st, 27, "USA")


@hook("can_target", 27)
def us_japan_target(state, args, side, action, country):
    return not (side == "USSR" and action in ("coup", "realign") and country == "Japan")


# ---------------------------------------------------------------- 028 Suez Crisis
@event(28)
def suez_crisis(e):
    """Remove 4 US influence from France, U.K. and Israel, at most 2 from each."""
    if e.step == 0:
        e.step = 1
        e.remove(["France", "Israel", "U.K."], 4, max_per=2,
                 prompt="Suez Crisis: remove 1 US influence")


# ---------------------------------------------------------------- 029 East European Unrest
@event(29)
def east_european_unrest(e):
    """1 USSR influence (2 in the Late War) leaves each of 3 Eastern European countries."""
    if e.step == 0:
        e.step = 1
        st = e.state
        amount = 2 if period(st) == "Late" else 1
        have = [c for c in EASTERN_EUROPE if inf(st, c, "USSR")]
        e.remove(have, 3, amount=amount, max_per=1,
                 prompt=f"East European Unrest: remove {amount} USSR influence from a country")


# ---------------------------------------------------------------- 030 Decolonization
@event(30)
def decolonization(e):
    """1 USSR influence in each of 4 countries of Africa or Southeast Asia."""
    if e.step == 0:
        e.step = 1
        where = sorted(REGION_SETS["Africa"] | REGION_SETS["Southeast Asia"])
        e.place(where, 4, max_per=1, prompt="Decolonization: add 1 USSR influence")


# ---------------------------------------------------------------- 031 Red Scare/Purge
def _red_scare_allowed(state, side):
    """Rewrite 3.1.3: under the Chinese Civil War variant the USSR cannot resolve it before it
    holds The China Card."""
    return not (side == "USSR" and ccw_unclaimed(state))


@event(31, requires=_red_scare_allowed)
def red_scare_purge(e):
    """Until the end of the turn every card the enemy plays is worth 1 op less (at least 1).
    Two of them stack (ruling U-8)."""
    add_effect(e.state, 31, e.side, until="turn")


@hook("ops_mod", 31)
def red_scare_ops(state, args, side, card):
    return -1 if side != args["by"] else 0


# ---------------------------------------------------------------- 032 UN Intervention
def _un_allowed(state, side):
    """It needs a card of the enemy's in the hand to be played with."""
    return any(card_side(c) == ENEMY[side] for c in state["hands"][side])


@event(32, requires=_un_allowed)
def un_intervention(e):
    """Played with a card of the enemy's from the hand: that card is discarded without its event
    and the player conducts operations with its ops value (own modifiers apply).  A headline is
    not played, so a headlined UN Intervention does nothing."""
    st = e.state
    if e.step == 0:
        if e.headline:
            e.say("UN Intervention cannot be used in the headline: it has no effect.")
            e.not_occurred()
            return
        cards = [c for c in st["hands"][e.side] if card_side(c) == e.enemy]
        e.step = 1
        e.ask(e.side, "UN Intervention: play it with which enemy card?",
              [opt(f"{card_name(c)} ({ops_words(printed_ops(c))}, its event is cancelled)",
                   mode="choose", card=c) for c in cards])
        return
    if e.step == 1:
        card = e.answer["card"]
        discard(st, card)
        e.say(f"UN Intervention: {card_name(card)} is discarded; its event does not happen.")
        e.step = 2
        e.ops(printed_ops(card), card=card)


# ---------------------------------------------------------------- 033 De-Stalinization
@event(33)
def de_stalinization(e):
    """The USSR takes up to 4 of its influence off the map, then puts the same amount in
    countries the USA does not control, at most 2 per country."""
    st = e.state
    if e.step == 0:
        e.step = 1
        have = [c for c in sorted(st["influence"]) if inf(st, c, "USSR")]
        e.remove(have, 4, side="USSR", optional=True,
                 prompt="De-Stalinization: take 1 USSR influence off the map (up to 4)")
        return
    if e.step == 1:
        moved = sum(e.result["removed"].values())
        e.data["moved"] = moved
        if not moved:
            return
        e.step = 2
        ok = [c for c in sorted(st["influence"]) if not controls(st, "USA", c)]
        e.place(ok, moved, max_per=2, prompt="De-Stalinization: put 1 USSR influence back")


# ---------------------------------------------------------------- 034 Nuclear Test Ban
@event(34)
def nuclear_test_ban(e):
    """The resolving side gains DEFCON - 2 VP; then DEFCON improves by 2."""
    st = e.state
    vp(st, e.side, max(0, st["defcon"] - 2))
    improve_defcon(st, 2, e.log, card=e.card)


# ---------------------------------------------------------------- 035 Formosan Resolution
def _formosan_allowed(state, side):
    """Rewrite 3.1.3: under the Chinese Civil War variant the USA cannot resolve it before the
    USSR holds The China Card."""
    return not ccw_unclaimed(state)


@event(35, requires=_formosan_allowed)
def formosan_resolution(e):
    """While the USA controls Taiwan it is a battleground when Asia is scored (final scoring
    too); ends when the USA plays The China Card."""
    add_effect(e.state, 35, "USA")


@hook("scoring", 35)
def formosan_scoring(state, args, ctx):
    if ctx["region"] == "Asia" and "Taiwan" in ctx["controlled"]["USA"]:
        ctx["battlegrounds"].add("Taiwan")


@hook("card_played", 35)
def formosan_china(state, args, side, card, use):
    if side == "USA" and card == CHINA:
        remove_effect(state, 35)


# ---------------------------------------------------------------- 103 Defectors
@event(103)
def defectors(e):
    """Headlined by the USA (or pulled into play by a US headline): the USSR headline, if not
    resolved yet, is cancelled and discarded.  Played by the USSR in an action round: the USA
    gains 1 VP.  Otherwise nothing."""
    st = e.state
    if e.headline:
        if e.by == "USA":
            hl = (st.get("headline") or {}).get("USSR")
            if cancel_headline(st, "USSR"):
                e.say(f"Defectors: the USSR headline {card_name(hl)} is cancelled.")
        return
    stack = st["stack"]
    parent = stack[-2] if len(stack) >= 2 else {}
    if e.by == "USSR" and parent.get("kind") == "round" and parent.get("card") == 103:
        vp(st, "USA", 1)


# ---------------------------------------------------------------- 104 The Cambridge Five
@event(104, requires=lambda state, side: period(state) != "Late")
def cambridge_five(e):
    """The USA shows the scoring cards in its hand; the USSR may add 1 influence in one country
    of a region one of them scores.  Cannot occur in the Late War."""
    st = e.state
    if e.step == 0:
        shown = sorted(c for c in st["hands"]["USA"] if is_scoring(c))
        e.say("The Cambridge Five: the USA shows "
              + (", ".join(card_name(c) for c in shown) if shown else "no scoring card") + ".",
              "reveal", side="USA", cards=list(shown))
        if not shown:
            return
        where = set()
        for c in shown:
            where |= REGION_SETS[SCORING_REGION[c]]
        e.step = 1
        e.place(sorted(where), 1, side="USSR", optional=True,
                prompt="The Cambridge Five: add 1 USSR influence (optional)")


# ---------------------------------------------------------------- 105 Special Relationship
@event(105)
def special_relationship(e):
    """Only if the USA controls the U.K.: 1 US influence in a country next to the U.K.; with NATO
    in force, 2 US influence in one Western European country and 2 VP instead."""
    st = e.state
    if e.step == 0:
        if not controls(st, "USA", "U.K."):
            e.say("Special Relationship: the USA does not control the U.K.; nothing happens.")
            e.not_occurred()
            return
        e.step = 1
        if has_effect(st, 21):
            e.data["nato"] = True
            e.ask("USA", "Special Relationship (NATO): add 2 US influence to a Western European country",
                  [opt(f"Add 2 influence to {c}", mode="place", country=c) for c in WESTERN_EUROPE
                   if room_for_influence(st, c, "USA")])
        else:
            near = sorted(a for a in ADJACENT["U.K."] if a not in ("USA", "USSR"))
            e.ask("USA", "Special Relationship: add 1 US influence next to the U.K.",
                  [opt(f"Add 1 influence to {c}", mode="place", country=c) for c in near
                   if room_for_influence(st, c, "USA")])
        return
    c = e.answer["country"]
    if e.data.get("nato"):
        add_influence(st, c, "USA", 2)
        vp(st, "USA", 2)
    else:
        add_influence(st, c, "USA", 1)


# ---------------------------------------------------------------- 106 NORAD
@event(106)
def norad(e):
    """From now on, after an action round in which DEFCON became 2 (ruling U-12), if the USA
    controls Canada it adds 1 influence to a country where it already has influence."""
    add_effect(e.state, 106, "USA")


@hook("round_end", 106)
def norad_round_end(state, args, side):
    if state["winner"] is None and (state.get("round") or {}).get("defcon2") \
            and controls(state, "USA", "Canada"):
        start_task(state, "norad", "USA")


@task("norad")
def norad_task(e):
    if e.step == 0:
        e.step = 1
        st = e.state
        have = [c for c in sorted(st["influence"]) if inf(st, c, "USA")]
        e.place(have, 1, side="USA", prompt="NORAD: add 1 US influence where the USA has some")
