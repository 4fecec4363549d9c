"""The Twilight Squabble rules engine: plain JSON state plus pure functions.

A game is one dict (see ``new_game``).  ``options(state)`` lists the legal choices of the side
that must decide (``state["pending"]``) as small tuples; ``apply_option(state, opt)`` plays one in
place and runs every automatic step until the next decision or the end of the game.  The public,
pure wrappers ``decision`` / ``apply`` speak the engine protocol's DECISION and OPTION shapes.

Rule references: "rb" is the printed rulebook (../shared/seeds/twilight-squabble-rulebook.txt),
"R<n>" is ruling n of docs/rulings.md (the project's decisions, from squabble-rulings.md).
"""

from __future__ import annotations

import marshal

from squabble import rng
from squabble.games.logline import LogLine
from squabble.games.squabble.cards import (
    ACTIVITY, AGENT, CARDS, CARD_IDS, COUNTER, DOUBLE_AGENT, EVENT_IDS, EVENT_RULE, EVENTS,
    IS_ACTIVITY, OTHER, OWNER, SIDES, SYMBOL, card_name, era_cards,
)

#: the modules above the rules, which import this one: ``preview`` (what an option would do: the
#: DECISION's warnings and the distance to the cloud in its context) and ``validation`` (load's
#: consistency check).  The package puts them here when it is imported (games/squabble/
#: __init__.py), before anyone can call ``decision``, ``validate`` or ``load``, so that no
#: module of the engine imports back one that imports it.
ABOVE: dict = {}

CLOUD = 4           # R1: +4 / -4 are the Mushroom Clouds
SPACE_TOP = 5       # R2: Start (0) then spaces 1..5
TOKEN_CAP = 3       # rb phase 9: never more than three available
LAST_ERA = 5

PHASE_NAMES = {
    1: "Draw Activity Cards", 2: "Play Cards", 3: "Agents", 4: "Socio-Economic Impact",
    5: "Reveal Activities", 6: "Counter Activities", 7: "Measure Balance of Power",
    8: "The Space Race", 9: "Socio-Economic Event", 10: "Check for Victory",
}
STEP_PHASE = {"draw": 1, "play": 2, "agents": 3, "replace": 3, "tokens": 4, "reveal": 5,
              "counter": 6, "measure": 7, "race": 8, "bonus": 8, "claim": 9, "end": 10, "over": 10}
DECISION_STEPS = {"play": "play", "replace": "replace", "tokens": "tokens", "counter": "counter",
                  "bonus": None, "claim": "take_tokens"}


# --------------------------------------------------------------------------------------------
# set-up
# --------------------------------------------------------------------------------------------

