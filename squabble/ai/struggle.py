"""Computer player for Twilight Struggle.  How it thinks: docs/ai-struggle.md.

``choose_struggle(state, level, seed) -> int`` returns the index of the option the
computer player of ``level`` ("easy", "normal", "hard", or the one-ply baseline "greedy") picks
for the pending decision of ``state``.  A tree search over whole action rounds, built on this
module, is the bench's level "hard_tree" (``bench/struggle_mcts.py``), not offered to players.

Information: the player decides from what the deciding side may see.  It builds a *determinized*
state: the full state with every card the side cannot see (the enemy's hand, the draw pile, an
enemy headline not yet shown) dealt again at random from their sorted pool, a new generator and
no forced dice, all drawn from ``seed``.  So reordering the hidden cards (or swapping hidden cards
between the enemy hand and the deck) cannot change the answer.  What the decision is about (its
kind, the card in play, the Ops left) the player reads from the decision's own ``kind`` and
``context``, as the engine states them, not from the engine's frames (hard's set-up table,
``struggle_setup``, still reads the set-up's frame for the points it has placed where, which the
decision's context does not state).

Search: each option is applied on the determinized state, the rest of the current action
(further points of the same operations, the event's other decisions, the enemy's answers inside
the event, played to win: a battleground coup at DEFCON 2 in the other side's round is taken) is
played out by a fast greedy policy, and the position is scored by ``Evaluator``.  normal then
looks again at its best three options with the enemy's next action round played out as well, on
its one deal; hard does so at its best four with the next three action rounds played out (the
enemy's, its own, the enemy's), over several deals of the hidden cards, its looks shared out
among the processes of every core (``pool``), within budgets of engine steps.

The position value and the determinization are in ``struggle_eval``, the greedy baseline in
``struggle_greedy``; this module holds the search and the levels.
"""

from __future__ import annotations

import itertools
import marshal
import random

from squabble import rng as R
from squabble.games import struggle as S
from squabble.games.struggle import data as D
from squabble.games.struggle.query import adjacent_controlled
from squabble.ai.struggle_eval import (  # noqa: F401  (Evaluator, determinize: public here too)
    _ADJ_SUPER, _BG, _DICE_MODES, _DIFF_P, _EVENT_MODES, _FACES, _MEMO_MODES, _STAB, _USE_MODES,
    ENEMY, HEADLINE_DANGER, HEADLINE_DEFCON_DANGER, MISSILE_ENVY, WIN, Evaluator,
    _copy, _scoring_forced, determinize, envy_fatal_chance, star_wars_choice_lost)
from squabble.ai import pool as P
from squabble.ai import struggle_prior
from squabble.ai import struggle_expert as X
from squabble.ai.struggle_expert import Budget
from squabble.ai.struggle_setup import opening_choice
from squabble.ai.struggle_greedy import greedy_choice, greedy_old_choice

LEVELS = ("easy", "normal", "hard", "greedy")
#: a level of the bench and ``choose_struggle`` only: greedy_old, the issue-14 baseline to
#: measure the others against (the tree search "hard_tree" is ``bench/struggle_mcts.py``'s)
OLD_LEVELS = ("greedy_old",)
#: hard level: at most this many determinized samples, within this many engine steps in all
HARD_SAMPLES = 8
HARD_WORK = 3000
#: hard: engine steps for the first look over several deals, and for the second look's first
#: deal (past them a look is cut short and its deal not used)
FIRST_WORK = 5000
#: hard: engine steps of a whole decision for one worker (normal's first look included; about
#: 1.5 s of one core)
HARD_TOTAL = 12000
#: hard: deals of the hidden cards averaged in the first look (normal: one)
HARD_FIRST_DEALS = 4
#: hard's processes (None: one per core, ``pool.workers_default``; a bench or test may set it)
HARD_WORKERS = None
#: hard: enemy cards tried for its reply
REPLY_CARDS = 3
#: hard: options given the second, deeper look
HARD_TOP = 4
#: hard: action rounds its second look plays out after each line (the enemy's, its own, ...)
HARD_ROUNDS = 3
#: a game's end found in the action rounds of a second look: its value moves this much
#: towards 0 per round away (more than CLOSE, so the seed cannot pick the sooner loss)
LATER = 5.0
#: normal: options given a second look with the enemy's next action round (one deal; 0: no
#: second look), while the whole decision, its first look included, fits in NORMAL_TOTAL
#: engine steps (past them the first look decides)
NORMAL_TOP = 3
NORMAL_TOTAL = 1000
#: more draws of the generator for an event whose resolution draws on it
RANDOM_SAMPLES = 3
#: hard's exact count of a random draw (``Player.draw_value``): hands of at most this many cards
DRAW_MAX = 12
#: options kept for a full look after the quick first score
KEEP = 10

