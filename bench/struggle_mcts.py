"""hard_tree, a bench-only level: determinized Monte Carlo tree search over whole action rounds,
root-parallel (not offered to players until it is shown stronger than hard; bench scripts reach
it through ``choose_level``, and this folder must be on ``sys.path`` for the pool's processes to
import it, as it is when a bench script runs).

How it works (docs/ai-struggle.md, "Hard: a tree over whole action rounds"):

* **The root** is the pending decision.  Its options are those normal considers (unsafe ones and
  options the engine marks with a ``warning`` dropped, scoring cards when due, the best ``KEEP``
  after a quick score), pruned to the best ``ROOT_TOP`` by normal's values (the prior).
* **A sweep** deals the hidden cards again (``determinize``: only what the side has seen is
  kept) and gives the deal a generator of its own (so the engine's own dice and random events
  fall differently in each sweep, from the seed); each root option is searched once on that
  deal (common random numbers: the options are compared on the same hands).
* **An iteration** applies the root option on the sweep's deal and plays the rest of the action
  with the fast policy of the normal level (the other points of the same operations, the
  event's decisions, the enemy's answers inside it; an enemy card's two orders, event first or
  operations first, judged by their whole action played out).  Then come **card-choice nodes**
  (a card to play, a headline), one per action round, ``ROUNDS`` of them (1: the line reaches
  the end of the enemy's next action round; 2 would add the side's own next one).  At a node a
  card is one macro-action (its use and targets completed by the fast policy); the cards
  offered are those of this deal's hand (information-set style: a card's statistics are shared
  by every deal that holds it), chosen by UCB (the enemy minimizes the side's value) among the
  first ``1 + PW_K * visits ** PW_A`` in a cheap prior order (progressive widening).
* **The leaf** is scored by hard's evaluator (``struggle_eval``'s "hard" profile), clipped to
  ``CLIP``, and the value is backed up along the line.
* **Budget**: engine steps (``MCTS_WORK`` per worker; a decision that only places one point of
  influence gets ``PLACE_SHARE`` of it) and at most ``MCTS_ITERS`` iterations: the same seed gives
  the same answer, whatever the machine's load.  No clock.
* **Root-parallel**: ``workers`` independent searches (sub-seeds from the seed and the worker's
  number), each with the whole per-worker budget: worker 0 in this process, the others at the
  same time in ``pool``'s processes, kept alive between decisions (the ``spawn`` start method,
  safe in the PyInstaller bundle), their root statistics summed.  More workers: more iterations
  in the same wall time on as many cores.  The same seed and worker count give the same answer.
"""

from __future__ import annotations

import math
import time

from squabble import rng as R
from squabble.games import struggle as S
from squabble.games.struggle import data as D
from squabble.ai import pool as P
from squabble.ai.struggle_eval import WIN, _copy, determinize

#: engine steps of one worker's search (past it no new iteration starts)
MCTS_WORK = 4000
#: at most this many iterations per worker
MCTS_ITERS = 400
#: share of the budget for a decision that only places one point of influence (the next point
#: is decided again, on the same plan)
PLACE_SHARE = 0.3
#: root options searched: the best few by normal's values (the prior)
ROOT_TOP = 5
#: card-choice nodes after the root's action (1: the enemy's next round; 2: and the side's own)
ROUNDS = 1
#: leaf values are clipped to +-CLIP VP (a won or lost game counts CLIP, not 1000)
CLIP = 150.0
#: UCB exploration, in VP
UCB_C = 3.0
#: progressive widening: a node considers 1 + PW_K * visits ** PW_A of its choices
PW_K = 1.5
PW_A = 0.5
#: engine steps of the rest of one action, at most
ACTION_STEPS = 60


#: an enemy card's uses: its event first, or the operations first
_ORDER_MODES = ("event_first", "ops_first")


def _stop(state):
    """True at a card choice (a play or a headline) or at the game's end."""
    if state.get("winner") is not None:
        return True
    p = state.get("pending")
    if p is None:
        return True
    return bool(p["options"]) and p["options"][0]["mode"] in ("play", "headline")


