"""The Late War events (cards 82-102) and the optional 107 Che, 108 Our Man in Tehran, 109 Yuri and
Samantha and 110 AWACS Sale to Saudis.  Written against docs/struggle-events-api.md; the decisions
taken on unsettled points are in docs/struggle-late-war.md (LW-n).

Every choice is a decision of the side that makes it (``e.ask``, ``e.place``, ``e.remove``,
``e.ops``); random things use the state's generator or forced dice.  Lasting effects are entries of
``state["effects"]`` read by hooks.  Mid War cards are only ever referred to by number (their
effects through has_effect/remove_effect): 55 Willy Brandt, 56 Muslim Revolution, 59 Flower Power,
61 OPEC, 68 John Paul II Elected Pope.
"""

from __future__ import annotations

from squabble import rng

from . import (CARDS, REGION_SETS, REGIONS, ops_words, add_effect, add_influence,
               adjacent_controlled, can_occur, card_name, controls, degrade_defcon, discard,
               event, has_effect, hook, improve_defcon, inf, is_battleground, is_scoring,
               make_ops_frame, ops_value, opt, printed_ops, random_hand_card, remove_effect,
               remove_influence, vp, win)
from .early import _war
from ..engine import legal_kinds

EUROPE = REGIONS["Europe"]
WESTERN_EUROPE = REGIONS["Western Europe"]
MIDDLE_EAST = REGIONS["Middle East"]
SOUTH_AMERICA = REGIONS["South America"]

KIND_TEXT = {"influence": "place influence", "realign": "make realignment rolls",
             "coup": "launch a coup"}


# ---------------------------------------------------------------- shared pieces
def _legal_kinds(state: dict, side: str, ops: int, kinds, *, countries=None,
                 ignore_defcon=False, card=None) -> list:
    """Which of ``kinds`` an e.ops(...) with these arguments could use now (the engine's own
    target rules: access, DEFCON limits, can_target hooks such as NATO or Chernobyl)."""
    probe = make_ops_frame(state, side, ops, card=card, kinds=kinds, countries=countries,
                           ignore_defcon=ignore_defcon, granted=True)
    return legal_kinds(state, probe)


def _offer_ops(e, ops: int, kinds, prompt: str, **ops_args) -> bool:
    """Ask ``e.side`` whether (and how) to use operations an event offers ("may"); returns False
    when no kind is possible (nothing is asked).  The answer comes back with mode "use" and the
    kind in "kind", or mode "pass"."""
    legal = _legal_kinds(e.state, e.side, ops, kinds, countries=ops_args.get("countries"),
                         ignore_defcon=ops_args.get("ignore_defcon", False), card=e.card)
    if not legal:
        e.say(f"{card_name(e.card)}: no legal target for the operations.")
        return False
    e.ask(e.side, prompt,
          [opt(f"Use the {ops_words(ops)} to {KIND_TEXT[k]}", mode="use", kind=k) for k in legal]
          + [opt("Do not use them", mode="pass")])
    return True


def _remove_all(state: dict, country: str, side: str) -> int:
    return remove_influence(state, country, side, inf(state, country, side))


# ---------------------------------------------------------------- 082 Iranian Hostage Crisis
@event(82)
def iranian_hostage_crisis(e):
    """Iran: all US influence removed, +2 USSR.  From now on Terrorism resolved by the USSR
    makes the USA discard two cards."""
    st = e.state
    _remove_all(st, "Iran", "USA")
    add_influence(st, "Iran", "USSR", 2)
    add_effect(st, 82, "USSR")


# ---------------------------------------------------------------- 083 The Iron Lady
@event(83)
def the_iron_lady(e):
    """Argentina +1 USSR; all USSR influence leaves the U.K.; the USA gains 1 VP; Socialist
    Governments (7) can no longer occur."""
    st = e.state
    add_influence(st, "Argentina", "USSR", 1)
    _remove_all(st, "U.K.", "USSR")
    add_effect(st, 83, "USA")
    vp(st, "USA", 1)


