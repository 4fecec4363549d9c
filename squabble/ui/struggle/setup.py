"""Twilight Struggle set-up and bidding screens, and starting / resuming a game (the pause and
result screens are in ``screens.py``)."""

from __future__ import annotations

import random

from squabble.framework.session import Session
from squabble.framework.widgets import Button
from squabble.games import registry
from squabble.games.struggle import MAX_BID
from squabble.ui import couch_prefs
from squabble.ui import settings as S
from squabble.ui import theme as T
from squabble.ui.menu_scene import MenuScene
from squabble.ui.option_setup import OptionRow, OptionSetupScene, on_off, opponent_rows
from squabble.ui.struggle import saves
from squabble.ui.struggle.players import (  # noqa: F401  (the set-up's players)
    chooser_for, computer_player, computer_player_longer, follow_settings)
from squabble.ui.struggle.choices import (HANDICAPS, OPTIONAL_RULES, handicap_option,  # noqa: F401
                                         handicap_words, option_rows, options_of)
from squabble.ui.struggle.scene import StruggleScene

# what the Struggle set-up remembers, and the values it accepts back
CHOICES = {"mode": ("computer", "hotseat"), "human": ("USSR", "USA"),
           "level": ("easy", "normal", "hard", "expert"), "optional": (False, True), "ccw": (False, True),
           "handicap": tuple(HANDICAPS), "designer_realignment": (False, True),
           "space_race_optional_roll": (False, True), "reveal_held_cards": (False, True)}


def _seed(app):
    if getattr(app, "seed", None) is not None:
        return app.seed
    return random.randrange(1 << 31)


def _map_scene(app, session):
    """The map scene of ``session``; its result screen's "play again" starts the same set-up."""
    return StruggleScene(app, session, again=lambda setup: start_struggle(app, setup))


def start_struggle(app, setup: dict, seed: int | None = None):
    """A new Struggle game on the map scene (autosaved from the first decision)."""
    adapter = registry.get("struggle")
    try:
        session = Session.new(adapter, setup, _seed(app) if seed is None else seed,
                              saver=saves.write,
                              chooser=chooser_for(setup, app.settings.expert_longer))
    except ValueError as e:
        app.toast(str(e), 5)
        return None
    if setup.get("tutorial"):
        from squabble.ai import struggle_lesson
        struggle_lesson.prepare(session.state)      # the lesson's dice wait in the queue
    if setup["mode"] == "computer":
        other = "USA" if setup["human"] == "USSR" else "USSR"
        session.log.append(f"You play the {setup['human']}; the computer plays the {other}.")
    else:
        session.log.append(f"Player 1 plays the {setup['human']}. Private choices start with a "
                           "hand-off screen.")
    session.log.append("Lit countries and cards are your choices: click one, or Tab and Enter. "
                       "Z walks the whole map with the arrows. F1: rules and card reference.")
    try:
        saves.write(session)
    except OSError:
        app.toast("The game could not be saved: it will not survive closing the window.")
    app.session = None
    app.demo = False
    app.stack.replace_all(_map_scene(app, session))
    return session


def resume_session(state: dict, setup: dict, log: list, ui: dict | None = None) -> Session:
    """The session of a game continued from its autosave (as loaded by ``saves.load``), with
    the window's memory of it (``ui``: the guide's notes already shown, the badges not yet
    read)."""
    session = Session(registry.get("struggle"), state, setup, log, saver=saves.write,
                      chooser=chooser_for(setup))
    if ui is not None:
        session.ui = ui
    return session


def continue_struggle(app) -> bool:
    """Resume the Struggle autosave exactly where it was; on a problem, say so (never crash)."""
    state, setup, log, problem, ui = saves.load(with_ui=True)
    if problem:
        app.to_title(problem)
        return False
    if setup.get("tutorial"):
        from squabble.ai import struggle_lesson
        if not struggle_lesson.resumable(state):
            _offer_new_lesson(app)
            return False
    session = resume_session(state, setup, log, ui)
    follow_settings(session, app.settings)
    session.log.append("Game resumed from the autosave.")
    app.session = None
    app.demo = False
    app.stack.replace_all(_map_scene(app, session))
    return True


