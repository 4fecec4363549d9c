"""Online play (issue 52): a server that alone holds each game's whole state, its SQLite store,
its message protocol and lobby, and the asyncio client that tests, bots and the window use.

It knows the games only through ``squabble.games.registry`` and imports no pygame.
docs/online.md describes the protocol, the lobby and how to run a server."""

PROTOCOL_VERSION = 1
