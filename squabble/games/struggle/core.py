"""State helpers shared by the rules engine and the events: influence, control, tracks, cards, effects.

Every function takes the game state (a plain JSON dict) and mutates it in place.  Nothing here asks a
decision but ``ask``, which every step that asks one calls; decisions are frames on
``state["stack"]`` (see engine.py and events/__init__.py).
"""

from __future__ import annotations

import re

from squabble import rng
from squabble.games.logline import LogLine, marker
from .data import (ADJACENT, BATTLEGROUND, CARDS, CHINA, COUNTRIES, ENEMY, REGION_SETS,
                   SPACE_END, SPACE_RACE, STABILITY, SUPERPOWER_ADJ, card_name)

# ---------------------------------------------------------------- registries (code, never state)
#: card number -> event function ``fn(e)`` (e is an events.Event)
EVENTS: dict = {}
#: card number -> ``fn(state, side) -> bool``: False means the event cannot occur now
REQUIRES: dict = {}
#: task name -> function ``fn(e)`` run like an event but not tied to playing a card (NORAD, ...)
TASKS: dict = {}
#: hook name -> {card number -> fn}; a hook is consulted only while its card is in state["effects"]
HOOKS: dict = {name: {} for name in (
    "ops_mod", "ops_bonus", "can_target", "coup_mod", "realign_mod", "coup_defcon",
    "scoring", "card_played", "round_end", "action_rounds", "blocks_event", "turn_end",
    "coup_done", "coup_declared", "event_done", "play_options", "round_start")}


def active_hooks(state: dict, name: str):
    """Yield (fn, args) for every effect in force that registered hook ``name``."""
    table = HOOKS[name]
    if not table:
        return
    for effect in state["effects"]:
        fn = table.get(effect["card"])
        if fn is not None:
            yield fn, effect


# ---------------------------------------------------------------- asking a decision
#: the kinds of decision the engine asks (docs/engine-protocol.md, "Twilight Struggle: kind and context")
KINDS = ("headline", "action_card", "play_mode", "ops_kind", "influence", "coup_target",
         "realign_target", "discard", "remove_influence", "place_influence", "event_choice",
         "setup_influence", "handicap_influence", "space_roll")


#: a full stop doubled where a name ending in one ("U.K.") ends a sentence (not an ellipsis)
_DOUBLE_STOP = re.compile(r"(?<!\.)\.\.(?!\.)")


def one_stop(text: str) -> str:
    """``text`` with a name's full stop serving as the sentence's ("in U.K.." -> "in U.K.")."""
    return _DOUBLE_STOP.sub(".", text) if ".." in text else text


def say(log, text: str, kind: str = "note", **data) -> None:
    """Append a log line: its text (the protocol's) with a kind and data beside it (LogLine)."""
    if log is not None:
        log.append(LogLine(one_stop(text), kind, **data))


def ask(state: dict, side: str, prompt: str, options: list, kind: str, card=None, **context) -> None:
    """Ask ``side`` to choose one of ``options``: the pending DECISION, saying what it is
    (``kind``, one of KINDS) and its facts (``context``: the card in play, always present, plus
    the kind's own keys, plain JSON)."""
    context["card"] = card
    state["pending"] = {"player": side, "prompt": prompt, "options": options, "kind": kind,
                        "context": context}


def card_in_play(state: dict):
    """The card whose play or event the top of the stack is part of (None in the set-up)."""
    for f in reversed(state["stack"]):
        c = f.get("card")
        if isinstance(c, int):
            return c
    return None


# ---------------------------------------------------------------- influence and control
def inf(state: dict, country: str, side: str) -> int:
    return state["influence"][country][side]


def controls(state: dict, side: str, country: str) -> bool:
    """Rewrite 2.1.9(c); a superpower always controls itself (2.1.8(a))."""
    if country in ("USA", "USSR"):
        return country == side
    c = state["influence"][country]
    return c[side] >= STABILITY[country] + c[ENEMY[side]]


