"""Pirate Rumble's greedy bot: each card scored one ply on, by the round's expected outcome.

The look-ahead (``bot.LookaheadBot``, the earlier ``greedy``) played the round
through the engine for every card in a dozen sampled worlds of the other
pirates' replies. This bot works the same expectation out instead of sampling
it: the other pirates reply at random (an attack ``ATTACK_WEIGHT`` times likelier
than another card; but see foreseen replies below), each on its own, so what a
pirate suffers is a sum of independent parts, one for each other pirate, and each
part depends only on the two cards that meet. The rules' own effects (``effects.Tally``) settle each
meeting of two cards once; the results are kept while the table is the same
(who is alive, which pirates), so most decisions only read them.

From the damage each pirate may take (its distribution: each attacker's part
convolved), the bot works out the chance that it dies and its health, bullets
and golden cards afterwards, and scores them as ``bot.values`` scores a table:
the share of the win by strength, the bots' taste for damage dealt, and a game
that no one wins as worse than a loss. Hidden parts (the golden cards no one saw,
the camp cards) are drawn once a decision with ``determinize``, so the bot never
peeks. Past round ``PATIENCE`` the bot draws among the cards near its best, more
loosely each round, so that two such bots left alone do not repeat one cycle of
cards to the round limit. What the model leaves out: a third pirate's Take Cover or Fire changing a
meeting of two others, and steals shared between several thieves.

Foreseen replies: each other pirate's cards are scored from its own seat, in the
bot's sampled world (what the bot's seat may see, so it still never peeks), as this
bot scores its own against random replies, and the pirate is taken to play a card
the less often the more points it gives up against its best card (``FORESIGHT``).
With one other pirate left every level foresees it: the two scorings read the same
rounds, card against card (``foreseen_duel``), so it costs little more than random
replies, and the last duel decides the game. With more, only ``hard`` foresees
them: that costs a scoring of every living pirate's cards a decision instead of
one (docs/bots.md).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from plunder.engine.action import Action
from plunder.engine.bots import check_level
from plunder.engine.state import State
from plunder.games.rumble.bot import (
    ATTACK_WEIGHT,
    BULLET_WORTH,
    BULLETS_COUNTED,
    GOLDEN_VALUE,
    NO_WINNER,
    PRESSURE,
    LookaheadBot,
    _sides,
)
from plunder.games.rumble.effects import MAX_BULLETS, Tally
from plunder.games.rumble.rules import (
    ATTACKS,
    CARDS,
    GRAND_STEAL,
    PIRATES,
    RESERVE_HEALTH,
    RumbleAction,
    RumbleState,
)

Dist = dict[int, float]  # damage -> probability
# A seat's card's effects but damage: health, reserve health, health taken,
# bullets (None: filled up), the rest of its worth.
Plan = tuple[int, int, int, "float | None", float]

# Meetings of two cards, kept for each table (its pirates, who is alive, the rules'
# option that changes them), most of a game's decisions meeting the same cards.
_MEETINGS: dict[tuple, dict[tuple[int, int, int, int], tuple[int, int, int, int]]] = {}
_TABLES_MAX = 2_000
# The cards met, numbered.
_NUMBERS: dict[RumbleAction, int] = {}
_CARDS: list[RumbleAction] = []
# After this many rounds the bot draws among the cards within RESTLESS points (of
# 100) a round past it of its best. An expectation does not vary as the
# look-ahead's sampled scores did, and two such bots left alone fell into a cycle
# (one loads and fires, the other dodges and searches, health for damage) that ran
# to the round limit. Games of the look-ahead against random bots lasted 18 rounds
# on average (docs/bots.md).
PATIENCE = 25
RESTLESS = 0.25
# What a Search is worth besides its health, on GOLDEN_VALUE's scale: the golden
# card it may bring, shared with the other searchers (designed, rough; worth more,
# the card's own value, it played less well against the look-ahead).
SEARCH_WORTH = 1.0
# A pirate this likely to live (or to die) is taken to, when the outcomes are counted.
LIVES = 0.999
DIES = 0.001
# A pirate foreseen plays a card that gives up d points (of 100) against
# its best card e^(d / FORESIGHT) times less often than its best (designed: of 3
# and 10 points, 3 played the better against the look-ahead, docs/bots.md).
FORESIGHT = 3.0


class GreedyBot(LookaheadBot):
    """The look-ahead's small decisions; cards scored by the round's expectation."""

    def __init__(self, level: str = "normal") -> None:
        # An expectation, not a sample: easy plays as normal; hard foresees the
        # other pirates' replies however many are left, every level the last one.
        check_level(level)
        super().__init__(level)
        self.foresight = level == "hard"

    def best(self, state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
        """A card drawn among those near the best score, nearer early in the game (see
        ``PATIENCE``); the other decisions as the look-ahead makes them."""
        first: RumbleAction = actions[0]  # type: ignore[assignment]
        if first.verb != "play":
            return super().best(state, seat, actions, rng)
        scores = self._card_scores(state, seat, actions, rng)
        assert isinstance(state, RumbleState)
        near = max(0, state.round - PATIENCE) * RESTLESS + 1e-9
        top = max(scores)
        return rng.choice([a for a, v in zip(actions, scores, strict=True) if v >= top - near])

    def _card_scores(
        self, state: State, seat: int, actions: list[Action], rng: random.Random
    ) -> list[float]:
        world = state.determinize(seat, rng)
        assert isinstance(world, RumbleState)
        table = _Table(world)
        if len(world.living()) == 2:
            # The last two: foreseeing the other costs little (``foreseen_duel``).
            return foreseen_duel(world, seat, actions, table)  # type: ignore[arg-type]
        chances = foreseen_replies(world, seat, table) if self.foresight else None
        return card_scores(world, seat, actions, chances, table)  # type: ignore[arg-type]


Chances = Mapping[int, Sequence[tuple[RumbleAction, float]]]
# A victim's chance to live, strength and health, by what our card does to each of its
# cards (the damage, and whether it is stolen from).
Seen = dict[tuple[int, tuple[tuple[int, int], ...]], tuple[float, float, float]]


def card_scores(
    world: RumbleState,
    seat: int,
    actions: Sequence[RumbleAction],
    chances: Chances | None = None,
    table: _Table | None = None,
) -> list[float]:
    """Each card's expected score for ``seat`` (x100, as ``bot.score``) against the other
    pirates' replies: at random, or with ``chances`` (each other seat's cards with
    their chances). ``table``: the world's ``_Table``, where the caller scores several
    seats of one world."""
    living = world.living()
    others = [o for o in living if o != seat]
    meet = _Meetings(world, living)
    # Each seat's cards by their number in the cache, with their chances.
    replies = {
        o: [(meet.number(a), p) for a, p in (chances[o] if chances else _replies(world, o))]
        for o in others
    }
    table = table or _Table(world)
    if len(others) == 1:
        return [_duel_score(table, seat, meet.number(a), others[0], replies, meet) for a in actions]
    # What an opponent suffers from the other opponents does not depend on our card:
    # worked out once, for each card it may play.
    base: dict[int, list[tuple[float, int, Dist]]] = {}
    for victim in others:
        rows = []
        for card, p in replies[victim]:
            dist: Dist = {0: 1.0}
            for attacker in others:
                if attacker != victim:
                    part: Dist = {}
                    for reply, q in replies[attacker]:
                        hurt = meet.settle(victim, card, attacker, reply)[0]
                        part[hurt] = part.get(hurt, 0.0) + q
                    dist = _convolve(dist, part)
            rows.append((p, card, dist))
        base[victim] = rows
    seen: Seen = {}
    return [
        _score(table, seat, meet.number(action), others, replies, base, meet, seen)
        for action in actions
    ]


def _duel_score(
    table: _Table,
    seat: int,
    action: int,
    other: int,
    replies: dict[int, list[tuple[int, float]]],
    meet: _Meetings,
) -> float:
    """The expected score with one other pirate left, reply by reply: its card settles
    both what we suffer and what it keeps, so the two are not taken apart."""
    total = 0.0
    for reply, q in replies[other]:
        total += q * table.value(seat, *_duel_round(table, seat, action, other, reply, meet))
    return 100.0 * total


def _duel_round(
    table: _Table, seat: int, action: int, other: int, reply: int, meet: _Meetings
) -> tuple[list[float], list[float], list[float]]:
    """Who lives, their strength and health after a round of the last two pirates
    playing ``action`` and ``reply``."""
    n = len(table.max_health)
    hurt, dealt, steals, stole = meet.settle(seat, action, other, reply)
    hurt += meet.settle(seat, action, seat, action)[0]
    dealt += meet.settle(other, reply, other, reply)[0]
    alive = [0.0] * n
    strength = [0.0] * n
    health = [0.0] * n
    alive[seat], strength[seat], health[seat] = table.outcome(
        seat, action, {hurt: 1.0}, meet.stolen(seat, other) if steals else 0, meet
    )
    alive[other], strength[other], health[other] = table.outcome(
        other, reply, {dealt: 1.0}, meet.stolen(other, seat) if stole else 0, meet
    )
    return alive, strength, health


def foreseen_duel(
    world: RumbleState, seat: int, actions: Sequence[RumbleAction], table: _Table | None = None
) -> list[float]:
    """Each card's expected score for ``seat`` (x100) with one other pirate left, that
    pirate taken to play its cards as ``FORESIGHT`` has it, each scored from its own
    seat against our cards at random (as ``foreseen_replies`` and ``card_scores``
    have it). Both scorings read the same rounds, card against card, each worked out
    once: foreseeing the last other pirate costs little more than not."""
    table = table or _Table(world)
    living = world.living()
    (other,) = (o for o in living if o != seat)
    meet = _Meetings(world, living)
    rounds: dict[tuple[int, int], tuple[float, float]] = {}

    def values(action: int, reply: int) -> tuple[float, float]:
        """(our score, the other's) after the round of ``action`` against ``reply``."""
        found = rounds.get((action, reply))
        if found is None:
            after = _duel_round(table, seat, action, other, reply, meet)
            mine, theirs = table.values((seat, other), *after)
            found = rounds[(action, reply)] = (mine, theirs)
        return found

    ours = [(meet.number(a), p) for a, p in _replies(world, seat)]
    theirs = [meet.number(a) for a in world._legal_choose(other, world.frames[-1])]
    their_scores = []
    for reply in theirs:
        total = 0.0
        for action, p in ours:
            total += p * values(action, reply)[1]
        their_scores.append(100.0 * total)
    chances = foresee(their_scores)
    scores = []
    for action in map(meet.number, actions):
        total = 0.0
        for reply, q in zip(theirs, chances, strict=True):
            total += q * values(action, reply)[0]
        scores.append(100.0 * total)
    return scores


def _score(
    table: _Table,
    seat: int,
    action: int,
    others: list[int],
    replies: dict[int, list[tuple[int, float]]],
    base: dict[int, list[tuple[float, int, Dist]]],
    meet: _Meetings,
    seen: Seen,
) -> float:
    n = len(table.max_health)
    alive = [0.0] * n
    strength = [0.0] * n
    health = [0.0] * n
    # Our own seat: every opponent's reply against our card.
    dist: Dist = {meet.settle(seat, action, seat, action)[0]: 1.0}
    stolen = 0.0
    for attacker in others:
        part: Dist = {}
        for reply, q in replies[attacker]:
            hurt, _, steals, _ = meet.settle(seat, action, attacker, reply)
            part[hurt] = part.get(hurt, 0.0) + q
            if steals:
                stolen += q * meet.stolen(seat, attacker)
        dist = _convolve(dist, part)
    alive[seat], strength[seat], health[seat] = table.outcome(seat, action, dist, stolen, meet)
    for victim in others:
        # What our card does to each card the victim may play (damage, a steal): the
        # cards of ours that do the same leave the victim the same.
        touches = tuple(
            meet.settle(victim, card, seat, action)[0:3:2] for _, card, _ in base[victim]
        )
        found = seen.get((victim, touches))
        if found is not None:
            alive[victim], strength[victim], health[victim] = found
            continue
        live = power = left = 0.0
        for (p, card, taken), (hurt, steals) in zip(base[victim], touches, strict=True):
            mine = hurt + meet.settle(victim, card, victim, card)[0]
            shifted = {d + mine: q for d, q in taken.items()} if mine else taken
            took = meet.stolen(victim, seat) if steals else 0
            a, s, h = table.outcome(victim, card, shifted, took, meet)
            live += p * a
            power += p * a * s
            left += p * a * h
        alive[victim] = live
        if live > 0:
            strength[victim] = power / live
            health[victim] = left / live
        seen[(victim, touches)] = (alive[victim], strength[victim], health[victim])
    return 100.0 * table.value(seat, alive, strength, health)


def foresee(scores: Sequence[float]) -> list[float]:
    """The chance of each card whose score is given, as ``FORESIGHT`` has it."""
    top = max(scores)
    weights = [math.exp((score - top) / FORESIGHT) for score in scores]
    total = sum(weights)
    return [weight / total for weight in weights]


def foreseen_replies(
    world: RumbleState, seat: int, table: _Table | None = None
) -> dict[int, list[tuple[RumbleAction, float]]]:
    """Each other living pirate's cards with the chance that it plays each, scoring them
    from its own seat in ``world`` against random replies (``table``: the world's
    ``_Table``, shared by the scorings)."""
    table = table or _Table(world)
    foreseen = {}
    for other in world.living():
        if other != seat:
            cards = world._legal_choose(other, world.frames[-1])
            chances = foresee(card_scores(world, other, cards, table=table))
            foreseen[other] = list(zip(cards, chances, strict=True))
    return foreseen


def _replies(world: RumbleState, seat: int) -> list[tuple[RumbleAction, float]]:
    """Another pirate's cards with their chances: at random, an attack more likely. A
    pirate that has already laid its card face down is taken the same way: the card is
    hidden, and what it may have been is what it may play."""
    actions = world._legal_choose(seat, world.frames[-1])
    weights = [ATTACK_WEIGHT if a.name in ATTACKS else 1.0 for a in actions]
    total = sum(weights)
    return [(a, w / total) for a, w in zip(actions, weights, strict=True)]


class _Meetings:
    """Two cards met alone, settled by the rules' effects: the damage each pirate takes
    from the other, and whether the other steals from it. Cards go by a number, so
    that the many look-ups of a decision hash small tuples."""

    def __init__(self, world: RumbleState, living: list[int]) -> None:
        self.world = world
        self.living = living
        table = (tuple(world.pirate), tuple(world.alive), world.game.options["block_cut"])
        if len(_MEETINGS) >= _TABLES_MAX:
            _MEETINGS.clear()
        self.found = _MEETINGS.setdefault(table, {})
        self.block_cut = table[2] == "yes"

    @staticmethod
    def number(action: RumbleAction) -> int:
        found = _NUMBERS.get(action)
        if found is None:
            found = _NUMBERS[action] = len(_CARDS)
            _CARDS.append(action)
        return found

    def stolen(self, victim: int, thief: int) -> int:
        """The bullets a Steal of ``thief``'s takes from ``victim``: 1, all for a grand one."""
        held = self.world.bullets[victim]
        return held if self.world.has_ability(thief, GRAND_STEAL) else min(1, held)

    def settle(self, a: int, card_a: int, b: int, card_b: int) -> tuple[int, int, int, int]:
        """(damage to a, damage to b, whether b steals from a, whether a steals from b);
        ``a`` alone when ``b`` is ``a`` (the damage its own card deals it)."""
        key = (a, card_a, b, card_b)
        found = self.found.get(key)
        if found is None:
            found = self._meet(a, _CARDS[card_a], b, _CARDS[card_b])
            self.found[key] = found
            self.found[(b, card_b, a, card_a)] = (found[1], found[0], found[3], found[2])
        return found

    def _meet(
        self, a: int, card_a: RumbleAction, b: int, card_b: RumbleAction
    ) -> tuple[int, int, int, int]:
        """(damage to a, damage to b, whether b steals from a, whether a steals from b)."""
        tally = Tally(self.world, self.living, CARDS)
        cards = {a: card_a, b: card_b}  # one card alone when a is b
        tally.run("hide", cards)
        active = {
            s: c for s, c in cards.items() if not any(t in tally.hiders for t in c.targets)
        }
        tally.run("cover", active)
        tally.run("play", active)
        block_cut = self.block_cut

        def hurt(victim: int, source: int) -> int:
            dealt = tally.normal.get(victim, {}).get(source, 0)
            amount = max(0, dealt - 1) if dealt and victim in tally.guards else dealt
            amount += tally.cutting.get(victim, {}).get(source, 0)
            # Block's strike back: the victim of it is the source's target.
            if source in tally.strikers:
                back = tally.normal.get(source, {}).get(victim, 0)
                if back > 0 or (block_cut and tally.cutting.get(source, {}).get(victim, 0)):
                    amount += 1
            return amount

        def steals(victim: int, thief: int) -> int:
            if victim in tally.steal_proof:
                return 0
            return int(thief in tally.claims.get(victim, ()))

        return hurt(a, b), hurt(b, a), steals(a, b), steals(b, a)


def _convolve(left: Dist, right: Dist) -> Dist:
    if len(right) == 1 and 0 in right:
        return left
    out: Dist = {}
    for x, p in left.items():
        for y, q in right.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


def _reach_worth(world: RumbleState) -> float:
    """What a Search may bring besides its health: ``SEARCH_WORTH`` while a golden card
    lies face up, nothing once none does (every golden card held: two bots that
    valued a Search for its card alone went on searching and dodging)."""
    return SEARCH_WORTH if any(world.area) else 0.0


class _Table:
    """What a decision reads of the table again and again, worked out once: the sides,
    each pirate's health cap, and each seat's card's effects on it but damage."""

    def __init__(self, world: RumbleState) -> None:
        self.world = world
        self.sides = _sides(world)
        self.side_of = {seat: members for members in self.sides for seat in members}
        self.max_health = [PIRATES[name].max_health for name in world.pirate]
        self.living = world.living()
        # Each seat's rivals (every pirate of another side) and their health caps' sum.
        self.rivals: dict[int, tuple[list[int], int]] = {}
        for seat in range(len(self.max_health)):
            others = [s for s in range(len(self.max_health)) if s not in self.side_of[seat]]
            self.rivals[seat] = others, sum(self.max_health[s] for s in others)
        self.reach = _reach_worth(world)
        self.plans: dict[tuple[int, int], Plan] = {}

    def outcome(
        self, seat: int, card: int, hurt: Dist, stolen: float, meet: _Meetings
    ) -> tuple[float, float, float]:
        """(the chance ``seat`` lives, its strength and its health if it lives) after a
        round in which it plays ``card`` and takes damage as ``hurt`` gives it."""
        plan = self.plans.get((seat, card))
        if plan is None:
            plan = self.plans[(seat, card)] = self._plan(seat, _CARDS[card])
        start, reserve, heal, bullets, rest = plan
        cap = self.max_health[seat]
        live = 0.0
        health = 0.0
        for dealt, p in hurt.items():
            left = start - dealt
            if left < 3 and reserve:
                left += 1
            if left > 0:
                live += p
                health += p * min(cap, left + heal)
        if live <= 0:
            return 0.0, 0.0, 0.0
        health /= live
        # Load Full fills up whatever was stolen (bullets is then None).
        held = MAX_BULLETS if bullets is None else max(0.0, min(MAX_BULLETS, bullets - stolen))
        return live, health + BULLET_WORTH * min(held, BULLETS_COUNTED) + rest, health

    def _plan(self, seat: int, card: RumbleAction) -> Plan:
        """(health, reserve health, health taken, bullets but for steals and the cap, or
        ``None`` for a full load, the rest of its worth) of ``seat`` playing ``card``."""
        world = self.world
        found = CARDS[card.name]
        pirate = PIRATES[world.pirate[seat]]
        tokens = world.tokens[seat] - world._token_cost(seat, card.name)
        bullets: float | None = float(world.bullets[seat] - found.cost)
        heal = 0
        search = 0.0
        for step in found.effects:
            if step.name == "bullets" and bullets is not None:
                bullets += step.amount
            elif step.name == "full_bullets":
                bullets = None
            elif step.name == "health":
                heal += step.amount
            elif step.name == "search":
                search = self.reach
            elif step.name == "pick":
                heal += 1
                bullets = None if bullets is None else bullets + 1
            elif step.name == "fire" and world.has_ability(seat, "fire_reload"):
                bullets = None if bullets is None else bullets + 1
        held = sum(GOLDEN_VALUE.get(c, 0.5) for c in world.golden[seat])
        if found.golden:
            held -= GOLDEN_VALUE.get(card.name, 0.5)
        # Roberts' reserve health keeps him up once more below 3 health.
        reserve = 1 if tokens > 0 and RESERVE_HEALTH in pirate.abilities else 0
        return world.health[seat], reserve, heal, bullets, 0.5 * (held + search) + 0.3 * tokens

    def value(
        self, seat: int, alive: list[float], strength: list[float], health: list[float]
    ) -> float:
        """The expectation of ``bot.score`` (/100) over who lives: each living pirate
        taken to live with its chance, independently, with its strength and health if
        it does."""
        return self.values((seat,), alive, strength, health)[0]

    def values(
        self,
        seats: Sequence[int],
        alive: list[float],
        strength: list[float],
        health: list[float],
    ) -> list[float]:
        """``value`` for each of ``seats``, the outcomes counted once for them all."""
        sure: list[int] = []
        unsure: list[int] = []
        for s in self.living:
            if alive[s] >= LIVES:
                sure.append(s)
            elif alive[s] > DIES:
                unsure.append(s)
        totals = [0.0] * len(seats)
        for pattern in range(1 << len(unsure)):
            chance = 1.0
            living = list(sure)
            for bit, s in enumerate(unsure):
                if pattern >> bit & 1:
                    chance *= alive[s]
                    living.append(s)
                else:
                    chance *= 1.0 - alive[s]
            if chance > 0:
                found = self._values_of(seats, living, strength, health)
                for index, worth in enumerate(found):
                    totals[index] += chance * worth
        return totals

    def _values_of(
        self, seats: Sequence[int], living: list[int], strength: list[float],
        health: list[float],
    ) -> list[float]:
        """``bot.score`` (/100) for each of ``seats`` of a table where exactly ``living``
        are alive."""
        if not living:
            return [NO_WINNER] * len(seats)
        standing = [[s for s in members if s in living] for members in self.sides]
        if sum(1 for members in standing if members) == 1:  # one side left wins
            return [1.0 if any(s in living for s in self.side_of[seat]) else 0.0
                    for seat in seats]
        power = sum([sum(strength[s] for s in members) ** 2 for members in standing])
        found = []
        for seat in seats:
            mine = self.side_of[seat]
            own = sum(strength[s] for s in mine if s in living) ** 2
            share = own / power / len(mine)
            others, cap = self.rivals[seat]
            lost = 1 - sum(health[s] for s in others if s in living) / max(1, cap)
            found.append((1 - PRESSURE) * share + PRESSURE * lost / len(mine))
        return found
