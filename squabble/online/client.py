"""The asyncio client of the game server (issue 52): what tests, bots and the window use.

``Client`` keeps one connection open.  If it drops, the client connects again by itself (waits
growing from ``backoff[0]`` to ``backoff[1]`` seconds, with jitter), says hello and resumes its
game from the last version it saw; the server sends the log lines since.  A move that was sent
but not acknowledged before the drop is not sent again: the update after the resume says whether
it was applied (the decision number moved on) or not (the same decision is pending), and the
player decides again from that.  A message given to ``send`` while the line is down (or while it
is coming back, before the resume is on its way) waits for the resume and goes after it: sent on
a connection not yet resumed it would be refused as belonging to no game.  Nothing here draws or knows a game's rules; ``computer`` hands
each decision of a bot's seat to the computer player (squabble.ai), from the seat's view."""

from __future__ import annotations

import asyncio
import random
import time

import websockets
from websockets.asyncio.client import connect

from squabble.online import fair, presence, wire


class ClientError(Exception):
    """The server refused a request: its sentence."""


def addresses(url) -> list:
    """The server addresses of ``url``: one, several separated by commas, or a list."""
    items = url if isinstance(url, (list, tuple)) else str(url).split(",")
    return [u.strip() for u in items if u and u.strip()] or [str(url)]