def new_game(seed: int = 0, options: dict | None = None, log=None) -> dict:
    """Set-up (rb "Set-Up" 1-6): both tracks centred, agents in hand, decks sorted by era.
    ``log``: a list that receives the set-up's lines (era 1 begins, its Event revealed)."""
    options = dict(options or {})
    unknown = set(options) - {"events"}
    if unknown:
        raise ValueError(f"Unknown option for Twilight Squabble: {sorted(unknown)[0]!r} "
                         "(the only option is 'events').")
    events = options.get("events", False)
    if not isinstance(events, bool):
        raise ValueError("Option 'events' must be true or false.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("The seed must be an integer.")
    s = {
        "game": "squabble",
        "version": 1,
        "options": {"events": events},
        "era": 1,
        "phase": 1,
        "step": "draw",
        "bop": 0,
        "space": {"USA": 0, "USSR": 0},
        "leader": None,
        "tokens": {"USA": 0, "USSR": 0},
        # rb set-up 6: era 1 on top ... era 5 at the bottom.
        "decks": {side: [c for era in range(1, 6) for c in era_cards(side, era)] for side in SIDES},
        # rb set-up 5: Agent and Double Agent start in hand.
        "hands": {side: [AGENT[side], DOUBLE_AGENT[side]] for side in SIDES},
        "discards": {"USA": [], "USSR": []},
        "slots": {side: _empty_slot() for side in SIDES},
        "event": None,
        "event_deck": [],
        "events_covered": [],
        "spied": {"USA": False, "USSR": False},
        "agents": {"USA": None, "USSR": None},
        "race_winner": None,
        "bonus": [],
        "todo": [],
        "pending": None,
        "winner": None,
        "result": None,
        "history": [],
        "rng": rng.seed_value(seed),
        "dice": [],
    }
    if events:  # Event deck variant set-up: shuffle the ten events face down.
        deck = list(EVENT_IDS)
        rng.shuffle(s, deck)
        s["event_deck"] = deck
    run(s, log)
    return s


def event_line(event: str) -> str:
    """The log's line when ``event`` is revealed (set-up and each era's draw)."""
    ev = EVENTS[event]
    return f"Event revealed: {ev.name} ({ev.year}). {ev.text}"


def _empty_slot() -> dict:
    return {"bop": None, "bop_tokens": 0, "space": None, "space_tokens": 0}


# --------------------------------------------------------------------------------------------
# small rule helpers
# --------------------------------------------------------------------------------------------

def rule_active(s: dict, rule: str) -> bool:
    ev = s["event"]
    return ev is not None and EVENT_RULE[ev] == rule


def favoured(s: dict) -> str | None:
    """rb Terminology: blue spaces favour America, red favour Russia, DEFCON 5 is neutral."""
    b = s["bop"]
    return "USA" if b > 0 else "USSR" if b < 0 else None


def token_cap(s: dict) -> int:
    return 2 if rule_active(s, "token_cap_2") else TOKEN_CAP


def bop_value(s: dict, side: str) -> int:
    """rb phase 5 / R7: tokens equal to the printed value make it 0; otherwise +1 each."""
    slot = s["slots"][side]
    card = slot["bop"]
    if card is None:
        return 0
    printed = ACTIVITY[card]
    if printed is None:
        return 0
    t = slot["bop_tokens"]
    if t and t == printed and not rule_active(s, "tokens_add"):
        return 0
    return printed + t


def space_value(s: dict, side: str) -> int:
    """rb phase 8 / R7: tokens on the Space Race card only add."""
    slot = s["slots"][side]
    card = slot["space"]
    if card is None:
        return 0
    return ACTIVITY[card] + slot["space_tokens"]


def counter_cards(s: dict, side: str) -> list[str]:
    """rb phase 6 / R8: Counter Value equal to the opponent's printed Activity Value."""
    target = s["slots"][OTHER[side]]["bop"]
    if target is None:
        return []
    need = ACTIVITY[target]
    return [c for c in s["hands"][side] if IS_ACTIVITY[c] and COUNTER[c] == need]


def claim_allows(s: dict, left: list[str]) -> int:
    """rb phase 9 / R11, R13: how many tokens the left-over card allows before the cap (its
    Activity Value; one more under the Kitchen Debate)."""
    if not left:
        return 0
    return max(ACTIVITY[c] for c in left) + (1 if rule_active(s, "claim_plus_one") else 0)


def claim_limit(s: dict, side: str) -> tuple[int, list[str]]:
    """rb phase 9 / R11, R14: up to the left-over card's Activity Value, never above the cap."""
    left = [c for c in s["hands"][side] if IS_ACTIVITY[c]]
    if not left:
        return 0, left
    return max(0, min(claim_allows(s, left), token_cap(s) - s["tokens"][side])), left


def _say(log, text, kind="note", **data):
    """Log one line: its text (the protocol's, unchanged) with a kind and data for the table,
    which animates by kind and never by reading the English."""
    if log is not None:
        log.append(LogLine(text, kind, **data))


def _move_bop(s: dict, toward: str, spaces: int, log) -> None:
    """Move the Balance of Power token space by space; it stops on a cloud (R1, R9)."""
    d = 1 if toward == "USA" else -1
    for _ in range(spaces):
        s["bop"] += d
        if abs(s["bop"]) >= CLOUD:
            _end(s, "USSR" if s["bop"] > 0 else "USA", "cloud", log)
            return


def _end(s: dict, winner: str, how: str, log) -> None:
    s["winner"] = winner
    s["result"] = {"winner": winner, "how": how, "era": s["era"]}
    s["pending"] = None
    s["todo"] = []
    s["bonus"] = []
    s["step"] = "over"
    s["phase"] = 10
    if log is None:   # (a preview's landing: no sentence)
        return
    if how == "cloud":
        _say(log, f"The Balance of Power reaches a Mushroom Cloud: nuclear war. {winner} wins.", "end",
             winner=winner, how=how)
    elif how == "draw":
        _say(log, "Era 5 is over, the balance is neutral and nobody leads the Space Race: a draw.", "end",
             winner=winner, how=how)
    elif how == "balance":
        _say(log, f"The war is over and the Balance of Power favours {winner}: {winner} wins.", "end",
             winner=winner, how=how)
    else:
        _say(log, f"The war is over, the balance is neutral, and {winner} holds the Space Race "
                  f"Leader card: {winner} wins.", "end", winner=winner, how=how)


# --------------------------------------------------------------------------------------------
# automatic steps
# --------------------------------------------------------------------------------------------

def _step_draw(s, log):
    """Phase 1: draw the next era's three cards; in the variant reveal the next event."""
    s["phase"] = 1
    for side in SIDES:
        deck = s["decks"][side]
        drawn, s["decks"][side] = deck[:3], deck[3:]
        s["hands"][side].extend(drawn)
    s["spied"] = {"USA": False, "USSR": False}
    s["agents"] = {"USA": None, "USSR": None}
    s["race_winner"] = None
    _say(log, f"Era {s['era']} begins: both sides draw three Activity cards.", "era",
         era=s["era"])
    if s["options"]["events"] and s["event_deck"]:
        if s["event"] is not None:
            s["events_covered"].append(s["event"])
        s["event"] = s["event_deck"].pop(0)
        _say(log, event_line(s["event"]), "event", event=s["event"])
        _hold_cap(s, log)
    s["step"] = "play"
    s["todo"] = ["USSR", "USA"]


def _hold_cap(s, log):
    """R13 Oil Embargo: no side may hold more tokens than the cap while the event is in effect,
    so a side holding more when it is revealed returns the excess to the supply at once (it can
    then neither keep nor spend them this turn)."""
    cap = token_cap(s)
    for side in SIDES[::-1]:
        extra = s["tokens"][side] - cap
        if extra > 0:
            s["tokens"][side] = cap
            _say(log, f"{side} may hold only {cap} Socio-Economic tokens under the "
                      f"{EVENTS[s['event']].name}: "
                      f"{'one token goes' if extra == 1 else f'{extra} tokens go'} back to the "
                      f"supply.",
                 "return_tokens", side=side, amount=extra, cap=cap)


def _step_agents(s, log):
    """Phase 3: the four Agent cases (rb phase 3, R5)."""
    s["phase"] = 3
    played = {}
    for side in SIDES:
        c = s["slots"][side]["bop"]
        played[side] = "agent" if c == AGENT[side] else "double" if c == DOUBLE_AGENT[side] else None
    s["agents"] = dict(played)
    if not played["USA"] and not played["USSR"]:
        s["step"] = "tokens"
        _setup_tokens(s)
        return
    u, r = played["USA"], played["USSR"]
    if u == "agent" and r == "agent":
        s["spied"]["USA"] = s["spied"]["USSR"] = True
        _say(log, "Both sides played an Agent: each sees the other's Space Race card.", "agents")
    elif "double" in (u, r) and "agent" in (u, r):
        dbl = "USA" if u == "double" else "USSR"
        s["spied"][dbl] = True
        _say(log, f"{dbl}'s Double Agent turns {OTHER[dbl]}'s Agent: {dbl} sees "
                  f"{OTHER[dbl]}'s Space Race card.", "agents")
    elif u == "double" and r == "double":
        _say(log, "Both sides played a Double Agent: both fail.", "agents")
    else:
        for side in SIDES:
            if played[side] == "agent":
                s["spied"][side] = True
                _say(log, f"{side}'s Agent sees {OTHER[side]}'s Space Race card.", "agents")
            elif played[side] == "double":
                disc = s["discards"][side]
                if AGENT[side] in disc:
                    disc.remove(AGENT[side])
                    s["hands"][side].append(AGENT[side])
                    _say(log, f"{side}'s lone Double Agent brings its Agent back to hand.", "agents")
                else:
                    _say(log, f"{side}'s lone Double Agent finds no Agent to bring back.", "agents")
    # R5: every Agent / Double Agent leaves the slot for its owner's discards and is replaced.
    todo = []
    for side in SIDES[::-1]:  # Russia decides first, as in phase 2
        if played[side]:
            s["discards"][side].append(s["slots"][side]["bop"])
            s["slots"][side]["bop"] = None
            todo.append(side)
    s["step"] = "replace"
    s["todo"] = todo


def _setup_tokens(s):
    """Phase 4 order (rb, R6): the favoured side first; neutral: Russia first."""
    s["phase"] = 4
    first = favoured(s) or "USSR"
    s["todo"] = [side for side in (first, OTHER[first]) if s["tokens"][side] > 0]


def _step_reveal(s, log):
    """Phase 5: both Balance of Power cards are revealed."""
    s["phase"] = 5
    for side in SIDES:
        slot = s["slots"][side]
        c = slot["bop"]
        _say(log, f"{side} reveals {card_name(c)} (Activity {ACTIVITY[c]}, "
                  f"{slot['bop_tokens']} token(s)): value {bop_value(s, side)}.", "reveal",
             side=side, card=c, value=bop_value(s, side), tokens=slot["bop_tokens"])
    s["step"] = "counter"
    if rule_active(s, "no_counters"):
        _say(log, "No Counter Activities may be played this turn.", "no_counters")
        s["todo"] = []
    else:
        first = favoured(s) or "USA"  # R8: favoured first, neutral America first
        s["todo"] = [first, OTHER[first]]
    s["phase"] = 6


def _step_measure(s, log):
    """Phase 7: the balance moves by the difference toward the higher value (rb, R9)."""
    s["phase"] = 7
    measure(s, bop_value(s, "USA"), bop_value(s, "USSR"), log)
    if s["winner"] is None:
        s["step"] = "race"


def measure(s: dict, u: int, r: int, log=None) -> None:
    """Move the Balance of Power for America's value ``u`` against Russia's ``r`` (phase 7 with
    the Events that change it); on a cloud the game ends.  ``preview`` runs it on small copies."""
    diff = u - r
    said = log is not None   # (a preview's many calls make no sentences)
    if said:
        _say(log, f"Balance of Power: USA {u} against USSR {r}.", "measure", USA=u, USSR=r)
    if diff:
        toward = "USA" if diff > 0 else "USSR"
        spaces = abs(diff)
        if rule_active(s, "crisis"):
            spaces += 1
        _move_bop(s, toward, spaces, log)
        if s["winner"] is None and said:
            _say(log, f"The Balance of Power moves {spaces} space(s) toward {toward}.", "move",
                 spaces=spaces, toward=toward)
    elif said:
        _say(log, "The values are equal: the Balance of Power does not move.", "move",
             spaces=0, toward=None)
    if s["winner"] is None and rule_active(s, "detente") and s["bop"]:
        s["bop"] += -1 if s["bop"] > 0 else 1
        _say(log, "Detente eases the Balance of Power one space toward DEFCON 5.", "move",
             spaces=1, toward="DEFCON 5")


def _step_race(s, log):
    """Phase 8: higher Space Race value advances; ties by Space Symbol (rb, R10)."""
    s["phase"] = 8
    u, r = space_value(s, "USA"), space_value(s, "USSR")
    win = None
    if u != r:
        win = "USA" if u > r else "USSR"
    else:
        if rule_active(s, "fewer_tokens_tie"):
            tu, tr = s["slots"]["USA"]["space_tokens"], s["slots"]["USSR"]["space_tokens"]
            if tu != tr:
                win = "USA" if tu < tr else "USSR"
        if win is None and not rule_active(s, "no_symbols"):
            su, sr = SYMBOL[s["slots"]["USA"]["space"]], SYMBOL[s["slots"]["USSR"]["space"]]
            if su != sr:
                win = "USA" if su else "USSR"
    s["race_winner"] = win
    _say(log, f"Space Race: USA {u} against USSR {r}.", "race", USA=u, USSR=r, winner=win)
    bonus = []
    if win is None:
        _say(log, "Nobody advances in the Space Race.", "advance", side=None)
    else:
        steps = 2 if rule_active(s, "double_advance") else 1
        for _ in range(steps):
            if s["space"][win] < SPACE_TOP:
                s["space"][win] += 1
                if s["space"][win] in (1, 2):
                    bonus.append(s["space"][win])
        _say(log, f"{win} advances to space {s['space'][win]} of the Space Race.", "advance", side=win,
             space=s["space"][win])
    s["bonus"] = bonus
    s["step"] = "bonus"


def _finish_race(s, log):
    """R2: after phase 8 the side strictly ahead takes the Space Race Leader card."""
    u, r = s["space"]["USA"], s["space"]["USSR"]
    if u != r:
        lead = "USA" if u > r else "USSR"
        if s["leader"] != lead:
            _say(log, f"{lead} takes the Space Race Leader card.", "leader", side=lead)
        s["leader"] = lead
    s["step"] = "claim"
    s["phase"] = 9
    first = favoured(s) or "USSR"
    s["todo"] = [first, OTHER[first]]


def _finish_claims(s, log):
    """rb phase 9: tokens used this turn return to the supply."""
    for side in SIDES:
        slot = s["slots"][side]
        slot["bop_tokens"] = 0
        slot["space_tokens"] = 0
    s["step"] = "end"


def _step_end(s, log):
    """Phase 10: discard the turn's cards; after era 5 the game ends (rb, R12)."""
    s["phase"] = 10
    for side in SIDES:
        slot = s["slots"][side]
        for key in ("bop", "space"):
            if slot[key] is not None:
                s["discards"][side].append(slot[key])
                slot[key] = None
    s["history"].append({"era": s["era"], "bop": s["bop"], "space": dict(s["space"]),
                         "race": s["race_winner"], "tokens": dict(s["tokens"])})
    if s["era"] >= LAST_ERA:
        fav = favoured(s)
        if fav:
            _end(s, fav, "balance", log)
        elif s["leader"]:
            _end(s, s["leader"], "leader", log)
        else:
            _end(s, "draw", "draw", log)
        return
    s["era"] += 1
    s["step"] = "draw"


def run(s: dict, log) -> None:
    """Run automatic steps until a side must decide or the game is over."""
    while s["winner"] is None:
        step = s["step"]
        if step == "draw":
            _step_draw(s, log)
        elif step == "play":
            s["phase"] = 2
            if _ask(s, "play"):
                return
            s["step"] = "agents"
        elif step == "agents":
            _step_agents(s, log)
        elif step == "replace":
            s["phase"] = 3
            if _ask(s, "replace"):
                return
            s["step"] = "tokens"
            _setup_tokens(s)
        elif step == "tokens":
            s["phase"] = 4
            if _ask(s, "tokens"):
                return
            s["step"] = "reveal"
        elif step == "reveal":
            _step_reveal(s, log)
        elif step == "counter":
            s["phase"] = 6
            # R8: a side is asked even when no card of its hand can counter (it can only
            # pass), so whether it is asked tells the other side nothing about its hand
            if _ask(s, "counter"):
                return
            s["step"] = "measure"
        elif step == "measure":
            _step_measure(s, log)
        elif step == "race":
            _step_race(s, log)
        elif step == "bonus":
            bonus = s["bonus"]
            win = s["race_winner"]
            while bonus and bonus[0] == 1 and s["tokens"][win] >= token_cap(s):
                _say(log, f"{win} reaches space 1 but already holds the most tokens allowed.", "note",
                     side=win)
                bonus.pop(0)
            while bonus and bonus[0] == 1 and s["era"] >= LAST_ERA:
                _say(log, f"{win} reaches space 1; a token can no longer be used after era 5.",
                     "note", side=win)
                bonus.pop(0)
            if bonus:
                s["pending"] = {"kind": "take_token" if bonus[0] == 1 else "shift", "player": win}
                return
            _finish_race(s, log)
        elif step == "claim":
            s["phase"] = 9
            todo = s["todo"]
            while todo:
                limit, left = claim_limit(s, todo[0])
                if limit > 0 and s["era"] < LAST_ERA:  # R11: after era 5 no token can be used
                    break
                side = todo.pop(0)
                for c in left:
                    s["hands"][side].remove(c)
                    s["discards"][side].append(c)
                if left:
                    _say(log, f"{side} discards {card_name(left[0])} and takes no token.", "claim",
                         side=side, card=left[0], amount=0)
            if _ask(s, "take_tokens"):
                return
            _finish_claims(s, log)
        elif step == "end":
            _step_end(s, log)
        else:
            raise ValueError(f"Unknown step {step!r}.")
    s["pending"] = None


def _ask(s, kind) -> bool:
    todo = s["todo"]
    if not todo:
        s["pending"] = None
        return False
    s["pending"] = {"kind": kind, "player": todo[0]}
    return True


# --------------------------------------------------------------------------------------------
# legal options and applying one
# --------------------------------------------------------------------------------------------

def options(s: dict) -> list[tuple]:
    """The legal choices of the deciding side, as tuples (the engine's fast form)."""
    p = s["pending"]
    if p is None:
        return []
    kind, side = p["kind"], p["player"]
    hand = s["hands"][side]
    if kind == "play":
        acts = [c for c in hand if IS_ACTIVITY[c]]
        bops = list(acts)
        if not rule_active(s, "no_agents"):
            bops += [c for c in hand if not IS_ACTIVITY[c]]  # R5: agents only to the BoP slot
        return [("play", b, sp) for b in bops for sp in acts if sp != b]
    if kind == "replace":
        return [("replace", c) for c in hand if IS_ACTIVITY[c]]
    if kind == "tokens":
        t = s["tokens"][side]
        return [("tokens", b, sp) for b in range(t + 1) for sp in range(t + 1 - b)]
    if kind == "counter":
        return [("counter", c) for c in counter_cards(s, side)] + [("pass",)]
    if kind == "take_token":
        return [("take_token",), ("pass",)]
    if kind == "shift":
        return [("shift",), ("pass",)]
    if kind == "take_tokens":
        limit, _ = claim_limit(s, side)
        return [("take_tokens", n) for n in range(limit, -1, -1)]
    raise ValueError(f"Unknown decision kind {kind!r}.")


def apply_option(s: dict, opt: tuple, log=None) -> None:
    """Play one legal option (a tuple from ``options``) in place, then run to the next decision."""
    _take(s, opt, log)
    s["pending"] = None
    run(s, log)


def _take(s: dict, opt: tuple, log) -> None:
    """What the deciding side's option does by itself, before the automatic steps run on."""
    side = s["pending"]["player"]
    kind = opt[0]
    hand = s["hands"][side]
    slot = s["slots"][side]
    if kind == "play":
        _, b, sp = opt
        hand.remove(b)
        hand.remove(sp)
        slot["bop"], slot["space"] = b, sp
        _say(log, f"{side} plays two cards face down.", "play", side=side)
        s["todo"].pop(0)
    elif kind == "replace":
        hand.remove(opt[1])
        slot["bop"] = opt[1]
        spent = "Double Agent" if s["agents"][side] == "double" else "Agent"
        _say(log, f"{side} replaces its spent {spent} with a face-down card.", "replace", side=side)
        s["todo"].pop(0)
    elif kind == "tokens":
        _, b, sp = opt
        s["tokens"][side] -= b + sp
        slot["bop_tokens"], slot["space_tokens"] = b, sp
        _say(log, f"{side} puts {b} token(s) on its Balance of Power card and {sp} on its "
                  f"Space Race card.", "tokens", side=side, bop=b, space=sp)
        s["todo"].pop(0)
    elif kind == "counter":
        c = opt[1]
        other = OTHER[side]
        oslot = s["slots"][other]
        target = oslot["bop"]
        hand.remove(c)
        s["discards"][side].append(c)
        s["discards"][other].append(target)
        oslot["bop"], oslot["bop_tokens"] = None, 0
        _say(log, f"{side} counters with {card_name(c)}: {other}'s {card_name(target)} is "
                  f"cancelled and its tokens return to the supply.", "counter", side=side,
             card=c, target=target)
        s["todo"].pop(0)
    elif kind == "pass":
        if s["pending"]["kind"] == "counter":
            _say(log, f"{side} does not counter.", "pass", side=side)
            s["todo"].pop(0)
        else:
            _say(log, f"{side} declines the space {s['bonus'][0]} reward.", "decline", side=side)
            s["bonus"].pop(0)
    elif kind == "take_token":
        s["tokens"][side] += 1
        _say(log, f"{side} takes a Socio-Economic token for reaching space 1.", "take_token", side=side)
        s["bonus"].pop(0)
    elif kind == "shift":
        s["bonus"].pop(0)
        _say(log, f"{side} shifts the Balance of Power one space its way (space 2).", "shift",
             side=side)
        _move_bop(s, side, 1, log)
    elif kind == "take_tokens":
        n = opt[1]
        s["tokens"][side] += n
        left = [c for c in hand if IS_ACTIVITY[c]]
        for c in left:
            hand.remove(c)
            s["discards"][side].append(c)
        _say(log, f"{side} discards {card_name(left[0])} and takes {n} token(s).", "claim", side=side,
             card=left[0], amount=n)
        s["todo"].pop(0)
    else:
        raise ValueError(f"Unknown option {opt!r}.")


# --------------------------------------------------------------------------------------------
# protocol shapes: DECISION and OPTION dicts, pure apply
# --------------------------------------------------------------------------------------------

PROMPTS = {
    "play": "{p}: play a Balance of Power card and a Space Race card, face down.",
    "replace": "{p}: choose the Activity card that replaces your spent agent.",
    "tokens": "{p}: place Socio-Economic tokens on your Balance of Power and Space Race cards.",
    "counter": "{p}: counter the opponent's Balance of Power card, or pass.",
    "take_token": "{p}: you reached space 1. Take a Socio-Economic token?",
    "shift": "{p}: you reached space 2. Shift the Balance of Power one space your way?",
    "take_tokens": "{p}: how many Socio-Economic tokens do you take for your last card?",
}


def option_dict(s: dict, opt: tuple) -> dict:
    kind = opt[0]
    if kind == "play":
        return {"label": f"Balance of Power: {card_name(opt[1])}; Space Race: {card_name(opt[2])}",
                "mode": "play", "bop": opt[1], "space": opt[2]}
    if kind == "replace":
        return {"label": f"Replace with {card_name(opt[1])}", "mode": "replace", "card": opt[1]}
    if kind == "tokens":
        return {"label": f"{opt[1]} on Balance of Power, {opt[2]} on Space Race",
                "mode": "tokens", "bop": opt[1], "space": opt[2]}
    if kind == "counter":
        return {"label": f"Counter with {card_name(opt[1])}", "mode": "counter", "card": opt[1]}
    if kind == "pass":
        return {"label": "Pass", "mode": "pass"}
    if kind == "take_token":
        return {"label": "Take a token", "mode": "take_token"}
    if kind == "shift":
        return {"label": "Shift the Balance of Power", "mode": "shift"}
    if kind == "take_tokens":
        return {"label": f"Take {opt[1]} token(s)", "mode": "take_tokens", "amount": opt[1]}
    raise ValueError(f"Unknown option {opt!r}.")


def decision(s: dict) -> dict | None:
    """The protocol DECISION for the current state, or None when the game is over."""
    p = s["pending"]
    if p is None or s["winner"] is not None:
        return None
    opts = []
    for o in options(s):
        d = option_dict(s, o)
        d.update(ABOVE["preview"].warnings(s, o))
        opts.append(d)
    return {"player": p["player"], "kind": p["kind"],
            "prompt": PROMPTS[p["kind"]].format(p=p["player"]),
            "options": opts, "context": context(s)}


def context(s: dict) -> dict:
    """What the pending decision is about, for the table and the protocol (new keys only):
    the deciding ``side``, ``era``, ``phase`` and its name, the Balance of Power ``bop`` and the
    side's ``cloud_distance``, ``tokens`` it holds, its own ``staged`` slot (cards and tokens
    already on the table), the Event in effect, and per kind: ``target`` (the opponent's
    printed Balance of Power card a counter answers), ``need`` (the Counter Value that answers
    it), ``can_counter``, ``reward`` (the Space Race space reached), ``card`` (phase 9: the card
    left in hand), ``limit`` (the most tokens it may take) and ``allows`` (what the card allows
    before the cap: its Activity Value, one more under the Kitchen Debate); ``cap`` (the most
    tokens a side may hold now: 2 under the Oil Embargo) for the token decisions."""
    p = s["pending"]
    side, kind = p["player"], p["kind"]
    slot = s["slots"][side]
    ctx = {"side": side, "era": s["era"], "phase": s["phase"],
           "phase_name": PHASE_NAMES[s["phase"]], "bop": s["bop"],
           "cloud_distance": ABOVE["preview"].cloud_distance(s, side), "tokens": s["tokens"][side],
           "staged": dict(slot), "event": s["event"]}
    if kind == "counter":
        target = s["slots"][OTHER[side]]["bop"]
        ctx["target"] = target
        ctx["need"] = ACTIVITY[target] if target else None
        ctx["can_counter"] = bool(counter_cards(s, side))
    elif kind in ("take_token", "shift"):
        ctx["reward"] = 1 if kind == "take_token" else 2
    elif kind == "take_tokens":
        limit, left = claim_limit(s, side)
        ctx["card"] = left[0] if left else None
        ctx["limit"] = limit
        ctx["allows"] = claim_allows(s, left)
    if kind in ("take_tokens", "take_token", "tokens"):
        ctx["cap"] = token_cap(s)
    return ctx


def apply(s: dict, index: int) -> tuple[dict, list[str]]:
    """Pure: a new state after the deciding side picks ``options[index]``, with the log."""
    if isinstance(index, bool) or not isinstance(index, int):
        raise ValueError("The option index must be an integer.")
    opts = options(s)
    if not opts:
        raise ValueError("The game is over: there is no decision to make.")
    if not 0 <= index < len(opts):
        raise ValueError(f"Option index {index} is out of range (0-{len(opts) - 1}).")
    new = clone(s)
    log: list[str] = []
    apply_option(new, opts[index], log)
    return new, log


def clone(s: dict) -> dict:
    """A fast deep copy of a Squabble state: the state is plain JSON data, which ``marshal``
    copies about ten times faster than ``copy.deepcopy`` (the previews copy it per option)."""
    return marshal.loads(marshal.dumps(s))


# --------------------------------------------------------------------------------------------
# what one side may see
# --------------------------------------------------------------------------------------------

# the canonical order a view shows a draw pile in (its order within an era is unknown)
_DECK_ORDER = {c: (card.era, c) for c, card in CARDS.items()}


def hidden_from(s: dict, side: str) -> dict:
    """Which of the opponent's cards ``side`` cannot see right now (hand, face-down slots)."""
    other = OTHER[side]
    slot = s["slots"][other]
    step = s["step"]
    # rb phase 3: a played Agent / Double Agent is revealed; phase 5 reveals the BoP cards
    bop_seen = (STEP_PHASE.get(step, 10) >= 5 or s["winner"] is not None
                or (s["agents"][other] is not None and not IS_ACTIVITY.get(slot["bop"], True)))
    space_seen = s["spied"][side] or step in ("race", "bonus", "claim", "end", "over")
    hidden = list(s["hands"][other])
    if slot["bop"] is not None and not bop_seen:
        hidden.append(slot["bop"])
    if slot["space"] is not None and not space_seen:
        hidden.append(slot["space"])
    return {"cards": hidden, "bop_seen": bop_seen, "space_seen": space_seen}


def view(s: dict, side: str) -> dict:
    """A copy of the state with what ``side`` may not see removed (for the computer player).

    The opponent's hand becomes a count, its face-down slot cards become None with a flag, and
    the unknown orders (decks within an era, the Event deck) are replaced by a canonical order.
    """
    return clone(shared_view(s, side))


def shared_view(s: dict, side: str) -> dict:
    """``view(s, side)`` without the copy, for a message: a new dict whose parts the view leaves
    as they are are ``s``'s own (never to be changed through it), with the same JSON as
    ``view`` (keys in the same order)."""
    other = OTHER[side]
    h = hidden_from(s, side)
    v = dict(s)
    v["hand_counts"] = {sd: len(s["hands"][sd]) for sd in SIDES}
    v["hands"] = {sd: [] if sd == other else cards for sd, cards in s["hands"].items()}
    oslot = dict(s["slots"][other])
    if oslot["bop"] is not None and not h["bop_seen"]:
        oslot["bop"] = None
        oslot["bop_hidden"] = True
    if oslot["space"] is not None and not h["space_seen"]:
        oslot["space"] = None
        oslot["space_hidden"] = True
    v["slots"] = {sd: oslot if sd == other else slot for sd, slot in s["slots"].items()}
    v["decks"] = {sd: sorted(deck, key=_DECK_ORDER.__getitem__) if sd in SIDES else deck
                  for sd, deck in s["decks"].items()}
    v["event_deck"] = sorted(v["event_deck"])
    v["rng"] = 0
    v["viewer"] = side
    return v


# --------------------------------------------------------------------------------------------
# consistency of a loaded state: squabble/games/squabble/validation.py
# --------------------------------------------------------------------------------------------

def validate(s, derive: bool = False) -> str | None:
    """None if ``s`` is a consistent Squabble state, else one sentence on the first problem."""
    return ABOVE["validation"].validate(s, derive)


def load(s) -> dict:
    """The state ``load`` plays, or ValueError with one sentence naming the first problem."""
    return ABOVE["validation"].load(s)


def check_invariants(s: dict) -> str | None:
    """The simulator's invariants: every card in one place, tokens 0-3, track within -4..4."""
    places = 0
    for side in SIDES:
        slot = s["slots"][side]
        places += len(s["hands"][side]) + len(s["decks"][side]) + len(s["discards"][side])
        places += (slot["bop"] is not None) + (slot["space"] is not None)
        if not 0 <= s["tokens"][side] <= TOKEN_CAP:
            return f"{side} holds {s['tokens'][side]} tokens."
        if not 0 <= slot["bop_tokens"] + slot["space_tokens"] <= TOKEN_CAP:
            return f"{side} has {slot['bop_tokens'] + slot['space_tokens']} tokens on its cards."
        if not 0 <= s["space"][side] <= SPACE_TOP:
            return f"{side} is off the Space Race track."
    if places != len(CARD_IDS):
        return f"{places} card places for {len(CARD_IDS)} cards."
    if not -CLOUD <= s["bop"] <= CLOUD:
        return f"The Balance of Power is off the track ({s['bop']})."
    return validate(s)
