"""Computer player for Twilight Struggle.  How it thinks: docs/ai-struggle.md.

``choose_struggle(state, level, seed) -> int`` returns the index of the option the computer player
of ``level`` ("easy", "normal", "hard", or the one-ply baseline "greedy") picks for the pending
decision of ``state``.

Information: the player decides from what the deciding side may see.  It builds a *determinized*
state: the full state with every card the side cannot see (the enemy's hand, the draw pile, an
enemy headline not yet shown) dealt again at random from their sorted pool, a new generator and
no forced dice, all drawn from ``seed``.  So reordering the hidden cards (or swapping hidden cards
between the enemy hand and the deck) cannot change the answer; the engine's frame stack is used as
it is only to know where in the procedure the decision is (it holds no hidden card).

Search: each option is applied on the determinized state, the rest of the current action
(further points of the same operations, the event's other decisions, the enemy's answers inside
the event, played to win: a battleground coup at DEFCON 2 in the other side's round is taken) is
played out by a fast greedy policy, and the position is scored by ``Evaluator``.  Hard then looks
again at its best three options with the enemy's next action round played out as well, over
several deals of the hidden cards, within a budget of engine steps.
"""

from __future__ import annotations

import marshal
import random

from squabble import rng as R
from squabble.games import struggle as S
from squabble.games.struggle import data as D
from squabble.games.struggle.core import adjacent_controlled
from squabble.games.struggle.engine import rounds_for, space_ok
from squabble.games.struggle.events.mid import trapped_by

LEVELS = ("easy", "normal", "hard", "greedy")
ENEMY = D.ENEMY
WIN = 1000.0
#: hard level: at most this many determinized samples, within this many engine steps in all
HARD_SAMPLES = 4
HARD_WORK = 1500
#: hard: enemy cards tried for its reply
REPLY_CARDS = 3
#: hard: options given the second, deeper look
HARD_TOP = 3
#: engine steps a reply estimate is counted as (it costs about as much time)
REPLY_WORK = 25

_SCORED = ("Europe", "Asia", "Middle East", "Africa", "Central America", "South America",
           "Southeast Asia")
_REGION_CARD = {r: n for n, r in D.SCORING_REGION.items()}
_REGION_COUNTRIES = {r: D.REGIONS[r] for r in _SCORED}
_REGION_BG = {r: frozenset(c for c in D.REGIONS[r] if c in D.BATTLEGROUND) for r in _SCORED}
_ADJ_BONUS = {"Europe", "Asia", "Central America"}
_ADJ_SUPER = {s: D.SUPERPOWER_ADJ[s] for s in ("USA", "USSR")}
#: scored regions each country belongs to
_COUNTRY_REGIONS = {c: tuple(r for r in _SCORED if c in D.REGION_SETS[r]) for c in D.COUNTRIES}
_STAB = D.STABILITY
_BG = D.BATTLEGROUND
_USE_MODES = frozenset(("event", "influence", "realign", "coup", "space", "event_first",
                        "ops_first"))
_DICE_MODES = frozenset(("coup", "realign"))
#: die faces averaged for a coup, realignment or space attempt (mean 3.5, both extremes)
_FACES = (1, 3, 4, 6)
_MEMO_MODES = frozenset(("influence", "realign", "coup", "space"))
_EVENT_MODES = frozenset(("event", "event_first", "ops_first"))
#: more draws of the generator for an event whose resolution draws on it
RANDOM_SAMPLES = 3
#: probability of each difference of two dice
_DIFF_P = {d: (6 - abs(d)) / 36.0 for d in range(-5, 6)}
#: options kept for a full look after the quick first score
KEEP = 10


def _copy(state):
    return marshal.loads(marshal.dumps(state))


# ---------------------------------------------------------------------------------- evaluation

def _region_points(infl, region):
    """(USA points, USSR points) of a region scoring now (scoring hooks left out)."""
    ctrl_a = ctrl_s = bg_a = bg_s = adj_a = adj_s = 0
    bgs = _REGION_BG[region]
    for c in _REGION_COUNTRIES[region]:
        ci = infl[c]
        a, s = ci["USA"], ci["USSR"]
        st = _STAB[c]
        if a >= s + st:
            ctrl_a += 1
            if c in bgs:
                bg_a += 1
            if c in _ADJ_SUPER["USSR"]:
                adj_a += 1
        elif s >= a + st:
            ctrl_s += 1
            if c in bgs:
                bg_s += 1
            if c in _ADJ_SUPER["USA"]:
                adj_s += 1
    return _points(region, ctrl_a, ctrl_s, bg_a, bg_s, adj_a, adj_s)


