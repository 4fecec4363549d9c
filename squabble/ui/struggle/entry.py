"""Twilight Struggle in the window: its entry in the registry of games (``ui/games.py``), as
``ui/squabble/entry.py`` is Twilight Squabble's (the same names, the same meanings, online play's
too)."""

from __future__ import annotations

from squabble.ui.struggle import choices, saves

NAME = "struggle"
LABEL = "Twilight Struggle"
ABOUT = "The full game on the world map: ten turns, 84 countries, 110 cards."
COLOUR = (70, 60, 96)       # its button on the game pick
SAVES = saves.SAVES
ONLINE_SIDES = ("random", "USSR", "USA", "bid")   # "bid": secret bids for sides (rules 3.2.2)
option_rows = choices.option_rows
options_of = choices.options_of
online_note = choices.online_note


def side_name(side: str) -> str:
    """A side as the game's words name it in a sentence: "the USA", "the USSR" (and the choice
    of secret bids for sides, "bid")."""
    if side == "bid":
        return choices.handicap_words("bid")
    return f"the {side}" if side in ("USA", "USSR") else side


def summary(raw: dict) -> str:
    """Which game, turn and score (no secrets), from a checked save."""
    return saves.summary(raw)


def open_setup(app, message: str = "") -> None:
    from squabble.ui.struggle.setup import StruggleSetupScene
    app.stack.push(StruggleSetupScene(app, message))


def start(app, setup: dict, seed: int | None = None) -> None:
    from squabble.ui.struggle.setup import start_struggle
    start_struggle(app, setup, seed)


def continue_saved(app) -> bool:
    from squabble.ui.struggle.setup import continue_struggle
    return continue_struggle(app)


def replay_board():
    """The replay screen's board of this game (``ui/replay_scene.py``)."""
    from squabble.ui.struggle.replay_board import ReplayBoard
    return ReplayBoard()


def continue_from(app, state: dict, setup: dict) -> None:
    """Continue from here: a new couch game from ``state`` (a replay's position)."""
    from squabble.ui.struggle.setup import continue_from_position
    continue_from_position(app, state, setup)


def start_demo(app) -> None:
    from squabble.ui.struggle.setup import start_struggle_demo
    start_struggle_demo(app)


def decor() -> list:
    """No pictures of its own behind the title."""
    return []



def toggle_rules(app) -> None:
    """The rules and card reference as a scene of its own (the title's Rules, F1 outside a
    game): opened, or closed when it is on top."""
    from squabble.ui.struggle.help import rules_scene
    top = app.stack.top
    if getattr(top, "name", "") == "struggle_rules":
        app.stack.remove(top)
    else:
        app.stack.push(rules_scene(app))


# -- online play -------------------------------------------------------------------------------

def online_setup(options: dict) -> dict:
    """The session's set-up of an online game with the engine's ``options``."""
    return {"options": dict(options)}


def lost_on_time(state: dict, winner: str) -> dict:
    """``state`` as the result screen reads a game lost on time (online clocks, issue 59)."""
    return dict(state, winner=winner, end_reason="lost on time")


def from_wire(view: dict) -> dict:
    """A view as the protocol prints it, in the shape the map scene draws (the effects in force
    are entries, not card numbers: ``protocol_state``'s inverse)."""
    from squabble.games.struggle import from_protocol
    st = dict(from_protocol(view))
    # what the seat may not see comes as a count: as many cards of no number (card 0 is no
    # card), which the scene draws face down
    st["hands"] = {side: ([0] * cards if isinstance(cards, int) else cards)
                   for side, cards in (st.get("hands") or {}).items()}
    if isinstance(st.get("deck"), int):
        st["deck"] = [0] * st["deck"]
    return st


def online_prelude(app, link, update: dict, enter, code=None) -> bool:
    """A game waiting for its secret bids for sides opens the bid screen first (``enter``:
    what opens the map once the bids are in); False when the game may be shown now."""
    if not (update.get("bidding") or {}).get("open"):
        return False
    from squabble.ui.struggle.online_bids import OnlineBidScene
    app.stack.push(OnlineBidScene(app, link, update, enter, code))
    return True


def online_scene(app, session):
    """The map of an online game's session (``framework/remote.py``); its result screen's
    rematch is the window's."""
    from squabble.ui.struggle.scene import StruggleScene
    app.session = None
    return StruggleScene(app, session, again=lambda setup: app.rematch(session))
