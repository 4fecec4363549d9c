"""The Struggle set-up's optional rules (designer realignment, optional Space Race roll, held
cards revealed): chosen and remembered by the set-up, given to the engine, shown in the side
panel while in force."""

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD

RULES = ("designer_realignment", "space_race_optional_roll", "reveal_held_cards")


def _setup(app):
    app.to_title()
    D.menu_click(app, "new")
    D.menu_click(app, "struggle")
    s = D.top(app)
    assert s.name == "struggle_setup"
    return s


def test_setup_offers_the_optional_rules_off_and_remembers_them(app):
    s = _setup(app)
    assert all(s.opts[k] is False for k in RULES)            # off by default
    for k in RULES:
        D.menu_click(app, k)
        assert s.opts[k] is True
    assert s.setup_dict()["options"] == {"optional_cards": False, "chinese_civil_war": False,
                                         **{k: True for k in RULES}}
    for _ in range(2):                                       # hot-seat (no computer to wait for)
        if s.opts["mode"] == "hotseat":
            break
        D.menu_click(app, "mode")
    D.menu_click(app, "start")
    if D.top(app).name == "confirm":
        SD.click_yes(app)
    sc = SD.scene(app)
    assert all(sc.session.state["options"][k] for k in RULES)
    s = _setup(app)
    assert all(s.opts[k] is True for k in RULES)             # remembered


def test_setup_note_explains_the_focused_rule(app):
    s = _setup(app)
    s.focus.focus(s.button("space_race_optional_roll"))
    assert "decline to roll" in s.note()


def test_side_panel_shows_the_rules_in_force():
    from squabble.games.struggle import new_game
    from squabble.ui.struggle.tracks import TracksPanel
    pygame.init()
    surf = pygame.Surface((350, 448))
    for opts, want in (({}, set()), ({"reveal_held_cards": True, "designer_realignment": True},
                                     {"rule:reveal_held_cards", "rule:designer_realignment"})):
        st = new_game(1, opts)
        st["defcon"] = 3
        p = TracksPanel()
        p.set_rect((0, 0, 350, 448))
        p.draw(surf, st, "USSR")
        assert {k for _r, k in p._hits if k.startswith("rule:")} == want
        tip = p.tooltip("defcon:3", st)
        assert ("realignments anywhere" in tip) == bool(opts)
    assert "show the cards" in p.tooltip("rule:reveal_held_cards", st)
