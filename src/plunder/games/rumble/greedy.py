"""Pirate Rumble's greedy bot: each card scored one ply on, by the round's expected outcome.

The look-ahead (``bot.LookaheadBot``, the earlier ``greedy``) played the round
through the engine for every card in a dozen sampled worlds of the other
pirates' replies. This bot works the same expectation out instead of sampling
it: the other pirates still reply at random (an attack ``ATTACK_WEIGHT`` times
likelier than another card), each on its own, so what a pirate suffers is a sum
of independent parts, one for each other pirate, and each part depends only on
the two cards that meet. The rules' own effects (``effects.Tally``) settle each
meeting of two cards once; the results are kept while the table is the same
(who is alive, which pirates), so most decisions only read them.

From the damage each pirate may take (its distribution: each attacker's part
convolved), the bot works out the chance that it dies and its health, bullets
and golden cards afterwards, and scores them as ``bot.values`` scores a table:
the share of the win by strength, the bots' taste for damage dealt, and a game
that no one wins as worse than a loss. Hidden parts (the golden cards no one saw,
the camp cards) are drawn once a decision with ``determinize``, so the bot never
peeks. What the model leaves out: a third pirate's Take Cover or Fire changing a
meeting of two others, and steals shared between several thieves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

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

# Meetings of two cards, kept while the table stays the same (the key names it).
_MEETINGS: dict[tuple, tuple[int, int, int, int]] = {}
_MEETINGS_MAX = 200_000
# What a Search is worth besides its health: the golden card it may bring, on
# GOLDEN_VALUE's scale, shared with the other searchers (designed, rough).
SEARCH_WORTH = 1.0
# A pirate this likely to live (or to die) is taken to, when the outcomes are counted.
LIVES = 0.999
DIES = 0.001


class GreedyBot(LookaheadBot):
    """The look-ahead's small decisions; cards scored by the round's expectation."""

    def __init__(self, level: str = "normal") -> None:
        check_level(level)  # an expectation, not a sample: every level plays alike
        super().__init__(level)

    def _card_scores(
        self, state: State, seat: int, actions: list[Action], rng: random.Random
    ) -> list[float]:
        world = state.determinize(seat, rng)
        assert isinstance(world, RumbleState)
        return card_scores(world, seat, actions)  # type: ignore[arg-type]


def card_scores(world: RumbleState, seat: int, actions: Sequence[RumbleAction]) -> list[float]:
    """Each card's expected score for ``seat`` (x100, as ``bot.score``) against random replies."""
    living = world.living()
    others = [o for o in living if o != seat]
    replies = {o: _replies(world, o) for o in others}
    meet = _Meetings(world, living)
    # What an opponent suffers from the other opponents does not depend on our card:
    # worked out once, for each card it may play.
    base: dict[int, list[tuple[float, RumbleAction, Dist]]] = {}
    for victim in others:
        rows = []
        for card, p in replies[victim]:
            dist: Dist = {0: 1.0}
            for attacker in others:
                if attacker != victim:
                    part: Dist = {}
                    for reply, q in replies[attacker]:
                        hurt = meet.damage(victim, card, attacker, reply)
                        part[hurt] = part.get(hurt, 0.0) + q
                    dist = _convolve(dist, part)
            rows.append((p, card, dist))
        base[victim] = rows
    return [_score(world, seat, action, others, replies, base, meet) for action in actions]