# ------------------------------------------------------------------------------------ policies

class _OutOfWork(Exception):
    """A look ran past its budget of engine steps (hard): its deal is not used."""


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
    def __init__(self, state, me, seed, level="normal", profile=None):
        self.me = me
        self.seed = seed
        self.draws = 0     # other generator draws taken for random events (seeded, counted)
        self.ev = Evaluator(state, me, profile)   # profile "hard": hard's weights (struggle_eval)
        self.level = level
        self.memo = {}
        self.deep = False  # second looks: the next action rounds are played out at the end
        self.rounds = 1    # ... this many of them (the enemy's, then its own, and so on)
        self.work = 0      # engine steps taken: the hard level's budget (not the clock: determinism)
        self.limit = None  # hard: past this many steps the look is cut short (_OutOfWork)

    def _apply(self, state, i):
        self.work += 1
        if self.limit is not None and self.work > self.limit:
            raise _OutOfWork
        S.apply_in_place(state, i, record=False)
        if star_wars_choice_lost(state):
            state["winner"] = "USA"     # the line is played on no further (a look's copy)

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
            without = {}
            for i, o in enumerate(opts):
                if o["mode"] == "done":
                    val = -0.05
                else:
                    cost = o.get("amount", 1)
                    val = sg * self.ev.delta_place(infl, o["country"], side, 1, without) / cost
                if val > best:
                    best, bi = val, i
            return bi
        if "headline" in modes:
            return self._headline_guess(state, side, opts)
        ops = (p.get("context") or {}).get("ops_left")   # the decision's: Ops not spent yet
        if (p.get("kind") == "coup_target" and all("country" in o for o in opts)
                and isinstance(ops, int)):
            best, bi = -1e9, 0
            without = {}
            for i, o in enumerate(opts):
                val = self._coup_gain(state, side, o["country"], ops, without)
                if val > best:
                    best, bi = val, i
            return bi
        if modes == {"realign"} and all("country" in o for o in opts):
            best, bi = -1e9, 0
            without = {}
            for i, o in enumerate(opts):
                val = sg * self._realign_gain(state, side, o["country"], without)
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

    def _realign_gain(self, state, side, c, without=None):
        """Expected change of the USA-minus-USSR map value of one realignment roll in ``c``
        (``without``: the caller's memo for ``delta_place``)."""
        enemy = ENEMY[side]
        infl = state["influence"]
        ci = infl[c]
        mods = {}
        for s_ in (side, enemy):
            mods[s_] = adjacent_controlled(state, s_, c) + (1 if ci[s_] > ci[ENEMY[s_]] else 0)
        base = mods[side] - mods[enemy]
        # the designer realignment rule (optional): the realigning side loses nothing there
        protected = bool(state["options"].get("designer_realignment"))
        out = 0.0
        cache = {}
        for d, p in _DIFF_P.items():
            x = d + base
            if x > 0:
                k = -min(x, ci[enemy])
                who = enemy
            elif x < 0 and not protected:
                k = -min(-x, ci[side])
                who = side
            else:
                continue
            if k:
                key = (who, k)
                if key not in cache:
                    cache[key] = self.ev.delta_place(infl, c, who, k, without)
                out += p * cache[key]
        return out

    def _coup_gain(self, state, side, c, ops, without=None):
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
        # only c's influence changes below: the regions counted without c stay the same
        without = {} if without is None else without
        d1s = {}
        for die in range(1, 7):
            result = die + ops - 2 * _STAB[c]
            if result <= 0:
                continue
            removed = min(result, ci[enemy])
            placed = result - removed
            # the change of the map value: the enemy's influence removed, then side's placed
            old_e = ci[enemy]
            d1 = d1s.get(removed)
            if d1 is None:
                d1 = d1s[removed] = (self.ev.delta_place(infl, c, enemy, -removed, without)
                                     if removed else 0.0)
            ci[enemy] = old_e - removed
            d2 = self.ev.delta_place(infl, c, side, placed, without) if placed else 0.0
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
            if not branched and ((o["mode"] in _DICE_MODES and "country" in o)
                                 or o["mode"] in _SPACE_ROLL_MODES):
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
        """The value of a position at the end of the action; in a second look (``deep``), after
        the next action rounds played out when the enemy plays next."""
        if self.deep and state.get("winner") is None:
            p = state.get("pending")
            if (p is not None and p["player"] != self.me and p["options"]
                    and p["options"][0]["mode"] == "play"):
                return self.enemy_reply(state)
        return self.ev(state)

    def enemy_reply(self, state):
        """The next ``rounds`` action rounds, from the enemy's: in each, the side to play tries
        its strongest cards (in this deal of its hand), each played out by the fast policy, and
        keeps the line best for itself; the value of the position after them, for ``self.me``.
        Dice rolls inside use middle faces.  A game end in these rounds is worth LATER less per
        round away (a loss that comes later is less bad, a win that comes sooner is better): so
        a lost position is played on, giving the enemy its chances to go wrong."""
        self.deep = False
        t = state
        played = 0
        for _ in range(self.rounds):
            t = self._round_reply(t)
            played += 1
            p = t.get("pending")
            if (t.get("winner") is not None or p is None or not p["options"]
                    or p["options"][0]["mode"] != "play"):
                break
        self.deep = True
        v = self.ev(t)
        if t.get("winner") is not None:
            v += -LATER * played if t["winner"] == self.me else LATER * played
        return v

    def _round_reply(self, state):
        """One action round of the side to play (see ``enemy_reply``): the position after it."""
        side = state["pending"]["player"]
        best_e, best_t = None, None
        opts = state["pending"]["options"]
        # its strongest cards: the most ops, then its own events (scoring cards included)
        def strength(i):
            c = opts[i].get("card")
            if c is None:
                return (0, 0, i)
            card = D.CARDS[c]
            return (-(card["ops"] or 0) - (1 if card["side"] == side else 0),
                    0 if card["scoring"] else 1, i)
        for n, i in enumerate(sorted(range(len(opts)), key=strength)):
            if n >= REPLY_CARDS and best_e > -WIN / 2:
                break      # its strongest cards tried (the others only while all of them lose)
            t = _copy(state)
            self._apply(t, i)
            t["dice"] = [4, 3] * 4
            steps = 0
            while not _stop(t) and steps < 40:
                self._apply(t, self.fast(t))
                steps += 1
            ve = self.ev(t, side)
            if best_e is None or ve > best_e:
                best_e, best_t = ve, t
        return best_t

    # --- values of the options of the real decision
    def option_value(self, state, i):
        o = state["pending"]["options"][i]
        if (o["mode"] in _DICE_MODES and "country" in o) or o["mode"] in _SPACE_ROLL_MODES:
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
        if (self.ev.wt.enemy_line and p is not None and t["defcon"] <= 2
                and t.get("winner") is None and p["player"] != self.me
                and p.get("kind") != "action_card"):
            # hard: the option hands the enemy decisions in this side's action at DEFCON 2 (an
            # event giving it operations: Grain Sales to Soviets given back, CIA Created); the
            # engine's look behind a risk finds a battleground coup three decisions deep, which
            # the play-out's enemy model, peeking two, does not.  (In the enemy's own action
            # DEFCON 1 loses it the game: nothing to look for.)
            won = S.enemy_win(t)
            if won is not None and won["defcon"] == 1:
                return -WIN
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
            if o.get("card") in HEADLINE_DEFCON_DANGER[self.me] and state["defcon"] <= 3:
                # the enemy's headline may go first and lower DEFCON (a coup, Duck and Cover,
                # "We Will Bury You"), and then this event ends the game in this side's
                # headline: the play-out guesses one enemy headline only, so the risk is priced
                v -= HEADLINE_DANGER
            return v
        v = self.settle(t)
        if (o["mode"] in _EVENT_MODES and state["defcon"] == 2 and v > -WIN / 2
                and state["pending"].get("context", {}).get("card") == MISSILE_ENVY):
            # the card Missile Envy takes is this deal's guess: the chance over every deal that
            # it is one whose event, occurring for this side now, takes DEFCON to 1
            v -= WIN * envy_fatal_chance(state, self.me)
        if o["mode"] in _EVENT_MODES and t["rng"] != state["rng"]:
            # the event drew on the generator (a random discard, a roll)
            if self.ev.wt.exact_dice:
                # hard: when one roll of one or two dice, or one card drawn at random, decides
                # it, every outcome is counted (Summit at DEFCON 2, 18 VP ahead: a 2-VP win is
                # the 20th, a loss lets the enemy take DEFCON to 1; Five Year Plan at DEFCON 2
                # with CIA Created one of two cards left: the USA's coup in the USSR's round)
                exact = self.dice_value(state, i)
                if exact is None:
                    exact = self.draw_value(state, i)
                if exact is not None:
                    return exact
            if v > -WIN / 2:
                # one draw is one outcome of many, so the line is played again with other draws
                # and averaged (a 1-in-5 chance that Five Year Plan discards Grain Sales at
                # DEFCON 2 is seen); a draw that loses the game ends the sampling
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

    def dice_value(self, state, i):
        """The value of option ``i`` averaged over every face of the dice its resolution rolls
        (one or two dice, each face equally likely), or None when it draws on the generator for
        anything else (a random card) or rolls more dice.  The outcomes that leave the same
        position are played out once, weighed by how many faces lead there (Summit's 36 rolls
        leave three: either side wins, or a tie)."""
        probe = _copy(state)
        probe["dice"] = [1] * 8
        self._apply(probe, i)
        rolled = 8 - len(probe["dice"])
        if probe["rng"] != state["rng"] or not 1 <= rolled <= 2:
            return None
        keys, outs = [], []
        for faces in itertools.product(range(1, 7), repeat=rolled):
            t = _copy(state)
            t["dice"] = list(faces)
            self._apply(t, i)
            if t["dice"] or t["rng"] != state["rng"]:
                return None      # these faces roll again, or draw: not dice alone
            keys.append(marshal.dumps(t))
            outs.append(t)
        return self._mean_settled(keys, outs)

    def draw_value(self, state, i):
        """The value of option ``i`` averaged over every outcome of the one draw its resolution
        takes from the generator (a card of a hand drawn at random: Five Year Plan's discard,
        Grain Sales to Soviets' card), or None when it takes none or more than one, or draws
        from more than ``DRAW_MAX`` cards.  The k-th card is drawn from ``R.forcing(k)``, so the
        outcomes repeat with the size of the hand drawn from, which is how it is found; the
        outcomes that leave the same position are played out once, weighed by their count."""
        nxt = {"rng": state["rng"]}
        R.next_u64(nxt)
        keys, outs = [], []
        for k in range(DRAW_MAX + 1):
            t = _copy(state)
            t["rng"] = start = R.forcing(k)
            self._apply(t, i)
            if R.draws_between(start, t["rng"]) != 1:
                return None      # no draw, a die from the generator too, or a second draw
            t["rng"] = nxt["rng"]     # the generator goes on as after the game's own draw
            keys.append(marshal.dumps(t))
            outs.append(t)
        n = next((n for n in range(1, DRAW_MAX + 1)
                  if all(keys[k] == keys[k % n] for k in range(len(keys)))), None)
        return None if n is None else self._mean_settled(keys[:n], outs[:n])

    def _mean_settled(self, keys, outs):
        """The mean of ``settle`` over equally likely positions ``outs`` (``keys``: their
        marshal bytes): each position played out once, weighed by how often it comes."""
        outcomes = {}
        for key, t in zip(keys, outs):
            if key in outcomes:
                outcomes[key][1] += 1
            else:
                outcomes[key] = [t, 1]
        return sum(self.settle(t) * c for t, c in outcomes.values()) / len(outs)

    def quick_value(self, state, i):
        """A cheap first score (no play-out), to keep the options worth a full look."""
        p = state["pending"]
        o = p["options"][i]
        side = p["player"]
        if o["mode"] in ("place", "influence") and "country" in o:
            sg = 1.0 if side == self.me else -1.0
            usa = 1.0 if side == "USA" else -1.0
            cost = o.get("amount", 1)
            infl, c = state["influence"], o["country"]
            v = usa * self.ev.delta_place(infl, c, side, 1) / cost
            if o["mode"] == "influence":
                # n points in the same country cost about cost + n - 1 ops: the placing side's
                # best gain per op (two points in an empty Jordan take control; one shows nothing;
                # the profile's ``quick_points``: hard's 4, the default's 1)
                left = p.get("context", {}).get("ops_left") or 1
                for n in range(2, min(self.ev.wt.quick_points, left - cost + 1) + 1):
                    v = max(v, usa * self.ev.delta_place(infl, c, side, n) / (cost + n - 1))
            return sg * v
        t = _copy(state)
        if o["mode"] in _DICE_MODES and "country" in o:
            t["dice"] = [4, 3]
        self._apply(t, i)
        return self.ev(t)


