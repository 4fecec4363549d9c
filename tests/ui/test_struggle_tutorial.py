"""Learn to play: the guided first turn on its fixed deal, played through by keys."""

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from squabble.games.struggle.data import CARDS


def test_the_lesson_is_played_through_by_keys(app):
    D.menu_click(app, "new")
    D.menu_click(app, "struggle")
    D.menu_click(app, "learn")
    sc = SD.scene(app)
    assert sc is not None and sc.tutor.on and sc.guide.note is None
    s = sc.session
    assert set(s.state["hands"]["USSR"]) == {3, 9, 14, 28, 30, 31, 20, 33}
    seen_titles = []
    refused_once = False
    for _ in range(400):
        assert D.run_until(app, lambda: SD.waiting(app) or s.over, 60000)
        step = sc.tutor.step()
        if step is None or s.over:
            break
        if step[2] not in seen_titles:
            seen_titles.append(step[2])
        d = s.decision()
        allowed = [i for i in range(len(d["options"])) if not sc.tutor.refuses(i)]
        assert allowed, f"the lesson allows nothing at {step[2]}"
        if not refused_once and len(allowed) < len(d["options"]):
            # another card than the lesson's: refused with a sentence, nothing happens
            other = next(i for i in range(len(d["options"])) if i not in allowed)
            n = s.decisions
            said = []
            app.toast = lambda msg, seconds=2.6: said.append(msg)
            sc.commit(other)
            assert s.decisions == n and said and said[-1].startswith("The lesson asks")
            refused_once = True
        SD.decide_keys(app, allowed[0])
    assert [t.split(" · ")[0] for t in seen_titles] == ["1", "2", "3", "4", "5", "6", "7"]
    kinds = {getattr(x, "kind", "") for x in s.log}
    assert {"coup", "realign", "space", "score"} <= kinds
    for c in (14, 28, 30, 33, 3):
        assert c not in s.state["hands"]["USSR"], CARDS[c]["name"]
    app.draw()
    assert sc.tutor.step() is None             # the panel says the lesson is over
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "struggle_pause"
