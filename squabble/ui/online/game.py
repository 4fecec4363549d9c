"""An online game in the window (issue 52): the same table or map scene as against the computer,
on a ``framework.remote.RemoteSession`` (one seat; the other side is the friend, waited for like a
computer thinking, its moves arriving as beats)."""

from __future__ import annotations

from squabble.framework.remote import RemoteSession
from squabble.games import registry
from squabble.ui.online.banner import side_name


def struggle_from_wire(view: dict) -> dict:
    """A Twilight Struggle view as the protocol prints it, in the shape the map scene draws
    (the effects in force are entries, not card numbers: ``protocol_state``'s inverse)."""
    from squabble.games.struggle import from_protocol
    st = dict(from_protocol(view))
    # what the seat may not see comes as a count: as many cards of no number (card 0 is no
    # card), which the scene draws face down
    st["hands"] = {side: ([0] * cards if isinstance(cards, int) else cards)
                   for side, cards in (st.get("hands") or {}).items()}
    if isinstance(st.get("deck"), int):
        st["deck"] = [0] * st["deck"]
    return st


def squabble_from_wire(view: dict) -> dict:
    """A Twilight Squabble view in the shape the table draws: the other side's hand (a count in
    the view) and its face-down slot cards (None with a flag) are dealt the other side's cards
    the view shows nowhere else (every card of a side is in its deck, hand, slots or discards,
    so these are exactly its hand and face-down cards, in no known order).  The table draws
    them face down: the engine's ``hidden_from`` hides them from this seat."""
    import copy
    from squabble.games.squabble.cards import CARDS, OTHER
    me = view.get("viewer")
    if me not in OTHER:
        return view
    other = OTHER[me]
    st = copy.deepcopy(view)
    slot = st["slots"][other]
    shown = set(st["decks"][other]) | set(st["discards"][other]) | set(st["hands"][other]) | \
        {c for c in (slot.get("bop"), slot.get("space")) if c}
    unseen = sorted(c for c, card in CARDS.items() if card.side == other and c not in shown)
    n = (st.get("hand_counts") or {}).get(other, 0)
    st["hands"][other] = st["hands"][other] + unseen[:n]
    rest = unseen[n:]
    for part in ("bop", "space"):
        if slot.get(f"{part}_hidden") and slot.get(part) is None and rest:
            slot[part] = rest.pop(0)
        slot.pop(f"{part}_hidden", None)
    st.pop("hand_counts", None)
    st.pop("viewer", None)
    return st


def session_for(link, update: dict) -> RemoteSession:
    """The window's session of the game ``update`` shows (the server's first update for this
    seat)."""
    game = update["game"]
    adapter = registry.get(game)
    opts = (update["state"].get("options") or {}) if isinstance(update.get("state"), dict) else {}
    setup = {"level": "normal", "online": {"pace": update.get("pace", "live")}}
    names = lambda side: side_name(game, side)   # noqa: E731
    if game == "squabble":
        setup.update(events=bool(opts.get("events")), options={"events": bool(opts.get("events"))})
        return RemoteSession(adapter, link, update, setup, from_wire=squabble_from_wire,
                             side_name=names)
    setup.update(options=dict(opts) if isinstance(opts, dict) else {})
    return RemoteSession(adapter, link, update, setup, from_wire=struggle_from_wire,
                         side_name=names)


def open_game(app, link, update: dict, after=None):
    """Put the game's scene on screen (replacing every screen); returns the scene.  ``after()``:
    where the result screen's button leads (Play online)."""
    session = session_for(link, update)
    other = "USA" if session.seat == "USSR" else "USSR"
    game = update["game"]
    # (first: a finished game's result screen shows its last moves, not this line)
    session.log.insert(0, f"Online game: you play {side_name(game, session.seat)}; your friend "
                          f"plays {side_name(game, other)}.")
    app.demo = False
    if update["game"] == "squabble":
        from squabble.ui.squabble.table import TableScene
        app.session = session
        app.log_lines = [str(x) for x in session.log]
        scene = TableScene(app, session)
    else:
        from squabble.ui.struggle.scene import StruggleScene
        app.session = None
        scene = StruggleScene(app, session, again=lambda setup: app.rematch(session))
    app.stack.replace_all(scene)
    return scene