#: a Space Race attempt, and the optional rule's "roll" after it: averaged over the die
_SPACE_ROLL_MODES = ("space", "roll")


def _suicidal(state, i, me):
    t = _copy(state)
    S.apply_in_place(t, i, record=False)
    return _lost(t, me)


def choose_struggle(state, level, seed=0) -> int:
    """Index into ``S.decision(state)["options"]`` chosen by the computer player.  ``state``:
    the whole state or the deciding side's view (``S.view``, or as the protocol prints it: what
    a seat receives online): the same choice."""
    if level not in LEVELS and level not in OLD_LEVELS and level not in X.LEVELS:
        raise ValueError('The level must be "easy", "normal", "hard", "expert" or "greedy".')
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("The seed must be an integer.")
    if isinstance(state, dict):
        state = S.from_protocol(state)      # (a view as a seat receives it online)
    d = S.decision(state) if isinstance(state, dict) else None
    if d is None:
        from squabble.turn import NO_DECISION
        raise ValueError(NO_DECISION)
    opts = d["options"]
    if len(opts) == 1:
        return 0
    me = d["player"]
    if S.is_view(state):
        # a seat's view (online): a whole state consistent with it; every look below deals the
        # hidden cards again from the same unseen pool, so the choice is the one the whole
        # state gives (tests/struggle/test_struggle_public_stack.py)
        state = S.redeal(state, me, seed)
    if level == "greedy":
        return greedy_choice(state, me, seed)
    if level == "greedy_old":      # the issue-14 baseline, for the bench's calibration only
        return greedy_old_choice(state, me, seed)
    budget = None
    if level in X.LEVELS:
        # expert: hard's search with larger looks where the decision matters (struggle_expert)
        budget = X.budget(state, me, level)
        level = "hard"
    if level == "hard":
        k = opening_choice(state)     # the set-up people make (ai/struggle_setup.py)
        if k is not None:
            return k
    vals = option_values(state, level, seed, budget=budget)
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
    if level == "hard":
        vals = struggle_prior.adjust(state, vals)   # hard's prior: the Space Race, people's cards
    return pick_close(vals, seed)


