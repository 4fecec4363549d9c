"""The frames of the Struggle engine's stack, in one place: each kind, its fields and their
values (``FIELDS``, what ``validation`` checks a loaded state's stack against), and one
constructor per kind (what the engine and the events build frames with).

A frame is a JSON object on ``state["stack"]``; the top one runs (engine.HANDLERS[kind]).

- ``game``: the bottom of the stack: the sequence of play (engine.advance).
- ``headline``: the headline phase: the sides choose (``choosers``, in order), then the
  headlines resolve (``stage`` "resolve", ``order``: who resolves first).
- ``round``: one action round of ``side``: choose a card, choose its use, run the use's steps
  (``todo``: ROUND_STEPS), end (round_end hooks), done.
- ``ops``: operations of ``side`` worth ``left`` (plus ``bonus``: [[region, ops]] usable only
  there), of one of ``kinds`` (``type`` once chosen), in ``countries`` (None: anywhere).
- ``place`` / ``remove``: influence placed or removed one point a decision.
- ``event``: a card's event resolving (its code: events.EVENTS); ``data`` is its own.
- ``task``: a resumable task started by an event or a hook (events.TASKS); ``data`` its own.
- ``reset_discard``: Space Race ability 6, the discard of the reset phase.
Optional fields (``OPTIONAL``) appear once a step sets them.  Besides, any frame may hold
``ret`` (what the step above it left when it finished: engine.finish) and an event or a task
``resume`` (the record of how its call began: engine.run_resumable), which validation checks
by running the call again.
"""

from __future__ import annotations

from .data import CARDS, COUNTRIES, REGION_NAMES, SIDES

#: the fields of no one kind (see above)
ANY_KIND = ("kind", "ret", "resume")
KINDS = ("game", "ops", "place", "remove", "event", "task", "round", "headline", "reset_discard")
OPS_KINDS = ("influence", "realign", "coup")
ROUND_STAGES = ("choose", "use", "run", "end", "done")
#: the steps of a card's use an action round runs (engine.USE_STEPS)
ROUND_STEPS = ("event", "discard", "space", "ops", "ops:influence", "ops:realign", "ops:coup")
HEADLINE_STAGES = ("choose", "resolve")
#: who chooses (or resolves) a headline first, then second
BOTH_SIDES = (["USA", "USSR"], ["USSR", "USA"])


# ---------------------------------------------------------------- the values of fields
def int_in(v, lo=None, hi=None) -> bool:
    return (isinstance(v, int) and not isinstance(v, bool)
            and (lo is None or v >= lo) and (hi is None or v <= hi))


def is_card(v) -> bool:
    return int_in(v) and v in CARDS


def is_side(v) -> bool:
    return v in SIDES


def names_one_of(v, table) -> bool:
    """``v`` names an entry of ``table`` (a string: a list or an object never does)."""
    return isinstance(v, str) and v in table


def are_countries(v) -> bool:
    return isinstance(v, list) and all(names_one_of(c, COUNTRIES) for c in v)


def _card_or_none(v) -> bool:
    return v is None or is_card(v)


def _flag(v) -> bool:
    return isinstance(v, bool)


def _counts(v) -> bool:
    return isinstance(v, dict) and all(c in COUNTRIES and int_in(n, 0) for c, n in v.items())


def _bonus(v) -> bool:
    return isinstance(v, list) and all(isinstance(b, list) and len(b) == 2
                                       and b[0] in REGION_NAMES and int_in(b[1], 0, 9) for b in v)


#: the keys that hold card numbers (one, or a list), in a frame or in an event's or a task's
#: ``data`` (its ``ret`` too).  The other keys an event's or a task's ``data`` holds (DATA_KEYS)
#: name no card.
CARD_KEYS = ("card", "trap", "looked")
#: card keys the rules show to both sides: the card a frame plays or resolves (even when it is
#: in a hand again: Missile Envy given to the enemy), the card an event showed (its data's
#: ``card``: Five Year Plan's, Grain Sales to Soviets', Missile Envy's), the trap a trapped
#: round plays for
PUBLIC_CARD_KEYS = ("card", "trap")
#: ``data`` keys whose cards the frame's side alone has seen (Our Man in Tehran: the USA looks
#: at the top cards of the draw pile; they stay there, hidden from the USSR)
SEEN_BY_SIDE = ("looked",)
#: the card keys the privacy rule looks at (query.public_stack): every one not public
PRIVATE_CARD_KEYS = tuple(k for k in CARD_KEYS if k not in PUBLIC_CARD_KEYS)


def private_card_places(stack: list):
    """Every place a frame of ``stack`` may hold a card a side may not see (a key of
    PRIVATE_CARD_KEYS in the frame, its ``data`` or its ``ret``), as (container, key) or, in a
    list, (list, index): the privacy rule hides them (query.public_stack), a re-deal fills
    them (redeal)."""
    for f in stack:
        for part in (f, f.get("data"), f.get("ret")):
            if not isinstance(part, dict):
                continue
            for key in PRIVATE_CARD_KEYS:
                v = part.get(key)
                if isinstance(v, list):
                    yield from ((v, i) for i in range(len(v)))
                elif key in part:
                    yield part, key


#: every key of an event's or a task's ``data`` that is not a card key: steps, counts, countries,
#: sides, flags, the steps of a card's use (tests check that no other key appears)
DATA_KEYS = ("step", "moved", "nato", "doubled", "before", "first", "targets", "winner", "ops",
             "todo", "region", "n", "result")

