"""Structured engine output: a log line's text with a kind and data beside it.

Engines append to a plain list; a ``LogLine`` is a ``str`` (so the protocol's text and every
existing reader stay the same) that also carries ``kind`` (e.g. "coup", "influence", "defcon",
"score", "reveal", "die") and ``data`` (a JSON-able dict). Scenes animate by ``kind`` and ``data``,
never by matching English text.
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


def _rebuild(text, kind, data):
    return LogLine(text, kind, **data)


def kind_of(line) -> str:
    """The kind of any log line (plain strings are "note")."""
    return getattr(line, "kind", "note")


def data_of(line) -> dict:
    return getattr(line, "data", {})
