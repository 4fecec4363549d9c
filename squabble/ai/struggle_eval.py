"""Position value and determinization for the Twilight Struggle computer player
(``squabble.ai.struggle``): the ``Evaluator`` (VP, regions as if scored now, countries, Space Race,
The China Card, MilOps, the side's own hand, DEFCON danger, Quagmire / Bear Trap), its weights, and
``determinize`` (the engine's ``redeal``: the hidden cards dealt again from the seed).  How it
thinks: docs/ai-struggle.md.
"""

from __future__ import annotations

from squabble.games import struggle as S
from squabble.games.struggle import data as D
from squabble.games.struggle.query import action_rounds as rounds_for
from squabble.games.struggle.query import space_allowed as space_ok
from squabble.games.struggle.query import blockade_cover, effect_cards, trapped_by

ENEMY = D.ENEMY
WIN = 1000.0
#: the hidden cards dealt again from a seed: the engine's ``redeal`` under the AI's name
determinize = S.redeal


_SCORED = ("Europe", "Asia", "Middle East", "Africa", "Central America", "South America",
           "Southeast Asia")
_REGION_CARD = {r: n for n, r in D.SCORING_REGION.items()}
_SCORING_REGION = {n: r for r, n in _REGION_CARD.items()}
_REGION_COUNTRIES = {r: D.REGIONS[r] for r in _SCORED}
_REGION_BG = {r: frozenset(c for c in D.REGIONS[r] if c in D.BATTLEGROUND) for r in _SCORED}
_ADJ_BONUS = {"Europe", "Asia", "Central America"}
_ADJ_SUPER = {s: D.SUPERPOWER_ADJ[s] for s in ("USA", "USSR")}
#: scored regions each country belongs to
_COUNTRY_REGIONS = {c: tuple(r for r in _SCORED if c in D.REGION_SETS[r]) for c in D.COUNTRIES}
_STAB = D.STABILITY
_BG = D.BATTLEGROUND
#: per country: (stability, battleground, next to the USSR, next to the USA, scored regions) --
#: what the evaluation's inner loops read of it, in one lookup
_CINFO = {c: (D.STABILITY[c], c in D.BATTLEGROUND, c in D.SUPERPOWER_ADJ["USSR"],
              c in D.SUPERPOWER_ADJ["USA"], _COUNTRY_REGIONS[c]) for c in D.COUNTRIES}
#: per scored region: (Southeast Asia, presence, domination, control (control of Europe: 20),
#: its battlegrounds, countries next to the enemy superpower count)
_RINFO = {r: (r == "Southeast Asia",) + tuple(
    (20 if v is None else v) for v in (D.REGION_VP[r] if r != "Southeast Asia" else (0, 0, 0)))
    + (len(_REGION_BG[r]), r in _ADJ_BONUS) for r in _SCORED}
_USE_MODES = frozenset(("event", "influence", "realign", "coup", "space", "event_first",
                        "ops_first"))
_DICE_MODES = frozenset(("coup", "realign"))
#: die faces averaged for a coup, realignment or space attempt (mean 3.5, both extremes)
_FACES = (1, 3, 4, 6)
_MEMO_MODES = frozenset(("influence", "realign", "coup", "space"))
_EVENT_MODES = frozenset(("event", "event_first", "ops_first"))
#: probability of each difference of two dice
_DIFF_P = {d: (6 - abs(d)) / 36.0 for d in range(-5, 6)}


_copy = S.copy_state


# ---------------------------------------------------------------------------------- evaluation

def _region_points(infl, region):
    """(USA points, USSR points) of a region scoring now (scoring hooks left out)."""
    return _points(region, *_region_counts(infl, region, None))


def _controller(ci, c):
    """0 when the USA controls country ``c`` (influence ``ci``), 1 the USSR, 2 neither."""
    a, s = ci["USA"], ci["USSR"]
    st = _STAB[c]
    return 0 if a >= s + st else (1 if s >= a + st else 2)


def _region_counts(infl, region, skip):
    """[USA controls, USSR controls, USA battlegrounds, USSR battlegrounds, USA / USSR controls
    next to the enemy superpower] of a region, leaving out the country ``skip``."""
    x = [0, 0, 0, 0, 0, 0]
    for c in _REGION_COUNTRIES[region]:
        if c == skip:
            continue
        ci = infl[c]
        a, s = ci["USA"], ci["USSR"]
        st, bg, adj_ussr, adj_usa, _ = _CINFO[c]
        if a >= s + st:
            k, adj = 0, adj_ussr
        elif s >= a + st:
            k, adj = 1, adj_usa
        else:
            continue
        x[k] += 1
        if bg:
            x[2 + k] += 1
        if adj:
            x[4 + k] += 1
    return x


