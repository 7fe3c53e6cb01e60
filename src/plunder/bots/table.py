"""Bots at a table: a choice drawn among the bot's near-best actions, from the table's secret.

A bot that always plays its single best action is predictable: anyone can run
it on the position they see and know its move before it is made, whatever
generator it is given (the greedy bot's best action rarely depends on its
samples). At a table, where the other seats are people who may do just that, a
bot that values its choices (``rank``, ``plunder.engine.bots.Ranking``) plays
one of its *near-best* actions instead, drawn uniformly with the generator the
table seeds from its secret:

- every action whose value is within ``NEAR`` of the spread of the bot's values
  from the best (all of them, if it values them alike);
- and, in a step other seats decide at the same time (a simultaneous step, not
  one a team answers once, nor a timed reflex such as a gesture), at least its
  best two: there the others choose against what they expect it to play, and
  one who could name its move would beat it. An attacker who knows the bot and
  the position guesses such a choice no better than a coin toss.

A bot that does not value its choices (``random``, an exact ``solver``, whose
equilibrium is mixed already) plays as it always does. Matches
(``plunder match``) play the bots themselves, at full strength; only tables use
this.

Each decision is returned with the spec of the bot that made it
(``Decision.spec``), the search's iteration count included when a clock stopped
it (``ismcts:normal:iterations=2412``): that spec and the same generator replay
the decision exactly (``TableBot.from_spec``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from plunder.engine.action import Action
from plunder.engine.frame import ANY
from plunder.engine.state import State

# How far below the best an action may be valued and still count as near-best, as a
# share of the spread between the bot's best and worst values.
NEAR = 0.25


@dataclass(frozen=True)
class Decision:
    """A table bot's action, and the spec of the bot that replays it exactly."""

    action: Action
    spec: str


class TableBot:
    """The bot ``name`` at ``level`` as a table plays it: near-best, from the table's secret.

    ``settings`` are more of the bot's settings (``iterations`` for a replay).
    """

    def __init__(self, name: str, game: str, level: str = "normal", **settings: int) -> None:
        from plunder import bots

        self.name = name
        self.level = level
        self.bot = bots.get(name, game, level=level, **settings)
        self._settings = settings

    @classmethod
    def from_spec(cls, spec: str, game: str) -> TableBot:
        """The table bot a decision's spec names (``Decision.spec``), to replay it."""
        from plunder import bots

        name, settings = bots.parse_spec(spec)
        level = str(settings.pop("level", "normal"))
        return cls(name, game, level, **settings)

    def decide(self, state: State, seat: int, rng: random.Random) -> Decision:
        """``seat``'s action in ``state``: one of the bot's near-best, drawn from ``rng``."""
        rank = getattr(self.bot, "rank", None)
        if rank is None:
            return Decision(self.bot.choose(state, seat, rng), self._spec(None))
        ranking = rank(state, seat, rng)
        at_least = 2 if simultaneous(state, seat) else 1
        chosen = rng.choice(near_best(ranking.values, at_least))
        return Decision(ranking.actions[chosen], self._spec(ranking.iterations))

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        return self.decide(state, seat, rng).action

    def _spec(self, iterations: int | None) -> str:
        parts = [self.name, self.level]
        parts += [f"{key}={value}" for key, value in sorted(self._settings.items())]
        if iterations and "iterations" not in self._settings:
            parts.append(f"iterations={iterations}")
        return ":".join(parts)


def near_best(values: Sequence[float], at_least: int = 1) -> list[int]:
    """The positions of the near-best ``values`` (see the module), in their order.

    >>> near_best([10.0, 0.0, 9.0, 2.0])
    [0, 2]
    >>> near_best([10.0, 0.0, 5.0], at_least=2)
    [0, 2]
    >>> near_best([1.0, 1.0, 1.0])
    [0, 1, 2]
    """
    order = sorted(range(len(values)), key=lambda i: -values[i])
    best = values[order[0]]
    spread = best - values[order[-1]]
    near = {i for i in order if values[i] >= best - NEAR * spread}
    near.update(order[:at_least])
    return sorted(near)


def simultaneous(state: State, seat: int) -> bool:
    """Whether other seats decide ``seat``'s step at the same time, so could answer a guess.

    Not a decision a team answers once, nor a timed one (a reflex the rules time,
    whose right answer is the same for everyone).
    """
    frame = state.decision
    if frame is None or frame.answer == ANY:
        return False
    if state.timeout_action(seat) is not None:
        return False
    return len(state.pending | state.committed) > 1


def waits_for_humans(state: State, seat: int, humans: Iterable[int]) -> bool:
    """Whether the bot at ``seat`` leaves the open decision to a human teammate.

    A decision a team answers once (``ANY``: which of its heroes acts, who gains a
    reward) is asked of every seat of the team, and the first answer counts. A bot
    would always answer first; so while a human of the team still has the decision
    before them, the bots of the team wait for them: the humans lead their team,
    and each bot still plays its own pieces when they are given to it.
    """
    frame = state.decision
    if frame is None or frame.answer != ANY:
        return False
    return any(other != seat and other in state.pending for other in humans)
