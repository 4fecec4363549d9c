"""A tiny seeded random generator whose whole state is one JSON integer.

Game states keep ``state["rng"]`` (an int in [0, 2**64)) and ``state["dice"]`` (a queue of forced
die rolls, consumed before the generator).  Every function here takes the game state and mutates
those two keys only, so seed + choices replay exactly and a state survives a JSON round trip.
"""

MASK = (1 << 64) - 1
#: SplitMix64's step (the generator state advances by it at each draw) and its multipliers
_STEP = 0x9E3779B97F4A7C15
_M1, _M2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_STEP_INV, _M1_INV, _M2_INV = (pow(m, -1, MASK + 1) for m in (_STEP, _M1, _M2))


def seed_value(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK


def next_u64(state: dict) -> int:
    """SplitMix64: advance ``state["rng"]`` and return 64 random bits."""
    x = (state["rng"] + _STEP) & MASK
    state["rng"] = x
    x = ((x ^ (x >> 30)) * _M1) & MASK
    x = ((x ^ (x >> 27)) * _M2) & MASK
    return x ^ (x >> 31)


def _unshift(y: int, k: int) -> int:
    """The x with x ^ (x >> k) == y."""
    x = y
    for _ in range(64 // k + 1):
        x = y ^ (x >> k)
    return x


def forcing(bits: int) -> int:
    """The generator state whose next draw gives exactly ``bits`` (0 <= bits < 2**64): then
    ``randbelow(state, n)`` is ``bits % n`` for any n that does not reject it (every n when bits
    is small).  (For a search that walks every outcome of one random draw: the k-th card of a
    hand is drawn from ``forcing(k)``.)"""
    x = _unshift(bits & MASK, 31)
    x = (x * _M2_INV) & MASK
    x = _unshift(x, 27)
    x = (x * _M1_INV) & MASK
    x = _unshift(x, 30)
    return (x - _STEP) & MASK


def draws_between(before: int, after: int) -> int:
    """How many draws took the generator state ``before`` to ``after`` (64 random bits each;
    a ``randbelow`` that rejected a value takes two)."""
    return ((after - before) * _STEP_INV) & MASK


def randbelow(state: dict, n: int) -> int:
    """A uniform integer in [0, n)."""
    if n <= 0:
        raise ValueError("randbelow needs a positive bound")
    limit = (MASK + 1) - ((MASK + 1) % n)
    while True:
        v = next_u64(state)
        if v < limit:
            return v % n


def shuffle(state: dict, items: list) -> None:
    """Fisher-Yates shuffle of ``items`` in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]


def roll_die(state: dict, sides: int = 6) -> int:
    """One die roll: the forced queue ``state["dice"]`` first, then the generator."""
    queue = state.get("dice")
    if queue:
        return queue.pop(0)
    return randbelow(state, sides) + 1
