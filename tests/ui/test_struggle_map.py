"""The drawn Twilight Struggle map: layout data, hit-testing under zoom and pan, focus moves,
drawing at small and 4K sizes, the tracks panel, card art and the card reference."""

from __future__ import annotations

import json
import math

import pygame
import pytest

from squabble.assets_loc import asset_path
from squabble.framework.board import Board
from squabble.framework.viewport import Viewport
from squabble.games import struggle
from squabble.games.struggle.data import CARDS, COUNTRIES, SUPERPOWER_ADJ

MAP = json.loads(asset_path("struggle", "map.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    surf = pygame.display.set_mode((1280, 720))
    yield surf


@pytest.fixture
def view(screen):
    from squabble.ui.struggle.map_view import MapView
    mv = MapView()
    mv.set_rect(pygame.Rect(0, 40, 1280, 560))
    return mv


def start_state():
    return struggle.new_game(7)


# ---------------------------------------------------------------- layout data
def _rects():
    bw, bh = MAP["box"]
    out = {n: pygame.Rect(c["x"] - bw / 2, c["y"] - bh / 2, bw, bh) for n, c in MAP["countries"].items()}
    sw, sh = MAP["superpower_box"]
    out.update({n: pygame.Rect(c["x"] - sw / 2, c["y"] - sh / 2, sw, sh)
                for n, c in MAP["superpowers"].items()})
    return out


def test_map_places_all_84_countries_and_both_superpowers():
    assert set(MAP["countries"]) == set(COUNTRIES)
    assert len(MAP["countries"]) == 84
    assert set(MAP["superpowers"]) == {"USA", "USSR"}


def test_no_two_boxes_overlap_and_all_lie_inside_the_world():
    rects = _rects()
    world = pygame.Rect(0, 0, *MAP["world"])
    names = sorted(rects)
    for i, a in enumerate(names):
        assert world.contains(rects[a]), f"{a} leaves the map"
        for b in names[i + 1:]:
            assert not rects[a].colliderect(rects[b]), f"{a} overlaps {b}"


def _spearman(xs, ys):
    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0] * len(v)
        for k, i in enumerate(order):
            r[i] = k
        return r
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    d2 = sum((a - b) ** 2 for a, b in zip(rx, ry))
    return 1 - 6 * d2 / (n * (n * n - 1))


def test_countries_keep_their_real_world_positions():
    """East stays east and north stays north: the drawn positions rank like the real ones."""
    cs = MAP["countries"]
    names = sorted(cs)
    assert _spearman([cs[n]["lon"] for n in names], [cs[n]["x"] for n in names]) > 0.95
    assert _spearman([-cs[n]["lat"] for n in names], [cs[n]["y"] for n in names]) > 0.85
    # and neighbours on a globe are on the same side of each other on the map
    wrong = []
    for a in names:
        for b in COUNTRIES[a]["adjacent"]:
            if b not in cs or a > b:
                continue
            dlon = cs[b]["lon"] - cs[a]["lon"]
            dlat = cs[b]["lat"] - cs[a]["lat"]
            dx = cs[b]["x"] - cs[a]["x"]
            dy = cs[b]["y"] - cs[a]["y"]
            if abs(dlon) > 8 and dlon * dx < 0:
                wrong.append((a, b, "east-west"))
            if abs(dlat) > 8 and dlat * dy > 0:
                wrong.append((a, b, "north-south"))
    assert not wrong, wrong


def test_region_labels_do_not_cover_countries(view):
    font_h = 19
    rects = _rects()
    for reg, (x, y) in MAP["labels"].items():
        w = 10 * len(reg)   # generous estimate of the label's width in logical units
        lab = pygame.Rect(x - w / 2, y - font_h / 2, w, font_h)
        for n, r in rects.items():
            assert not lab.colliderect(r), f"the {reg} label covers {n}"


def test_every_adjacency_is_drawable(view):
    pairs = set()
    for n, c in COUNTRIES.items():
        for a in c["adjacent"]:
            pairs.add(tuple(sorted((n, a))))
    for sp, adj in SUPERPOWER_ADJ.items():
        for a in adj:
            pairs.add(tuple(sorted((sp, a))))
    drawn = {}
    W, H = MAP["world"]
    for pair, p, q, _wrap in view.link_segments():
        drawn.setdefault(pair, []).append((p, q))
        for x, y in (p, q):
            assert -1 <= x <= W + 1 and -1 <= y <= H + 1
    assert set(drawn) == pairs
    # the link starts inside each end's box (a superpower's too)
    for (a, b), segs in drawn.items():
        ends = [pt for seg in segs for pt in seg]
        for name in (a, b):
            x, y, w, h = view.geo.world_rect(name)
            assert any(x <= px <= x + w and y <= py <= y + h for px, py in ends), (a, b, name)
    # only the Pacific crossing (USA to Japan) wraps round the map's edges
    wraps = {pair for pair, _p, _q, wrap in view.link_segments() if wrap}
    assert wraps == {("Japan", "USA")}


# ---------------------------------------------------------------- hit-testing
def _round_trip(view):
    for name in COUNTRIES:
        r = view.country_rect(name)
        if not view.rect.collidepoint(r.center):
            continue
        assert view.country_at(r.center) == name, name
        yield name


def test_hit_test_round_trips_at_the_start(view):
    assert len(list(_round_trip(view))) == 84
    assert view.country_at((view.rect.x + 2, view.rect.bottom - 2)) is None   # sea in a corner
    assert view.country_at((5, 5)) is None                                    # outside the map


def test_zoom_and_pan_keep_hit_testing_right(view):
    before = view.country_rect("Iran").center
    view.zoom(2.5, before)
    assert view.country_rect("Iran").collidepoint(before)   # the point under the cursor stays
    assert view.country_at(before) == "Iran"
    seen = set(_round_trip(view))
    assert 0 < len(seen) < 84
    view.view.pan_by(-300, 120)
    seen2 = set(_round_trip(view))
    assert seen2 and seen2 != seen
    # every country can be brought on screen and hit at this zoom
    for name in COUNTRIES:
        view.ensure_visible(name)
        r = view.country_rect(name)
        assert view.rect.contains(r), name
        assert view.country_at(r.center) == name


def test_mouse_wheel_drag_and_keys_zoom_and_pan(view):
    pos = view.country_rect("France").center
    pygame.mouse.set_pos(pos)
    z0 = view.view.zoom
    ev = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    # the dummy video driver does not move the pointer: zoom at the map's centre is fine too
    assert view.handle_event(ev)
    assert view.view.zoom > z0
    c = view.country_rect("France").center
    assert view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=c))
    assert view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(c[0] + 40, c[1] + 10),
                                                rel=(40, 10), buttons=(0, 0, 1)))
    assert view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=(c[0] + 40, c[1] + 10)))
    moved = view.country_rect("France").center
    assert moved != c
    # a plain left click is not swallowed (it may choose a country)
    assert not view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=moved))
    assert not view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=moved))
    z1 = view.view.zoom
    assert view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_MINUS, mod=0, unicode="-"))
    assert view.view.zoom < z1
    view.zoom(3.0)
    r0 = view.country_rect("France").center
    assert view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT,
                                                mod=pygame.KMOD_CTRL, unicode=""))
    assert view.country_rect("France").center != r0
    # a plain arrow is for the focus ring, not the map
    assert not view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_0,
                                                mod=pygame.KMOD_CTRL, unicode="0"))
    assert view.view.zoom == 1.0


