"""The turn, owned once for every game: waiting, the computer thinking, the hand-off, a person's
turn, the beats of a committed decision, undo, and the end.

A game's scene holds a ``TurnFlow`` (composition, not a base class) and gives it a *view*: a
small object (usually the scene itself) that knows how to show things but never decides when.
The flow calls the view; the view never sets the flow's phase.

The view's side of the contract (``FlowView``):

* ``flow_beat(beat, instant)``: show one beat of a committed decision (log line, moment, token
  flight).  ``instant``: the player skipped or the speed is "instant"; note it, animate nothing.
* ``flow_beat_busy()``: is the beat shown last still playing?  The next one waits for False.
* ``flow_handoff(side, confirm)``: cover the table with the hand-off screen for ``side``; call
  ``confirm()`` once that player has the screen.
* ``flow_human(decision)``: a person's turn begins: light the options of ``decision``.
* ``flow_over()``: the game has ended (called once).
* ``flow_changed()``: the shown state was replaced wholesale (an undo): drop staged choices.

Optional: ``flow_committed(decision, index, beats)`` after every commit (sounds, marks), and
``flow_beats_done()`` once the last waiting beat was shown (the flow leaves BEATS): the view
shows the session's state from then on.

The other side (whoever decides for a side whose controller is not "human": the computer's
worker, a friend through the server's link) is asked one way, whichever it is: ``session.think()``
gives a *wait* with ``done`` (polls, never waits), ``elapsed``, ``least_shown(min_think)`` (the
seconds it stays on screen at least) and ``settle(flow)`` (its decision: a computer's choice is
committed, ``commit``; an update that came over the line plays its beats, ``take_arrival``).
The flow never asks which kind it holds.  What a scene shows of the line comes through the flow
too: ``waiting_words(t)`` (the words while the other side decides, "" when there are none to
say), ``line_down()`` (the connection is lost and being made again) and ``line_note()`` (a
standing sentence: the friend has not joined yet, and the code to give them); ``sending()`` (the
decision and option of a person's move sent over the line and not answered yet: the scene keeps
it shown where it was played, marked as sending).  Lines that come
from the other side between decisions (a friend's chat) reach the view's ``flow_note(line)``.

Who may look is one rule, the session's (``Session.viewer``): against the computer the person's
side, on one couch the side that confirmed the last hand-off until the next public step, in
attract mode nobody.  ``may_look`` and ``viewer`` here are the only answers a scene should use.
"""

from __future__ import annotations

from typing import Protocol

AWAIT, THINKING, HANDOFF, HUMAN, BEATS, OVER = ("await", "thinking", "handoff", "human", "beats",
                                                 "over")
PHASES = (AWAIT, THINKING, HANDOFF, HUMAN, BEATS, OVER)


class FlowView(Protocol):
    def flow_beat(self, beat, instant: bool) -> None: ...
    def flow_beat_busy(self) -> bool: ...
    def flow_handoff(self, side: str, confirm) -> None: ...
    def flow_human(self, decision: dict) -> None: ...
    def flow_over(self) -> None: ...
    def flow_changed(self) -> None: ...


