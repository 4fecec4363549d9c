"""The Mid War events (cards 36-81 without the scoring cards 37, 38, 79 and 81, which live in
scoring.py), in three modules by card range: ``mid_036_049``, ``mid_050_066`` and
``mid_067_080``, with the pieces they share in ``mid_shared``.  Importing this module registers
them all.  Written against docs/struggle-events-api.md; the decisions taken on unsettled points
are in docs/struggle-mid-war.md (MW-n).

Every choice is a decision of the side that makes it (``e.ask``, ``e.place``, ``e.remove``,
``e.ops``); random things use the state's generator or forced dice (``roll``,
``random_hand_card``).  Lasting effects are entries of ``state["effects"]`` read by hooks.

Helpers meant for other modules (Late War cards):

* ``flower_power_active(state)`` - 059 Flower Power is in force (An Evil Empire ends it with
  ``remove_effect(state, 59)`` and blocks it with a ``blocks_event`` hook).
* ``willy_brandt_active(state)`` - 055's effect is in force (Tear Down this Wall ends it with
  ``remove_effect(state, 55)``; 055 cannot occur while effect 96 is in force).
* ``john_paul_elected(state)`` - 068 occurred (Solidarity's prerequisite).
* ``un_intervention_resolved(state)`` - 060 U2 Incident pays its extra VP (once).  Not needed for
  an event resolution of UN Intervention, which the ``event_done`` hook sees wherever it happens
  (Star Wars included); only a pairing that runs no event frame calls it (Grain Sales).
* ``war_card_played_by_usa(state, card, use)`` - call it when the USA plays a war card outside a
  normal action-round play: 059 Flower Power pays the USSR.
* ``trapped_by(state, side)`` - the card (42 Quagmire / 44 Bear Trap) trapping ``side``, or None.
"""

from __future__ import annotations

from . import mid_036_049, mid_050_066, mid_067_080
from .mid_050_066 import (flower_power_active, un_intervention_resolved, war_card_played_by_usa,
                          willy_brandt_active)
from .mid_067_080 import john_paul_elected
from .mid_shared import AMERICAS, OPS_USES, WAR_CARDS, trapped_by

#: the event modules (importing them registered their events) and the helpers named above
__all__ = ["mid_036_049", "mid_050_066", "mid_067_080", "flower_power_active",
           "un_intervention_resolved", "war_card_played_by_usa", "willy_brandt_active",
           "john_paul_elected", "AMERICAS", "OPS_USES", "WAR_CARDS", "trapped_by"]
