"""Consistency checks of a Struggle state: ``validate`` (loading) and ``check_invariants`` (simulator)."""

from __future__ import annotations

import json
import marshal
import re

from squabble.games.loading import Refused, load_checked

from . import frames
from .options import parse_options
from .core import MAX_INFLUENCE
from .data import CARDS, CHINA, COUNTRIES, REGION_SETS, SIDES, period_cards
from .frames import BOTH_SIDES, are_countries as _countries, int_in as _int, is_card as _card
from .frames import is_side as _side, names_one_of as _known

WINNERS = (None, "USA", "USSR", "draw")
MASK = (1 << 64) - 1
STEPS = ("deal", "setup_ussr", "setup_usa", "handicap", "headline", "rounds", "check", "reset",
         "reset2")


class Bad(Exception):
    pass


def _need(cond, msg):
    if not cond:
        raise Bad(msg)


def expected_cards(state: dict) -> set:
    """Cards (without The China Card) that are in the game at this point."""
    opt = bool(state["options"].get("optional_cards"))
    cards = set(period_cards("Early", opt))
    if state["turn"] >= 4:
        cards |= set(period_cards("Mid", opt))
    if state["turn"] >= 8:
        cards |= set(period_cards("Late", opt))
    return cards


def card_places(state: dict) -> str | None:
    """Every card in exactly one place: hands, deck, discard, removed, table."""
    seen = {}
    hands = state["hands"]
    if not isinstance(hands, dict) or set(hands) != set(SIDES):
        return "'hands' must have USA and USSR"
    places = [("USA hand", state["hands"]["USA"]), ("USSR hand", state["hands"]["USSR"]),
              ("deck", state["deck"]), ("discard", state["discard"]), ("removed", state["removed"]),
              ("table", state["table"])]
    for name, cards in places:
        if not isinstance(cards, list):
            return f"{name} is not a list"
        for c in cards:
            if not _int(c, 1, 110) or c == CHINA:
                return f"{name} holds an invalid card {c!r}"
            if c in seen:
                return f"card {c} is both in the {seen[c]} and in the {name}"
            seen[c] = name
    expected = expected_cards(state)
    extra = sorted(set(seen) - expected)
    if extra:
        return f"card {extra[0]} is not in the game yet"
    missing = sorted(expected - set(seen))
    if missing:
        return f"card {missing[0]} is nowhere"
    return None


def check_invariants(state: dict) -> str | None:
    """Influence >= 0, every card in exactly one place, DEFCON 1-5, VP within 20 until the end."""
    for c, v in state["influence"].items():
        if v["USA"] < 0 or v["USSR"] < 0:
            return f"negative influence in {c}"
    msg = card_places(state)
    if msg:
        return msg
    if not 1 <= state["defcon"] <= 5:
        return f"DEFCON {state['defcon']} is outside 1-5"
    if state["winner"] is None and abs(state["vp"]) >= 20:
        return f"VP {state['vp']} reached 20 but the game goes on"
    return None


def _sentence(msg: str) -> str:
    return msg[:1].upper() + msg[1:] + "."


def validate(state, derive: bool = False) -> str | None:
    """None if ``state`` is a consistent Struggle state, else one sentence naming the first
    inconsistency.  Never raises.  ``derive``: the pending decision is not checked (load derives
    it).  A state holding its effects as the protocol prints them (``effects``,
    ``effect_details``) or as an old save did (``effects``, ``effect_args``) is checked as
    ``load`` plays it: joined into one list (and a pending decision's "1 ops" read as "1 op":
    ``upgrade_words``)."""
    try:
        _validate(upgrade(state), derive)
    except Bad as exc:
        return _sentence(str(exc))
    except Exception as exc:  # garbage of an unexpected shape, or the engine failing on it
        return f"The state is malformed ({type(exc).__name__}: {str(exc)[:200]})."
    return None


REQUIRED = {
    "game": str, "winner": (str, type(None)), "hands": dict, "turn": int, "action_round": int,
    "phasing": (str, type(None)), "defcon": int, "vp": int, "milops": dict, "space": dict,
    "influence": dict, "china": dict, "deck": list, "discard": list, "removed": list,
    "effects": list, "table": list, "headline": dict, "options": dict,
    "stack": list, "pending": (dict, type(None)), "rng": int, "dice": list, "step": str,
    "space_attempts": dict, "access": dict, "round": dict, "ccw": int,
    "active": (str, type(None)), "final": bool,
    "end_reason": (str, type(None)),
}


