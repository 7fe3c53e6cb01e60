"""Bots: seats played by the computer, deciding only from what their seat may know.

``get(name, game, **level)`` returns a bot; ``bot.choose(state, seat, rng)`` returns
an action. A bot never reads hidden parts of ``state``: it works on
``state.determinize(seat, rng)``, in which everything the seat cannot see has been
resampled, or on ``state.view(seat)``.

Bots are named by a *spec*: a name, optionally followed by a level or settings,
each after a colon: ``random``, ``greedy``, ``ismcts:hard``,
``ismcts:iterations=400``, ``ismcts:seconds=0.5``. Front ends take specs; the
match runner sends specs (plain strings) to its worker processes.

Where bots come from:

- ``random`` and ``ismcts`` (``plunder.bots.ismcts.ISMCTSBot``): here, generic,
  for every game;
- a game's own bots (``greedy``, ``solver`` where it has an exact solution): the
  ``bots`` of its manifest.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from plunder.bots.ismcts import ISMCTSBot
from plunder.engine.action import Action
from plunder.engine.bots import LEVELS, UnknownBot, check_level
from plunder.engine.registry import manifest
from plunder.engine.state import State

# What the bot list says of the bots a game may bring, by their usual names.
HELP = {
    "greedy": "looks one step ahead with a heuristic of its own game",
    "lookahead": "the earlier greedy: plays each action ahead through the engine",
    "solver": "plays the game's exact equilibrium",
}


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int, rng: random.Random) -> Action: ...


def check_game(bot: Bot, game: Any) -> None:
    """Raise ``UnknownBot`` if ``bot`` cannot play ``game`` (a ``plunder.Game``).

    A bot that plays only some tables (an exact solver for two players) offers a
    ``check_game(game)`` method of its own; front ends ask before the game starts
    rather than failing at the bot's first move.
    """
    check = getattr(bot, "check_game", None)
    if callable(check):
        check(game)


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, level: str = "normal") -> None:
        check_level(level)

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        return rng.choice(state.legal(seat))


@dataclass(frozen=True)
class BotInfo:
    """What a front end shows to offer a bot."""

    name: str
    help: str
    levels: tuple[str, ...] = LEVELS


def _factories(game: str) -> dict[str, tuple[Callable[..., Bot], str]]:
    found: dict[str, tuple[Callable[..., Bot], str]] = {
        "random": (RandomBot, "picks uniformly among the legal actions"),
    }
    own = manifest(game)
    for name, ref in own.bots.items():
        found[name] = (own.part(ref), HELP.get(name, "a bot of the game's own"))
    found["ismcts"] = (
        ISMCTSBot,
        "searches sampled worlds (information-set Monte Carlo tree search)",
    )
    # The game's own bots keep their order after the generic ones they refine.
    order = ["random", *[n for n in own.bots if n == "greedy"], "ismcts"]
    order += [n for n in found if n not in order]
    return {name: found[name] for name in order}


# The bot that fills a seat when no one says which: the search, at its normal level,
# answers within about a second and cannot be beaten by a memorised line of moves
# the way a bot that always answers a position alike can (tests/bots/test_fixed_lines.py).
DEFAULT = "ismcts"


def default(game: str) -> str:
    """The spec of the bot that fills a seat of ``game`` when none is named."""
    return DEFAULT if DEFAULT in _factories(game) else "random"


def names(game: str) -> list[str]:
    """The bots available for ``game``: ``random``, the game's ``greedy`` if it has
    one, ``ismcts``, then the game's other bots."""
    return list(_factories(game))


def infos(game: str) -> list[BotInfo]:
    """The bots available for ``game``, with a line of help each."""
    return [BotInfo(name, text) for name, (_, text) in _factories(game).items()]


def get(name: str, game: str, **level: Any) -> Bot:
    """The bot ``name`` for the game called ``game``, at ``level``.

    ``level`` holds ``level="easy"|"normal"|"hard"`` or settings the bot takes
    directly (``iterations=400``, ``seconds=0.5`` for ``ismcts``).
    """
    factories = _factories(game)
    if name not in factories:
        raise UnknownBot(f"no bot {name!r} for {game}; bots are: {', '.join(factories)}")
    factory, _ = factories[name]
    try:
        return factory(**level)
    except TypeError as exc:
        raise UnknownBot(f"bot {name!r} does not take {sorted(level)}: {exc}") from None


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a bot spec into its name and level settings.

    >>> parse_spec("ismcts:hard")
    ('ismcts', {'level': 'hard'})
    >>> parse_spec("ismcts:iterations=400:seconds=0.5")
    ('ismcts', {'iterations': 400, 'seconds': 0.5})
    """
    name, *parts = spec.strip().split(":")
    if not name:
        raise UnknownBot(f"bot spec {spec!r} names no bot")
    settings: dict[str, Any] = {}
    for part in parts:
        key, equals, text = part.partition("=")
        if not equals:
            settings["level"] = check_level(part)
            continue
        settings[key] = _number(text, spec)
    return name, settings


def _number(text: str, spec: str) -> int | float:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    raise UnknownBot(f"bot spec {spec!r}: {text!r} is not a number")


def from_spec(spec: str, game: str) -> Bot:
    """The bot a spec such as ``ismcts:hard`` names, for the game called ``game``."""
    name, settings = parse_spec(spec)
    return get(name, game, **settings)


__all__ = [
    "DEFAULT",
    "LEVELS",
    "Bot",
    "BotInfo",
    "RandomBot",
    "UnknownBot",
    "check_game",
    "check_level",
    "default",
    "from_spec",
    "get",
    "infos",
    "names",
    "parse_spec",
]
