"""The game clocks (issue 59): none, live chess clocks, or correspondence clocks in days.

A clock is kept by the server from stored timestamps (table ``clocks``: each side's time left
when its clock last stopped or started, which side's clock runs and since when, and the moment
it falls, ``deadline``), so a restart or a kill -9 neither stops nor resets it: the time that
passed meanwhile is charged to the side whose clock ran.  Time is the limits' clock
(``limits.now()``, the wall clock; the tests replace it).

The side to decide is the side whose clock runs.  When a decision passes to the other side, the
side that moved gets its increment (a correspondence clock up to its cap); decisions the same
side makes in a row are one turn (no increment between them).  An undo charges the time spent
and gives nothing back.  A clock that falls ends the game at once, live or correspondence: the
server looks at the clocks' deadlines four times a second (``FLAG_CHECK``), and the side loses
on time."""

from __future__ import annotations

import json

from squabble.online import limits

FLAG_CHECK = 0.25     # seconds between the server's looks at the clocks' deadlines
LIVE_MINUTES = (30, 60, 90)
LIVE_INCREMENTS = (0, 10, 30)               # seconds a move
CORRESPONDENCE = {"1d": (1, 4, 3), "3d": (3, 12, 5)}   # days, +hours a move, cap in days
LAST_HOURS = 12 * 3600

# The window's Create offers these (name: the ``create`` message's ``clock``, its words)
CHOICES = {
    "none": (None, "no clock"),
    "live30": ({"kind": "live", "minutes": 30, "increment": 0}, "live: 30 minutes a side"),
    "live60": ({"kind": "live", "minutes": 60, "increment": 0}, "live: 60 minutes a side"),
    "live90": ({"kind": "live", "minutes": 90, "increment": 0}, "live: 90 minutes a side"),
    "live60+10": ({"kind": "live", "minutes": 60, "increment": 10},
                  "live: 60 minutes, +10 s a move"),
    "1d": ({"kind": "correspondence", "preset": "1d"}, "1 day, +4 h a move, cap 3 days"),
    "3d": ({"kind": "correspondence", "preset": "3d"}, "3 days, +12 h a move, cap 5 days"),
}

SCHEMA = """
CREATE TABLE IF NOT EXISTS clocks (
    game_id TEXT PRIMARY KEY, spec TEXT NOT NULL, left_usa REAL NOT NULL,
    left_ussr REAL NOT NULL, running TEXT, since REAL NOT NULL, deadline REAL,
    flagged TEXT, warned TEXT);
CREATE INDEX IF NOT EXISTS clocks_deadline ON clocks (deadline);
"""


def check_spec(spec) -> dict | None:
    """A ``create``'s ``clock`` as kept (None: no clock); ValueError with one sentence."""
    if spec is None or spec == {"kind": "none"} or spec == "none":
        return None
    if not isinstance(spec, dict):
        raise ValueError("'clock' must be an object such as {\"kind\": \"live\", \"minutes\": "
                         "60, \"increment\": 10}.")
    kind = spec.get("kind")
    if kind == "live":
        m, inc = spec.get("minutes"), spec.get("increment", 0)
        if m not in LIVE_MINUTES or isinstance(m, bool):
            raise ValueError(f"A live clock's 'minutes' must be one of "
                             f"{', '.join(map(str, LIVE_MINUTES))}.")
        if inc not in LIVE_INCREMENTS or isinstance(inc, bool):
            raise ValueError(f"A live clock's 'increment' must be one of "
                             f"{', '.join(map(str, LIVE_INCREMENTS))} seconds.")
        return {"kind": "live", "start": m * 60.0, "increment": float(inc), "cap": None}
    if kind == "correspondence":
        preset = spec.get("preset")
        if preset not in CORRESPONDENCE:
            raise ValueError("A correspondence clock's 'preset' must be \"1d\" (1 day, +4 h a "
                             "move, cap 3 days) or \"3d\" (3 days, +12 h, cap 5 days).")
        days, hours, cap = CORRESPONDENCE[preset]
        return {"kind": "correspondence", "start": days * 86400.0, "increment": hours * 3600.0,
                "cap": cap * 86400.0}
    raise ValueError("A clock's 'kind' must be \"none\", \"live\" or \"correspondence\".")


def new(spec: dict, sides) -> dict:
    """A clock not yet running (it starts once both players are seated)."""
    return {"spec": spec, "left": {s: spec["start"] for s in sides}, "running": None,
            "since": 0.0, "flagged": None, "warned": None}


