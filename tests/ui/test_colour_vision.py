"""Every player can read it (issue 57, item 12): whatever a player must tell apart (the sides,
control, a warning from a risk, the sides' change badges, the tracks, the Space Race) differs
for every colour vision (normal, and protanopia, deuteranopia, tritanopia simulated with the
Machado 2009 matrices) by a plain colour difference, or carries a mark that is no colour: a
shape, a letter or a word.  Each mark is checked as drawn."""

import types

import pygame
import pytest

from squabble.framework.vision import KINDS, delta_e, simulate, worst_delta_e
from squabble.ui import theme as T
from squabble.ui.struggle import map_markers, map_style, tracks
from squabble.ui.struggle import warnings as W

#: CIE 1976 ΔE: at and above this, two colours differ at a glance
PLAIN = 30.0


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


def _mask(surf) -> set:
    """The pixels a drawing covers (its shape, whatever its colours)."""
    w, h = surf.get_size()
    return {(x, y) for x in range(w) for y in range(h) if surf.get_at((x, y))[3] > 128}


def _shapes_differ(a, b) -> bool:
    ma, mb = _mask(a), _mask(b)
    return len(ma ^ mb) >= 0.04 * max(len(ma), len(mb), 1)


def _geo():
    from squabble.ui.struggle.map_view import MapGeometry
    return MapGeometry()


def marker_shape():
    """A USA influence marker is a square, a USSR one a disc (controlled or not)."""
    live = map_markers.LiveLayer(_geo())
    for controlled in (False, True):
        imgs = []
        for side in ("USA", "USSR"):
            img = pygame.Surface((28, 28), pygame.SRCALPHA)
            live.marker(img, side, pygame.Rect(0, 0, 28, 28), 2, T.SIDE[side], controlled,
                        False, 1.0)
            imgs.append(img)
        assert _shapes_differ(*imgs), f"markers (controlled: {controlled})"


def badge_shape():
    """A change badge's side by its shape: square-cornered for the USA, round for the USSR."""
    geo = _geo()
    for n in (1, -2):
        a, b = (map_markers._badge(geo, side, n, 24) for side in ("USA", "USSR"))
        assert a.get_size() == b.get_size()
        assert _shapes_differ(a, b), f"badges {n:+d}"


def warning_tag():
    """A warned target's frame carries a square "!!" tag, a risky one's a triangle "!"."""
    imgs = []
    for f in ("warning", "risk"):
        img = pygame.Surface((60, 60), pygame.SRCALPHA)
        W.draw_tag(img, (30, 30), 24, f)
        imgs.append(img)
    assert _shapes_differ(*imgs)
    # and the frames on the map's targets and the hand's cards carry it
    L = types.SimpleNamespace(s=lambda v: max(1, round(v)),
                              r=lambda r: pygame.Rect(*[round(v) for v in r]))
    for f in ("warning", "risk"):
        ch = types.SimpleNamespace(option={f: "a sentence"})
        cs = types.SimpleNamespace(by_country={}, by_card={7: [ch]})
        img = pygame.Surface((200, 200), pygame.SRCALPHA)
        W.draw_warning_marks(img, L, cs, None, [(7, (40, 40, 100, 120))], [])
        imgs.append(img)
    assert _shapes_differ(imgs[2], imgs[3])


def button_words():
    """An option button's label says its flag before its words."""
    labels = {f: W.label("Coup in Iran", f) for f in ("warning", "risk", None)}
    assert len(set(labels.values())) == 3 and labels[None] == "Coup in Iran"


def squabble_bop_words():
    """The Balance of Power's spaces say whose they are: "Russia", "America", "DEFCON"."""
    from squabble.ui.squabble.drawing import TableDrawer
    fake = types.SimpleNamespace(model=types.SimpleNamespace(cb=False))
    spaces = TableDrawer._bop_spaces(fake)
    by_colour = {}
    for sp in spaces:
        by_colour.setdefault(sp.colour, set()).add(sp.sub)
    for side, word in (("USA", "America"), ("USSR", "Russia")):
        assert by_colour[T.SIDE[side]] == {word}
    assert by_colour[T.NEUTRAL] == {"DEFCON"}


def space_race_letters():
    """The Space Race tokens carry the sides' letters."""
    assert T.MARK["USA"] != T.MARK["USSR"] and all(T.MARK.values())


def event_card_words():
    """An event card's header and corner say "Event" and "In effect"; an America card its years
    and "America"."""
    from squabble.games.squabble.cards import CARDS, EVENTS
    from squabble.ui.squabble.faces import card_face, event_face
    usa = next(c for c, v in CARDS.items() if v.side == "USA" and v.kind == "activity")
    e, a = event_face(next(iter(EVENTS))), card_face(usa)
    assert e.header.startswith("Event") and e.badge != a.badge


