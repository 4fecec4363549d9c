"""The bench's tree search, hard_tree (bench/struggle_mcts.py): legal choices along a game at a
small budget, the same choice for the same seed and worker count, root statistics merged by summing,
and the search processes closed (by the player, and with the window's worker that hosts them)."""

import marshal
import os
import random
import signal
import subprocess
import sys
import time

import pytest

import squabble.ai.pool as P
from squabble.ai.struggle import choose_struggle, option_values
from squabble.framework.worker import Worker
from squabble.games.struggle import apply_in_place, check_invariants, decision, new_game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(ROOT, "bench")
if BENCH not in sys.path:       # as a bench script has it (the pool's processes import it too)
    sys.path.insert(0, BENCH)
import struggle_mcts as M  # noqa: E402


@pytest.fixture
def small(monkeypatch):
    """A small budget: these tests check legality and bookkeeping, not strength."""
    monkeypatch.setattr(M, "MCTS_WORK", 250)
    monkeypatch.setattr(M, "MCTS_ITERS", 12)


def _positions(seed=41, every=9, most=12):
    st = new_game(seed)
    rnd = random.Random(seed)
    out, k = [], 0
    while decision(st) is not None and len(out) < most:
        d = decision(st)
        if k % every == 0 and len(d["options"]) > 1:
            out.append((marshal.loads(marshal.dumps(st)), d))
        apply_in_place(st, rnd.randrange(len(d["options"])))
        k += 1
    return out


def test_hard_plays_legally_along_a_random_game(small):
    """Hard at a small budget on every third decision of a game, random moves between; every
    answer is an option of the decision, and the engine's invariants hold after it."""
    st = new_game(12)
    rnd = random.Random(12)
    k = asked = 0
    while decision(st) is not None:
        d = decision(st)
        if k % 3 == 0:
            i = M.choose_level(st, "hard_tree", rnd.randrange(1 << 30), workers=1)
            asked += len(d["options"]) > 1
        else:
            i = rnd.randrange(len(d["options"]))
        assert 0 <= i < len(d["options"])
        apply_in_place(st, i)
        assert check_invariants(st) is None
        k += 1
    assert st["winner"] is not None and asked > 10


def _a_card_choice():
    st = new_game(3)
    rnd = random.Random(3)
    while True:
        d = decision(st)
        if d["options"][0]["mode"] == "play" and len(d["options"]) > 2:
            return st
        apply_in_place(st, rnd.randrange(len(d["options"])))


def test_the_pool_merges_what_each_worker_finds(small):
    """Two workers in two processes give exactly the sum of the two searches run here, one
    after the other (their sub-seeds from the seed and the worker's number)."""
    st = _a_card_choice()
    me = decision(st)["player"]
    prior = option_values(st, "normal", 5)
    cand = sorted(prior)
    merged, iters, _, _ = M.root_stats(st, me, cand, prior, 5, 2)
    here = [M.search_root((st, me, cand, prior, M.subseed(5, w), M.MCTS_WORK, M.MCTS_ITERS))
            for w in range(2)]
    assert merged == M.merge([h[0] for h in here])
    assert iters == sum(h[1] for h in here) > 2
    # one visit of one root option per iteration
    assert sum(v for v, _ in merged.values()) == iters


def test_merge_sums_visits_and_values():
    a = {0: [3, 6.0], 2: [1, -1.0]}
    b = {0: [1, 2.0], 1: [4, 8.0]}
    assert M.merge([a, b]) == {0: [4, 8.0], 1: [4, 8.0], 2: [1, -1.0]}
    # the trusted options: visited at least a quarter as often as the most visited one
    assert M.best_options({0: [8, 16.0], 1: [2, 10.0], 2: [1, 50.0]}) == {0: 2.0, 1: 5.0}


def test_same_seed_and_worker_count_same_choice(small):
    for st, d in _positions(most=6):
        for w in (1, 2):
            a = M.choose_level(st, "hard_tree", 11, workers=w)
            assert 0 <= a < len(d["options"])
            assert M.choose_level(st, "hard_tree", 11, workers=w) == a


def test_bad_worker_count():
    st = _a_card_choice()
    for bad in (0, -1, "2", True):
        with pytest.raises(ValueError, match="workers"):
            M.choose_level(st, "hard_tree", 1, workers=bad)


def test_the_tree_is_a_bench_level_and_hard_the_two_look_search():
    st = _a_card_choice()
    a = choose_struggle(st, "hard", 4)
    assert 0 <= a < len(decision(st)["options"]) and choose_struggle(st, "hard", 4) == a
    from squabble.ai import LEVELS
    assert "hard_tree" not in LEVELS        # not offered to players or the protocol
    import squabble
    assert not os.path.exists(os.path.join(os.path.dirname(squabble.__file__), "ai",
                                           "struggle_mcts.py"))   # nor shipped