def _card_key(o):
    return (o["mode"], o.get("card"), o.get("country"), o.get("label"))


def _card_prior(o, side):
    """Cheap order of the cards at a card-choice node: most ops, own events, then the rest."""
    c = o.get("card")
    if c is None:
        return (1, 0)
    card = D.CARDS[c]
    return (0, -(card["ops"] or 0) - (1 if card["side"] == side else 0)
            - (2 if card["scoring"] else 0))


def _widen(n):
    return 1 + int(PW_K * n ** PW_A)


class Search:
    """One worker's tree over one root decision."""

    def __init__(self, state, me, cand, prior, subseed, work=MCTS_WORK, iters=MCTS_ITERS):
        from squabble.ai.struggle import Player
        from squabble.ai.struggle_eval import Evaluator
        self.state = state
        self.me = me
        self.subseed = subseed
        self.work = work
        self.iters = iters
        base = determinize(state, me, subseed)
        self.pl = Player(base, me, subseed, "normal")
        self.pl.ev = Evaluator(base, me, "hard")   # hard's own weights
        # root: option index -> [visits, total value]; the prior (normal's value at the end of
        # the action, not comparable with a value two rounds later) only chooses the options
        self.order = sorted(cand, key=lambda i: (-prior[i], i))
        self.root = {i: [0, 0.0] for i in self.order[:ROOT_TOP]}
        self.nodes = {}     # line of keys -> {key: [visits, total]}
        self.done = 0

    def run(self):
        """Sweeps: each deals the hidden cards again and draws a generator, and every root option
        of ``top`` is searched once on that same deal and generator (common random numbers: the
        options are compared on the same hands and, as far as their lines agree, the same dice).
        A sweep is done whole; no new sweep starts past the budget."""
        pl = self.pl
        top = self.order[:ROOT_TOP]
        k = 0
        while self.done < self.iters and pl.work < self.work:
            deal = determinize(self.state, self.me, self.subseed * 1_000_003 + k + 1)
            deal["rng"] = R.seed_value(self.subseed * 7_368_787 + k)
            for i in top:
                self.iterate(_copy(deal) if i != top[-1] else deal, i)
                self.done += 1
            k += 1
        return self.root

    def _settle(self, t, whole=True):
        """Play the rest of the action with the fast policy.  An enemy card's two orders (its
        event before or after the operations) are judged by their whole action played out, for
        the side choosing: the fast policy's short peek stops before an event that fires after
        the operations ("We Will Bury You" at DEFCON 2 in one's own round)."""
        pl = self.pl
        steps = 0
        while not _stop(t) and steps < ACTION_STEPS:
            opts = t["pending"]["options"]
            if whole and any(o["mode"] in _ORDER_MODES for o in opts):
                side = t["pending"]["player"]
                best, bj = -math.inf, 0
                for j in range(len(opts)):
                    u = _copy(t)
                    pl._apply(u, j)
                    self._settle(u, False)
                    v = pl.ev(u, side)
                    if v > best:
                        best, bj = v, j
                pl._apply(t, bj)
            else:
                pl._apply(t, pl.fast(t))
            steps += 1

    @staticmethod
    def _ucb(edge, n, sign):
        v, tot = edge
        if v == 0:
            return math.inf
        return sign * tot / v + UCB_C * math.sqrt(math.log(n + 1) / v)

    def iterate(self, t, i):
        """One line from root option ``i`` on the deal ``t`` (changed in place)."""
        pl = self.pl
        pl._apply(t, i)
        self._settle(t)
        line = [self.root[i]]
        path = (i,)
        for _ in range(ROUNDS):
            if t.get("winner") is not None or t.get("pending") is None:
                break
            p = t["pending"]
            side = p["player"]
            node = self.nodes.setdefault(path, {})
            opts = p["options"]
            n = sum(e[0] for e in node.values())
            ranked = sorted(range(len(opts)), key=lambda j: (_card_prior(opts[j], side), j))
            allowed = ranked[:_widen(n)]
            sign = 1.0 if side == self.me else -1.0
            best, bj, bk = -math.inf, allowed[0], None
            for j in allowed:
                k = _card_key(opts[j])
                u = self._ucb(node.get(k, (0, 0.0)), n, sign)
                if u > best:
                    best, bj, bk = u, j, k
            edge = node.setdefault(bk, [0, 0.0])
            line.append(edge)
            path = path + (bk,)
            pl._apply(t, bj)
            self._settle(t)
        v = max(-CLIP, min(CLIP, pl.ev(t)))
        for e in line:
            e[0] += 1
            e[1] += v