def left_now(clock: dict, t: float) -> dict:
    """Each side's time left at ``t`` (the running side's falling)."""
    out = dict(clock["left"])
    r = clock["running"]
    if r is not None:
        out[r] = out[r] - max(0.0, t - clock["since"])
    return out


def deadline(clock: dict) -> float | None:
    r = clock["running"]
    return None if r is None or clock["flagged"] else clock["since"] + clock["left"][r]


def passed(clock: dict, to_side: str | None, t: float, moved: str | None = None) -> dict:
    """The clock after a change at ``t``: the running side charged, the decision now
    ``to_side``'s (None: nobody's, the game over or not started); ``moved``: the side that moved
    (its increment when the decision passes to the other side)."""
    c = dict(clock, left=left_now(clock, t))
    spec = c["spec"]
    if moved is not None and moved == clock["running"] and to_side != moved:
        x = c["left"][moved] + spec["increment"]
        c["left"][moved] = min(x, spec["cap"]) if spec["cap"] else x
    if to_side != clock["running"]:
        c["warned"] = None     # (a new turn may be told of its last hours again)
    c["running"], c["since"] = to_side, t
    return c


def fallen(clock: dict | None, t: float) -> str | None:
    """The side whose time ran out by ``t`` (None: none)."""
    if clock is None or clock["flagged"] or clock["running"] is None:
        return clock["flagged"] if clock else None
    return clock["running"] if left_now(clock, t)[clock["running"]] <= 0 else None


def public(clock: dict | None, t: float) -> dict | None:
    """The update's ``clock``: the kind, each side's seconds left at ``t`` and whose clock
    runs (the same for both seats and spectators: nothing hidden)."""
    if clock is None:
        return None
    spec = clock["spec"]
    return {"kind": spec["kind"], "left": {s: round(max(0.0, x), 1)
                                           for s, x in left_now(clock, t).items()},
            "running": None if clock["flagged"] else clock["running"],
            "increment": spec["increment"], "cap": spec["cap"], "flagged": clock["flagged"]}


def row_stmts(game_id: str, clock: dict) -> list:
    left = clock["left"]
    return [("INSERT OR REPLACE INTO clocks (game_id, spec, left_usa, left_ussr, running, "
             "since, deadline, flagged, warned) VALUES (?,?,?,?,?,?,?,?,?)",
             (game_id, json.dumps(clock["spec"]), left.get("USA", left.get("A", 0.0)),
              left.get("USSR", left.get("B", 0.0)), clock["running"], clock["since"],
              deadline(clock), clock["flagged"], clock.get("warned")))]


LOAD = ("SELECT spec, left_usa, left_ussr, running, since, flagged, warned FROM clocks WHERE "
        "game_id=?")


def load(store, game_id: str) -> dict | None:
    return of_row(store._read(LOAD, (game_id,)))


def of_row(row) -> dict | None:
    """The clock of a ``LOAD`` row (None: no clock)."""
    if row is None:
        return None
    return {"spec": json.loads(row[0]), "left": {"USA": row[1], "USSR": row[2]},
            "running": row[3], "since": row[4], "flagged": row[5], "warned": row[6]}


def last_hours(store, t: float) -> list:
    """The correspondence games whose running clock entered its last ``LAST_HOURS`` by ``t``
    and whose side was not yet told so this turn."""
    return [r[0] for r in store._read(
        "SELECT game_id FROM clocks WHERE deadline IS NOT NULL AND deadline - ? <= ? AND "
        "flagged IS NULL AND warned IS NULL AND spec LIKE '%correspondence%' LIMIT 200",
        (t, LAST_HOURS), every=True)]


def overdue(store, t: float) -> list:
    """The games whose clock fell by ``t`` and whose loss is not yet recorded."""
    return [r[0] for r in store._read("SELECT game_id FROM clocks WHERE deadline IS NOT NULL "
                                      "AND deadline <= ? AND flagged IS NULL LIMIT 200", (t,),
                                      every=True)]


def delete_stmts(ids: list) -> list:
    marks = ",".join("?" * len(ids))
    return [(f"DELETE FROM clocks WHERE game_id IN ({marks})", list(ids))]


def words(seconds: float) -> str:
    """A clock's time as a window shows it: "1:02:03", "4:05", "2 d 4 h"."""
    s = max(0, int(seconds))
    if s >= 86400:
        return f"{s // 86400} d {s % 86400 // 3600} h"
    if s >= 3600:
        return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"