class Client:
    """``url``: the server's address, or several (a list, or separated by commas: server
    processes over one PostgreSQL database, docs/online.md): a dropped connection is made
    again to the next one that answers, which resumes the game from the last version seen."""

    def __init__(self, url, *, ssl=None, backoff=(0.05, 2.0), open_timeout=5.0,
                 record: bool = False,
                 ping=(presence.PING_INTERVAL, presence.PING_TIMEOUT)):
        self.urls = addresses(url)
        self.url = self.urls[0]
        self.ping = ping     # (seconds between pings, seconds a ping may wait for its pong)
        self.ssl = ssl
        self.backoff = backoff
        self.open_timeout = open_timeout
        self.ws = None
        self.game_id: str | None = None
        self.seat: str | None = None
        self.credential: str | None = None
        self.code: str | None = None
        self.spectating = False
        self.last: dict | None = None        # the newest update
        self.log: list = []                  # every log line received, in order
        self.errors: list = []               # the sentences of refusals
        self.record = record
        self.received: list = []             # with ``record``: every message received
        self.reconnects = 0
        self.acks: list = []                 # the decision numbers acknowledged
        self.chat: dict = {}                 # the game's chat lines received, by number
        self._updates: asyncio.Queue = asyncio.Queue()
        self._replies: asyncio.Queue = asyncio.Queue()
        self._reader: asyncio.Task | None = None
        self._closed = False
        self._ready = asyncio.Event()        # set while the line is open and resumed

    # -- connection --------------------------------------------------------------------
    async def connect(self):
        for k, url in enumerate(self.urls):   # the first address that answers
            self.url = url
            try:
                await self._open()
                break
            except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
                if k == len(self.urls) - 1:
                    raise
        self._ready.set()
        self._reader = asyncio.create_task(self._read_forever())
        return self

    async def _open(self):
        try:
            self.ws = await connect(self.url, ssl=self.ssl, open_timeout=self.open_timeout,
                                    max_size=4 * 1024 * 1024,
                                    ping_interval=self.ping[0], ping_timeout=self.ping[1],
                                    compression=None)
        except websockets.InvalidStatus as e:   # refused before opening: its sentence
            if e.response.status_code != 429:
                raise
            raise ClientError(e.response.body.decode("utf-8", "replace").strip()[:300]) \
                from None
        await self.ws.send(wire.encode(wire.hello()))
        welcome = wire.read(await self.ws.recv()) or {}
        if welcome.get("type") != "welcome":
            raise ClientError(welcome.get("error", "The server did not welcome us."))

    async def close(self):
        self._closed = True
        self._ready.set()         # (a send waiting for the line fails on the closed one)
        if self._reader is not None:
            self._reader.cancel()
        if self.ws is not None:
            await self.ws.close()

    async def _read_forever(self):
        while not self._closed:
            try:
                async for raw in self.ws:
                    msg = wire.read(raw)   # (None: not a message of this protocol)
                    if msg is not None:
                        self._take(msg)
            except websockets.ConnectionClosed:
                pass
            except asyncio.CancelledError:
                return
            if self._closed:
                return
            self._ready.clear()
            await self._reconnect()

    async def _reconnect(self):
        wait = self.backoff[0]
        while not self._closed:
            await asyncio.sleep(wait * (0.5 + random.random()))
            if len(self.urls) > 1:   # the next address (the one that dropped may be gone)
                self.url = self.urls[(self.urls.index(self.url) + 1) % len(self.urls)]
            try:
                await self._open()
                if self.game_id is not None and self.credential is not None:
                    await self.ws.send(wire.encode(wire.resume(
                        self.game_id, self.credential,
                        self.last["version"] if self.last else 0)))
                elif self.code is not None and self.spectating:
                    await self.ws.send(wire.encode(wire.watch(self.code)))
                self.reconnects += 1
                self._ready.set()
                return
            except (OSError, websockets.WebSocketException, asyncio.TimeoutError,
                    ClientError, ValueError):
                wait = min(self.backoff[1], wait * 2)

    def _take(self, msg: dict):
        if self.record:
            self.received.append(msg)
        kind = msg.get("type")
        if kind == "update":
            if self.last is not None and msg.get("game_id") == self.last.get("game_id") \
                    and msg["version"] < self.last["version"]:
                return
            self.last = msg
            if msg.get("seat") and not self.spectating and msg.get("game_id") == self.game_id:
                self.seat = msg["seat"]    # a game whose sides were bid for: the side won
            self.log.extend(msg.get("log", []))
            self._updates.put_nowait(msg)
        elif kind == "error":
            self.errors.append(msg["error"])
            self._replies.put_nowait(msg)
        elif kind == "ack":
            self.acks.append(msg["decision"])
        elif kind in ("chat", "chat_log"):
            for line in (msg.get("lines") or []) if kind == "chat_log" else [msg]:
                if isinstance(line, dict) and isinstance(line.get("n"), int):
                    self.chat[line["n"]] = line
        elif kind in ("created", "joined", "resumed", "rematch", "pong", "bid_sealed",
                      "webhook_kept", "record", "ratings"):
            if kind in ("created", "joined"):
                self.game_id, self.seat = msg["game_id"], msg["seat"]
                self.credential = msg["credential"]
                self.code = msg.get("code", self.code)
            self._replies.put_nowait(msg)

    async def _ask(self, msg: dict, timeout: float = 10.0) -> dict:
        while not self._replies.empty():     # refusals of earlier moves are in ``errors``
            self._replies.get_nowait()
        await self._paced()
        await self.ws.send(wire.encode(msg))
        reply = await asyncio.wait_for(self._replies.get(), timeout)
        if reply.get("type") == "error":
            raise ClientError(reply["error"])
        return reply

    # -- the lobby -----------------------------------------------------------------------
    async def create(self, game: str, options: dict | None = None, side: str = "random",
                     pace: str = "live", clock: dict | None = None,
                     name: str | None = None, *, rated: bool = False,
                     key: str | None = None) -> dict:
        """``rated`` with ``key`` (this player's key, ``player_key``): a rated game."""
        return await self._ask(wire.create(game, options, side, pace,
                                           fair.new_contribution(), clock, name, rated, key))

    async def join(self, code: str, name: str | None = None, *,
                   contribution: str | None = None, key: str | None = None) -> dict:
        """Join with the friend's code; ``contribution``: the value mixed into the deal (a
        fresh random one unless given); ``key``: this player's key (a rated game needs one)."""
        self.code = code
        return await self._ask(wire.join(code, contribution or fair.new_contribution(), name,
                                         key))

    async def ratings(self) -> dict:
        """The server's ratings table: {game: [{"name", "rating", "games", "wins"}]}."""
        return (await self._ask(wire.ratings_ask()))["games"]

    async def fetch_record(self, game_id: str | None = None) -> dict:
        """The finished game as a game record (squabble/records.py), its deal revealed."""
        return (await self._ask(wire.record(game_id or self.game_id)))["record"]

    async def resume(self, game_id: str, credential: str, seen: int = 0) -> dict:
        self.game_id, self.credential = game_id, credential
        reply = await self._ask(wire.resume(game_id, credential, seen))
        self.seat = reply["seat"]
        while self.last is None or self.last.get("game_id") != game_id:
            await self.next_update()
        return reply

    async def watch(self, code: str):
        self.code, self.spectating = code, True
        await self.ws.send(wire.encode(wire.watch(code)))

    async def join_or_watch(self, code: str, name: str | None = None,
                            key: str | None = None) -> dict:
        """Join the game of ``code`` (``key``: this player's, for a rated game); one with both
        its players (a seat of another) is watched instead (the reply is then "watching",
        ``full`` True)."""
        try:
            return await self.join(code, name=name, key=key)
        except ClientError as e:
            if "both its players" not in str(e):
                raise
        return dict(await self.watch_first(code), full=True)

    async def watch_first(self, code: str, timeout: float = 10.0) -> dict:
        """Watch the game of ``code`` and wait for its first update (or the refusal): the
        reply is ``{"type": "watching", "game_id", "seat": None}``."""
        while not self._replies.empty():
            self._replies.get_nowait()
        await self.watch(code)
        upd = asyncio.ensure_future(self._updates.get())
        rep = asyncio.ensure_future(self._replies.get())
        done, pending = await asyncio.wait({upd, rep}, timeout=timeout,
                                           return_when=asyncio.FIRST_COMPLETED)
        for p in pending:
            p.cancel()
        if rep in done and rep.result().get("type") == "error":
            self.spectating = False
            raise ClientError(rep.result()["error"])
        if upd in done:
            self.game_id = upd.result()["game_id"]
            return {"type": "watching", "game_id": self.game_id, "seat": None}
        raise ClientError("The server sent no game: try again.")

    async def ask_rematch(self) -> dict:
        """Ask for the rematch of the finished game (sides swapped) and stay on that game: its
        next update says who asked (``rematch_asked``), so the client sees when its friend
        accepts.  The reply names the new game and this player's side in it."""
        return await self._ask(wire.rematch(fair.new_contribution()))

    async def rematch(self) -> dict:
        """Ask for the rematch (sides swapped) and move to it with the same credential."""
        reply = await self.ask_rematch()
        await self.resume(reply["game_id"], self.credential)
        return reply

    async def rematch_of(self, game_id: str, credential: str) -> dict:
        """Take a finished game's seat again and ask for its rematch (a window's line closes
        with the game it showed)."""
        await self.resume(game_id, credential)
        return await self.rematch()

    async def bid(self, side: str | None, number: int) -> dict:
        """This seat's secret bid for sides (a game created with side "bid"): the side wanted
        (or None) and the extra influence the other side would place.  The reply comes once the
        bid is stored; the update after the second bid names the sides."""
        return await self._ask(wire.bid(side, number))

    # -- play ----------------------------------------------------------------------------
    async def next_update(self, timeout: float = 30.0) -> dict:
        return await asyncio.wait_for(self._updates.get(), timeout)

    async def until_version(self, version: int, timeout: float = 30.0) -> dict:
        """Wait for the update of ``version`` (or a newer one)."""
        while self.last is None or self.last["version"] < version:
            await self.next_update(timeout)
        while not self._updates.empty():
            self._updates.get_nowait()
        return self.last

    def my_turn(self) -> bool:
        d = self.last and self.last.get("decision")
        return bool(d) and d["player"] == self.seat and d.get("options")

    async def move(self, index: int) -> None:
        """Send option ``index`` for the pending decision (no wait: the update says what
        happened; a refusal lands in ``errors``)."""
        await self.send(wire.move(self.last["version"], index))

    async def undo(self) -> None:
        await self.send(wire.undo(self.last["version"]))

    async def webhook(self, url: str | None) -> dict:
        """Give this seat's webhook address (online/webhooks.py); the reply once it is kept."""
        return await self._ask(wire.webhook(url))

    async def say(self, text: str) -> None:
        """A word to the friend (the server sends it back as its receipt, or refuses it)."""
        await self.send(wire.chat(text))

    async def send(self, msg: dict) -> None:
        """Send ``msg`` (built by ``wire``) with no answer awaited; while the line is down,
        once it is back and the game resumed."""
        while True:
            await self._ready.wait()
            await self._paced()
            ws = self.ws
            try:
                await ws.send(wire.encode(msg))
                return
            except websockets.ConnectionClosed:
                if self._closed:
                    raise
                if self.ws is ws:          # the reader has not noticed yet: wait for it
                    self._ready.clear()

    _tokens, _stamp = wire.BURST / 2, 0.0

    async def _paced(self) -> None:
        """Wait, if need be, so that this client stays under the server's message rate
        (``wire.RATE`` a second, a burst of half ``wire.BURST``): a bot that moves as fast as it
        can is never refused "Too many messages"."""
        rate = wire.RATE * 0.9
        now = time.monotonic()
        self._tokens = min(wire.BURST / 2, self._tokens + (now - self._stamp) * rate)
        self._stamp = now
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / rate)
            self._tokens, self._stamp = 1.0, time.monotonic()
        self._tokens -= 1


