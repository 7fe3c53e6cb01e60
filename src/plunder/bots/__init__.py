"""Bots: seats played by the computer, deciding only from what their seat may know.

``get(name, game)`` returns a bot; ``bot.choose(state, seat, rng)`` returns an action.
A bot never reads hidden parts of ``state``: it works on
``state.determinize(seat, rng)``, in which everything the seat cannot see has been
resampled, or on ``state.view(seat)``.
"""

from __future__ import annotations

import importlib
import random
from typing import Protocol

from plunder.engine.action import Action
from plunder.engine.errors import PlunderError
from plunder.engine.state import State


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int, rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        return rng.choice(state.legal(seat))


class UnknownBot(PlunderError, LookupError):
    """A bot name that does not exist for the game."""


def names(game: str) -> list[str]:
    """The bots available for ``game``."""
    available = ["random"]
    if _greedy_module(game) is not None:
        available.append("greedy")
    return available


def _greedy_module(game: str):
    try:
        return importlib.import_module(f"plunder.games.{game}.bot")
    except ModuleNotFoundError:
        return None


def get(name: str, game: str) -> Bot:
    """The bot ``name`` for the game called ``game``.

    >>> get("random", "duel").name
    'random'
    """
    if name == "random":
        return RandomBot()
    if name == "greedy":
        module = _greedy_module(game)
        if module is not None:
            return module.GreedyBot()
    raise UnknownBot(f"no bot {name!r} for {game}; bots are: {', '.join(names(game))}")


__all__ = ["Bot", "RandomBot", "UnknownBot", "get", "names"]
