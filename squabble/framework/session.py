"""One game being played, for ANY game adapter of ``squabble.games.registry``.

The session owns the state, who controls each side, the computer's worker thread, the beats of
each decision (log lines with the state at that moment), the autosave hook, undo like Board Game
Arena, and the one privacy rule (``LookRule``).  It knows no game: everything game-specific comes
from the adapter (``decision``, ``apply_index``, ``describe``, ``is_private``, ``copy``,
``hidden_from``).

Undo (BGA policy): a player may take back their own decisions made since the last die roll, card
draw or reveal of hidden information, and only while no other player has decided since.  The
session keeps the state before each undoable decision; a decision that rolled a die (the
generator moved), drew a card (the draw pile changed, or a card came into a hand out of sight
of the other side) or revealed hidden information (a card hidden from a side became visible to
it) clears that history.  Undo is also refused across another side's decision and after the game
ended.
"""

from __future__ import annotations

import random
import threading
import time
import zlib
from dataclasses import dataclass, field

from squabble.framework.privacy import LookRule


def kind_of(line) -> str:
    """A log line's kind (engines give ``LogLine``s: a str with ``kind`` and ``data``)."""
    return getattr(line, "kind", "note")


def data_of(line) -> dict:
    return getattr(line, "data", {})


@dataclass
class Beat:
    """One log line of a decision's result, with the game state at that line."""
    line: str
    state: dict
    kind: str = "note"
    data: dict = field(default_factory=dict)


class SnapLog(list):
    """A log list that keeps a copy of the game state at the moment of each line."""

    def __init__(self, state: dict, copy):
        super().__init__()
        self.state = state
        self._copy = copy
        self.snaps: list[dict] = []

    def append(self, line):  # the engines only ever append
        super().append(line)
        self.snaps.append(self._copy(self.state))


class Thinker:
    """The computer's choice, worked out on a worker thread so the window keeps its frame rate."""

    def __init__(self, choose, state: dict, n: int, level: str, seed: int):
        self.result: int | None = None
        self.error: str = ""
        self.started = time.monotonic()
        self._n = n
        self._thread = threading.Thread(target=self._run, args=(choose, state, level, seed),
                                        daemon=True)
        self._thread.start()

    def _run(self, choose, state, level, seed):
        try:
            if choose is None:   # no computer player given: a random legal option
                self.result = random.Random(seed).randrange(self._n)
                return
            i = choose(state, level, seed)
            if not (isinstance(i, int) and not isinstance(i, bool) and 0 <= i < self._n):
                raise ValueError(f"the computer chose {i!r}")
        except Exception as e:  # a broken computer player must never crash the window
            self.error = f"{type(e).__name__}: {e}"
            i = random.Random(seed).randrange(self._n)
        self.result = i

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def wait(self, timeout: float | None = None) -> int | None:
        self._thread.join(timeout)
        return self.result


