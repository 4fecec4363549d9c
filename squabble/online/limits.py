"""What one client address may do (issue 56): limits that hold across its connections.

A stranger's new connection gets no fresh allowance: games created a minute and an hour, wrong
invitation codes (a pause that grows after each run of them) and messages a second are counted
per address (an IPv6 address by its /64 network, which one subscriber usually holds whole).
Behind a reverse proxy every connection comes from the proxy; with ``--trusted-proxy`` the
address is the one that proxy states in ``X-Forwarded-For`` (the header of any other peer is
ignored, so nobody can choose their own address).

Time comes from ``now()`` (seconds, the wall clock): the tests replace it with a fake clock.
``guess_odds`` is the arithmetic of docs/online.md ("Invitation codes"): how many codes one
address may try in a year at these limits, and the odds that they find a game."""

from __future__ import annotations

import ipaddress
import math
import time
from dataclasses import dataclass, field


def now() -> float:
    """The limits' clock (seconds); a test replaces it."""
    return time.time()


@dataclass(frozen=True)
class Limits:
    games_per_minute: int = 6           # games one address may create
    games_per_hour: int = 60
    wrong_codes: int = 10               # wrong invitation codes before a pause
    first_pause: float = 60.0           # seconds; each further pause twice as long ...
    longest_pause: float = 86400.0      # ... to at most a day
    forgive_after: float = 7 * 86400.0  # a week with no wrong code: the pauses start over
    messages_per_second: float = 100.0  # from one address, all its connections together
    connections_per_minute: int = 120   # new connections from one address (a burst of as many)
    unjoined_hours: float = 72.0        # a game nobody joined is deleted after this
    trusted_proxies: frozenset = field(default_factory=frozenset)


class Bucket:
    """A token bucket: ``size`` tokens, refilled at ``size`` every ``period`` seconds."""
    __slots__ = ("size", "rate", "level", "stamp")

    def __init__(self, size: float, period: float, t: float):
        self.size, self.rate, self.level, self.stamp = float(size), size / period, float(size), t

    def _fill(self, t: float):
        self.level = min(self.size, self.level + max(0.0, t - self.stamp) * self.rate)
        self.stamp = t

    def take(self, t: float, n: float = 1) -> bool:
        self._fill(t)
        if self.level < n:
            return False
        self.level -= n
        return True

    def wait(self, t: float) -> float:
        """Seconds until a token is there."""
        self._fill(t)
        return 0.0 if self.level >= 1 else (1 - self.level) / self.rate

    def full(self, t: float) -> bool:
        self._fill(t)
        return self.level >= self.size


class Address:
    """One address's allowances."""
    __slots__ = ("minute", "hour", "messages", "connects", "wrong", "pauses", "paused_until",
                 "last_wrong", "connections", "queued")

    def __init__(self, limits: Limits, t: float):
        self.minute = Bucket(limits.games_per_minute, 60.0, t)
        self.hour = Bucket(limits.games_per_hour, 3600.0, t)
        self.messages = Bucket(2 * limits.messages_per_second, 2.0, t)   # bursts of 2 s
        self.connects = Bucket(limits.connections_per_minute, 60.0, t)
        self.wrong = 0               # wrong codes since the last pause
        self.pauses = 0              # pauses since the address was last forgiven
        self.paused_until = -math.inf
        self.last_wrong = -math.inf
        self.connections = 0
        self.queued = 0              # bytes waiting in its connections' outboxes


MAX_ADDRESSES = 100_000    # addresses remembered at once; past that, new ones share one entry
OVERFLOW = "(too many addresses)"


