"""Write docs/screenshots/struggle-map*.png headless: the Struggle map pieces (map, tracks panel,
hand, country detail, help) at the start of a game and zoomed in later on.

    SDL_VIDEODRIVER=dummy python tools/struggle_map_shots.py [outdir]

These show the map-side pieces on their own, laid out roughly as the Struggle scene places them.
"""

from __future__ import annotations

import os
import random

from shot_harness import OUT, save  # (first: the headless set-up)

import pygame  # noqa: E402

from squabble.framework.layout import render  # noqa: E402
from squabble.games import struggle  # noqa: E402
from squabble.ui import theme  # noqa: E402
from squabble.ui.struggle.card_art import draw_card  # noqa: E402
from squabble.ui.struggle.help import StruggleHelp  # noqa: E402
from squabble.ui.struggle.map_view import MapView  # noqa: E402
from squabble.ui.struggle.tracks import TracksPanel  # noqa: E402


def lit_of(decision: dict) -> dict:
    """Countries an influence/coup/realign decision offers, labelled with what one pick costs."""
    out = {}
    for o in decision["options"]:
        c = o.get("country")
        if c:
            # only a placement that costs 2 (into enemy control) needs a label
            out[c] = "2" if o.get("amount") == 2 else ""
    return out


def compose(screen, st, viewer, mv: MapView, tp: TracksPanel, *, prompt="", lit=None, focus=None,
            detail=None):
    W, H = screen.get_size()
    u = H / 720
    screen.fill(theme.BG)
    top = round(34 * u)
    hand_h = round(150 * u)
    side_w = round(300 * u)
    mv.set_rect(pygame.Rect(0, top, W - side_w - round(6 * u), H - top - hand_h - round(6 * u)))
    tp.set_rect(pygame.Rect(W - side_w, 0, side_w, H))
    f = pygame.font.Font(None, round(26 * u))
    f.set_bold(True)
    screen.blit(render(prompt, f, theme.GOLD), (round(12 * u), round(8 * u)))
    mv.draw(screen, st, lit=lit or {}, focus=focus)
    tp.draw(screen, st, viewer)
    hand = st["hands"][viewer] if isinstance(st["hands"][viewer], list) else []
    cards = list(hand) + ([6] if st["china"]["holder"] == viewer else [])
    ch = hand_h - round(8 * u)
    cw = round(ch / 1.4)
    room = mv.rect.w - round(24 * u)
    step = min(cw + round(6 * u), (room - cw) // max(1, len(cards) - 1)) if cards else 0
    x = round(12 * u)
    for card in cards:
        draw_card(screen, card, (x, H - hand_h, cw, ch))
        x += step
    if detail:
        mv.draw_detail(screen, detail, st)


def later_game():
    """A game played at random (coups avoided, to keep DEFCON up) to an influence placement of
    turn 3 or later."""
    for seed in range(4, 60):
        rnd = random.Random(seed)
        st = struggle.new_game(seed)
        for _ in range(4000):
            d = struggle.decision(st)
            if d is None:
                break
            if st["turn"] >= 3 and sum(1 for o in d["options"] if o.get("mode") == "influence") >= 8:
                return st, d
            calm = [i for i, o in enumerate(d["options"])
                    if "coup" not in (o.get("mode") or "") and "coup" not in o.get("label", "").lower()]
            st, _ = struggle.apply(st, rnd.choice(calm or list(range(len(d["options"])))))
    raise RuntimeError("no game reached turn 3")


def main() -> int:
    os.makedirs(OUT, exist_ok=True)
    pygame.init()
    # 1. the start of the game at 1920x1080: the USSR places its set-up influence
    screen = pygame.display.set_mode((1920, 1080))
    st = struggle.new_game(11)
    for pick in (3, 3, 5):        # E. Germany, E. Germany, Poland (by their places in the list)
        st, _ = struggle.apply(st, pick)
    d = struggle.decision(st)
    mv, tp = MapView(), TracksPanel()
    compose(screen, struggle.view(st, "USSR"), "USSR", mv, tp, prompt=d["prompt"], lit=lit_of(d),
            focus="Poland")
    save(screen, "struggle-map.png")

    # 2. zoomed in at 1280x720, turn 2 or later: operations with lit targets and a detail card
    screen = pygame.display.set_mode((1280, 720))
    st, d = later_game()
    side = d["player"]
    mv, tp = MapView(), TracksPanel()
    compose(screen, struggle.view(st, side), side, mv, tp, prompt=d["prompt"], lit=lit_of(d))
    target = next(iter(lit_of(d)))
    mv.zoom(2.4, mv.country_rect(target).center)
    mv.ensure_visible(target)
    compose(screen, struggle.view(st, side), side, mv, tp, prompt=d["prompt"], lit=lit_of(d),
            focus=target, detail=target)
    save(screen, "struggle-map-zoomed.png")

    # 3. the rules help and the card reference
    h = StruggleHelp()
    h.draw(screen)
    save(screen, "struggle-help.png")
    h.open_card(40)
    h.draw(screen)
    save(screen, "struggle-cards.png")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