@hook("blocks_event", 83)
def iron_lady_blocks(state, args, card, side):
    return card == 7


# ---------------------------------------------------------------- 084 Reagan Bombs Libya
@event(84)
def reagan_bombs_libya(e):
    """The USA gains 1 VP for every 2 USSR influence in Libya (rounded down)."""
    gain = inf(e.state, "Libya", "USSR") // 2
    e.gain_vp("USA", gain, f"Reagan Bombs Libya: the USA gains {gain} VP.")


# ---------------------------------------------------------------- 085 Star Wars
def star_wars_choices(state: dict) -> list:
    """Cards of the discard pile whose event Star Wars may resolve now: not scoring cards, and
    only events that can occur (prerequisite met, not blocked) for the side that would resolve."""
    out = []
    for c in state["discard"]:
        if is_scoring(c):
            continue
        owner = CARDS[c]["side"]
        if can_occur(state, c, owner if owner in ("USA", "USSR") else "USA"):
            out.append(c)
    return out


@event(85)
def star_wars(e):
    """If the USA is strictly ahead on the Space Race, it picks a non-scoring card in the discard
    pile and that card's event is resolved at once (by its own side for an aligned card).  Not
    ahead: nothing happens and Star Wars is discarded (classic 5.2 example 4)."""
    st = e.state
    if e.step == 0:
        if st["space"]["USA"] <= st["space"]["USSR"]:
            e.say("Star Wars: the USA is not ahead on the Space Race; nothing happens.")
            e.not_occurred()
            return
        choices = star_wars_choices(st)
        if not choices:
            e.say("Star Wars: no event in the discard pile can be resolved.")
            return
        e.step = 1
        e.ask("USA", "Star Wars: resolve the event of a card from the discard pile",
              [opt(f"Resolve {card_name(c)}", mode="choose", card=c) for c in sorted(choices)])
        return
    if e.step == 1:
        e.step = 2
        card = e.answer["card"]
        e.say(f"Star Wars: the USA takes {card_name(card)} from the discard pile.")
        e.resolve(card)


# ---------------------------------------------------------------- 086 North Sea Oil
@event(86)
def north_sea_oil(e):
    """OPEC (61) can no longer occur; this turn the USA has 8 action rounds (not 9 with the
    Space Station)."""
    add_effect(e.state, 86, "USA", turn=e.state["turn"])


@hook("blocks_event", 86)
def north_sea_oil_blocks(state, args, card, side):
    return card == 61


@hook("action_rounds", 86)
def north_sea_oil_rounds(state, args, side, count):
    if side == "USA" and args.get("turn") == state["turn"]:
        return max(count, 8)
    return count


# ---------------------------------------------------------------- 087 The Reformer
@event(87)
def the_reformer(e):
    """4 USSR influence in Europe (6 if the USSR is ahead on VP), at most 2 per country; from
    now on the USSR cannot coup in Europe, and Glasnost (90) grants its operations."""
    st = e.state
    if e.step == 0:
        add_effect(st, 87, "USSR")
        n = 6 if st["vp"] < 0 else 4
        e.step = 1
        e.place(EUROPE, n, side="USSR", max_per=2,
                prompt=f"The Reformer: add {n} USSR influence in Europe, at most 2 per country")


@hook("can_target", 87)
def reformer_no_coup(state, args, side, action, country):
    return not (side == "USSR" and action == "coup" and country in REGION_SETS["Europe"])


# ---------------------------------------------------------------- 088 Marine Barracks Bombing
@event(88)
def marine_barracks_bombing(e):
    """All US influence leaves Lebanon; then the USSR removes 2 more US influence anywhere in
    the Middle East (both from one country if it likes)."""
    st = e.state
    if e.step == 0:
        _remove_all(st, "Lebanon", "USA")
        e.step = 1
        e.remove(MIDDLE_EAST, 2, side="USA",
                 prompt="Marine Barracks Bombing: remove 1 US influence in the Middle East")


