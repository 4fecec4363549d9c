"""Secret bids for sides in an online Twilight Struggle game (issue 52; rewrite 3.2.2, Influence
Bidding): pure functions over a game record's ``bidding``, no sockets and no database.

A game created with ``"side": "bid"`` seats its two players as ``A`` (who created it) and ``B``
(who joined).  Each sends a bid; the server keeps it (``bidding["bids"]``) and says to everyone
only who has bid.  When both are in, ``resolve`` turns them into sides and a handicap
(``squabble.games.struggle.bidding.resolve_bids``, its coin from the operating system's
generator) and the seats become the sides they won; from then on the bids are public, as the
rule reveals them."""

from __future__ import annotations

from squabble import turn

from squabble.games.struggle.bidding import MAX_BID as _ENGINE_MAX_BID

BIDDERS = ("A", "B")          # the seats of a game whose sides are bid for, before the bids
MAX_BID = _ENGINE_MAX_BID      # the most extra influence a handicap may give (Struggle options)


def new_bidding() -> dict:
    return {"bids": {s: None for s in BIDDERS}, "sides": None, "handicap": None}


def bidding_open(rec) -> bool:
    """Does the game still wait for bids (no side is anyone's yet)?"""
    return bool(rec.bidding) and rec.bidding.get("sides") is None


def check_bid(msg: dict) -> dict:
    """The bid in ``msg`` as stored ({"side", "number"}); ValueError with one sentence (which
    quotes nothing of the bid) if it is not one."""
    side = msg.get("side")
    if side not in ("USA", "USSR", None):
        raise ValueError("A bid's 'side' must be \"USA\", \"USSR\" or null (no side).")
    number = msg.get("number", 0)
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= MAX_BID:
        raise ValueError(f"A bid's 'number' must be a whole number from 0 to {MAX_BID}.")
    return {"side": side, "number": number if side else 0}   # no side: the number is zero


def resolve(bidding: dict) -> dict:
    """``bidding`` with both bids in, resolved: {"bids", "sides": {"A": side, "B": side},
    "handicap": {"side", "influence"} | None}."""
    from squabble.games.struggle.bidding import resolve_bids
    bids = bidding["bids"]
    out = resolve_bids(bids["A"], bids["B"], seed=turn.secret_seed())
    return {"bids": dict(bids), "sides": dict(zip(BIDDERS, out["sides"])),
            "handicap": out["handicap"]}


def public(bidding: dict | None) -> dict | None:
    """What an update says of the bidding, the same for both seats and any spectator: while it
    is open, who has bid (never what); once resolved, the bids, the sides and the handicap."""
    if not bidding:
        return None
    if bidding.get("sides") is None:
        return {"open": True, "bid": [s for s in BIDDERS if bidding["bids"].get(s) is not None]}
    return {"open": False, "bids": bidding["bids"], "sides": bidding["sides"],
            "handicap": bidding["handicap"]}


def _words(bid: dict) -> str:
    if bid["side"] is None:
        return "no side"
    return f"the {bid['side']}, {bid['number']} influence"


def revealed_lines(bidding: dict) -> list:
    """The log lines of the bids revealed and resolved."""
    b, sides, hc = bidding["bids"], bidding["sides"], bidding["handicap"]
    lines = [f"Bids revealed: player A (who created the game) bid {_words(b['A'])}; player B "
             f"(who joined) bid {_words(b['B'])}.",
             f"Player A plays the {sides['A']}, player B the {sides['B']}."]
    if hc:
        lines.append(f"Handicap: the {hc['side']} places {hc['influence']} extra influence "
                     "after the set-up.")
    return lines
