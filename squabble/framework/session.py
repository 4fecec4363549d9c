"""One game being played, for ANY game adapter of ``squabble.games.registry``.

The session owns the state, who controls each side, the computer's worker process, the beats of
each decision (log lines with the state at that moment), the autosave hook, undo like Board Game
Arena, and the one privacy rule (``LookRule``).  It knows no game: everything game-specific comes
from the adapter (``decision``, ``apply_index``, ``describe``, ``is_private``, ``copy``,
``hidden_from``).

A move and an undo follow the one rulebook of a turn (``squabble/turn.py``, Board Game Arena's
undo policy); the session adds who plays each side here, who may look, the beats and the
autosave.
"""

from __future__ import annotations

import json
import random
import threading
import time
import weakref
import zlib
from dataclasses import dataclass, field, replace

from squabble import turn

from squabble.framework.privacy import LookRule
from squabble.framework.worker import Worker, WorkerStopped, travels


kind_of = turn.kind_of


def data_of(line) -> dict:
    return getattr(line, "data", {})


@dataclass
class Beat:
    """One log line of a decision's result, with the game state at that line."""
    line: str
    state: dict
    kind: str = "note"
    data: dict = field(default_factory=dict)


SnapLog = turn.SnapLog


def position_seed(view: dict) -> int:
    """The computer's seed at a position: a checksum of the deciding side's view (JSON, keys
    sorted).  So the same position gives the same seed in every run; a game continued from its
    autosave at any decision goes on as the game played straight through (issue 50, item 22:
    nothing a save leaves out, such as a count of decisions, may enter it); and the seed, like
    the choice, depends on nothing the deciding side may not see.  A Twilight Struggle view's
    ``stack`` (the engine's public stack, in views since issue 52) counts as empty, as views
    had it before: the seeds, and so the computer's and the coach's choices in the window, stay
    what they were."""
    if isinstance(view, dict) and view.get("stack"):
        view = dict(view, stack=[])
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=repr)
    return zlib.crc32(text.encode()) & 0x7FFFFFFF


class Thinker:
    """The computer's choice, worked out in the session's worker process (``framework/worker.py``)
    so the window keeps its frame rate: ``done`` and ``result`` only poll, never wait.

    A chooser that cannot be sent to another process (a test's closure) runs on a thread
    instead; no chooser at all takes a random legal option at once.  A worker that dies before
    it answers is replaced and asked again, once (issue 50, item 25).  A chooser that fails, a
    second worker that dies too or an answer out of range gives ``error`` (one line) and a
    random legal option, so a broken computer player never stops the game."""

    def __init__(self, choose, state: dict, n: int, level: str, seed: int, *, worker=None):
        self._result: int | None = None
        self.error: str = ""
        self.started = time.monotonic()
        self._n = n
        self._seed = seed
        self._worker = worker
        self._thread = None
        if choose is None:   # no computer player given: a random legal option
            self._result = random.Random(seed).randrange(n)
        elif worker is not None:
            self._question = (state, level, seed)
            self._asked = 1          # how many workers were asked
            self._job = worker.ask(state, level, seed)
        else:
            self._thread = threading.Thread(target=self._run, args=(choose, state, level, seed),
                                            daemon=True)
            self._thread.start()

    def _run(self, choose, state, level, seed):
        try:
            i, error = choose(state, level, seed), ""
        except Exception as e:  # a broken computer player must never crash the window
            i, error = None, f"{type(e).__name__}: {e}"
        self._settle(i, error)

    def _settle(self, i, error: str) -> None:
        if not error and not (isinstance(i, int) and not isinstance(i, bool) and 0 <= i < self._n):
            error = f"ValueError: the computer chose {i!r}"
        if error:
            self.error = error
            i = random.Random(self._seed).randrange(self._n)
        self._result = i

    # -- the flow's wait (framework/turnflow.py) ----------------------------------------
    def least_shown(self, min_think: float) -> float:
        """The computer's turn lasts ``min_think`` on screen at least."""
        return min_think

    def settle(self, flow) -> None:
        """The choice made: the flow commits it."""
        if self.error:
            flow.error = "The computer player failed and a random legal move was taken."
        flow.commit(self.result)

    def _poll(self, timeout: float = 0.0) -> None:
        if self._result is not None or self._worker is None:
            return
        try:
            got = self._worker.answer(self._job, timeout)
        except WorkerStopped as e:
            if self._asked == 1:     # the worker died mid-thought: a fresh one, once
                self._asked = 2
                self._job = self._worker.ask(*self._question)
                return
            got = (None, str(e))
        if got is not None:
            self._settle(*got)

    @property
    def result(self) -> int | None:
        self._poll()
        return self._result

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def progress(self) -> float:
        """The share of the computer's work done (1 once answered), as far as its chooser
        reports it from the worker (``worker.progress``); 0 when it says nothing."""
        if self.result is not None:
            return 1.0
        return self._worker.progress if self._worker is not None else 0.0

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def wait(self, timeout: float | None = None) -> int | None:
        if self._thread is not None:
            self._thread.join(timeout)
        elif self._worker is not None:
            end = None if timeout is None else time.monotonic() + timeout
            while self._result is None:
                job = self._job
                self._poll(None if end is None else max(0.0, end - time.monotonic()))
                if self._job == job:   # answered, or the time is up (no fresh worker asked)
                    break
        return self._result


