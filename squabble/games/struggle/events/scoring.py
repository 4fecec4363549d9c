"""The seven scoring cards, regional scoring (rewrite 2.1.10-2.1.11), final scoring (4.4) and
006 The China Card (ruling U-1: it is only ever resolved; its event conducts 4 ops, +1 in Asia)."""

from __future__ import annotations

from ..core import active_hooks, net_vp, win
from ..data import (BATTLEGROUND, CHINA, ENEMY, REGION_SETS, REGION_VP, SCORED_REGIONS,
                    SCORING_REGION, STABILITY, SUPERPOWER_ADJ)
from . import event

#: regions whose scoring pays 1 VP per controlled country adjacent to the enemy superpower
ADJ_BONUS_REGIONS = frozenset(("Europe", "Asia", "Central America"))


def scoring_context(state: dict, region: str, final: bool = False) -> dict:
    """Who controls what in ``region``, after every scoring hook (Formosan, Shuttle Diplomacy...)."""
    countries = set(REGION_SETS[region])
    infl = state["influence"]
    controlled = {"USA": set(), "USSR": set()}
    for c in countries:
        ci = infl[c]
        s = STABILITY[c]
        if ci["USA"] >= s + ci["USSR"]:
            controlled["USA"].add(c)
        elif ci["USSR"] >= s + ci["USA"]:
            controlled["USSR"].add(c)
    ctx = {"region": region, "final": final, "countries": countries,
           "battlegrounds": countries & BATTLEGROUND, "controlled": controlled}
    for fn, args in list(active_hooks(state, "scoring")):
        fn(state, args, ctx)
    return ctx


def level(ctx: dict, side: str) -> str | None:
    """Rewrite 2.1.11: "control", "domination", "presence" or None."""
    mine = ctx["controlled"][side]
    theirs = ctx["controlled"][ENEMY[side]]
    bgs = ctx["battlegrounds"]
    n, en = len(mine), len(theirs)
    b, eb = len(mine & bgs), len(theirs & bgs)
    if n > en and bgs <= mine:
        return "control"
    if n > en and b > eb and n - b >= 1:
        return "domination"
    if n >= 1:
        return "presence"
    return None


def region_points(state: dict, region: str, final: bool = False) -> dict:
    """{"USA": vp, "USSR": vp, "levels": {...}, "europe_control": side|None} for one region."""
    if region == "Southeast Asia":
        ctx = scoring_context(state, region, final)
        out = {}
        for s in ("USA", "USSR"):
            mine = ctx["controlled"][s]
            out[s] = len(mine) + len(mine & ctx["battlegrounds"])
        out["levels"] = {"USA": None, "USSR": None}
        out["europe_control"] = None
        return out
    ctx = scoring_context(state, region, final)
    presence, domination, control = REGION_VP[region]
    out = {"levels": {}, "europe_control": None}
    for s in ("USA", "USSR"):
        lv = level(ctx, s)
        out["levels"][s] = lv
        mine = ctx["controlled"][s]
        pts = len(mine & ctx["battlegrounds"])
        if region in ADJ_BONUS_REGIONS:
            pts += len(mine & SUPERPOWER_ADJ[ENEMY[s]])
        if lv == "presence":
            pts += presence
        elif lv == "domination":
            pts += domination
        elif lv == "control":
            if control is None:
                out["europe_control"] = s
            else:
                pts += control
        out[s] = pts
    return out


def score_region(state: dict, region: str, log=None) -> dict:
    """Score one region now (a scoring card): net VP, then Europe control wins."""
    pts = region_points(state, region)
    net_vp(state, pts["USA"], pts["USSR"])
    if log is not None:   # logged once the points are in: ``vp_after`` is the marker now
        from squabble.games.logline import LogLine
        log.append(LogLine(f"{region} scored: USA {pts['USA']} ({pts['levels']['USA'] or 'nothing'}), "
                           f"USSR {pts['USSR']} ({pts['levels']['USSR'] or 'nothing'}).", "score",
                           region=region, usa=pts["USA"], ussr=pts["USSR"],
                           levels=dict(pts["levels"]), europe_control=pts["europe_control"],
                           vp_after=state["vp"]))
    if pts["europe_control"]:
        win(state, pts["europe_control"], "control of Europe")
    return pts


def final_scoring(state: dict, log=None) -> None:
    """Rewrite 4.4.1: every region at once, 1 VP to the China Card's holder, then the result."""
    state["final"] = True
    usa = ussr = 0
    europe = None
    for region in SCORED_REGIONS:
        pts = region_points(state, region, final=True)
        usa += pts["USA"]
        ussr += pts["USSR"]
        if pts["europe_control"]:
            europe = pts["europe_control"]
    holder = state["china"]["holder"]
    if holder == "USA":
        usa += 1
    elif holder == "USSR":
        ussr += 1
    net_vp(state, usa, ussr)
    if log is not None:
        from squabble.games.logline import LogLine
        log.append(LogLine(f"Final scoring: USA {usa}, USSR {ussr}.", "score", region="final",
                           usa=usa, ussr=ussr, levels={}, europe_control=europe,
                           vp_after=state["vp"]))
    if europe:
        win(state, europe, "control of Europe at final scoring")
    elif state["vp"] > 0:
        win(state, "USA", "final scoring")
    elif state["vp"] < 0:
        win(state, "USSR", "final scoring")
    else:
        win(state, "draw", "final scoring")


def _scoring_event(card: int):
    region = SCORING_REGION[card]

    def resolve(e):
        score_region(e.state, region, e.log)
    resolve.__name__ = f"score_{region.lower().replace(' ', '_')}"
    return resolve


for _card in SCORING_REGION:
    event(_card)(_scoring_event(_card))


@event(CHINA)
def the_china_card(e):
    """Conduct operations with 4 ops, +1 if every point goes to Asia (U-1).  The card already
    passed face down to the enemy when it was played."""
    if e.step == 0:
        e.step = 1
        e.ops(4, card=CHINA, bonus=[["Asia", 1]])
