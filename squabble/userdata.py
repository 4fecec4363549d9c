"""The user's data folder for saves and settings (never beside the code or inside a bundle).

Linux: $XDG_DATA_HOME/squabble or ~/.local/share/squabble; Windows: %APPDATA%\\squabble;
macOS: ~/Library/Application Support/squabble.  SQUABBLE_DATA_DIR overrides all of them.

Nothing here may end the game: a folder that cannot be created, entered or written only means
that nothing is kept.  Writers get an ``OSError`` to report; readers see "no file"; ``status()``
says in one sentence why the folder cannot be used.  Paths are ``pathlib`` paths and files are
replaced with ``os.replace``, which is atomic on Windows, macOS and Linux alike.

Every file is read as untrusted data: only a regular file of at most ``MAX_FILE_BYTES`` is opened
(checked before opening, opened without blocking and checked again on the open file), so a FIFO,
a device or a link to ``/dev/zero`` in place of a save is refused at once and never read.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import stat
import sys
import tempfile
import time
from pathlib import Path

MAX_FILE_BYTES = 4 * 1024 * 1024   # a Struggle save with its log is about 60 KB
STALE_SECONDS = 600                # a temporary file this old belongs to no write in progress


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


def scratch_data_dir(prefix: str = "squabble-scratch-") -> str:
    """A throwaway data folder for a bench or a tool, made once per run: it becomes
    ``SQUABBLE_DATA_DIR`` and is removed when the process that made it ends.  The processes it
    starts (the computer player's worker, a pool's searches: ``spawn`` imports the script
    again) inherit it and use the same folder instead of each leaving one behind."""
    d = os.environ.get("SQUABBLE_SCRATCH_DATA")
    if not d or not os.path.isdir(d):
        d = tempfile.mkdtemp(prefix=prefix)
        os.environ["SQUABBLE_SCRATCH_DATA"] = d
        atexit.register(shutil.rmtree, d, True)
    os.environ["SQUABBLE_DATA_DIR"] = d
    os.environ.setdefault("SQUABBLE_DOCUMENTS_DIR", "")   # (and nothing in the real Documents)
    return d


DOCUMENTS_SUBFOLDER = "Twilight Squabble"


def documents_dir() -> Path | None:
    """The user's documents folder, where there is one (it is never made):
    ``$SQUABBLE_DOCUMENTS_DIR`` if set ("" for none), else on Linux ``$XDG_DOCUMENTS_DIR`` or the ``XDG_DOCUMENTS_DIR`` of
    ``user-dirs.dirs`` (xdg-user-dirs), else ``~/Documents``; None when that folder does not
    exist."""
    given = os.environ.get("SQUABBLE_DOCUMENTS_DIR")
    if given is not None:
        return Path(given) if given and Path(given).is_dir() else None
    home = Path.home()
    found = None
    if not sys.platform.startswith("win") and sys.platform != "darwin":
        found = os.environ.get("XDG_DOCUMENTS_DIR") or _user_dirs_documents(home)
    d = Path(found) if found else home / "Documents"
    return d if d.is_dir() and d != home else None


def _user_dirs_documents(home: Path) -> str | None:
    """``XDG_DOCUMENTS_DIR`` as ``user-dirs.dirs`` sets it (``"$HOME/Documents"``), or None."""
    config = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config") / "user-dirs.dirs"
    try:
        lines = config.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    for line in lines:
        name, _, value = line.strip().partition("=")
        if name == "XDG_DOCUMENTS_DIR":
            value = value.strip().strip('"')
            return value.replace("$HOME", str(home), 1) if value else None
    return None


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
    clean_stale(d)
    return ""


def clean_stale(folder: Path | None = None, now: float | None = None) -> int:
    """Remove the temporary files (``NAME.json.<random>.tmp``) that writes interrupted by a
    crash or a kill left behind, once they are ``STALE_SECONDS`` old (a younger one may be a
    write of another game process still running).  Returns how many were removed; never
    raises."""
    now = time.time() if now is None else now
    removed = 0
    try:
        folder = folder if folder is not None else data_dir(create=False)
        names = os.listdir(folder)
    except (OSError, RuntimeError):
        return 0
    for n in names:
        if not (n.endswith(".tmp") and ".json." in n):
            continue
        p = os.path.join(folder, n)
        try:
            st = os.lstat(p)
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime > STALE_SECONDS:
                os.unlink(p)
                removed += 1
        except OSError:
            pass
    return removed


def write_json(name: str, obj) -> Path:
    """Atomic write: a uniquely named temporary file, flushed to disk, then renamed over the
    old file, so a crash or a second game process writing at the same time never leaves half a
    file.  Raises OSError if the folder cannot be written (nothing is changed then)."""
    p = path(name, create=True)
    fd, tmp = tempfile.mkstemp(prefix=p.name + ".", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(json.dumps(obj))   # the C encoder: about 3x cheaper than json.dump's
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


class _Refused(ValueError):
    pass


def _no_constant(name):
    raise _Refused(f"it holds {name}, which is not a number")


def read_bytes(name: str, limit: int = MAX_FILE_BYTES) -> bytes | None:
    """The file's bytes, or None if there is no file (or its folder cannot be reached).
    Raises ValueError with a plain clause if something is there that is not a regular file of
    at most ``limit`` bytes, or cannot be read.  Never blocks: nothing but a regular file is
    opened, and it is opened with O_NONBLOCK where the system has it."""
    try:
        p = path(name, create=False)
        st = os.stat(p)   # follows a link: what would be opened
    except RuntimeError:   # no home folder to be found
        return None
    except FileNotFoundError:
        if os.path.islink(p):
            raise ValueError(f"{p.name} is a link to nothing") from None
        return None   # nothing there (or replaced this instant by another game's save)
    except OSError as e:
        if not os.path.lexists(p):
            return None   # a folder that cannot be entered: no file
        raise ValueError(f"{p.name} cannot be read ({e.strerror or type(e).__name__})") \
            from None
    _check_regular(p, st, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) \
        | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise ValueError(f"{p.name} cannot be read ({e.strerror or type(e).__name__})") \
            from None
    try:
        _check_regular(p, os.fstat(fd), limit)   # the file opened is the one checked
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise ValueError(f"{p.name} cannot be read ({e.strerror or type(e).__name__})") \
            from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise ValueError(f"{p.name} is larger than {limit // (1024 * 1024)} MB")
    return data


def _check_regular(p: Path, st, limit: int) -> None:
    if not stat.S_ISREG(st.st_mode):
        what = "a folder" if stat.S_ISDIR(st.st_mode) else \
            "a pipe" if stat.S_ISFIFO(st.st_mode) else \
            "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else \
            "not a regular file"
        raise ValueError(f"{p.name} is {what}, not a file the game wrote"
                         if what != "not a regular file" else f"{p.name} is not a regular file")
    if st.st_size > limit:
        raise ValueError(f"{p.name} is larger than {limit // (1024 * 1024)} MB")


def read_json(name: str, missing=None):
    """The parsed file, or ``missing`` if it does not exist (or its folder cannot be reached).
    Raises ValueError with a plain clause (no exception names) if it is there but cannot be
    read: not a regular file, too large, not UTF-8, not JSON, NaN or an infinity, too deep."""
    data = read_bytes(name)
    if data is None:
        return missing
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{name} holds bytes that are not UTF-8 text") from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except _Refused as e:
        raise ValueError(f"{name} is not a file the game wrote ({e})") from None
    except RecursionError:
        raise ValueError(f"{name} is nested too deeply to be a file the game wrote") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"{name} is not valid JSON (line {e.lineno}, column {e.colno})") \
            from None
    except (ValueError, MemoryError):   # e.g. an integer with too many digits
        raise ValueError(f"{name} holds a number too large to be a file the game wrote") \
            from None


def exists(name: str) -> bool:
    """True if a regular file is there (a folder that cannot be reached holds none)."""
    try:
        return stat.S_ISREG(os.stat(path(name, create=False)).st_mode)
    except (OSError, RuntimeError, ValueError):
        return False


def present(name: str) -> bool:
    """True if anything stands at the name: a file, a folder, a pipe, a link (even a broken
    one).  Continue is offered for it, and reading it says what is wrong."""
    try:
        os.lstat(path(name, create=False))
        return True
    except (OSError, RuntimeError, ValueError):
        return False


def mtime(name: str) -> float:
    """When the thing at the name was last changed, 0.0 if nothing is there; never raises."""
    try:
        return os.lstat(path(name, create=False)).st_mtime
    except (OSError, RuntimeError, ValueError):
        return 0.0


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
            if not os.path.lexists(bad):
                break
        else:
            bad = p.with_name(f"{p.stem}.bad-{time.strftime('%Y%m%d-%H%M%S')}{p.suffix}")
        os.replace(p, bad)
    except (OSError, RuntimeError):
        return ""
    return bad.name
