"""The Struggle map scene by keyboard (issue 20: after an influence placement the focus moved to
the Undo button while the ring stayed on the country, so the next Enter took the point back)."""

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD


def test_three_enters_on_austria_place_three_points(app):
    sc = SD.start(app, "computer", "USSR")
    s = sc.session
    assert D.run_until(app, lambda: SD.waiting(app))
    assert s.describe()["kind"] == "setup_influence" and s.decision()["player"] == "USSR"
    before = s.state["influence"]["Austria"]["USSR"]
    SD._focus_to(app, lambda: D.key(app, pygame.K_TAB), "country:Austria")
    for n in (1, 2, 3):
        D.key(app, pygame.K_RETURN)
        assert D.run_until(app, lambda: SD.waiting(app))
        assert s.state["influence"]["Austria"]["USSR"] == before + n, f"Enter {n}"
        assert sc.focus.current.name == "country:Austria"
