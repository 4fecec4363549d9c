"""Computer players for Twilight Squabble (and, through ``squabble.ai.struggle``, Twilight Struggle).

``choose(game_name, state, level, seed) -> int`` returns the index of the option the computer
player of ``level`` picks for the pending decision.  It looks at ``engine.view(state, side)``
only, so it never uses what the deciding side may not see, and for a given view and seed the
answer is always the same.  How each level thinks: docs/ai.md.
"""

from __future__ import annotations

import random

LEVELS = ("easy", "normal", "hard")


def choose(game_name: str, state: dict, level: str, seed: int = 0) -> int:
    if game_name == "struggle":
        from squabble.ai.struggle import choose_struggle  # docs/ai-struggle.md
        return choose_struggle(state, level, seed)
    if game_name != "squabble":
        raise ValueError(f"Unknown game {game_name!r}: choose 'squabble' or 'struggle'.")
    if level not in LEVELS and level != "random":
        raise ValueError("The level must be \"easy\", \"normal\" or \"hard\".")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("The seed must be an integer.")
    from squabble.games.squabble import engine as E
    pending = state.get("pending") if isinstance(state, dict) else None
    if not pending or state.get("winner") is not None:
        from squabble.turn import NO_DECISION
        raise ValueError(NO_DECISION)
    side = pending["player"]
    return choose_from_view(E.view(state, side), level, seed)


def choose_from_view(v: dict, level: str, seed: int = 0) -> int:
    """The choice for a view (``engine.view(state, side)`` of the deciding side)."""
    from squabble.ai import heuristic as H
    from squabble.ai import info
    from squabble.games.squabble import engine as E
    side = v["pending"]["player"]
    rng = random.Random(seed * 1_000_003 + 7)
    n = len(E.options(v))
    if n == 1:
        return 0
    if level == "random":
        return rng.randrange(n)
    if level == "hard":
        from squabble.ai.search import hard_choice
        return hard_choice(v, side, rng)
    s = info.canonical(v, side)
    if level == "easy":
        from squabble.ai.easy import easy_choice
        return easy_choice(s, side, rng)
    return H.normal_choice(s, side, rng)