class AddressBook:
    """Every address's allowances; an address that has used none of them is forgotten.  At
    most ``MAX_ADDRESSES`` are kept (each a few hundred bytes): while the book is full of
    addresses still using their allowances, a new address shares one entry with every other
    new one (strict, but memory stays bounded)."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.addresses: dict = {}
        self.tidied = -math.inf

    def get(self, addr: str) -> Address:
        a = self.addresses.get(addr)
        if a is None:
            if len(self.addresses) >= MAX_ADDRESSES:
                t = now()
                if t - self.tidied >= 1.0:     # (at most once a second: it walks the book)
                    self.tidied = t
                    self.forget_idle()
                if len(self.addresses) >= MAX_ADDRESSES:
                    addr = OVERFLOW
                    a = self.addresses.get(addr)
            if a is None:
                a = self.addresses[addr] = Address(self.limits, now())
        return a

    def create_wait(self, addr: str) -> float:
        """0 and one game counted if ``addr`` may create a game now, else the seconds to
        wait."""
        a, t = self.get(addr), now()
        wait = max(a.minute.wait(t), a.hour.wait(t))
        if wait > 0:
            return wait
        a.minute.take(t), a.hour.take(t)
        return 0.0

    def connect_wait(self, addr: str) -> float:
        """0 and the connection counted if ``addr`` may open one now, else the seconds to
        wait."""
        a, t = self.get(addr), now()
        wait = a.connects.wait(t)
        if wait == 0:
            a.connects.take(t)
        return wait

    def message(self, addr: str, weight: float = 1) -> bool:
        """A message of ``weight`` messages' worth from ``addr``: False if over its rate."""
        return self.get(addr).messages.take(now(), weight)

    def code_wait(self, addr: str) -> float:
        """Seconds ``addr`` must wait before it may try an invitation code (0: now)."""
        return max(0.0, self.get(addr).paused_until - now())

    def wrong_code(self, addr: str) -> float:
        """A wrong code from ``addr``; the pause it starts (seconds; 0: none yet)."""
        a, t, lim = self.get(addr), now(), self.limits
        if t - a.last_wrong >= lim.forgive_after:
            a.pauses = 0
        a.last_wrong = t
        a.wrong += 1
        if a.wrong < lim.wrong_codes:
            return 0.0
        pause = min(lim.longest_pause, lim.first_pause * 2 ** min(a.pauses, 60))
        a.wrong, a.pauses, a.paused_until = 0, a.pauses + 1, t + pause
        return pause

    def forget_idle(self):
        """Drop the addresses with no connection, every allowance whole and nothing to
        forgive (their entries would be made again the same)."""
        t, lim = now(), self.limits
        for key in [k for k, a in self.addresses.items()
                    if not a.connections and a.minute.full(t) and a.hour.full(t)
                    and a.messages.full(t) and a.connects.full(t) and not a.wrong
                    and (not a.pauses or t - a.last_wrong >= lim.forgive_after)]:
            del self.addresses[key]


def address_key(host: str) -> str:
    """The key an address's limits are kept under: an IPv4 address itself, an IPv6 address's
    /64 network (an IPv4 address mapped into IPv6 is the IPv4 one)."""
    try:
        ip = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host[:64]
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def trusted_set(addresses) -> frozenset:
    """The ``--trusted-proxy`` addresses in their normal spelling; ValueError names a bad
    one."""
    out = set()
    for a in addresses or ():
        try:
            out.add(str(ipaddress.ip_address(a)))
        except ValueError:
            raise ValueError(f"--trusted-proxy {a[:60]!r} is not an IP address.") from None
    return frozenset(out)


def client_address(peer: str, forwarded: str | None, trusted: frozenset) -> str:
    """The client's address: the peer's, unless the peer is a trusted proxy; then the last
    address in ``X-Forwarded-For`` that is not itself a trusted proxy (each proxy appends the
    address it was reached from, so what a client wrote itself sits to the left and is never
    taken)."""
    addr = _normal(peer) or peer
    if addr not in trusted or not forwarded:
        return addr
    for part in reversed(forwarded.split(",")):
        hop = _normal(part.strip())
        if hop is None:          # not an address: the chain is not to be trusted past here
            return addr
        if hop not in trusted:
            return hop
        addr = hop
    return addr


def _normal(text: str):
    try:
        return str(ipaddress.ip_address(text.strip().strip("[]").split("%")[0]))
    except ValueError:
        return None


# -- the guessing arithmetic (docs/online.md, "Invitation codes") ---------------------------

def codes_tried_in(limits: Limits, seconds: float) -> int:
    """How many invitation codes one address can try in ``seconds`` at ``limits``, trying
    each time the limits let it (a fake clock walks the address book itself)."""
    global now
    real = now
    clock = [0.0]
    now = lambda: clock[0]   # noqa: E731 - the book's clock for this count only
    try:
        book, tried = AddressBook(limits), 0
        while clock[0] < seconds:
            wait = book.code_wait("x")
            if wait > 0:
                clock[0] += wait
                continue
            tried += 1
            book.wrong_code("x")
        return tried
    finally:
        now = real


def guess_odds(limits: Limits, code_space: int, open_games: int, addresses: int = 1,
               years: float = 1.0) -> dict:
    """The odds that ``addresses`` guessing at once for ``years`` find at least one of
    ``open_games`` games (at most the expected number of finds: guesses x games / codes)."""
    per_address = codes_tried_in(limits, years * 365 * 86400)
    guesses = per_address * addresses
    return {"codes": code_space, "per_address_a_year": per_address / years,
            "guesses": guesses, "open_games": open_games,
            "odds": min(1.0, guesses * open_games / code_space)}