def search_root(job):
    """One worker's search: ``job`` = (state, me, cand, prior, subseed, work, iters); returns
    ({option index: [visits, total]}, iterations, engine steps, CPU seconds)."""
    state, me, cand, prior, subseed, work, iters = job
    t0 = time.process_time()
    s = Search(state, me, cand, prior, subseed, work, iters)
    root = s.run()
    return root, s.done, s.pl.work, time.process_time() - t0


def merge(stats):
    """Sum the root statistics of several searches (in the order given)."""
    out = {}
    for st in stats:
        for i, (v, tot) in st.items():
            e = out.setdefault(i, [0, 0.0])
            e[0] += v
            e[1] += tot
    return out


def best_options(merged):
    """{option index: mean value} of the options visited at least a quarter as often as the
    most visited one (the search's trusted choices)."""
    most = max(v for v, _ in merged.values())
    return {i: tot / v for i, (v, tot) in merged.items() if v * 4 >= most}


def subseed(seed, w):
    return (seed * 1_000_033 + 7919 * (w + 1)) % (1 << 62)


def root_stats(state, me, cand, prior, seed, workers, work=None, iters=None):
    """The root statistics of ``workers`` searches, merged; their iterations and engine steps
    in all, and the CPU seconds of the busiest."""
    work = MCTS_WORK if work is None else work
    iters = MCTS_ITERS if iters is None else iters
    opts = state["pending"]["options"]
    if all(opts[i]["mode"] in ("place", "influence") and "country" in opts[i] for i in cand):
        work = int(work * PLACE_SHARE)
    outs = P.run([("struggle_mcts:search_root",
                   (state, me, cand, prior, subseed(seed, w), work, iters))
                  for w in range(workers)])
    merged = merge([o[0] for o in outs])
    return merged, sum(o[1] for o in outs), sum(o[2] for o in outs), max(o[3] for o in outs)


TREE_LEVEL = "hard_tree"


def choose_level(state, level, seed=0, workers=None) -> int:
    """``struggle.choose_struggle`` with one more level, the bench's "hard_tree" (this tree
    search, not offered to players until it is shown stronger than hard); ``workers`` is its
    process count (default one per core)."""
    from squabble.ai.struggle import choose_struggle
    if level != TREE_LEVEL:
        return choose_struggle(state, level, seed)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("The seed must be an integer.")
    from squabble.games.struggle import decision
    d = decision(state) if isinstance(state, dict) else None
    if d is None:
        raise ValueError("The game is over: there is no decision to make.")
    if len(d["options"]) == 1:
        return 0
    return choose_hard(state, seed, workers)


def choose_hard(state, seed, workers=None, info=None):
    """Hard's choice (an option index) for the pending decision of ``state``; ``info`` (a dict,
    for benches) receives the search's iterations and engine steps, all workers together."""
    from squabble.ai.struggle import option_values, pick_close
    workers = P.check_workers(workers)
    me = S.decision(state)["player"]
    prior = option_values(state, "normal", seed, second_look=False)
    if len(prior) == 1:
        return next(iter(prior))
    if all(v <= -WIN / 2 for v in prior.values()):
        return pick_close(prior, seed)
    cand = sorted(prior)
    merged, iters, steps, cpu = root_stats(state, me, cand, prior, seed, workers)
    if info is not None:
        info.update(iterations=iters, steps=steps, cpu=cpu)
    return pick_close(best_options(merged) if iters else prior, seed)