def milops_words():
    """A MilOps row says "met" or "N short" in words beside its colour."""
    import inspect
    src = inspect.getsource(tracks.TracksPanel._draw_milops) if hasattr(
        tracks, "TracksPanel") else inspect.getsource(tracks)
    assert '"met"' in src and "short" in src


def battleground_ring():
    """A battleground's stability number sits in a ring, a plain country's does not: the two
    boxes differ in lightness there, not only in hue."""
    from squabble.framework.vision import luminance
    from squabble.games.struggle.data import BATTLEGROUND
    from squabble.ui.struggle.map_static import StaticLayer
    geo = _geo()
    layer = StaticLayer(geo, map_markers.LiveLayer(geo))
    plain = next(n for n in geo.board.spaces if n not in BATTLEGROUND)
    bg = next(n for n in geo.board.spaces if n in BATTLEGROUND)
    greys = []
    for name in (bg, plain):
        img = pygame.Surface((120, 80))
        layer._draw_country_static(img, name, pygame.Rect(0, 0, 120, 80), 1.0, False)
        disc = pygame.Rect(0, 0, 30, 30)
        disc.center = (60, round(80 * 0.69))
        greys.append([luminance(img.get_at((x, y))) for x in range(disc.left, disc.right)
                      for y in range(disc.top, disc.bottom)])
    differ = sum(abs(a - b) > 0.25 for a, b in zip(*greys))
    assert differ >= 40, differ


MARKS = {"battleground ring": battleground_ring, "marker shape": marker_shape, "badge shape": badge_shape,
         "warning tag": warning_tag, "button words": button_words,
         "Balance of Power words": squabble_bop_words, "Space Race letters": space_race_letters,
         "event card words": event_card_words, "MilOps words": milops_words}

#: (what the player tells apart, its two colours, the mark that is no colour)
PAIRS = [
    ("the sides' influence markers", T.SIDE["USA"], T.SIDE["USSR"], "marker shape"),
    ("who controls a country (rings)", T.SIDE_LIGHT["USA"], T.SIDE_LIGHT["USSR"],
     "marker shape"),
    ("the sides' change badges (+/−)", T.SIDE["USA"], T.SIDE["USSR"], "badge shape"),
    ("a warning and a risk on the map", W.WARNING, W.RISK, "warning tag"),
    ("a warning's and a risk's option button", W.WARNING_BG, W.RISK_BG, "button words"),
    ("Squabble's Balance of Power spaces", T.SIDE["USA"], T.SIDE["USSR"],
     "Balance of Power words"),
    ("the DEFCON space and America's", T.NEUTRAL, T.SIDE["USA"], "Balance of Power words"),
    ("the Space Race tokens", T.SIDE["USA"], T.SIDE["USSR"], "Space Race letters"),
    ("an event card and an America card", T.EVENT, T.SIDE["USA"], "event card words"),
    ("MilOps met and short", T.LEGAL, tracks.WARN, "MilOps words"),
    ("the Struggle's card sides", T.SIDE["USA"], T.SIDE["USSR"], None),
    ("a battleground's name strip and a plain one", map_style.BG_NAME, map_style.PLAIN_NAME,
     "battleground ring"),
]


@pytest.mark.parametrize("what,a,b,mark", PAIRS, ids=[p[0] for p in PAIRS])
def test_each_pair_differs_plainly_or_carries_a_mark(what, a, b, mark):
    least, vision = worst_delta_e(a, b)
    if mark is None:
        assert least >= PLAIN, f"{what}: ΔE {least:.1f} for {vision}, and no other mark"
    else:
        MARKS[mark]()


def test_the_pairs_that_colour_alone_fails_are_known():
    """Warning red and risk amber look alike with deuteranopia (ΔE about 12 on their
    buttons): the reason they carry tags and words."""
    assert worst_delta_e(W.WARNING_BG, W.RISK_BG)[0] < PLAIN
    assert delta_e(simulate(W.WARNING_BG, "deuteranopia"),
                   simulate(W.RISK_BG, "deuteranopia")) < PLAIN
    assert set(KINDS) == {"protanopia", "deuteranopia", "tritanopia"}


def test_the_simulation_is_machados():
    """Pure red seen with protanopia (Machado 2009, severity 1) is a dark olive; white stays."""
    assert simulate((255, 255, 255), "protanopia") == (255, 255, 255)
    r = simulate((255, 0, 0), "protanopia")
    assert r[0] < 130 and r[1] < 130 and r[2] < 10 and abs(r[0] - r[1]) < 40, r



def test_legal_and_staged_cards_need_their_tick():
    """Squabble's legal cards (green outline) and the staged one (gold) look alike with
    protanopia: each legal card carries a ticked tab, aids on or off
    (tests/ui/test_traps.py draws it both ways)."""
    assert worst_delta_e(T.LEGAL, T.GOLD)[0] < PLAIN
