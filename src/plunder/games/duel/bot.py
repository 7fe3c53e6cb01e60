"""Duel's greedy bot: the best card for this shootout against random opponents.

It looks one shootout ahead. For each of its legal actions it plays the shootout
out in sampled worlds (``determinize``: other seats' hidden choices redrawn, so it
never peeks), with every other seat that has not chosen yet answering uniformly at
random, and scores what the table looks like afterwards from its own view. The
same sampled worlds and answers serve every candidate action, so the comparison
between actions is not drowned by sampling noise.
"""

from __future__ import annotations

import random
from typing import Any

from plunder.bots import check_level
from plunder.engine.action import Action
from plunder.engine.state import State

# What a card still in hand is worth: weapons keep a player safe (under the seed's
# reading a shooter cannot be hit) and the rifle is the only answer to a barricade.
HAND_VALUE = {"colt": 0.04, "rifle": 0.08, "barricade": 0.03, "reload": 0.03}


# Sampled worlds per decision at each level.
SAMPLES = {"easy": 4, "normal": 16, "hard": 64}


class GreedyBot:
    """One-shootout look-ahead against uniformly random opponents."""

    name = "greedy"


    def __init__(self, level: str = "normal", samples: int | None = None) -> None:
        self.samples = samples if samples is not None else SAMPLES[check_level(level)]

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        actions = state.legal(seat)
        if len(actions) == 1:
            return actions[0]
        before = state.view(seat, log=False)
        scores = [0.0] * len(actions)
        for _ in range(self.samples):
            world = state.determinize(seat, rng)
            replies = {
                other: rng.choice(world.legal(other)) for other in world.pending if other != seat
            }
            for index, action in enumerate(actions):
                trial = world.clone()
                trial.act(seat, action)
                for other, reply in replies.items():
                    trial.act(other, reply)
                scores[index] += score(before, trial.view(seat, log=False), seat)
        best = max(scores)
        return rng.choice([a for a, s in zip(actions, scores, strict=True) if s >= best - 1e-9])


def score(before: dict[str, Any], after: dict[str, Any], seat: int) -> float:
    """How good ``after`` is for ``seat`` compared with ``before`` (views of that seat)."""
    if after["over"]:
        return 100.0 if seat in after["result"]["winners"] else -100.0
    players = after["players"]
    others = len(players) - 1
    gained = [p["dollars"] - q["dollars"] for p, q in zip(players, before["players"], strict=True)]
    value = 10.0 * gained[seat] - 10.0 * sum(g for s, g in enumerate(gained) if s != seat) / others
    if not any(gained):  # the duel goes on
        value += 0.0 if players[seat]["alive"] else -5.0
        fallen = sum(1 for s, p in enumerate(players) if s != seat and not p["alive"])
        value += 2.0 * fallen / others
        value += sum(HAND_VALUE.get(card, 0.0) for card in after.get("hand", ()))
    return value
