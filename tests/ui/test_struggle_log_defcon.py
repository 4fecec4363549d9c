"""An event's DEFCON change has its line in the log panel (issue 57, item 3): Nuclear Test Ban's
"DEFCON improves" had a moment and no line (the engine logs it as a marker, a line with no
text, so the protocol's log is unchanged); the window's log now says it from the marker's data."""

from squabble.games.logline import is_marker, kind_of
from squabble.ui.struggle.log_panel import LogPanel
from tests.struggle.struggle_helpers import action_round_state, choose
from tests.ui import driver as D
from tests.ui import struggle_driver as SD


def test_an_events_defcon_change_has_a_log_line(app):
    app.settings.anim = "fast"
    sc = SD.start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    st = action_round_state(hands={"USSR": [34, 7], "USA": [4]}, defcon=3)
    st, _ = choose(st, mode="play", card=34)
    sc.session.state = st
    sc.session.look.needs_handoff = lambda side, private: False
    sc.flow.phase = "await"
    D.step(app, 3)
    i = next(i for i, o in enumerate(sc.session.decision()["options"]) if o.get("mode") == "event")
    sc.commit(i)
    assert D.run_until(app, lambda: not sc.flow.beats and sc.moment is None, 2000)
    markers = [x for x in sc.session.log if kind_of(x) == "defcon" and is_marker(x)]
    assert markers, "the engine logs the change as a marker"
    want = "Nuclear Test Ban: DEFCON improves to 5."
    assert want in sc.log.lines
    assert want in LogPanel(sc.session.log).lines       # and in a game continued later
    assert "" not in sc.log.lines
