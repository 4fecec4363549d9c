"""The games the window offers: one entry per game, the one place in the window that names them.

The window (``app.py``), New game and Continue (``gamepick.py``) and the title ask a game only
through its entry: a module with ``NAME`` (the rules engine's, ``games/registry.py``), ``LABEL``,
``ABOUT`` and ``COLOUR`` (its button on the game pick), ``SAVES`` (its autosave:
``savegame.GameSaves``), ``summary(raw)`` (the title's line for its save), ``open_setup(app,
message)``, ``start(app, setup, seed)``, ``continue_saved(app)``, ``start_demo(app)``,
``toggle_rules(app)`` (F1 and the title's Rules, for the game in front), ``replay_board()`` (its
map or table on the replay screen), ``continue_from(app, state, setup)`` (a couch game from a
replay's position) and ``decor()`` (docs/ui.md, "Adding a game").  Online play asks the entry too
(issue 58), so the online wing names no game: ``side_name(side)``, ``ONLINE_SIDES``,
``option_rows(online)`` and ``options_of(values)`` (its options table, the couch set-up's),
``online_note(key, choice)``, ``online_setup(options)``, ``from_wire(view)``,
``online_prelude(app, link, update, enter, code)`` (a screen before the game's, such as secret
bids) and ``online_scene(app, session)``.
"""

from __future__ import annotations

from squabble.ui.squabble import entry as squabble_entry
from squabble.ui.struggle import entry as struggle_entry

#: every game, in the order New game offers them and attract mode shows them
GAMES = {e.NAME: e for e in (squabble_entry, struggle_entry)}


def get(name: str):
    return GAMES[name]