async def play(client: Client, choose, max_wait: float = 60.0, retry: float = 1.0) -> dict:
    """Play ``client``'s seat to the end of its game: ``choose(update) -> index`` picks each
    move.  Survives the server going away and coming back.  A move with no answer within
    ``retry`` seconds (refused as too many messages a second, lost with a connection) is sent
    again: the decision number makes a second copy harmless.  Returns the last update."""
    import time
    sent_for = None
    quiet_since = time.monotonic()
    while True:
        last = client.last
        if last is not None and last.get("winner") is not None:
            return last
        if last is not None and client.my_turn() and (sent_for != (last["version"],
                                                                   client.reconnects)):
            sent_for = (last["version"], client.reconnects)
            try:
                await client.move(choose(last))
            except websockets.ConnectionClosed:
                pass
        try:
            await client.next_update(retry)
            quiet_since = time.monotonic()
        except asyncio.TimeoutError:
            sent_for = None
            if time.monotonic() - quiet_since > max_wait:
                raise ClientError("No update from the server in time (the last refusal: "
                                  f"{client.errors[-1] if client.errors else 'none'}).") \
                    from None


def computer(game: str, level: str = "normal", seed: int = 0):
    """A ``choose`` for ``play``: the computer player of ``level`` (squabble.ai.choose), deciding
    from what the seat receives -- its view in the update, nothing more (Twilight Struggle's view
    carries the engine's public stack, from which the computer player deals the hidden cards
    again).  Each decision gets its own seed from ``seed``."""
    from squabble.ai import choose as ai_choose
    n = [0]

    def pick(update: dict) -> int:
        n[0] += 1
        return ai_choose(game, update["state"], level, seed * 1_000_003 + n[0])
    return pick


