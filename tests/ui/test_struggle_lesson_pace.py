"""The lesson's panel changes only when the move it describes is shown (issue 57, item 7): it
described the USA's coup in Nigeria ("The USA's coup took Nigeria: take it back...") while the
coup before it still played and the computer had not made its coup yet.  Through the whole
lesson, frame by frame, the panel changes only on the person's turn with every move shown, and
step 7 first shows with the USA's coup in Nigeria already in the log."""

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from tests.ui.test_struggle_tutorial import _start_lesson


def test_the_lesson_panel_waits_for_the_move_it_describes(app):
    app.settings.anim = "fast"
    sc = _start_lesson(app)
    s = sc.session
    changes = []
    shown = None
    for _ in range(60000):
        app.step()
        if sc.tutor.shown != shown:
            shown = sc.tutor.shown
            changes.append((shown[0], sc.human_turn(), list(sc.log.lines)))
        if s.over or (sc.tutor.step() is None and sc.human_turn()):
            break
        if D.top(app) is sc and sc.human_turn():
            d = s.decision()
            allowed = [i for i in range(len(d["options"])) if not sc.tutor.refuses(i)]
            sc.commit(allowed[0])
    titles = [t for t, _, _ in changes]
    assert [t.split(" · ")[0] for t in titles[:8]] == ["1", "2", "3", "4", "5", "6", "7", "8"]
    for title, human, _ in changes[1:]:
        assert human, f"{title!r} came while a move still played or the computer thought"
    lines = next(lines for t, _, lines in changes if t.startswith("7 "))
    assert any(ln.startswith("USA coup in Nigeria") for ln in lines), lines[-6:]
