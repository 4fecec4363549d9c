"""The Twilight Struggle rules engine: sequence of play, card play, operations, space race.

The whole game is one JSON state.  Its ``stack`` is a list of frames (plain dicts), the last one
active; a frame's handler either asks a decision (``state["pending"]``), pushes a child frame, or
finishes (pops itself, leaving its result in the parent's ``"ret"``).  ``run`` calls handlers until
a decision is pending or the game has ended, so a state with a pending decision is always at rest
and a JSON round trip resumes it exactly.
"""

from __future__ import annotations

import marshal

from squabble import rng
from squabble.games.logline import marker

from . import core
from .core import (
    EVENTS, active_hooks, add_influence, ask, card_in_play, discard, draw,
    improve_defcon, ops_value, research, roll, space_ability, space_attempts_allowed, vp, win)
from .data import (CARDS, CHINA, COUNTRY_NAMES, ENEMY, REGION_SETS, REGIONS, SIDES, SPACE_END,
                   SPACE_RACE, STABILITY, card_name, ops_words, period_cards)
from .events import can_occur, make_ops_frame, opt, Event
from . import frames, ledger
from .frames import event_frame
from .events.scoring import final_scoring
from . import optional_rules
from .core import say
from .operations import (ccw_open, do_coup, do_realign, influence_targets, legal_kinds, spend,
                         strike_targets)


class GameError(ValueError):
    pass


# ---------------------------------------------------------------- driver
def finish(state: dict, frame: dict, ret=None) -> None:
    stack = state["stack"]
    if stack and stack[-1] is frame:
        stack.pop()
    if stack:
        stack[-1]["ret"] = ret


#: the state's two largest parts, maps of flat values (a country's influence of each side; the
#: countries where each side had influence when the action round began)
_FLAT_PARTS = ("influence", "access")


def copy_state(state: dict) -> dict:
    """A deep copy of a state, with the same key order (a search keys its memo by a state's
    marshal bytes).  The computer player copies a state for every option it tries, so the two
    flat parts are copied directly, which is faster than through marshal; the rest, and any
    state whose parts are not of the usual shape, goes through marshal."""
    flat = [k for k in _FLAT_PARTS if type(state.get(k)) is dict]
    if not flat:
        return marshal.loads(marshal.dumps(state))
    new = marshal.loads(marshal.dumps({k: (None if k in flat else v) for k, v in state.items()}))
    try:
        for k in flat:
            new[k] = {c: v.copy() for c, v in state[k].items()}
    except AttributeError:      # not a map of maps or lists: not a state the engine made
        return marshal.loads(marshal.dumps(state))
    return new


def run(state: dict, answer=None, log=None, record=True, account=True) -> None:
    """Advance the game until a decision is pending or the game has ended.  ``record=False``
    leaves out the records that let a loaded save be checked (``run_resumable``): for a
    search's private copies, which are never saved or loaded.  With a ``log``, every change of
    the map and the tracks that no line of its step reported gets a line (``ledger.settle``),
    unless ``account`` is False (a what-if's copy, whose lines nobody shows)."""
    steps = 0
    account = account and log is not None
    while state["winner"] is None and state["pending"] is None:
        frame = state["stack"][-1]
        if account:     # the log accounts for every change of a step (ledger.py)
            start, first = ledger.snapshot(state), len(log)
            card, by = card_in_play(state), frame.get("side")
        if record and frame["kind"] in RESUMABLE:
            run_resumable(state, frame, answer, log)
        else:
            if not record:
                frame.pop("resume", None)   # a record left from the real game: out of date now
            HANDLERS[frame["kind"]](state, frame, answer, log)
        if account:
            ledger.settle(state, start, log, first, card, by)
        answer = None
        steps += 1
        if steps > 200000:
            raise RuntimeError("the Struggle engine made no progress")
    if state["winner"] is not None:
        state["stack"] = []
        state["pending"] = None
        state["phasing"] = None


#: frames whose decisions are asked by card code (events and tasks): a decision they ask is
#: kept with what it was asked from, so that loading a state can ask it again and compare
RESUMABLE = ("event", "task")
#: state keys an event or a task may change before it asks (everything but the stack and pending)
NOT_UNDONE = ("pending", "stack")


