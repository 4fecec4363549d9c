"""The event framework of the Twilight Struggle engine (see docs/struggle-events-api.md).

An event is one function registered by card number::

    @event(16)
    def warsaw_pact(e): ...

The engine calls it when the card is resolved, and calls it again, with the same ``e.data`` dict,
each time a decision it asked is answered (``e.answer``) or a task it started has finished
(``e.result``).  The function keeps its progress in ``e.data`` (saved in the state), never in
Python locals across decisions.  It ends by returning without asking and without starting a task.

This module is the vocabulary the card modules use, below the engine; it loads no card.  The card
modules (``scoring``, ``early``, ``mid``, ``late``) stand above the engine and are imported by the
package's ``__init__`` (docs/struggle-events-api.md: the staircase).
"""

from __future__ import annotations

from ..core import (  # noqa: F401  (re-exported for event modules)
    EVENTS, HOOKS, REQUIRES, TASKS, active_hooks, add_effect, add_influence, add_milops,
    adjacent_controlled, advance_space, card_side, ccw_unclaimed, controller, controls,
    defcon_allows, degrade_defcon, discard, draw, effect_args, effect_cards, eliminate, has_effect,
    improve_defcon, in_region, inf, is_battleground, is_scoring, net_vp, ops_value, pass_china,
    period, printed_ops, random_hand_card, remove_effect, remove_influence, roll, set_defcon,
    room_for_influence,
    space_ability, take_card, to_hand, vp, win)
from ..core import ask as _ask, card_in_play, ops_bonuses
from ..data import (ADJACENT, BATTLEGROUND, CARDS, CHINA, COUNTRIES, COUNTRY_NAMES, ENEMY,  # noqa: F401
                    ops_words,
                    REGIONS, REGION_SETS, SCORING_REGION, STABILITY, card_name)
from ..frames import (event_frame, ops_frame, place_frame, remove_frame,  # noqa: F401
                      task_frame)   # (the frames' one schema: frames.py; event_frame re-exported)


# ---------------------------------------------------------------- registration
def event(number: int, requires=None):
    """Register the event of card ``number``.  ``requires(state, side) -> bool`` (optional) says
    whether the event can occur now (prerequisite met, not cancelled); when it returns False the
    event does not occur and the card goes to the discard pile (ruling U-7)."""
    def deco(fn):
        if number in EVENTS:
            raise ValueError(f"event {number} registered twice")
        EVENTS[number] = fn
        if requires is not None:
            REQUIRES[number] = requires
        return fn
    return deco


def hook(name: str, number: int):
    """Register ``fn`` as hook ``name`` of card ``number``'s effect; it is consulted only while
    ``number`` is in state["effects"].  Hook signatures (``args`` is the effect's argument dict):

    - ops_mod(state, args, side, card) -> int: added to the ops of a card ``side`` plays
      (card None for ops granted by an event); the total is kept within 1..4.
    - ops_bonus(state, args, side, card) -> (region, amount) | None: extra ops usable only if
      every point of the play goes to that region (China Card style).
    - can_target(state, args, side, action, country) -> bool: False forbids ``side`` to use
      ``country`` for ``action`` ("influence" (operations), "realign" or "coup").
    - coup_mod(state, args, side, country) -> int: added to the die of ``side``'s coup.
    - realign_mod(state, args, roller, country, acting) -> int: added to ``roller``'s die in a
      realignment by ``acting`` (called for both dice).
    - coup_defcon(state, args, side, country) -> bool: False means this battleground coup does
      not lower DEFCON.
    - scoring(state, args, ctx) -> None: may edit the scoring context ``ctx`` (keys: region,
      final, countries (set), battlegrounds (set), controlled {"USA": set, "USSR": set}).
    - card_played(state, args, side, card, use) -> None: after ``side`` chose how to use a card.
    - round_end(state, args, side) -> None: at the end of ``side``'s action round; may start a
      task with start_task(state, ...).
    - action_rounds(state, args, side, count) -> int: how many action rounds ``side`` has.
    - blocks_event(state, args, card, side) -> bool: True cancels ``card``'s event.
    - turn_end(state, args) -> None: at the start of the reset phase (before until-turn effects end).
    - coup_done(state, args, side, country, result) -> None: once after each coup by ``side``
      (free coups included) has been rolled and resolved; ``result`` is the modified roll.
    - coup_declared(state, args, side, country) -> None: once when ``side`` launches a coup
      (free coups included), before MilOps, DEFCON and the die; a hook that ends the game (win())
      stops the coup there (Cuban Missile Crisis).
    - event_done(state, args, card, side, occurred) -> None: once at the end of every event
      resolution (played, headlined, or resolved by another event: Star Wars, Missile Envy, Grain
      Sales), after the card was disposed of; ``side`` resolved it, ``occurred`` is False when it
      could not occur or did not (e.not_occurred()).  It may change the state but not ask or
      start a task.
    - play_options(state, args, side, card, options) -> options: what ``side`` may do when it
      plays a card: which card (``card`` None: the action round's card choice, modes "play" and
      "pass", or the headline choice, mode "headline": state["stack"][-1]["kind"] tells which)
      or how to use ``card`` (engine.use_options: "event", "influence", "realign", "coup",
      "space", "event_first", "ops_first"; also asked for the card Grain Sales takes).
      Return the options to offer (filter the list, never change its dicts); must not change the
      state (it is evaluated again to check a saved game).  An empty card choice: the side plays
      no card this round; no use left: the card is discarded (2.3.5(c)).
    - round_start(state, args, side) -> bool: at the start of ``side``'s action round (after
      the access snapshot, before the card choice).  Returning True takes the round: the hook has
      started a task (start_task) that plays it, and the engine offers no card choice but still
      ends the round normally (round_end hooks).  The hooks are called in the order the effects
      came into force until one returns True.  A hook returning False must not change the state
      (it is evaluated again to check a saved game).  Quagmire and Bear Trap.
    """
    if name not in HOOKS:
        raise ValueError(f"unknown hook {name!r}")

    def deco(fn):
        HOOKS[name][number] = fn
        return fn
    return deco


