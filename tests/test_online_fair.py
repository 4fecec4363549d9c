"""A deal nobody could choose and anyone can check (issue 60): the server commits to each
game's deal before a card is seen, reveals it when the game ends, mixes both players' values
into the seed, and gives a finished game as a record that replays and checks, through real
server processes on 127.0.0.1."""

from __future__ import annotations

import copy
import hashlib
import json

import pytest

from squabble import records
from squabble.cli import main
from squabble.games import registry
from squabble.online import fair, wire
from squabble.online.client import Client, ClientError
from tests.online_helpers import ServerProcess, played_and_watched, run, stored

#: finished games of each game (modest, for speed; each is a whole game between two bots)
GAMES = {"squabble": 8, "struggle": 2}


@pytest.fixture
def server(tmp_path):
    s = ServerProcess(tmp_path / "games.sqlite3")
    yield s
    s.stop()


async def finished_game(url, game, seed, mine=None, theirs=None):
    """A whole game between two random bots and a spectator; (game id, every message each
    received, the record each fetched)."""
    a = await Client(url, record=True).connect()
    b = await Client(url, record=True).connect()
    created = await (a.create(game, {}) if mine is None else
                     a._ask(wire.create(game, {}, contribution=mine)))
    await b.join(created["code"], contribution=theirs)
    _, w = await played_and_watched(url, a, b, created["code"], seed)
    recs = [await c.fetch_record(created["game_id"]) for c in (a, b, w)]
    out = (created["game_id"], [c.received for c in (a, b, w)], recs)
    for c in (a, b, w):
        await c.close()
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_reveal_matches_the_commitment_and_the_record_verifies(server, game, tmp_path,
                                                                   capsys):
    async def go():
        return [await finished_game(server.url, game, 40 + k) for k in range(GAMES[game])]
    results = run(go(), 600)
    seeds = set()
    for gid, received, recs in results:
        row = stored(server.db, gid)
        updates = [m for got in received for m in got if m.get("type") == "update"]
        first = updates[0]["deal_commitment"]
        assert len(first) == 64 and all(m["deal_commitment"] == first for m in updates)
        for m in updates:   # the reveal only in the finished game's updates
            assert ("deal_reveal" in m) == (m["winner"] is not None)
            assert row["deal"]["reveal"] not in json.dumps(m) or m["winner"] is not None
        reveal = updates[-1]["deal_reveal"]
        assert hashlib.sha256(reveal.encode()).hexdigest() == first
        assert fair.seed_of(reveal, *row["deal"]["contributions"]) == row["seed"]
        assert all(row["deal"]["contributions"])      # both bots sent a value of their own
        for rec in recs:    # to either seat and to a spectator: the same record, verified
            assert rec == {**recs[0], "ended": rec["ended"]}
            checked = records.verify(rec)
            assert checked.ok and checked.message == "verified"
            assert checked.deal == "Deal verified"
            assert records.digest(checked.final) == records.digest(row["state"])
        seeds.add(row["seed"])
        path = tmp_path / f"{gid}.json"
        path.write_text(json.dumps(recs[2]))
        assert main(["replay", str(path)]) == 0
        out = capsys.readouterr().out
        assert out.startswith("verified:") and "Deal verified" in out
    assert len(seeds) == len(results)


def test_a_chosen_contribution_cannot_choose_the_deal(server):
    """Two games whose players both send the same chosen values get different seeds and deals:
    the seed still depends on the server's committed secret; and with the secret fixed, the
    friend's value alone changes the seed."""
    chosen = "00" * 16

    async def go():
        out = []
        for _ in range(2):
            a = await Client(server.url).connect()
            b = await Client(server.url).connect()
            created = await a._ask(wire.create("squabble", {}, contribution=chosen))
            await b.join(created["code"], contribution=chosen)
            out.append(created["game_id"])
            await a.close(), await b.close()
        return out
    rows = [stored(server.db, g) for g in run(go())]
    assert rows[0]["deal"]["contributions"] == [chosen, chosen] == \
        rows[1]["deal"]["contributions"]
    assert rows[0]["seed"] != rows[1]["seed"]
    deals = [records.digest(registry.get("squabble").new(r["seed"], {})) for r in rows]
    assert deals[0] != deals[1] and records.digest(rows[0]["state"]) == deals[0]
    # the friend's value (unknown to the server when it committed) moves the seed too
    reveal = rows[0]["deal"]["reveal"]
    assert fair.seed_of(reveal, chosen, chosen) == rows[0]["seed"]
    assert fair.seed_of(reveal, chosen, "01" * 16) != rows[0]["seed"]


def test_a_bad_contribution_or_an_early_record_gets_a_sentence(server):
    async def go():
        a = await Client(server.url).connect()
        with pytest.raises(ClientError, match="contribution"):
            await a._ask(wire.create("squabble", {}, contribution="not hex!"))
        created = await a.create("squabble", {})
        with pytest.raises(ClientError, match="not over yet"):
            await a.fetch_record(created["game_id"])
        c = await Client(server.url).connect()
        with pytest.raises(ClientError, match="Open the game first"):
            await c.fetch_record(created["game_id"])
        await a.close(), await c.close()
    run(go())


def _record_of_a_game(server):
    return run(finished_game(server.url, "squabble", 3), 120)[2][0]