def _points(region, ctrl_a, ctrl_s, bg_a, bg_s, adj_a, adj_s):
    if region == "Southeast Asia":
        return ctrl_a + bg_a, ctrl_s + bg_s
    pres, dom, con = D.REGION_VP[region]
    nb = len(_REGION_BG[region])
    out = []
    for n, b, en, eb, adj in ((ctrl_a, bg_a, ctrl_s, bg_s, adj_a), (ctrl_s, bg_s, ctrl_a, bg_a, adj_s)):
        pts = b + (adj if region in _ADJ_BONUS else 0)
        if n > en and b == nb:
            pts += 20 if con is None else con     # control of Europe wins the game
        elif n > en and b > eb and n - b >= 1:
            pts += dom
        elif n >= 1:
            pts += pres
        out.append(pts)
    return out[0], out[1]


_CV: dict = {}
_NEED = (1.0, 0.4, 0.15, 0.05, 0.0)


def _country_value(ci, c):
    """USA-minus-USSR positional value of one country (control, battlegrounds, useful influence)."""
    a, s = ci["USA"], ci["USSR"]
    key = (c, a, s)
    v = _CV.get(key)
    if v is not None:
        return v
    st = _STAB[c]
    bg = c in _BG
    # control, with part credit for a side that is close to taking it (a control that the enemy
    # breaks with one point is mostly still there: the owner restores it as cheaply)
    need_a = max(0, s + st - a)
    need_s = max(0, a + st - s)
    v = (0.9 if bg else 0.35) * (_NEED[min(need_a, 4)] - _NEED[min(need_s, 4)])
    cap = st + 1
    w = 0.12 if bg else 0.06
    v += w * (min(a, cap) - min(s, cap))
    if len(_CV) < 200_000:
        _CV[key] = v
    return v


def _region_weights(state, me):
    """How much each region's current score is worth (scoring cards seen, turn)."""
    turn = state["turn"]
    final = 0.25 + 0.045 * turn
    hand = state["hands"][me]
    gone = set(state["discard"]) | set(state["removed"])
    w = {}
    for r in _SCORED:
        card = _REGION_CARD[r]
        if isinstance(hand, list) and card in hand:
            w[r] = 1.0
        elif card in gone:
            w[r] = 0.25 + (final if r != "Southeast Asia" else 0.0)
        elif r == "Southeast Asia" and turn < 4:
            w[r] = 0.15
        else:
            w[r] = 0.55 + (final if r != "Southeast Asia" else 0.0)
        w[r] = min(w[r], 1.1)
    return w


def _rounds_left(state, side):
    """Action rounds ``side`` still has this turn (not counting a play it is asked for now)."""
    a = state["action_round"]
    total = rounds_for(state, side)
    if a <= 0:
        return total
    p = state.get("pending")
    asked = p is not None and p["player"] == side and p["options"] and p["options"][0]["mode"] == "play"
    if asked:
        return total - a + 1
    played = (state["phasing"] == side) or (side == "USSR" and state["phasing"] == "USA")
    return total - a + (0 if played else 1)


_MILOPS_W = (1.0, 0.6, 0.35, 0.2)

#: cards whose event, fired in the holder's own action round, can take DEFCON to 1 there (so the
#: holder loses): for each holder, the enemy cards that lower DEFCON or hand the enemy a coup
#: (4 Duck and Cover, 26 CIA Created, 67 Grain Sales to Soviets, 5 Five Year Plan; 50 "We Will
#: Bury You", 62 "Lone Gunman", 91 Ortega) and the neutral ones the enemy can turn against the
#: player (20 Olympic Games: a boycott; 45 Summit: the roll's winner moves DEFCON)
DEFCON_DANGER = {"USSR": frozenset((4, 26, 67, 5, 20, 45)),
                 "USA": frozenset((50, 62, 91, 20, 45))}
#: value of a dangerous card held, by DEFCON (2, 3): a liability while DEFCON is low
DANGER_W = {2: 3.0, 3: 0.8}
#: each round left this turn that only a dangerous card can fill, by DEFCON
FORCED_W = {2: 25.0, 3: 8.0}
#: no spare card beyond the rounds left (the next lost card forces a dangerous play), by DEFCON
MARGIN_W = {2: 6.0, 3: 2.0}
#: headlining a dangerous card at DEFCON 3 or lower
HEADLINE_DANGER = 12.0
#: being trapped by Quagmire / Bear Trap (action rounds spent discarding)
TRAP_W = 3.0
#: a held enemy card, per op (its event will go to the enemy unless it is sent to space)
ENEMY_CARD_W = 0.3


