"""What an option would do, worked out by the engine on a copy from what the deciding side may
know: the numbers the table previews, and the ``warning`` / ``risk`` of a DECISION's options
(a warning: the option puts the Balance of Power on the taker's own Mushroom Cloud; a risk: it
brings the balance to one space from that cloud with the other side to play, or the other side's
hidden card decides whether it lands there).

R1: the Balance of Power runs -4..+4; America's own cloud is +4 (the balance pushed too far
America's way: Russia wins), Russia's is -4.
"""

from __future__ import annotations

from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import IS_ACTIVITY, OTHER, SIDE_NAME, SIDES

# the most a Balance of Power card can be worth: printed 3 and three tokens
MOST = 3 + E.TOKEN_CAP


def own_cloud(side: str) -> int:
    """Where ``side``'s own Mushroom Cloud is on the track (reaching it, ``side`` loses)."""
    return E.CLOUD if side == "USA" else -E.CLOUD


def cloud_distance(s: dict, side: str, bop: int | None = None) -> int:
    """Spaces from the Balance of Power (or ``bop``) to ``side``'s own cloud."""
    b = s["bop"] if bop is None else bop
    return abs(own_cloud(side) - b)


def landing(s: dict, usa: int, ussr: int) -> int:
    """Where phase 7 leaves the token for these two values (the Events that change it count)."""
    c = {"bop": s["bop"], "event": s["event"], "era": s["era"], "winner": None}
    E.measure(c, usa, ussr)
    return c["bop"]


def _card_value(s: dict, side: str) -> int | None:
    card = s["slots"][side]["bop"]
    if card is None or not IS_ACTIVITY[card]:
        return None
    return E.bop_value(s, side)


# the parts of a state that ``engine._take`` (and the ``_move_bop`` and ``_end`` it may call)
# changes inside: a preview's copy copies these and shares the rest with the state, read only
# (tests/test_squabble_preview.py checks that no preview changes the state)
TAKEN = ("hands", "slots", "todo", "tokens", "discards", "bonus")


def copy_for_take(s: dict) -> dict:
    c = dict(s)
    c.update(zip(TAKEN, E.clone([s[k] for k in TAKEN])))
    return c


def preview(s: dict, opt: tuple) -> dict:
    """What ``opt`` (a tuple of ``engine.options(s)``) does for the deciding side, on a copy.

    Keys: ``side``; ``bop_value`` / ``space_value``: the side's own card values afterwards
    (None without an Activity card there); ``distance``: spaces to its own cloud now;
    ``lands``: where the Balance of Power token ends up in phase 7 (or after the Space 2
    shift) when that follows from what the side knows, the sides still to counter passing,
    else None; ``distance_after``: spaces to its own cloud from there; ``cloud``: "own" or
    "theirs" when it lands on a cloud; ``worst``: while the other side's card is hidden, the
    highest value of it that would still put the token on the side's own cloud (None: none)."""
    side, kind = s["pending"]["player"], s["pending"]["kind"]
    c = copy_for_take(s)
    E._take(c, opt, None)
    out = {"side": side, "bop_value": _card_value(c, side),
           "space_value": E.space_value(c, side) if c["slots"][side]["space"] else None,
           "distance": cloud_distance(s, side), "lands": None, "distance_after": None,
           "cloud": None, "worst": None}
    if kind == "shift":
        out["lands"] = c["bop"]
    elif kind == "counter":
        vals = {sd: E.bop_value(c, sd) for sd in SIDES}
        out["lands"] = landing(c, vals["USA"], vals["USSR"])
    elif kind in ("play", "replace", "tokens") and out["bop_value"] is not None:
        mine = out["bop_value"]
        for theirs in range(MOST, -1, -1):
            pair = (mine, theirs) if side == "USA" else (theirs, mine)
            if landing(c, *pair) == own_cloud(side):
                out["worst"] = theirs
                break
    if out["lands"] is not None:
        b = out["lands"]
        out["distance_after"] = cloud_distance(s, side, b)
        if abs(b) >= E.CLOUD:
            out["cloud"] = "own" if b == own_cloud(side) else "theirs"
    return out


def warnings(s: dict, opt: tuple) -> dict:
    """The ``warning`` / ``risk`` keys of option ``opt`` of the pending decision (maybe none)."""
    p = preview(s, opt)
    kind = s["pending"]["kind"]
    other = SIDE_NAME[OTHER[p["side"]]]
    # (short sentences: the table shows them in two lines under its prompt)
    if p["cloud"] == "own":
        what = "This shift" if kind == "shift" else "This"
        return {"warning": f"{what} puts the Balance of Power on your own Mushroom Cloud: "
                           "nuclear war, you lose."}
    closer = p["distance_after"] is not None and p["distance_after"] < p["distance"]
    if closer and p["distance_after"] == 1 and p["cloud"] is None and s["era"] < E.LAST_ERA:
        return {"risk": f"This leaves the balance one space from your own cloud, {other} to "
                        "play next."}
    if p["worst"] is not None:
        worth = ("nothing" if p["worst"] == 0 else f"{p['worst']} or less")
        return {"risk": f"Your card is worth {p['bop_value']}: if {other}'s is worth {worth}, "
                        "the balance lands on your own cloud."}
    return {}
