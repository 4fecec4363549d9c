"""What the replay screen shows of a game record, and how it moves: no pygame here.

``ReplayModel`` re-plays a record once with the engine (``records.replay``, every decision
checked) and keeps the state before each decision, so the screen can stand at any position:
``pos`` is the number of decisions made (0: the start, ``n``: the end).  It moves one decision,
one round (a Twilight Struggle action round or headline phase, a Twilight Squabble era) or
to a turn (an era) at a time, or plays on at a chosen speed; it says whose cards may be face
up for the view chosen ("everything", or as one side saw the game), and gives the log up to the
position.
"""

from __future__ import annotations

from squabble import records
from squabble.games import registry
from squabble.games.logline import text_lines

VIEWS = ("everything", "USSR", "USA")
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)   # decisions a second


class ReplayModel:
    def __init__(self, rec: dict):
        """ValueError with one sentence if the record cannot be replayed."""
        rp = records.replay(rec, keep_states=True)
        if not rp.ok:
            raise ValueError(rp.message)
        self.rec = rec
        self.game = rec["game"]
        self.adapter = registry.get(self.game)
        self.states = [s.state for s in rp.steps] + [rp.final]
        if not rp.steps:
            self.states = [rp.start if rp.start is not None else rp.final]
        self.steps = rp.steps
        self.pos = 0
        self.view = "everything"
        self.speed = 1.0
        self.playing = False
        self._clock = 0.0

    # -- where we are ----------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.steps)

    @property
    def state(self) -> dict:
        return self.states[self.pos]

    def turn_of(self, pos: int) -> int:
        st = self.states[pos]
        return st.get("turn") if self.game == "struggle" else st.get("era")

    def round_of(self, pos: int) -> tuple:
        """The round a position belongs to: (turn, action round) in Twilight Struggle (the
        headline phase is round 0), the era in Twilight Squabble."""
        st = self.states[pos]
        if self.game == "struggle":
            return (st.get("turn"), st.get("action_round") or 0)
        return (st.get("era"),)

    def where(self) -> str:
        st = self.state
        kind = self.steps[self.pos].decision.get("kind") if self.pos < self.n else None
        if self.game == "struggle":
            part = ("game over" if kind is None else "set-up" if kind == "setup_influence"
                    else "headline phase" if kind == "headline" or not st.get("action_round")
                    else f"action round {st.get('action_round')}")
            return f"Turn {st.get('turn')}, {part}"
        from squabble.games.squabble.engine import PHASE_NAMES
        if kind is None:
            return f"Era {st.get('era')}, game over"
        return f"Era {st.get('era')}, phase {st.get('phase')}: " \
               f"{PHASE_NAMES.get(st.get('phase'), '')}"

    def last_decision(self) -> str:
        """The decision that led here, in the engine's words ('' at the start)."""
        if self.pos == 0:
            return "The game starts."
        step = self.steps[self.pos - 1]
        opt = step.decision["options"][step.index]
        return f"{step.decision['player']}: {opt.get('label', '')}"

    def turns(self) -> list:
        """The turns (eras) of the game, in order."""
        out = []
        for p in range(len(self.states)):
            t = self.turn_of(p)
            if t not in out:
                out.append(t)
        return out

    # -- moving ----------------------------------------------------------------------------
    def go(self, pos: int) -> None:
        self.pos = max(0, min(self.n, pos))
        if self.pos == self.n:
            self.playing = False

    def step(self, d: int) -> None:
        self.go(self.pos + d)

    def next_round(self) -> None:
        r = self.round_of(self.pos)
        p = self.pos
        while p < self.n and self.round_of(p) == r:
            p += 1
        self.go(p)

    def prev_round(self) -> None:
        """To the start of this round, or of the one before when already at its start."""
        p = self.pos
        if p > 0 and self.round_of(p - 1) != self.round_of(p):
            p -= 1
        r = self.round_of(p)
        while p > 0 and self.round_of(p - 1) == r:
            p -= 1
        self.go(p)

    def jump_turn(self, turn) -> None:
        for p in range(len(self.states)):
            if self.turn_of(p) == turn:
                self.go(p)
                return

    def next_turn(self, d: int) -> None:
        ts = self.turns()
        i = ts.index(self.turn_of(self.pos)) + d
        if d < 0 and self.pos > 0 and self.turn_of(self.pos - 1) == self.turn_of(self.pos):
            i += 1     # back to the start of this turn first
        if i >= len(ts):
            self.go(self.n)      # past the last turn: the end of the game
            return
        self.jump_turn(ts[max(0, i)])

    def toggle_play(self) -> None:
        if self.pos >= self.n:
            self.go(0)
        self.playing = not self.playing
        self._clock = 0.0

    def faster(self, d: int = 1) -> None:
        i = SPEEDS.index(self.speed) if self.speed in SPEEDS else 1
        self.speed = SPEEDS[(i + d) % len(SPEEDS)]

    def update(self, dt: float) -> bool:
        """Play on; True when the position moved."""
        if not self.playing:
            return False
        self._clock += dt
        moved = False
        while self._clock >= 1.0 / self.speed and self.playing:
            self._clock -= 1.0 / self.speed
            self.step(1)
            moved = True
        return moved

    def cycle_view(self) -> None:
        self.view = VIEWS[(VIEWS.index(self.view) + 1) % len(VIEWS)]

    # -- what is shown ---------------------------------------------------------------------
    def hand(self, side: str) -> list:
        return list((self.state.get("hands") or {}).get(side) or [])

    def may_show(self, card) -> bool:
        """May ``card``'s face show in the view chosen?  Everything: every card (the game is
        over); as a side: what that side could see at that moment (the engine's
        ``hidden_from``)."""
        if self.view == "everything":
            return True
        return card not in self.adapter.hidden_from(self.state, self.view)

    def log(self) -> list:
        """The log's text lines up to the position (the engine's, markers left out)."""
        out = ["Replay of a finished game."]
        for step in self.steps[:self.pos]:
            out.extend(text_lines(step.lines))
        return out

    def position_for_new_game(self) -> dict:
        """A copy of the state at the position, for Continue from here."""
        return self.adapter.copy(self.state)
