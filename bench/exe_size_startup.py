"""Size of the built download and its time to first frame, side by side with a minimal pygame-ce
window on the same machine in the same run (run by hand, after building).

    pyinstaller --noconfirm --workpath build/pyinstaller build.spec
    python bench/exe_size_startup.py [PATH] [--runs N]

PATH: dist/squabble (dist/squabble.exe on Windows, dist/Twilight Squabble.app on macOS; the
default is the one for this system).

Time to first frame: wall time of ``squabble --frames 1`` (start, unpack, import, open the window,
draw one frame, exit) under SDL_VIDEODRIVER=dummy. Two references run alternately with it, so all
three see the same load: this Python opening a pygame-ce window and drawing one frame (the least
any pygame-ce program does), and the same game from source, ``python -m squabble --frames 1``
(what the bundle adds: unpacking itself). The ratios of the medians say more than the times
alone, which move with the machine and whatever else runs on it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if sys.platform == "darwin":
    DEFAULT = ROOT / "dist" / "Twilight Squabble.app"
elif sys.platform == "win32":
    DEFAULT = ROOT / "dist" / "squabble.exe"
else:
    DEFAULT = ROOT / "dist" / "squabble"

REFERENCE = ("import pygame; pygame.init(); s = pygame.display.set_mode((1280, 720)); "
             "s.fill((20, 30, 40)); pygame.display.flip(); pygame.quit()")


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def timed(cmd: list[str], env: dict) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, capture_output=True, timeout=300)
    return time.perf_counter() - t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("--runs", type=int, default=5, help="runs of each (default 5)")
    a = ap.parse_args(argv)
    program = a.path / "Contents" / "MacOS" / "squabble" if a.path.suffix == ".app" else a.path
    if not program.is_file():
        print(f"{program} not found: build it first with "
              "'pyinstaller --noconfirm --workpath build/pyinstaller build.spec'", file=sys.stderr)
        return 2
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    size = size_of(a.path)
    print(f"size: {size / 1e6:.1f} MB ({size / 2**20:.1f} MiB)  target 40 MB")
    ours, ref, src = [], [], []
    from_source = [sys.executable, "-m", "squabble", "--frames", "1"]
    src_env = dict(env, PYTHONPATH=str(ROOT))
    timed([sys.executable, "-c", REFERENCE], env)  # warm the file cache for all three
    timed([str(program), "--frames", "1"], env)
    timed(from_source, src_env)
    for _ in range(a.runs):
        ours.append(timed([str(program), "--frames", "1"], env))
        ref.append(timed([sys.executable, "-c", REFERENCE], env))
        src.append(timed(from_source, src_env))
    mo, mr, ms = statistics.median(ours), statistics.median(ref), statistics.median(src)
    print(f"time to first frame: median {mo:.2f} s (min {min(ours):.2f}, max {max(ours):.2f}, "
          f"{a.runs} runs)  target 1.0 s")
    print(f"minimal pygame-ce window, same run: median {mr:.2f} s "
          f"(min {min(ref):.2f}, max {max(ref):.2f})")
    print(f"the same game from source, same run: median {ms:.2f} s "
          f"(min {min(src):.2f}, max {max(src):.2f})")
    print(f"ratios: the download takes {mo / mr:.1f}x the minimal window's time to first frame "
          f"and {mo / ms:.1f}x the game's from source")
    try:
        load = os.getloadavg()
        print(f"load average during the run: {load[0]:.2f} (1 min), cores: {os.cpu_count()}")
    except (AttributeError, OSError):  # Windows has no load average
        print(f"cores: {os.cpu_count()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