def option_values(state, level, seed, second_look=True, budget=None):
    """{option index: value} of the options ``level`` considers for the pending decision (the
    unsafe ones dropped, scoring cards when due, the best few after a quick first score); a
    single forced option is returned with value 0.  ("hard": its two looks; "normal": its best
    three looked at again, unless ``second_look`` is False: the tree's prior wants the first
    look's values of every option it considers.  ``budget``: hard's looks with other budgets,
    a :class:`Budget` (expert's, ``struggle_expert``); None: hard's own.)"""
    me = S.decision(state)["player"]
    opts = state["pending"]["options"]
    base = determinize(state, me, seed)         # a fresh copy already
    safe = [i for i in range(len(opts)) if not _suicidal(base, i, me)] or list(range(len(opts)))
    # the engine's marks, worked out on the re-dealt copy (never the real hidden cards): an
    # option with a warning loses the game, so it is never taken while another is left
    marks = S.decision(base, redealt=True)["options"]
    safe = [i for i in safe if "warning" not in marks[i]] or safe
    forced = _scoring_forced(base, me)
    if forced:
        cand = [i for i in forced if i in safe] or forced
    else:
        cand = safe
    if len(cand) == 1:
        return {cand[0]: 0.0}
    prof = "hard" if level == "hard" else None
    pl = Player(base, me, seed, "normal" if level == "hard" else level, prof)
    if len(cand) > KEEP:
        quick = {i: pl.quick_value(base, i) for i in cand}
        cand = sorted(sorted(cand, key=lambda i: (-quick[i], i))[:KEEP])
    vals = {i: pl.option_value(base, i) for i in cand}
    if level == "normal" and NORMAL_TOP and second_look:
        return _normal_second_look(state, me, seed, base, cand, vals, pl)
    if level != "hard":
        return vals
    # hard: its two looks, each over more deals of the hidden cards, shared out among the
    # processes of every core (``pool``): worker 0 here, the others at the same time, each on
    # its part of the options and of the budget (so more cores, the same deals sooner)
    return _hard_looks(state, me, seed, cand, vals, pl.work, P.check_workers(HARD_WORKERS),
                       budget)


