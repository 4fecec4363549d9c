"""The game server (issue 52): one WebSocket endpoint at the root URL, the lobby, the moves.

Every message is a JSON object with a ``type``; the first must be ``hello`` with the protocol
version.  docs/online.md lists the messages.  A bad message gets ``{"type": "error", "error":
sentence}`` and the connection stays open; only a connection that keeps misbehaving (floods,
guesses credentials) or breaks the WebSocket rules is closed.  Nothing a client sends is logged,
so a credential never reaches a log.

The server alone holds a game's state.  A game with a client attached is kept in memory (its
``Room``); when the last client leaves, the room is dropped and the game lives only in the
database."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import gc
import secrets
import time
from http import HTTPStatus

import websockets
from websockets.asyncio.server import serve

from squabble import __version__, records
from squabble.games import registry
from squabble.online import (bids, chat, clock, fair, limits, names, peers, presence, ratings,
                             table, webhooks, wire)
from squabble.online.home import Home, Refused, _report_fault, _take_over, flags
from squabble.online.rated import Rated
from squabble.online.limits import AddressBook, Limits
from squabble.online.store import (GameRecord, Stmts, Store, StoreError, credential_hash,
                                   credential_matches, new_code, new_credential, normal_code,
                                   show_code)

MAX_MESSAGE = 16 * 1024        # a longer message is refused with a sentence
MAX_FRAME = 1024 * 1024        # a longer frame closes the connection (WebSocket code 1009)
RATE, BURST = wire.RATE, wire.BURST   # messages a second a connection may send
MAX_REFUSED = 200              # refusals before a connection is closed
MAX_BAD_CREDENTIALS = 10       # wrong credentials before a connection is closed
OUTBOX = 256                   # messages waiting for a slow reader before it is dropped ...
OUTBOX_BYTES = 2 << 20         # ... or their bytes, on one connection,
ADDRESS_OUTBOX_BYTES = 8 << 20    # on all the connections of one address,
SERVER_OUTBOX_BYTES = 256 << 20   # on every connection
SWEEP_SECONDS = 60.0           # how often games nobody joined are looked for
RESUME_WEIGHT = 5              # a resume counts as this many messages of its address,
RESUMES = (3, 3.0)             # and a connection may resume 3 times in 3 s
PACES = wire.PACES
# the garbage collector's thresholds (Python's are 700, 10, 10): a move makes and drops a few
# thousand objects (the state's copies, its views), and each game's new state lives on; at
# Python's, a collection came in the middle of most moves and a full one (a pause of up to
# 100 ms at 500 live games) every second or two.  The new states survive the young
# generation's collections, so the middle one's pause grows with how many of them it gathers:
# a middle collection every 2 young ones keeps each pause short (at 500 games the longest
# 20-27 ms, against 70-83 ms every 20; the same total time); the oldest generation's full
# walks stay rare (issue 59, bench/online_move_cpu.py prints each generation's pauses)
GC_THRESHOLDS = (5000, 2, 1000)


class Room:
    """A game with clients attached: its record and who is looking."""

    def __init__(self, rec: GameRecord, game_clock: dict | None = None):
        self.rec = rec
        self.clock = game_clock   # its clock (online/clock.py), None: no clock
        self.conns: set = set()
        self.lock = asyncio.Lock()
        self.chat_lock = asyncio.Lock()   # its chat lines, one at a time (beside the moves)
        self.cache: dict = {}     # {"version", "decision", seat: its body's JSON} of this state
        self.presence: dict = {}  # who was last told is here (online/presence.py)
        self.chat_n: int | None = None   # the number of its newest chat line (online/chat.py)
        self.names: dict | None = None   # side -> display name (online/names.py)
        self.rated: dict | None = None   # side -> player key hash, {} unrated (online/rated.py)
        self.rating_change: dict | None = None   # side -> [before, after] once it ended
        self.decided: tuple = (None, None)   # (a state, its decision): worked out once
        self.elsewhere: frozenset = frozenset()   # sides connected to other processes
        self.published: frozenset = frozenset()   # sides here, as told to them (peers.py)

    def here(self) -> dict:
        return presence.of_room(self.rec.seats, self.conns, self.elsewhere)


class Conn:
    def __init__(self, ws, addr):
        self.ws = ws
        self.addr = addr
        self.hello = False
        self.room: Room | None = None
        self.seat: str | None = None          # None with a room: a spectator
        self.tokens = BURST
        self.stamp = time.monotonic()
        self.refused = 0
        self.bad_credentials = 0
        self.flood_said = -1.0                # when a flood was last answered
        self.outbox: asyncio.Queue = asyncio.Queue(OUTBOX)
        self.queued = 0                       # the bytes waiting in ``outbox``
        self.here = None                      # its address's entry (limits.Address)
        self.resumes = limits.Bucket(RESUMES[0], RESUMES[1], time.monotonic())
        self.closing = False
        self.pinging = False                  # a ping of the server's waits for its pong

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Server(Home, Rated):
    def __init__(self, store: Store, max_per_address: int = 64, limits: Limits = Limits(),
                 hooks: webhooks.Policy = webhooks.Policy()):
        self.store = store
        self.poster = webhooks.Poster(hooks)   # "your move" posts, off the moves' path
        self.rooms: dict = {}
        self.limits = limits
        self.book = AddressBook(limits)       # what each client address has used (limits.py)
        self.queued = 0                       # the bytes waiting in every outbox
        self.max_per_address = max_per_address
        self.counts = {"messages": 0, "refused": 0, "moves": 0, "connections": 0}
        # the last moves' seconds from arrival to updates queued, and of that the commit's
        self.move_times = collections.deque(maxlen=100_000)
        self.commit_times = collections.deque(maxlen=100_000)
        self.chat_rate = chat.Rate()
        self.conns: set = set()               # every open connection (``keepalive``)

    # -- connections ---------------------------------------------------------------------
    def client_key(self, ws, request=None) -> str:
        """The key of the address a connection's limits are counted under: the peer's, or
        behind a trusted proxy the client's as the proxy states it (limits.py)."""
        peer = str((ws.remote_address or ("?",))[0])
        forwarded = None
        if self.limits.trusted_proxies:
            request = request or getattr(ws, "request", None)
            if request is not None:
                forwarded = ",".join(request.headers.get_all("X-Forwarded-For"))
        return limits.address_key(limits.client_address(peer, forwarded,
                                                        self.limits.trusted_proxies))

    async def handler(self, ws):
        addr = self.client_key(ws)
        conn = Conn(ws, addr)
        self.counts["connections"] += 1
        here = conn.here = self.book.get(addr)   # (its entry, kept while it is connected)
        if here.connections >= self.max_per_address:
            await self._send_now(ws, wire.error(
                f"Too many connections from your address (at most {self.max_per_address}): "
                "this one is closed; close another and try again."))
            await ws.close(1013, "too many connections from one address")
            return
        here.connections += 1
        writer = asyncio.create_task(self._writer(conn))
        self.conns.add(conn)
        try:
            async for raw in ws:
                self.counts["messages"] += 1
                if not conn.allow() or not self.book.message(addr):
                    # refused unread; one sentence a second says so (a flood is not answered
                    # message by message)
                    conn.refused += 1
                    self.counts["refused"] += 1
                    now = time.monotonic()
                    if now - conn.flood_said >= 1.0:
                        conn.flood_said = now
                        self.send(conn, wire.error(
                            f"Too many messages: at most {int(RATE)} a second on a connection "
                            f"and {int(self.limits.messages_per_second)} from one address; the "
                            "ones over that are not read."))
                else:
                    try:
                        await self._handle(conn, raw)
                    except (Refused, StoreError) as e:
                        self._refuse(conn, str(e))
                    except Exception as e:   # noqa: BLE001 - a fault of the server's own
                        _report_fault(e)
                        self._refuse(conn, "The server failed on that message (a fault of its "
                                           "own); the game is as the next update shows.")
                if conn.refused > MAX_REFUSED or conn.bad_credentials > MAX_BAD_CREDENTIALS:
                    self.send(conn, wire.error("Too many refused messages: this connection is "
                                               "closed."))
                    await self._close(conn, 1008, "too many refused messages", writer)
                    break
                if conn.closing:
                    break
        except websockets.ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            here.connections -= 1
            self._unqueue(conn, conn.queued)
            self._leave(conn)
            writer.cancel()

    async def _send_now(self, ws, msg):
        try:
            await ws.send(wire.encode(msg))
        except websockets.ConnectionClosed:
            pass

    async def _writer(self, conn: Conn):
        try:
            while True:
                msg = await conn.outbox.get()
                if isinstance(msg, tuple):      # the connection closes after what was queued
                    await conn.ws.close(*msg)
                    return
                await conn.ws.send(msg)
                self._unqueue(conn, len(msg))
        except (websockets.ConnectionClosed, asyncio.CancelledError):
            pass

    def _entry(self, conn: Conn):
        """The entry of ``conn``'s address in the address book (kept while it is connected)."""
        if conn.here is None:
            conn.here = self.book.get(conn.addr)
        return conn.here

    def _unqueue(self, conn: Conn, n: int):
        """``n`` bytes of ``conn``'s outbox sent (or dropped with it)."""
        n = min(n, conn.queued)
        conn.queued -= n
        self.queued -= n
        self._entry(conn).queued -= n

    def send(self, conn: Conn, msg: dict | str):
        """Queue ``msg`` (or its JSON text) for ``conn``; a reader too slow to take its
        messages is dropped (it resumes from the last move it saw when it comes back): more
        than ``OUTBOX`` messages or ``OUTBOX_BYTES`` waiting for it, or its address's
        connections, or every connection, holding more than their share of bytes."""
        if conn.closing:
            return
        text = msg if isinstance(msg, str) else wire.encode(msg)
        n, here = len(text), self._entry(conn)
        if conn.queued + n > OUTBOX_BYTES or here.queued + n > ADDRESS_OUTBOX_BYTES or \
                self.queued + n > SERVER_OUTBOX_BYTES or conn.outbox.full():
            conn.closing = True
            asyncio.ensure_future(conn.ws.close(1008, "messages not read in time"))
            return
        conn.outbox.put_nowait(text)
        conn.queued += n
        here.queued += n
        self.queued += n

    async def _close(self, conn: Conn, code: int, reason: str, writer):
        """Close after the messages already queued (at most a few seconds' wait)."""
        conn.closing = True
        try:
            conn.outbox.put_nowait((code, reason))
            await asyncio.wait_for(asyncio.shield(writer), 3)
        except (asyncio.QueueFull, asyncio.TimeoutError):
            await conn.ws.close(code, reason)

    def _refuse(self, conn: Conn, sentence: str):
        conn.refused += 1
        self.counts["refused"] += 1
        self.send(conn, wire.error(sentence))

    # -- rooms ---------------------------------------------------------------------------
    def _room(self, game_id: str) -> Room | None:
        room = self.rooms.get(game_id)
        if room is None:
            rec = self.store.load(game_id)
            if rec is None:
                return None
            room = self.rooms[game_id] = Room(rec, clock.load(self.store, game_id))
            peers.opened(self, room)
        return room

    def _attach(self, conn: Conn, room: Room, seat: str | None):
        self._leave(conn)
        conn.room, conn.seat = room, seat
        room.conns.add(conn)
        self._presence_changed(room, conn)

    @contextlib.asynccontextmanager
    async def _locked(self, room: Room, lock: asyncio.Lock | None = None):
        """Hold the game's lock (one change at a time, the room kept in memory meanwhile);
        ``lock``: another of the room's (its chat's)."""
        try:
            async with lock or room.lock:
                yield room.rec
        finally:
            self._drop_if_idle(room)

    def _drop_if_idle(self, room: Room):
        if not room.conns and self.rooms.get(room.rec.id) is room and \
                not room.lock.locked() and not room.chat_lock.locked():
            del self.rooms[room.rec.id]   # an idle game lives in the database only

    def _leave(self, conn: Conn):
        room = conn.room
        if room is None:
            return
        room.conns.discard(conn)
        conn.room = conn.seat = None
        self._presence_changed(room)
        self._drop_if_idle(room)

    def update(self, room: Room, seat: str | None, log: list, snaps=None, kinds=None,
               omitted: int = 0) -> str:
        """The update ``seat`` (None: a spectator) receives, as JSON text: the state's view and
        decision, the log lines of what changed, and with ``snaps`` the view at each line."""
        rec = room.rec
        if bids.bidding_open(rec):
            return self._bidding_update(room, seat, log)
        if room.cache.get("version") != rec.version:   # one decision a state, one view a seat
            room.cache = {"version": rec.version, "decision": self._decision(room, rec)}
        if seat not in room.cache:   # kept as its JSON text: a live game holds no copy of
            d, winner = room.cache["decision"], rec.state.get("winner")   # the views' objects
            if room.clock is not None and room.clock["flagged"]:   # lost on time
                d, winner = None, rec.winner
            room.cache[seat] = table.message_text(rec.game, rec.state, seat, d, winner)
        head = wire.update_head(rec, seat, log, table.line_kinds(log) if kinds is None else kinds,
                                seat is not None and table.can_undo(rec, seat),
                                show_code(rec.code) if seat is not None else None,
                                bids.public(rec.bidding) if rec.bidding else None, omitted,
                                room.here(), clock.public(room.clock, limits.now()),
                                self._names(room))
        head.update(self.rated_fields(room))
        views = None   # the seat's view at each line: the move step by step
        if snaps is not None and len(snaps) == len(log):
            views = table.steps_text(rec.game, snaps, seat)
        return wire.update_text(head, room.cache[seat], views)

    def _bidding_update(self, room: Room, seat: str | None, log: list) -> str:
        """The update of a game waiting for its bids: no state and no decision yet (nobody has
        a side), who has bid and who has not; the same for every seat but its own name."""
        rec = room.rec
        head = wire.update_head(rec, seat, log, table.line_kinds(log), False,
                                show_code(rec.code) if seat is not None else None,
                                bids.public(rec.bidding), presence=room.here(),
                                names=self._names(room))
        head.update(rematch=None, rematch_asked=[])
        return wire.update_text(head, '"state": null, "decision": null, "winner": null')

    def broadcast(self, room: Room, log: list, snaps=None):
        by_seat = {}   # one update a seat, encoded once for all its connections
        kinds = table.line_kinds(log)   # (the same for every seat)
        for c in list(room.conns):
            if c.seat not in by_seat:
                by_seat[c.seat] = self.update(room, c.seat, log, snaps, kinds)
            self.send(c, by_seat[c.seat])

    # -- messages ------------------------------------------------------------------------
    async def _handle(self, conn: Conn, raw):
        """Every message is read by online/wire.py (its sentence if it cannot be); a handler
        receives its checked fields."""
        try:
            msg = wire.parse_request(wire.parse_frame(raw, MAX_MESSAGE), HANDLERS,
                                     first=not conn.hello)
        except wire.BadMessage as e:
            raise Refused(str(e)) from None
        if not conn.hello:
            conn.hello = True
            self.send(conn, wire.welcome(f"squabble {__version__}"))
            return
        await HANDLERS[msg["type"]](self, conn, msg)

    async def on_hello(self, conn, msg):
        raise Refused("Hello was already said on this connection.")

    async def on_ping(self, conn, msg):
        self.send(conn, wire.pong())     # (how busy the server is, it tells nobody)

    async def on_create(self, conn, msg):
        game = msg["game"]
        if game not in registry.GAMES:
            raise Refused(NOT_CREATED + "'game' must be \"squabble\" or \"struggle\".")
        try:
            options = table.check_options(game, msg["options"])
        except (ValueError, TypeError) as e:
            raise Refused(NOT_CREATED + str(e)) from None
        side = msg["side"]
        if side == "bid" and game != "struggle":
            raise Refused(NOT_CREATED + "secret bids for sides (\"bid\") are a Twilight "
                          "Struggle rule.")
        if side == "bid" and options.get("handicap"):
            raise Refused(NOT_CREATED + "with secret bids for sides the bids make the handicap: "
                          "leave 'handicap' out.")
        if side == "random":
            side = secrets.choice(table.SIDES)
        pace, mine = msg["pace"], msg["contribution"]
        spec, name = msg["clock"], msg["name"]
        self.rated_may_create(msg)
        self._may_create(conn)
        cred = new_credential()
        if side == "bid":   # seats A (this player) and B (the friend) until the bids are in
            side, other, bidding = bids.BIDDERS[0], bids.BIDDERS[1], bids.new_bidding()
        else:
            other, bidding = table.OTHER[side], None
        rec = await self._new_record(game, options, pace, {side: credential_hash(cred),
                                                           other: None}, bidding, mine)
        room = Room(rec, clock.new(spec, table.SIDES) if spec else None)
        more = names.set_stmts(rec.id, side, name) + self.rated_create_stmts(msg, rec.id, side)
        if room.clock is not None:
            more += clock.row_stmts(rec.id, room.clock)
        if more:
            try:
                await self.store.awrite(Stmts(more, "the game's clock and name were not stored",
                                              rec.id))
            except StoreError as e:
                raise Refused(str(e)) from None
        self.rooms[rec.id] = room
        self._attach(conn, room, side)
        self.send(conn, wire.created(rec.id, show_code(rec.code), side, cred))
        # (the set-up's lines come at the join, with the deal made again with the friend's
        # value: both seats' logs then start alike; a resume of the whole log has them too)
        self.send(conn, self.update(room, side, []))

    def _may_create(self, conn):
        """Refused when the address has created its games of the minute or the hour, or when
        the database is down to the reserve kept for the moves of games in play."""
        wait = self.book.create_wait(conn.addr)
        if wait > 0:
            lim = self.limits
            raise Refused(NOT_CREATED + f"your address may create {lim.games_per_minute} games "
                          f"a minute and {lim.games_per_hour} an hour; try again in "
                          f"{_duration(wait)}.")
        self._room_for_a_game()

    def _room_for_a_game(self):
        if not self.store.room_for_new_games():
            raise Refused(NOT_CREATED + "the server keeps its remaining space for the moves of "
                          "games in play; try again later.")

    async def _new_record(self, game, options, pace, seats, bidding=None,
                          contribution: str = "") -> GameRecord:
        """A new game, its deal committed (online/fair.py): the seed from the server's secret
        and the creator's value, and the friend's once it joins."""
        self._room_for_a_game()
        deal = fair.new_deal(contribution)
        seed = fair.seed_of_deal(deal)
        state = table.replay(game, seed, options, [])
        rec = GameRecord(secrets.token_hex(8), game, options, seed, pace, new_code(), 0, [], [],
                         0, state, state.get("winner"), None, seats, bidding=bidding,
                         deal=deal)
        try:
            await self.store.awrite(self.store.create_stmts(rec))
        except StoreError as e:
            raise Refused(str(e)) from None
        return rec

    def _room_of_code(self, conn, msg, refusal: str, what: str):
        """The room of the game whose invitation code ``msg`` names (``refusal``: the sentence
        when none has it; ``what``: what was then not done).  A wrong code counts against the
        address (limits.py): after a run of them it may try none for a while, the right one
        neither, so guessing gets nowhere (docs/online.md, "Invitation codes")."""
        wait = self.book.code_wait(conn.addr)
        if wait > 0:
            raise Refused(f"Too many wrong invitation codes from your address: {what}; try "
                          f"again in {_duration(wait)}.")
        code = normal_code(msg["code"])
        game_id = code and self.store.game_of_code(code)
        if not game_id:
            pause = self.book.wrong_code(conn.addr)
            if pause:
                refusal = refusal[:-1] + (f", and too many wrong codes came from your address: "
                                          f"it may try none for {_duration(pause)}.")
            raise Refused(refusal)
        return self._room(game_id)

    async def on_join(self, conn, msg):
        room = self._room_of_code(conn, msg, "No game has that invitation code: check it with "
                                             "your friend.", "you have not joined a game")
        async with self._locked(room) as rec:
            open_seats = [s for s, h in rec.seats.items() if h is None]
            if not open_seats:
                raise Refused("That game already has both its players: you have not joined "
                              "it; you may watch it (\"watch\").")
            side = open_seats[0]
            theirs, name = msg["contribution"], msg["name"]
            dealt = fair.dealt_at_join(rec, theirs, lambda seed: table.replay(
                rec.game, seed, rec.options, []))
            cred = new_credential()
            keyed = self.rated_join_stmts(room, msg, side)
            try:
                await self.store.awrite(Stmts(
                    list(self.store.seat_stmts(rec.id, side, credential_hash(cred), dealt)) +
                    names.set_stmts(rec.id, side, name) + keyed, "you have not joined the game",
                    rec.id, guards=(0, 1) if dealt is not None else (0,)))
            except StoreError as e:
                raise await self._write_failed(room, e) from None
            self.rated_joined(room, side, msg)
            if dealt is not None:   # the deal the friend's value made, in place of the first
                _take_over(rec, dealt)
                room.cache = {}
            rec.seats[side] = credential_hash(cred)
            room.names = None
            self._attach(conn, room, side)
            await self._clock_passes(room, None)    # both seated: the clock starts
        self.send(conn, wire.joined(rec.id, side, cred))
        # the joiner's window starts with the set-up's lines; the creator's too when the deal
        # was made again with the joiner's value (its table then shows the new deal)
        opening = table.opening_lines(room.rec) if dealt is not None else []
        self.broadcast(room, opening)
        self._send_chat_log(conn, room)

    async def on_resume(self, conn, msg):
        """Come back to a game: ``game_id``, ``credential``, ``seen`` (the last version the
        client saw; the log lines since come with the update)."""
        if not conn.resumes.take(time.monotonic()) or \
                not self.book.message(conn.addr, RESUME_WEIGHT - 1):   # (an answer of size)
            raise Refused(f"Too many resumes (a connection may resume {RESUMES[0]} times in "
                          f"{RESUMES[1]:.0f} s, and each weighs {RESUME_WEIGHT} messages of its "
                          "address): nothing was resumed; try again in a second.")
        game_id = msg["game_id"]
        rec = None
        if game_id is not None:   # (in memory, or from the disk)
            rec = self.rooms[game_id].rec if game_id in self.rooms else self.store.load(game_id)
        cred = msg["credential"]
        side = None
        if rec is not None:
            for s, h in sorted(rec.seats.items()):
                if credential_matches(cred, h) and side is None:
                    side = s
        if side is None:
            conn.bad_credentials += 1
            raise Refused("No seat of that game has that credential: nothing was resumed.")
        room = self._room(rec.id)
        seen = msg["seen"]
        self._attach(conn, room, side)
        lines, older = self.store.lines_since(rec.id, seen) if seen < room.rec.version else \
            ([], 0)
        if seen == 0 and not older:   # the whole log: the set-up's lines first
            lines = [str(x) for x in table.opening_lines(room.rec)] + list(lines)
        self.send(conn, wire.resumed(rec.id, side))
        # the stored lines are notes: their kinds said at once; the log's older lines are in
        # no resume (its size is bounded)
        self.send(conn, self.update(room, side, lines, kinds=[_NOTE] * len(lines),
                                    omitted=older))
        self._send_chat_log(conn, room)

    async def on_watch(self, conn, msg):
        room = self._room_of_code(conn, msg, "No game has that invitation code.",
                                  "you are not watching a game")
        self._attach(conn, room, None)
        self.send(conn, self.update(room, None, []))
        self._send_chat_log(conn, room)

    def _seated(self, conn, msg) -> Room:
        if conn.room is None or conn.seat is None:
            raise Refused("Join, create or resume a game as a player first.")
        if bids.bidding_open(conn.room.rec):
            raise Refused("The game starts once both secret bids for sides are in: send your "
                          "bid (\"bid\").")
        number = msg["decision"]
        if number != conn.room.rec.version:
            raise Refused(f"That answers decision {str(number)[:20]}, but the game is at "
                          f"decision {conn.room.rec.version}: it was not applied.")
        return conn.room

    async def on_move(self, conn, msg):
        t0 = time.perf_counter()
        room = self._seated(conn, msg)
        index = msg["index"]
        async with self._locked(room) as rec:
            if msg["decision"] != rec.version:
                raise Refused("That decision was already answered: it was not applied.")
            self._not_fallen(room)
            d = room.cache["decision"] if room.cache.get("version") == rec.version else None
            try:   # the rulebook of a turn (squabble/turn.py) applies it, or refuses it
                new, lines = table.play(rec, index, conn.seat, d)
            except ValueError as e:
                raise Refused(str(e)) from None
            player, snaps = conn.seat, lines.snaps
            after = self._clock_after(room, new, player)
            t1 = time.perf_counter()
            stmts = self.store.event_stmts(new, "move", player, index, lines,
                                           new.undo_state is not rec.undo_state)
            if after is not None:
                stmts.extend(clock.row_stmts(rec.id, after))
            async with self.rated_result(room, new, stmts):   # its Elo in the same transaction
                try:
                    await self.store.awrite(stmts)
                except StoreError as e:
                    raise await self._write_failed(room, e) from None
            t2 = time.perf_counter()
            _take_over(rec, new)
            room.clock = after if after is not None else room.clock
            self.counts["moves"] += 1
            self.send(conn, wire.ack(rec.version - 1))
            self.broadcast(room, lines, snaps)
            self._your_move(room, player)
            self.move_times.append(time.perf_counter() - t0)
            self.commit_times.append(t2 - t1)

    async def on_undo(self, conn, msg):
        room = self._seated(conn, msg)
        async with self._locked(room) as rec:
            if msg["decision"] != rec.version:
                raise Refused("That decision was already answered: nothing was taken back.")
            self._not_fallen(room)
            try:   # the rulebook of a turn: its snapshot, not a replay of the whole game
                new = table.undo(rec, conn.seat)
            except ValueError as e:
                raise Refused(str(e)) from None
            lines = [f"{conn.seat} takes back a decision."]
            after = self._clock_after(room, new, None)   # (no time given back)
            stmts = self.store.event_stmts(new, "undo", conn.seat, None, lines,
                                           new.undo_state is not rec.undo_state)
            if after is not None:
                stmts.extend(clock.row_stmts(rec.id, after))
            try:
                await self.store.awrite(stmts)
            except StoreError as e:
                raise await self._write_failed(room, e) from None
            _take_over(rec, new)
            room.clock = after if after is not None else room.clock
            self.send(conn, wire.ack(rec.version - 1))
            self.broadcast(room, lines)

    async def on_bid(self, conn, msg):
        """A seat's secret bid for sides (rewrite 3.2.2): stored before it is acknowledged,
        said to nobody (the others learn only that this seat has bid); the second bid resolves
        the sides and the handicap, renames the seats after them and starts the game."""
        if conn.room is None or conn.seat is None:
            raise Refused("Only a player of a game may bid: join it or resume your seat first.")
        room = conn.room
        async with self._locked(room) as rec:
            if not bids.bidding_open(rec):
                raise Refused("This game is not waiting for bids: its sides are settled.")
            if any(h is None for h in rec.seats.values()):
                raise Refused("Your friend has not joined yet: the bids come once both "
                              "players are seated.")
            if rec.bidding["bids"].get(conn.seat) is not None:
                raise Refused("You have already bid: a sealed bid is not changed.")
            try:
                bid = bids.check_bid(msg)
            except ValueError as e:
                raise Refused(str(e)) from None
            bidding = {**rec.bidding, "bids": {**rec.bidding["bids"], conn.seat: bid}}
            version = rec.version + 1
            if any(b is None for b in bidding["bids"].values()):
                new = dataclasses.replace(rec, version=version, bidding=bidding)
                lines = [f"Player {conn.seat} has sealed a bid."]
                stmts = self.store.bid_stmts(new, conn.seat, lines)
                sides = None
            else:
                bidding = bids.resolve(bidding)
                sides = bidding["sides"]
                options = {k: v for k, v in rec.options.items() if k != "handicap"}
                if bidding["handicap"]:
                    options["handicap"] = dict(bidding["handicap"])
                new = dataclasses.replace(
                    rec, version=version, bidding=bidding, options=options,
                    state=table.replay(rec.game, rec.seed, options, []),
                    seats={sides[s]: h for s, h in rec.seats.items()})
                lines = bids.revealed_lines(bidding)
                stmts = self.store.sides_stmts(new, sides, conn.seat, lines)
                stmts.extend(names.rename_stmts(rec.id, sides))
                stmts.extend(ratings.rename_stmts(rec.id, sides))
                room.names = room.rated = None
            try:
                await self.store.awrite(stmts)
            except StoreError as e:
                raise await self._write_failed(room, e) from None
            seat = conn.seat
            _take_over(rec, new)
            if sides is not None:
                for c in room.conns:          # each seat's credential now holds its side
                    if c.seat in sides:
                        c.seat = sides[c.seat]
            if sides is not None:
                await self._clock_passes(room, None)   # the sides settled: the clock starts
            self.send(conn, wire.bid_sealed(rec.id, seat, conn.seat))
            self.broadcast(room, lines)

    async def on_record(self, conn, msg):
        """A finished game as a game record (squabble/records.py) with its deal revealed, to
        a seat or a spectator of it."""
        game_id = msg["game_id"]
        room = conn.room
        if room is None or room.rec.id != game_id:
            raise Refused("Open the game first (resume your seat or watch it): a record goes "
                          "to its players and spectators.")
        if room.rec.winner is None:
            raise Refused("The game is not over yet: its record comes after its result.")
        self.send(conn, wire.record_reply(room.rec.id, records.online_record(room.rec)))

    async def on_rematch(self, conn, msg):
        """A seat asks for the rematch of its finished game (sides swapped).  The first ask
        makes the new game (both seats taken with the same credentials), dealt from its
        contribution; the other's ask deals it again with its own mixed in (as a join does,
        while no move was made: online/fair.py).  Each ask is stored (``rematch_asked``) and
        every client of the game gets an update saying who asked, so the other seat knows its
        friend asks, or that its own ask was accepted."""
        if conn.room is None or conn.seat is None:
            raise Refused("Only a player of a finished game may ask for a rematch.")
        room = conn.room
        async with self._locked(room) as rec:
            if rec.winner is None:
                raise Refused("The game is not over yet: a rematch comes after its result.")
            if rec.rematch is None or conn.seat not in rec.rematch_asked:
                new_id = rec.rematch
                if new_id is None:
                    seats = {table.OTHER[s]: h for s, h in rec.seats.items()}   # sides swapped
                    new_id = (await self._new_record(rec.game, rec.options, rec.pace,
                                                     seats, contribution=msg["contribution"])).id
                asked = [s for s in table.SIDES if s in rec.rematch_asked or s == conn.seat]
                stmts = self.store.rematch_stmts(rec.id, new_id, asked)
                if rec.rematch is None:
                    stmts.extend(self.rated_rematch_stmts(room, new_id))
                    await self._rematch_written(stmts, rec, new_id, asked, room)
                else:
                    await self._rematch_dealt(stmts, rec, new_id, asked, room,
                                              msg["contribution"])
        self.send(conn, wire.rematch_reply(rec.rematch, table.OTHER[conn.seat]))

    async def _rematch_dealt(self, stmts, rec, new_id, asked, room, value: str):
        """The second ask: the rematch dealt again with this player's value (while nobody has
        moved in it), in the ask's own transaction."""
        other = self._room(new_id)
        if other is None or not value:
            await self._rematch_written(stmts, rec, new_id, asked, room)
            return
        async with self._locked(other) as new:
            dealt = None
            if new.deal and not new.deal["contributions"][1]:
                dealt = fair.dealt_at_join(new, value, lambda seed: table.replay(
                    new.game, seed, new.options, []))
            if dealt is not None:   # (refused if another process stored a move in it)
                stmts.extend(self.store.deal_stmts(new_id, dealt))
                stmts.guards = (*stmts.guards, len(stmts) - 1)
            await self._rematch_written(stmts, rec, new_id, asked, room)
            if dealt is not None:
                _take_over(new, dealt)
                other.cache = {}
                self.broadcast(other, [])

    async def _rematch_written(self, stmts, rec, new_id, asked, room):
        try:
            await self.store.awrite(stmts)
        except StoreError as e:
            raise await self._write_failed(room, e) from None
        rec.rematch, rec.rematch_asked = new_id, asked
        self.broadcast(room, [])


