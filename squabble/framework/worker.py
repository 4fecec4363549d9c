"""The computer player's own process: one long-lived worker per session.

The window must keep its frame rate while the computer thinks, and a search in a thread of the
window's process competes with the drawing for Python's one interpreter lock.  So the session
starts one worker process (the ``spawn`` start method: the same on every platform and in the
PyInstaller one-file bundle, whose entry point calls ``multiprocessing.freeze_support()``) and
sends it each question: the state, the level, the seed.  The worker answers with the option's
index or the error it met; before that, a chooser may report how far it is (``progress``), which
the window shows while it waits (``Worker.progress``).

The window only polls (``Worker.answer`` never waits unless asked to), so it never freezes.  A
question whose asker went away (an undo while the computer thinks) is withdrawn by stopping the
worker and starting a fresh one for the next question, so a stale search never delays the next
answer and its answer can never be applied.  A worker that dies answers with a clear error.

One worker at a time (issue 50, item 11): starting a worker's process stops every other
worker's of this process (the window plays one game at a time; an old game's session may linger
until the garbage collector finds it).  A stopped process is reaped on a thread of its own, so
none is left a zombie and the window's thread never waits; it ends as a normal exit (its
``SIGTERM`` raises ``SystemExit``), so the search processes it started itself (``ai/pool.py``)
are stopped and reaped with it, not orphaned.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import sys
import threading
import weakref

from squabble.pipeloop import serve

#: the worker's lower scheduling priority (Unix ``nice``): the window's frames come first
WORKER_NICE = 5
#: seconds a stopped worker has to end before it is killed (on the reaper's thread)
REAP_WAIT = 5.0

#: the workers of this process that have (or are starting) a process
_LIVE: "weakref.WeakSet[Worker]" = weakref.WeakSet()
#: in a worker's process: the pipe and number of the question being answered (``progress``)
_ASKED: dict = {}
#: a progress message: (PROGRESS, question number, share done)
PROGRESS = "progress"


def progress(done: float) -> None:
    """Called by a chooser in the worker's process: the share (0 to 1) of its work done, sent
    to the window for its thinking indicator (``Worker.progress``).  Elsewhere it does nothing."""
    conn, job = _ASKED.get("conn"), _ASKED.get("job")
    if conn is None:
        return
    try:
        conn.send((PROGRESS, job, max(0.0, min(1.0, float(done)))))
    except (OSError, ValueError):
        pass


class WorkerStopped(RuntimeError):
    """The worker process ended before it answered."""


def travels(chooser) -> bool:
    """True when ``chooser`` can be sent to another process (a module-level function); a test's
    closure cannot, and is run on a thread instead (``session.Thinker``)."""
    try:
        pickle.dumps(chooser)
    except Exception:
        return False
    return True


def _stop(signum, frame):
    sys.exit(0)   # a normal exit: multiprocessing stops and reaps this worker's own children


def _serve(conn, chooser) -> None:
    """The worker's loop: answer each (job, state, level, seed) until the pipe closes."""
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, _stop)
    if hasattr(os, "nice"):
        try:
            os.nice(WORKER_NICE)   # on a busy machine the window's frames come first
        except OSError:
            pass

    def answer(msg):
        job, state, level, seed = msg
        _ASKED.update(conn=conn, job=job)
        try:
            return job, chooser(state, level, seed), ""
        except Exception as e:  # reported to the window, which falls back to a legal option
            return job, None, f"{type(e).__name__}: {e}"
        finally:
            _ASKED.clear()

    serve(conn, answer)