def controller(state: dict, country: str):
    c = state["influence"][country]
    s = STABILITY[country]
    if c["USA"] >= s + c["USSR"]:
        return "USA"
    if c["USSR"] >= s + c["USA"]:
        return "USSR"
    return None


MAX_INFLUENCE = 99   # a side's influence in one country: far above any real game, and the bound
# ``load`` checks, so play never makes a state that ``load`` refuses (extra influence is lost)


def add_influence(state: dict, country: str, side: str, n: int = 1) -> int:
    """Place ``n`` influence of ``side`` in ``country`` (2.2.2(a)), at most MAX_INFLUENCE;
    returns how many were placed (less than ``n`` only against the bound)."""
    if n <= 0:
        return 0
    c = state["influence"][country]
    k = min(n, MAX_INFLUENCE - c[side])
    if k > 0:
        c[side] += k
    return max(0, k)


def room_for_influence(state: dict, country: str, side: str) -> bool:
    """Whether one more ``side`` influence fits in ``country`` (MAX_INFLUENCE): an option to
    place one where none fits is never offered."""
    return state["influence"][country][side] < MAX_INFLUENCE


def remove_influence(state: dict, country: str, side: str, n: int = 1) -> int:
    """Remove up to ``n`` influence (never below zero, 2.2.2(b)); returns how many were removed."""
    c = state["influence"][country]
    k = min(max(n, 0), c[side])
    c[side] -= k
    return k


def adjacent_controlled(state: dict, side: str, country: str) -> int:
    """How many countries or superpowers adjacent to ``country`` ``side`` controls."""
    infl = state["influence"]
    enemy = ENEMY[side]
    n = 0
    for a in ADJACENT[country]:
        if a == side:
            n += 1
        elif a != enemy:
            c = infl[a]
            if c[side] >= STABILITY[a] + c[enemy]:
                n += 1
    return n


def in_region(country: str, region: str) -> bool:
    return country in REGION_SETS[region]


#: the lowest DEFCON at which a country may be realigned or couped (rewrite 2.1.5(a)-(c))
DEFCON_FLOOR = {c: (5 if "Europe" in info["regions"] else 4 if "Asia" in info["regions"]
                    else 3 if "Middle East" in info["regions"] else 1)
                for c, info in COUNTRIES.items()}


def defcon_allows(state: dict, country: str) -> bool:
    """Whether DEFCON allows a coup or realignment in ``country`` now (2.1.5(a)-(c))."""
    return state["defcon"] >= DEFCON_FLOOR[country]


def is_battleground(country: str) -> bool:
    return country in BATTLEGROUND


# ---------------------------------------------------------------- tracks
def win(state: dict, side, reason: str = "") -> None:
    """End the game; ``side`` is "USA", "USSR" or "draw"."""
    if state["winner"] is None:
        state["winner"] = side
        state["end_reason"] = reason
        state["pending"] = None


def vp(state: dict, side: str, n: int) -> None:
    """``side`` gains ``n`` victory points; 20 ahead wins at once (2.1.2(d))."""
    if n == 0:
        return
    state["vp"] += n if side == "USA" else -n
    if not state.get("final") and abs(state["vp"]) >= 20 and state["winner"] is None:
        win(state, "USA" if state["vp"] > 0 else "USSR", "20 victory points")


def net_vp(state: dict, usa: int, ussr: int) -> None:
    """Award both sides at once (scoring): only the difference moves the marker."""
    vp(state, "USA", usa - ussr)


def _defcon_moved(state: dict, before: int, log, why: dict) -> None:
    """A "defcon" marker (a log line with no text: the protocol's log is unchanged) when DEFCON
    moved, so a scene shows the change where it happens: data ``defcon`` (now), ``before`` and
    what moved it (e.g. ``card``)."""
    if log is not None and state["defcon"] != before:
        log.append(marker("defcon", defcon=state["defcon"], before=before, **why))


