"""Write docs/screenshots/*.png headless: title, table mid-turn, hand-off, Agent reveal, result.

    SDL_VIDEODRIVER=dummy python tools/screenshots.py [outdir]
"""

from __future__ import annotations

import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["SQUABBLE_DATA_DIR"] = tempfile.mkdtemp(prefix="squabble-shots-")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from squabble.framework.clock import NoWaitClock  # noqa: E402
from squabble.framework.handoff import HandOffScene  # noqa: E402
from squabble.ui import settings as S  # noqa: E402
from squabble.ui.app import SquabbleApp  # noqa: E402
from squabble.ui.menus import ResultScene  # noqa: E402

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join("docs", "screenshots")


def app_(anim="normal", seed=7):
    a = SquabbleApp(clock=NoWaitClock(), test_mode=True, seed=seed,
                    settings=S.Settings(sound=0, music=0, anim=anim))
    a.to_title()
    return a


def steps(a, n):
    for _ in range(n):
        a.step()


def until(a, pred, limit=20000):
    for _ in range(limit):
        if pred():
            return True
        a.step()
    return False


def table(a):
    from squabble.ui.table import TableScene
    return a.stack.find(TableScene)


def human_turn(a):
    t = table(a)
    return t is not None and a.stack.top is t and t.mode == "human"


def shot(a, name):
    path = os.path.join(OUT, name)
    a.draw()
    a.save_screenshot(path)
    print(path)


def pick(a, index=0):
    t = table(a)
    t._commit(index)


def main():
    os.makedirs(OUT, exist_ok=True)
    # 1. title
    a = app_()
    steps(a, 90)
    shot(a, "title.png")

    # 2. table mid-turn: America against the computer, era 2, one card staged, a card zoomed
    a = app_(seed=12)
    a.start_game({"mode": "computer", "human": "USA", "level": "normal", "events": True})
    for _ in range(40):
        until(a, lambda: human_turn(a))
        t = table(a)
        d = t.session.state
        if d["era"] >= 2 and t.session.decision()["kind"] == "play":
            break
        opts = t.session.decision()["options"]
        pick(a, len(opts) - 1 if t.session.decision()["kind"] == "take_tokens" else 0)
    t = table(a)
    hand = t._hand_index_cards()
    t.click_card([c for c in hand if "agent" not in c][0])
    steps(a, 40)
    t.hover = t._hand_index_cards()[1]
    t._layout_sprites()
    steps(a, 30)
    shot(a, "table.png")

    # 3. hand-off in a two-player game
    a = app_(seed=5)
    a.start_game({"mode": "hotseat", "human": "USSR", "level": "normal", "events": False})
    until(a, lambda: isinstance(a.stack.top, HandOffScene))
    a.stack.top._confirm()
    until(a, lambda: human_turn(a))
    pick(a, 0)
    until(a, lambda: isinstance(a.stack.top, HandOffScene))
    steps(a, 30)
    shot(a, "handoff.png")

    # 4. an Agent reveal: Russia (you) plays its Agent
    a = app_(seed=9)
    a.start_game({"mode": "computer", "human": "USSR", "level": "normal", "events": False})
    until(a, lambda: human_turn(a))
    t = table(a)
    opts = t.session.decision()["options"]
    idx = next(i for i, o in enumerate(opts) if o["bop"] == "ussr-agent")
    pick(a, idx)
    until(a, lambda: t.moment is not None and t.moment["kind"] == "agent")
    steps(a, 50)
    shot(a, "agent-reveal.png")

    # 5. the Space Race moment and 6. a result screen
    until(a, lambda: t.moment is not None and t.moment["kind"] == "race" or human_turn(a))
    while not (t.moment is not None and t.moment["kind"] == "race"):
        if human_turn(a):
            pick(a, 0)
        a.step()
    steps(a, 60)
    shot(a, "space-race.png")

    # a Mushroom Cloud ending and its result
    for seed in range(1, 60):
        a = app_(seed=seed)
        a.start_game({"mode": "computer", "human": "USSR", "level": "normal", "events": False})
        t = table(a)
        import random
        rnd = random.Random(seed)
        while t.session.state["winner"] is None:
            until(a, lambda: human_turn(a) or t.session.state["winner"] is not None)
            if human_turn(a):
                pick(a, rnd.randrange(len(t.session.decision()["options"])))
        if t.session.state["result"]["how"] == "cloud":
            until(a, lambda: t.cloud_t is not None and t.cloud_t > 2.2)
            shot(a, "mushroom-cloud.png")
            until(a, lambda: isinstance(a.stack.top, ResultScene))
            steps(a, 30)
            shot(a, "result.png")
            break
    pygame.quit()


if __name__ == "__main__":
    main()
