"""Twilight Squabble's rules engine: ``engine`` (the rules and the API the protocol, the
window and the computer players use), ``preview`` (what an option would do) and ``validation``
(load's consistency check), both of which import the engine.  The engine's ``decision``,
``validate`` and ``load`` reach those two through ``engine.ABOVE``, filled here: importing any
module of the package runs this first, so the engine never imports a module that imports it."""

from . import engine, preview, validation

engine.ABOVE.update(preview=preview, validation=validation)