def degrade_defcon(state: dict, n: int = 1, log=None, **why) -> None:
    """Lower DEFCON by ``n``; at 1 the active side loses (2.1.5(d)).  With ``log``, a "defcon"
    marker records the change (``why``: its data, e.g. card=number)."""
    if n <= 0 or state["winner"] is not None:
        return
    before = state["defcon"]
    state["defcon"] = max(1, state["defcon"] - n)
    if state["defcon"] == 2:
        state["round"]["defcon2"] = True
    if state["defcon"] == 1:
        loser = state.get("active") or state.get("phasing")
        win(state, ENEMY[loser] if loser else "draw", "DEFCON 1: nuclear war")
    _defcon_moved(state, before, log, why)


def improve_defcon(state: dict, n: int = 1, log=None, **why) -> None:
    if n > 0:
        before = state["defcon"]
        state["defcon"] = min(5, state["defcon"] + n)
        _defcon_moved(state, before, log, why)


def set_defcon(state: dict, value: int, log=None, **why) -> None:
    value = max(1, min(5, value))
    if value < state["defcon"]:
        degrade_defcon(state, state["defcon"] - value, log, **why)
    else:
        before = state["defcon"]
        state["defcon"] = value
        _defcon_moved(state, before, log, why)


def add_milops(state: dict, side: str, n: int) -> None:
    state["milops"][side] = min(5, state["milops"][side] + max(0, n))


def roll(state: dict) -> int:
    """One die roll (forced dice first)."""
    return rng.roll_die(state)


# ---------------------------------------------------------------- space race
def space_ability(state: dict, side: str, space: int) -> bool:
    """2.1.7(b): a space's rule applies to a side alone in or ahead of that space."""
    return state["space"][side] >= space > state["space"][ENEMY[side]]


def advance_space(state: dict, side: str, log=None) -> None:
    """Move ``side`` one space ahead, with the space's VP (2.1.7(a))."""
    pos = state["space"][side]
    if pos >= SPACE_END:
        return
    pos += 1
    state["space"][side] = pos
    box = SPACE_RACE[pos - 1]
    first = state["space"][ENEMY[side]] < pos
    gain = box["vp_first"] if first else box["vp_second"]
    vp(state, side, gain)
    if log is not None:   # logged once the points are in: ``vp_after`` is the marker now
        log.append(LogLine(f"{side} reaches {box['name']} on the Space Race"
                           + (f" (+{gain} VP)" if gain else "") + ".", "space_advance", side=side,
                           box=box["name"], position=pos, vp=gain, vp_after=state["vp"]))



def research(state: dict, side: str, log=None) -> None:
    """Rewrite 2.3.7: one die; within the box's range the marker advances."""
    state["space_attempts"][side] += 1
    box = SPACE_RACE[state["space"][side]]
    die = roll(state)
    if die <= box["roll_max"]:
        say(log, f"{side} Space Race attempt: rolled {die}, success.", "space", side=side, die=die,
            need=box["roll_max"], box=box["name"], success=True)
        advance_space(state, side, log)
    else:
        say(log, f"{side} Space Race attempt: rolled {die}, failure.", "space", side=side, die=die,
            need=box["roll_max"], box=box["name"], success=False)

def space_attempts_allowed(state: dict, side: str) -> int:
    return 2 if space_ability(state, side, 2) else 1


# ---------------------------------------------------------------- cards
def card_side(card: int) -> str:
    return CARDS[card]["side"]


def printed_ops(card: int):
    return CARDS[card]["ops"]


def is_scoring(card: int) -> bool:
    return CARDS[card]["scoring"]


def ops_value(state: dict, side: str, card=None, printed=None) -> int:
    """Operations value of ``card`` (or of ``printed`` ops granted by an event) for ``side``,
    with every ops modifier in force (summed, then kept within 1..4; rewrite 2.3.6, ruling U-2).
    Region bonuses (The China Card, Vietnam Revolts) are not included: see ops_bonuses."""
    base = printed if printed is not None else CARDS[card]["ops"]
    if base is None:
        raise ValueError(f"{card_name(card)} has no operations value")
    total = base
    for fn, args in active_hooks(state, "ops_mod"):
        total += fn(state, args, side, card)
    return max(1, min(4, total))


