"""Screenshots of Finished games and both games' replay screens at 1280x720 (issue 60).

    python tools/replay_screenshots.py [OUT]     (default docs/screenshots)

Plays one Twilight Squabble and one Twilight Struggle game against the normal computer player
(the person's side random, seeded: the same games every run), kept as records in a throw-away
data folder, then shoots the list, the Struggle replay mid-game (everything, and as the USA saw
it) and the Squabble replay at the end.
"""

from __future__ import annotations

import random

from shot_harness import app_, shot, steps


def play(game: str, seed: int, level: str = "normal"):
    from squabble.ai import choose
    from squabble.framework.session import Session
    from squabble.games import registry
    s = Session.new(registry.get(game), {"mode": "computer", "human": "USSR", "level": level,
                                         "options": {}}, seed)
    r = random.Random(seed)
    while not s.over:
        d = s.decision()
        if s.controller(d["player"]) == "computer":
            i = choose(game, s.game.copy(s.state), level, r.randrange(1 << 30))
        else:
            i = r.randrange(len(d["options"]))
        s.apply(i)
    return s.kept_record


def main():
    from squabble.ui.finished import FinishedGamesScene, open_record
    squabble_rec, struggle_rec = play("squabble", 12), play("struggle", 9)
    a = app_()
    steps(a, 2)
    a.stack.push(FinishedGamesScene(a))
    steps(a, 2)
    shot(a, "finished-games.png")
    open_record(a, struggle_rec)
    scene = a.stack.top
    scene.model.go(scene.model.n // 2)
    scene.build()
    steps(a, 2)
    shot(a, "replay-struggle.png")
    scene.model.view = "USA"
    scene.build()
    steps(a, 2)
    shot(a, "replay-struggle-as-usa.png")
    a.stack.pop()
    open_record(a, squabble_rec)
    scene = a.stack.top
    scene.model.go(scene.model.n)
    scene.build()
    steps(a, 2)
    shot(a, "replay-squabble.png")


if __name__ == "__main__":
    main()
