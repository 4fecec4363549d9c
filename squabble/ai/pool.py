"""A pool of search processes for the computer player, one per core, kept between decisions.

Both of Twilight Struggle's searches use it: hard's looks over deals of the hidden cards
(``struggle.option_values``) and the bench's tree search (``bench/struggle_mcts.py``).  A job is
a pair ``(target, args)``: ``target`` names a module-level function as ``"module:function"`` (the
worker imports it; this module imports no game or AI module, so it is below both), ``args`` is
its one argument.  ``run`` does the first job in this process and the others at the same time
in the pool's processes, and returns the answers in order; a job that raises in a pool process
raises ``RuntimeError`` here.

The processes start with the ``spawn`` method (safe in the PyInstaller bundle).  Each holds only
its own end of a pipe: when the parent goes, even killed, the worker reads the end of the pipe
and exits.  The window's computer player is itself a daemonic process, which multiprocessing
does not let start children; the pool lifts that flag while it starts its own (daemonic) ones.
"""

from __future__ import annotations

import atexit
import importlib
import multiprocessing
import os

from squabble.pipeloop import serve

#: processes when a search is not told: None, one per core (a bench may set it)
WORKERS = None


def workers_default() -> int:
    return WORKERS or os.cpu_count() or 1


def check_workers(workers) -> int:
    """``workers``, or the default when None; a clear ValueError for anything else."""
    if workers is None:
        return workers_default()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError("The number of workers must be a positive integer.")
    return workers


def call(job):
    """Run one job ``(target, args)`` in this process."""
    target, args = job
    mod, _, name = target.partition(":")
    return getattr(importlib.import_module(mod), name)(args)


def _answer(job):
    try:
        return "ok", call(job)
    except Exception as e:   # reported to the parent, which raises it
        return "error", f"{type(e).__name__}: {e}"


def _serve(conn):
    """A pool worker's loop: run each job until the pipe closes (its parent gone)."""
    serve(conn, _answer)


class Pool:
    """``n`` search processes kept alive between decisions."""

    def __init__(self, n):
        ctx = multiprocessing.get_context("spawn")
        self.n = n
        self.procs, self.conns = [], []
        me = multiprocessing.current_process()
        # the window's computer player is a daemonic process, and daemonic processes may not
        # start children by default; these children are daemonic too and die with it (the
        # pipe's end; and multiprocessing terminates daemonic children at a normal exit)
        was = me._config.get("daemon")
        me._config["daemon"] = False
        try:
            for w in range(n):
                parent, child = ctx.Pipe()
                p = ctx.Process(target=_serve, args=(child,), daemon=True,
                                name=f"squabble-search-{w}")
                p.start()
                child.close()
                self.procs.append(p)
                self.conns.append(parent)
        finally:
            if was is None:
                me._config.pop("daemon", None)
            else:
                me._config["daemon"] = was

    def pids(self):
        return [p.pid for p in self.procs]

    def alive(self):
        return all(p.is_alive() for p in self.procs)

    def send(self, jobs):
        """Give ``jobs`` (at most ``n``) to the first processes, one each."""
        for c, job in zip(self.conns, jobs):
            c.send(job)

    def collect(self, k):
        """The answers of the first ``k`` processes, in order (after ``send``)."""
        out, failed = [], None
        for c in self.conns[:k]:
            kind, got = c.recv()
            if kind == "error":
                failed = failed or got
            out.append(got)
        if failed:
            raise RuntimeError(f"A search process of the computer player failed: {failed}")
        return out

    def run(self, jobs):
        """The answers of ``jobs`` (at most ``n``), one per process, in order."""
        self.send(jobs)
        return self.collect(len(jobs))

    def close(self):
        for c in self.conns:
            try:
                c.send(None)
            except (OSError, ValueError):
                pass
            c.close()
        for p in self.procs:
            p.join(1.0)
            if p.is_alive():
                p.terminate()
                p.join(1.0)
        self.procs, self.conns = [], []


_POOL = None


def pool(n):
    """The kept pool, of at least ``n`` processes (a new one if it had fewer or one died): a
    search that needs fewer processes for a while (hard's look at three options on four cores)
    uses the first ``n`` of it rather than starting the pool again."""
    global _POOL
    if _POOL is not None and (_POOL.n < n or not _POOL.alive()):
        close_pool()
    if _POOL is None:
        _POOL = Pool(n)
    return _POOL


def current():
    """The kept pool, or None."""
    return _POOL


def close_pool():
    """Stop the search processes (done at exit too)."""
    global _POOL
    if _POOL is not None:
        p, _POOL = _POOL, None
        p.close()


atexit.register(close_pool)


def run(jobs):
    """The answers of ``jobs``, in order: the first in this process, the others at the same
    time in the kept pool of ``len(jobs) - 1`` processes (so ``len(jobs)`` cores work)."""
    if len(jobs) == 1:
        return [call(jobs[0])]
    p = pool(len(jobs) - 1)
    p.send(jobs[1:])
    try:
        first = call(jobs[0])
        return [first] + p.collect(len(jobs) - 1)
    except BaseException:
        # the pipes may still hold answers (or a Ctrl-C came mid-way): start afresh next time
        close_pool()
        raise