def _gone(pid):
    """True when ``pid`` no longer runs (ended, or a zombie waiting for its parent)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def _children(pid):
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(d))
            except (FileNotFoundError, ProcessLookupError, IndexError):
                pass
    return out


def _wait_gone(pids, seconds=15.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end and not all(_gone(p) for p in pids):
        time.sleep(0.05)
    return [p for p in pids if not _gone(p)]


def test_the_pool_is_kept_and_closes(small):
    st = _a_card_choice()
    M.choose_level(st, "hard_tree", 1, workers=2)
    pids = P.current().pids()
    assert len(pids) == 1                   # worker 0 searches in this process
    M.choose_level(st, "hard_tree", 2, workers=2)
    assert P.current().pids() == pids       # kept between decisions
    P.close_pool()
    bigger = P.pool(3).pids()
    assert len(bigger) == 3
    assert P.run([("os.path:basename", f"a/{k}") for k in range(3)]) == ["0", "1", "2"]
    assert P.current().pids() == bigger     # fewer jobs than processes: the pool is kept
    P.close_pool()
    assert P.current() is None and _wait_gone(pids) == []


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
@pytest.mark.parametrize("level", ["hard", "hard_tree"])
def test_search_processes_die_with_the_window_worker_that_started_them(level):
    """The window's computer player (framework/worker.py, a daemonic process) asks hard (and
    the tree) with one worker per core: the search processes start under it, one fewer than the
    cores (worker 0 is the worker process itself), and when the window stops it they end."""
    w = Worker(M.choose_level)
    st = _a_card_choice()
    job = w.ask(st, level, 3)
    got = None
    end = time.monotonic() + 120
    while got is None and time.monotonic() < end:
        got = w.answer(job, 0.2)
    assert got is not None and got[1] == "" and 0 <= got[0] < len(decision(st)["options"])
    kids = _children(w.pid)
    assert len(kids) == (os.cpu_count() or 1) - 1      # worker 0 searches in the worker itself
    w.close()
    assert _wait_gone(kids) == []


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_search_processes_end_when_their_parent_is_killed():
    code = ("import sys, time; sys.path.insert(0, sys.argv[1]);"
            "import squabble.ai.pool as P;"
            "print(*P.pool(2).pids(), flush=True); time.sleep(120)")
    p = subprocess.Popen([sys.executable, "-c", code, ROOT], stdout=subprocess.PIPE, text=True)
    try:
        pids = [int(x) for x in p.stdout.readline().split()]
        assert len(pids) == 2 and not any(_gone(x) for x in pids)
    finally:
        p.send_signal(signal.SIGKILL)
        p.wait(10)
        p.stdout.close()
    assert _wait_gone(pids) == []


def test_tree_decides_from_the_view_only(small):
    """The tree sees only its side's view: dealing the enemy's hidden hand and the draw pile
    again (and a hidden enemy headline, the generator and forced dice) does not change its
    choice, on one worker and on two.  (Under Aldrich Ames the US hand is open to the USSR: not
    hidden, so not re-dealt.)"""
    from squabble.games.struggle.query import effect_cards
    from test_struggle_ai import POSITIONS, _reshuffle_hidden
    rnd = random.Random(5)
    checked = 0
    for n, st in enumerate(POSITIONS[1::12]):
        if 98 in effect_cards(st):
            continue
        for w in (1, 2):
            a = M.choose_level(st, "hard_tree", n, workers=w)
            assert M.choose_level(_reshuffle_hidden(st, rnd), "hard_tree", n, workers=w) == a
        checked += 1
    assert checked >= 5


def test_the_tree_ranks_the_first_looks_options(small, monkeypatch):
    """The tree's prior is normal's first look over every option it considers (up to ten), not
    normal's final values, which its second look narrows to three: the root keeps ROOT_TOP."""
    import squabble.ai.struggle as A
    seen = []
    real = M.root_stats

    def spy(state, me, cand, prior, seed, workers, work=None, iters=None):
        seen.append(dict(prior))
        return real(state, me, cand, prior, seed, workers, work, iters)

    monkeypatch.setattr(M, "root_stats", spy)
    st = _a_card_choice()
    M.choose_level(st, "hard_tree", 4, workers=1)
    monkeypatch.setattr(A, "NORMAL_TOP", 0)
    assert seen and seen[0] == A.option_values(st, "normal", 4)
    assert len(seen[0]) > A.NORMAL_TOP and len(seen[0]) > 3