def _validate(state, derive=False) -> None:
    _need(isinstance(state, dict), "the state is not an object")
    for key, typ in REQUIRED.items():
        _need(key in state, f"the state has no {key!r}")
        _need(isinstance(state[key], typ) and not (typ is int and isinstance(state[key], bool)),
              f"{key!r} has the wrong type")
    _need(state["game"] == "struggle", "'game' is not \"struggle\"")
    _need(state["winner"] in WINNERS, "'winner' must be null, USA, USSR or draw")
    _need(_int(state["turn"], 1, 10), "'turn' must be 1-10")
    _need(_int(state["action_round"], 0, 8), "'action_round' must be 0-8")
    _need(state["phasing"] in (None, "USA", "USSR"), "'phasing' must be null, USA or USSR")
    _need(state["active"] in (None, "USA", "USSR"), "'active' must be null, USA or USSR")
    _need(_int(state["defcon"], 1, 5), "DEFCON must be 1-5")
    _need(_int(state["rng"], 0, MASK), "'rng' must be a 64-bit number")
    _need(all(_int(d, 1, 6) for d in state["dice"]), "forced dice must be 1-6")
    _need(_int(state["ccw"], 0, 99), "'ccw' must be a whole number from 0 to 99")
    _need(state["step"] in STEPS, "'step' is not a step of the turn")
    opts = state["options"]
    try:
        normal = parse_options(opts)
    except ValueError as exc:
        raise Bad(f"the options are malformed: {str(exc)[:1].lower()}{str(exc)[1:].rstrip('.')}") from None
    # a game saved before the optional rules existed has none of them (all off): the rest must
    # be given, each in its normal form
    _need({k: normal[k] for k in opts} == opts and set(LEGACY_OPTIONS) <= set(opts),
          "the options must give optional_cards, chinese_civil_war and handicap "
          "(null, or a side and 1-30 influence)")
    for key in ("hands", "milops", "space", "space_attempts", "access"):
        _need(set(state[key]) == set(SIDES), f"{key!r} must have USA and USSR")
    for s in SIDES:
        _need(_int(state["milops"][s], 0, 5), "MilOps must be 0-5")
        _need(_int(state["space"][s], 0, 8), "Space Race positions must be 0-8")
        _need(_int(state["space_attempts"][s], 0, 2), "space attempts must be 0-2")
        _need(_countries(state["access"][s]), f"'access.{s}' must be a list of countries")
    infl = state["influence"]
    _need(set(infl) == set(COUNTRIES), "'influence' must list exactly the 84 countries")
    for c, v in infl.items():
        _need(isinstance(v, dict) and set(v) == set(SIDES), f"influence in {c} is malformed")
        for s in SIDES:
            _need(_int(v[s], 0, MAX_INFLUENCE),
                  f"{s} influence in {c} must be a whole number from 0 to {MAX_INFLUENCE}")
    china = state["china"]
    _need(set(china) == {"holder", "face_up"} and china["holder"] in (None, "USA", "USSR")
          and isinstance(china["face_up"], bool), "'china' is malformed")
    _need(china["holder"] is not None or (opts["chinese_civil_war"] and state["ccw"] < 3),
          "nobody holds The China Card outside the Chinese Civil War variant")
    _need(_int(state["vp"], -99, 99), "'vp' must be a whole number from -99 to 99")
    rnd = state["round"]
    _need(set(rnd) == {"defcon_start", "defcon2"} and _int(rnd["defcon_start"], 1, 5)
          and isinstance(rnd["defcon2"], bool), "'round' must be {defcon_start: 1-5, defcon2: true/false}")
    msg = card_places(state)
    _need(msg is None, msg or "")
    _check_effects(state)
    hl = state["headline"]
    _need(set(hl) == {"USA", "USSR", "shown"} and hl["shown"] in (None, "USA", "USSR"),
          "'headline' must have USA, USSR and shown")
    for s in SIDES:
        c = hl.get(s)
        _need(c is None or (_int(c) and c in state["table"]), f"the {s} headline is not on the table")
    if state["winner"] is None and not any(isinstance(f, dict) and f.get("kind") == "headline"
                                           for f in state["stack"]):
        _need(hl["USA"] is None and hl["USSR"] is None and hl["shown"] is None,
              "a headline is recorded outside the headline phase")
    if "ar_next" in state:  # saved before the next action round was derived (engine.next_round)
        from .engine import next_round
        old = state["ar_next"]
        _need(old == (next_round(state) if state["step"] == "rounds" else None),
              "'ar_next' disagrees with 'action_round' and 'phasing'")
    if "setup_done" in state:
        _need(state["setup_done"] is True, "'setup_done' must be true when present")
    if "held_shown" in state:  # the reveal_held_cards option: the cards shown at the last reveal
        hs = state["held_shown"]
        _need(bool(state["options"].get("reveal_held_cards")) and isinstance(hs, dict)
              and set(hs) == set(SIDES) and all(isinstance(v, list) and all(_card(c) for c in v)
                                                for v in hs.values()),
              "'held_shown' must list the cards each side showed (reveal_held_cards only)")
    extra = sorted(set(state) - set(REQUIRED) - {"ar_next", "setup_done", "held_shown",
                                                  "effect_args", "effect_details"})
    # (the protocol's and an old save's: load joins them into one list)
    _need(not extra, f"the state has an unknown key {extra[0]!r}" if extra else "")
    if state["winner"] is not None:
        _need(state["pending"] is None, "a finished game has a pending decision")
        _need(isinstance(state["end_reason"], str), "a finished game must say why it ended")
        return
    _need(state["end_reason"] is None, "the game goes on but 'end_reason' says why it ended")
    _need(state["final"] is False, "the game goes on but 'final' says it was scored for the last time")
    _need(state["defcon"] >= 2, "DEFCON is 1 (nuclear war) but nobody has won")
    if abs(state["vp"]) >= 20 and not state.get("final"):
        raise Bad("VP reached 20 but nobody has won")
    stack = state["stack"]
    _need(stack and all(isinstance(f, dict) and f.get("kind") in frames.KINDS for f in stack),
          "the engine stack is malformed")
    _need(stack[0]["kind"] == "game", "the engine stack does not start with the game")
    _need(all(f["kind"] != "game" for f in stack[1:]), "the engine stack has two game steps")
    in_game = expected_cards(state)
    for f in stack:
        _check_frame(f, in_game)
    _check_rounds(state)
    check_waiting_frames(state)
    if derive:
        return
    p = state["pending"]
    _need(p is not None, "the game goes on but no decision is pending")
    _need(p.get("player") in SIDES and isinstance(p.get("prompt"), str)
          and isinstance(p.get("options"), list) and p["options"], "the pending decision is malformed")
    for o in p["options"]:
        _need(isinstance(o, dict) and isinstance(o.get("label"), str), "a decision option is malformed")
        if "country" in o:
            _need(_known(o["country"], COUNTRIES),
                  f"a decision option names an unknown country {o['country']!r}")
        if "card" in o:
            _need(_card(o["card"]), "a decision option names an unknown card")
    _check_pending_matches(state)