class Evaluator:
    """Scores positions for one side; region weights are fixed once per decision."""

    def __init__(self, state, me):
        self.me = me
        self.sign = 1.0 if me == "USA" else -1.0
        self.w = _region_weights(state, me)

    def region_term(self, infl, r):
        a, s = _region_points(infl, r)
        return self.w[r] * (a - s)

    def map_usa(self, infl):
        """Regions as if scored now (weighted) plus every country's positional value, one pass."""
        cnt = {r: [0, 0, 0, 0, 0, 0] for r in _SCORED}
        v = 0.0
        for c, ci in infl.items():
            v += _country_value(ci, c)
            a, s = ci["USA"], ci["USSR"]
            st = _STAB[c]
            if a >= s + st:
                k = 0
            elif s >= a + st:
                k = 1
            else:
                continue
            bg = c in _BG
            adj = c in _ADJ_SUPER["USSR" if k == 0 else "USA"]
            for r in _COUNTRY_REGIONS[c]:
                x = cnt[r]
                x[k] += 1
                if bg:
                    x[2 + k] += 1
                if adj:
                    x[4 + k] += 1
        w = self.w
        for r, x in cnt.items():
            a, s = _points(r, *x)
            v += w[r] * (a - s)
        return v

    def delta_place(self, infl, c, side, n=1):
        """Change of the (USA-minus-USSR) map value when ``side`` adds ``n`` (may be negative)."""
        ci = infl[c]
        before = _country_value(ci, c)
        rb = 0.0
        regions = _COUNTRY_REGIONS[c]
        for r in regions:
            rb += self.region_term(infl, r)
        old = ci[side]
        ci[side] = max(0, old + n)
        after = _country_value(ci, c)
        ra = 0.0
        for r in regions:
            ra += self.region_term(infl, r)
        ci[side] = old
        return (after - before) + (ra - rb)

    def __call__(self, state, side=None):
        side = side or self.me
        sgn = 1.0 if side == "USA" else -1.0
        w = state.get("winner")
        if w is not None:
            return WIN if w == side else -WIN
        v = float(state["vp"])
        v += self.map_usa(state["influence"])
        # space race
        v += 0.5 * (state["space"]["USA"] - state["space"]["USSR"])
        # The China Card
        ch = state["china"]
        if ch["holder"] is not None:
            cv = 2.5 if ch["face_up"] else 1.8
            v += cv if ch["holder"] == "USA" else -cv
        # military operations still owed at the end of the turn
        if state["action_round"] > 0:
            dc = state["defcon"]
            for s, sg in (("USA", 1.0), ("USSR", -1.0)):
                short = max(0, dc - state["milops"][s])
                if short:
                    left = _rounds_left(state, s)
                    wt = _MILOPS_W[left] if left < len(_MILOPS_W) else 0.1
                    v -= sg * short * wt
        v *= sgn
        if state["effects"]:
            if trapped_by(state, side):
                v -= TRAP_W
            if trapped_by(state, ENEMY[side]):
                v += TRAP_W
        return v + self.hand_value(state, side)

    @staticmethod
    def hand_value(state, side):
        """The known hand of ``side``: own cards are assets, enemy events liabilities, scoring
        cards without a round left to play them lose the game."""
        hand = state["hands"][side]
        if not isinstance(hand, list):
            return 0.0
        v = 0.0
        nscore = 0
        for c in hand:
            card = D.CARDS[c]
            if card["scoring"]:
                nscore += 1
                continue
            ops = card["ops"] or 0
            if card["side"] == ENEMY[side]:
                v -= ENEMY_CARD_W * ops
            else:
                v += 0.15 * ops
        if nscore and state["action_round"] > 0:
            left = _rounds_left(state, side)
            if nscore > left:
                v -= 60.0
            elif nscore == left:
                v -= 1.5
        dc = state["defcon"]
        if dc in DANGER_W:
            danger = DEFCON_DANGER[side]
            bad = sum(1 for c in hand if c in danger)
            if bad:
                v -= DANGER_W[dc] * bad
                if state["action_round"] > 0:
                    # rounds left this turn that only a dangerous card can fill (one may go to
                    # the Space Race if the engine allows it with one of them): at DEFCON 2 the
                    # enemy then ends the game in this side's round; at DEFCON 3 it may come to
                    # that after one battleground coup
                    safe = len(hand) - bad - nscore
                    ch = state["china"]
                    if ch["holder"] == side and ch["face_up"]:
                        safe += 1
                    spaced = 1 if any(c in danger and space_ok(state, side, c) for c in hand) else 0
                    left = _rounds_left(state, side)
                    forced = left - nscore - safe - spaced
                    if forced > 0:
                        v -= FORCED_W[dc] * forced
                    elif forced == 0 and left > 0:
                        # no spare card: one card lost to an enemy event (a random discard,
                        # a card taken) forces a dangerous play, so the plan has no margin
                        v -= MARGIN_W[dc]
        return v


# ------------------------------------------------------------------------------ determinization