def hard_budget() -> Budget:
    """Hard's own sizes: HARD_FIRST_DEALS, FIRST_WORK, HARD_TOP, HARD_SAMPLES, HARD_WORK,
    HARD_ROUNDS, HARD_TOTAL."""
    return Budget(HARD_FIRST_DEALS, FIRST_WORK, HARD_TOP, HARD_SAMPLES, HARD_WORK, HARD_ROUNDS,
                  HARD_TOTAL)


def _hard_looks(state, me, seed, cand, vals, work0, workers, budget=None):
    """Hard's values of its best options: the first look (normal's values averaged over up to
    HARD_FIRST_DEALS deals, while they fit in FIRST_WORK engine steps, deal 0's ``vals`` and
    ``work0`` included), then the second look at the best HARD_TOP with the next HARD_ROUNDS
    action rounds played out (up to HARD_SAMPLES deals within HARD_WORK steps, the first deal up
    to FIRST_WORK).  Each look's options are shared out among the workers (worker w takes
    options w, w + workers, ... on every deal, with its share of the budget), and a deal counts
    when every worker finished it: so more cores decide sooner on the same deals.  The same seed
    and worker count give the same values; one worker gives the single-process hard.
    ``budget``: a :class:`Budget` for other sizes (None: hard's; its ``win_cap``: each deal's
    value counted at most so much)."""
    b = hard_budget() if budget is None else budget
    first = _split(cand, workers, "_first_look_share", (state, me, seed, vals, work0, b))
    deals = 1 + min(len(f[0]) for f in first)         # deal 0: normal's look
    cap = (lambda v: v) if b.win_cap is None else (lambda v: min(v, b.win_cap))
    totals = {i: cap(v) for i, v in vals.items()}
    for f in first:
        for d in f[0][:deals - 1]:
            for i, v in d.items():
                totals[i] += cap(v)
    vals = {i: v / deals for i, v in totals.items()}
    top = sorted(sorted(cand, key=lambda i: (-vals[i], i))[:b.top])
    if len(top) == 1:
        LAST_LOOKS.update(first=deals, second=0, workers=workers)
        return {top[0]: vals[top[0]]}
    spent = max(f[1] for f in first)
    second = _split(top, workers, "_second_look_share", (state, me, seed, spent, b))
    samples = min(len(x[0]) for x in second)
    LAST_LOOKS.update(first=deals, second=samples, workers=workers)
    if not samples:
        return {i: vals[i] for i in top}
    return {i: sum(cap(d[i]) for x in second for d in x[0][:samples] if i in d) / samples
            for i in top}