def test_a_tampered_record_fails_the_check(server):
    rec = _record_of_a_game(server)
    assert records.verify(rec).ok

    # one decision changed: caught where the replay parts ways with the record (the server's
    # record names each move's index and side, not the option: at that decision or after)
    moved = copy.deepcopy(rec)
    n = next(k for k, m in enumerate(moved["moves"]) if m["index"] > 0)
    moved["moves"][n]["index"] -= 1
    got = records.verify(moved)
    assert not got.ok and (got.failed_at is None or got.failed_at >= n + 1)
    assert got.deal == "Deal verified"   # (the deal itself is still the committed one)

    reveal = copy.deepcopy(rec)
    reveal["deal"]["reveal"] = fair.new_reveal()
    got = records.verify(reveal)
    assert not got.ok and "does not match its commitment" in got.message

    seeded = copy.deepcopy(rec)   # another seed: the deal was not the committed one
    seeded["seed"] ^= 1
    got = records.verify(seeded)
    assert not got.ok and got.deal.startswith("The record's seed is not the one")

    # Finished games says the same of a kept record (its deal's hash: no replay for a list)
    assert records.summary(None, rec).deal == "Deal verified"
    assert records.summary(None, seeded).deal.startswith("The record's seed is not the one")

    valued = copy.deepcopy(rec)
    valued["deal"]["contributions"][1] = "ff"
    assert records.verify(valued).deal.startswith("The record's seed is not the one")

    del valued["deal"]   # a record no server dealt: nothing to say of a deal
    assert records.verify(valued).deal == ""


#: games of each game whose reveal is checked against their first commitment (no moves: each
#: ends as cheaply as a game can, its creator's clock falling on a fake clock)
REVEALED = 100
WORKERS = 10


def test_the_reveal_matches_the_first_commitment_in_a_hundred_games_of_each(tmp_path):
    """100 games of each game, created and joined, each ended by the fake clock (no move made):
    the reveal every seat and spectator then gets hashes to the commitment the creator's first
    update carried, and with the two players' values gives the stored seed."""
    import asyncio

    from tests.online_helpers import FakeClock
    fake = FakeClock(tmp_path / "clock")
    server = ServerProcess(tmp_path / "games.sqlite3", prelude=fake.prelude,
                           args=["--games-per-minute", "100000", "--games-per-hour", "100000",
                                 "--messages-per-second", "100000"])
    spec = {"kind": "live", "minutes": 30, "increment": 0}
    jobs = [g for g in ("squabble", "struggle") for _ in range(REVEALED)]

    async def make(share):
        a = await Client(server.url, record=True).connect()
        b = await Client(server.url).connect()
        made = []
        for game in share:
            created = await a.create(game, {}, side="USA", clock=spec)
            await b.join(created["code"])
            made.append((game, created))
        first = {}   # each game's first update to its creator: its first commitment
        for m in a.received:
            if m.get("type") == "update":
                first.setdefault(m["game_id"], m["deal_commitment"])
        await a.close(), await b.close()
        return [(g, c, first[c["game_id"]]) for g, c in made]

    async def reveal(share):
        w = await Client(server.url).connect()
        out = []
        for game, created, commitment in share:
            w.last = None
            await w.watch_first(created["code"])
            out.append((game, created["game_id"], commitment, w.last))
        await w.close()
        return out

    async def go():
        made = await asyncio.gather(*(make(jobs[k::WORKERS]) for k in range(WORKERS)))
        fake.advance(1801)            # every game's first clock falls
        import sqlite3
        import time
        con = sqlite3.connect(server.db)
        end = time.monotonic() + 60
        while con.execute("SELECT COUNT(*) FROM games WHERE winner IS NULL").fetchone()[0]:
            assert time.monotonic() < end, "the clocks did not end every game"
            await asyncio.sleep(0.05)
        con.close()
        got = await asyncio.gather(*(reveal(share) for share in made))
        return [x for share in got for x in share]
    try:
        seen = run(go(), 240)
    finally:
        server.stop()
    assert sorted(g for g, *_ in seen) == sorted(jobs)
    for game, gid, commitment, last in seen:
        assert last["game_id"] == gid and last["winner"] is not None
        assert last["deal_commitment"] == commitment
        assert hashlib.sha256(last["deal_reveal"].encode()).hexdigest() == commitment
        row = stored(server.db, gid)
        assert row["deal"]["reveal"] == last["deal_reveal"] and all(row["deal"]["contributions"])
        assert fair.seed_of(last["deal_reveal"], *row["deal"]["contributions"]) == row["seed"]
    assert len({last["deal_reveal"] for *_, last in seen}) == len(seen)


def test_the_rematch_is_dealt_from_both_players_values(server):
    """The first ask makes the rematch from its asker's value, the second deals it again with
    the other's (nobody has moved in it yet): the rematch's record holds both, its seed is
    theirs with the server's committed secret, and its first state is that seed's deal."""
    mine, theirs = "1a" * 16, "2b" * 16

    async def go():
        a = await Client(server.url).connect()
        b = await Client(server.url).connect()
        created = await a.create("squabble", {})
        await b.join(created["code"])
        await played_and_watched(server.url, a, b, created["code"], 11)
        first = await a._ask(wire.rematch(mine))
        row = stored(server.db, first["game_id"])
        assert row["deal"]["contributions"] == [mine, ""]
        assert row["seed"] == fair.seed_of(row["deal"]["reveal"], mine, "")
        commitment = row["deal"]["commitment"]
        await b._ask(wire.rematch(theirs))
        await b.resume(first["game_id"], b.credential)
        for c in (a, b):
            await c.close()
        return first["game_id"], commitment, b.last
    gid, commitment, last = run(go())
    row = stored(server.db, gid)
    assert row["deal"]["contributions"] == [mine, theirs]
    assert row["deal"]["commitment"] == commitment == last["deal_commitment"]
    assert row["seed"] == fair.seed_of(row["deal"]["reveal"], mine, theirs)
    assert records.digest(row["state"]) == records.digest(
        registry.get("squabble").new(row["seed"], {}))
