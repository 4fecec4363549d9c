"""Smoke test of a built download: ``python tests/exe_smoke.py PATH [--windowed GAME.exe]`` (or
imported by tests/test_executable.py). PATH is dist/squabble, on Windows dist/squabble-cli.exe
(the console build), or on macOS the app bundle dist/Twilight Squabble.app (its program
Contents/MacOS/squabble is run). On Windows ``--windowed dist/squabble.exe`` also checks the
game program a double-click opens: built for the Windows GUI subsystem (no console window), its
attract mode runs and saves its screenshot; and PATH is checked to be a console program.

Runs the real program headless, each in a fresh user data folder:
``--version``; a bad argument (usage and exit 2, no traceback); the engine protocol (the assets
inside the bundle are found); Twilight Struggle's hard level through it (its search processes
start inside the bundle); the attract mode for 300 frames with a screenshot that must not be
blank. The release workflow runs this on Linux, Windows and macOS before attaching the files.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def program(path: Path) -> Path:
    """The file to run: the executable itself, or the program inside a macOS app bundle."""
    path = Path(path)
    if path.suffix == ".app":
        return path / "Contents" / "MacOS" / "squabble"
    return path


def _env(data: Path) -> dict:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                SQUABBLE_DATA_DIR=str(data))


def _run(exe: Path, args: list[str], data: Path, stdin: str | None = None, timeout: int = 300):
    return subprocess.run([str(exe), *args], input=stdin, capture_output=True, text=True,
                          env=_env(data), timeout=timeout)


def check_version(exe: Path, data: Path, version: str) -> None:
    p = _run(exe, ["--version"], data, timeout=120)
    assert p.returncode == 0 and version in p.stdout, (p.returncode, p.stdout, p.stderr[-2000:])


def check_bad_argument(exe: Path, data: Path) -> None:
    p = _run(exe, ["--frames", "lots"], data, timeout=120)
    assert p.returncode == 2 and "usage:" in p.stderr and "--frames" in p.stderr, p.stderr[-2000:]
    assert "Traceback" not in p.stderr, p.stderr[-2000:]


def check_engine(exe: Path, data: Path) -> None:
    lines = '{"cmd":"info","game":"squabble"}\n{"cmd":"new","game":"squabble","seed":1}\n'
    p = _run(exe, ["engine"], data, stdin=lines, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert len(out) == 2 and len(out[0]["cards"]) == 34 and out[1]["ok"], p.stdout[-2000:]


def check_hard(exe: Path, data: Path) -> None:
    """Twilight Struggle's hard level answers through the protocol: its looks are shared out
    among processes started with ``spawn``, which must work inside the bundle too."""
    lines = ('{"cmd":"new","game":"struggle","seed":1}\n'
             '{"cmd":"ai","level":"hard","seed":7}\n')
    p = _run(exe, ["engine"], data, stdin=lines, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert len(out) == 2 and out[1]["ok"] and isinstance(out[1]["index"], int), p.stdout[-2000:]
    assert "Traceback" not in p.stderr, p.stderr[-2000:]


def check_demo(exe: Path, data: Path, shot: Path) -> None:
    p = _run(exe, ["--demo", "--frames", "300", "--screenshot", str(shot)], data)
    assert p.returncode == 0, p.stderr[-3000:]
    import pygame
    img = pygame.image.load(str(shot))
    w, h = img.get_size()
    colours = {tuple(img.get_at((x * w // 16, y * h // 9)))[:3] for x in range(16) for y in range(9)}
    assert len(colours) >= 4, colours  # a real frame, not a single fill


def pe_subsystem(path: Path) -> int:
    """The Windows subsystem a PE executable asks for: 2 the GUI (no console window), 3 the
    console.  Read from its optional header (PE/COFF specification)."""
    with open(path, "rb") as f:
        head = f.read(4096)
    assert head[:2] == b"MZ", f"{path} is not a Windows executable"
    pe = int.from_bytes(head[0x3C:0x40], "little")
    assert head[pe:pe + 4] == b"PE\0\0", f"{path} has no PE header"
    optional = pe + 24
    assert int.from_bytes(head[optional:optional + 2], "little") in (0x10B, 0x20B)
    return int.from_bytes(head[optional + 68:optional + 70], "little")


GUI, CONSOLE = 2, 3


def smoke_windowed(path: Path, console: Path) -> None:
    """The game program of the Windows download opens no console window; the console build
    beside it does, for the commands."""
    path = Path(path)
    assert pe_subsystem(path) == GUI, f"{path} is a console program: a double-click opens a console"
    assert pe_subsystem(console) == CONSOLE, f"{console} has no console: commands print nothing"
    with tempfile.TemporaryDirectory(prefix="squabble-smoke-") as tmp:
        check_demo(path, Path(tmp) / "data", Path(tmp) / "demo.png")


def smoke(path: Path, version: str) -> None:
    exe = program(path)
    assert exe.is_file(), f"no program at {exe}"
    with tempfile.TemporaryDirectory(prefix="squabble-smoke-") as tmp:
        tmp = Path(tmp)
        check_version(exe, tmp / "data", version)
        check_bad_argument(exe, tmp / "data")
        check_engine(exe, tmp / "data")
        check_hard(exe, tmp / "data")
        check_demo(exe, tmp / "data", tmp / "demo.png")


def main(argv: list[str]) -> int:
    windowed = None
    if len(argv) == 3 and argv[1] == "--windowed":
        argv, windowed = argv[:1], argv[2]
    if len(argv) != 1:
        print("usage: python tests/exe_smoke.py PATH-OF-EXECUTABLE-OR-APP [--windowed GAME.exe]",
              file=sys.stderr)
        return 2
    sys.path.insert(0, str(HERE.parent))
    from squabble import __version__
    try:
        smoke(Path(argv[0]), __version__)
        if windowed:
            smoke_windowed(Path(windowed), Path(argv[0]))
    except AssertionError as e:
        print(f"smoke test FAILED: {e}", file=sys.stderr)
        return 1
    print(f"smoke test passed: {argv[0]}{' and ' + windowed if windowed else ''} "
          f"(squabble {__version__})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
