"""The server over PostgreSQL (issue 61; run by hand, prints figures).

    python bench/online_pg_scale.py [--games 500 1000] [--seconds 10] [--think 2]
    python bench/online_pg_scale.py --kills 100 [--processes 3] [--batch 5]   # kill -9s
    python bench/online_pg_scale.py --db postgresql://USER@HOST/DB ...   # a server of yours

Side by side in one run, for each N live Squabble games (bench/online_load.py's bots, two
clients a game, a finished game followed by its rematch): one server process over SQLite, one
over PostgreSQL, two over PostgreSQL (each game's seats on different processes, so every move
reaches the other seat through the database's NOTIFY).  Prints moves a second, the round trip
of a move (sent -> the mover's update back) p50 and p99, the server processes' CPU, the
PostgreSQL server's CPU and the machine's load average.  Without --db a PostgreSQL cluster of
the bench's own is started (tests/pg_cluster.py, fsync on: commits as durable as SQLite's).

With --kills K: --processes P (default 2) over PostgreSQL, games between bots whose seats are on
different processes, a random process killed with SIGKILL K times and started again while the
bots move on to a live one (tests/online_helpers.py ``kill_soak``): nothing acknowledged lost,
nothing applied twice, every game at its last acknowledged move.  The kills come in batches of
--batch (default 20), each over new games on a new database, so that short batches keep every
kill during live games (a kill "during live games" finds some game still being played)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from online_load import cpu_seconds, load, pct, start_server  # noqa: E402


def postgres_pids() -> list:
    """The pids of every postgres process of this machine (the cluster's CPU)."""
    out = subprocess.run(["pgrep", "-x", "postgres"], capture_output=True, text=True)
    return [int(x) for x in out.stdout.split()]


def _pg_cpu() -> float:
    total = 0.0
    for pid in postgres_pids():
        try:
            total += cpu_seconds(pid)
        except OSError:
            pass
    return total


def other_seat_latency(urls: list, seconds: float, out: list):
    """Beside the load: one game whose seats are on the first and the last process, a move a
    0.1 s; the seconds from a move sent to the OTHER seat's update (through NOTIFY when the
    processes differ) into ``out``."""
    import asyncio
    import random
    from squabble.online.client import Client

    async def go():
        a = await Client(urls[0]).connect()
        created = await a.create("squabble", {}, side="USSR")
        b = await Client(urls[-1]).connect()
        await b.join(created["code"])
        await a.until_version(0), await b.until_version(0)
        rnd, end = random.Random(1), time.monotonic() + seconds
        while time.monotonic() < end:
            if a.last.get("winner") is not None:
                await b.rematch() if b.seat == "USA" else await a.rematch()
                await a.until_version(0), await b.until_version(0)
                continue
            mover, other = (a, b) if a.my_turn() else (b, a)
            if not mover.my_turn():
                await asyncio.sleep(0.01)
                continue
            v, n = mover.last["version"], len(mover.errors)
            t = time.perf_counter()
            await mover.move(rnd.randrange(len(mover.last["decision"]["options"])))
            while other.last["version"] <= v and len(mover.errors) == n and \
                    time.perf_counter() - t < 10:
                try:
                    await other.until_version(v + 1, 0.05)
                except asyncio.TimeoutError:
                    pass
            if len(mover.errors) > n:
                # refused: the mover's process had not yet caught up with the deal made again
                # at the join on the other process (the move's guard); its update follows
                await asyncio.sleep(0.1)
                continue
            if other.last["version"] <= v:
                raise asyncio.TimeoutError()
            out.append(time.perf_counter() - t)
            await mover.until_version(v + 1, 10)
            await asyncio.sleep(0.1)
        await a.close(), await b.close()
    try:
        asyncio.run(go())
    except Exception as e:   # noqa: BLE001 - said with the figures
        out.append(e)


def one_setup(label, dbs, n, seconds, think):
    """N games over the servers of ``dbs`` (one process each); one line of figures."""
    servers = [start_server(db) for db in dbs]
    try:
        urls = ",".join(url for _, url, _ in servers)
        pids = [p.pid for p, _, _ in servers]
        load_before = os.getloadavg()[0]
        pg0, t0 = _pg_cpu(), time.perf_counter()
        import threading
        other: list = []
        probe = threading.Thread(target=other_seat_latency,
                                 args=(urls.split(","), seconds + 2, other), daemon=True)
        probe.start()
        r = load(urls, n, "squabble", seconds, pids, think)
        pg = (_pg_cpu() - pg0) / (time.perf_counter() - t0)
        probe.join(60)
    finally:
        for p, _, _ in servers:
            p.terminate()
            p.stdout.read()
            p.wait()
    rtts = r["rtts"]
    print(f"N={n} {label}: {r['mps']:.0f} moves/s; round trip p50 {pct(rtts, .5) * 1000:.1f} "
          f"ms, p99 {pct(rtts, .99) * 1000:.1f} ms ({len(rtts)} moves); server processes "
          f"{r['server_cpu'] * 100:.0f}% of a core, PostgreSQL {pg * 100:.0f}%, bots "
          f"{r['client_cpu'] * 100:.0f}%; load average {load_before:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after; a move to the other seat's update (seats on "
          f"{'different processes' if len(dbs) > 1 else 'one process'}): "
          f"{_latency(other)}", flush=True)


def _latency(xs) -> str:
    errors = [x for x in xs if isinstance(x, Exception)]
    xs = [x for x in xs if not isinstance(x, Exception)]
    if errors or not xs:
        return f"not measured ({errors[0]!r})" if errors else "not measured"
    return f"p50 {pct(xs, .5) * 1000:.1f} ms, p99 {pct(xs, .99) * 1000:.1f} ms ({len(xs)})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, nargs="+", default=[500, 1000])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--think", type=float, default=2.0,
                    help="mean seconds a bot thinks before a move (0: at once)")
    ap.add_argument("--db", help="a PostgreSQL database to use (default: a cluster of the "
                                 "bench's own, a fresh database each setup)")
    ap.add_argument("--kills", type=int, default=0)
    ap.add_argument("--processes", type=int, default=2, help="with --kills: server processes")
    ap.add_argument("--batch", type=int, default=20, help="with --kills: kills a set of games")
    args = ap.parse_args()
    from tests.pg_cluster import Cluster, binaries
    cluster = None
    if args.db is None:
        if binaries() is None:
            raise SystemExit("PostgreSQL is not installed here (no initdb): give --db.")
        cluster = Cluster(binaries(), fsync=True)
    fresh = (lambda: args.db) if args.db else cluster.new_database
    try:
        if args.kills:
            from tests.online_helpers import kill_soak
            t = time.perf_counter()
            total = {"kills": 0, "live_kills": 0, "moves": 0, "reconnects": 0}
            with tempfile.TemporaryDirectory() as d:
                while total["kills"] < args.kills:
                    out = kill_soak(d, kills=min(args.batch, args.kills - total["kills"]),
                                    games=(("struggle", {}), ("struggle", {}),
                                           ("squabble", {"events": True})),
                                    max_version=300, seed=total["kills"], db=fresh(),
                                    processes=args.processes)
                    for k in total:
                        total[k] += out[k]
            print(f"{total['kills']} kill -9s of one of {args.processes} processes over "
                  f"PostgreSQL, in batches of {args.batch} "
                  f"({total['live_kills']} during live games) in "
                  f"{time.perf_counter() - t:.0f} s: {total['moves']} moves stored, "
                  f"{total['reconnects']} reconnects to the live process; nothing "
                  "acknowledged lost, nothing applied twice", flush=True)
            return
        for n in args.games:
            with tempfile.TemporaryDirectory() as d:
                one_setup("one process, SQLite", [Path(d) / "load.sqlite3"], n, args.seconds,
                          args.think)
            one_setup("one process, PostgreSQL", [fresh()], n, args.seconds, args.think)
            db = fresh()
            one_setup("two processes, PostgreSQL", [db, db], n, args.seconds, args.think)
    finally:
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    main()