def test_pad_stick_pans_and_triggers_zoom(view):
    view.zoom(2.0)
    r0 = view.country_rect("Egypt").center
    view.handle_event(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                         axis=pygame.CONTROLLER_AXIS_RIGHTX, value=32000))
    assert view.update(0.1)
    assert view.country_rect("Egypt").center[0] < r0[0]
    view.handle_event(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                         axis=pygame.CONTROLLER_AXIS_RIGHTX, value=0))
    z = view.view.zoom
    view.handle_event(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                         axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value=32000))
    view.update(0.1)
    assert view.view.zoom > z
    view.handle_event(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                         axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value=0))
    assert not view.update(0.1)


# ---------------------------------------------------------------- focus
def test_directional_focus_reaches_every_country_from_every_country(view):
    names = set(COUNTRIES)
    for start in sorted(names):
        assert view.board.reachable(start) == names, start


def test_directional_focus_goes_the_way_asked(view):
    assert view.neighbour_in_direction("W. Germany", 1, 0) == "E. Germany"
    assert view.neighbour_in_direction("E. Germany", -1, 0) == "W. Germany"
    assert view.neighbour_in_direction("Brazil", 0, 1) == "Uruguay"
    for name in COUNTRIES:
        cx, cy = view.board.center(name)
        for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nb = view.neighbour_in_direction(name, *d)
            if nb is not None:
                nx, ny = view.board.center(nb)
                assert (nx - cx) * d[0] + (ny - cy) * d[1] > 0, (name, d, nb)


