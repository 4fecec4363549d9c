"""Consistency checks of a Struggle state: ``validate`` (loading) and ``check_invariants`` (simulator)."""

from __future__ import annotations

import marshal

from .data import CARDS, CHINA, COUNTRIES, REGION_NAMES, SIDES, period_cards

WINNERS = (None, "USA", "USSR", "draw")
FRAME_KINDS = ("game", "ops", "place", "remove", "event", "task", "round", "headline",
               "reset_discard")
MASK = (1 << 64) - 1
STEPS = ("deal", "setup_ussr", "setup_usa", "handicap", "headline", "rounds", "check", "reset",
         "reset2")


class Bad(Exception):
    pass


def _int(v, lo=None, hi=None) -> bool:
    return (isinstance(v, int) and not isinstance(v, bool)
            and (lo is None or v >= lo) and (hi is None or v <= hi))


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


def validate(state) -> str | None:
    """None if ``state`` is a consistent Struggle state, else one sentence naming the first
    inconsistency.  Never raises."""
    try:
        _validate(state)
    except Bad as exc:
        return str(exc)[:1].upper() + str(exc)[1:] + "."
    except Exception as exc:  # garbage of an unexpected shape
        return f"The state is malformed ({type(exc).__name__}: {exc})."
    return None


REQUIRED = {
    "game": str, "winner": (str, type(None)), "hands": dict, "turn": int, "action_round": int,
    "phasing": (str, type(None)), "defcon": int, "vp": int, "milops": dict, "space": dict,
    "influence": dict, "china": dict, "deck": list, "discard": list, "removed": list,
    "effects": list, "effect_args": list, "table": list, "headline": dict, "options": dict,
    "stack": list, "pending": (dict, type(None)), "rng": int, "dice": list, "step": str,
    "space_attempts": dict, "access": dict, "round": dict, "ccw": int, "test_setup": bool,
    "ar_next": (list, type(None)), "active": (str, type(None)), "final": bool,
    "end_reason": (str, type(None)),
}


def _validate(state) -> None:
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
    _need(state["ar_next"] is None or (len(state["ar_next"]) == 2 and _int(state["ar_next"][0], 1, 9)
                                       and state["ar_next"][1] in SIDES), "'ar_next' is malformed")
    _need(_int(state["defcon"], 1, 5), "DEFCON must be 1-5")
    _need(_int(state["rng"], 0, MASK), "'rng' must be a 64-bit number")
    _need(all(_int(d, 1, 6) for d in state["dice"]), "forced dice must be 1-6")
    _need(_int(state["ccw"], 0, 99), "'ccw' must be a number")
    _need(state["step"] in STEPS, "'step' is not a step of the turn")
    opts = state["options"]
    _need(isinstance(opts.get("optional_cards"), bool) and isinstance(opts.get("chinese_civil_war"), bool),
          "the options are malformed")
    for key in ("hands", "milops", "space", "space_attempts", "access"):
        _need(set(state[key]) == set(SIDES), f"{key!r} must have USA and USSR")
    for s in SIDES:
        _need(_int(state["milops"][s], 0, 5), "MilOps must be 0-5")
        _need(_int(state["space"][s], 0, 8), "Space Race positions must be 0-8")
        _need(_int(state["space_attempts"][s], 0, 2), "space attempts must be 0-2")
        _need(isinstance(state["access"][s], list) and all(c in COUNTRIES for c in state["access"][s]),
              "'access' lists unknown countries")
    infl = state["influence"]
    _need(set(infl) == set(COUNTRIES), "'influence' must list exactly the 84 countries")
    for c, v in infl.items():
        _need(isinstance(v, dict) and set(v) == set(SIDES), f"influence in {c} is malformed")
        for s in SIDES:
            _need(_int(v[s], 0, 99), f"{s} influence in {c} must be a number from 0")
    china = state["china"]
    _need(set(china) == {"holder", "face_up"} and china["holder"] in (None, "USA", "USSR")
          and isinstance(china["face_up"], bool), "'china' is malformed")
    _need(china["holder"] is not None or (opts["chinese_civil_war"] and state["ccw"] < 3),
          "nobody holds The China Card outside the Chinese Civil War variant")
    _need(_int(state["vp"], -99, 99), "'vp' is out of range")
    msg = card_places(state)
    _need(msg is None, msg or "")
    _need(len(state["effects"]) == len(state["effect_args"]), "'effects' and 'effect_args' differ in length")
    _need(all(_int(c, 1, 110) for c in state["effects"]), "'effects' holds an invalid card")
    _need(all(isinstance(a, dict) for a in state["effect_args"]), "'effect_args' must hold objects")
    hl = state["headline"]
    for s in SIDES:
        c = hl.get(s)
        _need(c is None or (_int(c) and c in state["table"]), f"the {s} headline is not on the table")
    if state["winner"] is not None:
        _need(state["pending"] is None, "a finished game has a pending decision")
        return
    if abs(state["vp"]) >= 20 and not state.get("final"):
        raise Bad("VP reached 20 but nobody has won")
    stack = state["stack"]
    _need(stack and all(isinstance(f, dict) and f.get("kind") in FRAME_KINDS for f in stack),
          "the engine stack is malformed")
    _need(stack[0]["kind"] == "game", "the engine stack does not start with the game")
    _need(all(f["kind"] != "game" for f in stack[1:]), "the engine stack has two game steps")
    for f in stack:
        _check_frame(f)
    p = state["pending"]
    _need(p is not None, "the game goes on but no decision is pending")
    _need(p.get("player") in SIDES and isinstance(p.get("prompt"), str)
          and isinstance(p.get("options"), list) and p["options"], "the pending decision is malformed")
    for o in p["options"]:
        _need(isinstance(o, dict) and isinstance(o.get("label"), str), "a decision option is malformed")
        if "country" in o:
            _need(o["country"] in COUNTRIES, f"a decision option names an unknown country {o['country']!r}")
        if "card" in o:
            _need(o["card"] in CARDS, "a decision option names an unknown card")
    _check_pending_matches(state)