def determinize(state, side, seed):
    """A full state consistent with ``S.view(state, side)``: hidden cards dealt again from seed."""
    v = S.view(state, side)
    enemy = ENEMY[side]
    Dt = _copy(state)
    rnd = random.Random(seed * 7919 + 17)
    hidden_hand = not isinstance(v["hands"][enemy], list)
    hl = state.get("headline") or {}
    hidden_hl = (v.get("headline") or {}).get(enemy) == "hidden"
    pool = list(state["deck"])
    if hidden_hand:
        pool += state["hands"][enemy]
    if hidden_hl:
        pool.append(hl[enemy])
    pool.sort()
    rnd.shuffle(pool)
    if hidden_hl:
        new = pool.pop()
        Dt["table"].remove(hl[enemy])
        Dt["table"].append(new)
        Dt["headline"][enemy] = new
    if hidden_hand:
        n = len(state["hands"][enemy])
        Dt["hands"][enemy] = sorted(pool[:n])
        pool = pool[n:]
    Dt["deck"] = pool
    Dt["rng"] = R.seed_value(rnd.getrandbits(62))
    Dt["dice"] = []
    return Dt


# ------------------------------------------------------------------------------------ policies

def _round_owner(state):
    """The side that loses if DEFCON reaches 1 now (the engine: the active side, else phasing)."""
    return state.get("active") or state.get("phasing")


def _lost(state, side):
    w = state.get("winner")
    return w is not None and w != side


def _stop(state, headline=False):
    """True when the current action is over: a new card choice (play or headline) or game end.
    With ``headline``, the headline phase is played through (the enemy's choice is guessed)."""
    if state.get("winner") is not None:
        return True
    p = state.get("pending")
    if p is None:
        return True
    m = p["options"][0]["mode"] if p["options"] else None
    return m == "play" or (m == "headline" and not headline)


