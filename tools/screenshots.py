"""Write docs/screenshots/*.png headless: title, table mid-turn, hand-off, Agent reveal, result.

    SDL_VIDEODRIVER=dummy python tools/screenshots.py [outdir]
"""

from __future__ import annotations

import os

from shot_harness import OUT, app_, shot, steps, until  # (first: the headless set-up)

import pygame  # noqa: E402

from squabble.framework.handoff import HandOffScene  # noqa: E402
from squabble.ui.squabble.scenes import ResultScene  # noqa: E402
from squabble.ui.squabble.game import SAVES as SQUABBLE_SAVES  # noqa: E402


def table(a):
    from squabble.ui.squabble.table import TableScene
    return a.stack.find(TableScene)


def human_turn(a):
    t = table(a)
    return t is not None and a.stack.top is t and t.flow.phase == "human"


def pick(a, index=0):
    t = table(a)
    t.commit(index)


# a short two-player game (Event deck off: the decks are in era order) by card names and amounts
SCRIPT = [("play", 3, 4), ("play", 3, 4), ("take_token",), ("take_tokens", 3), ("take_tokens", 2),
          ("play", 3, 2), ("play", 3, 2), ("tokens", 0, 0), ("tokens", 0, 0),
          ("counter", "Cuban Quarantine"), ("counter", "Berlin Wall"), ("pass",)]


def _pick(state, dec, step):
    from squabble.games.squabble.cards import CARDS
    for i, o in enumerate(dec["options"]):
        m = o["mode"]
        if step[0] == "play" and m == "play":
            hand = state["hands"][dec["player"]]
            if (o["bop"], o["space"]) == (hand[step[1]], hand[step[2]]):
                return i
        elif step[0] == "tokens" and m == "tokens" and (o["bop"], o["space"]) == step[1:]:
            return i
        elif step[0] == "take_tokens" and m == "take_tokens" and o["amount"] == step[1]:
            return i
        elif step[0] == "counter" and m == "counter" and CARDS[o["card"]].name == step[1]:
            return i
        elif step[0] in ("take_token", "pass") and m == step[0]:
            return i
    raise ValueError(step)


def couch_game(upto, seed=3):
    """A hot-seat game played through SCRIPT[:upto], the next player's hand-off confirmed."""
    a = app_(seed=seed)
    a.start("squabble", {"mode": "hotseat", "human": "USSR", "level": "normal", "events": False})
    n = 0
    while True:
        until(a, lambda: human_turn(a) or isinstance(a.stack.top, HandOffScene))
        if isinstance(a.stack.top, HandOffScene):
            until(a, lambda: a.stack.top.ready)
            a.stack.top._confirm()
            continue
        t = table(a)
        dec = t.session.decision()
        if dec["kind"] == "counter" and [o["mode"] for o in dec["options"]] == ["pass"] \
                and n < upto:
            t.commit(0)     # R8: a side that cannot counter is asked too (Pass only)
            continue
        if n >= upto:
            break
        t.commit(_pick(t.session.state, dec, SCRIPT[n]))
        n += 1
    return a, table(a)