class Session:
    """``setup``: {"mode": "computer"|"hotseat"|"demo", "human": side of player 1,
    "level": "easy"|"normal"|"hard", "options": the engine's new-game options}."""

    MAX_LOG = 600

    def __init__(self, adapter, state: dict, setup: dict, log: list | None = None, *,
                 saver=None, chooser=None):
        self.game = adapter
        self.state = state
        self.setup = dict(setup)
        self.log: list = list(log or [])
        self.decisions = 0
        self.look = LookRule()
        self.saver = saver              # saver(session) after every decision (autosave)
        # chooser(state, level, seed) -> option index; the UI passes the game's computer player
        # (``squabble.ai.choose``); without one a random legal option is taken
        self.chooser = chooser
        self.history: list[tuple] = []  # [(state before, side, log length before)] undoable
        self.last_error = ""

    @classmethod
    def new(cls, adapter, setup: dict, seed: int | None = None, **kw) -> "Session":
        if seed is None:
            seed = random.randrange(1 << 31)
        st = adapter.new(seed, setup.get("options") or None)
        s = cls(adapter, st, setup, [], **kw)
        s.seed = seed
        s.log.append(f"New game (seed {seed}).")
        return s

    # -- who plays ---------------------------------------------------------------------
    @property
    def mode(self) -> str:
        return self.setup["mode"]

    @property
    def sides(self) -> tuple:
        return tuple(self.game.sides)

    def other(self, side: str) -> str:
        a, b = self.sides
        return b if side == a else a

    def controller(self, side: str) -> str:
        if self.mode == "demo":
            return "computer"
        if self.mode == "hotseat":
            return "human"
        return "human" if side == self.setup["human"] else "computer"

    def viewer(self) -> str | None:
        """The side whose secrets may be on screen now.  Against the computer the one person at
        the screen is the human side; on one couch it is the LookRule's viewer; attract mode
        shows nobody's secrets."""
        if self.mode == "computer":
            return self.setup["human"]
        if self.mode == "demo":
            return None
        return self.look.viewer

    # -- the decision ------------------------------------------------------------------
    def _asked(self, what: str, ask):
        """The engine's answer about the current state, asked once per state: a screen waiting
        for a person asks many times a second and draws many widgets from one decision.  The
        memo holds the state object itself, so a new state (a decision, an undo, a state set by
        hand) is never answered from an old one; callers must not change what they get."""
        memo = getattr(self, "_memo", None)
        if memo is None or memo[0] is not self.state or memo[1] != self.decisions:
            memo = self._memo = (self.state, self.decisions, {})
        if what not in memo[2]:
            memo[2][what] = ask()
        return memo[2][what]

    def decision(self) -> dict | None:
        return self._asked("decision", lambda: self.game.decision(self.state))

    def describe(self) -> dict | None:
        return self._asked("describe", lambda: self.game.describe(self.state))

    def is_private(self, decision=None) -> bool:
        if decision is None:
            d = self.decision()
            return bool(d) and self._asked("private",
                                           lambda: bool(self.game.is_private(self.state, d)))
        return bool(decision) and bool(self.game.is_private(self.state, decision))

    def needs_handoff(self) -> str | None:
        """The side that must confirm a hand-off before the next decision is shown, or None."""
        d = self.decision()
        if d is None or self.mode != "hotseat":
            return None
        side = d["player"]
        if self.look.needs_handoff(side, self.is_private()):
            return side
        return None

    @property
    def over(self) -> bool:
        return self.state.get("winner") is not None

    # -- committing --------------------------------------------------------------------
    def apply(self, index: int) -> list[Beat]:
        """Play option ``index`` of the pending decision; return its beats.  Raises ValueError on
        a bad index (nothing changes)."""
        d = self.decision()
        if d is None:
            raise ValueError("There is no decision to answer: the game has ended.")
        if not isinstance(index, int) or not 0 <= index < len(d["options"]):
            raise ValueError(f"Bad option {index!r}.")
        side = d["player"]
        before = self.state
        new = self.game.copy(before)
        log = SnapLog(new, self.game.copy)
        self.game.apply_index(new, index, log)
        self.state = new
        log_len = len(self.log)
        self.log.extend(log)
        if len(self.log) > self.MAX_LOG:
            cut = len(self.log) - self.MAX_LOG
            del self.log[:cut]
            log_len = max(0, log_len - cut)
            self.history = [(s, sd, max(0, n - cut)) for s, sd, n in self.history]
        self.decisions += 1
        # undo history: the decider's own decisions since the last die, draw or reveal
        if self.history and self.history[-1][1] != side:
            self.history = []
        if self._barrier(before, new, side, log):
            self.history = []
        else:
            self.history.append((before, side, log_len))
        self.look.public_step()
        if self.saver is not None and self.mode != "demo":
            try:
                self.saver(self)
            except Exception as e:  # a full disk must not stop the game
                self.last_error = f"The game could not be saved ({type(e).__name__})."
        beats = [Beat(str(line), snap, kind_of(line), dict(data_of(line)))
                 for line, snap in zip(list(log), log.snaps)]
        return beats

    def _barrier(self, before: dict, after: dict, side: str, log: list) -> bool:
        """True when this decision rolled a die, drew a card or revealed hidden information."""
        if before.get("rng") != after.get("rng"):
            return True
        if "deck" in before and before.get("deck") != after.get("deck"):
            return True
        if any(kind_of(x) in ("die", "draw", "reveal", "coup", "realign", "space") for x in log):
            return True
        hidden = getattr(self.game, "hidden_from", None)
        if hidden is not None:
            for who in self.sides:
                was = set(hidden(before, who))
                now = set(hidden(after, who))
                if was - now:
                    return True  # a card hidden from a side is visible to it now (a reveal)
                if now - was:
                    return True  # a card nobody knew came into a hand (a draw)
        return False

    # -- undo --------------------------------------------------------------------------
    def can_undo(self, side: str | None = None) -> bool:
        if not self.history or self.mode == "demo" or self.over:
            return False
        who = self.history[-1][1]
        if side is not None and who != side:
            return False
        return self.controller(who) == "human"

    def undo(self, side: str | None = None) -> bool:
        """Take back the last decision of ``side`` (any human side if None)."""
        if not self.can_undo(side):
            return False
        before, who, log_len = self.history.pop()
        self.state = before
        del self.log[log_len:]
        self.log.append(f"{who} takes back a decision.")
        self.decisions += 1
        self.look.public_step()
        if self.saver is not None and self.mode != "demo":
            try:
                self.saver(self)
            except Exception:
                pass
        return True

    # -- the computer ------------------------------------------------------------------
    def think(self) -> Thinker:
        d = self.decision()
        # the same position gives the same seed in every run (str hashes are salted per run)
        seed = (zlib.crc32(repr(self.state.get("rng")).encode()) ^ (self.decisions * 7919)) \
            & 0x7FFFFFFF
        level = self.setup.get("level", "normal")
        return Thinker(self.chooser, self.game.copy(self.state), len(d["options"]), level, seed)

