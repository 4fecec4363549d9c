"""``load``'s consistency check for Twilight Squabble: a state is accepted only if it can be
played to the end with every card in one place; otherwise one sentence names the first problem.
With a null or absent ``pending`` the decision is derived (a position set up by hand).

Split from ``engine.py`` (which keeps ``validate`` / ``load`` as its public names).  This module
imports the engine; the engine reaches it through ``engine.ABOVE``, which the package fills
(games/squabble/__init__.py).
"""

from __future__ import annotations

import copy

from squabble.games.loading import load_checked
from squabble.games.squabble.cards import (
    CARDS, CARD_IDS, EVENTS, EVENT_IDS, IS_ACTIVITY, OTHER, OWNER, SIDES, era_cards,
)
from squabble.games.squabble.engine import (
    CLOUD, DECISION_STEPS, LAST_ERA, SPACE_TOP, STEP_PHASE, TOKEN_CAP, claim_limit,
    counter_cards, favoured, new_game, run, token_cap,
)

STATE_KEYS = ("game", "winner", "hands", "era", "phase", "bop", "space", "leader", "tokens",
              "decks", "discards", "slots", "event", "event_deck")


def validate(s, derive: bool = False) -> str | None:
    """None if ``s`` is a consistent Squabble state, else one sentence on the first problem.
    Never raises.  ``derive``: the pending decision is not checked (``load`` derives it)."""
    try:
        return _validate(s, derive)
    except Exception as e:  # garbage of a wrong shape, or the engine failing on it
        return f"The state is malformed ({type(e).__name__}: {str(e)[:200]})."


def load(s) -> dict:
    """The state ``load`` plays: a copy of ``s`` if it is consistent, or, when its ``pending`` is
    null or absent in a game not over, a copy run on to the decision the rules ask there (a
    position set up by hand).  Raises ValueError with one sentence naming the first problem."""
    return load_checked(s, validate=validate, settle=_settle, copy=copy.deepcopy)


def _settle(s) -> dict:
    s = copy.deepcopy(s)
    run(s, None)
    return s


_KEYS: list = []


def _all_keys() -> list:
    if not _KEYS:
        _KEYS.extend(new_game(0))
    return _KEYS


def _known(v, table) -> bool:
    """``v`` names an entry of ``table`` (a string: a list or an object never does)."""
    return isinstance(v, str) and v in table