def ops_bonuses(state: dict, side: str, card=None) -> list:
    """[[region, amount], ...]: ops usable only if every point of the play goes to that region."""
    out = []
    for fn, args in active_hooks(state, "ops_bonus"):
        got = fn(state, args, side, card)
        if got:
            out.append([got[0], got[1]])
    return out


def draw(state: dict, side: str) -> bool:
    """Draw one card (2.3.1), reshuffling the discard pile into the draw pile if needed."""
    deck = state["deck"]
    if not deck:
        if not state["discard"]:
            return False
        deck.extend(state["discard"])
        state["discard"].clear()
        rng.shuffle(state, deck)
    state["hands"][side].append(deck.pop(0))
    return True


def take_card(state: dict, card: int) -> None:
    """Take ``card`` out of wherever it is (hand, table, deck, discard, removed; in a side's
    view a hidden place is a count, which holds no card it names)."""
    for place in (state["hands"]["USA"], state["hands"]["USSR"], state["table"], state["discard"],
                  state["deck"], state["removed"]):
        if type(place) is list and card in place:
            place.remove(card)
            return


def discard(state: dict, card: int) -> None:
    """Put ``card`` on the discard pile from wherever it is (2.3.2).  The China Card never moves."""
    if card == CHINA:
        return
    take_card(state, card)
    state["discard"].append(card)


def eliminate(state: dict, card: int) -> None:
    """Remove ``card`` from the game (2.3.3)."""
    if card == CHINA:
        return
    take_card(state, card)
    state["removed"].append(card)


def to_hand(state: dict, card: int, side: str) -> None:
    take_card(state, card)
    state["hands"][side].append(card)


def random_hand_card(state: dict, side: str):
    """A card chosen at random from ``side``'s hand (The China Card is never in a hand), or None."""
    hand = state["hands"][side]
    if not hand:
        return None
    return hand[rng.randbelow(state, len(hand))]


def pass_china(state: dict, to_side: str, face_up: bool) -> None:
    state["china"] = {"holder": to_side, "face_up": face_up}


# ---------------------------------------------------------------- effects
def add_effect(state: dict, card: int, by: str, until: str = "game", **data) -> dict:
    """Put an effect in force: ``{"card": card, "by": by, "until": until, ...data}`` joins
    state["effects"] (``by`` = the side that resolved it, ``until`` = "game" or "turn").
    Returns that entry (mutable): the effect's arguments, which its hooks are given."""
    effect = {"card": card, "by": by, "until": until}
    effect.update(data)
    state["effects"].append(effect)
    return effect


def effect_cards(state: dict) -> list:
    """The card numbers of the effects in force, in the order they came into force."""
    return [e["card"] for e in state["effects"]]


def has_effect(state: dict, card: int) -> bool:
    return any(e["card"] == card for e in state["effects"])


def effect_args(state: dict, card: int) -> list:
    """The entries (argument dicts) of every instance of ``card``'s effect in force."""
    return [e for e in state["effects"] if e["card"] == card]


def remove_effect(state: dict, card: int) -> None:
    """End every instance of ``card``'s effect."""
    state["effects"] = [e for e in state["effects"] if e["card"] != card]


def end_turn_effects(state: dict) -> None:
    state["effects"] = [e for e in state["effects"] if e.get("until") != "turn"]


def ccw_unclaimed(state: dict) -> bool:
    """Chinese Civil War variant in effect and the USSR has not yet 3 influence in its display."""
    return bool(state["options"]["chinese_civil_war"]) and state["ccw"] < 3


def period(state: dict) -> str:
    t = state["turn"]
    return "Early" if t <= 3 else "Mid" if t <= 7 else "Late"


def superpower_adjacent(country: str, side: str) -> bool:
    return country in SUPERPOWER_ADJ[side]
