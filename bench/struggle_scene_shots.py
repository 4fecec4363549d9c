"""Screenshots of the Struggle map scene along a fixed sequence, to compare a refactor's pictures
with the code before it pixel by pixel (issue 51: the map scene's parts rebuilt, the pictures
identical).

Drives the real window headless at 1280x720 with posted events: a seeded game against the
computer (easy) and a hot-seat game, answering every decision kind the first turns bring
(set-up influence, headline, card play, how to use a card, influence, coup, realignment, event
sub-choices...), with hovers over a country and a card, a coup's moment, the pause menu, the
rules help and the coach.

    PYTHONPATH=$PWD python bench/struggle_scene_shots.py shoot OUT_DIR
    PYTHONPATH=$PWD python bench/struggle_scene_shots.py compare BEFORE_DIR AFTER_DIR

``compare`` says which pictures differ (and exits 1 if any does, or a name is missing)."""

from __future__ import annotations

import os
import pathlib
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if not os.environ.get("SQUABBLE_DATA_DIR"):     # never the player's own saves
    import tempfile
    os.environ["SQUABBLE_DATA_DIR"] = tempfile.mkdtemp(prefix="squabble-shots-")

import pygame  # noqa: E402

WANT_OPS = ("coup", "realign", "influence")   # the kinds of Ops the game against the computer
#                                               cycles through


class Shooter:
    def __init__(self, out: pathlib.Path):
        self.out = out
        self.n = 0
        self.names = []

    def shot(self, app, name):
        from tests.ui import driver as D
        D.step(app, 2)
        app.draw()
        self.n += 1
        fn = f"{self.n:03d}_{name}.png"
        pygame.image.save(app.screen, str(self.out / fn))
        self.names.append(fn)


def _move(app, lp):
    from tests.ui import driver as D
    pos = app.layout.p(*lp)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    D.step(app, 2)


def _choose(d, desc, count):
    """The option index the sequence answers: Ops for a card played, the kinds of Ops in turn,
    else the first option."""
    opts = d["options"]
    kind = desc["kind"]
    if kind == "play_mode":
        for i, o in enumerate(opts):
            if str(o.get("mode", "")).startswith("ops"):
                return i
    if kind == "ops_kind":
        want = WANT_OPS[count["ops_kind"] % len(WANT_OPS)]
        count["ops_kind"] += 1
        for i, o in enumerate(opts):
            if want in str(o.get("kind", o.get("mode", ""))) or want in o.get("label", "").lower():
                return i
    if kind == "action_card":
        return count["action_card"] % len(opts)
    return 0


def _extras(app, sc, sh, kind, tag, seen):
    """The first time a kind is shown: a hover over its first lit country or card."""
    if kind in seen:
        return
    seen.add(kind)
    cs = sc.choices
    if cs is not None and cs.by_country:
        c = sorted(cs.by_country)[0]
        sc.map.ensure_visible(c)
        from tests.ui import driver as D
        D.step(app, 30)
        r = sc.map.country_rect(c)
        _move(app, app.layout.to_logical(r.center))
        sh.shot(app, f"{tag}_{kind}_hover_country")
    hand = [card for card, _r in sc._card_rects]
    if hand:
        rect = dict(sc._card_rects)[hand[0]]
        _move(app, (rect[0] + 20, rect[1] + 40))
        sh.shot(app, f"{tag}_{kind}_hover_card")
    _move(app, (640, 2))


def play(app, sh, tag, decisions, hotseat=False):
    from tests.ui import driver as D
    from tests.ui import struggle_driver as SD
    from squabble.framework.handoff import HandOffScene
    count = {"ops_kind": 0, "action_card": 0}
    seen = set()
    for i in range(decisions):
        assert D.run_until(app, lambda: SD.waiting(app), 60000), "stalled"
        t = D.top(app)
        if isinstance(t, HandOffScene):
            sh.shot(app, f"{tag}_handoff")
            D.run_until(app, lambda: getattr(t, "ready", True), 200)
            D.key(app, pygame.K_RETURN, settle=3)
            continue
        if t.name == "struggle_result":
            sh.shot(app, f"{tag}_result")
            return
        sc = SD.scene(app)
        d = sc.session.decision()
        desc = sc.session.describe()
        kind = desc["kind"]
        sh.shot(app, f"{tag}_{kind}")
        _extras(app, sc, sh, kind, tag, seen)
        choice = _choose(d, desc, count)
        if kind == "action_card":
            count["action_card"] += 1
        if i % 3 == 0:
            SD.decide_mouse(app, choice)
        elif i % 3 == 1:
            SD.decide_keys(app, choice)
        else:
            sc.commit(choice)
        if kind == "coup_target":      # the coup's moment, a few frames in
            D.run_until(app, lambda: sc.moment is not None or SD.waiting(app), 2000)
            D.step(app, 10)
            sh.shot(app, f"{tag}_coup_moment")


def overlays(app, sh, tag):
    """The pause menu, the rules help (F1) and the coach (H) over the map."""
    from tests.ui import driver as D
    from tests.ui import struggle_driver as SD
    assert D.run_until(app, lambda: SD.waiting(app), 60000)
    sc = SD.scene(app)
    D.key(app, pygame.K_ESCAPE, settle=3)
    sh.shot(app, f"{tag}_pause")
    D.key(app, pygame.K_ESCAPE, settle=3)
    D.key(app, pygame.K_F1, settle=3)
    sh.shot(app, f"{tag}_help")
    D.key(app, pygame.K_F1, settle=3)
    D.key(app, pygame.K_h, settle=1)
    D.run_until(app, lambda: sc.coach.job is None and bool(sc.coach.hint_lines), 60000)
    sh.shot(app, f"{tag}_coach")


def shoot(out: pathlib.Path):
    from tests.ui import driver as D
    from tests.ui import struggle_driver as SD
    out.mkdir(parents=True, exist_ok=True)
    sh = Shooter(out)
    app = D.new_app(anim="normal")
    SD.start(app, mode="computer", human="USSR", level="easy", seed=1)
    play(app, sh, "cpu", 34)
    overlays(app, sh, "cpu")
    app = D.new_app(anim="normal")
    SD.start(app, mode="hotseat", human="USA", seed=5)
    play(app, sh, "seat", 30, hotseat=True)
    overlays(app, sh, "seat")
    print(f"{len(sh.names)} pictures in {out}")


def compare(a: pathlib.Path, b: pathlib.Path) -> int:
    na = sorted(p.name for p in a.glob("*.png"))
    nb = sorted(p.name for p in b.glob("*.png"))
    bad = 0
    if na != nb:
        print("names differ:", sorted(set(na) ^ set(nb)))
        bad += 1
    for n in sorted(set(na) & set(nb)):
        sa, sb = pygame.image.load(str(a / n)), pygame.image.load(str(b / n))
        if sa.get_size() != sb.get_size() or \
                pygame.image.tobytes(sa, "RGB") != pygame.image.tobytes(sb, "RGB"):
            print("differs:", n)
            bad += 1
    print(f"{len(set(na) & set(nb))} compared, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["shoot"]:
        shoot(pathlib.Path(sys.argv[2]))
    elif sys.argv[1:2] == ["compare"]:
        sys.exit(compare(pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])))
    else:
        print(__doc__)
        sys.exit(2)