def _offer_new_lesson(app):
    """A lesson saved by an older version: its first turn is not this version's path, so it
    cannot be resumed; say so over the title and offer the lesson from its start."""
    from squabble.framework.confirm import ConfirmScene
    from squabble.ui.struggle import tutorial
    app.to_title()
    app.stack.push(ConfirmScene(
        app, "This lesson cannot be resumed",
        "It was saved by an older version of the game, whose lesson went another way. Start "
        "the lesson again from its first step? (The old lesson is replaced.)",
        "Start the lesson again", "Back to the title",
        lambda: start_struggle(app, dict(tutorial.SETUP), seed=tutorial.SEED), danger=False))


def continue_from_position(app, state: dict, setup: dict):
    """A new couch game from ``state`` (Continue from here, on a replay): autosaved, and kept as
    a record from that position when it ends."""
    setup = {"mode": setup["mode"], "human": setup["human"], "level": setup["level"],
             "options": setup.get("options") or {}, "guide": False}
    session = resume_session(state, setup, ["A new game continues a game's position."])
    saves.write(session)
    app.session = None
    app.demo = False
    app.stack.replace_all(_map_scene(app, session))
    return session


def start_struggle_demo(app):
    """Attract mode: the computer plays both sides."""
    setup = {"mode": "demo", "human": "USSR", "level": "easy", "options": {}}
    session = Session.new(registry.get("struggle"), setup, _seed(app), chooser=computer_player)
    app.session = None
    app.demo = True
    app.stack.replace_all(StruggleScene(app, session, demo=True))
    return session


class StruggleSetupScene(OptionSetupScene):
    name = "struggle_setup"
    title = "Twilight Struggle"
    subtitle = "The full game: 1945-1989, ten turns, 84 countries"
    ROW_X, ROW_W, ROW_H, ROW_GAP, TOP = 310, 660, 36, 42, 132
    START_GAP, START_H, BACK_H = 8, 46, 36
    NOTE_FONT, NOTE_RECT = 17, (250, 656, 780, 56)
    START_LABEL = "Start the Cold War"
    REPLACE = ("Replace the saved Struggle game?",
               "A Twilight Struggle game is saved and can be continued from the title. Starting "
               "a new one replaces it for good.")

    def __init__(self, app, message=""):
        # the set-up remembers the last choices (kept in the user data folder)
        opts = couch_prefs.last_setup({"mode": "computer", "human": "USSR",
                                       "level": app.settings.level, "optional": False,
                                       "ccw": False, "handicap": None}
                                      | {k: False for k in OPTIONAL_RULES},
                                      key="struggle_setup", choices=CHOICES)
        own = option_rows()     # (the online create screen's too: ui/struggle/choices.py)
        rows = opponent_rows(levels=CHOICES["level"]) + own[:3] + [
            OptionRow("guide", "First-game guide", [False, True], on_off)] + own[3:]
        opts["guide"] = couch_prefs.guide_on()
        super().__init__(app, opts, rows, self.start_now, message)

    def build(self):
        super().build()
        x, y, w, h = self.button("start").rect
        self.set_buttons(self.buttons + [Button(
            "learn", "Learn to play", (x + w + 16, y, 180, h), self.learn, colour=(60, 96, 70),
            hint="a guided first turn")])

    def learn(self):
        """The guided first turn (ui/struggle/tutorial.py) on its fixed deal; like Start, it
        asks before it replaces a saved game."""
        from squabble.ui.struggle import tutorial
        self.start_asking(lambda: start_struggle(self.app, dict(tutorial.SETUP),
                                                 seed=tutorial.SEED))

    def check_start(self, start):
        if self.opts["handicap"] == "bid" and self.opts["mode"] != "hotseat":
            start.enabled = False
            start.reason = "Bidding for sides needs two players on this screen."

    def setup_dict(self) -> dict:
        o = self.opts
        return {"mode": o["mode"], "human": o["human"], "level": o["level"],
                "options": options_of(o), "guide": bool(o.get("guide"))}

    def saved_game_exists(self) -> bool:
        return saves.exists()

    def start_now(self, opts):
        self.app.settings.level = opts["level"]
        S.save(self.app.settings)
        couch_prefs.remember_setup(opts, key="struggle_setup", choices=CHOICES)
        couch_prefs.set_guide(bool(opts.get("guide")))
        if opts["handicap"] == "bid":
            start_bidding(self.app, self.setup_dict())
            return
        start_struggle(self.app, self.setup_dict())

    def note(self) -> str:
        o = self.opts
        cur = self.focus.current.name if self.focus.current else None
        if cur in OPTIONAL_RULES:
            return OPTIONAL_RULES[cur][1]
        if o["mode"] == "hotseat":
            note = ("Two players share the screen. Headlines and every card choice are private: "
                    "a hand-off screen covers the map first. With two gamepads each pad drives "
                    "its own side.")
        else:
            other = "USA" if o["human"] == "USSR" else "USSR"
            note = f"You play the {o['human']}; the computer plays the {other}."
        if o["handicap"] == "bid":
            note = ("Each player secretly names the side they want and how much extra influence "
                    "they would give the other side to get it; the higher bid wins its side.")
        elif o["handicap"]:
            note += (f" Handicap: after set-up the {o['handicap'][0]} may add up to "
                     f"{o['handicap'][1]} influence where it already has some.")
        return note


