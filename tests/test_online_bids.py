"""Every option of ``new`` through a real server process, and secret bids for sides online
(rewrite 3.2.2; issue 52): the outcomes, the secrecy of a bid until both are in, a bid kept over
a kill -9, and the refusals."""

from __future__ import annotations


import pytest

from squabble.online.client import Client, ClientError
from tests.online_helpers import ServerProcess, run

STRUGGLE_OPTIONS = [
    {"optional_cards": True}, {"chinese_civil_war": True},
    {"handicap": {"side": "USA", "influence": 3}}, {"handicap": {"side": "USSR", "influence": 6}},
    {"designer_realignment": True}, {"space_race_optional_roll": True},
    {"reveal_held_cards": True},
    {"optional_cards": True, "chinese_civil_war": True, "designer_realignment": True,
     "space_race_optional_roll": True, "reveal_held_cards": True,
     "handicap": {"side": "USSR", "influence": 2}}]


@pytest.fixture
def server(tmp_path):
    s = ServerProcess(tmp_path / "games.sqlite3")
    yield s
    s.stop()


def test_every_option_of_new_goes_through_the_server(server):
    async def main():
        for options in STRUGGLE_OPTIONS:
            for side in ("USSR", "USA"):
                a = await Client(server.url).connect()
                b = await Client(server.url).connect()
                created = await a.create("struggle", options, side=side)
                await b.join(created["code"])
                await b.until_version(0)
                for c in (a, b):     # each seat's view holds the options the game was made with
                    got = c.last["state"]["options"]
                    for k, v in options.items():
                        assert got[k] == v, (options, k, got)
                await a.close()
                await b.close()
        for events in (True, False):
            a = await Client(server.url).connect()
            await a.create("squabble", {"events": events})
            await a.until_version(0)
            assert a.last["state"]["options"]["events"] is events
            await a.close()
    run(main())


# -- bidding -------------------------------------------------------------------------------

async def bidding_game(url, options=None, watch=False):
    a = await Client(url, record=True).connect()
    b = await Client(url, record=True).connect()
    created = await a.create("struggle", options or {}, side="bid")
    assert created["seat"] == "A"
    joined = await b.join(created["code"])
    assert joined["seat"] == "B"
    w = None
    if watch:
        w = await Client(url, record=True).connect()
        await w.watch(created["code"])
        await w.next_update()
    return a, b, w, created


async def until(client, pred, timeout=10.0):
    while client.last is None or not pred(client.last):
        await client.next_update(timeout)
    return client.last


def resolved(update) -> bool:
    return bool(update.get("bidding")) and not update["bidding"]["open"]


async def bid_both(url, bid_a, bid_b, options=None):
    a, b, _, created = await bidding_game(url, options)
    await a.bid(*bid_a)
    await b.bid(*bid_b)
    ua = await until(a, resolved)
    ub = await until(b, resolved)
    return a, b, ua, ub, created


@pytest.mark.parametrize("bid_a, bid_b, sides, handicap", [
    (("USSR", 4), ("USA", 2), ("USSR", "USA"), None),                     # (a) opposing sides
    (("USA", 0), ("USSR", 0), ("USA", "USSR"), None),
    (("USA", 2), ("USA", 5), ("USSR", "USA"), {"side": "USSR", "influence": 5}),   # (b)
    (("USSR", 6), ("USSR", 1), ("USSR", "USA"), {"side": "USA", "influence": 6}),
    (("USSR", 3), (None, 7), ("USSR", "USA"), None),                       # no side: number 0
])
def test_bids_make_the_sides_and_the_handicap(server, bid_a, bid_b, sides, handicap):
    async def main():
        a, b, ua, ub, created = await bid_both(server.url, bid_a, bid_b,
                                               {"optional_cards": True})
        assert (a.seat, b.seat) == sides and (ua["seat"], ub["seat"]) == sides
        for u in (ua, ub):
            assert u["bidding"]["sides"] == {"A": sides[0], "B": sides[1]}
            assert u["bidding"]["handicap"] == handicap
            assert u["state"]["options"]["handicap"] == handicap
            assert u["state"]["options"]["optional_cards"] is True   # the other options kept
            assert u["bidding"]["bids"]["A"]["side"] == bid_a[0]   # public once resolved
            assert any("Bids revealed" in line for line in u["log"])
        # the game starts: the USSR's set-up decision is its seat's
        ussr = a if a.seat == "USSR" else b
        assert ussr.my_turn()
        await ussr.move(0)
        await until(a, lambda u: u["version"] >= ua["version"] + 1)
        # each credential keeps working and now holds its side
        for c, side in ((a, sides[0]), (b, sides[1])):
            again = await Client(server.url).connect()
            reply = await again.resume(created["game_id"] if c is a else c.game_id, c.credential)
            assert reply["seat"] == side and again.last["state"] is not None
            await again.close()
        await a.close()
        await b.close()
    run(main())