def test_board_and_viewport_alone():
    b = Board({"a": (0, 0, 10, 10), "b": (20, 0, 10, 10), "c": (0, 20, 10, 10)})
    assert b.hit(5, 5) == "a" and b.hit(15, 5) is None and b.hit(15, 5, slop=6) in ("a", "b")
    assert b.neighbour("a", 1, 0) == "b" and b.neighbour("a", 0, 1) == "c"
    assert b.neighbour("b", 1, 0) is None
    v = Viewport((200, 100))
    v.set_rect(pygame.Rect(10, 10, 400, 200))
    assert v.scale == 2 and v.to_screen(0, 0) == (10, 10)
    v.zoom_at(2, (110, 60))
    assert v.to_screen(50, 25) == pytest.approx((110, 60))
    assert v.to_world(*v.to_screen(123, 45)) == pytest.approx((123, 45))
    v.pan_by(10_000, 0)          # clamped: the layout's left edge stops at the rectangle's
    assert v.to_screen(0, 0)[0] == pytest.approx(10)
    v.zoom_at(0.01)
    assert v.zoom == 1.0


# ---------------------------------------------------------------- drawing
def _px(surf, pos):
    return tuple(surf.get_at(pos))[:3]


def _count(surf, rect, colour):
    rect = rect.clip(surf.get_rect())
    return sum(_px(surf, (x, y)) == tuple(colour) for x in range(rect.left, rect.right)
               for y in range(rect.top, rect.bottom))


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_map_draws_influence_control_lit_and_focus(size):
    from squabble.ui import theme
    from squabble.ui.struggle.map_style import LIT, OCEAN
    from squabble.ui.struggle.map_view import MapView
    pygame.init()
    surf = pygame.Surface(size)
    mv = MapView()
    mv.set_rect(pygame.Rect(0, 0, *size))
    st = start_state()
    mv.draw(surf, st)
    # a country box is drawn where the hit test says it is; the sea around it is ocean
    r = mv.country_rect("Iran")
    assert _px(surf, r.center) != OCEAN
    # U.K.: USA controls (5 influence, stability 5): its square marker is solid US blue
    usa_marker = mv.live.marker_rects(mv.country_rect("U.K."), mv.view.scale)[0]
    inside = (usa_marker.x + usa_marker.w // 5, usa_marker.y + usa_marker.h // 5)
    assert _px(surf, inside) == theme.SIDE["USA"]
    # Iran: the USA has 1 but no control: paper marker
    iran_marker = mv.live.marker_rects(mv.country_rect("Iran"), mv.view.scale)[0]
    inside = (iran_marker.x + iran_marker.w // 5, iran_marker.y + iran_marker.h // 5)
    assert _px(surf, inside) != theme.SIDE["USA"]
    assert _count(surf, iran_marker, theme.SIDE["USA"]) > 0   # its rim and number are blue
    # lit targets get the lit outline and a label badge; the focus ring its own colour
    before = surf.copy()
    mv.draw(surf, st, lit={"Iraq": "2"}, focus="Egypt")
    ir = mv.country_rect("Iraq")
    badge = pygame.Rect(ir.right - 6, ir.top - 6, 12, 12)
    assert _count(surf, badge, LIT) > 20
    eg = mv.country_rect("Egypt")
    ring = eg.inflate(max(2, round(4 * mv.view.scale)) * 2, max(2, round(4 * mv.view.scale)) * 2)
    assert any(_px(surf, (x, ring.top)) == theme.FOCUS for x in range(ring.left + 10, ring.right - 10))
    assert _count(before, badge, LIT) == 0


def test_influence_change_animates_and_settles(view, screen):
    st = start_state()
    view.draw(screen, st)
    assert not view.update(0.016)
    st["influence"]["Egypt"]["USSR"] += 2
    view.draw(screen, st)
    assert view.update(0.016)
    for _ in range(200):
        if not view.update(0.05):
            break
    assert not view.update(0.016)


def test_colourblind_mode_adds_letters(view, screen):
    st = start_state()
    a = screen.copy()
    view.draw(a, st)
    b = screen.copy()
    view.draw(b, st, colourblind=True)
    r = view.country_rect("U.K.")
    assert pygame.image.tobytes(a.subsurface(r), "RGB") != pygame.image.tobytes(b.subsurface(r), "RGB")


def test_map_reads_a_players_view_dict(view, screen):
    """The scenes draw from a side's view, not the whole state: the map shows public facts only,
    so each side's view draws exactly the picture of the whole state, its influence included."""
    from squabble.ui import theme
    st = start_state()
    st["influence"]["Egypt"]["USSR"] = 2
    marks = {"lit": {"Italy": "1"}, "focus": "Italy"}
    whole = screen.copy()
    view.draw(whole, st, **marks)
    assert not view.update(0.016)                 # nothing left to animate: a settled picture
    egypt = view.live.marker_rects(view.country_rect("Egypt"), view.view.scale)
    assert any(_count(whole, r, theme.SIDE["USSR"]) for r in egypt)
    for side in ("USA", "USSR"):
        seen = screen.copy()
        view.draw(seen, struggle.view(st, side), **marks)
        assert pygame.image.tobytes(seen, "RGB") == pygame.image.tobytes(whole, "RGB"), side


# ---------------------------------------------------------------- tracks, cards, reference
def test_tracks_panel_draws_and_names_what_is_under_the_pointer(screen):
    from squabble.ui.struggle.tracks import TracksPanel
    st = start_state()
    tp = TracksPanel()
    for rect in (pygame.Rect(960, 0, 320, 720), pygame.Rect(0, 560, 1280, 160)):
        tp.set_rect(rect)
        tp.draw(screen, struggle.view(st, "USSR"), "USSR")
        keys = {tp.hit((x, y)) for x in range(rect.x, rect.right, 6) for y in range(rect.y, rect.bottom, 6)}
        for k in ("vp", "china", "deck", "discard", "removed", "milops:USA", "milops:USSR",
                  "defcon:5", "defcon:1", "space:1", "space:8", "scoring:Europe", "scoring:Asia"):
            assert k in keys, (rect, k)
        assert all(tp.tooltip(k) for k in keys if k)


def test_scoring_preview_is_the_engines_region_scoring():
    from squabble.games.struggle.events.scoring import region_points
    from squabble.ui.struggle.tracks import TracksPanel
    st = start_state()
    st["influence"]["France"]["USSR"] = 5
    prev = TracksPanel.preview(struggle.view(st, "USA"))
    for reg, p in prev.items():
        want = region_points(st, reg)
        assert (p["USA"], p["USSR"]) == (want["USA"], want["USSR"]), reg
    assert prev["Europe"]["USSR"] > 0


def test_card_art_renders_every_card_and_the_back():
    from squabble.framework.cards import FACE_UP
    from squabble.ui.struggle.card_art import draw_card, render_card
    pygame.init()
    for n in CARDS:
        img = render_card(n, (150, 210))
        assert img.get_size() == (150, 210)
    back = render_card(14, (150, 210), face_up=False)
    assert pygame.image.tobytes(back, "RGBA") == pygame.image.tobytes(render_card(40, (150, 210), False), "RGBA")
    assert pygame.image.tobytes(back, "RGBA") != pygame.image.tobytes(render_card(14, (150, 210)), "RGBA")
    surf = pygame.Surface((400, 400))
    FACE_UP.enabled = True
    FACE_UP.clear()
    try:
        draw_card(surf, 14, (0, 0, 120, 168), face_up=False)
        assert FACE_UP.entries == []
        draw_card(surf, 14, (0, 0, 120, 168))
        assert [k for _, k in FACE_UP.entries] == ["struggle:14"]
    finally:
        FACE_UP.enabled = False
        FACE_UP.clear()
    with pytest.raises(ValueError):
        render_card(999, (100, 140))


def test_card_reference_finds_cards_by_name_and_number():
    from squabble.ui.struggle.help import search_cards
    assert search_cards("103")[0] == 103
    assert search_cards("#6")[0] == 6
    assert search_cards("de gaulle") == [17]
    assert 6 in search_cards("china")
    assert search_cards("scoring") and all("Scoring" in CARDS[n]["name"] for n in search_cards("scoring"))
    assert search_cards("zzzz") == []
    assert len(search_cards("")) == len(CARDS)


def _key(key, ch=""):
    return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=ch, mod=0, scancode=0)


def test_help_overlay_types_a_search_scrolls_and_closes(screen):
    from squabble.ui.struggle.help import RULES, StruggleHelp
    heads = " ".join(h for h, _ in RULES).lower()
    for topic in ("turn", "operations", "coup", "realignment", "defcon", "scoring", "space race"):
        assert topic in heads, topic
    h = StruggleHelp()
    h.draw(screen)
    assert h.max_scroll > 0                                  # the rules are longer than a screen
    assert h.handle_event(_key(pygame.K_PAGEDOWN))
    assert h.scroll > 0
    assert h.handle_event(_key(pygame.K_TAB)) and h.tab == "cards"
    for ch in "china":
        assert h.handle_event(_key(ord(ch), ch))
    assert h.query == "china" and h.selected == 6
    h.draw(screen)
    assert h.handle_event(_key(pygame.K_BACKSPACE)) and h.query == "chin"
    h.set_query("")
    for ch in "#4":
        h.handle_event(_key(ord(ch), ch))
    assert h.selected == 4 and h.results[1:4] == [40, 41, 42]
    h.handle_event(_key(pygame.K_DOWN))
    assert h.selected == 40
    h.draw(screen)
    assert h.handle_event(_key(pygame.K_ESCAPE)) and not h.closed and h.query == ""   # clears first
    assert h.handle_event(_key(pygame.K_ESCAPE)) and h.closed
    h2 = StruggleHelp()
    h2.open_card(103)
    assert h2.tab == "cards" and h2.selected == 103
    h2.draw(pygame.Surface((3840, 2160)))
    assert h2.handle_event(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                              button=pygame.CONTROLLER_BUTTON_B))
    assert h2.closed