NOT_CREATED = wire.NOT_CREATED
_NOTE = {"kind": "note", "data": {}}   # a stored line's kind (table.py)


def _duration(seconds: float) -> str:
    """``seconds`` in words, rounded up: "40 s", "3 minutes", "2 hours"."""
    if seconds < 90:
        return f"{max(1, int(seconds + 0.999))} s"
    if seconds < 5400:
        return f"{int(seconds / 60 + 0.999)} minutes"
    return f"{int(seconds / 3600 + 0.999)} hours"


async def sweep(server: Server, once: bool = False):
    """Every ``SWEEP_SECONDS``: delete the games nobody joined within ``unjoined_hours`` (but
    a game its creator still has open), and forget the addresses that have used nothing."""
    while True:
        try:
            before = limits.now() - server.limits.unjoined_hours * 3600
            ids = [g for g in server.store.unjoined(before) if g not in server.rooms][:500]
            if ids:
                await server.store.awrite(server.store.delete_stmts(ids))
            server.book.forget_idle()
        except StoreError:
            pass   # (told to the operator by the store) tried again at the next sweep
        if once:
            return
        await asyncio.sleep(SWEEP_SECONDS)


HANDLERS = {"hello": Server.on_hello, "ping": Server.on_ping, "create": Server.on_create,
            "join": Server.on_join, "resume": Server.on_resume, "watch": Server.on_watch,
            "move": Server.on_move, "undo": Server.on_undo, "rematch": Server.on_rematch,
            "bid": Server.on_bid, "record": Server.on_record, "chat": Server.on_chat,
            "webhook": Server.on_webhook, "ratings": Server.on_ratings}


