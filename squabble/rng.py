"""A tiny seeded random generator whose whole state is one JSON integer.

Game states keep ``state["rng"]`` (an int in [0, 2**64)) and ``state["dice"]`` (a queue of forced
die rolls, consumed before the generator).  Every function here takes the game state and mutates
those two keys only, so seed + choices replay exactly and a state survives a JSON round trip.
"""

MASK = (1 << 64) - 1


def seed_value(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK


def next_u64(state: dict) -> int:
    """SplitMix64: advance ``state["rng"]`` and return 64 random bits."""
    x = (state["rng"] + 0x9E3779B97F4A7C15) & MASK
    state["rng"] = x
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


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