def task(name: str):
    """Register a resumable task (same calling convention as an event) started by a hook."""
    def deco(fn):
        TASKS[name] = fn
        return fn
    return deco


def start_task(state: dict, name: str, side: str, **data) -> None:
    """Push task ``name`` on the stack; it runs as soon as the current step returns."""
    state["stack"].append(task_frame(name, side, data))


def opt(label: str, **keys) -> dict:
    """One decision option: a label plus protocol keys (mode, card, country, amount, ...)."""
    d = {"label": label}
    d.update(keys)
    return d


# ---------------------------------------------------------------- the object an event receives
class Event:
    """What an event function receives.  Attributes: ``state``; ``card``; ``side`` (the side that
    resolves the event); ``enemy``; ``by`` (the side that played the card: the active side);
    ``headline`` (True while resolving a headline); ``data`` (persistent dict); ``answer`` (the
    option dict just chosen, or None); ``result`` (what the last task returned, or None)."""

    __slots__ = ("state", "frame", "answer", "log")

    def __init__(self, state: dict, frame: dict, answer, log):
        self.state = state
        self.frame = frame
        self.answer = answer
        self.log = log

    # --- read-only context
    @property
    def card(self) -> int:
        return self.frame.get("card")

    @property
    def side(self) -> str:
        return self.frame["side"]

    @property
    def enemy(self) -> str:
        return ENEMY[self.frame["side"]]

    @property
    def by(self) -> str:
        return self.frame.get("by") or self.frame["side"]

    @property
    def headline(self) -> bool:
        return bool(self.frame.get("headline"))

    @property
    def data(self) -> dict:
        return self.frame["data"]

    @property
    def result(self):
        return self.frame.get("ret")

    @property
    def step(self) -> int:
        return self.frame["data"].get("step", 0)

    @step.setter
    def step(self, value: int) -> None:
        self.frame["data"]["step"] = value

    # --- output
    def say(self, text: str, kind: str = "event_note", **data) -> None:
        """Append one human line to the log of this step, with a kind and data beside it for the
        scenes ("event_note" by default; "reveal" with ``side`` and ``cards`` for cards shown
        from a hand, "draw" with ``side`` and ``n`` for cards drawn).  ``data["card"]`` is the
        event's card.  Data may name a card only where ``text`` names it too: the log's data is
        never a way round the hidden information."""
        if self.log is not None:
            from squabble.games.logline import LogLine
            from ..core import one_stop
            data.setdefault("card", self.frame.get("card"))
            self.log.append(LogLine(one_stop(text), kind, **data))

    def gain_vp(self, side: str, n: int, text: str) -> None:
        """``side`` gains ``n`` VP (core.vp), then the line ``text`` says so: a "vp_change" line
        with ``side``, ``vp`` and ``vp_after`` (the marker now), which accounts for the change
        (ledger.py)."""
        vp(self.state, side, n)
        if n:
            self.say(text, "vp_change", side=side, vp=n, vp_after=self.state["vp"])
        else:
            self.say(text)

    def ask(self, player: str, prompt: str, options: list, kind: str = "event_choice") -> None:
        """Ask ``player`` to choose one of ``options`` (dicts made with opt()); the event function is
        called again with ``e.answer`` set to the chosen dict.  With no options nothing is asked.
        The decision's kind is ``kind`` ("event_choice" unless a task says more), its context the
        card of this event (or task)."""
        if not options:
            return
        _ask(self.state, player, prompt, options, kind, card_in_play(self.state))

    def not_occurred(self) -> None:
        """The event does not occur (condition unmet): the card is discarded, not eliminated."""
        self.frame["occurred"] = False

    def keep(self) -> None:
        """The event itself decided where the card goes (e.g. to a hand, or kept on the table)."""
        self.frame["keep"] = True

    # --- tasks (each pushes a frame; return from the event function right after calling one)
    def place(self, countries, n: int, *, side=None, decider=None, max_per=None, optional=False,
              prompt=None, mode="place") -> None:
        """``decider`` (default: e.side) places ``n`` influence of ``side`` (default: e.side), one
        point a decision, in ``countries``, at most ``max_per`` per country.  ``optional``: the
        decider may stop early ("done").  e.result afterwards: {"placed": {country: n}}."""
        side = side or self.side
        self.state["stack"].append(place_frame(
            decider or self.side, side, n, countries,
            prompt or f"{card_name(self.card)}: place influence", max_per=max_per,
            optional=optional, mode=mode))

    def remove(self, countries, n: int, *, side=None, decider=None, amount=1, max_per=None,
               optional=False, prompt=None) -> None:
        """``decider`` (default: e.side) removes influence of ``side`` (default: the enemy) from
        ``countries``: ``n`` picks, each removing ``amount`` (None: all of it) from one country, at
        most ``max_per`` picks per country.  e.result afterwards: {"removed": {country: n}}."""
        side = side or self.enemy
        self.state["stack"].append(remove_frame(
            decider or self.side, side, n, countries,
            prompt or f"{card_name(self.card)}: remove influence", amount=amount,
            max_per=max_per, optional=optional))

    def ops(self, ops: int, *, side=None, kinds=("influence", "realign", "coup"), countries=None,
            ignore_defcon=False, milops=True, modified=True, bonus=None, card=None) -> None:
        """``side`` (default e.side) conducts operations worth ``ops`` (ruling U-2: the side's ops
        modifiers apply when ``modified``), choosing one of ``kinds``; ``countries`` restricts the
        targets; ``ignore_defcon`` lifts the DEFCON region limits (free coups); ``milops`` False:
        no military operations are gained; ``bonus``: [[region, amount]] extra ops as The China
        Card's; ``card``: the card whose ops these are (for modifiers).  Never the Space Race."""
        side = side or self.side
        self.state["stack"].append(make_ops_frame(
            self.state, side, ops, card=card, kinds=kinds, countries=countries,
            ignore_defcon=ignore_defcon, milops=milops, modified=modified, bonus=bonus,
            granted=True))

    def resolve(self, card: int, side=None) -> None:
        """Resolve another card's event now (e.g. a card discarded by Five Year Plan), by ``side``
        (default: the card's own side, or e.side for a neutral card); afterwards the card is
        discarded, or eliminated if starred and the event occurred.  e.result: {"occurred": bool}."""
        owner = CARDS[card]["side"]
        impl = side or (owner if owner in ("USA", "USSR") else self.side)
        if card != CHINA:  # the card is in play now: out of any hand or pile
            take_card(self.state, card)
            self.state["table"].append(card)
        self.state["stack"].append(event_frame(card, impl, self.by, self.headline))