def _points(region, ctrl_a, ctrl_s, bg_a, bg_s, adj_a, adj_s):
    """(USA points, USSR points) of a region scored with these counts (see _region_counts)."""
    sea, pres, dom, con, nb, bonus = _RINFO[region]
    if sea:
        return ctrl_a + bg_a, ctrl_s + bg_s
    return (bg_a + (adj_a if bonus else 0) + _level(ctrl_a, bg_a, ctrl_s, bg_s, nb, pres, dom, con),
            bg_s + (adj_s if bonus else 0) + _level(ctrl_s, bg_s, ctrl_a, bg_a, nb, pres, dom, con))


def _level(n, b, en, eb, nb, pres, dom, con):
    """One side's presence, domination or control points (``n`` countries, ``b`` battlegrounds
    against the enemy's ``en``, ``eb``; ``nb`` battlegrounds in the region)."""
    if n > en and b == nb:
        return con
    if n > en and b > eb and n - b >= 1:
        return dom
    return pres if n >= 1 else 0


_CV: dict = {}
_NEED = (1.0, 0.4, 0.15, 0.05, 0.0)


def _country_value(ci, c):
    """USA-minus-USSR positional value of one country (control, battlegrounds, useful influence)."""
    a, s = ci["USA"], ci["USSR"]
    v = _CV.get((c, a, s))
    return _cv(c, a, s) if v is None else v


def _cv(c, a, s):
    """_country_value of ``c`` with ``a`` US and ``s`` Soviet influence (memoized)."""
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


#: (country, US influence, Soviet influence) -> (its ``_country_value``, the places in
#: ``map_usa``'s counts (6 a scored region, as ``_region_counts``) it adds one to)
_MAP: dict = {}


def _map_entry(c, a, s):
    _, bg, adj_ussr, adj_usa, regions = _CINFO[c]
    k = _controller({"USA": a, "USSR": s}, c)
    inc = []
    if k < 2:
        adj = (adj_ussr, adj_usa)[k]
        for r in regions:
            j = 6 * _SCORED.index(r)
            inc.append(j + k)
            if bg:
                inc.append(j + 2 + k)
            if adj:
                inc.append(j + 4 + k)
    x = (_cv(c, a, s), tuple(inc))
    if len(_MAP) < 200_000:
        _MAP[(c, a, s)] = x
    return x


def _scored_weight(r, turn):
    """The weight of region ``r`` once its scoring card is played (discarded or removed): the
    final scoring, and the card's return from the discard pile, are still to come."""
    return 0.25 + (0.25 + 0.045 * turn if r != "Southeast Asia" else 0.0)


def _region_weights(state, me, midwar_early=None):
    """How much each region's current score is worth (scoring cards seen, turn).
    ``midwar_early`` (hard's profile): before turn 4 the unseen part of the weight of a region
    whose scoring card is a Mid War card (not in the deck yet), instead of 0.55."""
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
            w[r] = _scored_weight(r, turn)
        elif r == "Southeast Asia" and turn < 4:
            w[r] = 0.15
        elif midwar_early is not None and turn < 4 and not _in_game(state, card):
            w[r] = midwar_early + final
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
#: holder loses) however the holder plays them: the enemy's cards, whose events occur when they
#: are played for operations (rules 5.2, 8.1.3): for the USSR the US events that lower DEFCON or
#: hand the USA a coup or a random Soviet card (4 Duck and Cover, 89 Soviets Shoot Down KAL-007;
#: 26 CIA Created, 96 Tear Down this Wall; 67 Grain Sales to Soviets, 5 Five Year Plan); for the
#: USA the Soviet ones (50 "We Will Bury You"; 62 "Lone Gunman", 91 Ortega).  A neutral card is no
#: danger in hand: played for operations its event does not occur.
DEFCON_DANGER = {"USSR": frozenset((4, 89, 26, 96, 67, 5)),
                 "USA": frozenset((50, 62, 91))}
