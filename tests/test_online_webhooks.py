"""Webhooks (issue 59): a local HTTP receiver on 127.0.0.1, allowed by --webhook-allow, gets one
post per change to "your move" while the seat's window is closed, none for a spectator; without
the allowance loopback, private and link-local addresses are refused when given; a receiver
that answers 500 gets its retries and slows no move.  Over each store (tests/online_fixtures.py)
where the store takes part: the webhook addresses and the clock's claim to its post are
stored."""

from __future__ import annotations

import asyncio
import time

import pytest

from squabble.online import webhooks
from squabble.online.client import Client, ClientError
from tests.online_helpers import correspondence_game, run


async def _until(pred, timeout=8.0):
    t0 = time.monotonic()
    while not pred():
        assert time.monotonic() - t0 < timeout, "not within the time"
        await asyncio.sleep(0.05)


async def _game_with_hook(url, hook_url):
    """A correspondence game; the USA (the second to decide) gives its webhook and closes its
    window."""
    a = await Client(url).connect()
    created = await a.create("squabble", {}, side="USSR", pace="correspondence")
    b = await Client(url).connect()
    joined = await b.join(created["code"])
    await b.until_version(0)
    await b.webhook(hook_url)
    w = await Client(url).connect()
    await w.watch(created["code"])
    with pytest.raises(ClientError):        # a spectator gives no webhook
        await w.webhook(hook_url)
    await b.close()
    return a, w, created, joined


ALLOW = ["--webhook-allow", "127.0.0.1"]


def test_one_post_per_change_to_your_move_and_none_for_a_spectator(serve, receiver):
    rx, server = receiver, serve(ALLOW)

    async def go():
        a, w, created, _ = await _game_with_hook(server.url, rx.url)
        changes = 0
        for _ in range(60):                 # the USSR decides until the decision is the USA's
            await asyncio.sleep(0.05)
            if a.last["decision"] is None or a.last["decision"]["player"] != "USSR":
                break
            v = a.last["version"]
            await a.move(0)
            await a.until_version(v + 1)
            if a.last["decision"] and a.last["decision"]["player"] == "USA":
                changes += 1
        assert changes == 1
        await _until(lambda: len(rx.posts) == 1)
        await asyncio.sleep(1.0)
        assert len(rx.posts) == 1
        text = rx.posts[0]["content"]
        assert text == rx.posts[0]["text"]
        assert text.startswith(f"Your move in Twilight Squabble {created['code']} against ")
        for c in (a, w):
            await c.close()
    run(go())


@pytest.mark.parametrize("url", ["http://127.0.0.1:9/x", "https://10.1.2.3/x",
                                 "https://192.168.0.7/x", "http://169.254.169.254/latest",
                                 "http://[::1]:8000/x", "https://224.0.0.1/x",
                                 "ftp://example.org/x", "https://localhost/x"])
def test_private_addresses_are_refused_when_given(url):
    with pytest.raises(ValueError):
        webhooks.check_url(url, webhooks.Policy())
    assert webhooks.check_url(url.replace("ftp", "http"),
                              webhooks.Policy(allowed_hosts=frozenset(
                                  {webhooks.urllib.parse.urlsplit(url).hostname}))) \
        if not url.startswith("ftp") else True


def test_refused_through_the_server_and_none_sent_without_the_allowance(serve_lite, receiver):
    """(Over SQLite alone: the address is refused before anything is stored.)"""
    rx, server = receiver, serve_lite()
    off = serve_lite(["--no-webhooks"], db=serve_lite.db + "-off")

    async def go():
        a = await Client(server.url).connect()
        await a.create("squabble", {}, side="USA", pace="correspondence")
        for url in (rx.url, "http://10.0.0.1/x", "http://192.168.1.1/x",
                    "http://169.254.1.1/x", "http://[::1]/x"):
            with pytest.raises(ClientError) as e:
                await a.webhook(url)
            assert "private" in str(e.value)
        c = await Client(off.url).connect()
        await c.create("squabble", {}, side="USA", pace="correspondence")
        with pytest.raises(ClientError) as e:
            await c.webhook("https://example.org/hook")
        assert "turned off" in str(e.value)
        await a.close(), await c.close()
    run(go())
    assert rx.tries == 0


def test_a_failing_receiver_gets_its_retries_and_slows_no_move(serve_lite, receiver):
    """(Over SQLite alone: the posts and their retries are the process's own.)"""
    rx, server = receiver, serve_lite(ALLOW)
    rx.fail, rx.hang = 2, 0.5

    async def go():
        a, w, _, _ = await _game_with_hook(server.url, rx.url)
        worst = 0.0
        for _ in range(60):
            if a.last["decision"] is None or a.last["decision"]["player"] != "USSR":
                break
            v = a.last["version"]
            t0 = time.monotonic()
            await a.move(0)
            await a.until_version(v + 1)
            worst = max(worst, time.monotonic() - t0)
        assert worst < 0.4                  # the receiver's half-second hang is not the move's
        await _until(lambda: len(rx.posts) == 1, 10)
        assert rx.tries == 3
        for c in (a, w):
            await c.close()
    run(go())


def test_a_clocks_last_12_hours_are_told_once(serve, receiver, fake_clock):
    """A correspondence clock (1 day) of a side away with a webhook: one post when its last 12
    hours begin (the fake clock), none again that turn."""
    rx, fake = receiver, fake_clock
    server = serve(ALLOW, prelude=fake.prelude)

    async def go():
        a, b, _ = await correspondence_game(server.url, server.url)
        await b.webhook(rx.url)
        await b.close()
        await asyncio.sleep(0.5)
        fake.advance(11 * 3600)                    # 13 hours left: nothing yet
        await asyncio.sleep(1.0)
        assert rx.posts == []
        fake.advance(2 * 3600)                     # 11 hours left
        await _until(lambda: len(rx.posts) == 1)
        assert "the clock shows 11:00:00" in rx.posts[0]["content"]
        fake.advance(3600)
        await asyncio.sleep(1.0)
        assert len(rx.posts) == 1
        await a.close()
    run(go())
