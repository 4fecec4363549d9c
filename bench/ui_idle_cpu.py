"""CPU cost of every screen while it waits for a person: title, game pick, both set-ups, the
Squabble table, the Struggle map (waiting for a card choice), a hand-off and a result screen.

    python bench/ui_idle_cpu.py [--seconds 6] [--size 1280x720] [--window] [--screens a,b]
                                [--tree PATH]

Each screen runs in its own process: the process builds the screen with a no-wait clock, lets
every animation settle, then runs the real frame loop (``GameApp.run`` with the 60 fps
``RealClock``).  This script reads that process's CPU time (utime + stime of /proc/PID/stat)
over a fixed wall-clock window and prints it as a share of one core: the figure other programs
on the machine do not change (a frame rate would).  With the Xvfb it starts itself it also
prints the X server's CPU time in the same window (the copy of each shown frame is its work).  It also prints the frames drawn per second
and the engine calls (the session's ``decision`` and ``describe`` reaching the game adapter)
per second in that window.

Headless (SDL's dummy driver) by default; ``--window`` opens a real X11 window: on the DISPLAY
given, or (when there is none) on an Xvfb server this script starts on a free display with a
1920x1080 screen and stops at the end.  ``--tree`` measures another checkout of the game (e.g.
``git worktree add /tmp/before <commit>``) with this script.  Linux only; run by hand, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCREENS = ("title", "gamepick", "squabble_setup", "struggle_setup", "squabble_table",
           "struggle_map", "handoff", "result", "online_wait")
TICKS = os.sysconf("SC_CLK_TCK")


# ------------------------------------------------------------------ the measured process
def _settle(app, ready, limit=40000, human=None):
    """Step with the no-wait clock until ``ready()``; ``human()`` answers a person's other
    decisions (option 0) on the way.  Then 120 more frames so every sprite stops."""
    for _ in range(limit):
        if ready():
            break
        if human is not None:
            human()
        app.step()
    else:
        raise SystemExit("the screen never became ready")
    for _ in range(120):
        app.step()


def _session_of(app):
    for s in reversed(app.stack.scenes):
        if getattr(s, "session", None) is not None:
            return s.session
    return getattr(app, "session", None)


class _Counting:
    """The game adapter, counting the calls that reach it."""

    def __init__(self, game, counts):
        self._game, self._counts = game, counts

    def __getattr__(self, name):
        fn = getattr(self._game, name)
        if name in ("decision", "describe") and callable(fn):
            def counted(*a, **k):
                self._counts[name] += 1
                return fn(*a, **k)
            return counted
        return fn


def _struggle_scene(app):
    from squabble.ui.struggle.scene import StruggleScene
    return app.stack.find(StruggleScene)


def build(screen: str, size):
    """The app showing ``screen``, settled."""
    from squabble.framework.clock import NoWaitClock
    from squabble.framework.handoff import HandOffScene
    from squabble.ui import settings as S
    from squabble.ui.app import WindowApp

    app = WindowApp(clock=NoWaitClock(), attract_after=None, seed=7, size=size,
                      settings=S.Settings(sound=0, music=0, anim="normal"))
    app.to_title()
    if screen == "gamepick":
        from squabble.ui import gamepick
        gamepick.open_new(app)
    elif screen == "squabble_setup":
        from squabble.ui import games
        games.get("squabble").open_setup(app)
    elif screen == "struggle_setup":
        from squabble.ui.struggle.setup import StruggleSetupScene
        app.stack.push(StruggleSetupScene(app))
    elif screen == "squabble_table":
        app.start("squabble", {"mode": "computer", "human": "USSR", "level": "normal", "events": True})
        sess = app.session

        def ready():
            d = sess.decision()
            top = app.stack.top
            return d is not None and d["player"] == "USSR" and \
                type(top).__name__ == "TableScene" and not top.animating()
        _settle(app, ready)
    elif screen in ("struggle_map", "handoff"):
        from squabble.ui.struggle.setup import start_struggle
        mode = "computer" if screen == "struggle_map" else "hotseat"
        start_struggle(app, {"mode": mode, "human": "USSR", "level": "easy",
                             "options": {"optional_cards": False, "chinese_civil_war": False}})
        sc = _struggle_scene(app)

        def waiting_card():
            k = (sc.session.describe() or {}).get("kind")
            return app.stack.top is sc and sc.human_turn() and sc.choices is not None and \
                k in ("headline", "action_card")

        def human():
            if app.stack.top is sc and sc.human_turn() and sc.choices is not None and \
                    not waiting_card():
                sc.commit(0)
            elif isinstance(app.stack.top, HandOffScene) and screen == "struggle_map":
                app.stack.top._confirm()
        if screen == "struggle_map":
            _settle(app, waiting_card, human=human)
        else:
            _settle(app, lambda: isinstance(app.stack.top, HandOffScene), human=human)
    elif screen == "result":
        from squabble.ui.squabble import game as squabble_game
        try:
            from squabble.ui.squabble.scenes import ResultScene
        except ImportError:   # a tree from before the Squabble screens moved to ui/squabble/
            from squabble.ui.menus import ResultScene
        sess = squabble_game.new_session({"mode": "computer", "human": "USSR",
                                          "level": "normal", "events": True}, 7)
        while not sess.over:
            sess.apply(0)
        app.session = sess
        app.stack.replace_all(ResultScene(app, sess))
    elif screen == "online_wait":
        _online_wait(app)
    elif screen != "title":
        raise SystemExit(f"unknown screen {screen!r}")
    for _ in range(120):
        app.step()
    return app


def _online_wait(app):
    """An online Twilight Squabble game in which this window (America) waits for its friend
    (Russia plays first each era and never moves): a real ``squabble serve`` on 127.0.0.1 with
    a database in a temporary folder, stopped when this process ends."""
    import atexit
    import re

    from squabble.online.link import Link
    from squabble.ui.online.game import open_game
    folder = tempfile.mkdtemp(prefix="idle-online-")
    server = subprocess.Popen([sys.executable, "-m", "squabble", "serve", "--port", "0", "--db",
                               os.path.join(folder, "games.sqlite3")],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              env=dict(os.environ, PYTHONPATH=os.environ["BENCH_TREE"]))
    atexit.register(lambda: (server.kill(), shutil.rmtree(folder, ignore_errors=True)))
    url = re.search(r"(wss?://\S+?)/ ", server.stdout.readline()).group(1) + "/"
    friend, me = Link(url), Link(url)
    code = friend.request("create", "squabble", {}, "USSR").result(10)["code"]
    me.request("join", code).result(10)
    end = time.monotonic() + 10
    update = None
    while update is None and time.monotonic() < end:
        got = [m for m in me.take() if m.get("type") == "update"]
        update = got[-1] if got else None
        time.sleep(0.02)
    open_game(app, me, update)
    _settle(app, lambda: getattr(app.stack.top, "flow", None) is not None
            and app.stack.top.session.waiting_for_friend())


def child(screen: str, size, seconds: float) -> int:
    sys.path.insert(0, os.environ["BENCH_TREE"])
    from squabble.framework.clock import RealClock

    app = build(screen, size)
    counts = {"decision": 0, "describe": 0}
    sess = _session_of(app)
    if sess is not None:
        sess.game = _Counting(sess.game, counts)
    app.clock = RealClock(60)
    app.step()
    drawn0 = getattr(app, "frames_drawn", 0)
    print("READY", flush=True)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        app.step()
    wall = time.perf_counter() - t0
    print(json.dumps({"drawn": (getattr(app, "frames_drawn", 0) - drawn0) / wall,
                      "decision": counts["decision"] / wall,
                      "describe": counts["describe"] / wall,
                      "top": type(app.stack.top).__name__}), flush=True)
    return 0


# ------------------------------------------------------------------ the measuring process
def _cpu(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        parts = f.read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / TICKS    # utime, stime


def measure(screen, args, env, server=None) -> dict:
    warm = 1.0
    p = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--child", screen,
                          "--size", args.size, "--seconds", str(args.seconds + warm + 0.5)],
                         env=env, stdout=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        while line and line.strip() != "READY":   # e.g. pygame's greeting
            line = p.stdout.readline()
        if line.strip() != "READY":
            p.wait(60)
            return {"error": f"the {screen} process stopped ({p.returncode})"}
        time.sleep(warm)
        x0 = _cpu(server) if server else 0.0
        c0, t0 = _cpu(p.pid), time.perf_counter()
        time.sleep(args.seconds)
        c1, t1 = _cpu(p.pid), time.perf_counter()
        x1 = _cpu(server) if server else 0.0
        out = json.loads(p.stdout.readline() or "{}")
        p.wait(30)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    out["cpu"] = 100 * (c1 - c0) / (t1 - t0)
    out["server"] = 100 * (x1 - x0) / (t1 - t0)
    return out


def _free_display() -> int:
    for n in range(42, 99):
        if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
            return n
    raise SystemExit("no free X display number")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=6.0)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--window", action="store_true", help="a real X11 window (Xvfb if no DISPLAY)")
    ap.add_argument("--screens", default=",".join(SCREENS))
    ap.add_argument("--tree", default=HERE, help="the checkout whose game is measured")
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    size = tuple(int(x) for x in a.size.lower().split("x"))
    if a.child:
        return child(a.child, size, a.seconds)

    data = tempfile.mkdtemp(prefix="squabble-bench-")
    env = dict(os.environ, BENCH_TREE=os.path.abspath(a.tree), SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", SQUABBLE_DATA_DIR=data)
    xvfb = None
    if a.window:
        env["SDL_VIDEODRIVER"] = "x11"
        if not env.get("DISPLAY"):
            if shutil.which("Xvfb") is None:
                raise SystemExit("--window needs a DISPLAY or Xvfb (apt-get install xvfb)")
            n = _free_display()
            xvfb = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1920x1080x24",
                                     "-nolisten", "tcp"], stderr=subprocess.DEVNULL)
            env["DISPLAY"] = f":{n}"
            time.sleep(1.0)
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
    try:
        where = f"a real X11 window on {env['DISPLAY']}" if a.window else "headless (dummy driver)"
        print(f"Idle CPU, {where}, {a.size}, tree {a.tree}, {a.seconds:.0f} s per screen "
              f"(load {os.getloadavg()[0]:.1f}):")
        for screen in a.screens.split(","):
            r = measure(screen, a, env, xvfb.pid if xvfb is not None else None)
            if "error" in r:
                print(f"  {screen:15s} {r['error']}")
                continue
            print(f"  {screen:15s} {r['cpu']:5.1f}% of one core  {r['drawn']:5.1f} frames drawn/s  "
                  f"engine calls/s: decision {r['decision']:6.1f} describe {r['describe']:5.1f}"
                  f"  ({r['top']})" + (f"  X server {r['server']:.1f}%" if xvfb else ""),
                  flush=True)
    finally:
        if xvfb is not None:
            xvfb.send_signal(signal.SIGTERM)
            xvfb.wait(10)
        shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