#: ... and headlined (a headline is its event), after an enemy headline that lowers DEFCON first:
#: also the side's own events that lower DEFCON (4 Duck and Cover, 89 KAL-007 for the USA; 50
#: "We Will Bury You" for the USSR: seen in a hard-normal game, the USA headlined Duck and Cover
#: at DEFCON 3 after the USSR's "We Will Bury You") and the neutral events the enemy can turn
#: against the player who resolves them (20 Olympic Games: a boycott; 45 Summit: the roll's
#: winner moves DEFCON)
HEADLINE_DEFCON_DANGER = {"USA": DEFCON_DANGER["USA"] | {4, 89, 20, 45},
                          "USSR": DEFCON_DANGER["USSR"] | {50, 20, 45}}
#: Star Wars (US): while the USA is ahead on the Space Race its event resolves a card of the USA's
#: choice from the discard pile (not a scoring card): played by the USSR at DEFCON 2 while one of
#: the USSR's dangerous cards is there, the USA resolves it in the USSR's round and wins (seen in
#: a hard-normal game: Grain Sales to Soviets, then a battleground coup)
STAR_WARS = 85


def held_danger(state, side):
    """The cards of ``DEFCON_DANGER`` for ``side``, and Star Wars for the USSR when it would hand
    the USA one of them from the discard pile (:func:`star_wars_fatal`; the pile is scanned
    only when the USSR holds Star Wars)."""
    hand = state["hands"][side]
    if side == "USSR" and isinstance(hand, list) and STAR_WARS in hand \
            and star_wars_fatal(state, side):
        return DEFCON_DANGER[side] | {STAR_WARS}
    return DEFCON_DANGER[side]


def star_wars_fatal(state, side):
    """Star Wars played by ``side`` now (its event occurs) hands the USA a card of the discard
    pile whose event takes DEFCON to 1 in the USSR's round: the USSR at DEFCON 2, the USA ahead
    on the Space Race, such a card in the discard pile (all public)."""
    return (side == "USSR" and state["defcon"] == 2
            and state["space"]["USA"] > state["space"]["USSR"]
            and any(c in DEFCON_DANGER["USSR"] for c in state["discard"]))


def star_wars_choice_lost(state):
    """The USA about to choose Star Wars' card in the USSR's round while :func:`star_wars_fatal`
    holds: the USSR's game is lost (the USA resolves Grain Sales to Soviets, gives the card back
    and coups a battleground: DEFCON 1 in the USSR's round, rule 8.1.3), a chain of four of the
    USA's decisions, deeper than the play-outs' enemy looks.  Checked where the choice arises,
    so that DEFCON lowered after Star Wars was chosen (its operations' coup first) counts too."""
    p = state.get("pending")
    return (p is not None and p["player"] == "USA" and state.get("phasing") == "USSR"
            and p.get("context", {}).get("card") == STAR_WARS and star_wars_fatal(state, "USSR"))


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
#: Missile Envy, played by the enemy, takes an action round from its victim (who must play it
#: for operations in its next round; scoring cards are never taken).  (Quagmire and Bear Trap do
#: not: a trapped side may play its scoring cards when they are due, U-9.)
MISSILE_ENVY = 49
#: Blockade (USSR): the USA discards a card worth 3 ops or loses its influence in W. Germany
BLOCKADE = 10
#: Aldrich Ames Remix: while in force the US hand is open to the USSR
ALDRICH_AMES = 98
#: Missile Envy's event: the card it takes (the enemy's highest printed ops; the enemy picks
#: among ties) has its event occur at once for the taker when it is the taker's own or neutral.
#: At DEFCON 2, in the taker's round, these end the game against the taker (rule 2.1.5 d): its
#: own events that lower DEFCON ("We Will Bury You"; Duck and Cover, Soviets Shoot Down
#: KAL-007), Olympic Games (the enemy boycotts) and Summit (when the enemy wins the roll: half)
ENVY_FATAL = {"USSR": {50: 1.0, 20: 1.0, 45: 0.5}, "USA": {4: 1.0, 89: 1.0, 20: 1.0, 45: 0.5}}
#: a hand with no spare round for its scoring cards: this many VP times the chance that the
#: enemy holds Missile Envy (a stolen round leaves a scoring card held at the turn's end, which
#: loses the game; issue 21 reports hard as the USA losing a game so on turn 4 of seed 4242)
THIEF_W = 120.0


#: hard's profile: a military operations shortfall the hand cannot meet gives the enemy 20 VP
MILOPS_LOST = 60.0


