"""Several server processes over one PostgreSQL database (issue 61): what one process does when
another changed a game it has open.

Each write that changes a game notifies the other processes (store_pg.py: ``NOTIFY`` in the
write's own transaction).  ``listen`` is a task of each process: for each game another process
changed, if this one has it open (a room with connections), it reloads the game's record, clock
and newest chat lines from the database and sends its own connections the update (the log
lines since the version they had) and the chat lines they have not had.  A game changed while
the listening connection was down is caught up when it comes back (every open game reloaded).
A write of this process refused because another process changed the game first
(store.StoreConflict) reloads the game the same way (``refresh``)."""

from __future__ import annotations

import asyncio
import json

from squabble.online import clock, wire
from squabble.online.store import StoreError

_NOTE = {"kind": "note", "data": {}}   # a stored line's kind (table.py)
LINES = 500                            # the newest lines of a catch-up at most


async def listen(server):
    """Runs for the server's life when its store tells of other processes' changes."""
    if getattr(server.store, "changes", None) is None:
        return
    await asyncio.gather(_changes(server), _liveness(server))


async def _changes(server):
    async for change in server.store.changes():
        ids = list(server.rooms) if change is None else [change[0]]
        note = "" if change is None else change[1]
        for gid in ids:
            room = server.rooms.get(gid)
            if room is None:
                continue
            try:
                async with server._locked(room):
                    if note.startswith("chat "):
                        await _chat_line(server, room, int(note[5:]))
                    elif note == "here":
                        await _look_elsewhere(server, room)
                    else:
                        await refresh(server, room)
            except StoreError:
                pass   # (told to the operator) the next change or resume catches up
            except Exception as e:   # noqa: BLE001 - a fault of the server's own
                from squabble.online.faults import report
                report(e)


async def refresh(server, room) -> None:
    """(Under the game's lock.)  The room made the game as the database holds it now, and its
    connections told what changed (the reads on the store's own connection: the event loop
    goes on meanwhile)."""
    from squabble.online.store import take_over as _take_over
    store = server.store
    rec = await store.aload(room.rec.id)
    if rec is None:
        return
    old = room.rec
    lines = []
    changed = (rec.version, rec.seats, rec.rematch, rec.rematch_asked, rec.state) != \
        (old.version, old.seats, old.rematch, old.rematch_asked, old.state)
    if rec.version > old.version:   # (no further than the version loaded: later ones come
        lines = [x for (text,) in await store._aread(   # with their own notification)
            "SELECT lines FROM events WHERE game_id=? AND version>? AND version<=? ORDER BY "
            "version", (rec.id, old.version, rec.version), every=True)
            for x in json.loads(text)][-LINES:]
    if rec.seed != old.seed and not lines:   # dealt again at a join elsewhere: the set-up's
        from squabble.online import table      # lines of the new deal, as a join here sends
        lines = [str(x) for x in table.opening_lines(rec)]
    sides = (rec.bidding or {}).get("sides") if old.bidding and old.bidding.get("sides") is \
        None else None
    _take_over(old, rec)
    room.clock = clock.of_row(await store._aread(clock.LOAD, (rec.id,)))
    room.cache, room.names = {}, None
    if sides:   # the bids were resolved elsewhere: each seat's connections now hold its side
        for c in room.conns:
            if c.seat in sides:
                c.seat = sides[c.seat]
    if changed:
        by_seat = {}
        for c in list(room.conns):
            if c.seat not in by_seat:
                by_seat[c.seat] = server.update(room, c.seat, lines, kinds=[_NOTE] * len(lines))
            server.send(c, by_seat[c.seat])


LIVENESS = 1.0   # seconds between looks at whether the processes of the sides elsewhere live


def opened(server, room) -> None:
    """A room just loaded: who is connected to the game through other processes."""
    if hasattr(server.store, "elsewhere"):
        try:
            room.elsewhere = server.store.elsewhere(room.rec.id)
        except StoreError:
            pass


async def _elsewhere(server, room) -> None:
    try:
        room.elsewhere = await server.store.aelsewhere(room.rec.id)
    except StoreError:
        pass


def publish(server, room) -> None:
    """(A connection came or left.)  Tell the other processes the sides connected here, when
    that changed (the write goes on without being awaited)."""
    if not hasattr(server.store, "here_stmts"):
        return
    mine = frozenset(c.seat for c in room.conns if c.seat is not None)
    if mine != room.published:
        room.published = mine
        asyncio.ensure_future(_publish(server, room.rec.id, mine))


async def _publish(server, game_id, sides):
    try:
        await server.store.awrite(server.store.here_stmts(game_id, sides))
    except StoreError:
        pass   # (told to the operator) the next change tells again


async def _look_elsewhere(server, room) -> None:
    before = room.elsewhere
    await _elsewhere(server, room)
    if room.elsewhere != before:
        server._presence_changed(room)


async def _liveness(server):
    """A process killed says nothing: its sides stop counting once its connections to the
    database are gone, which this notices within ``LIVENESS`` seconds."""
    while True:
        await asyncio.sleep(LIVENESS)
        for room in [r for r in server.rooms.values() if r.elsewhere]:
            try:
                await _look_elsewhere(server, room)
            except Exception as e:   # noqa: BLE001 - a fault of the server's own
                from squabble.online.faults import report
                report(e)


async def _chat_line(server, room, n: int) -> None:
    """Chat line ``n``, stored by another process, sent on to this one's connections."""
    row = await server.store._aread("SELECT seat, text FROM chat WHERE game_id=? AND n=?",
                             (room.rec.id, n))
    if row is None:
        return
    out = wire.encode(wire.chat_line(room.rec.id, {"n": n, "seat": row[0], "text": row[1]}))
    for c in list(room.conns):
        server.send(c, out)
    if room.chat_n is not None:
        room.chat_n = max(room.chat_n, n)
