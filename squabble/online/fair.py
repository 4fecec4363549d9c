"""A deal nobody could choose and anyone can check (issue 60).  docs/online.md, "The deal".

When a game is made the server draws a secret (256 bits from the operating system) and
commits to it: every update carries ``deal_commitment``, the hex SHA-256 of the reveal string
(``new_reveal``).  Each player's client sends a random value of its own (its *contribution*)
with ``create`` and ``join``; the game's seed is SHA-256 of the reveal and both contributions
(``seed_of``), so the server, having committed before it saw the friend's value, cannot choose
the deal, and a player, not knowing the secret, cannot foresee it.  A finished game's updates
carry ``deal_reveal``; ``check`` tells whether a reveal, the contributions and a seed agree with
a commitment (``records.online_record`` gives a finished game as a game record).  Nothing here
touches a socket or the database."""

from __future__ import annotations

import dataclasses
import hashlib
import re
import secrets

PREFIX = "squabble-deal-1:"
MAX_CONTRIBUTION = 128        # hex digits a contribution may have (at least 16 are wanted)
_HEX = re.compile(r"[0-9a-f]*")


def new_reveal() -> str:
    """A new game's reveal string: the scheme's name and 256 random bits in hex."""
    return PREFIX + secrets.token_hex(32)


def commitment_of(reveal: str) -> str:
    return hashlib.sha256(reveal.encode()).hexdigest()


def new_contribution() -> str:
    """A client's own random value (128 bits, hex)."""
    return secrets.token_hex(16)


def contribution(value) -> str:
    """``value`` as a contribution ("" when a client sent none); ValueError with a sentence."""
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > MAX_CONTRIBUTION or \
            not _HEX.fullmatch(value):
        raise ValueError(f"'contribution' must be a random value in lower-case hex, at most "
                         f"{MAX_CONTRIBUTION} digits.")
    return value


def seed_of(reveal: str, creator: str, friend: str) -> int:
    """The game's seed (64 bits: the engines' generator state) from the server's reveal and the
    two players' contributions, the creator's first."""
    text = f"{reveal}|{creator}|{friend}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def new_deal(creator: str) -> dict:
    """A new game's deal as the server keeps it: the reveal, its commitment and the creator's
    contribution (the friend's comes with ``join``)."""
    reveal = new_reveal()
    return {"reveal": reveal, "commitment": commitment_of(reveal),
            "contributions": [creator, ""]}


def seed_of_deal(deal: dict) -> int:
    return seed_of(deal["reveal"], *deal["contributions"])


def check(deal, seed) -> str | None:
    """None when ``deal`` (a record's: its commitment, reveal and contributions) commits to its
    reveal and gives ``seed``; else one sentence saying what does not match."""
    if not isinstance(deal, dict):
        return "The record holds no deal to check (it was not dealt by a server)."
    reveal, commit, contribs = deal.get("reveal"), deal.get("commitment"), \
        deal.get("contributions")
    if not isinstance(reveal, str) or not isinstance(commit, str):
        return "The record's deal lacks its reveal or its commitment."
    if commitment_of(reveal) != commit:
        return ("The deal's reveal does not match its commitment: the server did not deal the "
                "game it committed to.")
    if not (isinstance(contribs, list) and len(contribs) == 2
            and all(isinstance(c, str) for c in contribs)):
        return "The record's deal lacks the players' two contributions."
    if type(seed) is not int or seed_of(reveal, *contribs) != seed:
        return ("The record's seed is not the one its reveal and the players' contributions "
                "give: the deal was not the committed one.")
    return None


def dealt_at_join(rec, friend: str, deal_again):
    """The game ``rec`` (the server's record, not changed) with the friend's contribution mixed
    in and dealt again (``deal_again(seed)``: its first state), or None when it cannot be: a
    game stored before deals were committed, or one whose creator moved before the friend came
    (its deal stands, made without the friend's value)."""
    if not rec.deal or rec.version or rec.moves:
        return None
    deal = {**rec.deal, "contributions": [rec.deal["contributions"][0], friend]}
    seed = seed_of_deal(deal)
    state = deal_again(seed)
    return dataclasses.replace(rec, deal=deal, seed=seed, state=state,
                               winner=state.get("winner"))
