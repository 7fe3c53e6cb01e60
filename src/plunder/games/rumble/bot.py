"""Pirate Rumble's bot helpers: the look-ahead bot (``greedy`` before ``greedy.py``), and
the evaluation both it and the searching bots use.

``LookaheadBot`` (``lookahead``) plays each card's round out against random opponents.

For each legal card it plays the round out in sampled worlds (``determinize``:
the golden pile, unseen golden cards, face-down camps and other seats' hidden
choices redrawn, so it never peeks), with every other pirate choosing at random
(an attack more likely than another card), every gesture answered right and every
reach made at random, and scores the table afterwards for its own seat
(``values``: the share of the win, with the bots' taste for ending the game).
The same worlds and replies serve every candidate, so the comparison between
cards is not drowned by noise.
Gestures are answered right; a reach takes the most useful golden card; a draft
takes the first free pirate of a fixed order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from plunder.engine.action import Action
from plunder.engine.bots import GreedyBase, check_level
from plunder.engine.state import State
from plunder.games.rumble.rules import ATTACKS, CARDS, PIRATES, RumbleAction, RumbleState, camp_of

# Sampled worlds per decision at each level.
SAMPLES = {"easy": 4, "normal": 12, "hard": 40}

# What a golden card in hand is worth, in health points (designed, rough).
GOLDEN_VALUE = {"heal": 1.6, "block": 1.4, "hide": 1.2, "loadfull": 1.0, "steal": 0.8, "cut": 1.0}
# What a game no one wins is worth to the bot (the rules give each seat 1/players):
# a bot that would rather lose than see everyone die steers clear of mutual kills.
NO_WINNER = -1.5
# The same taste on IS-MCTS's scale, whose values lie in [0, 1]: a game no one wins
# is 0, a loss is worth this much, a win 1 (the scale of ``score``, shifted and
# shrunk, so both bots rank every lottery of outcomes alike).
SEARCH_LOSS = -NO_WINNER / (1.0 - NO_WINNER)
# How much likelier another pirate is taken to attack than to play any other card.
ATTACK_WEIGHT = 5.0
# What a bullet held is worth, in health points, up to this many bullets.
BULLET_WORTH = 0.5
BULLETS_COUNTED = 5
# The weight, against the share of the win, of the health the other pirates have
# lost: damage dealt counts for more than health taken, so two pirates left do
# not heal as fast as they are hurt for a hundred rounds.
PRESSURE = 0.2
DRAFT_ORDER = (
    "roberts",
    "kuki",
    "zheng",
    "morgan",
    "bonny",
    "read",
    "kidd",
    "blackbeard",
    "chingshih",
    "cheung",
    "pargo",
)


class LookaheadBot(GreedyBase):
    """One-round look-ahead against random opponents through the engine (``greedy``
    before it scored from the state; kept as ``lookahead`` so the two can be compared)."""

    name = "lookahead"

    def __init__(self, level: str = "normal", samples: int | None = None) -> None:
        self.samples = samples if samples is not None else SAMPLES[check_level(level)]

    def best(self, state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
        """The right gesture, the first free pirate of ``DRAFT_ORDER``, the most valued
        golden card (a tie drawn at random); a card as the base draws it, by score."""
        first: RumbleAction = actions[0]  # type: ignore[assignment]
        if first.verb == "gesture":
            right = _right_gesture(state.view(seat, log=False), seat)
            return right if right in actions else rng.choice(actions)
        if first.verb == "pirate":
            free = {a.name: a for a in actions}  # type: ignore[attr-defined]
            return next(free[name] for name in DRAFT_ORDER if name in free)
        if first.verb in ("grab", "dig"):
            view = state.view(seat, log=False)
            return max(actions, key=lambda a: (_reach_value(a, view), rng.random()))
        return super().best(state, seat, actions, rng)

    def scores(
        self, state: State, seat: int, actions: list[Action], rng: random.Random
    ) -> list[float]:
        """Each action's value as ``best`` weighs them, by kind of decision."""
        first: RumbleAction = actions[0]  # type: ignore[assignment]
        if first.verb == "gesture":
            right = _right_gesture(state.view(seat, log=False), seat)
            return [1.0 if a == right else 0.0 for a in actions]
        if first.verb == "pirate":
            order = {name: place for place, name in enumerate(DRAFT_ORDER)}
            return [-float(order.get(a.name, len(order))) for a in actions]  # type: ignore[attr-defined]
        if first.verb in ("grab", "dig"):
            view = state.view(seat, log=False)
            return [_reach_value(a, view) for a in actions]
        return self._card_scores(state, seat, actions, rng)

    def _card_scores(
        self, state: State, seat: int, actions: list[Action], rng: random.Random
    ) -> list[float]:
        scores = [0.0] * len(actions)
        for _ in range(self.samples):
            world = state.determinize(seat, rng)
            replies = {o: _reply(world, o, rng) for o in world.pending if o != seat}
            finish_seed = rng.getrandbits(32)
            for index, action in enumerate(actions):
                trial = world.clone()
                trial.act(seat, action)
                for other, reply in replies.items():
                    trial.act(other, reply)
                _finish_round(trial, random.Random(finish_seed))
                scores[index] += score(trial, seat)  # type: ignore[arg-type]
        return scores


def _right_gesture(view: dict, seat: int) -> RumbleAction:
    """The gesture of the card ``seat`` revealed this round."""
    mine = next(r for r in view["revealed"] if r["seat"] == seat)
    return RumbleAction("gesture", CARDS[mine["card"]].gesture)


