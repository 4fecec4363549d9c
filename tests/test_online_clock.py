"""Clocks (issue 59) through real server processes on 127.0.0.1, time from a fake clock: a live
game lost on time within a second of its flag falling, a correspondence clock kept over kill -9s,
two simulated weeks of a correspondence game, and undo giving no time back; over each store
(tests/online_fixtures.py)."""

from __future__ import annotations

import asyncio
import time

import pytest

from squabble.online import clock as K
from squabble.online.client import Client
from tests.online_helpers import run


async def _seated(url, spec, pace="live", game="squabble"):
    a = await Client(url).connect()
    b = await Client(url).connect()
    created = await a.create(game, {}, side="USA", pace=pace, clock=spec)
    await b.join(created["code"])
    await a.until_version(0)
    await asyncio.sleep(0.1)
    return a, b, created


async def _until(pred, timeout=5.0):
    t0 = time.monotonic()
    while not pred():
        assert time.monotonic() - t0 < timeout, "not within the time"
        await asyncio.sleep(0.02)
    return time.monotonic() - t0


def test_clock_specs_are_checked():
    assert K.check_spec(None) is None and K.check_spec({"kind": "none"}) is None
    assert K.check_spec({"kind": "live", "minutes": 60, "increment": 10})["start"] == 3600
    c = K.check_spec({"kind": "correspondence", "preset": "3d"})
    assert (c["start"], c["increment"], c["cap"]) == (3 * 86400, 12 * 3600, 5 * 86400)
    for bad in ({"kind": "live", "minutes": 7}, {"kind": "x"}, "fast",
                {"kind": "correspondence", "preset": "9d"}):
        with pytest.raises(ValueError):
            K.check_spec(bad)


def test_a_live_game_is_lost_on_time_within_a_second_of_the_flag(serve, fake_clock):
    fake = fake_clock
    server = serve(prelude=fake.prelude)

    async def go():
        a, b, created = await _seated(server.url, {"kind": "live", "minutes": 30})
        c = a.last["clock"]
        assert c["kind"] == "live" and c["left"] == {"USA": 1800.0, "USSR": 1800.0}
        mover = a if a.my_turn() else b
        side = mover.seat
        assert c["running"] == side
        fake.advance(1799)
        await mover.move(0)              # a move within the time: the other clock runs
        await mover.until_version(1)
        c = mover.last["clock"]
        other = b if mover is a else a
        assert c["left"][side] == pytest.approx(1.0)
        running = c["running"]
        loser = mover if running == mover.seat else other
        fake.advance(1800.5)             # the flag falls
        took = await _until(lambda: a.last.get("winner") is not None
                            and b.last.get("winner") is not None, 3)
        assert took < 1.0
        assert a.last["winner"] == b.last["winner"] != running
        assert f"{running} lost on time." in a.log and f"{running} lost on time." in b.log
        assert a.last["decision"] is None and a.last["clock"]["flagged"] == running
        n = len(loser.errors)
        await loser.move(0)              # no move after the flag
        await _until(lambda: len(loser.errors) > n)
        assert "lost on time" in loser.errors[-1]
        for x in (a, b):
            await x.close()
    run(go())


def test_a_correspondence_clock_survives_twenty_kill_9s(serve, fake_clock):
    """(Over PostgreSQL 5 of them: a start there costs more, and the clock's row is stored
    the same way each time.)"""
    fake = fake_clock
    kills = 5 if serve.db.startswith("postgresql://") else 20
    server = serve(prelude=fake.prelude)
    port = server.port
    got = {}

    async def first():
        a, b, created = await _seated(server.url, {"kind": "correspondence", "preset": "3d"},
                                      "correspondence")
        got.update(game=created["game_id"], cred=a.credential, running=a.last["clock"]["running"])
        for x in (a, b):
            await x.close()
    run(first())
    spent = 0.0
    for k in range(kills):
        server.kill9()
        fake.advance(3 * 3600)           # three hours pass while the server is down or up
        spent += 3 * 3600
        server = serve(port=port, prelude=fake.prelude)

        async def look():
            a = await Client(server.url).connect()
            await a.resume(got["game"], got["cred"])
            c = a.last["clock"]
            await a.close()
            return c
        c = run(look())
        assert c["running"] == got["running"]
        assert c["left"][got["running"]] == pytest.approx(3 * 86400 - spent, abs=1.0)


def test_two_simulated_weeks_of_a_correspondence_game(serve, fake_clock):
    """1 day / +4 h / cap 3 days: moves every few hours for two weeks keep both clocks up to the
    cap; then a side that does not move for three days loses on time."""
    fake = fake_clock
    server = serve(prelude=fake.prelude)

    async def go():
        a, b, _ = await _seated(server.url, {"kind": "correspondence", "preset": "1d"},
                                "correspondence")
        start = fake.t
        version, last = 0, None
        while fake.t - start < 14 * 86400 and a.last.get("winner") is None:
            me = a if a.my_turn() else b
            # a turn's first decision after five hours, the rest of it within a minute
            fake.advance(5 * 3600 if me is not last else 60)
            last = me
            await me.move(0)
            version += 1
            await a.until_version(version)
            await b.until_version(version)
            c = a.last["clock"]
            assert 0 < min(c["left"].values()) and max(c["left"].values()) <= 3 * 86400
        if a.last.get("winner") is None:
            running = a.last["clock"]["running"]
            fake.advance(3 * 86400 + 1)
            await _until(lambda: a.last.get("winner") is not None, 3)
            assert a.last["clock"]["flagged"] == running
        assert fake.t - start >= 7 * 86400 or a.last["winner"] is not None
        for x in (a, b):
            await x.close()
    run(go(), timeout=300)


def test_undo_gives_no_time_back(serve, fake_clock):
    fake = fake_clock
    server = serve(prelude=fake.prelude)

    async def go():
        a, b, _ = await _seated(server.url, {"kind": "live", "minutes": 60})
        me = a if a.my_turn() else b
        side = me.seat
        fake.advance(600)
        await me.move(0)
        await me.until_version(1)
        if me.last.get("can_undo"):
            fake.advance(60)
            await me.undo()
            await me.until_version(2)
            assert me.last["clock"]["left"][side] <= 3600 - 600
        for x in (a, b):
            await x.close()
    run(go())
