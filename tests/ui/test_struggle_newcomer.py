"""A scripted newcomer plays a whole Twilight Struggle game against the computer on easy, through
the window, by mouse only (issue 20's evidence).

Unlike ``test_struggle_play``, the newcomer never picks an option by its index: it looks at what
the screen lights (countries inside the map's view, lit cards of the hand, the choice buttons and
"More options"), clicks one of them where it is drawn, picks a row of a menu that opens the same
way, and when the window asks "This loses the game" it answers as a careful newcomer does:
"Choose again", then something else (only when everything lit is a warning does it say "Do it
anyway").  Every click on something lit must do something (decide, open a menu, ask, turn the
page), the game must never stall, and it must reach the result screen.
"""

from __future__ import annotations

import random

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from squabble.framework.confirm import ConfirmScene


def center(rect):
    return SD.center(rect)


def lit_things(app) -> list:
    """What the screen lights now, as a newcomer sees it: (what, name, pixel to click, mark),
    mark being the red ("warning") or amber ("risk") frame or colour it is drawn with, or None."""
    sc = SD.scene(app)
    D.step(app)                     # this decision's picture: its buttons and hand are laid out
    cs = sc.choices
    L = app.layout
    things = []
    view = sc.map.rect
    for c in sorted(cs.by_country):
        r = sc.map.country_rect(c)
        if view.contains(r):        # inside the map's view; the others need a pan first
            things.append(("country", c, r.center, sc.flag_of_target("country", c)))
    for card, rect in sc._card_rects:
        if card in cs.by_card:
            things.append(("card", card, L.p(*center(rect)), sc.flag_of_target("card", card)))
    for b in sc._buttons:
        if b.name.startswith("opt") or b.name == "more":
            things.append(("button", b.name, L.p(*center(b.rect)), sc.flag_of_target("button", b)))
    return things


def answer_warning(app, yes: bool) -> None:
    t = D.top(app)
    assert isinstance(t, ConfirmScene), "a warned choice did not ask first"
    D.click(app, D.button_pos(t, "yes" if yes else "no"))
    assert not isinstance(D.top(app), ConfirmScene)


class Newcomer:
    """Clicks on lit things at random (seeded).  Careful: it prefers what has no red or amber
    mark; now and then it clicks a red one anyway, reads "This loses the game" and chooses
    again; only when everything lit is marked does it take a marked one (and "Do it anyway")."""

    def __init__(self, app, seed):
        self.app = app
        self.rnd = random.Random(seed)
        self.clicks = 0
        self.confirmed = 0          # "Do it anyway"
        self.heeded = 0             # "Choose again"
        self.menus = 0
        self.pages = 0
        self.undos = 0              # the Undo button, out of a dead end
        self.picked = {}            # where -> the thing clicked there
        self.dead_ends = set()      # (where, thing) that led only to red choices

    @staticmethod
    def where(sc):
        return sc.session.turns.undoable(), sc.session.decision()["prompt"]

    def out_of_dead_end(self, sc) -> bool:
        """Every choice now loses: back with the Undo button, if it is there, never to take
        the same way again."""
        undo = next((b for b in sc._buttons if b.name == "undo"), None)
        if undo is None or not all(o.get("warning") for o in sc.session.decision()["options"]):
            return False
        D.click(self.app, self.app.layout.p(*center(undo.rect)))
        self.clicks += 1
        self.undos += 1
        here = self.where(sc)
        assert here in self.picked, "Undo did not go back to the newcomer's own decision"
        self.dead_ends.add((here, self.picked[here]))
        return True

    def decide(self) -> None:
        app = self.app
        sc = SD.scene(app)
        before = sc.session.decisions
        here = self.where(sc)
        if self.out_of_dead_end(sc):
            return
        # things that asked "This loses the game" in this decision, or led only to such things
        warned = {thing for at, thing in self.dead_ends if at == here}
        for _ in range(60):
            things = lit_things(app)
            assert things, f"nothing lit for a decision of the person: {sc.session.decision()}"
            fresh = [t for t in things if t[:2] not in warned]
            calm = [t for t in fresh if t[3] is None]
            red = [t for t in fresh if t[3] == "warning"]
            pool = calm or fresh or things
            if red and calm and self.rnd.random() < 0.3:
                pool = red          # curious: what does the red frame say?
            # "More options" is a way to look, not a choice: rarely the first thing clicked
            choices = [t for t in pool if t[1] != "more"] or pool
            if len(choices) < len(pool) and self.rnd.random() < 0.15:
                choices = [t for t in pool if t[1] == "more"]
            what, name, pos, _mark = self.rnd.choice(choices)
            page = sc.page
            D.click(app, pos)
            self.clicks += 1
            if sc.menu is not None:     # a country or card with several uses: pick one row
                self.menus += 1
                rows, _ = sc.menu.rects()
                D.click(app, app.layout.p(*center(self.rnd.choice(rows))))
                self.clicks += 1
            if isinstance(D.top(app), ConfirmScene):
                # the careful newcomer looks for another way (other pages, other menu rows)
                # as long as one exists
                if all(o.get("warning") for o in sc.session.decision()["options"]):
                    answer_warning(app, yes=True)
                    self.confirmed += 1
                else:
                    answer_warning(app, yes=False)
                    self.heeded += 1
                    warned.add((what, name))
                    continue
            if sc.session.decisions > before:
                self.picked[here] = (what, name)
                return
            if name == "more":
                assert sc.page != page or len(sc.choices.buttons) <= 4, \
                    "More options did not turn the page"
                self.pages += 1
                continue
            raise AssertionError(f"a click on the lit {what} {name} did nothing "
                                 f"({sc.session.describe()})")
        raise AssertionError("the newcomer found nothing that decides")


def play_newcomer_game(app, seed, side="USSR"):
    SD.start(app, "computer", side, level="easy", seed=seed)
    who = Newcomer(app, seed)
    decisions = 0
    for _ in range(3000):
        assert D.run_until(app, lambda: SD.waiting(app), 60000), "the game stalled"
        if D.top(app).name == "struggle_result":
            return who, decisions
        assert D.top(app) is SD.scene(app), f"unexpected screen {D.top(app).name}"
        who.decide()
        decisions += 1
    raise AssertionError("the game did not end")


def test_a_newcomer_finishes_a_game_against_easy_by_mouse(app):
    who, decisions = play_newcomer_game(app, seed=11)
    res = D.top(app)
    assert res.name == "struggle_result"
    st = res.session.state
    assert st["winner"] in ("USA", "USSR", "draw")
    assert decisions >= 20 and who.clicks >= decisions
    assert who.heeded >= 1        # this game met "This loses the game" and chose again
    # the result screen leads back to the title by a click too
    D.menu_click(app, "title")
    assert D.top(app).name == "title"