def make_ops_frame(state, side, ops, *, card=None, kinds=("influence", "realign", "coup"),
                   countries=None, ignore_defcon=False, milops=True, modified=True, bonus=None,
                   granted=False, kind=None) -> dict:
    if modified:
        value = ops_value(state, side, card, printed=ops)
        extra = ops_bonuses(state, side, card)
    else:
        value, extra = ops, []
    if bonus:
        extra = [list(b) for b in bonus] + extra
    return ops_frame(side, card, value, extra, kind=kind, kinds=kinds, countries=countries,
                     ignore_defcon=ignore_defcon, milops=milops, granted=granted)


def can_occur(state: dict, card: int, side: str) -> bool:
    """Whether ``card``'s event can occur now for ``side``."""
    if card not in EVENTS:
        return False
    req = REQUIRES.get(card)
    if req is not None and not req(state, side):
        return False
    for fn, args in active_hooks(state, "blocks_event"):
        if fn(state, args, card, side):
            return False
    return True


def cancel_headline(state: dict, side: str) -> bool:
    """Cancel ``side``'s headline if it has not been resolved yet (it is discarded unresolved)."""
    hl = state.get("headline") or {}
    card = hl.get(side)
    if card is None:
        return False
    hl[side] = None
    discard(state, card)
    return True
