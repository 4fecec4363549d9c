"""Twilight Squabble in the window: its entry in the registry of games (``ui/games.py``).

What the window, New game and Continue ask of a game: its name and words on the game pick, its
autosave (``SAVES``: the set-up check), the title's line for its save, its set-up screen, a new
game and a continued one on its table, its attract mode, its decor behind the title and its
rules screen.  And what online play asks of it (issue 58): its sides' names (``side_name``), its
options table (``option_rows``, the couch set-up's, and ``options_of``), the sides a player may
create a game with (``ONLINE_SIDES``), and its table opened from the wire (``online_setup``,
``from_wire``, ``online_scene``)."""

from __future__ import annotations

from squabble.ui.squabble import game

NAME = "squabble"
LABEL = "Twilight Squabble"
ABOUT = "The Cold War in ten minutes: a quick card duel for two."
COLOUR = (58, 70, 98)       # its button on the game pick
SAVES = game.SAVES
ONLINE_SIDES = ("random", "USSR", "USA")
option_rows = game.option_rows
options_of = game.options_of


def side_name(side: str) -> str:
    """A side as the game's words name it in a sentence: "America", "Russia"."""
    from squabble.games.squabble.cards import SIDE_NAME
    return SIDE_NAME.get(side, side)


def online_note(key: str, choice: dict) -> str:
    """What the online create screen's focused row means: nothing more to say here."""
    return ""


def summary(raw: dict) -> str:
    """Which game, era and the Balance of Power, in the table's words (a checked save): the
    track reads America 4, 3, 2 from DEFCON 5 outward (Russia alike)."""
    from squabble.ui.squabble.faces import NAME as SIDE_NAME
    st = raw["state"]
    b = st["bop"]
    lean = f"Balance of Power {SIDE_NAME['USA' if b > 0 else 'USSR']} {5 - abs(b)}" if b else \
        "Balance of Power at DEFCON 5"
    return f"Twilight Squabble · era {st['era']} · {lean}"


def open_setup(app, message: str = "") -> None:
    """New game: the set-up screen."""
    from squabble.ui.squabble.scenes import SetupScene
    app.stack.push(SetupScene(app, message))


def start(app, setup: dict, seed: int | None = None) -> None:
    """A new game of ``setup`` on the table (autosaved unless attract mode); no ``seed``: the
    window's own (``--seed``), else a new one."""
    from squabble.ui.squabble.table import TableScene
    setup = {"mode": setup["mode"], "human": setup["human"],
             "level": setup.get("level", "normal"), "events": bool(setup.get("events"))}
    app.session = game.new_session(
        setup, app.seed if seed is None and app.seed is not None
        else (seed if seed is not None else app.new_seed()))
    if setup["mode"] != "demo":
        game.save(app.session)
    app.log_lines = list(app.session.log)
    app.stack.replace_all(TableScene(app, app.session))


def continue_saved(app) -> bool:
    """Continue: the autosave on the table, exactly where it was; a save that cannot be resumed
    is set aside and the set-up screen says why."""
    from squabble.ui.squabble.table import TableScene
    state, setup, log, problem, ui = SAVES.load(with_ui=True)
    if problem:
        app.to_title()
        open_setup(app, problem + " Start a new game below.")
        return False
    setup["events"] = bool(state["options"]["events"])  # the state says which deck is used
    app.session = game.resume_session(state, setup, log, ui)
    app.log_lines = list(log) + ["Game resumed from the autosave."]
    app.stack.replace_all(TableScene(app, app.session))
    return True


def replay_board():
    """The replay screen's board of this game (``ui/replay_scene.py``)."""
    from squabble.ui.squabble.replay_board import ReplayBoard
    return ReplayBoard()


def continue_from(app, state: dict, setup: dict) -> None:
    """Continue from here: a new couch game from ``state`` (a replay's position), autosaved."""
    from squabble.ui.squabble.table import TableScene
    setup = {"mode": setup["mode"], "human": setup["human"], "level": setup["level"],
             "events": bool(state["options"]["events"])}
    log = ["A new game continues a game's position."]
    app.session = game.resume_session(state, setup, log)
    game.save(app.session)
    app.log_lines = list(log)
    app.stack.replace_all(TableScene(app, app.session))