def run_resumable(state: dict, frame: dict, answer, log) -> None:
    """Call an event's or a task's handler; when it asks a decision, record in the frame's
    ``"resume"`` what the call started from: the frame as it was, the answer it was given and
    the old value of every state key the call changed (``"undo"``) -- enough for
    validation.replay_resumable to run the same call again from the same start and check that
    it asks exactly the stored decision.  When the call starts a child step instead, the record
    keeps the whole state the call started from (``"start"``, without the stack):
    validation.check_waiting_frames runs the call again from it while the child is under way."""
    frame.pop("resume", None)
    # (bytes, without the stack: unpacked only when the call asks or starts a step)
    saved = marshal.dumps(({k: v for k, v in state.items() if k not in NOT_UNDONE}, frame))
    HANDLERS[frame["kind"]](state, frame, answer, log)
    stack = state["stack"]
    if state["winner"] is not None or not stack:
        return
    if state["pending"] is not None and stack[-1] is frame:      # it asked
        before, pre_frame = marshal.loads(saved)
        undo = {k: v for k, v in before.items() if state.get(k) != v}
        added = sorted(k for k in state if k not in before and k not in NOT_UNDONE)
        frame["resume"] = {"frame": pre_frame, "answer": answer, "undo": undo, "added": added}
    elif state["pending"] is None and stack[-1] is not frame and any(f is frame for f in stack):
        # it started a step of its own (a task, a placement, operations, another event) and
        # waits for it: keep the whole start of the call (without the stack), so that loading
        # can run the call again and check this frame's data
        before, pre_frame = marshal.loads(saved)
        frame["resume"] = {"frame": pre_frame, "answer": answer, "start": before}



# ---------------------------------------------------------------- helpers
def snapshot_access(state: dict) -> None:
    """Where each side has influence at the start of an action round (rewrite 2.3.6(b))."""
    infl = state["influence"]
    state["access"] = {s: [c for c in COUNTRY_NAMES if infl[c][s] > 0] for s in SIDES}


def rounds_for(state: dict, side: str) -> int:
    n = 6 if state["turn"] < 4 else 7
    if space_ability(state, side, 8):
        n = 8
    for fn, args in active_hooks(state, "action_rounds"):
        n = fn(state, args, side, n)
    return n


def implementer(card: int, player: str) -> str:
    owner = CARDS[card]["side"]
    return owner if owner in SIDES else player


def space_ok(state: dict, side: str, card: int) -> bool:
    """Rewrite 2.3.7: a research attempt is allowed with this card now."""
    if card == CHINA or CARDS[card]["ops"] is None:
        return False
    pos = state["space"][side]
    if pos >= SPACE_END or state["space_attempts"][side] >= space_attempts_allowed(state, side):
        return False
    return ops_value(state, side, card) >= SPACE_RACE[pos]["ops_needed"]