#: kind -> {field: check of its value}: the fields every frame of the kind has
FIELDS = {
    "round": {"side": is_side, "stage": lambda v: v in ROUND_STAGES, "card": _card_or_none,
              "todo": lambda v: isinstance(v, list) and all(x in ROUND_STEPS for x in v)},
    "headline": {"stage": lambda v: v in HEADLINE_STAGES, "idx": lambda v: int_in(v, 0, 2),
                 "choosers": lambda v: v in BOTH_SIDES},
    "ops": {"side": is_side, "card": _card_or_none, "left": lambda v: int_in(v, 0, 9),
            "bonus": _bonus, "type": lambda v: v is None or v in OPS_KINDS,
            "kinds": lambda v: isinstance(v, list) and all(k in OPS_KINDS for k in v),
            "countries": lambda v: v is None or are_countries(v),
            "ignore_defcon": _flag, "milops": _flag, "granted": _flag},
    "place": {"side": is_side, "target": is_side, "n": lambda v: int_in(v, 0, 99),
              "countries": are_countries, "max_per": lambda v: v is None or int_in(v, 1, 99),
              "optional": _flag, "counts": _counts, "prompt": lambda v: isinstance(v, str),
              "mode": lambda v: isinstance(v, str), "cap": lambda v: v is None or int_in(v, 0, 9)},
    "remove": {"side": is_side, "target": is_side, "n": lambda v: int_in(v, 0, 99),
               "countries": are_countries, "max_per": lambda v: v is None or int_in(v, 1, 99),
               "optional": _flag, "amount": lambda v: v is None or int_in(v, 1, 99),
               "counts": _counts, "prompt": lambda v: isinstance(v, str)},
    "event": {"card": is_card, "side": is_side, "by": is_side, "headline": _flag,
              "data": lambda v: isinstance(v, dict), "occurred": _flag, "keep": _flag,
              "started": _flag},
    "task": {"name": lambda v: isinstance(v, str), "side": is_side,
             "data": lambda v: isinstance(v, dict)},
    "reset_discard": {"side": is_side},
    "game": {},
}

#: kind -> {field: check}: fields a frame of the kind gets once a step sets them
OPTIONAL = {
    "headline": {"order": lambda v: v in BOTH_SIDES},            # once the headlines resolve
    "ops": {"influenced": are_countries, "realigned": are_countries},   # designer realignment
    "place": {"picks": lambda v: isinstance(v, dict)},
    "remove": {"picks": lambda v: isinstance(v, dict)},
}


# ---------------------------------------------------------------- one constructor per kind
def game_frame() -> dict:
    return {"kind": "game"}


def headline_frame(choosers: list) -> dict:
    return {"kind": "headline", "stage": "choose", "idx": 0, "choosers": list(choosers)}


def round_frame(side: str) -> dict:
    return {"kind": "round", "side": side, "stage": "choose", "card": None, "todo": []}


def reset_discard_frame(side: str) -> dict:
    return {"kind": "reset_discard", "side": side}


def place_frame(side: str, target: str, n: int, countries, prompt: str, *, max_per=None,
                optional=False, mode="place", cap=None) -> dict:
    """``side`` places ``n`` influence of ``target`` in ``countries``, one point a decision."""
    return {"kind": "place", "side": side, "target": target, "n": n, "countries": list(countries),
            "max_per": max_per, "optional": optional, "counts": {}, "prompt": prompt,
            "mode": mode, "cap": cap}


def remove_frame(side: str, target: str, n: int, countries, prompt: str, *, amount=1,
                 max_per=None, optional=False) -> dict:
    """``side`` removes influence of ``target`` from ``countries``: ``n`` picks of ``amount``."""
    return {"kind": "remove", "side": side, "target": target, "n": n, "amount": amount,
            "countries": list(countries), "max_per": max_per, "optional": optional,
            "counts": {}, "prompt": prompt}


def event_frame(card: int, side: str, by: str, headline: bool = False) -> dict:
    return {"kind": "event", "card": card, "side": side, "by": by, "headline": headline,
            "data": {}, "occurred": True, "keep": False, "started": False}


def task_frame(name: str, side: str, data: dict) -> dict:
    return {"kind": "task", "name": name, "side": side, "data": dict(data)}


def ops_frame(side: str, card, left: int, bonus: list, *, kind=None, kinds=OPS_KINDS,
              countries=None, ignore_defcon=False, milops=True, granted=False) -> dict:
    """Operations worth ``left`` (already modified: events.make_ops_frame works it out)."""
    return {"kind": "ops", "side": side, "card": card, "left": left, "bonus": bonus,
            "type": kind, "kinds": list(kinds), "countries": list(countries) if countries else None,
            "ignore_defcon": ignore_defcon, "milops": milops, "granted": granted}


def check(frame: dict) -> str | None:
    """None if ``frame`` has its kind's fields, each a good value, else the first bad field's
    name (the kind must be one of KINDS)."""
    kind = frame["kind"]
    for key, ok in FIELDS[kind].items():
        if key not in frame or not ok(frame[key]):
            return key
    for key, ok in OPTIONAL.get(kind, {}).items():
        if key in frame and not ok(frame[key]):
            return key
    return None