# -- the seats a player holds, kept in the user data folder ------------------------------------

SEATS_FILE = "online-seats.json"   # written by userdata.write_json: a private (0600) file


def remembered_seats() -> list:
    """[{"server", "game_id", "seat", "credential", "code"}] of the games this user plays
    online; [] when there are none or the file cannot be read."""
    from squabble import userdata
    try:
        data = userdata.read_json(SEATS_FILE, [])
    except ValueError:
        return []
    return [e for e in data if isinstance(e, dict) and {"server", "game_id", "seat",
                                                         "credential"} <= set(e)] \
        if isinstance(data, list) else []


def remember_seat(server: str, game_id: str, seat: str, credential: str, code=None) -> None:
    """Keep a seat's credential so the player comes back to the game after closing the window
    or restarting the machine (OSError if the folder cannot be written)."""
    from squabble import userdata
    # (both seats of a game may be held here, by two windows; a seat renamed after the side
    # its bid won replaces its entry)
    seats = [e for e in remembered_seats()
             if (e["server"], e["game_id"]) != (server, game_id)
             or (e["seat"] != seat and e["credential"] != credential)]
    seats.append({"server": server, "game_id": game_id, "seat": seat,
                  "credential": credential, "code": code})
    userdata.write_json(SEATS_FILE, seats)


def forget_seat(server: str, game_id: str) -> None:
    from squabble import userdata
    seats = [e for e in remembered_seats()
             if (e["server"], e["game_id"]) != (server, game_id)]
    userdata.write_json(SEATS_FILE, seats)


# -- the player key of each server (online/ratings.py), kept like the seats -------------------

KEYS_FILE = "online-keys.json"     # written by userdata.write_json: a private (0600) file


def player_key(server: str, make: bool = False) -> str | None:
    """This user's player key on ``server`` (None when there is none and ``make`` is not
    asked; with ``make`` one is made and kept).  Never shown, never logged: only sent to that
    server, which keeps its hash."""
    from squabble import userdata
    from squabble.online import ratings
    try:
        keys = userdata.read_json(KEYS_FILE, {})
    except ValueError:
        keys = {}
    keys = keys if isinstance(keys, dict) else {}
    key = keys.get(server)
    try:
        return ratings.check_key(key) if key is not None else _made(keys, server, make)
    except ValueError:      # a damaged entry: a new key (the old rating is not reachable)
        return _made(keys, server, make)


def _made(keys: dict, server: str, make: bool) -> str | None:
    from squabble import userdata
    from squabble.online import ratings
    if not make:
        return None
    keys = dict(keys, **{server: ratings.new_key()})
    userdata.write_json(KEYS_FILE, keys)
    return keys[server]
