"""Telling a player it is their move while no window of theirs is open (issue 59).

A seat may give a webhook address (``{"type":"webhook","url":…}``: a Discord or Slack incoming
webhook, or any HTTP(S) URL taking a JSON POST).  On each change to "your move" in a
correspondence game, while no window of that seat is connected, the server posts one short
text that names nothing hidden: ``{"content": text, "text": text}`` (Discord reads ``content``,
Slack ``text``).

A webhook address is a way into the server's network: an address whose host resolves to a
loopback, private, link-local, multicast, reserved or unspecified address is refused when given
and again before each post (unless the operator allowed that host: ``--webhook-allow HOST``),
and no redirect is followed.  Posts are made off the move's path, by a task of their own
reading a bounded queue (a full queue drops the post, never the move), each on a thread with a
short timeout, retried ``TRIES`` times with growing waits."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field

TRIES = 3
FIRST_WAIT = 0.5       # seconds before the first retry, doubled each time
TIMEOUT = 5.0          # seconds a post may take
QUEUE = 1000           # posts waiting at most
MAX_URL = 500

SCHEMA = """
CREATE TABLE IF NOT EXISTS webhooks (
    game_id TEXT NOT NULL, side TEXT NOT NULL, url TEXT NOT NULL, PRIMARY KEY (game_id, side));
"""


@dataclass(frozen=True)
class Policy:
    enabled: bool = True
    allowed_hosts: frozenset = field(default_factory=frozenset)


def _blocked(ip: str) -> bool:
    a = ipaddress.ip_address(ip.split("%", 1)[0])
    if isinstance(a, ipaddress.IPv6Address) and a.ipv4_mapped is not None:
        a = a.ipv4_mapped
    return (a.is_loopback or a.is_private or a.is_link_local or a.is_multicast or
            a.is_reserved or a.is_unspecified)


def check_url(url, policy: Policy, resolve=socket.getaddrinfo) -> str:
    """``url`` if the server may post to it; ValueError with one sentence otherwise."""
    if not policy.enabled:
        raise ValueError("Webhooks are turned off on this server: none was kept.")
    if not isinstance(url, str) or len(url) > MAX_URL:
        raise ValueError(f"'url' must be a web address of at most {MAX_URL} characters.")
    try:
        parts = urllib.parse.urlsplit(url)
        host, port = parts.hostname, parts.port
    except ValueError:
        raise ValueError("That webhook address cannot be read: none was kept.") from None
    if parts.scheme not in ("https", "http") or not host:
        raise ValueError("A webhook address starts https:// (or http://) and names a host: "
                         "none was kept.")
    if host.lower() in policy.allowed_hosts:
        return url
    try:
        infos = resolve(host, port or (443 if parts.scheme == "https" else 80),
                        proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        raise ValueError("The webhook's host cannot be found: none was kept.") from None
    if not infos or any(_blocked(info[4][0]) for info in infos):
        raise ValueError("That webhook address leads into a private, loopback, link-local or "
                         "multicast network: the server posts to none of those; none was "
                         "kept.")
    return url


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kw):
        return None          # a redirect is an answer like any other: not followed


_OPENER = urllib.request.build_opener(_NoRedirect)


def post_once(url: str, text: str) -> bool:
    """One POST; True on a 2xx answer."""
    body = json.dumps({"content": text, "text": text}).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json",
                                          "User-Agent": "squabble-serve"})
    try:
        with _OPENER.open(req, timeout=TIMEOUT) as resp:
            return 200 <= resp.status < 300
    except (urllib.error.URLError, OSError, ValueError):
        return False


class Poster:
    """The posts waiting, and the task that sends them (one at a time, retried)."""

    def __init__(self, policy: Policy):
        self.policy = policy
        self.queue: asyncio.Queue = asyncio.Queue(QUEUE)
        self.sent = 0
        self.failed = 0

    def post(self, url: str, text: str) -> None:
        if self.policy.enabled:
            try:
                self.queue.put_nowait((url, text))
            except asyncio.QueueFull:
                self.failed += 1

    async def run(self):
        while True:
            url, text = await self.queue.get()
            asyncio.ensure_future(self._deliver(url, text))

    async def _deliver(self, url: str, text: str):
        wait = FIRST_WAIT
        for attempt in range(TRIES):
            try:   # checked again before each post (a name may resolve elsewhere now)
                await asyncio.to_thread(check_url, url, self.policy)
            except ValueError:
                self.failed += 1
                return
            if await asyncio.to_thread(post_once, url, text):
                self.sent += 1
                return
            if attempt + 1 < TRIES:
                await asyncio.sleep(wait)
                wait *= 2
        self.failed += 1


def set_stmts(game_id: str, side: str, url: str | None) -> list:
    if url is None:
        return [("DELETE FROM webhooks WHERE game_id=? AND side=?", (game_id, side))]
    return [("INSERT OR REPLACE INTO webhooks (game_id, side, url) VALUES (?,?,?)",
             (game_id, side, url))]


def url_of(store, game_id: str, side: str) -> str | None:
    row = store._read("SELECT url FROM webhooks WHERE game_id=? AND side=?", (game_id, side))
    return row[0] if row else None


def delete_stmts(ids: list) -> list:
    marks = ",".join("?" * len(ids))
    return [(f"DELETE FROM webhooks WHERE game_id IN ({marks})", list(ids))]


def your_move_text(game_label: str, code: str, against: str, clock_left: str | None) -> str:
    text = f"Your move in {game_label} {code} against {against}"
    return text + (f": the clock shows {clock_left}" if clock_left else ".")