# ---------------------------------------------------------------- bidding for sides (3.2.2)
def start_bidding(app, setup: dict):
    """Two secret bids, each behind a hand-off, then the sides and the handicap they give."""
    from squabble.framework.handoff import HandOffScene
    bids = []

    def ask(player: int):
        def confirmed():
            app.stack.push(BidScene(app, player, done))
        app.stack.push(HandOffScene(app, f"Player {player}: your secret bid",
                                    f"Pass the screen to player {player}. The other player: "
                                    "please look away.", T.GOLD, confirmed,
                                    controls="Enter · click · A"))

    def done(bid):
        bids.append(bid)
        if len(bids) == 1:
            ask(2)
            return
        from squabble.games.struggle import resolve_bids
        out = resolve_bids(bids[0], bids[1], seed=_seed(app))
        s = dict(setup)
        s["human"] = out["sides"][0]
        opts = dict(s.get("options") or {})
        opts.pop("handicap", None)
        if out["handicap"]:
            opts["handicap"] = out["handicap"]
        s["options"] = opts
        msg = (f"Player 1 plays the {out['sides'][0]}, player 2 the {out['sides'][1]}."
               + (f" The {out['handicap']['side']} may place {out['handicap']['influence']} "
                  "extra influence." if out["handicap"] else ""))
        start_struggle(app, s)
        app.toast(msg, 6)

    ask(1)


class BidScene(MenuScene):
    name = "struggle_bid"
    title = "Your secret bid"

    def __init__(self, app, player: int, on_done):
        self.player = player
        self.on_done = on_done
        self.bid = {"side": "USSR", "number": 0}
        super().__init__(app)
        self.subtitle = f"Player {player}: nobody else sees this"

    def build(self):
        b = self.bid
        side_lab = b["side"] or "No preference"
        rows = [Button("side", f"Side I want:  <  {side_lab}  >", (310, 220, 660, 60),
                       self._side, kind="row", hint="left/right arrows or click to change"),
                Button("number", f"Extra influence I would give:  <  {b['number']}  >",
                       (310, 300, 660, 60), self._number, kind="row",
                       hint="the other side places this much more if I get my side"),
                Button("done", "Seal my bid", (490, 400, 300, 56), self._done,
                       colour=(40, 110, 70))]
        old = self.focus.current.name if self.focus.current else None
        self.set_buttons(rows)
        if old and self.button(old):
            self.focus.focus(self.button(old))

    def _side(self, d):
        order = ["USSR", "USA", None]
        self.bid["side"] = order[(order.index(self.bid["side"]) + d) % 3]
        if self.bid["side"] is None:
            self.bid["number"] = 0
        self.build()

    def _number(self, d):
        if self.bid["side"] is None:
            self.bid["number"] = 0
        else:
            self.bid["number"] = max(0, min(MAX_BID, self.bid["number"] + d))   # (the rules')
        self.build()

    def back(self):
        pass  # a bid must be sealed (Esc would show the other player's screen)

    def _done(self):
        self.app.stack.remove(self)
        self.on_done(dict(self.bid))
