"""The computer player's process in the window's game lifecycle (issue 50, item 11): one worker
at a time, reaped when its game ends (once, four games left three live workers and two zombies).

Four games against the computer in the window, each ended another way: left for the title
mid-game, replaced by a new game of the other kind, played to its end, and after a Continue left
again.  The test reads the window's process's children from /proc (Linux), never reaping them
itself, so a process left unreaped shows as a zombie (multiprocessing's resource tracker, kept
for the process's life, is not a worker)."""

import os
import sys
import time

import pytest

from squabble.ui.struggle import setup as ST
from tests.ui.driver import run_until, step

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

SQUABBLE = {"mode": "computer", "human": "USA", "level": "easy", "events": True}
STRUGGLE = {"mode": "computer", "human": "USA", "level": "easy", "options": {}}


def children() -> dict:
    """{pid: state letter} of this process's children ("Z": a zombie), read without reaping."""
    me = os.getpid()
    return {pid: state for pid, parent, state in _processes()
            if parent == me and not _tracker(str(pid))}


def _processes():
    """(pid, parent pid, state letter) of every process, read from /proc without reaping."""
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        yield int(name), int(fields[1]), fields[0]


def _tracker(pid) -> bool:
    """multiprocessing's resource tracker: one per process that ever spawned, kept to its end."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"resource_tracker" in f.read()
    except OSError:
        return False


def settled(before, want_live, wall=10.0):
    """The children born during the test once the reaping settled: (live pids, zombie pids)."""
    deadline = time.monotonic() + wall
    while True:
        now = {p: s for p, s in children().items() if p not in before}
        live = {p for p, s in now.items() if s != "Z"}
        zombies = {p for p, s in now.items() if s == "Z"}
        if (len(live) <= want_live and not zombies) or time.monotonic() > deadline:
            return live, zombies
        time.sleep(0.05)


def computer_thinks(app):
    """Step the window (the person taking the first option when asked) until the computer has
    answered in a process of its own and the person decides; its worker's pid."""
    flow = _flow(app)
    human = flow.session.setup["human"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert run_until(app, lambda: flow.phase == "human" and app.stack.top is flow.view)
        if flow.last_decider not in (None, human):
            pid = flow.session._worker.pid
            assert pid is not None and pid != os.getpid()
            return pid
        flow.commit(0)
    raise AssertionError("the computer never answered")


def test_one_worker_at_a_time_each_reaped_when_its_game_ends(app):
    before = set(children())
    seen = []

    # 1. Twilight Squabble, left for the title mid-game
    app.start("squabble", SQUABBLE, seed=3)
    seen.append(computer_thinks(app))
    app.to_title()
    step(app, 2)
    live, zombies = settled(before, 0)
    assert not live and not zombies, ("game 1 left", live, zombies)

    # 2. Twilight Struggle, replaced by a new game of Twilight Squabble
    ST.start_struggle(app, STRUGGLE, seed=4)
    seen.append(computer_thinks(app))
    app.start("squabble", SQUABBLE, seed=5)
    step(app, 2)
    live, zombies = settled(before, 1)
    assert seen[-1] not in live and not zombies and len(live) <= 1, \
        ("game 2 replaced: its worker reaped, the new game's alone", live, zombies)

    # 3. that game of Twilight Squabble, played to its end
    s = app.session
    seen.append(computer_thinks(app))
    deadline = time.monotonic() + 240
    while not s.over and time.monotonic() < deadline:
        live = {p for p, st in children().items() if p not in before and st != "Z"}
        assert len(live) <= 1, ("game 3: one worker at a time", live)
        flow = _flow(app)
        if flow.phase == "human" and app.stack.top is flow.view:
            flow.commit(0)
        step(app, 1)
    assert s.over
    step(app, 2)
    live, zombies = settled(before, 0)
    assert not live and not zombies, ("game 3 over", live, zombies)

    # 4. Twilight Struggle again, stopped, continued, and left for the title
    ST.start_struggle(app, STRUGGLE, seed=6)
    seen.append(computer_thinks(app))
    assert ST.continue_struggle(app)
    seen.append(computer_thinks(app))
    live, zombies = settled(before, 1)
    assert len(live) == 1 and not zombies, ("game 4 continued: one worker", live, zombies)
    app.to_title()
    step(app, 2)
    live, zombies = settled(before, 0)
    assert not live and not zombies, ("game 4 left", live, zombies)
    assert len(set(seen)) == len(seen)   # each game had its own, and none is left


def _flow(app):
    for sc in reversed(app.stack.scenes):
        if getattr(sc, "flow", None) is not None:
            return sc.flow
    return None


def descendants(pid) -> set:
    """The live processes under ``pid`` (its search processes), read from /proc."""
    out, todo = set(), [pid]
    while todo:
        parent = todo.pop()
        for child, ppid, _ in _processes():
            if ppid == parent and child not in out:
                out.add(child)
                todo.append(child)
    return out


def gone(pids, wall=15.0) -> set:
    """Those of ``pids`` still there (alive or a zombie) after at most ``wall`` seconds."""
    deadline = time.monotonic() + wall
    while True:
        left = {p for p in pids if os.path.exists(f"/proc/{p}")}
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def test_a_hard_workers_search_processes_end_with_it(app):
    """Hard's search processes (``ai/pool.py``) live inside the worker; a game left while they
    are kept leaves none behind, alive or unreaped."""
    ST.start_struggle(app, dict(STRUGGLE, level="hard"), seed=7)
    flow = _flow(app)
    searchers = set()
    for _ in range(12):        # until the computer searched (its set-up follows people's)
        worker = computer_thinks(app)
        searchers = descendants(worker)
        if searchers:
            break
        flow.commit(0)
    assert searchers, "hard never searched"
    app.to_title()
    step(app, 2)
    assert not gone({worker} | searchers), "processes left behind"


def test_a_stopped_worker_is_reaped_not_left_a_zombie():
    from squabble.framework.session import Session
    from squabble.games import registry
    from tests import worker_choosers as W
    s = Session.new(registry.get("squabble"), {"mode": "computer", "human": "USA",
                                               "level": "easy"}, seed=1, chooser=W.pid_player)
    s.setup["level"] = os.devnull
    assert s.think().wait(60) == 0
    pid = s._worker.pid
    s._worker.close()
    assert not gone({pid}), "the stopped worker was left unreaped"