class GameSides:
    """The sides of a session's game (``self.game``: its registry adapter), for the couch's
    ``Session`` and the online ``RemoteSession`` alike."""

    @property
    def sides(self) -> tuple:
        return tuple(self.game.sides)

    def other(self, side: str) -> str:
        a, b = self.sides
        return b if side == a else a


class Session(GameSides):
    """``setup``: {"mode": "computer"|"hotseat"|"demo", "human": side of player 1,
    "level": "easy"|"normal"|"hard", "options": the engine's new-game options}."""

    MAX_LOG = 6000      # a whole Twilight Struggle game, with room to spare
    # where the game is kept and who may advise: this window's autosave, the coach welcome
    # (``framework/remote.py``'s session: the server keeps it, a game between two people)
    kept_on_server = False
    coach_allowed = True

    def __init__(self, adapter, state: dict, setup: dict, log: list | None = None, *,
                 saver=None, chooser=None):
        self.game = adapter
        # the game's state and its moves, with what an undo needs (squabble/turn.py)
        self.turns = turn.Turns(state)
        self.setup = dict(setup)
        self.log: list = list(log or [])
        self.decisions = 0
        self.look = LookRule()
        self.saver = saver              # saver(session) after every decision (autosave)
        # chooser(state, level, seed) -> option index; the UI passes the game's computer player
        # (``squabble.ai.choose``); without one a random legal option is taken
        self.chooser = chooser
        self.last_error = ""
        # what the window remembers of this game beside the state, saved with it (the guide's
        # notes already shown, the change badges not yet read): plain JSON data, kept by the
        # scene's parts
        self.ui: dict = {}

    @classmethod
    def new(cls, adapter, setup: dict, seed: int | None = None, **kw) -> "Session":
        if seed is None:
            seed = random.randrange(1 << 31)
        st = adapter.new(seed, setup.get("options") or None)
        s = cls(adapter, st, setup, [], **kw)
        s.seed = seed
        s.log.append(f"New game (seed {seed}).")
        return s

    @property
    def state(self) -> dict:
        return self.turns.state

    @state.setter
    def state(self, value: dict) -> None:
        """A state set by hand (a scene's set-up, a test) starts a fresh undo history."""
        self.turns = turn.Turns(value)

    # -- who plays ---------------------------------------------------------------------
    @property
    def mode(self) -> str:
        return self.setup["mode"]

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

    def cover(self) -> None:
        """The pause menu (or any screen a player may walk away from) covers the table: on one
        couch the private screen ends here, and the decision goes on behind a new hand-off
        (``TurnFlow.resume``)."""
        self.look.cover()

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

    def lend_screen(self, side: str) -> None:
        """A hand-off for one look of ``side`` (the coach's hint on one couch) was confirmed."""
        self.look.lend(side)

    def give_back_screen(self, side: str) -> None:
        """The look lent to ``side`` is over (the coach closed): the screen is nobody's again,
        unless ``side`` decides in private now (it would be handed the screen at once)."""
        d = self.decision()
        keep = d is not None and d["player"] == side and self.is_private()
        self.look.give_back(side, keep)

    @property
    def over(self) -> bool:
        return self.state.get("winner") is not None

    # -- committing --------------------------------------------------------------------
    def apply(self, index: int) -> list[Beat]:
        """Play option ``index`` of the pending decision (the rulebook of a turn,
        ``squabble/turn.py``); return its beats.  Raises ValueError on a bad index (nothing
        changes)."""
        log_len, before = len(self.log), self.turns.state
        played = turn.play(self.game, self.turns, index, decision=self.decision(),
                           log_for=lambda state: SnapLog(state, self.game.copy), mark=log_len)
        self.turns, side, log = played.turns, played.player, played.log
        self.log.extend(log)
        if len(self.log) > self.MAX_LOG:
            cut = len(self.log) - self.MAX_LOG
            del self.log[:cut]
            self.turns = replace(self.turns, marks=tuple(max(0, n - cut)
                                                         for n in self.turns.marks))
        self.decisions += 1
        from squabble import records
        records.decided(self, played.decision, index, before)   # kept when the game ends
        self.look.decided(side)
        if not self._keeps_screen(side):
            self.look.public_step()
        if self.saver is not None and self.mode != "demo":
            try:
                self.saver(self)
            except Exception as e:  # a full disk must not stop the game
                self.last_error = f"The game could not be saved ({type(e).__name__})."
        if self.over:
            self.close()   # the game ended: its computer player has nothing more to think
        beats = [Beat(str(line), snap, kind_of(line), dict(data_of(line)))
                 for line, snap in zip(list(log), log.snaps)]
        return beats

    def _keeps_screen(self, side: str) -> bool:
        """A game whose adapter says ``keeps_screen`` lets a side that has the screen and
        decides in private again at once (after its own decision or undo) keep the screen
        (Twilight Struggle's starting influence: six placements behind one hand-off, the other
        player still looking away)."""
        if not getattr(self.game, "keeps_screen", False) or self.over:
            return False
        nxt = self.decision()
        return (nxt is not None and nxt["player"] == side and self.look.viewer == side
                and self.game.is_private(self.state, nxt))

    # -- undo --------------------------------------------------------------------------
    def undo_side(self) -> str | None:
        """The side whose decisions an undo may take back now: on one couch only the side
        deciding now (the USA player must not take back the USSR's secret headline), against
        the computer the person's side, in attract mode nobody."""
        if self.mode == "demo":
            return None
        if self.mode == "hotseat":
            d = self.decision()
            return d["player"] if d is not None else None
        return self.setup["human"]

    def can_undo(self, side: str | None = None) -> bool:
        """May ``side`` (None: ``undo_side()``) take back its newest decision now?"""
        if self.mode == "demo" or self.over:
            return False
        if side is None:
            side = self.undo_side()
        return self.turns.may_undo(side) and self.controller(side) == "human"

    def undo(self, side: str | None = None) -> bool:
        """Take back the last decision of ``side`` (None: of ``undo_side()``, never another
        side's)."""
        if not self.can_undo(side):
            return False
        who = side if side is not None else self.undo_side()
        self.turns, log_len = turn.undo(self.game, self.turns, who)
        if log_len is not None:
            del self.log[log_len:]
        self.log.append(f"{who} takes back a decision.")
        self.decisions += 1
        from squabble import records
        records.undone(self)
        worker = getattr(self, "_worker", None)
        if worker is not None:
            worker.withdraw()   # a search of the undone position is of no use: stop it now
        if not self._keeps_screen(who):
            self.look.public_step()
        if self.saver is not None and self.mode != "demo":
            try:
                self.saver(self)
            except Exception:
                pass
        return True

    # -- the other side, as the flow asks it (framework/turnflow.py) ---------------------
    def waiting_words(self, t: float) -> str:
        """Nothing to say: the scene names the computer thinking in its own words."""
        return ""

    def line_down(self) -> bool:
        return False    # both sides are here: no line to lose

    def line_note(self) -> str:
        return ""       # both sides are here

    listening = False   # nothing comes over a line

    def clock_words(self) -> str:
        return ""       # no clock on the couch

    def listen(self) -> bool:
        return False

    def heard(self) -> list:
        return []       # nobody to hear from

    # -- the computer ------------------------------------------------------------------
    def think(self) -> Thinker:
        d = self.decision()
        view = getattr(self.game, "view", None)   # (an adapter without one: the whole state)
        seed = position_seed(view(self.state, d["player"]) if view else self.state)
        level = self.setup.get("level", "normal")
        return Thinker(self.chooser, self.game.copy(self.state), len(d["options"]), level, seed,
                       worker=self._worker_for(self.chooser))

    def warm_up(self) -> None:
        """Have the computer's worker process ready before its first question (it starts on a
        thread while a person decides; nothing happens on one couch or without a chooser)."""
        if self.mode == "hotseat" or self.chooser is None:
            return
        worker = self._worker_for(self.chooser)
        if worker is not None:
            worker.start_soon()

    def close(self) -> None:
        """Stop the computer's worker process (the game ended, or its window left it); it is
        reaped at once, on a thread of its own.  A later question starts a fresh one."""
        worker = getattr(self, "_worker", None)
        if worker is not None:
            worker.close()

    def _worker_for(self, chooser):
        """The session's one long-lived worker process for ``chooser`` (started on first use,
        stopped when the session is dropped), or None when the chooser cannot travel."""
        worker = getattr(self, "_worker", None)
        if worker is not None and worker.chooser is chooser:
            return worker
        if worker is not None:
            worker.close()
        self._worker = None
        if chooser is None or not travels(chooser):
            return None
        self._worker = Worker(chooser)
        weakref.finalize(self, self._worker.close)
        return self._worker

