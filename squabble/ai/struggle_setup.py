"""Hard's set-up (issue 21): the influence each side places before the first turn (rules
rewrite 1.3), as people place it.

Point by point the evaluation sees only what a point does now: hard put three points in France,
two in Italy and two in Greece (three countries controlled), leaving W. Germany empty and Italy
open to a three-operations coup, and lost Europe to the USSR in the first turns.  Scoring a
placement by the map after the enemy's three best answers did not change that (the USSR's best
answers were in the Middle East and Asia, never W. Germany), so hard opens as people do:
of the 51 set-ups in the real games the USA put three or four points in W. Germany and two to
four in Italy in every one (W. Germany 4 and Italy 4 in 40, with a handicap of two more points),
and the USSR four in Poland, one more in E. Germany and one in Austria or Yugoslavia in 46
(docs/ai-struggle.md, "Hard's set-up").  With the standard seven US points that is W. Germany 4
and Italy 3.  A set-up the table does not cover (a handicap, a variant) is left to the search."""

from __future__ import annotations

from squabble.games.struggle import FIXED_SETUP

#: the set-up's points in order, each country up to the points it gets (what this set-up has
#: already placed there counts)
OPENINGS = {
    "USA": (("W. Germany", 4), ("Italy", 3)),
    "USSR": (("Poland", 4), ("E. Germany", 1), ("Austria", 1)),
}


def opening_choice(state):
    """Index of the option hard takes at the pending set-up placement, from OPENINGS; None
    when the decision is not the standard set-up or the table has no point left for it."""
    p = state.get("pending")
    if not p or p.get("kind") != "setup_influence":
        return None
    side = p.get("player")
    # what this set-up has placed: the side's influence beyond the fixed starting influence
    # (the map, public; not the engine's frames: the set-up is the only placement before it)
    fixed = FIXED_SETUP.get(side, {})
    counts = {c: state["influence"][c][side] - fixed.get(c, 0) for c, _ in OPENINGS.get(side, ())}
    where = {o.get("country"): i for i, o in enumerate(p["options"])}
    for country, points in OPENINGS.get(side, ()):
        if counts.get(country, 0) < points and country in where:
            return where[country]
    return None


def opening_words(side):
    """The coach's sentence for ``side``'s opening ("Most players open with 4 points in W.
    Germany and 3 in Italy.")."""
    parts = [f"{n}{' points' if j == 0 else ''} in {c}"
             for j, (c, n) in enumerate(OPENINGS[side])]
    plan = ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"Most players open with {plan}."
