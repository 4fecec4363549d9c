"""The game window's line to a server (issue 52): a ``Client`` on a thread of its own, with its own
asyncio loop, so the window's frame loop never waits on the network.

The link's whole API (issue 58): ``take_seat`` (create, join or resume: a Future of the reply and
the game's first update), ``request`` (the lobby's other questions: a Future), ``move`` and
``undo`` (no answer awaited), ``take()`` (every message received since: a game's updates, each
read once by ``wire``), ``connected`` and ``reconnects``, and what the seat is (``game_id``,
``seat``, ``credential``, ``code``, ``last``: read only).  The window polls Futures, never waits
on them; the client (``client.Client``, private here) reconnects by itself with growing waits
and resumes its game.  Nothing here knows a game's rules or draws anything."""

from __future__ import annotations

import asyncio
import queue
import threading

from squabble.online import wire
from squabble.online.client import Client, ClientError

FIRST_UPDATE_WAIT = 10.0   # seconds the link waits (on its own thread) for a seat's first update


def _why(e: BaseException) -> str:
    """Why a connection failed, in words (never an exception's class name)."""
    if isinstance(e, asyncio.TimeoutError):
        return "no answer in time"
    if isinstance(e, ConnectionRefusedError):
        return "nothing listens on that port"
    if isinstance(e, OSError) and "name" in str(e).lower():
        return "that name was not found"
    return "the connection failed"


class _InboxClient(Client):
    """A ``Client`` that also puts every message it takes into a thread-safe queue."""

    def __init__(self, url, inbox: queue.Queue, **kw):
        super().__init__(url, **kw)
        self.inbox = inbox

    def _take(self, msg: dict):
        super()._take(msg)
        self.inbox.put(msg)
        while self._updates.qsize() > 8:   # (the window reads its updates from the inbox)
            self._updates.get_nowait()


class Link:
    def __init__(self, url: str, *, backoff=(0.05, 2.0), open_timeout=5.0, ping=None):
        """``ping``: (seconds between WebSocket pings, seconds a ping waits for its pong) when
        not the protocol's own (online/presence.py: a silent line noticed within 10 s)."""
        self.url = url
        self._inbox: queue.Queue = queue.Queue()
        self._client = _InboxClient(url, self._inbox, backoff=backoff,
                                    open_timeout=open_timeout,
                                    **({"ping": ping} if ping else {}))
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="squabble-online", daemon=True)
        self._thread.start()
        self._connected = None      # a Future: the first connection
        self._closing = False

    def _run(self):
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_forever()
        finally:
            for task in asyncio.all_tasks(self.loop):
                task.cancel()
            try:
                self.loop.run_until_complete(asyncio.sleep(0))
            except Exception:   # noqa: BLE001
                pass
            self.loop.close()

    # -- asking ------------------------------------------------------------------------------
    def _submit(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def connect(self):
        """Start connecting (a Future; its exception is the sentence for the player)."""
        if self._connected is None:
            self._connected = self._submit(self._connect())
        return self._connected

    async def _connect(self):
        try:
            await self._client.connect()
        except (OSError, asyncio.TimeoutError) as e:
            raise ClientError(f"Could not reach a game server at {self.url} "
                              f"({_why(e)}): check the address and that the "
                              "server runs.") from None
        except ClientError:
            raise
        except Exception as e:   # websockets' refusals (a web page, a wrong port)
            raise ClientError(f"{self.url} did not answer as a game server: check the "
                              "address and the port.") from None
        return True

    def request(self, what: str, *args, **kw):
        """``client.<what>(*args)`` on the link's thread, after connecting (a Future)."""
        first = self.connect()

        async def go():
            await asyncio.wrap_future(first)
            return await getattr(self._client, what)(*args, **kw)
        return self._submit(go())

    def take_seat(self, what: str, *args, **kw):
        """``create``, ``join`` or ``resume`` (``what``) with ``args``: a Future of (the
        server's reply, the first update of that game).  The update is waited for on the link's
        thread, never in a frame; a game that sends none fails with one sentence."""
        first = self.connect()

        async def go():
            await asyncio.wrap_future(first)
            c = self._client
            reply = await getattr(c, what)(*args, **kw)
            game_id = reply.get("game_id")
            try:
                while c.last is None or c.last.get("game_id") != game_id:
                    await c.next_update(FIRST_UPDATE_WAIT)
            except asyncio.TimeoutError:
                raise ClientError("The server sent no game: try again.") from None
            return reply, c.last
        return self._submit(go())

    def move(self, decision: int, index: int) -> None:
        """Send option ``index`` of decision number ``decision`` (a copy sent twice is refused
        by the server, never applied twice).  A line that is down drops it; the window sends
        again after the resume if the game did not move on."""
        self._send(wire.move(decision, index))

    def undo(self, decision: int) -> None:
        self._send(wire.undo(decision))

    def say(self, text: str) -> None:
        """A word to the friend (online/chat.py)."""
        self._send(wire.chat(text))

    def _send(self, msg: dict) -> None:
        async def go():
            if self._client.ws is None:
                return
            try:
                await self._client.send(msg)
            except Exception:   # the line dropped meanwhile: the client reconnects itself
                pass
        self.loop.call_soon_threadsafe(lambda: self.loop.create_task(go()))

    # -- what the window reads ---------------------------------------------------------------
    @property
    def connected(self) -> bool:
        ws = self._client.ws
        if ws is None:
            return False
        try:
            from websockets.protocol import State
            return ws.state is State.OPEN
        except Exception:
            return False

    @property
    def reconnects(self) -> int:
        return self._client.reconnects

    # the seat this line holds, as its client knows it (read only: the window writes none of it)
    @property
    def game_id(self):
        return self._client.game_id

    @property
    def seat(self):
        return self._client.seat

    @property
    def credential(self):
        return self._client.credential

    @property
    def code(self):
        return self._client.code

    @property
    def last(self) -> dict | None:
        """The newest update received (of any game this line showed)."""
        return self._client.last

    def take(self) -> list:
        """Every message received since the last call (never waits)."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        """Close the connection and end the thread, without waiting for either (a server that
        is gone could hold a closing handshake for seconds: the window does not wait)."""
        if self._closing or not self._thread.is_alive():
            return
        self._closing = True

        async def end():
            try:
                await asyncio.wait_for(self._client.close(), 2)
            except Exception:   # noqa: BLE001 - the line is going away either way
                pass
            self.loop.stop()
        self.loop.call_soon_threadsafe(lambda: self.loop.create_task(end()))

    @property
    def closed(self) -> bool:
        return self._closing


def peek_games(seats: list):
    """A Future of ``[(seat entry, update or None, sentence)]``: whose move each remembered game
    is at, asked of its server (one short connection a game, all at once, on a thread)."""
    from concurrent.futures import Future
    fut: Future = Future()

    async def one(entry):
        c = Client(entry["server"], open_timeout=4.0)
        try:
            await asyncio.wait_for(c.connect(), 5)
            await asyncio.wait_for(c.resume(entry["game_id"], entry["credential"]), 5)
            return entry, c.last, ""
        except ClientError as e:
            return entry, None, str(e)
        except Exception:   # noqa: BLE001 - unreachable, refused: one sentence
            return entry, None, "The server does not answer now."
        finally:
            try:
                await c.close()
            except Exception:
                pass

    async def all_of():
        return await asyncio.gather(*(one(e) for e in seats))

    def run():
        try:
            fut.set_result(asyncio.run(all_of()))
        except BaseException as e:   # noqa: BLE001
            fut.set_exception(e)

    threading.Thread(target=run, daemon=True).start()
    return fut
