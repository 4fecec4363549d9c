"""Clients that never read against a real server (issue 56): the server's memory and how soon
a new connection is answered.

    python bench/online_swamp.py [--seconds 60] [--connections 30] [--lines 2000] [-- SERVER ARGS]

A database holds one Twilight Struggle game whose log has ``--lines`` lines (a long game).
``--connections`` connections from 127.0.0.1 resume it over and over at the rate a connection
may send (20 a second) and read nothing; they reconnect when the server drops them.  Meanwhile,
twice a second, a new connection from 127.0.0.2 says hello and resumes the game: the time to
its welcome and to its update are measured.  Printed: the server's resident memory (peak and
at the end), the waits' percentiles, the resumes sent and the connections the server dropped.
Arguments after ``--`` go to ``squabble serve`` (say ``-- --messages-per-second 1000000`` to
measure the outboxes' bound alone)."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.online_helpers import (ServerProcess, percentile_ms, raw_socket,  # noqa: E402
                                  rss_peak_mb, split_server_args)
from tests.test_online_store_guard import long_log_db  # noqa: E402


async def main(args, server_args):
    tmp = Path(tempfile.mkdtemp(prefix="swamp-"))
    game_id, cred = long_log_db(tmp / "swamp.sqlite3", args.lines)
    s = ServerProcess(tmp / "swamp.sqlite3", args=server_args)
    resume = json.dumps({"type": "resume", "game_id": game_id, "credential": cred, "seen": 0})
    sent, dropped, welcome_waits, update_waits, rss = [0], [0], [], [], []
    end = time.monotonic() + args.seconds

    async def swamper():
        while time.monotonic() < end:
            try:
                ws = await raw_socket(s.url)
                await ws.send(json.dumps({"type": "hello", "version": 1}))
                while time.monotonic() < end:
                    await ws.send(resume)
                    sent[0] += 1
                    await asyncio.sleep(0.05)
                ws.transport.abort()
            except Exception:   # noqa: BLE001 - dropped by the server: come back
                dropped[0] += 1
                await asyncio.sleep(0.2)

    async def newcomer():
        while time.monotonic() < end:
            t = time.perf_counter()
            try:
                ws = await raw_socket(s.url, "127.0.0.2")
                await ws.send(json.dumps({"type": "hello", "version": 1}))
                await asyncio.wait_for(ws.recv(), 30)
                welcome_waits.append(time.perf_counter() - t)
                await ws.send(resume)
                await asyncio.wait_for(ws.recv(), 30)
                await asyncio.wait_for(ws.recv(), 30)
                update_waits.append(time.perf_counter() - t)
                await ws.close()
            except Exception:   # noqa: BLE001 - no answer in 30 s
                welcome_waits.append(30.0)
            await asyncio.sleep(0.5)

    async def sampler():
        while time.monotonic() < end:
            rss.append(rss_peak_mb(s.proc.pid, "VmRSS"))
            await asyncio.sleep(1)

    try:
        await asyncio.gather(*(swamper() for _ in range(args.connections)), newcomer(),
                             sampler())
        peak = rss_peak_mb(s.proc.pid)
        last = rss_peak_mb(s.proc.pid, "VmRSS")
    finally:
        s.stop()
    print(f"{args.connections} connections resuming a game of {args.lines} log lines for "
          f"{args.seconds} s, reading nothing (server args: {' '.join(server_args) or '-'}; "
          f"load average before: {os.getloadavg()[0]:.1f})")
    print(f"server memory: peak {peak:.0f} MB, at the end {last:.0f} MB, largest sample "
          f"{max(rss):.0f} MB")
    print(f"a new connection's welcome: p50 {percentile_ms(welcome_waits, .5):.0f} ms, p99 "
          f"{percentile_ms(welcome_waits, .99):.0f} ms, max {max(welcome_waits) * 1000:.0f} ms "
          f"({len(welcome_waits)} tries); its resumed update: p50 "
          f"{percentile_ms(update_waits, .5):.0f} ms, p99 {percentile_ms(update_waits, .99):.0f} "
          "ms")
    print(f"resumes sent: {sent[0]}; connections dropped or refused: {dropped[0]}")


if __name__ == "__main__":
    argv, server_args = split_server_args(sys.argv[1:])
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--connections", type=int, default=30)
    p.add_argument("--lines", type=int, default=2000)
    asyncio.run(main(p.parse_args(argv), server_args))