def start_demo(app) -> None:
    """Attract mode: the computer plays both sides, with or without the Event deck."""
    from squabble.ui.squabble.table import TableScene
    app.demo = True
    setup = {"mode": "demo", "human": "USSR", "level": "normal",
             "events": app.seed_rng.random() < 0.5}
    app.session = game.new_session(setup, app.new_seed() if app.seed is None else app.seed)
    app.log_lines = ["Attract mode: the computer plays both sides. Press any key."]
    app.stack.replace_all(TableScene(app, app.session, demo=True))


def decor() -> list:
    """The pictures (framework card backs) the title lets drift behind its menu: the decks'
    backs."""
    from squabble.ui.squabble.faces import deck_backs
    return deck_backs()


def toggle_rules(app) -> None:
    """The rules overlay (the ten phases, the rulings, every card): opened, or closed when it
    is on top.  Over a private hot-seat table it covers the table as the pause menu does."""
    from squabble.ui.squabble.scenes import RulesScene
    top = app.stack.top
    if isinstance(top, RulesScene):
        app.stack.remove(top)
        return
    session, flow = getattr(top, "session", None), getattr(top, "flow", None)
    if flow is not None and getattr(session, "mode", "") == "hotseat" and \
            session.viewer() is not None:
        # over a player's private table, as the pause menu: the screen is nobody's until the
        # next hand-off (closing the rules goes back behind it, not to the cards)
        flow.pause()
    app.stack.push(RulesScene(app))


# -- online play -------------------------------------------------------------------------------

def online_setup(options: dict) -> dict:
    """The session's set-up of an online game with the engine's ``options``."""
    events = bool(options.get("events"))
    return {"events": events, "options": {"events": events}}


def lost_on_time(state: dict, winner: str) -> dict:
    """``state`` as the result screen reads a game lost on time (online clocks, issue 59)."""
    return dict(state, winner=winner, result={"winner": winner, "how": "time",
                                              "era": state.get("era", 1)})


def from_wire(view: dict) -> dict:
    """A view as the server sends it, in the shape the table draws: the other side's hand (a
    count in the view) and its face-down slot cards (None with a flag) are dealt the other
    side's cards the view shows nowhere else (every card of a side is in its deck, hand, slots
    or discards, so these are exactly its hand and face-down cards, in no known order).  The
    table draws them face down: the engine's ``hidden_from`` hides them from this seat.  A
    spectator's public view (no viewer) has both hands as counts: both are dealt so and drawn
    face down (each side's count, never its cards)."""
    import copy
    from squabble.games.squabble.cards import CARDS, OTHER
    me = view.get("viewer")
    if me in OTHER:
        hidden = [OTHER[me]]
    elif isinstance(view.get("hand_counts"), dict):
        hidden = list(OTHER)      # a spectator's public view: both hands are counts
    else:
        return view
    st = copy.deepcopy(view)
    for other in hidden:
        slot = st["slots"][other]
        shown = set(st["decks"][other]) | set(st["discards"][other]) | \
            set(st["hands"][other]) | {c for c in (slot.get("bop"), slot.get("space")) if c}
        unseen = sorted(c for c, card in CARDS.items() if card.side == other and c not in shown)
        n = max(0, (st.get("hand_counts") or {}).get(other, 0) - len(st["hands"][other]))
        st["hands"][other] = st["hands"][other] + unseen[:n]
        rest = unseen[n:]
        for part in ("bop", "space"):
            if slot.get(f"{part}_hidden") and slot.get(part) is None and rest:
                slot[part] = rest.pop(0)
            slot.pop(f"{part}_hidden", None)
    st.pop("hand_counts", None)
    st.pop("viewer", None)
    return st


def online_prelude(app, link, update: dict, enter, code=None) -> bool:
    """No screen comes before the table (the sides are chosen at creation)."""
    return False


def online_scene(app, session):
    """The table of an online game's session (``framework/remote.py``)."""
    from squabble.ui.squabble.table import TableScene
    app.session = session
    app.log_lines = [str(x) for x in session.log]
    return TableScene(app, session)