def test_tied_bids_and_no_sides_are_decided_at_random(server):
    """(c): the same side and number, or no side at all: sides at random, and the player not
    playing its side of choice receives the other's number."""
    async def main():
        seen = set()
        for i in range(12):
            a, b, ua, ub, _ = await bid_both(server.url, ("USA", 3), ("USA", 3))
            assert {a.seat, b.seat} == {"USA", "USSR"}
            assert ua["state"]["options"]["handicap"] == {"side": "USSR", "influence": 3}
            seen.add(a.seat)
            await a.close()
            await b.close()
            if i < 3:
                a, b, ua, ub, _ = await bid_both(server.url, (None, 0), (None, 0))
                assert {a.seat, b.seat} == {"USA", "USSR"}
                assert ua["state"]["options"]["handicap"] is None
                await a.close()
                await b.close()
        assert seen == {"USA", "USSR"}    # 12 coins all alike: 1 in 2048
    run(main())


def _public(msgs) -> list:
    """The messages received, without what differs from game to game (ids, codes,
    credentials, the commitment to the deal)."""
    out = []
    for m in msgs:
        m = {k: v for k, v in m.items() if k not in ("game_id", "code", "credential",
                                                      "deal_commitment")}
        out.append(m)
    return out


async def what_the_others_see(url, first_bid):
    """The friend's and a spectator's messages from the game's creation to the moment they learn
    the first seat has bid ``first_bid`` (and a refusal the friend gets meanwhile)."""
    a, b, w, _ = await bidding_game(url, watch=True)
    await a.bid(*first_bid)
    for c in (b, w):     # the update after the bid (version 1: the bid is the first change)
        await until(c, lambda u: u["version"] >= 1)
    with pytest.raises(ClientError):
        await b.bid("China", 1)
    got = (list(b.received), list(w.received))
    for c in (a, b, w):
        await c.close()
    return got


SECRET_BIDS = [("USSR", 9), ("USA", 0), (None, 0), ("USA", 30)]


def check_secret(url):
    seen = [run(what_the_others_see(url, bid)) for bid in SECRET_BIDS]
    friend, spectator = seen[0]
    assert any(m.get("type") == "update" for m in friend)
    for f, s in seen[1:]:
        assert _public(f) == _public(friend)
        assert _public(s) == _public(spectator)


def test_a_bid_stays_secret_until_both_are_in(server):
    check_secret(server.url)
    # nor does the server write it anywhere but its database
    server.stop()
    assert "USSR" not in server.stderr_text and "bid" not in server.stderr_text.lower()


LEAK = """
from squabble.online import bids
real = bids.public
def leaky(bidding):
    out = real(bidding)
    if out and out.get("open"):
        out["bid"] = [s + str(bidding["bids"][s]) for s in out["bid"]]
    return out
bids.public = leaky
"""


def test_the_secrecy_check_catches_a_planted_leak(tmp_path):
    s = ServerProcess(tmp_path / "leak.sqlite3", prelude=LEAK)
    try:
        with pytest.raises(AssertionError):
            check_secret(s.url)
    finally:
        s.stop()


