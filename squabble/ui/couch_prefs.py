"""What the couch remembers between games: the last set-up and the first-game guide.

Kept apart from the settings file in the user data folder (``couch.json``); anything unreadable
or odd is ignored and the defaults are used, so a damaged file never stops the game.
"""

from __future__ import annotations

from squabble import userdata

FILE = "couch.json"
CHOICES = {"mode": ("computer", "hotseat"), "human": ("USSR", "USA"),
           "level": ("easy", "normal", "hard"), "events": (False, True)}


def _read() -> dict:
    try:
        raw = userdata.read_json(FILE)
    except (ValueError, OSError):
        return {}
    return raw if isinstance(raw, dict) else {}


def _write(d: dict) -> None:
    try:
        userdata.write_json(FILE, d)
    except OSError:
        pass


def last_setup(default: dict) -> dict:
    """The set-up chosen last time (each field checked), else ``default``."""
    out = dict(default)
    raw = _read().get("setup")
    if isinstance(raw, dict):
        for k, allowed in CHOICES.items():
            v = raw.get(k)
            if any(v is a or (type(v) is type(a) and v == a) for a in allowed):
                out[k] = v
    return out


def remember_setup(setup: dict) -> None:
    d = _read()
    d["setup"] = {k: setup[k] for k in CHOICES if k in setup}
    _write(d)


def guide_on() -> bool:
    """The first-game guide: on until a first game is finished, then only when asked for."""
    d = _read()
    v = d.get("guide")
    if isinstance(v, bool):
        return v
    return not d.get("finished_a_game", False)


def set_guide(on: bool) -> None:
    d = _read()
    d["guide"] = bool(on)
    _write(d)


def game_finished() -> None:
    """A game reached its result: the guide goes off (it can be turned on again in set-up)."""
    d = _read()
    d["finished_a_game"] = True
    d["guide"] = False
    _write(d)
