"""``squabble simulate``: random legal games with invariants checked after every step."""

from __future__ import annotations

import json
import random
import time

from squabble.games import registry


def simulate(game_name: str, games: int, seed: int, options: dict | None = None,
             check: bool = True, out=print) -> dict:
    """Play ``games`` random games.  Ctrl-C (KeyboardInterrupt) stops after the finished games:
    the result then says ``"interrupted": True`` and covers only those games."""
    game = registry.get(game_name)
    picker = random.Random(seed)
    outcomes: dict[str, int] = {}
    steps = done_steps = 0
    done = 0
    interrupted = False
    start = time.perf_counter()
    try:
        for g in range(games):
            s = game.new(seed * 100003 + g, options or {})
            while True:
                if check:
                    problem = game.check_invariants(s)
                    if problem:
                        raise AssertionError(f"game {g}, step {steps}: {problem}")
                    _round_trip(game, s, g, steps)
                n = game.n_options(s)
                if n == 0:
                    break
                game.apply_index(s, picker.randrange(n))
                steps += 1
            key = _outcome(s)
            outcomes[key] = outcomes.get(key, 0) + 1
            done, done_steps = g + 1, steps
    except KeyboardInterrupt:
        interrupted = True
    elapsed = time.perf_counter() - start
    result = {"games": done, "decisions": done_steps, "seconds": elapsed,
              "games_per_second": done / elapsed if elapsed else float("inf"),
              "outcomes": dict(sorted(outcomes.items())), "interrupted": interrupted}
    if out:
        stopped = f" (stopped by Ctrl-C after {done} of {games})" if interrupted else ""
        out(f"{done} random {game_name} games{stopped}, {done_steps} decisions, {elapsed:.2f} s "
            f"({result['games_per_second']:.0f} games/s{', invariants checked' if check else ''})")
        width = max(len(k) for k in result["outcomes"]) if result["outcomes"] else 0
        for k, v in result["outcomes"].items():
            out(f"  {k:<{width}} {v:>7}  {100 * v / done:5.1f}%")
    return result


def _round_trip(game, s, g, steps):
    back = json.loads(json.dumps(s))
    if back != s:
        raise AssertionError(f"game {g}, step {steps}: the state changes through JSON")
    if game.decision(back) != game.decision(s):
        raise AssertionError(f"game {g}, step {steps}: the legal options change through JSON")


def _outcome(s: dict) -> str:
    res = s.get("result") or {}
    w = s.get("winner")
    if w == "draw":
        return "draw"
    if s.get("end_reason"):  # Twilight Struggle records why the game ended
        return f"{w}: {s['end_reason']}"
    how = res.get("how")
    if how == "cloud":
        return f"{w} by cloud"
    if how in ("balance", "leader"):
        return f"{w} at era 5 ({how})"
    return f"{w} ({how})" if how else str(w)