def test_a_bid_acknowledged_survives_a_kill_9(tmp_path):
    db = tmp_path / "games.sqlite3"
    servers = [ServerProcess(db)]

    async def main():
        a, b, _, created = await bidding_game(servers[0].url)
        await a.bid("USA", 7)           # acknowledged: stored
        creds = a.credential, b.credential
        for c in (a, b):
            await c.close()
        servers[0].kill9()
        servers.append(ServerProcess(db, port=servers[0].port))
        url = servers[1].url
        a2 = await Client(url).connect()
        b2 = await Client(url).connect()
        await a2.resume(created["game_id"], creds[0])
        await b2.resume(created["game_id"], creds[1])
        assert a2.last["bidding"] == {"open": True, "bid": ["A"]}
        with pytest.raises(ClientError, match="already bid"):
            await a2.bid("USSR", 1)
        await b2.bid("USA", 1)
        u = await until(a2, resolved)
        assert (a2.seat, b2.seat) == ("USA", "USSR")    # 7 beat 1: the first bid was kept
        assert u["state"]["options"]["handicap"] == {"side": "USSR", "influence": 7}
        for c in (a2, b2):
            await c.close()
    try:
        run(main())
    finally:
        for s in servers:
            s.stop()


def test_bids_refused_with_one_sentence(server):
    async def main():
        a = await Client(server.url).connect()
        # "bid" is a Struggle rule, and the bids make the handicap
        for game, options in (("squabble", {}),
                              ("struggle", {"handicap": {"side": "USA", "influence": 2}})):
            with pytest.raises(ClientError) as e:
                await a.create(game, options, side="bid")
            assert str(e.value).endswith(".") and str(e.value).count(". ") == 0
        # a game that is not bidding
        await a.create("struggle", {}, side="USSR")
        with pytest.raises(ClientError, match="not waiting for bids"):
            await a.bid("USSR", 1)
        await a.close()

        a = await Client(server.url).connect()
        created = await a.create("struggle", {}, side="bid")
        with pytest.raises(ClientError, match="not joined yet"):     # the friend first
            await a.bid("USSR", 1)
        b = await Client(server.url).connect()
        await b.join(created["code"])
        w = await Client(server.url).connect()
        await w.watch(created["code"])
        with pytest.raises(ClientError, match="Only a player"):
            await w.bid("USSR", 1)
        for bad in ({"side": "China", "number": 1}, {"side": "USA", "number": -1},
                    {"side": "USA", "number": 31}, {"side": "USA", "number": "3"},
                    {"side": "USA", "number": True}, {"side": ["USA"], "number": 1}):
            with pytest.raises(ClientError) as e:
                await a._ask({"type": "bid", **bad})
            said = str(e.value)
            assert said.startswith("A bid's") and "China" not in said and "31" not in said
        # no move before the sides are settled
        with pytest.raises(ClientError, match="both secret bids"):
            await a._ask({"type": "move", "decision": a.last["version"], "index": 0})
        await a.bid("USSR", 2)
        with pytest.raises(ClientError, match="already bid"):
            await a.bid("USA", 5)
        await b.bid("USA", 0)
        await until(a, resolved)
        assert a.seat == "USSR" and a.last["state"]["options"]["handicap"] is None
        with pytest.raises(ClientError, match="not waiting for bids"):
            await b.bid("USA", 1)
        for c in (a, b, w):
            await c.close()
    run(main())


def test_a_bid_outcome_waits_for_the_update_in_order(server):
    """Who has bid is public: each seat and a spectator get "waiting for bids" updates naming
    the bidders, then the update with the sides."""
    async def main():
        a, b, w, _ = await bidding_game(server.url, watch=True)
        assert b.last["bidding"] == {"open": True, "bid": []}
        assert b.last["state"] is None and b.last["decision"] is None
        await b.bid(None, 0)
        for c in (a, w):
            await until(c, lambda u: u["bidding"]["bid"] == ["B"])
        await a.bid("USA", 1)
        u = await until(w, resolved)
        assert u["seat"] is None and u["bidding"]["sides"] == {"A": "USA", "B": "USSR"}
        assert u["state"] is not None
        for c in (a, b, w):
            await c.close()
    run(main())
