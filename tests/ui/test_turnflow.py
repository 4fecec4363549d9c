"""framework/turnflow.py: one decision flow for any game of the registry (issue 19).

Each test drives a real session of a real game through the flow with a recording view and
checks the order of what the view was asked to show."""

from squabble.framework.session import Beat, Session
from squabble.framework.turnflow import BEATS, HANDOFF, HUMAN, OVER, THINKING, TurnFlow
from squabble.games import registry


class View:
    def __init__(self, busy_beats=0):
        self.calls = []
        self.busy = 0
        self.busy_beats = busy_beats   # each beat stays on screen for this many updates
        self.confirm = None

    def flow_beat(self, beat, instant):
        self.calls.append(("beat", beat.kind, instant))
        self.busy = 0 if instant else self.busy_beats

    def flow_beat_busy(self):
        if self.busy > 0:
            self.busy -= 1
            return True
        return False

    def flow_handoff(self, side, confirm):
        self.calls.append(("handoff", side))
        self.confirm = confirm

    def flow_human(self, decision):
        self.calls.append(("human", decision["player"]))

    def flow_over(self):
        self.calls.append(("over",))

    def flow_changed(self):
        self.calls.append(("changed",))


def _session(game, mode, human="USSR", seed=3):
    g = registry.get(game)
    return Session.new(g, {"mode": mode, "human": human, "level": "easy"}, seed=seed)


def test_hotseat_private_decision_waits_for_the_handoff_then_a_person():
    s = _session("squabble", "hotseat")
    v = View()
    f = TurnFlow(s, v)
    side = s.decision()["player"]
    assert f.update(0.1) == HANDOFF
    assert v.calls == [("handoff", side)]
    assert not f.may_look(side)                 # nobody looks before the hand-off
    assert f.update(0.1) == HANDOFF             # it waits for the player, however long
    v.confirm()
    assert f.phase == HUMAN and f.may_look(side) and f.deciding["player"] == side
    assert v.calls[-1] == ("human", side)


def test_commit_plays_every_beat_in_order_then_asks_again():
    s = _session("squabble", "hotseat")
    v = View(busy_beats=2)
    f = TurnFlow(s, v)
    f.update(0.1)
    v.confirm()
    assert f.commit(0)
    assert f.phase == BEATS
    n_beats = sum(1 for c in v.calls if c[0] == "beat")
    assert n_beats == 1                         # the first beat shows, the rest wait
    for _ in range(200):
        if f.update(0.1) != BEATS:
            break
    beats = [c for c in v.calls if c[0] == "beat"]
    assert len(beats) >= 1 and all(not c[2] for c in beats)
    assert f.phase in (HANDOFF, HUMAN)


def test_a_refused_option_changes_nothing():
    s = _session("struggle", "hotseat")
    f = TurnFlow(s, View())
    f.update(0.0)
    before = s.state
    assert not f.commit(10_000)
    assert s.state is before and f.error


def test_computer_turns_think_then_commit_and_the_game_ends_over_once():
    s = _session("squabble", "demo")
    v = View()
    f = TurnFlow(s, v)
    for _ in range(20000):
        ph = f.update(0.5)
        if ph == THINKING:
            f.thinker.wait(5)
        if ph == OVER:
            break
    assert f.phase == OVER and v.calls.count(("over",)) == 1
    assert not any(c[0] in ("human", "handoff") for c in v.calls)
    assert f.viewer is None and not f.may_look("USSR") and not f.may_look("USA")


def test_min_think_holds_the_computer_move_on_screen():
    s = _session("squabble", "computer", human="USA")
    f = TurnFlow(s, View(), min_think=1.0)
    while f.update(0.0) != THINKING:
        if f.phase == HUMAN:
            f.commit(0)
    f.thinker.wait(5)
    decided = s.decisions
    f.update(0.4)
    assert s.decisions == decided               # done thinking, but shown for at least 1 s
    f.update(0.7)
    assert s.decisions == decided + 1


def test_undo_skips_beats_and_asks_the_same_side_again():
    s = _session("struggle", "computer", human="USSR")
    v = View(busy_beats=5)
    f = TurnFlow(s, v)
    f.update(0.0)
    assert f.phase == HUMAN
    d = s.decision()
    f.commit(0)
    assert f.phase == BEATS and f.can_undo()
    assert f.undo()
    assert ("changed",) in v.calls and not f.beats
    f.update(0.0)
    assert f.phase == HUMAN and s.decision() == d


class SettlingView(View):
    """A view with the optional hook: told once the last waiting beat was shown."""

    def flow_beats_done(self):
        self.calls.append(("settled",))


def test_the_view_is_told_when_the_last_beat_was_shown():
    s = _session("squabble", "hotseat")
    v = SettlingView(busy_beats=1)
    f = TurnFlow(s, v)
    f.update(0.1)
    v.confirm()
    f.commit(0)
    while f.phase == BEATS:
        assert ("settled",) not in v.calls      # not while beats still wait or play
        f.update(0.1)
    beats = [i for i, c in enumerate(v.calls) if c[0] == "beat"]
    settled = v.calls.index(("settled",))
    assert v.calls.count(("settled",)) == 1 and settled > beats[-1]
    assert v.calls[settled + 1][0] in ("handoff", "human")   # then the next decision


def test_undo_may_drop_the_beats_of_the_decision_taken_back():
    s = _session("struggle", "computer", human="USSR")
    v = SettlingView(busy_beats=50)
    f = TurnFlow(s, v)
    f.update(0.0)
    f.commit(0)
    f.start_beats([Beat(f"line {i}", s.state, "note") for i in (1, 2)])   # one plays, one waits
    shown = sum(1 for c in v.calls if c[0] == "beat")
    assert f.beats and f.can_undo()
    assert f.undo(drop_beats=True)
    assert sum(1 for c in v.calls if c[0] == "beat") == shown   # the waiting one never shown
    assert not f.beats and ("changed",) in v.calls and f.phase == "await"
