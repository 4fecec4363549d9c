"""Write the screenshots of the Struggle window's help for a new player (docs/ui-struggle.md):
the hand, the computer's changes after its turn, the scrolled log, a warned option and its
confirmation, two steps of Learn to play, and the coach's hint when the build has the coach.

    SDL_VIDEODRIVER=dummy python tools/struggle_ui_shots.py [outdir]

The warned option is staged: DEFCON is set to 2 and the engine's decision is wrapped to carry a
``warning`` (contract 2's key) on the coup, so the shot shows the window's side whatever the
engine's own marks are.
"""

from __future__ import annotations

import copy
import os

from shot_harness import OUT, app_, shot, until  # (first: the headless set-up)

from squabble.ui.struggle.region_jump import zoom_to, zoom_to_countries  # noqa: E402
from struggle_screenshots import kind, scene, waiting  # noqa: E402


def to(a, want, after=0, pick=0):
    """Play the USSR's option ``pick`` until the ``want`` decision (the ``after``-th one)."""
    for _ in range(600):
        until(a, lambda: waiting(a))
        sc = scene(a)
        if kind(a) == want and sc.session.state["action_round"] >= after:
            return sc
        d = sc.session.decision()
        sc.commit(pick % len(d["options"]))
    raise SystemExit(f"no {want} decision came")


def main():
    os.makedirs(OUT, exist_ok=True)
    from squabble.ui.struggle.setup import start_struggle
    a = app_()
    start_struggle(a, {"mode": "computer", "human": "USSR", "level": "easy", "options": {}},
                   seed=11)
    sc = to(a, "action_card", after=2)
    until(a, lambda: False, 10)
    shot(a, "struggle-hand.png")            # also the computer's changes, badged
    # the computer's changes after its turn: the map zoomed to them
    zoom_to_countries(sc.map, list(sc.follow.changes["USSR"]))
    until(a, lambda: False, 4)
    shot(a, "struggle-opponent-changes.png")
    zoom_to(sc.map, None)
    # the log, scrolled back
    sc.log.scroll_by(a.layout, 14)
    until(a, lambda: False, 2)
    shot(a, "struggle-log-scrolled.png")
    sc.log.scroll_by(a.layout, -10 ** 6)
    # a warned option: the coup of the next card played for its operations
    sc = to(a, "play_mode", after=3)
    real = sc.session.game.decision

    def warned(state):
        d = real(state)
        if d is not None:
            d = copy.deepcopy(d)
            for o in d["options"]:
                if o.get("mode") == "coup":
                    o["warning"] = ("DEFCON would fall to 1 in your own action round: you lose "
                                    "the game.")
        return d
    sc.session.game.decision = warned
    sc.session.state = dict(sc.session.state, defcon=2)   # where that sentence is true
    sc.choice_key = None
    until(a, lambda: False, 4)
    b = next(b for b in sc._buttons if "coup" in b.label.lower())
    sc.focus.visible = True
    sc.focus.focus(next(t for t in sc.focus.items if t.payload is b))
    until(a, lambda: False, 2)
    shot(a, "struggle-warning.png")
    b.action()
    until(a, lambda: False, 4)
    shot(a, "struggle-warning-confirm.png")
    sc.session.game.decision = real
    a.stack.top._no() if a.stack.top is not sc else None
    lesson_shots()
    # the coach, when this build has one (contract 4's squabble.ai.struggle_hint)
    from squabble.ui.struggle.coach import _hint_fn
    if _hint_fn() is None:
        print("no coach in this build: struggle-hint.png not written")
        return
    sc.choice_key = None
    until(a, lambda: waiting(a))
    sc.ask_hint()
    until(a, lambda: sc.coach.job is None, 3000)
    shot(a, "struggle-hint.png")


def lesson_shots():
    """Two steps of Learn to play: the influence step (how to use Comecon) and the coup."""
    from squabble.ui.struggle import tutorial
    from squabble.ui.struggle.setup import start_struggle
    b = app_()
    start_struggle(b, dict(tutorial.SETUP), seed=tutorial.SEED)
    wanted = [("3", "play_mode", "struggle-learn-influence.png"),
              ("4", "coup_target", "struggle-learn-coup.png")]
    for _ in range(400):
        until(b, lambda: waiting(b))
        sc = scene(b)
        step = sc.tutor.step()
        if not wanted or step is None:
            break
        if step[2].startswith(wanted[0][0]) and kind(b) == wanted[0][1]:
            until(b, lambda: False, 10)
            shot(b, wanted.pop(0)[2])
        d = sc.session.decision()
        sc.commit(next(i for i in range(len(d["options"])) if not sc.tutor.refuses(i)))


if __name__ == "__main__":
    main()