def _is(v, *types) -> bool:
    return isinstance(v, types) and not (isinstance(v, bool) and bool not in types)


#: the options every saved game gives (the optional rules' options may be absent: off)
LEGACY_OPTIONS = ("optional_cards", "chinese_civil_war", "handicap")


def _check_frame(f: dict, in_game=None) -> None:
    from .core import EVENTS, TASKS
    kind = f["kind"]
    bad = frames.check(f)     # the kind's fields (frames.FIELDS, frames.OPTIONAL)
    _need(bad is None, f"a {kind} step of the engine has a bad {bad!r}")
    card = f.get("card")
    if in_game is not None and card is not None and kind in ("round", "ops", "event"):
        # a card being played or resolved is one of the game's (never a card of a later period)
        _need(card == CHINA or card in in_game, f"a {kind} step of the engine plays card {card}, "
                                                "which is not in the game yet")
    if kind == "headline" and f["stage"] == "resolve":
        _need(f.get("order") in BOTH_SIDES,
              "the headline step has a bad 'order'")
    if kind == "event":
        _need(f["card"] in EVENTS, f"card {f['card']} has no event to resolve")
    if kind == "task":
        _need(_known(f.get("name"), TASKS), "an engine task is unknown")


def _check_rounds(state: dict) -> None:
    """The sequence of play: the headline and action round frames against the step, the action
    round number and the phasing side (from which engine.next_round derives the next round)."""
    stack = state["stack"]
    rounds = [f for f in stack if f["kind"] == "round"]
    heads = [f for f in stack if f["kind"] == "headline"]
    _need(len(rounds) + len(heads) <= 1, "the engine stack holds two headline or action round steps")
    if state["step"] != "rounds":
        _need(not rounds and not heads, f"an action round or headline is on in step {state['step']!r}")
        return
    if heads:
        _need(state["action_round"] == 0 and state["phasing"] is None,
              "during the headline phase the action round must be 0 and no side phasing")
    elif rounds:
        _need(state["action_round"] >= 1 and state["phasing"] == rounds[0]["side"],
              "the phasing side is not the side of the action round being played")


