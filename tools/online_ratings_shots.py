"""Screenshots of the ratings screens (issue 60), headless, against a real ``squabble serve`` on
127.0.0.1 with a fake clock: Play online (its "Ratings on this server"), Create with "Rated",
a rated game's result screen ("Your rating: 1500 → 1516") and the ratings table.

    python tools/online_ratings_shots.py [OUT]
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import tools.shot_harness as H  # noqa: E402  (headless, throw-away user data)


def _until(a, pred, seconds=10.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end and not pred():
        a.step()
        time.sleep(0.01)


async def _fill(url, fake):
    """A few rated games lost on time between named players, for the table."""
    from squabble.online.client import Client
    names = ["Anna", "Boris", "Clara", "Dmitri", "Eve"]
    keys = {n: f"{i + 1:02x}" * 16 for i, n in enumerate(names)}
    for k in range(8):
        x, y = names[k % 5], names[(k * 2 + 1) % 5]
        if x == y:
            continue
        for game in ("squabble", "struggle"):
            a, b = await Client(url).connect(), await Client(url).connect()
            c = await a.create(game, {}, side="USA", name=x, rated=True, key=keys[x],
                               clock={"kind": "live", "minutes": 30, "increment": 0})
            await b.join(c["code"], name=y, key=keys[y])
            await a.until_version(0)
            await asyncio.sleep(0.1)
            fake.advance(1801)
            while a.last.get("winner") is None:
                await a.next_update(5)
            await a.close(), await b.close()


def main():
    from squabble.online.link import Link
    from squabble.ui.online.game import open_game
    from squabble.ui.online.menus import CreateScene, InvitationScene
    from tests.online_helpers import FakeClock, ServerProcess
    tmp = tempfile.mkdtemp(prefix="squabble-ratings-shots-")
    fake = FakeClock(os.path.join(tmp, "clock"))
    server = ServerProcess(os.path.join(tmp, "games.sqlite3"), prelude=fake.prelude)
    try:
        asyncio.run(_fill(server.url, fake))
        a = H.app_()
        a.settings.display_name = "Anna"
        a.settings.online_server = server.url
        a.to_online()
        H.steps(a, 3)
        H.shot(a, "online-menu-ratings.png")
        create = CreateScene(a, server.url)
        a.stack.push(create)
        create.choice.update(rated=True, side="USA", clock="live30")
        create.build()
        H.steps(a, 3)
        H.shot(a, "online-create-rated.png")
        a.stack.remove(create)
        for game, result in (("squabble", "result"), ("struggle", "struggle_result")):
            a.to_online()
            create = CreateScene(a, server.url)
            a.stack.push(create)
            create.choice.update(game=game, rated=True, side="USA", clock="live30")
            create.go()
            _until(a, lambda: isinstance(a.stack.top, InvitationScene))
            inv = a.stack.top
            b = Link(server.url)
            b.request("join", inv.reply["code"], "Boris", key="02" * 16).result(10)
            time.sleep(0.3)
            open_game(a, inv.link, inv.link.last)
            fake.advance(1801)
            _until(a, lambda: a.stack.top.name == result)
            H.steps(a, 60)
            H.shot(a, f"online-result-rated-{game}.png")
            b.close()
        a.to_online()
        a.stack.top.ratings()
        _until(a, lambda: getattr(a.stack.top, "tables", None) is not None)
        H.steps(a, 3)
        H.shot(a, "online-ratings.png")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
