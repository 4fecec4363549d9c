"""Computer players for tests/test_worker.py: module-level functions, so a session sends them to
its worker process (a closure would run on a thread instead)."""

import os
import time


def gated(state, level, seed):
    """Writes its process id beside ``level`` (a file path), then waits until that file exists
    (at most 30 s) and answers option 0."""
    with open(level + ".pid", "w") as f:
        f.write(str(os.getpid()))
    deadline = time.monotonic() + 30
    while not os.path.exists(level) and time.monotonic() < deadline:
        time.sleep(0.01)
    return 0


def crash(state, level, seed):
    os._exit(3)


def crash_noted(state, level, seed):
    """Leaves its process id in the file named by ``level``, then dies."""
    with open(level, "a") as f:
        f.write(f"{os.getpid()}\n")
    os._exit(3)


def crash_once(state, level, seed):
    """Dies the first time (leaving the file named by ``level``), then plays as the Struggle
    computer player of level "normal"."""
    if not os.path.exists(level):
        open(level, "w").close()
        os._exit(3)
    return struggle_player(state, "normal", seed)


def struggle_player(state, level, seed):
    from squabble.ai import choose
    return choose("struggle", state, level, seed)


def pid_player(state, level, seed):
    """Answers option 0 and leaves its process id in the file named by ``level``."""
    with open(level, "a") as f:
        f.write(f"{os.getpid()}\n")
    return 0


def slow_squabble(state, level, seed):
    """Twilight Squabble's computer player, 0.6 s slower."""
    from squabble.ai import choose
    time.sleep(0.6)
    return choose("squabble", state, level, seed)


def progressing(state, level, seed):
    """Reports a quarter of its work done, then waits until the file named by ``level`` exists
    (at most 30 s) and answers option 0."""
    from squabble.framework import worker
    worker.progress(0.25)
    deadline = time.monotonic() + 30
    while not os.path.exists(level) and time.monotonic() < deadline:
        time.sleep(0.01)
    return 0