class TurnFlow:
    """The decision flow of one session shown by one view.

    ``min_think``: seconds the computer's turn lasts at least on screen (its choice is not shown
    faster than a person can see that it is thinking); 0 in tests and at instant speed."""

    def __init__(self, session, view: FlowView, *, min_think: float = 0.0):
        self.session = session
        self.view = view
        self.min_think = min_think
        self.phase = AWAIT
        self.beats: list = []
        self.thinker = None
        self.think_t = 0.0
        self.deciding: dict | None = None   # the decision a person answers (HUMAN only)
        self.last_decider: str | None = None
        self.error = ""                     # the last commit's refusal, one sentence

    # ---- what the scene says of the other side ----------------------------------------
    def waiting_words(self, t: float) -> str:
        """The words while the other side decides or this side's move travels ("" when the
        session has none: the scene then says its own, such as the computer thinking)."""
        return self.session.waiting_words(t)

    def sending(self) -> tuple | None:
        """(decision, option index) of a person's move sent over a line and not answered yet
        (online; None otherwise, and always against the computer or on one couch): the scene
        shows it where it was played, marked as sending."""
        got = getattr(self.session, "sending", None)
        return got() if got is not None else None

    def line_down(self) -> bool:
        """Is the line to the other side lost (and being made again)?"""
        return self.session.line_down()

    def clock_words(self) -> str:
        """The game's clocks in words ("" without clocks)."""
        return self.session.clock_words()

    def listening(self) -> bool:
        """Does something come over a line between decisions (the scene looks now and then)?"""
        return self.session.listening

    def line_note(self) -> str:
        """A standing sentence about the other side ("" when none): the friend not joined yet,
        with the invitation code."""
        return self.session.line_note()

    # ---- who may look ---------------------------------------------------------------
    @property
    def viewer(self) -> str | None:
        return self.session.viewer()

    def may_look(self, side: str) -> bool:
        """May ``side``'s secrets be on screen now?  (The session's one rule.)"""
        return side is not None and side == self.session.viewer()

    # ---- driving --------------------------------------------------------------------
    def start_beats(self, beats: list) -> None:
        """Play ``beats`` (a scene's opening moment, or a decision's result) before the next
        decision is asked."""
        self.beats.extend(beats)
        self.phase = BEATS
        self._next_beat()

    def update(self, dt: float) -> str:
        """Advance the flow by ``dt`` seconds; return the phase it is in afterwards."""
        if self.phase != THINKING and self.session.listen() and self.phase == HUMAN:
            # the game moved under the person deciding (online: a clock fell): its beats play
            self.deciding = None
            self.take_arrival()
        note = getattr(self.view, "flow_note", None)
        for line in self.session.heard():
            if note is not None:
                note(line)
        if self.phase == BEATS:
            if not self.view.flow_beat_busy():
                self._next_beat()
        if self.phase == AWAIT:
            self._await()
        if self.phase == THINKING:
            self.think_t += dt
            th = self.thinker
            if th is not None and th.done and self.think_t >= th.least_shown(self.min_think):
                self.thinker = None
                th.settle(self)
        return self.phase

    def _next_beat(self) -> None:
        while self.beats:
            b = self.beats.pop(0)
            self.view.flow_beat(b, False)
            if self.view.flow_beat_busy():
                return
        self._beats_done()

    def _beats_done(self) -> None:
        self.phase = AWAIT
        hook = getattr(self.view, "flow_beats_done", None)
        if hook is not None:
            hook()

    def _await(self) -> None:
        s = self.session
        d = s.decision()
        if d is None:
            self.phase = OVER
            self.view.flow_over()
            return
        side = d["player"]
        if s.controller(side) != "human":
            self.phase = THINKING
            self.think_t = 0.0
            self.thinker = s.think()
            return
        hs = s.needs_handoff()
        if hs is not None:
            self.phase = HANDOFF

            def confirm(side=hs):
                if self.phase != HANDOFF:
                    return
                s.look.handoff_confirmed(side)
                self._human()
            self.view.flow_handoff(hs, confirm)
            return
        self._human()

    def _human(self) -> None:
        self.phase = HUMAN
        warm = getattr(self.session, "warm_up", None)
        if warm is not None:
            warm()      # the computer's process starts while the person decides
        self.deciding = self.session.decision()
        self.view.flow_human(self.deciding)

    def close(self) -> None:
        """The view left the screen for good (``SceneStack`` calls this when the scene holding
        the flow leaves the stack): the computer's thought is dropped and its worker process
        stopped (issue 50, item 11)."""
        self.thinker = None
        if self.phase == THINKING:
            self.phase = AWAIT   # (shown again, the flow asks afresh)
        close = getattr(self.session, "close", None)
        if close is not None:
            close()

    # ---- a menu over the turn --------------------------------------------------------
    def pause(self) -> None:
        """A menu covers the scene (the pause menu): nobody's secrets until the next hand-off
        (the session's one rule, ``Session.cover``)."""
        self.session.cover()

    def resume(self) -> None:
        """The scene is on top again (its ``on_resume``): a person's private decision whose
        screen was covered goes back behind the hand-off.  What that person had staged stays
        (the view's ``flow_human`` is not called again)."""
        if self.phase != HUMAN:
            return
        hs = self.session.needs_handoff()
        if hs is None:
            return
        self.phase = HANDOFF

        def confirm(side=hs):
            if self.phase != HANDOFF:
                return
            self.session.look.handoff_confirmed(side)
            self.phase = HUMAN
        self.view.flow_handoff(hs, confirm)

    # ---- acting ---------------------------------------------------------------------
    def commit(self, index: int) -> bool:
        """Apply option ``index`` of the pending decision and play its beats.  A refused index
        leaves everything as it was and returns False (``error`` says why)."""
        s = self.session
        d = s.decision()
        if d is None:
            return False
        try:
            beats = s.apply(index)
        except ValueError as e:
            self.error = str(e)
            return False
        if s.last_error:
            self.error = s.last_error
            s.last_error = ""
        self.last_decider = d["player"]
        self.deciding = None
        hook = getattr(self.view, "flow_committed", None)
        if hook is not None:
            hook(d, index, beats)
        self.start_beats(list(beats))
        return True

    def take_arrival(self) -> None:
        """The other side's decision (or the server's answer to this side's) came over the line
        (a wait's ``settle``, ``framework/remote.py``): its beats play like a computer's move."""
        s = self.session
        d = s.decision()
        beats = s.arrive()
        if s.last_error:
            self.error = s.last_error
            s.last_error = ""
        if beats and d is not None:
            self.last_decider = d["player"]
            hook = getattr(self.view, "flow_committed", None)
            if hook is not None:
                hook(d, None, beats)
        self.start_beats(list(beats))

    def skip_beats(self) -> None:
        """Show every waiting beat at once (the player is in a hurry)."""
        beats, self.beats = self.beats, []
        for b in beats:
            self.view.flow_beat(b, True)
        if self.phase == BEATS:
            self._beats_done()

    def can_undo(self) -> bool:
        return self.phase in (HUMAN, BEATS) and self.session.can_undo()

    def undo(self, *, drop_beats: bool = False) -> bool:
        """Take back the newest decision of the side that may undo now; the computer's thought
        about a state that is gone is dropped.  The beats still waiting are shown at once, or
        with ``drop_beats`` not at all (they belong to the decision taken back)."""
        if not self.session.can_undo():
            return False
        if drop_beats:
            self.beats = []
        self.skip_beats()
        if not self.session.undo():
            return False
        self.thinker = None
        self.deciding = None
        self.phase = AWAIT
        self.view.flow_changed()
        return True