#: the deals of hard's last two looks, all workers together (for benches: bench/struggle_cores.py)
LAST_LOOKS: dict = {}


def _split(opts, workers, share, args):
    """Run a look's ``share`` on every worker, each on its part of ``opts`` (w, w + workers, ...;
    no more workers than options), with the fraction of the budget its part is of the whole."""
    n = min(workers, len(opts))
    return P.run([(f"{__name__}:{share}", (args, opts[w::n], len(opts[w::n]) / len(opts)))
                  for w in range(n)])


def _first_look_share(args):
    """One worker's part of hard's first look: ([its options' values on deal 1, 2, ...], engine
    steps spent).  Deal 0 is normal's look, done before the workers start (``vals``, ``work0``
    steps): every worker counts it, in proportion to its options, and goes on from it."""
    (state, me, seed, vals, work0, b), opts, part = args

    def first_deal(j):
        Dk = determinize(state, me, seed * 37 + 1000 + j)
        return Dk, Player(Dk, me, seed + 1000 + j, "normal", "hard")

    got = []
    spent = [work0]
    _over_deals(opts, got, 1, work0 * part, b.first_work * part, b.first_deals, first_deal,
                spent, total=b.total, span=(0.0, _first_share(b)))
    return got, spent[0]


def _first_share(b) -> float:
    """The share of a decision's thinking the first look of ``Budget`` b stands for in the
    thinking indicator: all of it without a second look (``samples`` 0, expert's ``PLAY``), else
    its part of the two looks' engine steps."""
    return 1.0 if not b.samples else b.first_work / (b.first_work + b.work)