# ---------------------------------------------------------------- coup and realignment
# ---------------------------------------------------------------- frame handlers
def h_ops(state, frame, answer, log):
    side = frame["side"]
    if answer is not None:
        mode = answer.get("mode")
        if mode == "ccw":
            state["ccw"] += 1
            spend(frame, None, 1)
            say(log, f"USSR places 1 influence in the Chinese Civil War display ({state['ccw']}).")
            if state["ccw"] >= 3 and state["china"]["holder"] is None:
                state["china"] = {"holder": "USSR", "face_up": True}
                say(log, "The China Card enters the game, face up, held by the USSR.")
        elif "country" not in answer:
            frame["type"] = mode
        elif mode == "influence":
            c = answer["country"]
            spend(frame, c, answer.get("amount", 1))
            k = add_influence(state, c, side, 1)
            say(log, f"{side} places {k} influence in {c}.", "influence", side=side, country=c,
                amount=k, by=side)
            if optional_rules.mixing(state, frame):
                optional_rules.record_target(frame, "influenced", c)
        elif mode == "realign":
            c = answer["country"]
            spend(frame, c, 1)
            if optional_rules.mixing(state, frame):
                optional_rules.record_target(frame, "realigned", c)
            do_realign(state, side, c, log)
        elif mode == "coup":
            c = answer["country"]
            ops = frame["left"] + sum(a for r, a in frame["bonus"] if c in REGION_SETS[r])
            frame["left"] = 0
            frame["bonus"] = []
            do_coup(state, side, c, ops, milops=frame["milops"], log=log)
            finish(state, frame, {"coup": c})
            return
        if state["winner"] is not None:
            return
    kind = frame["type"]
    if kind is None:
        kinds = optional_rules.mixed_kinds(state, frame, legal_kinds(state, frame))
        if not kinds:
            say(log, f"{side} has no legal use for these operations.")
            finish(state, frame)
            return
        if len(kinds) == 1:
            frame["type"] = kinds[0]
            return
        total = frame["left"]
        ask(state, side, f"Conduct operations ({ops_words(total)}): how?",
            [opt(optional_rules.kind_label(state, frame, k, KIND_LABEL[k]), mode=k) for k in kinds],
            "ops_kind", card_in_play(state), ops_left=total, bonus=[list(b) for b in frame["bonus"]])
        return
    if optional_rules.mixing(state, frame) and kind in ("influence", "realign"):
        options = [INFLUENCE_OPTS[c, cost] for c, cost in influence_targets(state, frame)]
        if ccw_open(state, frame):
            options.append(opt("Place 1 influence in the Chinese Civil War display", mode="ccw"))
        options += [STRIKE_OPTS["realign", c] for c in strike_targets(state, frame, "realign")]
        prompt = f"Influence and realignments: {ops_left(frame)} left"
    elif kind == "influence":
        targets = influence_targets(state, frame)
        options = [INFLUENCE_OPTS[c, cost] for c, cost in targets]
        if ccw_open(state, frame):
            options.append(opt("Place 1 influence in the Chinese Civil War display", mode="ccw"))
        prompt = f"Spread influence: {ops_left(frame)} left"
    else:
        targets = strike_targets(state, frame, kind)
        options = [STRIKE_OPTS[kind, c] for c in targets]
        prompt = (f"Realignment: {ops_left(frame, 'roll', 'rolls')} left" if kind == "realign"
                  else f"Coup with {ops_left(frame)}: choose the target")
    if not options:
        finish(state, frame)
        return
    ask(state, side, prompt, options, ASK_KIND[kind], card_in_play(state), ops_left=frame["left"],
        bonus=[list(b) for b in frame["bonus"]])


KIND_LABEL = {"influence": "Spread influence", "realign": "Realignments", "coup": "Launch a coup"}
KIND_VERB = {"realign": "Realign", "coup": "Coup in"}
ASK_KIND = {"influence": "influence", "realign": "realign_target", "coup": "coup_target"}
# Shared option dicts (never mutated: decision() hands out copies).
INFLUENCE_OPTS = {(c, k): opt(f"Place 1 influence in {c}" + (" (costs 2)" if k == 2 else ""),
                              mode="influence", country=c, amount=k)
                  for c in COUNTRY_NAMES for k in (1, 2)}
PLAY_OPTS = {c: opt(f"Play {card_name(c)}", mode="play", card=c) for c in CARDS}
STRIKE_OPTS = {(m, c): opt(f"{KIND_VERB[m]} {c}", mode=m, country=c)
               for m in ("realign", "coup") for c in COUNTRY_NAMES}


def ops_left(frame: dict, one: str = "op", many: str = "ops") -> str:
    """The ops (or realignment rolls) a frame has left, in words: "1 op", "3 (+1 if all in
    Asia) ops"."""
    extra = sum(a for _, a in frame["bonus"])
    return f"{frame['left']}" + (f" (+{extra} if all in {', '.join(r for r, _ in frame['bonus'])})"
                                 if extra else "") + \
        " " + (one if frame["left"] == 1 and not extra else many)


