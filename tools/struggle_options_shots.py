"""Write docs/screenshots/struggle-setup-options.png (the set-up with the optional rules on),
struggle-held-cards.png (a held-card reveal at the end of a turn, hot-seat: public) and
struggle-designer-ops.png (one card's operations buying influence and realignments) headless.

    SDL_VIDEODRIVER=dummy python tools/struggle_options_shots.py [outdir]
"""

from __future__ import annotations

import os

from shot_harness import OUT, app_, shot, until  # (first: the headless set-up)

from squabble.framework.handoff import HandOffScene  # noqa: E402
from squabble.games.struggle.data import CARDS  # noqa: E402

RULES = ("designer_realignment", "space_race_optional_roll", "reveal_held_cards")


def scene(a):
    from squabble.ui.struggle.scene import StruggleScene
    return a.stack.find(StruggleScene)


def main():
    os.makedirs(OUT, exist_ok=True)
    from squabble.ui.struggle.setup import StruggleSetupScene, start_struggle

    a = app_()
    s = StruggleSetupScene(a)
    a.stack.push(s)
    for k in RULES:
        s.opts[k] = True
    s.build()
    s.focus.focus(s.button("designer_realignment"))
    until(a, lambda: False, 20)
    shot(a, "struggle-setup-options.png")

    # against the computer: the USSR's first operations with the designer realignment rule
    c = app_(anim="instant", seed=4)
    start_struggle(c, {"mode": "computer", "human": "USSR", "level": "easy",
                       "options": {k: True for k in RULES}}, seed=9)
    for _ in range(400):
        until(c, lambda: scene(c) is not None and scene(c).human_turn()
              and scene(c).choices is not None)
        sc = scene(c)
        d = sc.session.decision()
        modes = {o.get("mode") for o in d["options"] if o.get("country")}
        if {"influence", "realign"} <= modes:
            until(c, lambda: False, 4)
            shot(c, "struggle-designer-ops.png")
            break
        i = next((k for k, o in enumerate(d["options"])
                  if o.get("mode") == "influence" and "country" not in o),
                 next((k for k, o in enumerate(d["options"]) if o.get("mode") == "play"
                       and (CARDS.get(o.get("card"), {}).get("ops") or 0) >= 3), 0))
        sc.commit(i)

    # two players on one screen: play the first options until the end of turn 1's reveal
    b = app_(anim="normal", seed=3)
    start_struggle(b, {"mode": "hotseat", "human": "USSR", "level": "easy",
                       "options": {k: True for k in RULES}}, seed=5)

    def held():
        sc = scene(b)
        return sc is not None and sc.moment is not None and sc.moment.title == "Held cards revealed"

    for _ in range(4000):
        sc = scene(b)
        until(b, lambda: held() or isinstance(b.stack.top, HandOffScene) or (
            scene(b) is not None and (scene(b).moment is not None or (
                b.stack.top is scene(b) and scene(b).choices is not None))), 2000)
        sc = scene(b)
        if held():
            sc.moment.t = 0.8
            shot(b, "struggle-held-cards.png")
            return
        if isinstance(b.stack.top, HandOffScene):
            b.stack.top._confirm()
            until(b, lambda: False, 2)
            continue
        if sc is None:
            raise SystemExit(f"the game scene is gone: {b.stack.top.name}")
        if sc.moment is not None:
            sc.moment = None
            continue
        d = sc.session.decision()
        # scoring cards at once, every card for influence: each side holds one card at the end
        i = next((k for k, o in enumerate(d["options"])
                  if CARDS.get(o.get("card"), {}).get("scoring") and o.get("mode") == "play"),
                 next((k for k, o in enumerate(d["options"]) if o.get("mode") == "influence"),
                      0))
        sc.commit(i)
    raise SystemExit("no held-card reveal reached")


if __name__ == "__main__":
    main()