# ---------------------------------------------------------------- 089 Soviets Shoot Down KAL-007
@event(89)
def kal_007(e):
    """DEFCON drops by one and the USA gains 2 VP; then, if the USA controls S. Korea, it may
    use 4 ops to place influence or make realignment rolls (never a coup)."""
    st = e.state
    if e.step == 0:
        degrade_defcon(st, 1, e.log, card=e.card)
        if st["winner"] is not None:
            return
        vp(st, "USA", 2)
        if st["winner"] is not None or not controls(st, "USA", "S. Korea"):
            return
        e.step = 1
        _offer_ops(e, 4, ("influence", "realign"),
                   "Soviets Shoot Down KAL-007: use 4 ops (the USA controls S. Korea)?")
        return
    if e.step == 1 and e.answer["mode"] == "use":
        e.step = 2
        e.ops(4, kinds=(e.answer["kind"],), card=89)


# ---------------------------------------------------------------- 090 Glasnost
@event(90)
def glasnost(e):
    """DEFCON improves by one and the USSR gains 2 VP; then, with The Reformer (87) in force, the
    USSR may use 4 ops to place influence or make realignment rolls (never a coup)."""
    st = e.state
    if e.step == 0:
        improve_defcon(st, 1, e.log, card=e.card)
        vp(st, "USSR", 2)
        if st["winner"] is not None or not has_effect(st, 87):
            return
        e.step = 1
        _offer_ops(e, 4, ("influence", "realign"),
                   "Glasnost: use 4 ops (The Reformer is in force)?")
        return
    if e.step == 1 and e.answer["mode"] == "use":
        e.step = 2
        e.ops(4, kinds=(e.answer["kind"],), card=90)


# ---------------------------------------------------------------- 091 Ortega Elected in Nicaragua
ORTEGA_TARGETS = ("Costa Rica", "Cuba", "Honduras")


@event(91)
def ortega(e):
    """All US influence leaves Nicaragua; then the USSR may make a free coup (no MilOps, no
    DEFCON limit; a battleground still lowers DEFCON) with this card's 2 ops in Costa Rica, Cuba
    or Honduras."""
    st = e.state
    if e.step == 0:
        _remove_all(st, "Nicaragua", "USA")
        e.step = 1
        _offer_ops(e, 2, ("coup",), "Ortega Elected in Nicaragua: free coup next to Nicaragua?",
                   countries=ORTEGA_TARGETS, ignore_defcon=True)
        return
    if e.step == 1 and e.answer["mode"] == "use":
        e.step = 2
        e.ops(2, kinds=("coup",), countries=ORTEGA_TARGETS, ignore_defcon=True, milops=False,
              card=91)


# ---------------------------------------------------------------- 092 Terrorism
@event(92)
def terrorism(e):
    """The enemy of the resolving side discards a card at random (The China Card never); two
    when the USSR resolves it while Iranian Hostage Crisis (82) is in force."""
    st = e.state
    n = 2 if e.enemy == "USA" and has_effect(st, 82) else 1
    for _ in range(n):
        card = random_hand_card(st, e.enemy)
        if card is None:
            e.say(f"Terrorism: the {e.enemy} has no card left to discard.")
            return
        discard(st, card)
        e.say(f"Terrorism: the {e.enemy} discards {card_name(card)} at random.", "reveal",
              side=e.enemy, cards=[card])


# ---------------------------------------------------------------- 093 Iran-Contra Scandal
@event(93)
def iran_contra(e):
    """Until the end of the turn every US realignment die is 1 lower."""
    add_effect(e.state, 93, "USSR", until="turn")


@hook("realign_mod", 93)
def iran_contra_mod(state, args, roller, country, acting):
    """LW-5: the US die of every realignment (twistr, herbix), whoever makes it."""
    return -1 if roller == "USA" else 0


# ---------------------------------------------------------------- 094 Chernobyl
#: the regions Chernobyl may name (Europe covers both halves, Asia covers Southeast Asia)
CHERNOBYL_REGIONS = ("Europe", "Asia", "Middle East", "Africa", "Central America",
                     "South America")


