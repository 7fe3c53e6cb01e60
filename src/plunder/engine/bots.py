"""What games and bots share about bots: levels and the error for a bot that does not exist.

It lives in the engine so that a game's own bots (``greedy``, ``solver``) and the
generic ones in ``plunder.bots`` depend on the engine alone, never on each other.
"""

from __future__ import annotations

from plunder.engine.errors import PlunderError

LEVELS = ("easy", "normal", "hard")


class UnknownBot(PlunderError, LookupError):
    """A bot name, level or setting that does not exist for the game."""


def check_level(level: str) -> str:
    """``level`` if it is one of ``LEVELS``, else ``UnknownBot``."""
    if level not in LEVELS:
        raise UnknownBot(f"no level {level!r}; levels are: {', '.join(LEVELS)}")
    return level


__all__ = ["LEVELS", "UnknownBot", "check_level"]
