"""Write docs/screenshots/struggle-*.png headless: the game pick, set-up, the map at the start,
a headline hand-off, operations with lit targets, a coup, a scoring and the result.

    SDL_VIDEODRIVER=dummy python tools/struggle_screenshots.py [outdir]
"""

from __future__ import annotations

import os

from shot_harness import OUT, app_, shot, until  # (first: the headless set-up)

from squabble.framework.handoff import HandOffScene  # noqa: E402
from squabble.games.struggle.data import CARDS  # noqa: E402


def scene(a):
    from squabble.ui.struggle.scene import StruggleScene
    return a.stack.find(StruggleScene)


def waiting(a):
    t = a.stack.top
    sc = scene(a)
    return isinstance(t, HandOffScene) or t.name == "struggle_result" or (
        sc is not None and t is sc and sc.human_turn() and sc.choices is not None)


def kind(a):
    return (scene(a).session.describe() or {}).get("kind")


def pick(a, prefer):
    """Decide for the human by the scene (not events): the first option ``prefer`` likes that
    the engine does not warn loses the game (a warned one would wait for a confirmation)."""
    sc = scene(a)
    opts = sc.session.decision()["options"]
    safe = [k for k, o in enumerate(opts) if not o.get("warning")] or list(range(len(opts)))
    i = next((k for k in safe if prefer(opts[k])), safe[0])
    sc.commit(i, confirmed=True)


def catch_moment(a, kind_, t, name, prefer, limit):
    """Decide by ``prefer`` until a moment of ``kind_`` shows; shoot it at time ``t`` (dice
    settled).  Other moments are skipped."""
    def showing(k=None):
        sc = scene(a)
        return sc is not None and sc.moment is not None and (k is None or sc.moment.kind == k)
    for _ in range(limit):
        until(a, lambda: waiting(a) or showing(kind_))
        sc = scene(a)
        if sc is None:
            return
        if showing(kind_):
            sc.moment.t = t
            shot(a, name)
            return
        if showing():
            sc.moment = None
            continue
        if a.stack.top is not sc:
            return
        pick(a, prefer)


def main():
    os.makedirs(OUT, exist_ok=True)
    from squabble.ui.gamepick import GamePickScene
    from squabble.ui.struggle.setup import StruggleSetupScene, start_struggle

    a = app_()
    a.stack.push(GamePickScene(a))
    until(a, lambda: False, 20)
    shot(a, "struggle-title-pick.png")
    a.stack.push(StruggleSetupScene(a))
    until(a, lambda: False, 20)
    shot(a, "struggle-setup.png")

    # against the computer, playing the USSR: the map at the start (set-up targets lit)
    start_struggle(a, {"mode": "computer", "human": "USSR", "level": "easy", "options": {}},
                   seed=11)
    until(a, lambda: waiting(a))
    until(a, lambda: False, 10)
    shot(a, "struggle-map-start.png")

    # operations with lit targets: play on until the USSR places influence with a card's Ops
    a.settings.anim = "instant"
    for _ in range(400):
        until(a, lambda: waiting(a))
        if kind(a) == "influence":
            break
        k = kind(a)
        pick(a, lambda o: o.get("mode") in ("influence",) if k in ("play_mode", "ops_kind")
             else CARDS.get(o.get("card"), {}).get("ops", 0) == 3 if k == "action_card" else True)
    until(a, lambda: False, 4)
    shot(a, "struggle-operations.png")

    # a coup: steer the next operations into a coup and catch the moment with settled dice
    a.settings.anim = "normal"
    catch_moment(a, "coup", 1.4, "struggle-coup.png", lambda o: o.get("mode") == "coup", 600)
    # a scoring: play scoring cards when the hand has one
    catch_moment(a, "score", 1.0, "struggle-scoring.png",
                 lambda o: CARDS.get(o.get("card"), {}).get("scoring") or o.get("mode") in
                 ("influence",), 2000)

    # a headline hand-off on one couch
    b = app_(anim="instant", seed=3)
    start_struggle(b, {"mode": "hotseat", "human": "USSR", "level": "easy", "options": {}},
                   seed=5)
    for _ in range(200):
        until(b, lambda: waiting(b))
        if isinstance(b.stack.top, HandOffScene) and kind(b) == "headline":
            break
        if isinstance(b.stack.top, HandOffScene):
            b.stack.top._confirm()
            continue
        pick(b, lambda o: True)
    until(b, lambda: False, 60)   # past the hand-off's grace time
    shot(b, "struggle-headline-handoff.png")

    # the result: the computer plays on to the end
    a.settings.anim = "instant"
    for _ in range(3000):
        until(a, lambda: waiting(a))
        if a.stack.top.name == "struggle_result":
            break
        pick(a, lambda o: True)
    until(a, lambda: False, 30)
    shot(a, "struggle-result.png")


if __name__ == "__main__":
    main()
