"""Attract mode follows the one privacy rule (issue 19): the screen belongs to nobody, so no
card the engine hides from the other side is ever drawn face up; public cards (played and
revealed ones, discards, revealed agents) still show.

Who may look is worked out by the test (``Watch`` of test_privacy: no hand-off ever, so nobody),
and every face-up draw is checked against it, as in couch play."""

from squabble.framework.cards import FACE_UP
from squabble.games.squabble.cards import CARDS
from tests.ui import driver as D
from tests.ui.test_privacy import check_record, recording


def test_attract_mode_shows_nobody_s_secrets_but_shows_public_cards(data_dir):
    app = D.new_app()                    # instant animations: many decisions, few frames
    app.seed = 4
    app.demo_next = "squabble"
    app.start_demo()
    tb = D.table_of(app)
    assert tb is not None and tb.session.mode == "demo"
    with recording(app) as w:
        # 40 decisions, or the whole game when it is shorter (attract mode draws the Event
        # deck on or off at random, so the game's length is not the seed's alone)
        assert D.run_until(app, lambda: tb.session.decisions >= 40 or tb.flow.phase == "over",
                           5000), (D.top(app).name, tb.session.decisions, tb.flow.phase)
        assert tb.session.decisions >= 20
        faces = [key for _f, key in FACE_UP.entries if key in CARDS]
        check_record(w)                                  # nobody's secret, on every frame
        assert all(v is None for v, _state in w.frames.values())
    assert faces, "no public card face was drawn in attract mode"
    assert not tb.flow.may_look("USSR") and not tb.flow.may_look("USA")