def test_country_detail_card_and_the_effects_that_mention_a_country(view, screen):
    from squabble.ui.struggle.map_detail import effects_touching
    st = start_state()
    st["effects"] = [{"card": 21, "by": "USA", "until": "game"},
                     {"card": 40, "by": "USSR", "until": "turn", "restricted": "USSR"}]
    # the engine's answer (query.effects_on): NATO protects a US-controlled European country,
    # the Cuban Missile Crisis ends the game at a coup anywhere
    assert effects_touching(st, "France") == [40]
    st["influence"]["France"]["USA"] = 3
    assert effects_touching(st, "France") == [21, 40]
    st["effects"] = st["effects"][:1]
    assert effects_touching(st, "Cuba") == [] and effects_touching(st, "Kenya") == []
    for name in ("France", "Japan", "Mexico", "Australia"):
        box = view.draw_detail(screen, name, st)
        assert screen.get_rect().contains(box)
        assert not box.colliderect(view.country_rect(name)), name   # beside it, not over it
    assert view.draw_detail(screen, "Atlantis", st) is None


def test_influence_leaving_a_country_shrinks_away_instead_of_vanishing(view, screen):
    from squabble.ui import theme
    st = start_state()
    view.draw(screen, st)
    st["influence"]["Iran"]["USA"] = 0            # the USA's only influence there is removed
    view.draw(screen, st)
    view.update(0.1)
    view.draw(screen, st)
    mr = view.live.marker_rects(view.country_rect("Iran"), view.view.scale)[0]
    assert _count(screen, mr.inflate(8, 8), theme.SIDE["USA"]) > 0      # still shrinking
    while view.update(0.1):
        pass
    screen.fill((0, 0, 0))
    view.draw(screen, st)
    assert _count(screen, mr.inflate(8, 8), theme.SIDE["USA"]) == 0     # gone