# what every effect in force carries beside "by" and "until" (see the add_effect calls)
EFFECT_UNTIL_TURN = {9, 25, 31, 40, 41, 43, 51, 60, 69, 93, 94, 98, 109}
EFFECT_UNTIL_GAME = {16, 17, 21, 23, 27, 35, 42, 44, 49, 50, 55, 59, 65, 68, 73, 82, 83, 86, 87, 96,
                     97, 106, 110}
EFFECT_EXTRA = {40: {"restricted": _side}, 42: {"trapped": _side}, 44: {"trapped": _side},
                49: {"side": _side}, 86: {"turn": lambda v: _int(v, 1, 10)},
                94: {"region": lambda v: _known(v, REGION_SETS)}}


def _effects_of(state: dict) -> list:
    """The state's effects as entries ``{"card": n, ...args}``, from any of the three shapes a
    state may hold them in: the engine's one list of entries; the protocol's card numbers in
    ``effects`` with the entries in ``effect_details``; or, in a game saved before effects were
    one list, the card numbers paired with ``effect_args`` (one argument object per effect, at
    the same index)."""
    effects = state["effects"]
    if "effect_details" in state:
        details = state["effect_details"]
        _need("effect_args" not in state,
              "a state holds its effects' arguments in 'effect_details' or 'effect_args', not both")
        _need(isinstance(details, list) and all(isinstance(d, dict) for d in details),
              "'effect_details' must be a list of effect objects")
        _need(len(effects) == len(details)
              and all(type(c) is int and c == d.get("card") for c, d in zip(effects, details)),
              "'effects' must list the cards of 'effect_details', in the same order")
        effects = details
    elif "effect_args" in state:
        args = state["effect_args"]
        _need(isinstance(args, list) and len(effects) == len(args),
              "'effects' and 'effect_args' differ in length")
        for card, a in zip(effects, args):
            _need(_int(card, 1, 110), f"'effects' holds {card!r}, which is no card number")
            _need(isinstance(a, dict), f"the arguments of effect {card} are not an object")
        return [dict(a, card=card) for card, a in zip(effects, args)]
    for e in effects:
        _need(not _int(e, 1, 110), f"'effects' holds the card number {e!r} but the state has "
              "no 'effect_details' giving each effect's arguments")
        _need(isinstance(e, dict), f"'effects' holds {e!r}, which is no effect object "
              "(an effect is {\"card\": n, \"by\": side, \"until\": ...})")
        _need(_int(e.get("card"), 1, 110),
              f"'effects' holds {e!r}, whose 'card' is no card number")
    return effects


#: keys an older engine kept in every state that mean nothing now: ``load`` drops them (from the
#: records of how a call began, too), so old saves and positions still load
RETIRED_KEYS = ("test_setup",)


def upgrade(state):
    """``state`` as this engine keeps it (a copy when anything changes): the retired keys
    dropped, the effects in one list (``upgrade_effects``) and the old words of a pending
    decision ("1 ops") as the engine says them now (``upgrade_words``)."""
    return upgrade_words(upgrade_effects(_without_retired(state)))


def _without_retired(state):
    if not isinstance(state, dict):
        return state
    out = {k: v for k, v in state.items() if k not in RETIRED_KEYS}
    stack = state.get("stack")
    if isinstance(stack, list):
        out["stack"] = [_record_without_retired(f) for f in stack]
    return out if out != state else state


def _record_without_retired(frame):
    res = frame.get("resume") if isinstance(frame, dict) else None
    if not isinstance(res, dict):
        return frame
    new = {k: ({x: y for x, y in v.items() if x not in RETIRED_KEYS}
               if k in ("start", "undo") and isinstance(v, dict) else v)
           for k, v in res.items()}
    return frame if new == res else dict(frame, resume=new)


