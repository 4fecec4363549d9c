"""The loop of a helper process (the window's computer player, a search process): answer each
message that comes down a pipe until the pipe closes.  It imports nothing of the package, so the
framework and the computer players can both use it."""

from __future__ import annotations


def serve(conn, answer) -> None:
    """Read each message from ``conn`` and send back ``answer(message)``.  Returns when the pipe
    closes (the parent gone, even killed), when the message is None, or when a reply cannot be
    sent.  ``answer`` reports its own failures in its reply: it must not raise."""
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        reply = answer(msg)
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return
