"""Rated games on the server (issue 60): the part of ``server.Server`` that seats player keys,
refuses a key playing itself, and writes a rated game's Elo in its result's transaction
(online/ratings.py holds the Elo and the SQL).  ``Rated`` is a base class of the server, like
``home.Home``."""

from __future__ import annotations

import contextlib

from squabble.games import registry
from squabble.online import limits, ratings, wire
from squabble.online.home import Refused


class Rated:
    """Methods of ``server.Server`` (its rooms, store, sends)."""

    def _rated(self, room) -> dict:
        """side -> key hash of the room's rated game ({}: not rated), read once a room."""
        if getattr(room, "rated", None) is None:
            room.rated = ratings.seats_of(self.store, room.rec.id)
            room.rating_change = ratings.changes_of(self.store, room.rec.id) \
                if room.rated and room.rec.winner is not None else None
        return room.rated

    def rated_fields(self, room) -> dict:
        seats = self._rated(room)
        return wire.rated_fields(bool(seats), room.rating_change if seats else None)

    @staticmethod
    def rated_may_create(msg: dict):
        """A rated game is created with a player key (refused before anything is stored)."""
        if msg["rated"] and msg["key"] is None:
            raise Refused(wire.NOT_CREATED + "a rated game is created with a player key "
                          "(Play online makes one when you have a name).")

    @staticmethod
    def rated_create_stmts(msg: dict, game_id: str, side: str) -> list:
        """A ``create`` asking for a rated game: the creator's key seated."""
        if not msg["rated"]:
            return []
        return ratings.seat_stmts(game_id, side, ratings.key_hash(msg["key"]), msg["name"])

    def rated_join_stmts(self, room, msg: dict, side: str) -> list:
        """A ``join`` of a rated game: the joiner's key seated; refused without one, or with
        the key that holds the other seat."""
        seats = self._rated(room)
        if not seats:
            return []
        if msg["key"] is None:
            raise Refused(ratings.NO_KEY)
        khash = ratings.key_hash(msg["key"])
        if khash in seats.values():
            raise Refused(ratings.SELF_PLAY)
        return ratings.seat_stmts(room.rec.id, side, khash, msg["name"])

    def rated_joined(self, room, side: str, msg: dict):
        if room.rated:
            room.rated[side] = ratings.key_hash(msg["key"])

    @contextlib.asynccontextmanager
    async def rated_result(self, room, new, stmts: list):
        """(Under the game's lock, around the write of ``new``.)  When ``new`` ends a rated
        game, its ratings' statements join ``stmts`` (one transaction with the result; they
        compute the ratings from those stored, so two games ending together, on this process
        or another, each count: online/ratings.py); the change is read once committed."""
        seats = self._rated(room)
        if new.winner is None or room.rec.winner is not None or len(seats) != 2:
            yield None
            return
        stmts.extend(ratings.result_stmts(new.id, new.game, seats, new.winner, limits.now()))
        yield None
        room.rating_change = ratings.changes_of(self.store, new.id)   # (once it is written)

    def rated_rematch_stmts(self, room, new_id: str) -> list:
        """A rated game's rematch is rated too, each key on its new side."""
        from squabble.online.table import OTHER
        names = self._names(room)
        return [s for side, khash in self._rated(room).items()
                for s in ratings.seat_stmts(new_id, OTHER.get(side, side), khash,
                                            names.get(side))]

    async def on_ratings(self, conn, msg):
        """The server's ratings table of each game (names, ratings, games, wins)."""
        self.send(conn, wire.ratings_reply(ratings.table(self.store, sorted(registry.GAMES))))