def _short(v) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:40] + "..."


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _validate(s, derive: bool = False) -> str | None:
    if not isinstance(s, dict):
        return "The state must be a JSON object."
    for k in STATE_KEYS:
        if k not in s:
            return f"The state has no {k!r} key."
    if s["game"] != "squabble":
        return "The state's 'game' is not 'squabble'."
    for k in _all_keys():
        if k not in s:
            return f"The state has no {k!r} key."
    extra = sorted(set(s) - set(_all_keys()))
    if extra:
        return f"The state has an unknown key {extra[0]!r}."
    if s["version"] != 1:
        return "'version' must be 1."
    if (not isinstance(s["options"], dict) or set(s["options"]) != {"events"}
            or not isinstance(s["options"]["events"], bool)):
        return "'options' must be an object with a true/false 'events' and nothing else."
    if not _is_int(s["era"]) or not 1 <= s["era"] <= 5:
        return "'era' must be an integer from 1 to 5."
    if not _is_int(s["phase"]) or not 1 <= s["phase"] <= 10:
        return "'phase' must be an integer from 1 to 10."
    if not _is_int(s["bop"]) or not -CLOUD <= s["bop"] <= CLOUD:
        return "'bop' must be an integer from -4 to 4."
    if s["winner"] not in (None, "USA", "USSR", "draw"):
        return "'winner' must be null, 'USA', 'USSR' or 'draw'."
    if abs(s["bop"]) == CLOUD and s["winner"] is None:
        return "The Balance of Power is on a Mushroom Cloud but the game has no winner."
    if s["leader"] not in (None, "USA", "USSR"):
        return "'leader' must be null, 'USA' or 'USSR'."
    for key in ("space", "tokens", "hands", "decks", "discards", "slots", "spied", "agents"):
        if not isinstance(s[key], dict) or set(s[key]) != set(SIDES):
            return f"'{key}' must be an object with exactly the keys 'USA' and 'USSR'."
    for side in SIDES:
        if not _is_int(s["space"][side]) or not 0 <= s["space"][side] <= SPACE_TOP:
            return f"'space.{side}' must be an integer from 0 to {SPACE_TOP}."
        if not _is_int(s["tokens"][side]) or not 0 <= s["tokens"][side] <= TOKEN_CAP:
            return f"'tokens.{side}' must be an integer from 0 to {TOKEN_CAP}."
        slot = s["slots"][side]
        if not isinstance(slot, dict) or set(slot) != {"bop", "bop_tokens", "space", "space_tokens"}:
            return f"'slots.{side}' must have exactly bop, bop_tokens, space and space_tokens."
        for tk in ("bop_tokens", "space_tokens"):
            if not _is_int(slot[tk]) or not 0 <= slot[tk] <= TOKEN_CAP:
                return f"'slots.{side}.{tk}' must be an integer from 0 to {TOKEN_CAP}."
        if slot["bop_tokens"] + slot["space_tokens"] > TOKEN_CAP:
            return f"{side} has more than {TOKEN_CAP} Socio-Economic tokens on its cards."
        for place in ("bop", "space"):
            if slot[place] is not None and not _known(slot[place], CARDS):
                return f"'slots.{side}.{place}' must be null or a card, not {_short(slot[place])}."
        if slot["space"] is not None and not IS_ACTIVITY[slot["space"]]:
            return f"{side}'s Space Race card must be an Activity card."
        for key in ("hands", "decks", "discards"):
            if not isinstance(s[key][side], list):
                return f"'{key}.{side}' must be a list."
    # every card in exactly one place, and on its owner's side
    seen: dict[str, str] = {}
    for side in SIDES:
        places = [(f"hands.{side}", s["hands"][side]), (f"decks.{side}", s["decks"][side]),
                  (f"discards.{side}", s["discards"][side]),
                  (f"slots.{side}", [c for c in (s["slots"][side]["bop"], s["slots"][side]["space"])
                                     if c is not None])]
        for where, cards in places:
            for c in cards:
                if not isinstance(c, str) or c not in CARDS:
                    return f"Unknown card {c!r} in {where}."
                if OWNER[c] != side:
                    return f"Card {c!r} belongs to {OWNER[c]} but is in {where}."
                if c in seen:
                    return f"Card {c!r} is in both {seen[c]} and {where}."
                seen[c] = where
    for c in CARD_IDS:
        if c not in seen:
            return f"Card {c!r} is nowhere (not in a deck, hand, slot or discard pile)."
    # events
    if not isinstance(s["event_deck"], list) or not isinstance(s["events_covered"], list):
        return "'event_deck' and 'events_covered' must be lists."
    if s["event"] is not None and (not isinstance(s["event"], str) or s["event"] not in EVENTS):
        return f"'event' must be null or an event card, not {s['event']!r}."
    evs = s["event_deck"] + s["events_covered"] + ([s["event"]] if s["event"] is not None else [])
    for key in ("event_deck", "events_covered"):
        for e in s[key]:
            if not _known(e, EVENTS):
                return f"'{key}' holds {_short(e)}, which is no event card."
    if len(set(evs)) != len(evs):
        return "An event card is in two places."
    if s["options"]["events"] and len(evs) != len(EVENT_IDS):
        return "With the Event deck on, all ten events must be in the deck, in effect or covered."
    if not s["options"]["events"] and evs:
        return "Event cards are present but the Event deck variant is off."
    if not _is_int(s["rng"]) or not 0 <= s["rng"] < (1 << 64):
        return "'rng' must be an integer from 0 to 2**64-1."
    if s["dice"] != []:
        return "'dice' must be an empty list: Twilight Squabble rolls no dice."
    if not _known(s["step"], STEP_PHASE):
        return f"'step' must be a step of the era, not {_short(s['step'])}."
    if not isinstance(s["todo"], list) or any(t not in SIDES for t in s["todo"]):
        return "'todo' must be a list of sides."
    if not isinstance(s["bonus"], list) or any(b not in (1, 2) for b in s["bonus"]):
        return "'bonus' must be a list of Space Race spaces 1 or 2."
    problem = _check_sequence(s)
    if problem:
        return problem
    # the pending decision must be the one the state calls for
    if s["winner"] is not None:
        if s["pending"] is not None:
            return "The game is over but a decision is pending."
        return None
    if derive:
        return None
    p = s["pending"]
    if not isinstance(p, dict) or set(p) != {"kind", "player"} or p["player"] not in SIDES:
        return "'pending' must be an object with 'kind' and 'player' while the game is on."
    expected = DECISION_STEPS.get(s["step"], "none")
    if s["step"] == "bonus":
        if not s["bonus"] or s["race_winner"] not in SIDES:
            return "A Space Race reward is pending but no reward or winner is recorded."
        expected = "take_token" if s["bonus"][0] == 1 else "shift"
        if p["player"] != s["race_winner"]:
            return "The Space Race reward is pending for the side that did not win the race."
    elif not s["todo"] or s["todo"][0] != p["player"]:
        return "The pending decision's player is not the next side to decide."
    if p["kind"] != expected:
        return f"A {p['kind']!r} decision cannot be pending in step {s['step']!r}."
    if p["kind"] in ("tokens", "counter", "replace", "take_tokens", "play", "take_token"):
        slot = s["slots"][p["player"]]
        if p["kind"] == "play" and (slot["bop"] is not None or slot["space"] is not None):
            return "A side that already played its cards is asked to play again."
        if p["kind"] == "play" and not [c for c in s["hands"][p["player"]] if IS_ACTIVITY[c]][1:]:
            return "A side is asked to play cards but holds fewer than two Activity cards."
        if p["kind"] == "replace" and slot["bop"] is not None:
            return "A side is asked to replace an agent but its Balance of Power slot is full."
        if p["kind"] == "replace" and not any(IS_ACTIVITY[c] for c in s["hands"][p["player"]]):
            return "A side must replace its agent but holds no Activity card."
        if p["kind"] in ("tokens", "counter") and (s["slots"]["USA"]["bop"] is None and
                                                   s["slots"]["USSR"]["bop"] is None):
            return "No Balance of Power card is in play for this decision."
        if p["kind"] == "take_tokens" and claim_limit(s, p["player"])[0] <= 0:
            return "A token claim is pending but that side may take no token."
        if p["kind"] == "take_token" and s["tokens"][p["player"]] >= token_cap(s):
            return "A space-1 token is offered to a side that already holds the most allowed."
    # at rest: running the automatic steps again asks exactly this decision and changes nothing
    again = copy.deepcopy(s)
    again["pending"] = None
    run(again, None)
    if again != s:
        return "The state is not at rest: the rules would move on before this decision."
    return None