@event(94)
def chernobyl(e):
    """The USA names a region: until the end of the turn the USSR cannot place influence there
    with operations (events, coups and realignments are not affected)."""
    if e.step == 0:
        e.step = 1
        e.ask("USA", "Chernobyl: name a region",
              [opt(f"Name {r}", mode="choose", region=r) for r in CHERNOBYL_REGIONS])
        return
    region = e.answer["region"]
    add_effect(e.state, 94, "USA", until="turn", region=region)
    e.say(f"Chernobyl: the USSR cannot place influence in {region} with operations this turn.")


@hook("can_target", 94)
def chernobyl_target(state, args, side, action, country):
    return not (side == "USSR" and action == "influence"
                and country in REGION_SETS[args["region"]])


# ---------------------------------------------------------------- 095 Latin American Debt Crisis
@event(95)
def latin_american_debt_crisis(e):
    """The USA discards a card worth 3 or more ops for it (its modifiers count), or the USSR
    doubles its influence in 2 South American countries; with no such card, the doubling."""
    st = e.state
    if e.step == 0:
        good = [c for c in st["hands"]["USA"]
                if printed_ops(c) is not None and ops_value(st, "USA", c) >= 3]
        if good:
            e.step = 1
            e.ask("USA", "Latin American Debt Crisis: discard a card worth 3 or more ops, or the "
                         "USSR doubles its influence in 2 South American countries",
                  [opt(f"Discard {card_name(c)}", mode="discard", card=c) for c in good]
                  + [opt("Let the USSR double its influence", mode="pass")])
            return
        e.say("Latin American Debt Crisis: the USA has no card worth 3 ops.")
        e.step = 2
        e.data["doubled"] = []
    elif e.step == 1:
        if e.answer["mode"] == "discard":
            discard(st, e.answer["card"])
            e.say(f"Latin American Debt Crisis: the USA discards {card_name(e.answer['card'])}.")
            return
        e.step = 2
        e.data["doubled"] = []
    else:
        c = e.answer["country"]
        was = inf(st, c, "USSR")
        k = add_influence(st, c, "USSR", was)     # (at most core.MAX_INFLUENCE)
        e.data["doubled"].append(c)
        e.say(f"Latin American Debt Crisis: USSR influence in {c} doubled."
              if k == was else f"Latin American Debt Crisis: USSR influence in {c} goes from "
              f"{was} to {was + k} (the most a country holds).", "influence", country=c,
              side="USSR", amount=k)
    done = e.data["doubled"]
    if len(done) >= 2:
        return
    where = [c for c in SOUTH_AMERICA if c not in done and inf(st, c, "USSR")]
    e.ask("USSR", f"Latin American Debt Crisis: double USSR influence in a South American "
                  f"country ({2 - len(done)} left)",
          [opt(f"Double in {c} ({inf(st, c, 'USSR')} -> {2 * inf(st, c, 'USSR')})",
               mode="choose", country=c) for c in where])


# ---------------------------------------------------------------- 096 Tear Down this Wall
@event(96)
def tear_down_this_wall(e):
    """E. Germany +3 US; Willy Brandt (55) ends and can no longer occur; then the USA may use
    this card's 3 ops for a free coup or for realignment rolls in Europe, whatever DEFCON."""
    st = e.state
    if e.step == 0:
        add_influence(st, "E. Germany", "USA", 3)
        remove_effect(st, 55)
        add_effect(st, 96, "USA")
        e.step = 1
        _offer_ops(e, 3, ("coup", "realign"),
                   "Tear Down this Wall: free coup or realignments in Europe?",
                   countries=EUROPE, ignore_defcon=True)
        return
    if e.step == 1 and e.answer["mode"] == "use":
        e.step = 2
        e.ops(3, kinds=(e.answer["kind"],), countries=EUROPE, ignore_defcon=True, milops=False,
              card=96)


@hook("blocks_event", 96)
def tear_down_blocks(state, args, card, side):
    return card == 55


# ---------------------------------------------------------------- 097 "An Evil Empire"
@event(97)
def an_evil_empire(e):
    """The USA gains 1 VP; Flower Power (59) ends and can no longer occur."""
    st = e.state
    remove_effect(st, 59)
    add_effect(st, 97, "USA")
    vp(st, "USA", 1)


