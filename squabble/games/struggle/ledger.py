"""The log accounts for every change of the map and the tracks (issue 50, item 4).

Influence, VP, DEFCON, MilOps, the Space Race and the effects in force change only through
steps of the engine (``engine.run`` calls one frame handler at a time).  ``tally`` reads those
quantities; ``account`` says what a run of structured log lines (``LogLine`` kind and data)
reports about them; ``settle``, called by ``engine.run`` after each handler while a log is
kept, compares the two and logs every change no line of that step reported: an event that
moves influence or VP without a sentence of its own (John Paul II Elected Pope, Allende) still
gives the scenes a line, with its kind and data, to animate and badge, and the log a sentence.

What a line reports, by its data: an "influence" line ``amount`` of ``side`` in ``country``
(or ``changes``, {side: amount}, for both sides there); a
"coup" line ``removed`` (of ``enemy``) and ``placed`` (of ``side``); a "realign" line
``removed`` of ``loser``; any line with ``vp_after`` the VP marker, with ``milops_after`` both
MilOps, with ``effects_after`` the effects in force; a "defcon" or "turn" line ``defcon``; a
"space_advance" line ``position`` of ``side``.
"""

from __future__ import annotations

import marshal

from squabble.games.logline import LogLine, data_of, kind_of
from .data import CARDS, card_name

SIDES = ("USA", "USSR")


def effect_key(e: dict) -> tuple:
    return (e["card"], e.get("by"), e.get("until"))


def tally(state: dict) -> dict:
    """The quantities the log accounts for, as plain values (a copy)."""
    return {"influence": {c: (v["USA"], v["USSR"]) for c, v in state["influence"].items()},
            "vp": state["vp"], "defcon": state["defcon"],
            "milops": (state["milops"]["USA"], state["milops"]["USSR"]),
            "space": (state["space"]["USA"], state["space"]["USSR"]),
            "effects": tuple(effect_key(e) for e in state["effects"])}


def snapshot(state: dict) -> tuple:
    """The quantities ``tally`` reads, quick to take before every step and equal after a step
    that changed none of them: (the countries' names, the USA's and the USSR's influence in
    them, the rest as bytes)."""
    infl = state["influence"]
    vals = infl.values()
    return (tuple(infl), tuple([v["USA"] for v in vals]), tuple([v["USSR"] for v in vals]),
            marshal.dumps((state["vp"], state["defcon"], state["milops"], state["space"],
                           state["effects"])))


def _tally_of(snap: tuple) -> dict:
    names, usa, ussr, rest = snap
    vp, defcon, milops, space, effects = marshal.loads(rest)
    return tally({"influence": {c: {"USA": a, "USSR": b} for c, a, b in zip(names, usa, ussr)},
                  "vp": vp, "defcon": defcon, "milops": milops, "space": space,
                  "effects": effects})


def _add(infl: dict, country: str, side: str, n: int) -> None:
    u, s = infl[country]
    infl[country] = (u + n, s) if side == "USA" else (u, s + n)


def account(start: dict, lines) -> dict:
    """The tally ``lines`` report, from ``start`` (a ``tally``)."""
    t = dict(start, influence=dict(start["influence"]))
    infl = t["influence"]
    for x in lines:
        k, d = kind_of(x), data_of(x)
        c = d.get("country")
        if c in infl:
            if k == "influence" and isinstance(d.get("changes"), dict):
                for side, n in d["changes"].items():
                    if side in SIDES:
                        _add(infl, c, side, n or 0)
            elif k == "influence" and d.get("side") in SIDES:
                _add(infl, c, d["side"], d.get("amount") or 0)
            elif k == "coup":
                _add(infl, c, d["enemy"], -(d.get("removed") or 0))
                _add(infl, c, d["side"], d.get("placed") or 0)
            elif k == "realign" and d.get("removed"):
                _add(infl, c, d["loser"], -d["removed"])
        if "vp_after" in d:
            t["vp"] = d["vp_after"]
        if k in ("defcon", "turn") and "defcon" in d:
            t["defcon"] = d["defcon"]
        if "milops_after" in d:
            t["milops"] = (d["milops_after"]["USA"], d["milops_after"]["USSR"])
        if k == "space_advance" and d.get("side") in SIDES:
            sp = t["space"]
            t["space"] = (d["position"], sp[1]) if d["side"] == "USA" else (sp[0], d["position"])
        if "effects_after" in d:
            t["effects"] = tuple(tuple(e) for e in d["effects_after"])
    return t