def _is(v, *types) -> bool:
    return isinstance(v, types) and not (isinstance(v, bool) and bool not in types)


def _side(v) -> bool:
    return v in SIDES


def _countries(v) -> bool:
    return isinstance(v, list) and all(c in COUNTRIES for c in v)


ROUND_STEPS = ("event", "discard", "space", "ops", "ops:influence", "ops:realign", "ops:coup")
FRAME_FIELDS = {
    "round": {"side": _side, "stage": lambda v: v in ("choose", "use", "run", "end", "done"),
              "card": lambda v: v is None or v in CARDS,
              "todo": lambda v: isinstance(v, list) and all(x in ROUND_STEPS for x in v)},
    "headline": {"stage": lambda v: v in ("choose", "resolve"), "idx": lambda v: _int(v, 0, 2),
                 "choosers": lambda v: isinstance(v, list) and sorted(v) == ["USA", "USSR"]},
    "ops": {"side": _side, "card": lambda v: v is None or v in CARDS, "left": lambda v: _int(v, 0, 9),
            "bonus": lambda v: isinstance(v, list) and all(
                isinstance(b, list) and len(b) == 2 and b[0] in REGION_NAMES and _int(b[1], 0, 9)
                for b in v),
            "type": lambda v: v in (None, "influence", "realign", "coup"),
            "kinds": lambda v: isinstance(v, list) and all(k in ("influence", "realign", "coup") for k in v),
            "countries": lambda v: v is None or _countries(v),
            "ignore_defcon": lambda v: isinstance(v, bool), "milops": lambda v: isinstance(v, bool),
            "granted": lambda v: isinstance(v, bool)},
    "place": {"side": _side, "target": _side, "n": lambda v: _int(v, 0, 99), "countries": _countries,
              "max_per": lambda v: v is None or _int(v, 1, 99), "optional": lambda v: isinstance(v, bool),
              "counts": lambda v: isinstance(v, dict) and all(c in COUNTRIES and _int(n, 0) for c, n in v.items()),
              "prompt": lambda v: isinstance(v, str), "mode": lambda v: isinstance(v, str),
              "cap": lambda v: v is None or _int(v, 0, 9)},
    "remove": {"side": _side, "target": _side, "n": lambda v: _int(v, 0, 99), "countries": _countries,
               "max_per": lambda v: v is None or _int(v, 1, 99), "optional": lambda v: isinstance(v, bool),
               "amount": lambda v: v is None or _int(v, 1, 99),
               "counts": lambda v: isinstance(v, dict) and all(c in COUNTRIES and _int(n, 0) for c, n in v.items()),
               "prompt": lambda v: isinstance(v, str)},
    "event": {"card": lambda v: v in CARDS, "side": _side, "by": _side,
              "headline": lambda v: isinstance(v, bool), "data": lambda v: isinstance(v, dict),
              "occurred": lambda v: isinstance(v, bool), "keep": lambda v: isinstance(v, bool),
              "started": lambda v: isinstance(v, bool)},
    "task": {"side": _side, "data": lambda v: isinstance(v, dict)},
    "reset_discard": {"side": _side},
    "game": {},
}


def _check_frame(f: dict) -> None:
    from .core import EVENTS, TASKS
    kind = f["kind"]
    for key, ok in FRAME_FIELDS[kind].items():
        _need(key in f and ok(f[key]), f"a {kind} step of the engine has a bad {key!r}")
    if kind == "event":
        _need(f["card"] in EVENTS, f"card {f['card']} has no event to resolve")
    if kind == "task":
        _need(f.get("name") in TASKS, "an engine task is unknown")
    if kind == "remove" or kind == "place":
        _need(isinstance(f.get("picks", {}), dict), f"a {kind} step of the engine is malformed")


def _check_pending_matches(state: dict) -> None:
    """Recompute the pending decision of the top frame (where that is side-effect free)."""
    from .engine import run, use_options
    frame = state["stack"][-1]
    kind = frame["kind"]
    p = state["pending"]
    if kind in ("event", "task"):
        return
    if kind == "round" and frame.get("stage") == "use":
        _need(frame.get("card") in state["table"] and p["player"] == frame.get("side"),
              "the pending decision does not match the card being played")
        again = use_options(state, frame["side"], frame["card"])
    elif kind in ("ops", "place", "remove", "headline", "reset_discard") or (
            kind == "round" and frame.get("stage") == "choose"):
        copy = marshal.loads(marshal.dumps(state))
        copy["pending"] = None
        copy["dice"] = []
        run(copy, None, None)
        again = (copy["pending"] or {}).get("options")
        _need(copy["pending"] is not None and copy["pending"]["player"] == p["player"],
              "the pending decision does not match the state (wrong player)")
    else:
        raise Bad(f"a {kind} step cannot be waiting for a decision")
    _need(again == p["options"], "the pending decision does not match the state")