def h_place(state, frame, answer, log):
    """Place (or, for set-up, spread) influence one point at a time."""
    target = frame["target"]
    if answer is not None:
        if answer.get("mode") == "done":
            finish(state, frame, {"placed": frame["counts"]})
            return
        c = answer["country"]
        k = add_influence(state, c, target, 1)
        frame["counts"][c] = frame["counts"].get(c, 0) + k
        frame["n"] -= 1
        say(log, f"{frame['side']} places {k} {target} influence in {c}.", "influence",
            side=target, country=c, amount=k, by=frame["side"])
    if frame["n"] <= 0:
        finish(state, frame, {"placed": frame["counts"]})
        return
    infl = state["influence"]
    mp = frame["max_per"]
    cap = frame["cap"]
    options = []
    for c in frame["countries"]:
        if mp is not None and frame["counts"].get(c, 0) >= mp:
            continue
        if cap is not None and infl[c][target] >= STABILITY[c] + cap:
            continue
        if not core.room_for_influence(state, c, target):
            continue
        options.append(opt(f"Place 1 influence in {c}", mode=frame["mode"], country=c))
    if not options:
        finish(state, frame, {"placed": frame["counts"]})
        return
    if frame["optional"]:
        options.append(opt("Done", mode="done"))
    # the set-up's placements are the ones whose options say "influence" (setup_frame)
    kind = "place_influence" if frame["mode"] != "influence" else \
        "handicap_influence" if frame["optional"] else "setup_influence"
    ask(state, frame["side"], f"{frame['prompt']} ({frame['n']} left)", options, kind,
        card_in_play(state), left=frame["n"], target=target)


def h_remove(state, frame, answer, log):
    target = frame["target"]
    if answer is not None:
        if answer.get("mode") == "done":
            finish(state, frame, {"removed": frame["counts"]})
            return
        c = answer["country"]
        amount = frame["amount"]
        k = core.remove_influence(state, c, target, state["influence"][c][target] if amount is None else amount)
        frame["counts"][c] = frame["counts"].get(c, 0) + k
        frame.setdefault("picks", {})[c] = frame.get("picks", {}).get(c, 0) + 1
        frame["n"] -= 1
        say(log, f"{frame['side']} removes {k} {target} influence from {c}.", "influence",
            side=target, country=c, amount=-k, by=frame["side"])
    if frame["n"] <= 0:
        finish(state, frame, {"removed": frame["counts"]})
        return
    infl = state["influence"]
    mp = frame["max_per"]
    picks = frame.get("picks", {})
    options = [opt(f"Remove {target} influence from {c}", mode="remove", country=c)
               for c in frame["countries"]
               if infl[c][target] > 0 and (mp is None or picks.get(c, 0) < mp)]
    if not options:
        finish(state, frame, {"removed": frame["counts"]})
        return
    if frame["optional"]:
        options.append(opt("Done", mode="done"))
    ask(state, frame["side"], f"{frame['prompt']} ({frame['n']} left)", options, "remove_influence",
        card_in_play(state), left=frame["n"], target=target)


def h_event(state, frame, answer, log):
    card = frame["card"]
    if not frame["started"]:
        frame["started"] = True
        if not can_occur(state, card, frame["side"]):
            frame["occurred"] = False
            say(log, f"The event of {card_name(card)} cannot occur now.")
            event_over(state, frame)
            return
        say(log, f"{frame['side']} resolves {card_name(card)}.", "event", side=frame["side"],
            card=card)
    EVENTS[card](Event(state, frame, answer, log))
    if state["pending"] is not None or state["winner"] is not None or state["stack"][-1] is not frame:
        return
    event_over(state, frame)


def event_over(state: dict, frame: dict) -> None:
    """The end of every event resolution, occurred or not: the card is disposed of, the
    ``event_done`` hooks see it (U2 Incident), then the frame finishes."""
    dispose(state, frame)
    for fn, args in list(active_hooks(state, "event_done")):
        fn(state, args, frame["card"], frame["side"], frame["occurred"])
    finish(state, frame, {"occurred": frame["occurred"]})


def h_task(state, frame, answer, log):
    core.TASKS[frame["name"]](Event(state, frame, answer, log))
    if state["pending"] is not None or state["winner"] is not None or state["stack"][-1] is not frame:
        return
    finish(state, frame, frame.get("data", {}).get("result"))


def dispose(state: dict, frame: dict) -> None:
    """After an event: eliminate a starred card whose event occurred, else discard it (U-7)."""
    card = frame["card"]
    if frame["keep"] or card == CHINA:
        return
    if frame["occurred"] and CARDS[card]["removed_after_event"]:
        core.eliminate(state, card)
    else:
        discard(state, card)


