"""What the window remembers of a game is saved with it (issue 50, item 9): after Continue the
first-game guide does not repeat notes already given and the change badges are still there —
in Twilight Struggle and in Twilight Squabble."""

import pygame

from squabble.ui import gamepick, savegame
from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from tests.ui.test_play import start as start_squabble
from tests.ui.test_struggle_guide import _start as start_struggle_with_guide
from squabble.ui.struggle.saves import SAVES as STRUGGLE_SAVES


def test_struggle_guide_and_badges_survive_continue(app):
    app.seed = 4
    sc = start_struggle_with_guide(app, True)
    s = sc.session
    human = s.setup["human"]
    for _ in range(200):        # to an action round, after the computer changed the map
        assert D.run_until(app, lambda: SD.waiting(app), 60000)
        if sc.follow.changes[human] and s.describe()["kind"] == "action_card" \
                and len(sc.guide.seen) >= 3:
            break
        SD.decide_keys(app, 0)
    seen, badges = set(sc.guide.seen), dict(sc.follow.changes[human])
    assert len(seen) >= 3 and badges
    D.key(app, pygame.K_ESCAPE)
    D.menu_click(app, "title")                 # Esc → Save and quit
    assert D.top(app).name == "title"
    gamepick.continue_any(app)
    again = SD.scene(app)
    assert again is not None and again is not sc
    assert again.guide.seen == seen
    assert again.follow.changes[human] == badges
    assert D.run_until(app, lambda: SD.waiting(app), 60000)
    assert again.guide.note is None            # the action round's note was given before
    # play on: whenever the person is asked, the save holds the badges on screen (those the
    # computer's last move made are saved once its beats have shown them)
    for _ in range(6):
        SD.decide_keys(app, 0)
        assert D.run_until(app, lambda: SD.waiting(app), 60000)
        saved = STRUGGLE_SAVES.load(with_ui=True)
        assert saved[3] == "" and saved[4]["badges"][human] == again.follow.changes[human]


def test_squabble_guide_survives_continue(app):
    tb = start_squabble(app, "computer", "USSR")
    for _ in range(6):
        assert D.run_until(app, lambda: D.waiting_for_human(app))
        seen = set(tb.guide.seen)     # the topics of the decisions made (and so saved)
        D.decide_mouse(app, 0)
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    assert len(seen) >= 2
    D.key(app, pygame.K_ESCAPE)
    D.menu_click(app, "title")                 # Save and go to title
    assert D.top(app).name == "title"
    gamepick.continue_any(app)
    again = D.table_of(app)
    assert again is not None and again is not tb
    assert seen <= again.guide.seen
    for topic in seen:                         # a topic already shown is not shown again
        again.guide.hint = None
        again.guide.show(topic)
        assert again.guide.hint is None


def test_a_damaged_ui_memory_costs_only_the_memory(data_dir):
    assert savegame.ui_part({"guide": ["play", 3, "x" * 999, 3.5, -1], "badges": {
        "USA": {"Iran": {"USA": -1, "USSR": 2}, "Iraq": {"USA": "1", "USSR": 0}},
        "USSR": [1]}, "other": 1}) == {"guide": ["play", 3],
                                      "badges": {"USA": {"Iran": {"USA": -1, "USSR": 2}}}}
    assert savegame.ui_part(None) == {} and savegame.ui_part({"guide": "play"}) == {}