def test_tracks_panel_stays_readable_in_a_720p_side_box():
    """At 1280x720 the scene gives the tracks about 350x448 px: every section must fit there with
    text no smaller than its design size (11-17 px)."""
    from squabble.ui.struggle.tracks import TracksPanel
    tp = TracksPanel()
    tp.set_rect(pygame.Rect(930, 52, 350, 448))
    assert tp.u >= 0.98
    inside = tp._local
    for k, r in tp.sections.items():
        assert inside.contains(r), k


def test_monkey_input_never_breaks_the_map(view, screen):
    """Random wheel, drags, keys, sticks and resizes: the map keeps drawing and its hit test stays
    consistent with where it draws each country."""
    import random
    rnd = random.Random(13)
    st = start_state()
    names = sorted(COUNTRIES)
    keys = [pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_0, pygame.K_LEFT, pygame.K_RIGHT,
            pygame.K_UP, pygame.K_DOWN, pygame.K_a, pygame.K_RETURN]
    for i in range(400):
        r = rnd.random()
        pos = (rnd.randrange(-20, 1300), rnd.randrange(-20, 740))
        if r < 0.2:
            ev = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rnd.choice((-2, -1, 1, 3)), flipped=False,
                                    precise_x=0.0, precise_y=1.0)
        elif r < 0.4:
            ev = pygame.event.Event(rnd.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)),
                                    button=rnd.randrange(1, 6), pos=pos)
        elif r < 0.55:
            ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        elif r < 0.8:
            ev = pygame.event.Event(pygame.KEYDOWN, key=rnd.choice(keys), unicode="",
                                    mod=rnd.choice((0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT)))
        elif r < 0.9:
            ev = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=rnd.randrange(6),
                                    value=rnd.randrange(-32768, 32768))
        else:
            view.set_rect(pygame.Rect(rnd.randrange(0, 200), rnd.randrange(0, 100),
                                      rnd.randrange(200, 1080), rnd.randrange(120, 620)))
            continue
        view.handle_event(ev)
        view.update(rnd.random() * 0.1)
        if i % 7 == 0:
            c = rnd.choice(names)
            st["influence"][c]["USA"] = rnd.randrange(0, 6)
            view.draw(screen, st, lit={rnd.choice(names): "2"}, focus=rnd.choice(names),
                      colourblind=rnd.random() < 0.5)
            for n in rnd.sample(names, 5):
                rr = view.country_rect(n)
                if view.rect.collidepoint(rr.center):
                    assert view.country_at(rr.center) == n
        assert 1.0 <= view.view.zoom <= 4.0


