"""The server's online home (issue 59), kept apart from the game server's core (server.py):
who is at a game (presence), the chat, the clocks, the names and the "your move" webhooks.
``Home`` is a part of ``server.Server`` (its base class); ``flags`` is the task that ends the
games whose clock fell."""

from __future__ import annotations

import asyncio
import dataclasses

from squabble.online import (bids, chat, clock, limits, names, peers, presence, table,
                             webhooks, wire)
from squabble.online.store import GameRecord, Stmts, StoreConflict, StoreError, show_code
from squabble.online.store import take_over as _take_over
from squabble.online.faults import report as _report_fault


class Refused(Exception):
    """One sentence for the client; the connection stays."""


class Home:
    """The server's online home: methods of ``server.Server`` (its rooms, store, sends)."""

    def _presence_changed(self, room: Room, conn: Conn | None = None):
        """Tell the game's other connections when who is here changed (``conn``: the one that
        came or left, told by its own update)."""
        peers.publish(self, room)
        now = room.here()
        if now == room.presence:
            return
        room.presence = now
        by_seat = {}
        for c in list(room.conns):
            if c is not conn:
                if c.seat not in by_seat:
                    by_seat[c.seat] = self.update(room, c.seat, [])
                self.send(c, by_seat[c.seat])

    async def _write_failed(self, room: Room, e: StoreError) -> Refused:
        """(Under the game's lock.)  The refusal of a write that failed; one that another
        server process beat to the game (PostgreSQL) first catches the room up with it."""
        if isinstance(e, StoreConflict):
            try:
                await peers.refresh(self, room)
            except StoreError:
                pass
        return Refused(str(e))

    def _send_chat_log(self, conn, room: Room):
        lines = chat.recent(self.store, room.rec.id)
        if lines:
            self.send(conn, wire.chat_log(room.rec.id, lines))

    async def on_chat(self, conn, msg):
        """A seat's word to its friend (online/chat.py): checked, stored, then sent to everyone
        at the game (the sender's copy is its receipt)."""
        if conn.room is None:
            raise Refused("Join, create or resume a game first: a message goes to a game.")
        if conn.seat is None:
            raise Refused("Spectators read the players' messages but do not write: it was not "
                          "sent.")
        try:
            text = chat.clean(msg["text"])
        except ValueError as e:
            raise Refused(str(e)) from None
        room = conn.room
        if not self.chat_rate.allow((room.rec.id, conn.seat)):
            raise Refused(f"Too many messages: at most {chat.RATE} in {chat.PERIOD:.0f} s; that "
                          "one was not sent.")
        # (under the chat's own lock: a move waits for no chat line's commit, nor a line for
        # a move's)
        async with self._locked(room, room.chat_lock) as rec:
            if room.chat_n is None:
                room.chat_n = chat.last_number(self.store, rec.id)
            line = {"n": room.chat_n + 1, "seat": conn.seat, "text": text}
            stmts = Stmts(chat.insert_stmts(rec.id, line["n"], conn.seat, text, limits.now()),
                          "your message was not sent", rec.id)
            stmts.note = f"chat {line['n']}"
            try:
                await self.store.awrite(stmts)
            except StoreError as e:
                if isinstance(e, StoreConflict):   # (another process took that number)
                    room.chat_n = None
                raise Refused(str(e)) from None
            room.chat_n = line["n"]
            out = wire.encode(wire.chat_line(rec.id, line))
            for c in list(room.conns):
                self.send(c, out)

    def _names(self, room: Room) -> dict:
        if room.names is None:
            try:
                room.names = names.of_game(self.store, room.rec.id)
            except StoreError:
                return {}
        return room.names

    # -- clocks (online/clock.py) -----------------------------------------------------------
    def _decision(self, room: Room, rec) -> dict | None:
        """The engine's decision in ``rec``'s state, worked out once a state (the clock asks
        whose turn it is before the move is stored, the update shows it after: a decision,
        with its options' warnings, is the dearest part of a move)."""
        state, d = room.decided
        if state is not rec.state:
            d = table.adapter(rec.game).decision(rec.state)
            room.decided = (rec.state, d)
        return d

    def _turn_of(self, rec, room: Room) -> str | None:
        """The side whose clock runs in ``rec``: the side to decide, once both players are
        seated and the sides settled; None otherwise."""
        if any(h is None for h in rec.seats.values()) or bids.bidding_open(rec):
            return None
        if rec.state.get("winner") is not None:
            return None
        d = self._decision(room, rec)
        return d["player"] if d else None

    def _clock_after(self, room: Room, new: GameRecord, moved: str | None) -> dict | None:
        if room.clock is None:
            return None
        return clock.passed(room.clock, self._turn_of(new, room), limits.now(), moved)

    async def _clock_passes(self, room: Room, moved: str | None):
        """(Under the game's lock.)  The clock follows the game as it is now, stored."""
        if room.clock is None:
            return
        after = clock.passed(room.clock, self._turn_of(room.rec, room), limits.now(), moved)
        await self.store.awrite(Stmts(clock.row_stmts(room.rec.id, after),
                                      "the game's clock was not stored", room.rec.id))
        room.clock = after

    def _not_fallen(self, room: Room):
        side = clock.fallen(room.clock, limits.now())
        if side is not None or (room.clock is not None and room.clock["flagged"]):
            raise Refused("The game is over: a clock fell (lost on time); the next update "
                          "shows it.")

    async def last_hours(self, game_id: str):
        """A correspondence clock entered its last 12 hours: its side's webhook is told once
        a turn (while no window of that side is open), and the warning is stored."""
        room = self._room(game_id)
        if room is None or room.clock is None:
            return
        async with self._locked(room) as rec:
            c = room.clock
            if c["warned"] or c["flagged"] or c["running"] is None:
                return
            after = dict(c, warned=c["running"])
            # claimed in the row: whichever process notices first warns, once
            await self.store.awrite(Stmts(
                [("UPDATE clocks SET warned=? WHERE game_id=? AND warned IS NULL",
                  (after["warned"], rec.id))] + clock.row_stmts(rec.id, after),
                "the clock's warning was not stored", rec.id, guards=(0,)))
            room.clock = after
            self._your_move(room, None)

    async def flag(self, game_id: str):
        """A clock that fell: its side loses on time, stored and told to everyone there."""
        room = self._room(game_id)
        if room is None:
            return
        async with self._locked(room) as rec:
            side = clock.fallen(room.clock, limits.now())
            if side is None or room.clock["flagged"] or rec.winner is not None:
                return
            after = dict(clock.passed(room.clock, None, limits.now()), flagged=side)
            after["left"][side] = 0.0
            new = dataclasses.replace(rec, version=rec.version + 1, winner=table.OTHER[side])
            lines = [f"{side} lost on time."]
            stmts = self.store.event_stmts(new, "time", side, None, lines, False)
            stmts.extend(clock.row_stmts(rec.id, after))
            async with self.rated_result(room, new, stmts):   # (online/rated.py) on time too
                try:
                    await self.store.awrite(stmts)
                except StoreError as e:
                    raise await self._write_failed(room, e) from None
            _take_over(rec, new)
            room.clock = after
            self.broadcast(room, lines)

    # -- webhooks (online/webhooks.py) --------------------------------------------------------
    async def on_webhook(self, conn, msg):
        """A seat's webhook address (null: none), checked before it is kept."""
        if conn.room is None or conn.seat is None:
            raise Refused("Only a player of a game may give a webhook address: join it or "
                          "resume your seat first.")
        url = msg["url"]
        if url is not None:
            try:
                url = await asyncio.to_thread(webhooks.check_url, url, self.poster.policy)
            except ValueError as e:
                raise Refused(str(e)) from None
        try:
            await self.store.awrite(Stmts(webhooks.set_stmts(conn.room.rec.id, conn.seat, url),
                                          "the webhook address was not kept"))
        except StoreError as e:
            raise Refused(str(e)) from None
        self.send(conn, wire.webhook_kept(conn.room.rec.id, conn.seat, url))

    def _your_move(self, room: Room, moved: str | None):
        """A correspondence game's decision passed to a side with no window open: its webhook
        is told (once a change; the post leaves from another task)."""
        rec = room.rec
        if rec.pace != "correspondence" or not self.poster.policy.enabled:
            return
        side = self._turn_of(rec, room)
        if side is None or side == moved or room.here().get(side) == presence.ONLINE:
            return
        try:
            url = webhooks.url_of(self.store, rec.id, side)
        except StoreError:
            return
        if url is None:
            return
        left = None
        if room.clock is not None:
            left = clock.words(clock.left_now(room.clock, limits.now())[side])
        label = {"squabble": "Twilight Squabble", "struggle": "Twilight Struggle"}.get(
            rec.game, rec.game)
        against = self._names(room).get(table.OTHER.get(side)) or "your friend"
        self.poster.post(url, webhooks.your_move_text(label, show_code(rec.code), against,
                                                      left))


async def flags(server: Server):
    """Every ``clock.FLAG_CHECK`` seconds: the games whose clock fell lose on time (a live game
    within a second of its flag falling; a correspondence game as soon, whoever is connected)."""
    while True:
        try:
            for game_id in clock.overdue(server.store, limits.now()):
                try:
                    await server.flag(game_id)
                except (StoreError, Refused):
                    pass   # (told to the operator) tried again at the next look
            for game_id in clock.last_hours(server.store, limits.now()):
                try:
                    await server.last_hours(game_id)
                except StoreError:
                    pass
        except StoreError:
            pass
        except Exception as e:   # noqa: BLE001 - a fault of the server's own, said once a look
            _report_fault(e)
        await asyncio.sleep(clock.FLAG_CHECK)