@hook("blocks_event", 97)
def evil_empire_blocks(state, args, card, side):
    return card == 59


# ---------------------------------------------------------------- 098 Aldrich Ames Remix
@event(98)
def aldrich_ames_remix(e):
    """The USA shows its hand to the USSR for the rest of the turn (effect 98); the USSR picks one
    card of it, which the USA discards (no event, no scoring)."""
    st = e.state
    if e.step == 0:
        add_effect(st, 98, "USSR", until="turn")
        hand = st["hands"]["USA"]
        e.say("Aldrich Ames Remix: the USA shows its hand: "
              + (", ".join(card_name(c) for c in hand) if hand else "no card") + ".", "reveal",
              side="USA", cards=list(hand))
        if not hand:
            return
        e.step = 1
        e.ask("USSR", "Aldrich Ames Remix: choose the card the USA discards",
              [opt(f"Discard {card_name(c)}", mode="discard", card=c) for c in hand])
        return
    card = e.answer["card"]
    discard(st, card)
    e.say(f"Aldrich Ames Remix: the USA discards {card_name(card)}.")


# ---------------------------------------------------------------- 099 Pershing II Deployed
@event(99)
def pershing_ii(e):
    """The USSR gains 1 VP, then removes 1 US influence from each of up to 3 Western European
    countries."""
    st = e.state
    if e.step == 0:
        vp(st, "USSR", 1)
        if st["winner"] is not None:
            return
        e.step = 1
        e.remove(WESTERN_EUROPE, 3, side="USA", max_per=1, optional=True,
                 prompt="Pershing II Deployed: remove 1 US influence from a Western European "
                        "country (up to 3 countries)")


# ---------------------------------------------------------------- 100 Wargames
@event(100)
def wargames(e):
    """Only at DEFCON 2: the resolving side may end the game; the enemy first gains 6 VP, then
    the side ahead wins (a tie is a draw).  At another DEFCON nothing happens and the card is
    discarded (FAQ #100)."""
    st = e.state
    if e.step == 0:
        if st["defcon"] != 2:
            e.say("Wargames: DEFCON is not 2; nothing happens.")
            e.not_occurred()
            return
        e.step = 1
        e.ask(e.side, f"Wargames: end the game now? (the {e.enemy} first gains 6 VP, then the "
                      "side ahead wins)",
              [opt("End the game", mode="end"), opt("Go on playing", mode="pass")])
        return
    if e.answer["mode"] != "end":
        e.say(f"Wargames: the {e.side} goes on playing.")
        return
    e.gain_vp(e.enemy, 6, f"Wargames: the {e.side} ends the game; the {e.enemy} gains 6 VP.")
    if st["winner"] is None:
        v = st["vp"]
        win(st, "USA" if v > 0 else "USSR" if v < 0 else "draw", "Wargames")


# ---------------------------------------------------------------- 101 Solidarity
@event(101, requires=lambda state, side: has_effect(state, 68))
def solidarity(e):
    """Poland +3 US.  Only once John Paul II Elected Pope (68) has occurred."""
    add_influence(e.state, "Poland", "USA", 3)


# ---------------------------------------------------------------- 102 Iran-Iraq War
@event(102)
def iran_iraq_war(e):
    """War in Iran or Iraq (the resolving side chooses): -1 per enemy-controlled neighbour; 4 or
    more wins 2 VP and takes over the enemy's influence there; +2 MilOps either way."""
    if e.step == 0:
        e.step = 1
        e.ask(e.side, "Iran-Iraq War: invade which country?",
              [opt(f"Invade {c}", mode="choose", country=c) for c in ("Iran", "Iraq")])
        return
    c = e.answer["country"]
    _war(e, c, -adjacent_controlled(e.state, e.enemy, c))


# ---------------------------------------------------------------- 107 Che
CHE_COUNTRIES = tuple(sorted(c for c in REGION_SETS["Africa"] | REGION_SETS["Central America"]
                             | REGION_SETS["South America"] if not is_battleground(c)))