class Player:
    def __init__(self, state, me, seed, level="normal"):
        self.me = me
        self.seed = seed
        self.draws = 0     # other generator draws taken for random events (seeded, counted)
        self.ev = Evaluator(state, me)
        self.level = level
        self.memo = {}
        self.reply_ops = 3 if level == "hard" else 0
        self.deep = False  # hard's second pass: the enemy's next action round is played out
        self.work = 0      # engine steps taken: the hard level's budget (not the clock: determinism)

    def _apply(self, state, i):
        self.work += 1
        S.apply_in_place(state, i)

    # --- fast greedy policy used inside play-outs (for either side)
    def fast(self, state, depth=0):
        p = state["pending"]
        opts = p["options"]
        n = len(opts)
        if n == 1:
            return 0
        side = p["player"]
        sg = 1.0 if side == "USA" else -1.0
        infl = state["influence"]
        modes = {o["mode"] for o in opts}
        if modes <= {"place", "influence", "done"} and all("country" in o or o["mode"] == "done"
                                                           for o in opts):
            best, bi = -1e9, 0
            for i, o in enumerate(opts):
                if o["mode"] == "done":
                    val = -0.05
                else:
                    cost = o.get("amount", 1)
                    val = sg * self.ev.delta_place(infl, o["country"], side, 1) / cost
                if val > best:
                    best, bi = val, i
            return bi
        if "headline" in modes:
            return self._headline_guess(state, side, opts)
        frame = state["stack"][-1] if state.get("stack") else {}
        if (modes == {"coup"} and all("country" in o for o in opts) and frame.get("kind") == "ops"
                and isinstance(frame.get("left"), int)):
            best, bi = -1e9, 0
            for i, o in enumerate(opts):
                val = self._coup_gain(state, side, o["country"], frame["left"])
                if val > best:
                    best, bi = val, i
            return bi
        if modes == {"realign"} and all("country" in o for o in opts):
            best, bi = -1e9, 0
            for i, o in enumerate(opts):
                val = sg * self._realign_gain(state, side, o["country"])
                if val > best:
                    best, bi = val, i
            return bi
        # one ply on the engine (two when the same side then picks a target), coups and
        # realignments with a middle die roll
        best, bi = -1e9, 0
        for i, o in enumerate(opts):
            t = _copy(state)
            if o["mode"] in _DICE_MODES and "country" in o:
                t["dice"] = [4, 3]
            self._apply(t, i)
            if depth == 0 and "country" not in o:
                # peek ahead while the same side goes on deciding (a kind of operations, then
                # its target; an event's choice, then a kind, then a target): so the enemy model
                # sees a winning coup two or three decisions away
                for _ in range(2):
                    q = t.get("pending")
                    if (t.get("winner") is not None or q is None or q["player"] != side
                            or not q["options"] or q["options"][0]["mode"] in ("play", "headline")):
                        break
                    j = self.fast(t, 1)
                    if q["options"][j]["mode"] in _DICE_MODES and "country" in q["options"][j]:
                        t["dice"] = [4, 3]
                    self._apply(t, j)
                    if "country" in q["options"][j]:
                        break
            val = self.ev(t, side)
            if o["mode"] == "influence" and "country" not in o:
                val += 0.3   # prefer influence as the kind of operations, as most players do
            if val > best:
                best, bi = val, i
        return bi

    def _realign_gain(self, state, side, c):
        """Expected change of the USA-minus-USSR map value of one realignment roll in ``c``."""
        enemy = ENEMY[side]
        infl = state["influence"]
        ci = infl[c]
        mods = {}
        for s_ in (side, enemy):
            mods[s_] = adjacent_controlled(state, s_, c) + (1 if ci[s_] > ci[ENEMY[s_]] else 0)
        base = mods[side] - mods[enemy]
        out = 0.0
        cache = {}
        for d, p in _DIFF_P.items():
            x = d + base
            if x > 0:
                k = -min(x, ci[enemy])
                who = enemy
            elif x < 0:
                k = -min(-x, ci[side])
                who = side
            else:
                continue
            if k:
                key = (who, k)
                if key not in cache:
                    cache[key] = self.ev.delta_place(infl, c, who, k)
                out += p * cache[key]
        return out

    def _coup_gain(self, state, side, c, ops):
        """Expected gain (for ``side``) of a coup in ``c`` with ``ops``: the die averaged, the
        military operations it brings.  A battleground coup at DEFCON 2 ends the game: the side
        whose round it is loses, so it is suicide in one's own round and a win in the enemy's
        (an event that grants ops to the enemy of the phasing side): the enemy model plays to win."""
        if c in _BG and state["defcon"] <= 2:
            return -WIN if _round_owner(state) == side else WIN
        enemy = ENEMY[side]
        infl = state["influence"]
        ci = infl[c]
        sg = 1.0 if side == "USA" else -1.0
        out = 0.0
        for die in range(1, 7):
            result = die + ops - 2 * _STAB[c]
            if result <= 0:
                continue
            removed = min(result, ci[enemy])
            placed = result - removed
            # the change of the map value: the enemy's influence removed, then side's placed
            old_e = ci[enemy]
            d1 = self.ev.delta_place(infl, c, enemy, -removed) if removed else 0.0
            ci[enemy] = old_e - removed
            d2 = self.ev.delta_place(infl, c, side, placed) if placed else 0.0
            ci[enemy] = old_e
            out += sg * (d1 + d2) / 6.0
        short = max(0, state["defcon"] - state["milops"][side])
        out += 0.5 * min(ops, short)
        if c in _BG:
            out -= 0.3
        return out

    def _headline_guess(self, state, side, opts):
        best, bi = -1e9, 0
        for i, o in enumerate(opts):
            card = D.CARDS[o["card"]]
            ops = card["ops"] or 0
            val = ops if card["side"] == side else (-ops if card["side"] == ENEMY[side] else 0.5)
            if val > best:
                best, bi = val, i
        return bi

    def settle(self, state, limit=60, branched=False, headline=False):
        """Play out the current action with the fast policy; the value for ``self.me``."""
        steps = 0
        while not _stop(state, headline) and steps < limit:
            i = self.fast(state)
            o = state["pending"]["options"][i]
            if not branched and ((o["mode"] in _DICE_MODES and "country" in o) or o["mode"] == "space"):
                vals = []
                for dice in ([3, 4], [4, 3]):
                    t = _copy(state)
                    t["dice"] = list(dice)
                    self._apply(t, i)
                    vals.append(self.settle(t, limit - steps, True, headline))
                return sum(vals) / len(vals)
            self._apply(state, i)
            steps += 1
        return self.final(state)

    def final(self, state):
        """The value of a position at the end of the action; with ``reply_ops`` (hard), less what
        the enemy's next operations could win back if the enemy moves next."""
        if self.deep and state.get("winner") is None:
            p = state.get("pending")
            if (p is not None and p["player"] != self.me and p["options"]
                    and p["options"][0]["mode"] == "play"):
                return self.enemy_reply(state)
        v = self.ev(state)
        if not self.reply_ops or state.get("winner") is not None:
            return v
        p = state.get("pending")
        if p is None or p["player"] == self.me or not p["options"] or p["options"][0]["mode"] != "play":
            return v
        self.work += REPLY_WORK
        return v - self._reply_gain(state, ENEMY[self.me], self.reply_ops)

    def enemy_reply(self, state):
        """The enemy's whole next action round: each card it may play (in this deal of its
        hand) played out by the fast policy, the one best for the enemy kept; the value of the
        position after it, for ``self.me``.  Dice rolls inside use middle faces."""
        self.deep = False
        enemy = state["pending"]["player"]
        best_e, best_v = None, None
        opts = state["pending"]["options"]
        # its strongest cards: the most ops, then its own events (scoring cards included)
        def strength(i):
            c = opts[i].get("card")
            if c is None:
                return (0, 0, i)
            card = D.CARDS[c]
            return (-(card["ops"] or 0) - (1 if card["side"] == enemy else 0),
                    0 if card["scoring"] else 1, i)
        for i in sorted(range(len(opts)), key=strength)[:REPLY_CARDS]:
            t = _copy(state)
            self._apply(t, i)
            t["dice"] = [4, 3] * 4
            steps = 0
            while not _stop(t) and steps < 40:
                self._apply(t, self.fast(t))
                steps += 1
            ve = self.ev(t, enemy)
            if best_e is None or ve > best_e:
                best_e, best_v = ve, self.ev(t)
        self.deep = True
        return best_v

    def _reply_gain(self, state, side, ops):
        """What ``side`` wins (map value, for side) with ``ops`` influence placed greedily."""
        infl = state["influence"]
        enemy = ENEMY[side]
        acc = set(_ADJ_SUPER[side])
        for c, ci in infl.items():
            if ci[side]:
                acc.add(c)
                acc.update(x for x in D.ADJACENT[c] if x in infl)
        sg = 1.0 if side == "USA" else -1.0
        changed = []
        total = 0.0
        left = ops
        while left > 0:
            best, bc, bcost = 0.0, None, 1
            for c in acc:
                ci = infl[c]
                cost = 2 if ci[enemy] >= _STAB[c] + ci[side] else 1
                if cost > left:
                    continue
                val = sg * self.ev.delta_place(infl, c, side, 1) / cost
                if val > best:
                    best, bc, bcost = val, c, cost
            if bc is None:
                break
            total += best * bcost
            infl[bc][side] += 1
            changed.append(bc)
            left -= bcost
        for c in changed:
            infl[c][side] -= 1
        return total

    # --- values of the options of the real decision
    def option_value(self, state, i):
        o = state["pending"]["options"][i]
        if (o["mode"] in _DICE_MODES and "country" in o) or o["mode"] == "space":
            # expected value over the die (each roll pairs with its opposite for realignments);
            # the rolls left after a realignment are the same whatever the target: not played out
            vals = []
            for die in _FACES:
                t = _copy(state)
                t["dice"] = [die, 7 - die]
                self._apply(t, i)
                if o["mode"] == "realign":
                    vals.append(self.ev(t))
                else:
                    vals.append(self.settle(t, branched=True))
            return sum(vals) / len(vals)
        t = _copy(state)
        self._apply(t, i)
        if _lost(t, self.me):
            return -WIN
        p = t.get("pending")
        if (o["mode"] == "play" and p is not None and t.get("winner") is None
                and p["player"] == self.me and p["options"]
                and all(q["mode"] in _USE_MODES and "country" not in q for q in p["options"])):
            # operations and space attempts are worth the same whatever card of the same ops
            # gives them (but the hand left differs): computed once per decision
            best = -1e9
            hv = self.ev.hand_value(t, self.me)
            for j, q in enumerate(p["options"]):
                if q["mode"] in _MEMO_MODES:
                    key = (q["mode"], q["label"])
                    if key not in self.memo:
                        self.memo[key] = self.option_value(t, j) - hv
                    val = self.memo[key] + hv
                else:
                    val = self.option_value(t, j)
                best = max(best, val)
            return best
        if o["mode"] == "headline":
            v = self.settle(t, headline=True)
            if o.get("card") in DEFCON_DANGER[self.me] and state["defcon"] <= 3:
                # the enemy's headline may go first and lower DEFCON (a coup, Duck and Cover,
                # "We Will Bury You"), and then this event ends the game in this side's
                # headline: the play-out guesses one enemy headline only, so the risk is priced
                v -= HEADLINE_DANGER
            return v
        v = self.settle(t)
        if o["mode"] in _EVENT_MODES and t["rng"] != state["rng"] and v > -WIN / 2:
            # the event drew on the generator (a random discard, a roll): one draw is one
            # outcome of many, so the line is played again with other draws and averaged
            # (a 1-in-5 chance that Five Year Plan discards Grain Sales at DEFCON 2 is seen)
            vals = [v]
            for k in range(RANDOM_SAMPLES):
                u = _copy(state)
                self.draws += 1
                u["rng"] = R.seed_value(self.seed * 131 + self.draws)
                self._apply(u, i)
                vals.append(self.settle(u))
                if vals[-1] <= -WIN / 2:
                    break
            v = sum(vals) / len(vals)
        return v

    def quick_value(self, state, i):
        """A cheap first score (no play-out), to keep the options worth a full look."""
        p = state["pending"]
        o = p["options"][i]
        side = p["player"]
        if o["mode"] in ("place", "influence") and "country" in o:
            sg = 1.0 if side == self.me else -1.0
            usa = 1.0 if side == "USA" else -1.0
            return sg * usa * self.ev.delta_place(state["influence"], o["country"], side, 1) / o.get("amount", 1)
        t = _copy(state)
        if o["mode"] in _DICE_MODES and "country" in o:
            t["dice"] = [4, 3]
        self._apply(t, i)
        return self.ev(t)


