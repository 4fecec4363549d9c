"""The deal of a finished online game, checked on its result screen (issue 60).

``DealCheck`` asks the server for the finished game as a game record (``{"type": "record"}``),
replays it with the engine and checks the deal (``records.verify``: the reveal matches the
commitment every update carried, and with both players' values gives the record's seed) on a
thread of its own, never in a frame; then it says "Deal verified" or exactly what does not
match.  The record is kept in the Finished games folder (one file a game), so the game can be
stepped through and ``squabble replay`` checks it too.  Nothing here draws."""

from __future__ import annotations

import threading

from squabble import records, userdata

CHECKING = "Checking the deal…"


class DealCheck:
    def __init__(self, link, game_id: str):
        self.game_id = game_id
        self.words = CHECKING
        self.verified = False
        self.done = False
        self.future = link.request("fetch_record", game_id)
        self._thread = None

    def poll(self) -> None:
        """Each frame: start the check once the record came (on a thread)."""
        if self._thread is None and self.future.done():
            try:
                rec = self.future.result()
            except Exception as e:   # noqa: BLE001 - one sentence, nothing lost
                self.words, self.done = f"The game's record could not be fetched: {e}", True
                self._thread = False
                return
            self._thread = threading.Thread(target=self._check, args=(rec,), daemon=True)
            self._thread.start()

    def _check(self, rec) -> None:
        result = records.verify(rec)
        verified = False
        if result.ok and result.deal == "Deal verified":
            words, verified = "Deal verified: the server dealt the game it committed to " \
                "before the first card, and the replay matches every move.", True
        elif not result.deal:
            words = "This game was dealt before the server committed to its deals."
        elif result.deal == "Deal verified":
            words = f"The deal checks, but the record does not: {result.message}"
        else:
            words = result.deal
        if result.ok:
            try:   # kept once a game: Finished games lists it (before the screen says so)
                name = f"{records.FOLDER}/{rec['game']}-online-{self.game_id}.json"
                (userdata.data_dir(create=True) / records.FOLDER).mkdir(exist_ok=True)
                if not userdata.path(name).exists():
                    userdata.write_json(name, rec)
            except (OSError, RuntimeError):
                pass
        self.words, self.verified = words, verified
        self.done = True