def h_round(state, frame, answer, log):
    side = frame["side"]
    stage = frame["stage"]
    if stage == "choose":
        if answer is None:
            state["phasing"] = side
            state["active"] = side
            state["round"] = {"defcon_start": state["defcon"], "defcon2": False}
            snapshot_access(state)
            # a round_start hook may take the whole round (a task it started): Quagmire/Bear Trap
            for fn, args in list(active_hooks(state, "round_start")):
                if fn(state, args, side):
                    frame["stage"] = "end"
                    return
            options = [PLAY_OPTS[c] for c in state["hands"][side]]
            china = state["china"]
            if china["holder"] == side and china["face_up"]:
                options.append(opt("Play The China Card", mode="play", card=CHINA))
            # rewrite 4.1.4 note: only with an empty hand may a side play nothing; and an eighth
            # action round is always optional: Space Station's (2.1.7(f)) or North Sea Oil's
            # ("may", digest 086) -- no other rule gives eight
            if options and (not state["hands"][side] or state["action_round"] == 8):
                options.append(opt("Play no card", mode="pass"))
            options = hooked_options(state, side, None, options)
            if not options:
                say(log, f"{side} has no card and sits out action round {state['action_round']}.")
                frame["stage"] = "end"
                return
            ask(state, side, f"Turn {state['turn']}, action round {state['action_round']}: "
                             f"{side}, play a card", options, "action_card",
                turn=state["turn"], action_round=state["action_round"])
            return
        if answer["mode"] == "pass":
            say(log, f"{side} plays no card.")
            frame["stage"] = "end"
            return
        card = answer["card"]
        frame["card"] = card
        say(log, f"{side} plays {card_name(card)}.", "play", side=side, card=card)
        if card == CHINA:
            frame["todo"] = ["event"]
            frame["stage"] = "run"
            played(state, side, card, "event")
            return
        state["hands"][side].remove(card)
        state["table"].append(card)
        if CARDS[card]["scoring"]:
            frame["todo"] = ["event"]
            frame["stage"] = "run"
            played(state, side, card, "event")
            return
        options = use_options(state, side, card)
        if not options:  # nothing possible (2.3.5(c)): the card is simply discarded
            say(log, f"{card_name(card)} has no possible use and is discarded.")
            discard(state, card)
            frame["stage"] = "end"
            return
        frame["stage"] = "use"
        ask_use(state, side, card, options)
        return
    if stage == "use":
        mode = answer["mode"]
        # influence / realign / coup: discard, then operations (no enemy event to resolve)
        frame["todo"] = list(USE_STEPS.get(mode, ("discard", "ops:" + mode)))
        frame["stage"] = "run"
        played(state, side, frame["card"], mode)
        return
    if stage == "run":
        if not frame["todo"] or state["winner"] is not None:
            frame["stage"] = "end"
            return
        card = frame["card"]

        def event():
            if card == CHINA:
                state["china"] = {"holder": ENEMY[side], "face_up": False}
                say(log, f"The China Card passes face down to the {ENEMY[side]}.")
            state["stack"].append(event_frame(card, implementer(card, side), side))

        def ops(kind):
            state["stack"].append(make_ops_frame(state, side, CARDS[card]["ops"], card=card,
                                                 kind=kind))

        run_use_step(state, side, card, frame["todo"], log, event=event, ops=ops)
        return
    # stage "end": hooks of the end of an action round, then done
    if stage == "end":
        frame["stage"] = "done"
        for fn, args in list(active_hooks(state, "round_end")):
            fn(state, args, side)
        return
    finish(state, frame)


#: the steps of each use of a card (rewrite 2.3.5-2.3.7)
USE_STEPS = {"event": ("event",), "space": ("space",), "event_first": ("event", "ops"),
             "ops_first": ("ops", "event")}


def run_use_step(state: dict, side: str, card: int, todo: list, log, *, event, ops) -> None:
    """Run the next step of ``side``'s use of ``card`` (popped from ``todo``, a list of USE_STEPS'
    steps; rewrite 2.3.5-2.3.7): "discard"; "space" (the card is discarded, then the attempt,
    or the optional roll's question); "event" and "ops" / "ops:<kind>" call ``event()`` and
    ``ops(kind or None)``, which push the step's frame.  The action round runs its card's steps
    with it, one a call, and Grain Sales to Soviets the card the USA took (events/mid_067_080)."""
    step = todo.pop(0)
    if step == "event":
        event()
    elif step == "discard":
        discard(state, card)
    elif step.startswith("ops"):
        ops(step[4:] or None)
    elif step == "space":
        discard(state, card)
        if not optional_rules.put_on_space_race(state, side, log):
            research(state, side, log)


