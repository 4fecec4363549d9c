"""Write docs/screenshots/struggle-*.png headless: the game pick, set-up, the map at the start,
a headline hand-off, operations with lit targets, a coup, a scoring and the result.

    SDL_VIDEODRIVER=dummy python tools/struggle_screenshots.py [outdir]
"""

from __future__ import annotations

import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["SQUABBLE_DATA_DIR"] = tempfile.mkdtemp(prefix="squabble-shots-")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from squabble.framework.clock import NoWaitClock  # noqa: E402
from squabble.framework.handoff import HandOffScene  # noqa: E402
from squabble.games.struggle.data import CARDS  # noqa: E402
from squabble.ui import settings as S  # noqa: E402
from squabble.ui.app import SquabbleApp  # noqa: E402

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join("docs", "screenshots")


def app_(anim="normal", seed=7):
    a = SquabbleApp(clock=NoWaitClock(), test_mode=True, seed=seed,
                    settings=S.Settings(sound=0, music=0, anim=anim))
    a.to_title()
    return a


def until(a, pred, limit=40000):
    for _ in range(limit):
        if pred():
            return True
        a.step()
    return False


def scene(a):
    from squabble.ui.struggle.scene import StruggleScene
    return a.stack.find(StruggleScene)


def shot(a, name):
    path = os.path.join(OUT, name)
    a.draw()
    a.save_screenshot(path)
    print("wrote", path)


def waiting(a):
    t = a.stack.top
    sc = scene(a)
    return isinstance(t, HandOffScene) or t.name == "struggle_result" or (
        sc is not None and t is sc and sc.human_turn() and sc.choices is not None)


def kind(a):
    return (scene(a).session.describe() or {}).get("kind")


def pick(a, prefer):
    """Decide for the human by the scene (not events): the first option ``prefer`` likes."""
    sc = scene(a)
    d = sc.session.decision()
    i = next((k for k, o in enumerate(d["options"]) if prefer(o)), 0)
    sc.commit(i)


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
    for _ in range(600):
        until(a, lambda: waiting(a) or (scene(a) and scene(a).moment is not None
                                         and scene(a).moment.kind == "coup"))
        sc = scene(a)
        if sc is None:
            break
        if sc.moment is not None and sc.moment.kind == "coup":
            sc.moment.t = 1.4
            shot(a, "struggle-coup.png")
            break
        if sc.moment is not None:
            sc.moment = None
            continue
        if a.stack.top is not sc:
            break
        pick(a, lambda o: o.get("mode") == "coup")
    # a scoring: play scoring cards when the hand has one
    for _ in range(2000):
        until(a, lambda: waiting(a) or (scene(a) and scene(a).moment is not None
                                         and scene(a).moment.kind == "score"))
        sc = scene(a)
        if sc is None:
            break
        if sc.moment is not None and sc.moment.kind == "score":
            sc.moment.t = 1.0
            shot(a, "struggle-scoring.png")
            break
        if sc.moment is not None:
            sc.moment = None
            continue
        if a.stack.top is not sc:
            break
        pick(a, lambda o: CARDS.get(o.get("card"), {}).get("scoring") or o.get("mode") in
             ("influence",))

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