def _suicidal(state, i, me):
    t = _copy(state)
    S.apply_in_place(t, i)
    return _lost(t, me)


def _scoring_forced(state, me):
    """Option indices of scoring cards when the hand has no round to spare for them."""
    p = state["pending"]
    opts = p["options"]
    if not opts or opts[0]["mode"] != "play" or state["action_round"] <= 0:
        return None
    hand = state["hands"][me]
    n = sum(1 for c in hand if D.CARDS[c]["scoring"])
    if not n:
        return None
    left = _rounds_left(state, me)
    if n < left:
        return None
    idx = [i for i, o in enumerate(opts) if o.get("card") is not None and D.CARDS[o["card"]]["scoring"]]
    return idx or None


def choose_struggle(state, level, seed=0) -> int:
    """Index into ``S.decision(state)["options"]`` chosen by the computer player."""
    if level not in LEVELS:
        raise ValueError('The level must be "easy", "normal", "hard" or "greedy".')
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("The seed must be an integer.")
    d = S.decision(state) if isinstance(state, dict) else None
    if d is None:
        raise ValueError("The game is over: there is no decision to make.")
    opts = d["options"]
    if len(opts) == 1:
        return 0
    me = d["player"]
    if level == "greedy":
        return greedy_choice(state, me, seed)
    vals = option_values(state, level, seed)
    cand = sorted(vals)
    if len(cand) == 1:
        return cand[0]
    if level == "easy":
        rnd = random.Random(seed * 1_000_003 + 11)
        if rnd.random() < 0.15:
            # a slip, but never into a line its play-out sees lost (DEFCON 1, a scoring card
            # held): a beginner's opponent, not one that throws the game
            alive = [i for i in cand if vals[i] > -WIN / 2] or cand
            return rnd.choice(alive)
        noisy = {i: v + rnd.gauss(0.0, 1.5) for i, v in vals.items()}
        return max(cand, key=lambda i: (noisy[i], -i))
    return pick_close(vals, seed)