def _second_look_share(args):
    """One worker's part of hard's second look: ([its options' values on each deal], steps)."""
    (state, me, seed, spent0, b), opts, part = args

    def second_deal(k):
        Dk = determinize(state, me, seed if k == 0 else seed * 31 + k)
        pk = Player(Dk, me, seed + k, "normal", "hard")
        pk.deep = True
        pk.rounds = b.rounds
        return Dk, pk

    got = []
    spent = [spent0]
    _over_deals(opts, got, 0, 0, b.work * part, b.samples, second_deal, spent,
                b.first_work * part, b.total, span=(_first_share(b), 1.0))
    return got, spent[0]


def _normal_second_look(state, me, seed, base, cand, vals, pl):
    """normal's second look: its best few options again on the same deal, with the enemy's next
    action round played out at the end of each line (as hard's second look, on one deal and a
    small budget of engine steps; past the budget the first look decides)."""
    top = sorted(sorted(cand, key=lambda i: (-vals[i], i))[:NORMAL_TOP])
    if len(top) == 1:
        return vals

    def deal(k):
        pk = Player(base, me, seed + 7, "normal")
        pk.deep = True
        return base, pk

    got = []
    _over_deals(top, got, 0, 0, NORMAL_TOTAL, 1, deal, [pl.work], NORMAL_TOTAL, NORMAL_TOTAL)
    return got[0] if got else vals


def _over_deals(opts, got, n, work, budget, most, deal, spent, first_limit=None, total=None,
                span=(0.0, 1.0)):
    """Append to ``got`` the values of ``opts`` on more deals of the hidden cards (``deal(k)``
    gives the k-th deal and its player), one dict a deal, from ``n`` deals done with ``work``
    engine steps, up to ``most`` deals as long as the next one is expected to fit in ``budget``
    steps (by the mean so far).  A deal is used whole or not at all: a look that would pass the
    budget (the very first one: ``first_limit``), or the decision's ``total`` (default
    HARD_TOTAL; ``spent[0]`` so far, added to here), is cut short and dropped.  Returns (deals,
    work).  After each deal the thinking indicator (``struggle_expert.progress``) is told how far
    the look is within ``span`` of the decision: its deals of ``most`` or its steps of
    ``budget``, whichever limit is nearer (the look stops at the first it meets)."""
    total = HARD_TOTAL if total is None else total
    while n < most:
        if n and work * (n + 1) / n > budget:
            break
        Dk, pk = deal(n)
        pk.limit = min(first_limit if (n == 0 and first_limit) else budget - work,
                       total - spent[0])
        try:
            vals = {i: pk.option_value(Dk, i) for i in opts}
        except _OutOfWork:
            spent[0] += pk.work
            break
        spent[0] += pk.work
        got.append(vals)
        n += 1
        work += pk.work
        if X.progress is not None:   # the window's thinking indicator (this process's share)
            lo, hi = span
            X.progress(lo + (hi - lo) * min(1.0, max(n / most, work / budget if budget else 1.0)))
    return n, work


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
