"""Size of the one-file executable and its time to first frame (run by hand, after building).

    pyinstaller --noconfirm build.spec && python bench/exe_size_startup.py [dist/squabble]

Time to first frame: wall time of ``squabble --frames 1`` (start, unpack, import, open the window,
draw one frame, exit), median of 5 runs under SDL_VIDEODRIVER=dummy.
"""

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

root = Path(__file__).resolve().parents[1]
exe = Path(sys.argv[1]) if len(sys.argv) > 1 else root / "dist" / (
    "squabble.exe" if sys.platform == "win32" else "squabble")
if not exe.is_file():
    sys.exit(f"{exe} not found: build it first with 'pyinstaller --noconfirm build.spec'")
env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
print(f"size: {exe.stat().st_size / 1e6:.1f} MB ({exe.stat().st_size / 2**20:.1f} MiB)")
times = []
for _ in range(5):
    t = time.perf_counter()
    subprocess.run([str(exe), "--frames", "1"], env=env, check=True, capture_output=True)
    times.append(time.perf_counter() - t)
print(f"time to first frame: median {statistics.median(times):.2f} s "
      f"(min {min(times):.2f}, max {max(times):.2f}, 5 runs)")
