"""Influence bidding (rewrite 3.2.2): turn two secret bids into sides and a handicap option."""

from __future__ import annotations

from squabble import rng

from .data import ENEMY

#: the most extra influence a bid (a handicap) may give: the options' limit, the couch's bid
#: screen's and the server's
MAX_BID = 30


def resolve_bids(bid_a: dict, bid_b: dict, seed: int = 0) -> dict:
    """Each bid is {"side": "USA"|"USSR"|None, "number": n >= 0}.  Returns
    {"sides": [side of player A, side of player B], "handicap": {"side", "influence"} | None},
    the handicap being ready for new_game's options."""
    bids = []
    for b in (bid_a, bid_b):
        if not isinstance(b, dict) or b.get("side") not in ("USA", "USSR", None):
            raise ValueError('A bid is {"side": "USA", "USSR" or null, "number": n}.')
        n = b.get("number", 0)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError("A bid's number must be a whole number from 0.")
        bids.append((b["side"], n if b["side"] else 0))  # no side: the number is zero (3.2.2)
    (sa, na), (sb, nb) = bids
    if sa and sb and sa != sb:                       # (a) opposing sides
        return {"sides": [sa, sb], "handicap": None}
    if sa and not sb:
        return {"sides": [sa, ENEMY[sa]], "handicap": None}
    if sb and not sa:
        return {"sides": [ENEMY[sb], sb], "handicap": None}
    if sa and sa == sb and na != nb:                 # (b) the greater number gets its side
        if na > nb:
            sides = [sa, ENEMY[sa]]
        else:
            sides = [ENEMY[sb], sb]
    else:                                            # (c) same side and number, or no side at all
        st = {"rng": rng.seed_value(seed)}
        first = "USA" if rng.randbelow(st, 2) == 0 else "USSR"
        sides = [first, ENEMY[first]]
    # (d) a player not playing its side of choice receives the opponent's number
    for i, (chosen, _n) in enumerate(bids):
        other_number = bids[1 - i][1]
        if chosen and sides[i] != chosen and other_number:
            return {"sides": sides, "handicap": {"side": sides[i], "influence": other_number}}
    return {"sides": sides, "handicap": None}