#: Wargames: at DEFCON 2 its resolving side may end the game once the enemy has gained 6 VP
WARGAMES = 100
#: DEFCON 2 while the enemy leads by more than 6 VP and still has an action round this turn:
#: this many VP times the chance that the enemy holds Wargames (it can end the game and win)
WARGAMES_W = 120.0


def thief_chance(state, side):
    """The chance that the enemy holds Missile Envy, from what ``side`` may see."""
    return card_chance(state, side, MISSILE_ENVY)


def card_chance(state, side, card):
    """The chance that the enemy holds ``card``, from what ``side`` may see: if it is unseen
    and already dealt into the game, the enemy hand's share of the unseen cards."""
    enemy = ENEMY[side]
    hand = state["hands"][enemy]
    n = len(hand) if isinstance(hand, list) else int(hand)
    deck = state["deck"]
    pool = n + (len(deck) if isinstance(deck, list) else int(deck))
    if (not n or not pool or card in state["discard"] or card in state["removed"]
            or card in state["table"] or card in state["hands"][side]
            or not _in_game(state, card)):
        return 0.0
    return n / pool


def envy_fatal_chance(state, side):
    """At DEFCON 2: the chance that Missile Envy's event, played by ``side`` now, takes a card
    whose event then ends the game against it (``ENVY_FATAL``), from what ``side`` may see.  A
    deal of the hidden cards sees one guess (the game that showed it: hard as the USSR took "We
    Will Bury You" and lost), so it is priced over all of them: the card unseen, in the enemy's
    hand by its share of the unseen cards, and none of the enemy's other cards of more ops."""
    if state["defcon"] != 2:
        return 0.0
    enemy = ENEMY[side]
    hand, deck = state["hands"][enemy], state["deck"]
    if not isinstance(hand, list) or not isinstance(deck, list) or not hand:
        return 0.0
    ops = {c: D.CARDS[c]["ops"] or 0 for c in hand + deck}
    if side == "USSR" and ALDRICH_AMES in effect_cards(state):   # the US hand is open to the USSR
        top = max(ops[c] for c in hand)
        return min(1.0, sum(w for c, w in ENVY_FATAL[side].items() if c in hand and ops[c] == top))
    n, rest = len(hand), len(ops) - 1
    p = 0.0
    for card, w in ENVY_FATAL[side].items():
        held = card_chance(state, side, card)      # unseen, and the enemy hand's share
        if held:
            more = sum(1 for x in ops.values() if x > ops[card])
            p += w * held * (((rest - more) / rest) ** (n - 1) if rest else 1.0)
    return min(1.0, p)


def _in_game(state, card):
    period = D.CARDS[card]["period"]
    return period == "Early" or (period == "Mid" and state["turn"] >= 4) or state["turn"] >= 8




class Weights:
    """The weights of the position value that a profile may change (issue 21, "plays like
    people").  The default profile is the evaluation every level used before; only hard uses
    :data:`HARD` (docs/ai-struggle.md, "Hard's profile")."""

    def __init__(self, **kw):
        #: an op of one's own (or a neutral) card in hand, and of an enemy card (a liability)
        self.own_op = 0.15
        self.enemy_card = ENEMY_CARD_W
        #: The China Card to its holder, face up and face down
        self.china_up = 2.5
        self.china_down = 1.8
        #: the weight of a region whose scoring card the side holds while it leads there (None:
        #: the region's weight, 1.0): a lead not scored yet may be lost before the card is played
        self.lead_hold = None
        #: effects in force for this turn: VP to the side that put them in force, per action
        #: round of the side they act on still to come this turn ((card, on the enemy) -> VP)
        self.turn_effects = {}
        #: a shortfall of military operations the hand cannot meet in the rounds left is priced
        #: in full (and as a lost game when it gives the enemy 20 VP)
        self.milops_reach = False
        #: points in one country the quick first score of an influence point looks at (within
        #: the ops left): 1 counts that point only; more see the point that takes control
        self.quick_points = 1
        #: VP each scoring card held in an action round costs its holder: the card must be
        #: played this turn, whatever the region looks like by then (0: only the rounds count)
        self.score_hold = 0.0
        #: a region whose scoring card the side held when the decision began but has since
        #: played takes the weight of a region already scored (not the held card's 1.0: its
        #: score was banked, so what is left of it is not counted again in full)
        self.rescore = False
        #: each round left this turn that only a DEFCON-dangerous card can fill in the side's
        #: own hand, by DEFCON (the enemy's hand, a guess in a deal, keeps ``FORCED_W``)
        self.forced = FORCED_W
        #: before turn 4, the unseen part of the weight of a region whose scoring card is not
        #: in the deck yet (Africa, Central and South America; None: 0.55 as any unseen card)
        self.midwar_early = None
        #: an event whose resolution draws on the generator is valued over every outcome when
        #: one roll of one or two dice (``Player.dice_value``: Summit at DEFCON 2) or one card
        #: drawn at random (``Player.draw_value``: Five Year Plan's discard) decides it, not
        #: from a few draws
        self.exact_dice = False
        #: an option that hands the enemy decisions at DEFCON 2 in this side's action is lost
        #: when the engine's look behind a risk (the package's ``enemy_win``) finds a line of
        #: them that ends the game at DEFCON 1 (Grain Sales to Soviets given back for a coup)
        self.enemy_line = False
        #: Blockade in a US hand that must play every card this turn, with no card worth 3 ops
        #: to discard to it, costs what the USA's influence in W. Germany is worth on the map:
        #: its event, which occurs whoever plays it (rule 5.2), then takes all of it
        self.blockade = False
        for k, v in kw.items():
            if not hasattr(self, k):
                raise ValueError(f"No weight {k!r}.")
            setattr(self, k, v)


