"""Bugs of the Struggle map scene seen by a new player (issue 20), each through posted events."""

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from squabble.games.struggle.data import CHINA


def test_the_country_detail_leaves_with_the_click_that_decides(app, monkeypatch):
    """A click on a lit country decides; its detail card must not stay over the map through the
    computer's turn (it stayed until the mouse moved)."""
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app))
    pos = sc.map.country_rect("Austria").center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    D.step(app)
    assert sc.hover_country == "Austria"
    shown = []
    monkeypatch.setattr(sc.panels, "draw_country_detail",
                        lambda surf, L, name: shown.append(name))
    before = sc.session.state["influence"]["Austria"]["USSR"]
    D.click(app, pos)
    assert sc.session.state["influence"]["Austria"]["USSR"] == before + 1
    shown.clear()
    D.step(app, 5)
    assert sc.hover_country is None and not shown


def test_the_hand_row_counts_the_china_card_it_shows(app):
    sc = SD.start(app, "computer", "USSR")
    SD.play_to(app, "action_card")
    st = sc.session.state
    assert st["china"]["holder"] == "USSR" and CHINA in sc.hand_cards()
    import squabble.ui.struggle.hand_row as H
    said = SD.drawn_texts(app, H)
    n = len(st["hands"]["USSR"])
    assert any(s.startswith(f"USSR hand: {n} cards + The China Card") for s in said), said
    assert H._count(st, "USA") == f"{len(st['hands']['USA'])} cards"


def test_every_hand_card_title_shows_in_full(app):
    """No card of the hand hides another's title: whole cards side by side when the choices
    panel is empty, a list of full titles when it is in use."""
    sc = SD.start(app, "computer", "USSR")
    for kind in ("action_card", "play_mode"):
        SD.play_to(app, kind)
        app.draw()
        rects = [r for _, r in sc._card_rects]
        assert len(rects) == len(sc.hand_cards()) >= 7
        for a, b in zip(rects, rects[1:]):
            if a[1] == b[1]:     # the same row: b starts after a ends
                assert b[0] >= a[0] + a[2], (kind, a, b)


def test_the_coup_prompt_names_only_a_country_pointed_at(app):
    sc = SD.start(app, "computer", "USSR")
    for _ in range(300):
        SD.play_to(app, "play_mode")
        opts = sc.session.decision()["options"]
        coup = [i for i, o in enumerate(opts) if o.get("mode") == "coup"]
        if coup and sc.session.state["action_round"] >= 1:
            SD.decide_mouse(app, coup[0])
            break
        sc.commit(0)
    assert D.run_until(app, lambda: SD.waiting(app))
    assert sc.session.describe()["kind"] == "coup_target"
    # the mouse is away from the map and no key was pressed: no country is named
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.layout.p(1100, 650),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    D.step(app)
    main, why = sc.plain_prompt()
    assert not why.startswith("Coup in"), why
    # Tab to a target: now it is named
    D.key(app, pygame.K_TAB)
    cur = sc.focus.current
    main, why = sc.plain_prompt()
    assert cur.kind != "country" or why.startswith(f"Coup in {cur.payload}")


def test_the_pause_menu_controls_sit_on_their_own_panel(app):
    """The controls line of the pause menu was drawn straight over the log: with two different
    logs the pixels around it differed."""
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app))
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "struggle_pause"
    box = pygame.Rect(app.layout.p(940, 616), (app.layout.s(200), app.layout.s(46)))
    shots = []
    for line in ("USSR places 1 USSR influence in Czechoslovakia.", "USA: W.W.W.W.W.W.W.W.W."):
        sc.log.lines.extend([line] * 30)
        app.draw()
        shots.append(pygame.image.tobytes(app.screen.subsurface(box), "RGB"))
    assert shots[0] == shots[1], "the log shows through the pause menu's controls line"


def test_the_effects_more_chip_opens_every_effect_in_force(app):
    """Issue 50, item 13: "EFFECTS +1 more" could not be opened (it opened one card's page, or
    nothing).  Its tip names every effect in force and a click shows them all, face up."""
    from squabble.games.struggle.query import effect_cards
    sc = SD.start(app, "computer", "USSR", level="easy")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    many = [21, 23, 27, 35, 55, 59, 65, 68, 86, 96, 97]     # NATO, Marshall Plan, ...
    sc.session.state["effects"] = [{"card": c} for c in many]
    sc.shown = sc.session.state
    app.draw()
    more = [r for r, key in sc.tracks._hits if key == "effects"]
    assert more, "the effects fit: no '+N more' to open"
    tip = sc.tracks.tooltip("effects", sc.shown)
    from squabble.games.struggle.data import CARDS
    assert all(CARDS[c]["name"] in tip for c in many)
    pos = more[0].move(sc.tracks.rect.topleft).center
    D.click(app, pos)
    top = D.top(app)
    assert top.name == "struggle_pile" and top.cards == effect_cards(sc.shown)