def option_values(state, level, seed):
    """{option index: value} of the options ``level`` considers for the pending decision (the
    unsafe ones dropped, scoring cards when due, the best few after a quick first score); a
    single forced option is returned with value 0."""
    me = S.decision(state)["player"]
    opts = state["pending"]["options"]
    base = _copy(determinize(state, me, seed))
    safe = [i for i in range(len(opts)) if not _suicidal(base, i, me)] or list(range(len(opts)))
    forced = _scoring_forced(base, me)
    if forced:
        cand = [i for i in forced if i in safe] or forced
    else:
        cand = safe
    if len(cand) == 1:
        return {cand[0]: 0.0}
    pl = Player(base, me, seed, "normal" if level == "hard" else level)
    if len(cand) > KEEP:
        quick = {i: pl.quick_value(base, i) for i in cand}
        cand = sorted(sorted(cand, key=lambda i: (-quick[i], i))[:KEEP])
    vals = {i: pl.option_value(base, i) for i in cand}
    if level != "hard":
        return vals
    # hard, second pass: the best few options again, now with the enemy's next action round
    # played out at the end of each line (its best card for it, in this deal of its hand), over
    # more deals of the hidden cards while the work budget lasts; a deal is used whole or not at
    # all, and the budget counts engine steps (not the clock: the same view and seed give the
    # same answer)
    top = sorted(sorted(cand, key=lambda i: (-vals[i], i))[:HARD_TOP])
    if len(top) == 1:
        return {top[0]: vals[top[0]]}
    tot = {i: 0.0 for i in top}
    work = 0
    samples = 0
    for k in range(HARD_SAMPLES):
        Dk = base if k == 0 else determinize(state, me, seed * 31 + k)
        pk = Player(Dk, me, seed + k, "normal")
        pk.deep = True
        for i in top:
            tot[i] += pk.option_value(Dk, i)
        samples += 1
        work += pk.work
        if work * (k + 2) / (k + 1) > HARD_WORK:
            break
    return {i: tot[i] / samples for i in top}


#: options within this many VP of the best are "close": the seed picks among them
CLOSE = 0.25


def pick_close(vals, seed):
    """The best option, or, among those within :data:`CLOSE` of it, one drawn from the seed: so
    that the player is not predictable, but never picks a clearly worse option."""
    best = max(vals.values())
    close = sorted(i for i, v in vals.items() if v >= best - CLOSE)
    if len(close) == 1:
        return close[0]
    return random.Random(seed * 2_000_003 + 29).choice(close)


# ------------------------------------------------------------------------ the greedy baseline

def greedy_score(state, me):
    """The greedy baseline's score for ``me``: VP, control and region standing, nothing else."""
    w = state.get("winner")
    if w is not None:
        return WIN if w == me else (0.0 if w == "draw" else -WIN)
    infl = state["influence"]
    v = float(state["vp"])
    for r in _SCORED:
        a, s = _region_points(infl, r)
        v += 0.5 * (a - s)
    for c, ci in infl.items():
        a, s = ci["USA"], ci["USSR"]
        st = _STAB[c]
        k = 0.6 if c in _BG else 0.25
        if a >= s + st:
            v += k
        elif s >= a + st:
            v -= k
    return v if me == "USA" else -v


