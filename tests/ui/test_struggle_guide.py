"""The Struggle first-game guide: one note the first time each kind of decision comes, on or
off in the set-up."""

from tests.ui import driver as D
from tests.ui import struggle_driver as SD


def _start(app, guide):
    D.menu_click(app, "new")
    D.menu_click(app, "struggle")
    s = D.top(app)
    for _ in range(3):
        if s.opts["guide"] == guide:
            break
        D.menu_click(app, "guide")
    assert s.opts["guide"] == guide
    D.menu_click(app, "start")
    if D.top(app).name == "confirm":
        SD.click_yes(app)
    sc = SD.scene(app)
    assert D.run_until(app, lambda: SD.waiting(app))
    return sc


def test_the_guide_speaks_once_per_kind(app):
    sc = _start(app, True)
    assert sc.guide.note and sc.guide.note[0] == "setup_influence"
    x, y, w, h = __import__("squabble.ui.struggle.guide", fromlist=["GUIDE_R"]).GUIDE_R
    D.click(app, app.layout.p(x + w - 12, y + 12))          # its x closes it
    assert sc.guide.note is None
    SD.decide_mouse(app, 0)
    assert D.run_until(app, lambda: SD.waiting(app))
    assert sc.guide.note is None                            # the same kind: not again
    for _ in range(60):
        assert D.run_until(app, lambda: SD.waiting(app))
        if sc.session.describe()["kind"] == "headline":
            break
        sc.commit(0)
    assert D.run_until(app, lambda: SD.waiting(app))
    assert sc.guide.note and sc.guide.note[0] == "headline"


def test_the_guide_can_be_off(app):
    sc = _start(app, False)
    assert sc.guide.note is None
    from squabble.ui import couch_prefs
    assert couch_prefs.guide_on() is False