@event(107)
def che(e):
    """The USSR may coup (3 ops, its modifiers; MilOps count) a non-battleground country of
    Africa, Central or South America; if that coup removed US influence it may coup a second,
    different one of those countries."""
    st = e.state
    if e.step == 0:
        e.data["before"] = {c: inf(st, c, "USA") for c in CHE_COUNTRIES}
        e.step = 1
        _offer_ops(e, 3, ("coup",), "Che: coup a non-battleground country of Africa, Central or "
                                    "South America?", countries=CHE_COUNTRIES)
        return
    if e.step == 1:
        if e.answer["mode"] != "use":
            return
        e.step = 2
        e.ops(3, kinds=("coup",), countries=CHE_COUNTRIES, card=107)
        return
    if e.step == 2:
        first = (e.result or {}).get("coup")
        if first is None or inf(st, first, "USA") >= e.data["before"][first]:
            return
        e.data["first"] = first
        e.data["targets"] = [c for c in CHE_COUNTRIES if c != first]
        e.step = 3
        _offer_ops(e, 3, ("coup",), f"Che: the coup in {first} removed US influence; coup a "
                                    "second country?", countries=e.data["targets"])
        return
    if e.step == 3 and e.answer["mode"] == "use":
        e.step = 4
        e.ops(3, kinds=("coup",), countries=e.data["targets"], card=107)


# ---------------------------------------------------------------- 108 Our Man in Tehran
@event(108)
def our_man_in_tehran(e):
    """If the USA controls a Middle East country: it looks at the top 5 cards of the draw pile,
    discards any of them (shown to the USSR; no event, no scoring), and the draw pile is
    shuffled.  Otherwise nothing happens and the card is discarded."""
    st = e.state
    deck = st["deck"]
    if e.step == 0:
        if not any(controls(st, "USA", c) for c in MIDDLE_EAST):
            e.say("Our Man in Tehran: the USA controls no Middle East country; nothing happens.")
            e.not_occurred()
            return
        if len(deck) < 5 and st["discard"]:
            # drawing from an exhausted pile reshuffles the discard pile (rewrite 2.3.1(a)): the
            # cards still in the pile come first, then the reshuffled discards
            rest = list(st["discard"])
            st["discard"].clear()
            rng.shuffle(st, rest)
            deck.extend(rest)
        e.data["looked"] = list(deck[:5])
        e.step = 1
    elif e.answer["mode"] == "discard":
        card = e.answer["card"]
        discard(st, card)
        e.data["looked"].remove(card)
        e.say(f"Our Man in Tehran: the USA discards {card_name(card)}.")
    else:
        e.data["looked"] = []
    looked = e.data["looked"]
    if looked:
        e.ask("USA", "Our Man in Tehran: the top cards of the draw pile; discard any of them",
              [opt(f"Discard {card_name(c)}", mode="discard", card=c) for c in looked]
              + [opt("Return the others to the draw pile", mode="done")])
        return
    rng.shuffle(st, deck)
    e.say("Our Man in Tehran: the draw pile is shuffled.")


# ---------------------------------------------------------------- 109 Yuri and Samantha
@event(109)
def yuri_and_samantha(e):
    """Until the end of the turn the USSR gains 1 VP for each US coup (free coups too)."""
    add_effect(e.state, 109, "USSR", until="turn")


@hook("coup_done", 109)
def yuri_and_samantha_coup(state, args, side, country, result):
    """Called once after every coup (operations.do_coup): a US coup pays the USSR 1 VP."""
    if side == "USA":
        vp(state, "USSR", 1)


# ---------------------------------------------------------------- 110 AWACS Sale to Saudis
@event(110)
def awacs(e):
    """Saudi Arabia +2 US; Muslim Revolution (56) can no longer occur."""
    add_influence(e.state, "Saudi Arabia", "USA", 2)
    add_effect(e.state, 110, "USA")


@hook("blocks_event", 110)
def awacs_blocks(state, args, card, side):
    return card == 56