#: greedy: engine steps per decision after which options are scored one ply, without completion
GREEDY_WORK = 4000
_PLACE_MODES = frozenset(("place", "influence"))


def _greedy_control(ci, c):
    a, s = ci["USA"], ci["USSR"]
    st = _STAB[c]
    k = 0.6 if c in _BG else 0.25
    return k if a >= s + st else (-k if s >= a + st else 0.0)


def _greedy_delta(infl, c, side, me, n=1, cache=None):
    """Change of :func:`greedy_score` for ``me`` (VP left out) when ``side`` adds ``n`` in ``c``;
    ``cache`` keeps each region's current points for a run of calls on the same map."""
    ci = infl[c]
    regions = _COUNTRY_REGIONS[c]
    before = _greedy_control(ci, c)
    for r in regions:
        if cache is not None and r in cache:
            before += cache[r]
        else:
            ra, rs = _region_points(infl, r)
            x = 0.5 * (ra - rs)
            if cache is not None:
                cache[r] = x
            before += x
    old = ci[side]
    ci[side] = max(0, old + n)
    after = _greedy_control(ci, c)
    for r in regions:
        ra, rs = _region_points(infl, r)
        after += 0.5 * (ra - rs)
    ci[side] = old
    d = after - before
    return d if me == "USA" else -d


class _Greedy:
    """The baseline's one-ply look, with the side's own following decisions of the same action
    completed greedily before the score: a card, then its use, then the kind of operations, then
    each target in turn.  Decisions of the enemy inside the action (an event's choice it makes)
    are taken by the enemy's own one-ply score, with no look further; nothing of the enemy's
    next action is seen."""

    def __init__(self, me, rnd):
        self.me = me
        self.rnd = rnd
        self.work = 0
        self.memo = {}

    def _apply(self, t, i):
        self.work += 1
        S.apply_in_place(t, i)

    def _mine(self, t):
        """True while ``t`` waits for a decision that belongs to the current action."""
        if t.get("winner") is not None:
            return False
        q = t.get("pending")
        if q is None or not q["options"]:
            return False
        return q["options"][0]["mode"] not in ("play", "headline")

    def complete(self, t):
        steps = 0
        while self._mine(t) and steps < 40:
            side = t["pending"]["player"]
            j = self.pick(t, side, nested=True) if side == self.me else self.pick(t, side, nested=True,
                                                                                   deep=False)
            self._apply(t, j)
            steps += 1

    def value(self, t, i, side, nested, deep=True, cache=None):
        """Score for ``side`` of option ``i`` of ``t`` (``t`` untouched)."""
        o = t["pending"]["options"][i]
        if o["mode"] in _PLACE_MODES and "country" in o and nested:
            return _greedy_delta(t["influence"], o["country"], side, side, 1, cache) / o.get("amount", 1)
        if o["mode"] == "done" and nested:
            return -0.01
        key = None
        if o["mode"] in _MEMO_MODES and "country" not in o:
            # operations of the same kind and ops are worth the same whatever card gives them
            key = (t["pending"]["player"], o["mode"], o["label"],
                   marshal.dumps((t["influence"], t["vp"], t["defcon"], t["milops"], t["space"],
                                  t["effects"])))
            if key in self.memo:
                return self.memo[key]
        u = _copy(t)
        self._apply(u, i)
        if (deep and self.work < GREEDY_WORK and (not nested or "country" not in o)
                and u.get("winner") is None):
            self.complete(u)
        v = greedy_score(u, side)
        if key is not None:
            self.memo[key] = v
        return v

    def pick(self, t, side, nested, deep=True, cand=None):
        opts = t["pending"]["options"]
        if len(opts) == 1:
            return 0
        best, pick = None, None
        cache = {}
        for i in (cand if cand is not None else range(len(opts))):
            k = (round(self.value(t, i, side, nested, deep, cache), 6), self.rnd.random())
            if best is None or k > best:
                best, pick = k, i
        return pick


def greedy_choice(state, me, seed):
    """One ply: each option applied to a re-dealt copy (what ``me`` cannot see dealt again from
    the seed, dice rolled by the copy's own generator), the side's own following decisions of the
    same action completed greedily (so a coup that wins the game is seen), then the best
    :func:`greedy_score` taken; ties broken by the seed.  It plays its scoring cards when it has
    no round to spare for them.  It never looks at the enemy's next action."""
    base = determinize(state, me, seed)
    cand = _scoring_forced(base, me)
    g = _Greedy(me, random.Random(seed * 1_000_033 + 5))
    return g.pick(base, me, nested=False, cand=cand)