DEFAULT = Weights()
#: hard's profile: what people do that the default misses (the real games' disagreements)
#: (people hold The China Card, score a region they lead early, headline Red Scare/Purge;
#: a scoring card held costs 2 VP; a region scored in the line is weighed as scored, not at the
#: held card's 1.0; its own rounds that only a dangerous card can fill cost 60 VP at DEFCON 2,
#: where the enemy's operations then end the game in its round, and 20 at DEFCON 3, where any
#: battleground coup of the enemy's takes it to DEFCON 2; in turns 1-3 Africa and the Americas,
#: whose scoring cards come with the Mid War, weigh only their final scoring (people place 2% of
#: their turn-1 operations there); an event decided by a roll or a card drawn at random is valued
#: over every outcome, and Blockade held with no card to discard to it costs W. Germany; an
#: option that lets the enemy's own decisions take DEFCON to 1 in this side's round loses.
#: docs/ai-struggle.md, "Hard's profile"; git log -S names each change's commit)
HARD = Weights(china_up=4.0, china_down=2.8, lead_hold=0.7, milops_reach=True, quick_points=4,
               score_hold=2.0, rescore=True, forced={2: 60.0, 3: 20.0}, midwar_early=0.0,
               exact_dice=True, blockade=True, enemy_line=True,
               turn_effects={(31, True): 1.0, (25, False): 0.5, (51, False): 0.5})
PROFILES = {None: DEFAULT, "default": DEFAULT, "hard": HARD}