class Worker:
    """One worker process running ``chooser(state, level, seed)`` for a session."""

    def __init__(self, chooser):
        self.chooser = chooser
        self._ctx = multiprocessing.get_context("spawn")
        self._proc = None
        self._conn = None
        self._job = 0            # the last question's number
        self._waiting = None     # the number of the question the worker is working on
        self._starter = None     # the thread starting the process (start_soon)
        self._preempted = None   # the question left unanswered when another worker started
        self.progress = 0.0      # the share of the question's work done, as the chooser said

    def _claim(self) -> None:
        """This worker is about to start its process: stop every other worker's (a question
        one of them was working on is answered by ``WorkerStopped``, so its asker can ask
        again, never waits forever)."""
        for other in list(_LIVE):
            if other is not self:
                other._preempted = other._waiting
                other.close()
        _LIVE.add(self)

    def _start(self) -> None:
        conn, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=_serve, args=(child, self.chooser), daemon=True,
                                 name="squabble-computer-player")
        try:
            proc.start()
        except Exception:   # no process could be started: answer() says so, nothing crashes
            conn.close()
            child.close()
            return
        child.close()   # only the worker holds its end: if the window dies, the worker sees EOF
        self._proc, self._conn = proc, conn

    def start_soon(self) -> None:
        """Start the process on a thread now, while a person decides, so the computer's first
        question does not spend a frame of the window starting it (50-90 ms)."""
        if self._proc is not None or self._starter is not None:
            return
        self._claim()
        self._starter = threading.Thread(target=self._start, daemon=True,
                                         name="squabble-worker-start")
        self._starter.start()

    def _started(self) -> None:
        if self._starter is not None:
            self._starter.join()
            self._starter = None

    def withdraw(self) -> None:
        """The question being worked on is no longer wanted (an undo): stop that search and
        have a fresh process ready for the next question."""
        if self._waiting is not None:
            self.close()
            self.start_soon()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def ask(self, state: dict, level: str, seed: int) -> int:
        """Send a question; return its number.  A question still unanswered is withdrawn."""
        self._started()
        if self._waiting is not None:
            try:
                self._read(self._waiting, 0)
            except WorkerStopped:
                pass
        if self._waiting is not None or self._proc is None or not self._proc.is_alive():
            self.close()
            self._claim()
            self._start()
        self._job += 1
        self.progress = 0.0
        try:
            self._conn.send((self._job, state, level, seed))
        except (OSError, ValueError, AttributeError):
            pass   # a worker dead on arrival is reported by answer()
        self._waiting = self._job
        return self._job

    def answer(self, job: int, timeout: float = 0.0):
        """``(index, error)`` once question ``job`` is answered, else None (after waiting at most
        ``timeout`` seconds).  Raises ``WorkerStopped`` if the worker died before answering or
        was stopped because another worker started, and returns None forever for a question
        that was withdrawn."""
        if job is not None and job == self._preempted:
            self._preempted = None
            raise WorkerStopped("The computer player's process was stopped for another "
                                "game's.")
        if job != self._waiting:
            return None
        return self._read(job, timeout)

    def _read(self, job: int, timeout: float):
        conn = self._conn
        if conn is None:
            self._waiting = None
            raise WorkerStopped("The computer player's process could not be started.")
        try:
            while conn.poll(timeout):
                msg = conn.recv()
                if msg[0] == PROGRESS:   # how far the chooser is (never the answer)
                    if msg[1] == job:
                        self.progress = msg[2]
                    continue
                got, index, error = msg
                if got == job:
                    self._waiting = None
                    return index, error
                timeout = 0   # an older answer: skip it
        except (EOFError, OSError):
            pass
        else:
            if self._proc.is_alive():
                return None
        self._proc.join(1.0)   # the pipe closed: the process is ending, if not already gone
        code = self._proc.exitcode
        self.close()
        self._waiting = None
        raise WorkerStopped(f"The computer player's process stopped before answering "
                            f"(exit code {code}).")

    def close(self) -> None:
        """Stop the worker without waiting for it: its process is reaped on a thread of its own
        (the window's thread must never stall on it)."""
        self._started()
        _LIVE.discard(self)
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        self._waiting = None
        if conn is not None:
            conn.close()
        if proc is not None:
            if proc.is_alive():
                proc.terminate()
            threading.Thread(target=_reap, args=(proc,), daemon=True,
                             name="squabble-worker-reap").start()


def _reap(proc) -> None:
    """Wait for a stopped worker's process to end (killing it after ``REAP_WAIT`` seconds)."""
    proc.join(REAP_WAIT)
    if proc.exitcode is None:
        proc.kill()
        proc.join(REAP_WAIT)