def ask_use(state: dict, side: str, card: int, options: list) -> None:
    """Ask how ``side`` uses ``card`` (also asked again when a saved game is checked)."""
    ask(state, side, f"How will {side} use {card_name(card)}?", options, "play_mode", card,
        ops=ops_value(state, side, card))


def played(state: dict, side: str, card: int, use: str) -> None:
    for fn, args in list(active_hooks(state, "card_played")):
        fn(state, args, side, card, use)


def use_options(state: dict, side: str, card: int) -> list:
    """How ``side`` may use a (non-scoring, non-China) card it plays (rewrite 2.3.4-2.3.7)."""
    owner = CARDS[card]["side"]
    ops = ops_value(state, side, card)
    out = []
    probe = make_ops_frame(state, side, CARDS[card]["ops"], card=card)
    kinds = optional_rules.mixed_kinds(state, probe, legal_kinds(state, probe))
    if owner == ENEMY[side]:
        if can_occur(state, card, owner):  # (False too for an event not written yet)
            out.append(opt(f"The {owner} resolves the event first, then {side} conducts "
                           f"{ops_words(ops)}",
                           mode="event_first"))
            out.append(opt(f"{side} conducts {ops_words(ops)} first, then the {owner} resolves "
                           "the event",
                           mode="ops_first"))
        else:
            out += [opt(f"{optional_rules.kind_label(state, probe, k, KIND_LABEL[k])} with "
                        f"{ops_words(ops)} "
                        "(the event cannot occur)", mode=k) for k in kinds]
    else:
        if can_occur(state, card, side):
            out.append(opt(f"Resolve the event of {card_name(card)}", mode="event"))
        out += [opt(f"{optional_rules.kind_label(state, probe, k, KIND_LABEL[k])} with "
                    f"{ops_words(ops)}",
                    mode=k) for k in kinds]
    if space_ok(state, side, card):
        box = SPACE_RACE[state["space"][side]]
        out.append(opt(f"Space Race attempt ({box['name']}: roll 1-{box['roll_max']})", mode="space"))
    return hooked_options(state, side, card, out)


def hooked_options(state: dict, side: str, card, options: list) -> list:
    """The ``play_options`` hooks' say on a play of ``side``: which card (``card`` None) or how
    to use ``card``.  Pure: also called to check a saved game's pending decision."""
    for fn, args in list(active_hooks(state, "play_options")):
        options = fn(state, args, side, card, options)
    return options


def h_headline(state, frame, answer, log):
    hl = state["headline"]
    if frame["stage"] == "choose":
        order = frame["choosers"]
        if answer is not None:
            side = order[frame["idx"]]
            card = answer["card"]
            state["hands"][side].remove(card)
            state["table"].append(card)
            hl[side] = card
            if frame["idx"] == 0 and space_ability(state, ENEMY[side], 4):
                hl["shown"] = side
                say(log, f"{side} must show its headline first: {card_name(card)}.", "reveal",
                    side=side, cards=[card])
            frame["idx"] += 1
        while frame["idx"] < 2:
            side = order[frame["idx"]]
            cards = [c for c in state["hands"][side]
                     if not CARDS[c].get("no_headline")]  # UN Intervention: never a headline
            options = hooked_options(state, side, None, [
                opt(f"Headline {card_name(c)}", mode="headline", card=c) for c in cards])
            if options:
                state["active"] = side
                ask(state, side, f"Turn {state['turn']}: {side}, choose your headline", options,
                    "headline", turn=state["turn"])
                return
            frame["idx"] += 1
        # reveal and order (rewrite 4.1.3): higher ops first, scoring cards as 0, USA on ties
        val = {s: (CARDS[hl[s]]["ops"] or 0) if hl[s] is not None else -1 for s in SIDES}
        first = "USA" if val["USA"] >= val["USSR"] else "USSR"
        for side in SIDES:  # Defectors (FAQ): resolves before the other headline whatever its ops
            card = hl[side]   # ... when headlined by its own side (the USSR's Defectors does nothing)
            if card is not None and CARDS[card].get("headline_first") and implementer(card, side) == side:
                first = side
        frame["order"] = [first, ENEMY[first]]
        frame["stage"] = "resolve"
        frame["idx"] = 0
        hl["shown"] = None
        say(log, "Headlines: " + ", ".join(f"{s} {card_name(hl[s])}" for s in ("USA", "USSR")
                                           if hl[s] is not None) + ".", "headline",
            cards={s: hl[s] for s in ("USA", "USSR") if hl[s] is not None})
        return
    if frame["stage"] == "resolve":
        while frame["idx"] < 2:
            side = frame["order"][frame["idx"]]
            frame["idx"] += 1
            card = hl[side]
            if card is None:
                continue
            hl[side] = None
            state["active"] = side
            snapshot_access(state)
            state["stack"].append(event_frame(card, implementer(card, side), side, headline=True))
            return
        state["active"] = None
        finish(state, frame)