def upgrade_effects(state):
    """``state``, or, when it holds its effects as the protocol prints them (card numbers in
    ``effects``, entries in ``effect_details``) or as an old save did (``effects`` and
    ``effect_args``), a copy holding them as the engine does: one list of
    ``{"card": n, ...args}``, in the state and in the records its stack keeps of how a call
    began (an old save's).  Anything malformed is returned as it is, for validation to name its
    problem; ``state`` itself is never changed."""
    if not isinstance(state, dict) or not isinstance(state.get("effects"), list) \
            or ("effect_args" not in state and "effect_details" not in state):
        return state
    try:
        effects = _effects_of(state)
    except Exception:   # malformed: validation names the problem
        return state
    out = dict(state, effects=[dict(e) for e in effects])
    out.pop("effect_args", None)
    out.pop("effect_details", None)
    if isinstance(state.get("stack"), list):
        out["stack"] = [_upgrade_record(f, state) for f in state["stack"]]
    return out


#: words of a decision's prompt and labels as a save made before issue 50 (item 13) holds them
_OLD_WORDS = ((re.compile(r"\b1 ops\b"), "1 op"), (re.compile(r"\b1 rolls\b"), "1 roll"))


def upgrade_words(state):
    """``state``, or, when its pending decision says "1 ops" or "1 rolls" (a save made before
    the engine said "1 op"), a copy whose pending decision says it as the engine does now (its
    prompt and labels only); ``state`` itself is never changed."""
    p = state.get("pending") if isinstance(state, dict) else None
    if not isinstance(p, dict) or not isinstance(p.get("options"), list):
        return state

    def now(text):
        if not isinstance(text, str):
            return text
        for old, new in _OLD_WORDS:
            text = old.sub(new, text)
        return text
    prompt = now(p.get("prompt"))
    options = [dict(o, label=now(o["label"])) if isinstance(o, dict) and "label" in o else o
               for o in p["options"]]
    if prompt == p.get("prompt") and options == p["options"]:
        return state
    return dict(state, pending=dict(p, prompt=prompt, options=options))


def _upgrade_record(frame, state: dict):
    """A stack frame of an old save whose record of how its call began (``resume``: the whole
    ``start``, or the ``undo`` of the keys the call changed) holds effects in two lists: a copy
    holding them as one list (else the frame itself)."""
    res = frame.get("resume") if isinstance(frame, dict) else None
    if not isinstance(res, dict):
        return frame
    start, undo = res.get("start"), res.get("undo")
    if isinstance(start, dict) and "effect_args" in start:
        res = dict(res, start=upgrade_effects(start))
    elif isinstance(undo, dict) and "effect_args" in undo or "effect_args" in state \
            and isinstance(undo, dict) and "effects" in undo:
        # the keys the call did not change are as in the state
        was = {"effects": undo.get("effects", state["effects"]),
               "effect_args": undo.get("effect_args", state.get("effect_args"))}
        joined = upgrade_effects(was)
        if joined is not was:
            undo = {k: v for k, v in undo.items() if k != "effect_args"}
            res = dict(res, undo=dict(undo, effects=joined["effects"]))
    return frame if res is frame.get("resume") else dict(frame, resume=res)


#: effects whose card stays on the table while they are in force (Shuttle Diplomacy: U-6)
EFFECT_ON_TABLE = frozenset({73})


def _check_effects(state: dict) -> None:
    """Each entry of ``effects`` is ``{"card": n, ...}`` with exactly the arguments that card's
    effect is given when it comes into force (an old save's two lists are checked alike)."""
    from .core import HOOKS
    for a in _effects_of(state):
        card = a["card"]
        if card not in EFFECT_UNTIL_TURN | EFFECT_UNTIL_GAME:
            # no card of the game leaves this effect; only code that registered hooks for it
            _need(any(card in table for table in HOOKS.values()),
                  f"'effects' holds {card}, whose card has no effect that stays in force")
            _need(a.get("by") in SIDES and a.get("until") in ("game", "turn"),
                  f"effect {card} needs a 'by' side and an 'until' of game or turn")
            continue
        if card in EFFECT_ON_TABLE:
            # its card waits on the table, and its effect discards it once used: in force once
            _need(card in state["table"]
                  and [e["card"] for e in _effects_of(state)].count(card) == 1,
                  f"effect {card} is in force once, with its card on the table")
        extra = EFFECT_EXTRA.get(card, {})
        _need(set(a) == {"card", "by", "until"} | set(extra),
              f"the arguments of effect {card} must be by, until"
              + "".join(f", {k}" for k in extra))
        _need(a["by"] in SIDES, f"effect {card} has a bad 'by'")
        _need(a["until"] == ("turn" if card in EFFECT_UNTIL_TURN else "game"),
              f"effect {card} has a bad 'until'")
        for k, ok in extra.items():
            _need(ok(a[k]), f"effect {card} has a bad {k!r}")


