"""A fault of the server's own, said to its operator (standard error) without the words of
what a client sent."""

from __future__ import annotations

import sys
import traceback


def report(e: BaseException) -> None:
    """A fault of the server's own, on standard error: the exception's type and where it
    happened, not its message (which might quote what a client sent, a credential even)."""
    frames = "".join(traceback.format_list(traceback.extract_tb(e.__traceback__)))
    try:
        sys.stderr.write(f"squabble serve: internal fault {type(e).__name__}:\n{frames}")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
