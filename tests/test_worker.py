"""The computer player thinks in its own process (framework/worker.py, issue 21): one long-lived
worker per session, polled by the window, withdrawn on undo, and a dead worker reported."""

import os
import threading

from squabble.framework.session import Session
from squabble.games import registry
from tests import worker_choosers as W


def _session(chooser, level="normal", seed=2):
    return Session.new(registry.get("struggle"), {"mode": "computer", "human": "USA",
                                                  "level": level}, seed=seed, chooser=chooser)


def test_the_computer_answers_from_its_own_process():
    s = _session(W.struggle_player)
    t = s.think()
    i = t.wait(60)
    assert t.done and t.error == "" and 0 <= i < len(s.decision()["options"])
    assert s._worker.pid not in (None, os.getpid())
    s.apply(i)


def test_one_worker_serves_the_whole_session(tmp_path):
    log = str(tmp_path / "pids")
    s = _session(W.pid_player)
    s.setup["level"] = log
    for _ in range(3):
        t = s.think()
        s.apply(t.wait(60))
    pids = open(log).read().split()
    assert len(pids) == 3 and len(set(pids)) == 1 and pids[0] != str(os.getpid())


def thinking_threads() -> set:
    """The threads that could think: all but those reaping a stopped worker (an earlier
    session's, stopped when this one's started: one worker at a time)."""
    return {t for t in threading.enumerate() if t.name != "squabble-worker-reap"}


def test_the_window_only_polls_while_the_computer_thinks(tmp_path):
    """The session's polling never waits: while the worker is busy, ``done`` says no at once,
    and no thread of the window's process does the thinking."""
    gate = str(tmp_path / "gate")
    s = _session(W.gated)
    s.setup["level"] = gate
    threads = thinking_threads()
    t = s.think()
    assert t.wait(0) is None
    while not (os.path.exists(gate + ".pid") and open(gate + ".pid").read()):   # it thinks
        assert not t.done and t.result is None
    for _ in range(50):
        assert not t.done and t.result is None
    assert thinking_threads() <= threads
    pid = open(gate + ".pid").read()
    assert pid != str(os.getpid())
    open(gate, "w").close()
    assert t.wait(60) == 0 and t.error == ""


def test_undo_withdraws_the_stale_question(tmp_path):
    gate = str(tmp_path / "gate")
    s = _session(W.gated)
    s.setup["level"] = gate
    stale = s.think()
    first = s._worker.pid
    fresh = s.think()                      # the window dropped ``stale`` (an undo) and asks again
    assert s._worker.pid != first          # the busy worker was stopped, not waited for
    open(gate, "w").close()
    assert fresh.wait(60) == 0 and fresh.error == ""
    assert stale.wait(0.2) is None and not stale.done   # its answer can never be applied


def test_a_worker_that_dies_mid_thought_is_replaced_and_asked_again_once(tmp_path):
    """(issue 50, item 25) The computer's answer comes from a fresh worker, not a random move."""
    s = _session(W.crash_once)
    s.setup["level"] = str(tmp_path / "died")
    t = s.think()
    i = t.wait(60)
    assert t.error == "" and (tmp_path / "died").exists()
    assert i == W.struggle_player(s.state, "normal", t._seed)


def test_a_crashed_worker_gives_a_clear_error_and_a_legal_option_not_a_hang(tmp_path):
    """A worker that dies, and the fresh one asked again dies too: one sentence and a legal
    option."""
    s = _session(W.crash_noted)
    s.setup["level"] = str(tmp_path / "pids")
    t = s.think()
    i = t.wait(60)
    assert t.done and 0 <= i < len(s.decision()["options"])
    assert "process stopped" in t.error and "exit code 3" in t.error
    pids = (tmp_path / "pids").read_text().split()
    assert len(pids) == 2 and len(set(pids)) == 2   # two workers asked, no more
    s.chooser = W.struggle_player          # the next question starts a new worker
    s.setup["level"] = "normal"
    t = s.think()
    assert t.wait(60) is not None and t.error == ""


def test_the_worker_starts_while_a_person_decides_and_the_first_question_reuses_it():
    """The session's first question no longer spends a frame of the window starting the
    process: ``warm_up`` (called by the flow at a person's turn) starts it on a thread."""
    s = _session(W.struggle_player)
    s.warm_up()
    w = s._worker
    w._started()
    first = w.pid
    assert first not in (None, os.getpid())
    t = s.think()
    assert t.wait(60) is not None and t.error == "" and s._worker.pid == first


def test_hot_seat_never_starts_a_worker():
    s = Session.new(registry.get("struggle"), {"mode": "hotseat", "human": "USA",
                                               "level": "normal"}, seed=2,
                    chooser=W.struggle_player)
    s.warm_up()
    assert getattr(s, "_worker", None) is None


def test_closing_a_busy_worker_does_not_wait_for_it(tmp_path, monkeypatch):
    """Stopping the worker (an undo withdrawing its question) never joins it with a wait in the
    window's thread: the process is reaped later."""
    gate = str(tmp_path / "gate")
    s = _session(W.gated)
    s.setup["level"] = gate
    s.think()
    while not (os.path.exists(gate + ".pid") and open(gate + ".pid").read()):
        pass
    proc = s._worker._proc
    waits = []
    real = type(proc).join
    monkeypatch.setattr(type(proc), "join", lambda self, t=None: (
        waits.append((threading.current_thread(), t)), real(self, t))[1])
    s._worker.withdraw()
    assert all(t == 0 for who, t in waits if who is threading.main_thread())
    open(gate, "w").close()
    for who, _ in waits:
        if who is not threading.main_thread():
            who.join(30)
    assert proc.exitcode is not None   # reaped, on a thread of its own (issue 50, item 11)


def test_a_worker_that_cannot_start_is_an_error_and_a_legal_option(monkeypatch):
    s = _session(W.struggle_player)
    import multiprocessing.context as mc

    def refuse(self):
        raise OSError("no more processes")
    monkeypatch.setattr(mc.SpawnProcess, "start", refuse)
    t = s.think()
    i = t.wait(5)
    assert t.done and 0 <= i < len(s.decision()["options"]) and "could not be started" in t.error


def test_two_sessions_thinking_at_once_both_get_real_answers(tmp_path):
    """One worker at a time (issue 50, item 11): the worker of session B stops session A's
    mid-thought; A's question is asked again of a fresh worker, never left
    waiting forever, and neither falls back to a random move."""
    gate = str(tmp_path / "gate")
    a = _session(W.gated)
    a.setup["level"] = gate
    ta = a.think()
    while not (os.path.exists(gate + ".pid") and open(gate + ".pid").read()):   # a thinks
        pass
    b = _session(W.struggle_player, seed=3)
    tb = b.think()                          # b's worker starts: a's is stopped
    open(gate, "w").close()
    assert ta.wait(60) == 0 and ta.error == ""
    assert tb.wait(60) == W.struggle_player(b.state, "normal", tb._seed) and tb.error == ""


def test_the_thinking_indicator_hears_how_far_the_computer_is(tmp_path):
    """A chooser in the worker reports its progress (``worker.progress``); the window's polling
    picks it up while the answer is not in (the thinking indicator's share, issue 62), and a
    progress message is never taken for the answer."""
    import time
    gate = str(tmp_path / "gate")
    s = _session(W.progressing)
    s.setup["level"] = gate
    t = s.think()
    deadline = time.monotonic() + 60
    while t.progress < 0.25 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert t.progress == 0.25 and not t.done
    open(gate, "w").close()
    assert t.wait(60) == 0 and t.error == "" and t.progress == 1.0