def _reply(world: State, seat: int, rng: random.Random) -> Action:
    """Another pirate's card in a sampled world: at random, an attack more likely."""
    actions = world.legal(seat)
    weights = [ATTACK_WEIGHT if a.name in ATTACKS else 1.0 for a in actions]  # type: ignore[attr-defined]
    return rng.choices(actions, weights)[0]


def _reach_value(action: Action, view: dict) -> float:
    assert isinstance(action, RumbleAction)
    card = view["area"][int(action.name)] if action.verb == "grab" else action.name
    # Digging spends a special token: worth it for the best cards only.
    cost = 0.5 if action.verb == "dig" else 0.0
    return GOLDEN_VALUE.get(card or "", 0.0) - cost


def _finish_round(state: State, rng: random.Random) -> None:
    """Play the rest of the round: right gestures, random reaches."""
    assert isinstance(state, RumbleState)
    while not state.is_over and state.phase != "choose":
        for seat in sorted(state.pending):
            if state.phase == "gesture":
                state.act(seat, RumbleAction("gesture", CARDS[state.played[seat].name].gesture))
            else:
                state.act(seat, rng.choice(state.legal(seat)))


def score(state: RumbleState, seat: int) -> float:
    """How good ``state`` (a sampled world) is for ``seat``, x100 (see ``values``)."""
    if state.result is not None:
        if not state.result.winners:
            return 100.0 * NO_WINNER
        return 100.0 * state.result.returns()[seat]
    return 100.0 * values(state)[seat]


def strength(state: RumbleState, seat: int) -> float:
    """A living pirate's fighting strength: health first, then what it holds."""
    if not state.alive[seat]:
        return 0.0
    held = sum(GOLDEN_VALUE.get(card, 0.5) for card in state.golden[seat])
    return (
        state.health[seat]
        + BULLET_WORTH * min(state.bullets[seat], BULLETS_COUNTED)
        + 0.5 * held
        + 0.3 * (state.tokens[seat])
    )


def evaluate(state: State) -> tuple[float, ...] | None:
    """Each seat's value of a round's start or of an ended game, for searching bots;
    else ``None``.

    The values are ``values`` (or an ended game's returns) on the scale of
    ``SEARCH_LOSS``: a game no one wins is worth less than a loss, as it is to
    the greedy bot. The rules give each seat a share of it, which made a mutual
    kill or a stand-off to the round limit look better to a search than a fight
    it might lose; valued as a loss, it still did not keep a search that was
    sure to lose from taking everyone down with it. Only sampled worlds are
    given to it, so reading the camps and counts of the state is no peeking.
    """
    if not isinstance(state, RumbleState):
        return None
    if state.result is not None:
        if not state.result.winners:
            return (0.0,) * state.players
        return _on_search_scale(state.result.returns())
    if state.phase != "choose" or state.committed:
        return None
    return _on_search_scale(values(state))


def _on_search_scale(values: Sequence[float]) -> tuple[float, ...]:
    return tuple(SEARCH_LOSS + (1.0 - SEARCH_LOSS) * value for value in values)


def values(state: RumbleState) -> tuple[float, ...]:
    """What a position is worth to each seat, in [0, 1] on the scale of ``result.returns()``.

    Mostly its share of the win (``shares``); for ``PRESSURE`` of it, the share of
    the other sides' health that they have lost. That part is no estimate of the
    win: it is the bots' taste for dealing damage over taking health, which ends
    the stand-offs where two pirates heal as fast as they are hurt.
    """
    share = shares(state)
    n = state.players
    health = [max(0, state.health[s]) if state.alive[s] else 0 for s in range(n)]
    cap = [PIRATES[state.pirate[s]].max_health for s in range(n)]
    result = list(share)
    for members in _sides(state):
        others = [s for s in range(n) if s not in members]
        lost = 1 - sum(health[s] for s in others) / max(1, sum(cap[s] for s in others))
        for seat in members:
            result[seat] = (1 - PRESSURE) * share[seat] + PRESSURE * lost / len(members)
    return tuple(result)


def shares(state: RumbleState) -> tuple[float, ...]:
    """Each seat's estimated share of the win.

    A side's chance is its squared strength over everyone's (squared, since the
    stronger side of a brawl wins more often than its share of health); in Camp
    Mode a camp's chance is split among its members, as a team win is.
    """
    sides = _sides(state)
    power = [sum(strength(state, s) for s in members) ** 2 for members in sides]
    total = sum(power)
    share = [0.0] * state.players
    if total <= 0:
        return tuple(share)
    for members, side_power in zip(sides, power, strict=True):
        for seat in members:
            share[seat] = side_power / total / len(members)
    return tuple(share)


def _sides(state: RumbleState) -> list[list[int]]:
    """The seats that win together: each pirate alone, or the camps of Camp Mode."""
    if not state.camp:
        return [[seat] for seat in range(state.players)]
    sides: dict[str, list[int]] = {}
    for seat in range(state.players):
        sides.setdefault(camp_of(state.camp[seat]), []).append(seat)
    return list(sides.values())


def search_depth(state: State) -> int:
    """How many round starts a searching bot looks past before it evaluates: two in a duel.

    With two pirates left, plans take two rounds (load, then fire; a golden card
    kept for the round the other is empty), and two seats' choices are few enough
    to search two rounds within a bot's budget. In a brawl, one round: a second
    round of four seats' choices is too wide to search in that time.
    """
    assert isinstance(state, RumbleState)
    return 2 if len(state.living()) <= 2 else 1
