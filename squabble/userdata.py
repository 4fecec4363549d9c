"""The user's data folder for saves and settings (never beside the code or inside a bundle).

Linux: $XDG_DATA_HOME/squabble or ~/.local/share/squabble; Windows: %APPDATA%\\squabble;
macOS: ~/Library/Application Support/squabble.  SQUABBLE_DATA_DIR overrides all of them.

Nothing here may end the game: a folder that cannot be created or written only means that
nothing is kept.  Writers get an ``OSError`` to report; readers see "no file"; ``status()`` says
in one sentence why the folder cannot be used.  Paths are ``pathlib`` paths and files are
replaced with ``os.replace``, which is atomic on Windows, macOS and Linux alike.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path


def data_dir(create: bool = True) -> Path:
    """The data folder; with ``create`` it is made if missing (``OSError`` if it cannot be)."""
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


def path(name: str, create: bool = False) -> Path:
    """The file's path; the folder is made only with ``create`` (so asking where a file is, or
    whether it exists, never fails when the folder cannot be made)."""
    return data_dir(create) / name


def status() -> str:
    """'' if files can be kept in the data folder, else one sentence saying why not."""
    try:
        d = data_dir(create=False)
    except (OSError, RuntimeError) as e:  # RuntimeError: no home folder to be found
        return f"There is no place for saved games ({e})."
    try:
        d.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".probe-", dir=d)
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        why = e.strerror or type(e).__name__
        return f"The data folder {d} cannot be written ({why})."
    return ""


def write_json(name: str, obj) -> Path:
    """Atomic write: a uniquely named temporary file, flushed to disk, then renamed over the
    old file, so a crash or a second game process writing at the same time never leaves half a
    file.  Raises OSError if the folder cannot be written (nothing is changed then)."""
    p = path(name, create=True)
    fd, tmp = tempfile.mkstemp(prefix=p.name + ".", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(obj, f)
            f.flush()
            os.fsync(f.fileno())
        _replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return p


def _replace(src, dst, tries: int = 20) -> None:
    """os.replace; on Windows a file another process has open refuses the rename for a moment
    (PermissionError), so it is tried again for up to about half a second."""
    for i in range(tries):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if not sys.platform.startswith("win") or i == tries - 1:
                raise
            time.sleep(0.025)


def read_json(name: str):
    """The parsed file, or None if it does not exist (or its folder cannot be reached).
    Raises ValueError if it exists but cannot be read."""
    try:
        p = path(name, create=False)
    except (OSError, RuntimeError):
        return None
    try:
        with open(p, encoding="utf-8") as f:
            return json.load(f)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as e:
        raise ValueError(f"{p.name} could not be read ({type(e).__name__})") from None


def exists(name: str) -> bool:
    try:
        return path(name, create=False).is_file()
    except (OSError, RuntimeError):
        return False


def remove(name: str) -> None:
    """Delete the file if it is there.  Raises OSError if it is there but cannot be deleted."""
    try:
        path(name, create=False).unlink()
    except FileNotFoundError:
        pass


def bad_name(name: str, n: int) -> str:
    """save.json -> save.bad.json (n == 1), save.bad-2.json, save.bad-3.json, ..."""
    p = Path(name)
    return p.stem + (".bad" if n == 1 else f".bad-{n}") + p.suffix


def set_aside(name: str) -> str:
    """Rename a damaged file to NAME.bad (or NAME.bad-2, -3, ... when one is already kept) so
    it is kept for a bug report but never read again; an earlier kept copy is never replaced.
    Returns the new name, or '' if the file could not be moved."""
    try:
        p = path(name, create=False)
        for n in range(1, 1000):
            bad = p.with_name(bad_name(name, n))
            if not bad.exists():
                break
        else:
            bad = p.with_name(f"{p.stem}.bad-{time.strftime('%Y%m%d-%H%M%S')}{p.suffix}")
        os.replace(p, bad)
    except (OSError, RuntimeError):
        return ""
    return bad.name