def h_reset_discard(state, frame, answer, log):
    side = frame["side"]
    if answer is not None:
        if answer["mode"] == "discard":
            discard(state, answer["card"])
            say(log, f"{side} discards {card_name(answer['card'])} (Space Race ability).")
        finish(state, frame)
        return
    options = [opt(f"Discard {card_name(c)}", mode="discard", card=c) for c in state["hands"][side]]
    if not options:
        finish(state, frame)
        return
    options.append(opt("Keep every card", mode="pass"))
    ask(state, side, f"{side} may discard a card from its hand", options, "discard")


# ---------------------------------------------------------------- the game frame
def deal(state: dict, log=None) -> None:
    """Rewrite 4.1.1: USSR first, alternate until each side has 8 (9 from turn 4).  With ``log``,
    a "draw" marker (no text: the protocol's log is unchanged) says how many cards each side
    drew and whether the discard pile was reshuffled: counts only, never which cards."""
    size = 8 if state["turn"] < 4 else 9
    hands = state["hands"]
    drawn = {s: 0 for s in SIDES}
    reshuffled = False
    while True:
        moved = False
        for s in SIDES:
            if len(hands[s]) < size:
                empty = not state["deck"] and bool(state["discard"])
                if draw(state, s):
                    moved = True
                    drawn[s] += 1
                    reshuffled = reshuffled or empty
        if not moved:
            break
    if log is not None and any(drawn.values()):
        log.append(marker("draw", why="deal", turn=state["turn"], drawn=drawn,
                          deck=len(state["deck"]), reshuffled=reshuffled, hand_size=size))


def h_game(state, frame, answer, log):
    step = state["step"]
    if step == "deal":
        deal(state, log)
        state["step"] = "setup_ussr" if state["turn"] == 1 and not state.get("setup_done") else "headline"
        return
    if step == "setup_ussr":
        state["step"] = "setup_usa"
        state["stack"].append(setup_frame("USSR", 6, REGIONS["Eastern Europe"],
                                          "Set-up: the USSR places 6 influence in Eastern Europe"))
        return
    if step == "setup_usa":
        state["step"] = "handicap"
        state["stack"].append(setup_frame("USA", 7, REGIONS["Western Europe"],
                                          "Set-up: the USA places 7 influence in Western Europe"))
        return
    if step == "handicap":
        state["step"] = "headline"
        state["setup_done"] = True
        hc = state["options"]["handicap"]
        if hc:
            side = hc["side"]
            where = [c for c in COUNTRY_NAMES if state["influence"][c][side] > 0]
            f = setup_frame(side, hc["influence"], where,
                            f"Handicap: the {side} may place up to {hc['influence']} influence")
            f["optional"] = True
            f["cap"] = 2
            state["stack"].append(f)
        return
    if step == "headline":
        state["step"] = "rounds"
        state["action_round"] = 0
        state["phasing"] = None
        state["stack"].append(frames.headline_frame(
            ["USA", "USSR"] if space_ability(state, "USSR", 4) else ["USSR", "USA"]))
        return
    if step == "rounds":
        # rewrite 4.1.4 and 2.1.4: USSR then USA in each action round; a side whose rounds are
        # over (or who has no card, see h_round) is skipped
        nxt = next_round(state)
        while True:
            k, side = nxt
            if k > max(rounds_for(state, "USSR"), rounds_for(state, "USA")):
                state["step"] = "check"
                state["phasing"] = None
                state["active"] = None
                return
            nxt = [k, "USA"] if side == "USSR" else [k + 1, "USSR"]
            if k <= rounds_for(state, side):
                state["action_round"] = k
                state["stack"].append(frames.round_frame(side))
                return
    if step == "check":
        check_phase(state, log)
        optional_rules.reveal_held_cards(state, log)  # classic sequence of play, step 6
        state["step"] = "reset"
        return
    if step == "reset":
        state["step"] = "reset2"
        for fn, args in list(active_hooks(state, "turn_end")):
            fn(state, args)
        for s in ("USA", "USSR"):  # pushed in reverse: the USSR decides first
            if space_ability(state, s, 6) and state["hands"][s]:
                state["stack"].append(frames.reset_discard_frame(s))
        return
    if step == "reset2":
        reset_phase(state, log)
        return
    raise GameError(f"unknown step {step!r}")