STEP_ORDER = ("draw", "play", "agents", "replace", "tokens", "reveal", "counter", "measure",
              "race", "bonus", "claim", "end", "over")
HISTORY_KEYS = {"era", "bop", "space", "race", "tokens"}


def _suffix(todo: list, order: list) -> bool:
    return todo == order[len(order) - len(todo):] if len(todo) <= len(order) else False


def _check_sequence(s: dict) -> str | None:
    """The sequence of play: the draw piles, the record of past eras, the game's result and, step
    by step, who still has to decide and what the slots and hands hold at that point."""
    era, step = s["era"], s["step"]
    over = s["winner"] is not None
    # history: one record per era ended (rb phase 10)
    hist = s["history"]
    if not isinstance(hist, list):
        return "'history' must be a list of the eras played."
    last = 0  # a set-up position may leave out eras; the records are of eras ended, in order
    for i, h in enumerate(hist, 1):
        if (not isinstance(h, dict) or set(h) != HISTORY_KEYS or not _is_int(h["era"])
                or not last < h["era"] <= (era if over else era - 1)
                or not _is_int(h["bop"]) or not -CLOUD <= h["bop"] <= CLOUD
                or h["race"] not in (None, "USA", "USSR")
                or not all(isinstance(h[k], dict) and set(h[k]) == set(SIDES)
                           and all(_is_int(v) and 0 <= v <= SPACE_TOP for v in h[k].values())
                           for k in ("space", "tokens"))):
            return f"'history' record {i} is malformed (or not of an era ended, in order)."
        last = h["era"]
    # the result
    if over:
        r = s["result"]
        if (step != "over" or not isinstance(r, dict) or set(r) != {"winner", "how", "era"}
                or r["winner"] != s["winner"] or r["era"] != era
                or r["how"] not in ("cloud", "balance", "leader", "draw")):
            return "A finished game needs step 'over' and a matching 'result'."
        if s["todo"] or s["bonus"]:
            return "A finished game has sides left to decide."
        return None
    if s["result"] is not None or step == "over":
        return "The game goes on but a result is recorded."
    # the draw piles: the eras still to come, in order (rb set-up 6)
    first = era if step == "draw" else era + 1
    for side in SIDES:
        deck = s["decks"][side]
        want = [c for e in range(first, LAST_ERA + 1) for c in era_cards(side, e)]
        if sorted(deck) != sorted(want) or [CARDS[c].era for c in deck] != [CARDS[c].era for c in want]:
            return (f"{side}'s draw pile must hold the Activity cards of eras {first}-{LAST_ERA} "
                    f"in era order." if first <= LAST_ERA else f"{side}'s draw pile must be empty.")
    for side in SIDES:
        if not isinstance(s["spied"][side], bool) or s["agents"][side] not in (None, "agent", "double"):
            return "'spied' must hold true/false and 'agents' null, 'agent' or 'double'."
    if s["race_winner"] not in (None, "USA", "USSR"):
        return "'race_winner' must be null, 'USA' or 'USSR'."
    idx = STEP_ORDER.index(step)
    todo = s["todo"]
    slots = s["slots"]
    acts = {side: sum(1 for c in s["hands"][side] if IS_ACTIVITY[c]) for side in SIDES}
    if idx <= STEP_ORDER.index("agents"):
        if any(s["spied"].values()) or any(s["agents"].values()) or s["race_winner"]:
            return "Agents and the Space Race have no result yet at this point of the era."
    if idx < STEP_ORDER.index("race") and s["race_winner"] is not None:
        return "The Space Race has a winner before it is run."
    if step == "draw":
        if todo or any(v is not None for sl in slots.values() for v in sl.values() if v != 0):
            return "Before the draw no card may be in play."
        if any(acts.values()):
            return "Before the draw the hands may hold no Activity card."
        return None
    if step != "bonus" and s["bonus"]:
        return "A Space Race reward is recorded outside the Space Race."
    if step == "play":
        if todo != [side for side in ("USSR", "USA") if slots[side]["space"] is None]:
            return "'todo' must list the sides still to play their cards, Russia first."
        for side in SIDES:
            sl = slots[side]
            if (sl["bop"] is None) != (sl["space"] is None) or sl["bop_tokens"] or sl["space_tokens"]:
                return f"{side} has played only one of its two cards."
            if side in todo and acts[side] < 2:
                return f"{side} must play two cards but holds fewer than two Activity cards."
        return None
    for side in SIDES:
        sl = slots[side]
        if sl["space"] is None:
            return f"{side} has no Space Race card in play."
        if sl["bop"] is not None and idx > STEP_ORDER.index("replace") and not IS_ACTIVITY[sl["bop"]]:
            return f"{side}'s agent is still on the Balance of Power after it was replaced."
        if sl["bop"] is None and sl["bop_tokens"]:
            return f"{side} has tokens on an empty Balance of Power slot."
    if step in ("agents", "replace"):
        if any(sl["bop_tokens"] or sl["space_tokens"] for sl in slots.values()):
            return "Tokens are on the cards before phase 4."
    if step == "agents":
        if todo or any(slots[side]["bop"] is None for side in SIDES):
            return "Both Balance of Power cards must be in play before the Agents phase."
        return None
    if step == "replace":
        if todo != [side for side in ("USSR", "USA") if slots[side]["bop"] is None]:
            return "'todo' must list the sides still to replace an agent, Russia first."
        for side in todo:
            if s["agents"][side] is None:
                return f"{side} replaces an agent it did not play."
            if acts[side] < 1:
                return f"{side} must replace its agent but holds no Activity card."
        return None
    if idx <= STEP_ORDER.index("reveal") and any(slots[side]["bop"] is None for side in SIDES):
        return "Both Balance of Power cards must be in play until the counters."
    if step == "tokens":
        first = favoured(s) or "USSR"
        if todo not in ([], [first], [OTHER[first]], [first, OTHER[first]]):
            return "'todo' must list the sides still to place tokens, the favoured side first."
        for side in todo:
            if s["tokens"][side] <= 0 or slots[side]["bop_tokens"] or slots[side]["space_tokens"]:
                return f"{side} is to place tokens but has none, or has placed them already."
        return None
    if step == "counter":
        first = favoured(s) or "USA"
        if not _suffix(todo, [first, OTHER[first]]):
            return "'todo' must list the sides still to counter, the favoured side first."
        for side in SIDES:
            if slots[side]["bop"] is None and OTHER[side] in todo:
                return f"{side}'s card was countered by a side that has not countered yet."
        return None
    if step == "bonus":
        if s["race_winner"] not in SIDES or s["bonus"] not in ([1], [2], [1, 2]):
            return "A Space Race reward needs the race's winner and the spaces 1 and/or 2."
        if s["space"][s["race_winner"]] < max(s["bonus"]):
            return "A Space Race reward is pending for a space not reached."
        return None
    if step == "claim":
        first = favoured(s) or "USSR"
        if not _suffix(todo, [first, OTHER[first]]):
            return "'todo' must list the sides still to claim tokens, the favoured side first."
        for side in SIDES:
            if side not in todo and acts[side]:
                return f"{side} has claimed its tokens but still holds an Activity card."
        return None
    return None
