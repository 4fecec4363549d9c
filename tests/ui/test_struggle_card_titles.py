"""No card title below the size the 9-card hand keeps (issue 57, item 4): a hand of 8 in one row
drew long titles at 5-7 px ("De-Stalinization" unreadable), and the remove-after-event "*" sat
on the letters of a long title.  Every whole card the screens draw at 1280x720 keeps its title
at the 9-card hand's smallest title size or more, within its width, the "*" ending its words."""

from __future__ import annotations

import pygame
import pytest

from squabble.games.struggle.data import CARDS
from squabble.ui.struggle import card_art as A
from squabble.ui.struggle.hand_row import hand_slots
from tests.struggle.struggle_helpers import action_round_state
from tests.ui import driver as D
from tests.ui import struggle_driver as SD


def _nine_card_title_px() -> int:
    """The smallest title of the 9-card hand (two rows of compact cards) at 1280x720."""
    pygame.font.init()
    compact, slots = hand_slots(True, 9)
    assert compact
    w, h = round(slots[0][2]), round(slots[0][3])
    return min(A.compact_layout(n, w, h)["title_px"] for n in CARDS)


#: the whole cards the map scene draws (logical = pixels at 1280x720): the hand, the menu strip,
#: the piles, a moment's cards, the card being decided
SIZES = {"hand": (104, 146), "menu strip": (100, 140), "pile": (100, 140),
         "moment": (100, 140), "card in play": (150, 210)}


@pytest.mark.parametrize("where", sorted(SIZES))
def test_every_title_keeps_the_nine_card_size_and_its_star_ends_it(where):
    least = _nine_card_title_px()
    assert least >= 11
    w, h = SIZES[where]
    for n, c in CARDS.items():
        lay = A.face_layout(n, w, h)
        assert lay["title_px"] >= least, (where, c["name"], lay["title_px"], least)
        f = lay["title_font"]
        assert all(f.size(ln)[0] <= lay["title_w"] for ln in lay["title"]), (where, c["name"])
        words = " ".join(lay["title"])
        if c.get("removed_after_event"):       # the "*" is the title's last character
            assert lay["title"][-1].endswith(A.STAR_ASTERISK) and words.count("*") == 1
        assert words.replace("- ", "-").replace("/ ", "/").rstrip("*") == c["name"]


def test_a_hand_of_eight_in_one_row_draws_titles_at_that_size(app, monkeypatch):
    least = _nine_card_title_px()
    app.settings.anim = "fast"
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    hand = [33, 24, 30, 7, 14, 16, 19, 23]         # De-Stalinization and long titles, 8 cards
    st = action_round_state(hands={"USSR": hand, "USA": [4]}, china="USA")
    sc.session.state = st
    sc.session.look.needs_handoff = lambda side, private: False
    sc.session.look.viewer = "USSR"
    sc.flow.phase = "await"
    D.step(app, 3)
    assert sorted(sc.hand_cards()) == sorted(hand) and sc.session.decision()["kind"] == "action_card"
    assert D.top(app) is sc
    sizes = []
    render = A.render_card

    def recording(number, size, face_up=True, **kw):
        if face_up and number:
            sizes.append((number, tuple(size)))
        return render(number, size, face_up, **kw)
    monkeypatch.setattr(A, "render_card", recording)
    sc.choice_key = None
    D.step(app, 2)
    app.draw()
    drawn = {n for n, _ in sizes}
    assert set(hand) <= drawn, drawn
    for n, (w, h) in sizes:
        assert A.face_layout(n, w, h)["title_px"] >= least, (CARDS[n]["name"], w, h)