def test_lit_targets_scrolled_out_of_view_get_a_pointer_at_the_edge(view, screen):
    from squabble.ui.struggle.map_style import LIT
    st = start_state()
    view.zoom(3.0, view.country_rect("Chile").center)
    view.ensure_visible("Chile")
    assert not view.rect.colliderect(view.country_rect("Japan"))
    marks = dict(view.offscreen_marks(["Japan"]))
    x, y = marks["Japan"]
    assert view.rect.collidepoint(x, y) and x > view.rect.centerx      # on the right-hand edge
    screen.fill((0, 0, 0))
    view.draw(screen, st, lit={"Japan": "2"})
    assert _count(screen, pygame.Rect(x - 16, y - 16, 32, 32), LIT) > 10
    screen.fill((0, 0, 0))
    view.draw(screen, st)
    assert _count(screen, pygame.Rect(x - 16, y - 16, 32, 32), LIT) == 0


def test_tracks_panel_names_the_phase_of_the_turn(screen):
    from squabble.ui.struggle.tracks import TracksPanel
    tp = TracksPanel()
    tp.set_rect(pygame.Rect(0, 0, 350, 448))
    words = []
    real = tp._t

    def spy(surf, s, *a, **k):
        words.append(s)
        return real(surf, s, *a, **k)
    tp._t = spy
    st = start_state()
    tp.draw(screen, st, "USSR")
    assert "Set-up: USSR places influence" in words
    while struggle.decision(st)["player"] == "USSR" and st["turn"] == 1 and not st.get("setup_done"):
        st, _ = struggle.apply(st, 0)
    words.clear()
    tp.draw(screen, st, "USA")
    assert "Set-up: USA places influence" in words
    while "headline" not in struggle.decision(st)["prompt"].lower():
        st, _ = struggle.apply(st, 0)
    words.clear()
    tp.draw(screen, st, "USSR")
    assert "Headline phase" in words


def test_a_region_can_be_shown_alone(view, screen):
    """Hovering a scoring row can show which countries make up that region."""
    from squabble.ui.struggle.map_style import REGION_TINT, PAPER, _mix
    st = start_state()
    view.draw(screen, st, region="Middle East")
    col = _mix(REGION_TINT["Middle East"], PAPER, 0.55)
    for n in ("Iran", "Egypt"):
        r = view.country_rect(n)
        assert any(_px(screen, (x, r.top - 2)) == col for x in range(r.left + 8, r.right - 8)), n
    r = view.country_rect("France")
    assert not any(_px(screen, (x, r.top - 2)) == col for x in range(r.left + 8, r.right - 8))
    # the rest is shaded: France's box is darker than when nothing is shown
    shaded = _px(screen, (r.x + 4, r.bottom - 4))
    view.draw(screen, st)
    plain = _px(screen, (r.x + 4, r.bottom - 4))
    assert sum(shaded) < sum(plain)


def test_the_card_reference_is_not_a_face_up_draw_of_a_hidden_card(screen):
    from squabble.framework.cards import FACE_UP
    from squabble.ui.struggle.help import StruggleHelp
    h = StruggleHelp()
    h.open_card(98)
    FACE_UP.enabled = True
    FACE_UP.clear()
    try:
        h.draw(screen)
        assert FACE_UP.entries == []
    finally:
        FACE_UP.enabled = False
