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


def _json_shape(v):
    """Tuples are stored as JSON lists: compare remembered values in that shape."""
    return [_json_shape(x) for x in v] if isinstance(v, (tuple, list)) else v


def last_setup(default: dict, key: str = "setup", choices: dict | None = None) -> dict:
    """The set-up chosen last time under ``key`` (each field checked against ``choices``: a
    value no longer offered is dropped), else ``default``."""
    choices = CHOICES if choices is None else choices
    out = dict(default)
    raw = _read().get(key)
    if isinstance(raw, dict):
        for k, allowed in choices.items():
            v = raw.get(k)
            for a in allowed:
                if v is a or (type(v) is type(_json_shape(a)) and v == _json_shape(a)):
                    out[k] = a
                    break
    return out


def remember_setup(setup: dict, key: str = "setup", choices: dict | None = None) -> None:
    choices = CHOICES if choices is None else choices
    d = _read()
    d[key] = {k: _json_shape(setup[k]) for k in choices if k in setup}
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
