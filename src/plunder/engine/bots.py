"""What games and bots share about bots: levels, rankings, the shell of a greedy bot and
the error for a bot that does not exist.

It lives in the engine so that a game's own bots (``greedy``, ``solver``) and the
generic ones in ``plunder.bots`` depend on the engine alone, never on each other.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from plunder.engine.action import Action
from plunder.engine.errors import PlunderError
from plunder.engine.state import State

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Ranking:
    """What a bot makes of a decision: each legal action with its value (higher is better).

    A bot that values its choices offers ``rank(state, seat, rng) -> Ranking``
    beside ``choose``; a table then draws among the near-best of them
    (``plunder.bots.table``). ``iterations`` is how long a search ran, when a
    clock rather than a count stopped it: with it, the search can be run again
    to the same values.
    """

    actions: list[Action]
    values: list[float]
    iterations: int | None = None


class GreedyBase:
    """The shell of a game's greedy bot: a decision with one legal action is answered
    at once (and ranked 0); any other is the game's to weigh.

    A subclass writes ``scores(state, seat, actions, rng)``, a value for each legal
    action (higher is better), which ``rank`` hands out; ``choose`` plays ``best``,
    by default an action drawn at random among those that score within 1e-9 of the
    highest. A bot that picks otherwise (another tie-break, a look-ahead ``rank``
    does not repeat) writes its own ``best``.
    """

    name = "greedy"

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        actions = state.legal(seat)
        if len(actions) == 1:
            return actions[0]
        return self.best(state, seat, actions, rng)

    def rank(self, state: State, seat: int, rng: random.Random) -> Ranking:
        """Every legal action with its score."""
        actions = state.legal(seat)
        if len(actions) == 1:
            return Ranking(actions, [0.0])
        return Ranking(actions, self.scores(state, seat, actions, rng))

    def best(self, state: State, seat: int, actions: list[Action], rng: random.Random) -> Action:
        scores = self.scores(state, seat, actions, rng)
        top = max(scores)
        return rng.choice([a for a, s in zip(actions, scores, strict=True) if s >= top - 1e-9])

    def scores(
        self, state: State, seat: int, actions: list[Action], rng: random.Random
    ) -> list[float]:
        raise NotImplementedError


class UnknownBot(PlunderError, LookupError):
    """A bot name, level or setting that does not exist for the game."""


def check_level(level: str) -> str:
    """``level`` if it is one of ``LEVELS``, else ``UnknownBot``."""
    if level not in LEVELS:
        raise UnknownBot(f"no level {level!r}; levels are: {', '.join(LEVELS)}")
    return level


__all__ = ["LEVELS", "GreedyBase", "Ranking", "UnknownBot", "check_level"]