def _score(
    world: RumbleState,
    seat: int,
    action: RumbleAction,
    others: list[int],
    replies: dict[int, list[tuple[RumbleAction, float]]],
    base: dict[int, list[tuple[float, RumbleAction, Dist]]],
    meet: _Meetings,
) -> float:
    n = world.players
    alive = [0.0] * n
    strength = [0.0] * n
    health = [0.0] * n
    # Our own seat: every opponent's reply against our card.
    dist: Dist = {meet.self_damage(seat, action): 1.0}
    stolen = 0.0
    for attacker in others:
        part: Dist = {}
        for reply, q in replies[attacker]:
            hurt = meet.damage(seat, action, attacker, reply)
            part[hurt] = part.get(hurt, 0.0) + q
            stolen += q * meet.stolen(seat, action, attacker, reply)
        dist = _convolve(dist, part)
    alive[seat], strength[seat], health[seat] = _outcome(world, seat, action, dist, stolen)
    for victim in others:
        for p, card, taken in base[victim]:
            mine = meet.damage(victim, card, seat, action) + meet.self_damage(victim, card)
            shifted = {d + mine: q for d, q in taken.items()} if mine else taken
            took = meet.stolen(victim, card, seat, action)
            a, s, h = _outcome(world, victim, card, shifted, took)
            alive[victim] += p * a
            strength[victim] += p * a * s
            health[victim] += p * a * h
        if alive[victim] > 0:
            strength[victim] /= alive[victim]
            health[victim] /= alive[victim]
    return 100.0 * _value(world, seat, alive, strength, health)


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
    from the other, and the bullets the other steals."""

    def __init__(self, world: RumbleState, living: list[int]) -> None:
        self.world = world
        self.living = living
        self.table = (tuple(world.pirate), tuple(world.alive), world.game.options["block_cut"])

    def damage(self, victim: int, card: RumbleAction, other: int, reply: RumbleAction) -> int:
        """The damage ``victim`` (playing ``card``) takes because of ``other``'s ``reply``."""
        return self._settle(victim, card, other, reply)[0]

    def self_damage(self, seat: int, card: RumbleAction) -> int:
        """The damage ``seat``'s own card deals it (a Bomb next to itself)."""
        return self._settle(seat, card, seat, card)[0]

    def stolen(self, victim: int, card: RumbleAction, other: int, reply: RumbleAction) -> int:
        """The bullets ``other`` takes from ``victim`` (1 a steal, all for a grand one)."""
        if not self._settle(victim, card, other, reply)[2]:
            return 0
        held = self.world.bullets[victim]
        return held if self.world.has_ability(other, GRAND_STEAL) else min(1, held)

    def _settle(
        self, a: int, card_a: RumbleAction, b: int, card_b: RumbleAction
    ) -> tuple[int, int, int, int]:
        key = (self.table, a, card_a, b, card_b)
        found = _MEETINGS.get(key)
        if found is None:
            found = self._meet(a, card_a, b, card_b)
            if len(_MEETINGS) >= _MEETINGS_MAX:
                _MEETINGS.clear()
            _MEETINGS[key] = found
            _MEETINGS[(self.table, b, card_b, a, card_a)] = (
                found[1], found[0], found[3], found[2],
            )
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
        block_cut = self.table[2] == "yes"

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


def _outcome(
    world: RumbleState, seat: int, card: RumbleAction, hurt: Dist, stolen: float
) -> tuple[float, float, float]:
    """(the chance ``seat`` lives, its strength and its health if it lives) after a
    round in which it plays ``card`` and takes damage as ``hurt`` gives it."""
    found = CARDS[card.name]
    pirate = PIRATES[world.pirate[seat]]
    tokens = world.tokens[seat] - world._token_cost(seat, card.name)
    bullets = world.bullets[seat] - found.cost - stolen
    heal = 0
    search = 0.0
    for step in found.effects:
        if step.name == "bullets":
            bullets += step.amount
        elif step.name == "full_bullets":
            bullets = MAX_BULLETS
        elif step.name == "health":
            heal += step.amount
        elif step.name == "search":
            search = SEARCH_WORTH
        elif step.name == "pick":
            heal += 1
            bullets += 1
        elif step.name == "fire" and world.has_ability(seat, "fire_reload"):
            bullets += 1
    bullets = max(0.0, min(MAX_BULLETS, bullets))
    held = sum(GOLDEN_VALUE.get(c, 0.5) for c in world.golden[seat])
    if found.golden:
        held -= GOLDEN_VALUE.get(card.name, 0.5)
    # Roberts' reserve health keeps him up once more below 3 health.
    reserve = 1 if tokens > 0 and RESERVE_HEALTH in pirate.abilities else 0
    start = world.health[seat]
    cap = pirate.max_health
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
    worth = (
        BULLET_WORTH * min(bullets, BULLETS_COUNTED) + 0.5 * (held + search) + 0.3 * tokens
    )
    return live, health + worth, health


def _value(
    world: RumbleState, seat: int, alive: list[float], strength: list[float], health: list[float]
) -> float:
    """The expectation of ``bot.score`` (/100) over who lives: each living pirate taken to
    live with its chance, independently, with its strength and health if it does."""
    sure: list[int] = []
    unsure: list[int] = []
    for s in world.living():
        if alive[s] >= LIVES:
            sure.append(s)
        elif alive[s] > DIES:
            unsure.append(s)
    total = 0.0
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
            total += chance * _value_of(world, seat, living, strength, health)
    return total


def _value_of(
    world: RumbleState, seat: int, living: list[int], strength: list[float], health: list[float]
) -> float:
    """``bot.score`` (/100) of a table where exactly ``living`` are alive."""
    if not living:
        return NO_WINNER
    sides = [[s for s in members if s in living] for members in _sides(world)]
    standing = [members for members in sides if members]
    mine = next(i for i, members in enumerate(_sides(world)) if seat in members)
    if len(standing) == 1:  # the game is over: one side left wins
        return 1.0 if sides[mine] else 0.0
    power = [sum(strength[s] for s in members) ** 2 for members in sides]
    share = power[mine] / sum(power) / len(_sides(world)[mine]) if sides[mine] else 0.0
    others = [s for s in range(world.players) if s not in _sides(world)[mine]]
    cap = sum(PIRATES[world.pirate[s]].max_health for s in others)
    lost = 1 - sum(health[s] for s in others if s in living) / max(1, cap)
    return (1 - PRESSURE) * share + PRESSURE * lost / len(_sides(world)[mine])