def differences(reported: dict, actual: dict) -> list:
    """The names of the quantities (a country's name for influence) ``reported`` misses."""
    out = [c for c, v in actual["influence"].items() if reported["influence"].get(c) != v]
    return out + [k for k in ("vp", "defcon", "milops", "space", "effects")
                  if reported[k] != actual[k]]


def _vp_words(vp: int) -> str:
    return "even" if vp == 0 else f"USA +{vp}" if vp > 0 else f"USSR +{-vp}"


def settle(state: dict, snap: tuple, log: list, first: int, card=None, by=None) -> None:
    """Log what changed in a step and none of its lines (``log[first:]``) reported: ``snap``
    is the ``snapshot`` before the step, ``card`` the card in play, ``by`` the side whose step
    it was (the side whose event or operations made the change).  Each line carries ``card``,
    ``by`` and ``silent`` (True: the line is this account's, not the step's own)."""
    if snapshot(state) == snap:     # nothing changed (whatever the step's lines say)
        return
    start = _tally_of(snap)
    actual = tally(state)
    reported = account(start, log[first:])
    if reported == actual:
        return
    who = f"{card_name(card)}: " if isinstance(card, int) and card in CARDS else ""
    extra = {"card": card, "by": by, "silent": True}

    def line(text, kind, named=True, **data):
        text = who + text if who and named else text[:1].upper() + text[1:]
        log.append(LogLine(sentence(text), kind, **data, **extra))

    for c, now in actual["influence"].items():
        was = reported["influence"].get(c)
        if was == now:
            continue
        changes = {side: now[i] - was[i] for i, side in enumerate(SIDES) if now[i] != was[i]}
        words = [f"{n} {side} influence added in {c} (now {now[SIDES.index(side)]})" if n > 0
                 else f"{-n} {side} influence removed from {c} ({now[SIDES.index(side)]} left)"
                 for side, n in sorted(changes.items(), key=lambda kv: kv[1])]
        if len(changes) == 1:
            (side, n), = changes.items()
            line(words[0], "influence", side=side, country=c, amount=n,
                 now=now[SIDES.index(side)])
        else:   # both sides' influence there: one line (the removal first)
            line(" and ".join(words), "influence", country=c, changes=changes,
                 now=dict(zip(SIDES, now)))
    if actual["space"] != reported["space"]:
        for i, side in enumerate(SIDES):
            if actual["space"][i] != reported["space"][i]:
                pos = actual["space"][i]
                line(f"the {side} marker moves to box {pos} of the Space Race", "space_advance",
                     side=side, position=pos, box=str(pos), vp=None)
    if actual["vp"] != reported["vp"]:
        n = actual["vp"] - reported["vp"]
        side = "USA" if n > 0 else "USSR"
        line(f"the {side} gains {abs(n)} VP (victory points: {_vp_words(actual['vp'])})",
             "vp_change", side=side, vp=abs(n), vp_after=actual["vp"])
    if actual["defcon"] != reported["defcon"]:
        now, was = actual["defcon"], reported["defcon"]
        line(f"DEFCON {'drops' if now < was else 'improves'} to {now}", "defcon",
             defcon=now, before=was)
    if actual["milops"] != reported["milops"]:
        m = dict(zip(SIDES, actual["milops"]))
        changed = [s for i, s in enumerate(SIDES) if actual["milops"][i] != reported["milops"][i]]
        line(" and ".join(f"the {s}'s military operations: {m[s]}" for s in changed), "milops",
             milops_after=m, sides=changed)
    if actual["effects"] != reported["effects"]:
        old, new = list(reported["effects"]), list(actual["effects"])
        added = [e for e in new if e not in old]
        ended = [e for e in old if e not in new]
        parts = []
        if added:
            parts.append("now in force: " + ", ".join(
                card_name(e[0]) + (" (this turn)" if e[2] == "turn" else "") for e in added))
        if ended:
            parts.append("no longer in force: " + ", ".join(card_name(e[0]) for e in ended))
        line("; ".join(parts) if parts else "the effects in force change order", "effect", False,
             effects_after=[list(e) for e in new], added=[e[0] for e in added],
             ended=[e[0] for e in ended])


def sentence(text: str) -> str:
    """``text`` ended with one full stop: a name that ends in one ("U.K.") is not followed by
    another."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?")) else text + "."
