"""Size of the built download and its time to first frame, side by side with a minimal pygame-ce
window on the same machine in the same run (run by hand, after building).

    pyinstaller --noconfirm --workpath build/pyinstaller build.spec
    python bench/exe_size_startup.py [PATH] [--runs N]

PATH: dist/squabble (dist/squabble.exe on Windows, dist/Twilight Squabble.app on macOS; the
default is the one for this system).

Time to first frame: wall time of ``squabble --frames 1`` (start, unpack, import, open the window,
draw one frame, exit) under SDL_VIDEODRIVER=dummy. The reference is this Python opening a pygame-ce
window and drawing one frame, the least any pygame-ce program does. The two are run alternately so
that both see the same load; the ratio of their medians says more than either time alone, which
moves with the machine and whatever else runs on it.
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
    ours, ref = [], []
    timed([sys.executable, "-c", REFERENCE], env)  # warm the file cache for both
    timed([str(program), "--frames", "1"], env)
    for _ in range(a.runs):
        ours.append(timed([str(program), "--frames", "1"], env))
        ref.append(timed([sys.executable, "-c", REFERENCE], env))
    mo, mr = statistics.median(ours), statistics.median(ref)
    print(f"time to first frame: median {mo:.2f} s (min {min(ours):.2f}, max {max(ours):.2f}, "
          f"{a.runs} runs)  target 1.0 s")
    print(f"minimal pygame-ce window, same run: median {mr:.2f} s "
          f"(min {min(ref):.2f}, max {max(ref):.2f})")
    print(f"ratio: the download takes {mo / mr:.1f}x the minimal window's time to first frame")
    try:
        load = os.getloadavg()
        print(f"load average during the run: {load[0]:.2f} (1 min), cores: {os.cpu_count()}")
    except (AttributeError, OSError):  # Windows has no load average
        print(f"cores: {os.cpu_count()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