class Evaluator:
    """Scores positions for one side; region weights are fixed once per decision."""

    def __init__(self, state, me, profile=None):
        self.me = me
        self.sign = 1.0 if me == "USA" else -1.0
        if profile not in PROFILES:
            raise ValueError(f"No evaluation profile {profile!r}.")
        self.wt = PROFILES[profile]
        self.w = _region_weights(state, me, self.wt.midwar_early)
        hand = state["hands"][me]
        self.held = {_SCORING_REGION[c] for c in hand if c in _SCORING_REGION} \
            if isinstance(hand, list) and self.wt.rescore else set()
        self.w_gone = {r: _scored_weight(r, state["turn"]) for r in self.held}

    def region_term(self, infl, r):
        a, s = _region_points(infl, r)
        return self.w[r] * (a - s)

    def map_usa(self, infl, lead=None, gone=None):
        """Regions as if scored now (weighted) plus every country's positional value, one pass.
        (The counting of ``_region_counts`` and ``_points`` done by the table ``_MAP``: this loop
        runs some 16 million times a game.)  ``lead`` (hard's profile): {region: weight} used
        while ``me`` leads there; ``gone`` (hard's profile): {region: weight} of the regions
        whose scoring card ``me`` has played since the decision began."""
        cnt = [0] * (6 * len(_SCORED))
        v = 0.0
        get = _MAP.get
        for c, ci in infl.items():
            a, s = ci["USA"], ci["USSR"]
            x = get((c, a, s))
            if x is None:
                x = _map_entry(c, a, s)
            v += x[0]
            for j in x[1]:
                cnt[j] += 1
        w = self.w
        for j, r in enumerate(_SCORED):
            a, s = _points(r, *cnt[6 * j:6 * j + 6])
            if lead and r in lead and (a - s) * self.sign > 0:   # hard's profile only
                v += lead[r] * (a - s)
            elif gone and r in gone:
                v += gone[r] * (a - s)
            else:
                v += w[r] * (a - s)
        return v

    def delta_place(self, infl, c, side, n=1, without=None):
        """Change of the (USA-minus-USSR) map value when ``side`` adds ``n`` (may be negative).
        ``without``: a memo {(region, country): _region_counts leaving the country out} the
        caller keeps while no other country's influence changes (a loop over targets)."""
        ci = infl[c]
        a, s = ci["USA"], ci["USSR"]
        st, bg, adj_ussr, adj_usa, regions = _CINFO[c]
        x = _CV.get((c, a, s))
        before = _cv(c, a, s) if x is None else x
        was = 0 if a >= s + st else (1 if s >= a + st else 2)
        if side == "USA":
            a2, s2 = max(0, a + n), s
        else:
            a2, s2 = a, max(0, s + n)
        x = _CV.get((c, a2, s2))
        after = _cv(c, a2, s2) if x is None else x
        now = 0 if a2 >= s2 + st else (1 if s2 >= a2 + st else 2)
        if now == was:
            # the regions score by who controls what: unchanged control, unchanged regions
            return after - before
        # control changed: each region of c counted once without c, then with c before / after
        adj = (adj_ussr, adj_usa)
        ra = rb = 0.0
        for r in regions:
            if without is None:
                x = _region_counts(infl, r, c)
            else:
                x = without.get((r, c))
                if x is None:
                    x = without[(r, c)] = _region_counts(infl, r, c)
            for k, sgn in ((now, 1.0), (was, -1.0)):
                y = list(x)
                if k < 2:
                    y[k] += 1
                    if bg:
                        y[2 + k] += 1
                    if adj[k]:
                        y[4 + k] += 1
                pa, ps = _points(r, *y)
                if sgn > 0:
                    ra += self.w[r] * (pa - ps)
                else:
                    rb += self.w[r] * (pa - ps)
        return (after - before) + (ra - rb)

    def __call__(self, state, side=None):
        side = side or self.me
        sgn = 1.0 if side == "USA" else -1.0
        w = state.get("winner")
        if w is not None:
            return WIN if w == side else -WIN
        v = float(state["vp"])
        lead = gone = None
        if self.held:
            # hard: a region scored in this line (its card held when the decision began) is
            # weighed as a scored one: the VP it gave are in ``vp`` already
            hand = state["hands"][self.me]
            if isinstance(hand, list):
                gone = {r: self.w_gone[r] for r in self.held if _REGION_CARD[r] not in hand}
        if self.wt.lead_hold is not None:
            # hard: a lead in a region whose scoring card the side still holds counts less (it
            # may be lost before the card is played); once scored, the VP are banked
            hand = state["hands"][self.me]
            if isinstance(hand, list):
                lead = {_SCORING_REGION[c]: self.wt.lead_hold for c in hand
                        if c in _SCORING_REGION}
        v += self.map_usa(state["influence"], lead, gone)
        # space race
        v += 0.5 * (state["space"]["USA"] - state["space"]["USSR"])
        # The China Card
        ch = state["china"]
        if ch["holder"] is not None:
            cv = self.wt.china_up if ch["face_up"] else self.wt.china_down
            v += cv if ch["holder"] == "USA" else -cv
        # military operations still owed at the end of the turn
        if state["action_round"] > 0:
            dc = state["defcon"]
            for s, sg in (("USA", 1.0), ("USSR", -1.0)):
                short = max(0, dc - state["milops"][s])
                if short:
                    left = _rounds_left(state, s)
                    wt = _MILOPS_W[left] if left < len(_MILOPS_W) else 0.1
                    if self.wt.milops_reach and s == self.me:
                        v -= sg * self.milops_unmet(state, s, short, left, wt)
                    else:
                        v -= sg * short * wt
        v *= sgn
        if state["defcon"] == 2 and state["action_round"] > 0:
            v -= self.wargames_threat(state, side)
        if state["effects"]:
            if trapped_by(state, side):
                v -= TRAP_W
            if trapped_by(state, ENEMY[side]):
                v += TRAP_W
            if self.wt.turn_effects:
                v += self.effects_value(state, side)
        return v + self.hand_value(state, side)

    def milops_unmet(self, state, side, short, left, wt):
        """Hard's profile: the cost of a military operations shortfall when the cards ``side``
        holds cannot meet it in the rounds left (the ops of its best cards, one a round): what
        they cannot reach is lost for sure, in VP; the rest is weighted by the rounds left as
        usual.  It costs the game (``MILOPS_LOST``) when the VP its free rounds cannot reach
        (the rounds left less one for each scoring card it holds, which must take them) give
        the enemy 20."""
        hand = state["hands"][side]
        if not isinstance(hand, list):
            return short * wt
        ops = [(D.CARDS[c]["ops"] or 0) for c in hand if not D.CARDS[c]["scoring"]]
        free = max(0, left - (len(hand) - len(ops)))      # a round for each held scoring card
        ch = state["china"]
        if ch["holder"] == side and ch["face_up"]:
            ops.append(4)
        ops.sort(reverse=True)
        unmet = max(0, short - sum(ops[:left]))
        cost = unmet + (short - unmet) * wt
        enemy_vp = -state["vp"] if side == "USA" else state["vp"]
        lost = max(0, short - sum(ops[:free]))
        if lost and enemy_vp + lost >= 20:
            cost += MILOPS_LOST
        return cost

    def effects_value(self, state, side):
        """Effects in force this turn that change the operations of cards still to be played
        (Red Scare/Purge on the enemy's, Containment and Brezhnev Doctrine on one's own): their
        worth per action round left to the side they act on (hard's profile only)."""
        v = 0.0
        for args in state["effects"]:         # one entry per effect: {"card", "by", "until", ...}
            c = args["card"]
            if args.get("until") != "turn":
                continue
            for on_enemy in (True, False):
                per = self.wt.turn_effects.get((c, on_enemy))
                if per is None:
                    continue
                by = args.get("by")
                on = ENEMY[by] if on_enemy else by
                if on not in ENEMY:
                    continue
                left = _rounds_left(state, on) if state["action_round"] > 0 else \
                    rounds_for(state, on)
                v += (per if by == side else -per) * left
        return v

    @staticmethod
    def wargames_threat(state, side):
        """DEFCON 2, the enemy more than 6 VP ahead with an action round left this turn: if it
        holds Wargames it ends the game and wins (priced by the chance that it holds it)."""
        enemy = ENEMY[side]
        lead = state["vp"] if enemy == "USA" else -state["vp"]
        if lead <= 6 or _rounds_left(state, enemy) <= 0:
            return 0.0
        return WARGAMES_W * card_chance(state, side, WARGAMES)

    def blockade_price(self, state, hand):
        """Hard's profile: Blockade in the US hand when every card of it must be played this
        turn (no more cards than the rounds left, The China Card face up counting as one) and
        none is worth 3 ops to discard to it: its event will take all US influence in W.
        Germany, so the hand costs that map change (negative, USA-minus-USSR).  With a card to
        spare Blockade can be held to the turn's end, and nothing is charged."""
        a = state["influence"]["W. Germany"]["USA"]
        if not a or blockade_cover(state):
            return 0.0
        spare = len(hand) - _rounds_left(state, "USA")
        ch = state["china"]
        if ch["holder"] == "USA" and ch["face_up"]:
            spare += 1
        if spare > 0:
            return 0.0
        return self.delta_place(state["influence"], "W. Germany", "USA", -a)

    def hand_value(self, state, side):
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
                v -= self.wt.enemy_card * ops
            else:
                v += self.wt.own_op * ops
        if (side == "USA" and self.wt.blockade and BLOCKADE in hand
                and state["action_round"] > 0):
            v += self.blockade_price(state, hand)
        if nscore and state["action_round"] > 0:
            v -= self.wt.score_hold * nscore
            left = _rounds_left(state, side)
            if nscore > left:
                v -= 60.0
            elif nscore == left:
                v -= 1.5 + THIEF_W * thief_chance(state, side)
        dc = state["defcon"]
        if dc in DANGER_W:
            danger = held_danger(state, side)
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
                        v -= (self.wt.forced if side == self.me else FORCED_W)[dc] * forced
                    elif forced == 0 and left > 0:
                        # no spare card: one card lost to an enemy event (a random discard,
                        # a card taken) forces a dangerous play, so the plan has no margin
                        v -= MARGIN_W[dc]
        return v


# ------------------------------------------------------------------------------ determinization

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
