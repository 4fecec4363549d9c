"""The user's data folder for saves and settings (never beside the code or inside a bundle).

Linux: $XDG_DATA_HOME/squabble or ~/.local/share/squabble; Windows: %APPDATA%\\squabble;
macOS: ~/Library/Application Support/squabble.  SQUABBLE_DATA_DIR overrides all of them.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path


def data_dir(create: bool = True) -> Path:
    override = os.environ.get("SQUABBLE_DATA_DIR")
    if override:
        d = Path(override)
    elif sys.platform.startswith("win"):
        d = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / "squabble"
    elif sys.platform == "darwin":
        d = Path.home() / "Library" / "Application Support" / "squabble"
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        d = Path(base) / "squabble"
    if create:
        d.mkdir(parents=True, exist_ok=True)
    return d


def path(name: str) -> Path:
    return data_dir() / name


def write_json(name: str, obj) -> Path:
    """Atomic write: a temp file then rename, so a crash never leaves half a file."""
    p = path(name)
    tmp = p.with_name(p.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(obj, f)
    os.replace(tmp, p)
    return p


def read_json(name: str):
    """The parsed file, or None if it does not exist.  Raises ValueError if unreadable."""
    p = path(name)
    if not p.exists():
        return None
    try:
        with open(p, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{p.name} could not be read ({type(e).__name__})") from None


def remove(name: str) -> None:
    try:
        path(name).unlink()
    except FileNotFoundError:
        pass


def set_aside(name: str) -> str:
    """Rename a damaged file to NAME.bad so it is kept for a bug report but never read again."""
    p = path(name)
    bad = p.with_name(p.stem + ".bad" + p.suffix)
    try:
        os.replace(p, bad)
    except OSError:
        return ""
    return bad.name