def _normal(state: dict):
    """A plain-JSON copy for comparing (tuples and lists alike)."""
    return json.loads(json.dumps(state, sort_keys=True))


UNDOABLE = set(REQUIRED) - {"pending", "stack", "game"} | {"setup_done", "held_shown"}


def replay_resumable(state: dict) -> dict:
    """The state as the engine leaves it after running again the call of the event or task on
    top of the stack that asked the pending decision (see engine.run_resumable)."""
    from .engine import run
    copy = marshal.loads(marshal.dumps(state))
    frame = copy["stack"][-1]
    what = "the event of card %s" % frame.get("card") if frame["kind"] == "event" else \
        "the task %r" % frame.get("name")
    res = frame.get("resume")
    _need(isinstance(res, dict) and set(res) == {"frame", "answer", "undo", "added"},
          f"the decision pending in {what} does not say what it was asked from")
    pre, answer, undo, added = res["frame"], res["answer"], res["undo"], res["added"]
    _need(isinstance(pre, dict) and pre.get("kind") == frame["kind"] and "resume" not in pre
          and isinstance(undo, dict) and isinstance(added, list)
          and all(k in UNDOABLE for k in undo)
          and all(_known(k, UNDOABLE) and k in copy for k in added)
          and (answer is None or (isinstance(answer, dict) and isinstance(answer.get("label"), str))),
          f"the record of how {what} asked its decision is malformed")
    _check_frame(pre, expected_cards(copy))
    for k in added:
        del copy[k]
    copy.update(undo)
    copy["stack"][-1] = pre
    copy["pending"] = None
    # the state the call started from must itself be whole
    for key, typ in REQUIRED.items():
        _need(isinstance(copy.get(key), typ), f"the record of {what} has a bad {key!r}")
    _check_effects(copy)
    msg = card_places(copy)
    _need(msg is None, f"before {what} asked: {msg}")
    run(copy, answer, None)
    return copy


def not_begun(frame: dict) -> bool:
    """An event or a task that has not been called yet: an event not ``started``, a task with
    no step of its own in its data; neither holds a child step's result."""
    if "ret" in frame:
        return False
    if frame["kind"] == "event":
        return not frame["started"] and frame["data"] == {}
    return "step" not in frame["data"]


def _without(frame: dict, key: str) -> dict:
    return {k: v for k, v in frame.items() if k != key}


def check_waiting_frames(state: dict) -> None:
    """An event or a task below the top of the stack waits for a step it started (a task, a
    placement, operations, another event): its data must be what its code makes from the state
    the call started from (the frame's ``"resume"``: engine.run_resumable), and the step it
    started must be the one above it."""
    from .engine import HANDLERS
    stack = state["stack"]
    for i, f in enumerate(stack[:-1]):
        if f["kind"] not in ("event", "task"):
            continue
        what = "the event of card %s" % f.get("card") if f["kind"] == "event" else \
            "the task %r" % f.get("name")
        res = f.get("resume")
        if res is None and not_begun(f):
            # pushed in the same step as the one above it (two effects' hooks each starting a
            # task: NORAD in force twice): it runs, as it is, when the steps above it are done
            continue
        _need(isinstance(res, dict) and set(res) == {"frame", "answer", "start"},
              f"{what} waits for a step it started but does not say how it started it")
        pre, answer, start = res["frame"], res["answer"], res["start"]
        _need(isinstance(pre, dict) and pre.get("kind") == f["kind"] and "resume" not in pre
              and isinstance(start, dict) and set(start) <= UNDOABLE | {"game"}
              and (answer is None or (isinstance(answer, dict)
                                      and isinstance(answer.get("label"), str))),
              f"the record of how {what} started its step is malformed")
        for key, typ in REQUIRED.items():
            if key not in ("stack", "pending"):
                _need(key in start and isinstance(start[key], typ),
                      f"the record of {what} has a bad {key!r}")
        _check_effects(start)
        msg = card_places(start)
        _need(msg is None, f"before {what} started its step: {msg}")
        again = marshal.loads(marshal.dumps(start))
        frame = marshal.loads(marshal.dumps(pre))
        _check_frame(frame, expected_cards(again))
        again["stack"] = [frame]
        again["pending"] = None
        try:
            HANDLERS[frame["kind"]](again, frame, answer, None)
        except Exception as exc:
            raise Bad(f"{what} cannot be run again from its record "
                      f"({type(exc).__name__}: {str(exc)[:100]})") from None
        child, real = (again["stack"][1] if len(again["stack"]) > 1 else {}), stack[i + 1]
        _need(again["winner"] is None and again["pending"] is None and again["stack"][0] is frame
              and child.get("kind") == real["kind"] and child.get("card") == real.get("card")
              and child.get("name") == real.get("name"),
              f"{what} did not start the step above it")
        _need(_normal(_without(frame, "resume")) == _normal(_without(f, "resume")),
              f"the data of {what} are not what its code makes")


