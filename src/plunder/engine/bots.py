"""What games and bots share about bots: levels and the error for a bot that does not exist.

It lives in the engine so that a game's own bots (``greedy``, ``solver``) and the
generic ones in ``plunder.bots`` depend on the engine alone, never on each other.
"""

from __future__ import annotations

from dataclasses import dataclass

from plunder.engine.action import Action
from plunder.engine.errors import PlunderError

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


class UnknownBot(PlunderError, LookupError):
    """A bot name, level or setting that does not exist for the game."""


def check_level(level: str) -> str:
    """``level`` if it is one of ``LEVELS``, else ``UnknownBot``."""
    if level not in LEVELS:
        raise UnknownBot(f"no level {level!r}; levels are: {', '.join(LEVELS)}")
    return level


__all__ = ["LEVELS", "Ranking", "UnknownBot", "check_level"]