def couch_shots():
    """The fixed couch screens: previews, the guide, the counter projection, a public reveal,
    the losing-shift question and the Rules overlay with its rulings."""
    a, t = couch_game(7)                      # era 2: Russia places tokens (guide on)
    t.chooser._tok("bop", 1)
    t.chooser._tok("bop", 1)
    steps(a, 30)
    shot(a, "tokens-preview.png")
    a, t = couch_game(9)                      # era 2: America stages its counter; where it lands
    t.guide.hint = None
    t.chooser.click_card([o["card"] for o in t.session.decision()["options"]
                  if o["mode"] == "counter"][0])
    steps(a, 30)
    shot(a, "counter-preview.png")
    no_counter_shot()
    cloud_warning_shot()
    # a public beat in a two-player game: the reveal plays with both hands face down
    a, t = couch_game(8)
    t.chooser._tok("bop", 0)
    t.chooser._confirm_tokens()
    until(a, lambda: any("reveals" in ln for ln in a.log_lines[-2:]))
    steps(a, 20)
    shot(a, "public-reveal.png")
    # the Space 2 question when the shift would land on a cloud
    from squabble.framework.confirm import ConfirmScene
    from squabble.games.squabble import engine as E
    import random
    for seed in range(400):
        rnd = random.Random(seed)
        s = E.new_game(seed, {"events": False})
        while s["winner"] is None:
            d = E.decision(s)
            if d["kind"] == "shift" and abs(s["bop"] + (1 if d["player"] == "USA" else -1)) >= 4:
                break
            s, _ = E.apply(s, rnd.randrange(len(d["options"])))
        if s["winner"] is None:
            break
    a = app_(seed=1)
    SQUABBLE_SAVES.write(s, {"mode": "computer", "human": E.decision(s)["player"],
                             "level": "normal", "events": False},
                         ["(a position from a random game)"])
    a.continue_game("squabble")
    until(a, lambda: human_turn(a))
    t = table(a)
    t.guide.hint = None
    t.model.focus.visible = True
    steps(a, 30)
    shot(a, "shift-default.png")
    t.chooser.take(t.staging.choices.find(mode="shift").index)
    steps(a, 5)
    assert isinstance(a.stack.top, ConfirmScene)
    shot(a, "shift-confirm.png")
    a = app_()
    a.open_rules()
    steps(a, 3)
    a.stack.top.scroll_by(60)
    steps(a, 3)
    shot(a, "rules.png")
    rows = a.stack.top.rows()
    a.stack.top.first = next(i for i, r in enumerate(rows) if r[1] == "The cards, era by era")
    steps(a, 3)
    shot(a, "rules-cards.png")


def table_at(state, human, seed=1):
    """A window on ``state`` against the computer, waiting on ``human``'s decision."""
    a = app_(seed=seed)
    SQUABBLE_SAVES.write(state, {"mode": "computer", "human": human, "level": "normal",
                                 "events": bool(state["options"]["events"])},
                         ["(a set position)"])
    a.continue_game("squabble")
    until(a, lambda: human_turn(a))
    t = table(a)
    t.guide.hint = None
    return a, t


def _spot(era, bop, ussr, usa, tokens=(0, 0)):
    """Era ``era`` with both sides' (Balance of Power, Space Race) cards played by name."""
    from squabble.games.squabble import engine as E
    from squabble.games.squabble.cards import CARDS
    s = E.new_game(1, {"events": False})
    while s["era"] < era:
        s, _ = E.apply(s, len(E.decision(s)["options"]) - 1)
    s["bop"] = bop
    s["tokens"] = {"USA": tokens[0], "USSR": tokens[1]}
    for side, (b, sp) in (("USSR", ussr), ("USA", usa)):
        d = E.decision(s)
        ids = {CARDS[c].name: c for c in s["hands"][side]}
        i = next(i for i, o in enumerate(d["options"])
                 if o["bop"] == ids[b] and o["space"] == ids[sp])
        s, _ = E.apply(s, i)
    return s


def no_counter_shot():
    """Phase 6 for a side whose hand holds no card that can counter: asked anyway."""
    from squabble.games.squabble import engine as E
    s = _spot(1, 0, ("Berlin Blockade", "Cominform"), ("Operation Paperclip", "Berlin Airlift"))
    while not (s["pending"]["kind"] == "counter" and not E.counter_cards(s, s["pending"]["player"])):
        s, _ = E.apply(s, len(E.decision(s)["options"]) - 1)
    a, t = table_at(s, s["pending"]["player"])
    steps(a, 30)
    shot(a, "counter-no-card.png")