def next_round(state: dict) -> list:
    """The action round after the last one played: [number, side].  It is derived from
    ``action_round`` and ``phasing`` (the round last begun and its side; round 0 and no phasing
    side during the headline phase), so the state holds that fact once."""
    k, side = state["action_round"], state["phasing"]
    if k == 0 or side is None:
        return [1, "USSR"]
    return [k, "USA"] if side == "USSR" else [k + 1, "USSR"]


def setup_frame(side, n, countries, prompt) -> dict:
    return frames.place_frame(side, side, n, countries, prompt, mode="influence")


def check_phase(state: dict, log=None) -> None:
    """Rewrite 4.2: a held scoring card loses (USSR declares first); then MilOps penalties."""
    for s in SIDES:
        held = [c for c in state["hands"][s] if CARDS[c]["scoring"]]
        if held:
            say(log, f"The {s} holds {card_name(held[0])} at the end of the turn and loses.",
                "reveal", side=s, cards=[held[0]])
            win(state, ENEMY[s], "scoring card held")
            return
    d = state["defcon"]
    pen = {s: max(0, d - state["milops"][s]) for s in SIDES}
    milops = dict(state["milops"])
    state["milops"] = {"USA": 0, "USSR": 0}
    vp(state, "USA", pen["USSR"] - pen["USA"])
    if pen["USA"] or pen["USSR"]:   # logged once the points are in (``vp_after``)
        say(log, f"MilOps penalties: USA {pen['USA']}, USSR {pen['USSR']}.", "vp",
            why="milops", usa=pen["USSR"], ussr=pen["USA"], defcon=d, milops=milops,
            vp_after=state["vp"], milops_after=dict(state["milops"]))
    elif log is not None and any(milops.values()):     # the tracks go back to 0: a marker
        log.append(marker("milops", why="reset", milops=milops,
                          milops_after=dict(state["milops"])))


def reset_phase(state: dict, log=None) -> None:
    """Rewrite 4.3 and 4.4."""
    if state["china"]["holder"] is not None:
        state["china"]["face_up"] = True
    core.end_turn_effects(state)
    state["space_attempts"] = {"USA": 0, "USSR": 0}
    if state["turn"] >= 10:
        final_scoring(state, log)
        return
    state["turn"] += 1
    improve_defcon(state, 1)
    opt_cards = state["options"]["optional_cards"]
    if state["turn"] in (4, 8):
        new = period_cards("Mid" if state["turn"] == 4 else "Late", opt_cards)
        state["deck"].extend(new)
        rng.shuffle(state, state["deck"])
        say(log, f"The {'Mid' if state['turn'] == 4 else 'Late'} War cards join the draw pile.",
            "draw", period="Mid" if state["turn"] == 4 else "Late")
    state["action_round"] = 0
    state["step"] = "deal"
    say(log, f"Turn {state['turn']} begins.", "turn", turn=state["turn"], defcon=state["defcon"])


HANDLERS = {
    "game": h_game, "ops": h_ops, "place": h_place, "remove": h_remove, "event": h_event,
    "task": h_task, "round": h_round, "headline": h_headline, "reset_discard": h_reset_discard,
}