def http_answer(connection, request):
    """A plain HTTP request (no WebSocket upgrade) gets a short answer."""
    if "upgrade" not in request.headers.get("Connection", "").lower():
        resp = connection.respond(HTTPStatus.OK, "Twilight Squabble game server: connect "
                                                 "with the game (a WebSocket client).\n")
        return resp
    return None


def opening(server: Server):
    """The answer to a request before its WebSocket opens: a plain HTTP request's, or a
    refusal (HTTP 429, a sentence) when its address has opened too many connections of late,
    before the WebSocket handshake's cost."""
    def answer(connection, request):
        plain = http_answer(connection, request)
        if plain is not None:
            return plain
        wait = server.book.connect_wait(server.client_key(connection, request))
        if wait > 0:
            return connection.respond(
                HTTPStatus.TOO_MANY_REQUESTS,
                f"Too many new connections from your address (at most "
                f"{server.limits.connections_per_minute} a minute): this one was refused; try "
                f"again in {_duration(wait)}.\n")
        return None
    return answer


async def run(store: Store, host: str, port: int, ssl=None, max_per_address: int = 64,
              ready=None, stop: asyncio.Future | None = None, limits: Limits = Limits(),
              hooks: webhooks.Policy = webhooks.Policy()):
    server = Server(store, max_per_address, limits, hooks)
    await sweep(server, once=True)
    sweeper = asyncio.create_task(sweep(server))
    flagger = asyncio.create_task(flags(server))
    pinger = asyncio.create_task(presence.keepalive(server))
    listener = asyncio.create_task(peers.listen(server))   # (PostgreSQL: other processes)
    poster = asyncio.create_task(server.poster.run())
    async with serve(server.handler, host, port, max_size=MAX_FRAME, ssl=ssl,
                     process_request=opening(server),
                     ping_interval=None, create_connection=presence.HeardConnection,
                     close_timeout=2, max_queue=32, compression=None,
                     logger=_quiet_logger()) as ws_server:
        sock = ws_server.sockets[0]
        addr = sock.getsockname()
        # what is loaded by now (modules, the engines' tables) lives as long as the server: out
        # of the garbage collector's walks, which then take only the games' own objects
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        if ready is not None:
            ready(addr)
        try:
            await (stop if stop is not None else asyncio.get_running_loop().create_future())
        finally:
            sweeper.cancel()
            flagger.cancel()
            pinger.cancel()
            listener.cancel()
            poster.cancel()
    return server


def summary(server: Server) -> str:
    """One line on what the server did (printed when it stops)."""
    c = server.counts
    line = (f"{c['connections']} connections, {c['messages']} messages ({c['refused']} "
            f"refused), {c['moves']} moves")
    times = sorted(server.move_times)
    if times:
        line += (f"; a move's time in the server (arrival to updates sent on, its commit "
                 f"included): {_pcts(times)}; waiting for its commit: "
                 f"{_pcts(sorted(server.commit_times))}")
    flushes = sorted(server.store.flush_times())
    if flushes:
        line += f"; the commits themselves (a batch's disk flush): {_pcts(flushes)}"
    return line


def _pcts(times) -> str:
    return (f"p50 {times[len(times) // 2] * 1000:.1f} ms, p99 "
            f"{times[min(len(times) - 1, int(len(times) * .99))] * 1000:.1f} ms")


def _quiet_logger():
    """websockets' logger, kept to warnings: it never sees message contents."""
    import logging
    log = logging.getLogger("squabble.online.websockets")
    log.setLevel(logging.WARNING)
    return log
