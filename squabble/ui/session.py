"""One game being played: the engine state, who controls each side, the computer's worker thread,
beats (log lines with the state at that moment) and the autosave."""

from __future__ import annotations

import copy
import random
import threading
import time

from squabble.framework.privacy import LookRule
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import AGENT, DOUBLE_AGENT, OTHER, SIDES
from squabble.ui import savegame

try:
    from squabble.ai import choose as _ai_choose
except ImportError:  # the computer-opponent package is not in this build: random legal moves
    _ai_choose = None

# Decisions that need the decider's own secret cards on screen (a hand-off in couch play).
# The phase 9 claim is made in the open: its buttons show the limit, which is the left-over
# card's value, and that card goes face up to the discards at once.
PRIVATE_KINDS = {"play", "replace", "tokens", "counter"}


class SnapLog(list):
    """A log list that also keeps a copy of the game state at the moment of each line."""

    def __init__(self, state: dict):
        super().__init__()
        self.state = state
        self.snaps: list[dict] = []

    def append(self, line):  # the engine only ever appends
        super().append(line)
        self.snaps.append(copy.deepcopy(self.state))


def public_agents(d: dict) -> set:
    """Agent cards revealed in phase 3 this turn (rb phase 3: all agents are revealed)."""
    out = set()
    for side in SIDES:
        a = d.get("agents", {}).get(side)
        if a == "agent":
            out.add(AGENT[side])
        elif a == "double":
            out.add(DOUBLE_AGENT[side])
    return out


def computer_choice(state: dict, level: str, seed: int) -> int:
    n = len(E.options(state))
    if _ai_choose is not None:
        try:
            i = _ai_choose("squabble", copy.deepcopy(state), level, seed)
            if isinstance(i, int) and 0 <= i < n:
                return i
        except Exception:  # a broken computer player must never crash the table
            pass
    return random.Random(seed).randrange(n)


class Thinker:
    """Runs the computer's choice on a worker thread so the UI keeps its 60 fps."""

    def __init__(self, state: dict, level: str, seed: int):
        self.result: int | None = None
        self.started = time.monotonic()
        self._state = copy.deepcopy(state)
        self._thread = threading.Thread(target=self._run, args=(level, seed), daemon=True)
        self._thread.start()

    def _run(self, level, seed):
        self.result = computer_choice(self._state, level, seed)

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started


class Session:
    """setup: {"mode": computer|hotseat|demo, "human": side of player 1, "level": ...,
    "events": bool}"""

    def __init__(self, state: dict, setup: dict, log: list[str] | None = None):
        self.state = state
        self.setup = dict(setup)
        self.log: list[str] = list(log or [])
        self.decisions = 0
        # who may look right now: against the computer the one person always may (the computer
        # never looks); in hot-seat play only the side that confirmed the last hand-off, until
        # the next committed decision; in attract mode nobody is secret (see ``demo``).
        self.look = LookRule(self.setup["human"] if self.mode == "computer" else None)

    @classmethod
    def new(cls, setup: dict, seed: int | None = None) -> "Session":
        if seed is None:
            seed = random.randrange(1 << 31)
        st = E.new_game(seed, {"events": bool(setup.get("events"))})
        s = cls(st, setup, [])
        s.log.append(f"New game (seed {seed}). Era 1, 1947: both sides draw three cards.")
        return s

    @property
    def mode(self) -> str:
        return self.setup["mode"]

    def controller(self, side: str) -> str:
        if self.mode == "demo":
            return "computer"
        if self.mode == "hotseat":
            return "human"
        return "human" if side == self.setup["human"] else "computer"

    def decision(self) -> dict | None:
        return E.decision(self.state)

    def apply(self, index: int) -> list[tuple[str, dict]]:
        """Play option ``index``; return the beats [(log line, state at that line)]."""
        new = E.clone(self.state)
        log = SnapLog(new)
        E.apply_option(new, E.options(new)[index], log)
        self.state = new
        self.log.extend(log)
        self.decisions += 1
        self.look.public_step()   # after every commit the screen is public
        if self.mode != "demo":
            if new["winner"] is None:
                savegame.write(new, self.setup, self.log)
            else:
                savegame.clear()
        return list(zip(list(log), log.snaps))

    def think(self) -> Thinker:
        d = self.state
        seed = (d["rng"] ^ (self.decisions * 7919)) & 0x7FFFFFFF
        level = self.setup.get("level", "normal")
        return Thinker(d, level, seed)

    @staticmethod
    def is_private(dec: dict | None) -> bool:
        """Does this decision need its decider's secret cards on screen?"""
        return dec is not None and dec["kind"] in PRIVATE_KINDS

    def needs_handoff(self) -> bool:
        """Must the next decision start with a hand-off screen?  Every private decision in
        hot-seat play does, even the same side's twice in a row (a commit made the screen
        public in between)."""
        d = self.decision()
        if d is None or self.mode != "hotseat" or self.controller(d["player"]) != "human":
            return False
        return self.look.needs_handoff(d["player"], self.is_private(d))

    def handoff_confirmed(self, side: str) -> None:
        self.look.handoff_confirmed(side)

    def may_look(self, side: str) -> bool:
        """May ``side``'s secret cards be drawn face up right now?"""
        return self.mode == "demo" or self.look.may_look(side)

    @staticmethod
    def other(side):
        return OTHER[side]
