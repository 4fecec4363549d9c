"""Structured engine output: a log line's text with a kind and data beside it.

Engines append to a plain list; a ``LogLine`` is a ``str`` (so the protocol's text and every
existing reader stay the same) that also carries ``kind`` (e.g. "coup", "influence", "defcon",
"score", "reveal", "die") and ``data`` (a JSON-able dict). Scenes animate by ``kind`` and ``data``,
never by matching English text.

A *marker* is a log line with no text: a moment that has a kind and data but no sentence of its
own in the protocol's log (a deal of new cards, a DEFCON change inside an event).  The protocol
writes text lines only (``text_lines``), so its log stays exactly as it was; scenes animate
markers like any other line and leave them out of the log panel.
"""

from __future__ import annotations


class LogLine(str):
    __slots__ = ("kind", "data")

    def __new__(cls, text: str, kind: str = "note", **data):
        self = super().__new__(cls, text)
        self.kind = kind
        self.data = data
        return self

    def __reduce__(self):  # deepcopy / pickle keep kind and data
        return (_rebuild, (str(self), self.kind, self.data))

    def as_dict(self) -> dict:
        return {"text": str(self), "kind": self.kind, "data": dict(self.data)}


def marker(kind: str, **data) -> LogLine:
    """A line with a kind and data and no text (see the module's docstring)."""
    return LogLine("", kind, **data)


def is_marker(line) -> bool:
    return str(line) == ""


def text_lines(log) -> list:
    """The lines of ``log`` that have text, as plain strings (what the protocol writes)."""
    return [str(x) for x in log if str(x)]


def _rebuild(text, kind, data):
    return LogLine(text, kind, **data)


def kind_of(line) -> str:
    """The kind of any log line (plain strings are "note")."""
    return getattr(line, "kind", "note")


def data_of(line) -> dict:
    return getattr(line, "data", {})
