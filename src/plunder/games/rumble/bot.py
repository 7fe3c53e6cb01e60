"""Pirate Rumble's greedy bot: the best card for this round against random opponents.

For each legal card it plays the round out in sampled worlds (``determinize``:
the golden pile, unseen golden cards, face-down camps and other seats' hidden
choices redrawn, so it never peeks), with every other pirate choosing uniformly
at random, every gesture answered right and every reach made at random, and
scores the table afterwards for its own seat. The same worlds and replies serve
every candidate, so the comparison between cards is not drowned by noise.
Gestures are answered right; a reach takes the most useful golden card; a draft
takes the first free pirate of a fixed order.
"""

from __future__ import annotations

import random

from plunder.engine.action import Action
from plunder.engine.bots import check_level
from plunder.engine.state import State
from plunder.games.rumble.rules import CARDS, RumbleAction, RumbleState, camp_of

# Sampled worlds per decision at each level.
SAMPLES = {"easy": 4, "normal": 12, "hard": 40}

# What a golden card in hand is worth, in health points (designed, rough).
GOLDEN_VALUE = {"heal": 1.6, "block": 1.4, "hide": 1.2, "loadfull": 1.0, "steal": 0.8, "cut": 1.0}
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


class GreedyBot:
    """One-round look-ahead against uniformly random opponents."""

    name = "greedy"

    def __init__(self, level: str = "normal", samples: int | None = None) -> None:
        self.samples = samples if samples is not None else SAMPLES[check_level(level)]

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        actions = state.legal(seat)
        if len(actions) == 1:
            return actions[0]
        view = state.view(seat, log=False)
        first: RumbleAction = actions[0]  # type: ignore[assignment]
        if first.verb == "gesture":
            mine = next(r for r in view["revealed"] if r["seat"] == seat)
            right = RumbleAction("gesture", CARDS[mine["card"]].gesture)
            return right if right in actions else rng.choice(actions)
        if first.verb == "pirate":
            free = {a.name: a for a in actions}  # type: ignore[attr-defined]
            return next(free[name] for name in DRAFT_ORDER if name in free)
        if first.verb in ("grab", "dig"):
            return max(actions, key=lambda a: (_reach_value(a, view), rng.random()))
        return self._best_card(state, seat, actions, rng)

    def _best_card(
        self, state: State, seat: int, actions: list[Action], rng: random.Random
    ) -> Action:
        scores = [0.0] * len(actions)
        for _ in range(self.samples):
            world = state.determinize(seat, rng)
            replies = {o: rng.choice(world.legal(o)) for o in world.pending if o != seat}
            finish_seed = rng.getrandbits(32)
            for index, action in enumerate(actions):
                trial = world.clone()
                trial.act(seat, action)
                for other, reply in replies.items():
                    trial.act(other, reply)
                _finish_round(trial, random.Random(finish_seed))
                scores[index] += score(trial, seat)  # type: ignore[arg-type]
        best = max(scores)
        return rng.choice([a for a, s in zip(actions, scores, strict=True) if s >= best - 1e-9])


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
    """How good ``state`` (a sampled world) is for ``seat``: its share of the win, x100."""
    if state.result is not None:
        return 100.0 * state.result.returns()[seat]
    return 100.0 * shares(state)[seat]


def strength(state: RumbleState, seat: int) -> float:
    """A living pirate's fighting strength: health first, then what it holds."""
    if not state.alive[seat]:
        return 0.0
    held = sum(GOLDEN_VALUE.get(card, 0.5) for card in state.golden[seat])
    return (
        state.health[seat]
        + 0.25 * min(state.bullets[seat], 4)
        + 0.5 * held
        + 0.3 * (state.tokens[seat])
    )


def evaluate(state: State) -> tuple[float, ...] | None:
    """Each seat's share of the win at the start of a round, for searching bots; else ``None``.

    A rough estimate in [0, 1] on the scale of ``result.returns()``: a side's chance
    is its squared strength over everyone's (squared, since the stronger side of a
    brawl wins more often than its share of health); in Camp Mode a camp's chance
    is split among its members, as a team win is. Only sampled worlds are given to
    it, so reading the camps and counts of the state is no peeking.
    """
    if not isinstance(state, RumbleState) or state.result is not None:
        return None
    if state.phase != "choose" or state.committed:
        return None
    return shares(state)


def shares(state: RumbleState) -> tuple[float, ...]:
    """Each seat's estimated share of the win (see ``evaluate``)."""
    n = state.players
    if state.camp:
        sides: dict[str, list[int]] = {}
        for seat in range(n):
            sides.setdefault(camp_of(state.camp[seat]), []).append(seat)
    else:
        sides = {str(seat): [seat] for seat in range(n)}
    power = {side: sum(strength(state, s) for s in members) ** 2 for side, members in sides.items()}
    total = sum(power.values())
    values = [0.0] * n
    if total <= 0:
        return tuple(values)
    for side, members in sides.items():
        for seat in members:
            values[seat] = power[side] / total / len(members)
    return tuple(values)


def search_depth(state: State) -> int:
    """How many round starts a searching bot looks past before it evaluates: two in a duel.

    With two pirates left, plans take two rounds (load, then fire; a golden card
    kept for the round the other is empty), and two seats' choices are few enough
    to search two rounds within a bot's budget. In a brawl, one round: a second
    round of four seats' choices is too wide to search in that time.
    """
    assert isinstance(state, RumbleState)
    return 2 if len(state.living()) <= 2 else 1