def cloud_warning_shot():
    """America, two spaces from its own cloud, stages the counter that would put the balance on
    it: the red warning, then the question."""
    s = _spot(1, 2, ("First Lightning", "Cominform"), ("Berlin Airlift", "Operation Paperclip"))
    a, t = table_at(s, "USA")
    t.chooser.click_card([o["card"] for o in t.session.decision()["options"] if o["mode"] == "counter"][0])
    steps(a, 30)
    shot(a, "cloud-warning.png")
    t.chooser._confirm_pick()
    steps(a, 10)
    shot(a, "cloud-warning-confirm.png")


def main():
    os.makedirs(OUT, exist_ok=True)
    couch_shots()
    # 1. title
    a = app_()
    steps(a, 90)
    shot(a, "title.png")

    # 2. table mid-turn: America against the computer, era 2, one card staged, a card zoomed
    a = app_(seed=12)
    a.start("squabble", {"mode": "computer", "human": "USA", "level": "normal", "events": True})
    for _ in range(40):
        until(a, lambda: human_turn(a))
        t = table(a)
        d = t.session.state
        if d["era"] >= 2 and t.session.decision()["kind"] == "play":
            break
        opts = t.session.decision()["options"]
        pick(a, len(opts) - 1 if t.session.decision()["kind"] == "take_tokens" else 0)
    t = table(a)
    hand = t.chooser.hand_index_cards()
    t.chooser.click_card([c for c in hand if "agent" not in c][0])
    steps(a, 40)
    t.model.hover = t.chooser.hand_index_cards()[1]
    t.zones.layout_sprites()
    steps(a, 30)
    shot(a, "table.png")

    # 3. hand-off in a two-player game
    a = app_(seed=5)
    a.start("squabble", {"mode": "hotseat", "human": "USSR", "level": "normal", "events": False})
    until(a, lambda: isinstance(a.stack.top, HandOffScene))
    a.stack.top._confirm()
    until(a, lambda: human_turn(a))
    pick(a, 0)
    until(a, lambda: isinstance(a.stack.top, HandOffScene))
    steps(a, 60)
    shot(a, "handoff.png")

    # 4. an Agent reveal: Russia (you) plays its Agent
    a = app_(seed=9)
    a.start("squabble", {"mode": "computer", "human": "USSR", "level": "normal", "events": False})
    until(a, lambda: human_turn(a))
    t = table(a)
    opts = t.session.decision()["options"]
    idx = next(i for i, o in enumerate(opts) if o["bop"] == "ussr-agent")
    pick(a, idx)
    until(a, lambda: t.model.moment is not None and t.model.moment["kind"] == "agent")
    steps(a, 50)
    shot(a, "agent-reveal.png")

    # 5. the Space Race moment and 6. a result screen
    until(a, lambda: t.model.moment is not None and t.model.moment["kind"] == "race" or human_turn(a))
    while not (t.model.moment is not None and t.model.moment["kind"] == "race"):
        if human_turn(a):
            pick(a, 0)
        a.step()
    steps(a, 60)
    shot(a, "space-race.png")

    # a Mushroom Cloud ending and its result
    for seed in range(1, 60):
        a = app_(seed=seed)
        a.start("squabble", {"mode": "computer", "human": "USSR", "level": "normal", "events": False})
        t = table(a)
        import random
        rnd = random.Random(seed)
        while t.session.state["winner"] is None:
            until(a, lambda: human_turn(a) or t.session.state["winner"] is not None)
            if human_turn(a):
                pick(a, rnd.randrange(len(t.session.decision()["options"])))
        if t.session.state["result"]["how"] == "cloud":
            until(a, lambda: t.model.cloud_t is not None and t.model.cloud_t > 2.2)
            shot(a, "mushroom-cloud.png")
            until(a, lambda: isinstance(a.stack.top, ResultScene))
            steps(a, 30)
            shot(a, "result.png")
            break
    pygame.quit()


if __name__ == "__main__":
    main()