def settle(state: dict) -> dict:
    """A copy of ``state`` with the decision the engine asks in it: the engine runs from the
    stack's top step as if nothing were pending (an event or a task asks again from its record;
    a card being played offers its uses again)."""
    from .data import card_name
    from .engine import ask_use, run, use_options
    frame = state["stack"][-1]
    kind = frame["kind"]
    if kind in ("event", "task") and "resume" in frame:
        return replay_resumable(state)
    copy = marshal.loads(marshal.dumps(state))
    copy["pending"] = None
    if kind == "round" and frame["stage"] == "use":
        card, side = frame["card"], frame["side"]
        _need(card in copy["table"] and card != CHINA and not CARDS[card]["scoring"],
              "the card whose use is being chosen is not on the table")
        options = use_options(copy, side, card)
        _need(options, f"{card_name(card)} has no use, yet its use is asked")
        ask_use(copy, side, card, options)
        return copy
    _need(not (kind == "round" and frame["stage"] in ("use", "run", "end", "done")
               and state["pending"] is not None),
          f"an action round in stage {frame['stage']!r} cannot be waiting for a decision"
          if kind == "round" else "")
    run(copy, None, None)
    return copy


def _check_pending_matches(state: dict) -> None:
    """The stored pending decision must be the one the engine asks in this state: the engine
    asks it again (``settle``) and the whole state must come out unchanged."""
    frame = state["stack"][-1]
    if frame["kind"] in ("event", "task"):
        _need("resume" in frame, "the decision pending in an event or a task does not say what "
                                 "it was asked from")
    again = settle(state)
    p, q = state["pending"], again.get("pending")
    if q is not None and "kind" not in p:   # saved before decisions said their kind: still good
        q = again["pending"] = {k: v for k, v in q.items() if k not in ("kind", "context")}
    if _normal(again) == _normal(state):
        return
    if q is None:
        raise Bad("no decision is pending in this state, yet one is stored")
    _need(q["player"] == p["player"], "the pending decision does not match the state (wrong player)")
    _need(q["options"] == p["options"], "the pending decision does not match the state (its options "
                                        "are not the ones the engine offers)")
    _need(q["prompt"] == p["prompt"], "the pending decision does not match the state (its prompt)")
    _need(q.get("kind") == p.get("kind") and _normal(q.get("context")) == _normal(p.get("context")),
          "the pending decision does not match the state (its kind or context)")
    raise Bad("the pending decision does not match the state (the engine would not be at rest here)")


def load(state) -> dict:
    """The state ``load`` plays: ``state`` itself if consistent, or, when its ``pending`` is null
    or absent in a game not over, a copy with the decision the engine asks there (a position
    set up by hand).  Raises ValueError with one sentence naming the first problem."""
    state = upgrade(state)   # a game saved with effects in two lists, 'test_setup' or "1 ops"
    state = load_checked(state, validate=validate, settle=_settle,
                         copy=lambda s: marshal.loads(marshal.dumps(s)),
                         stuck="The engine cannot go on from this state")
    state.pop("ar_next", None)
    p = state.get("pending")
    if p is not None and "kind" not in p:   # saved before decisions said their kind
        q = settle(state)["pending"]
        p.update(kind=q["kind"], context=q["context"])
    return state


def _settle(state) -> dict:
    try:
        return settle(state)
    except Bad as exc:
        raise Refused(_sentence(str(exc))) from None
