"""A game: one rule set with validated options, which deals new states."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from plunder.engine.action import Action
from plunder.engine.errors import NotationError
from plunder.engine.options import Option, validate_options
from plunder.engine.state import State


@dataclass(frozen=True)
class GameInfo:
    """What the registry says of a game (``plunder.games()``)."""

    name: str
    title: str
    min_players: int
    max_players: int
    modes: tuple[str, ...]
    options: tuple[Option, ...]
    summary: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "modes": list(self.modes),
            "options": [option.describe() for option in self.options],
            "summary": self.summary,
        }


class Game:
    """One game's rules with a fixed set of options.

    Subclasses set the class attributes and implement ``_new_state`` and ``parse``.
    ``options`` always includes ``players``.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    modes: ClassVar[tuple[str, ...]] = ("standard",)
    extra_options: ClassVar[tuple[Option, ...]] = ()

    def __init__(self, **options: Any) -> None:
        self.options: Mapping[str, Any] = MappingProxyType(
            validate_options(self.option_specs(), options)
        )

    @classmethod
    def option_specs(cls) -> tuple[Option, ...]:
        players = Option(
            "players",
            cls.default_players,
            help="number of seats",
            minimum=cls.min_players,
            maximum=cls.max_players,
        )
        return (players, *cls.extra_options)

    @classmethod
    def info(cls) -> GameInfo:
        return GameInfo(
            cls.name,
            cls.title,
            cls.min_players,
            cls.max_players,
            cls.modes,
            cls.option_specs(),
            cls.summary,
        )

    @property
    def players(self) -> int:
        return self.options["players"]

    def new(self, seed: int | None = None) -> State:
        """A fresh play; ``seed`` fixes every chance event (drawn at random when ``None``)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        return self._new_state(seed)

    def _new_state(self, seed: int) -> State:
        raise NotImplementedError

    def parse(self, text: str, legal: Sequence[str] = ()) -> Action:
        """Read an action's notation; raise ``NotationError`` (an ``IllegalAction``) if it is none.

        ``legal`` (the notation of what is legal now) is only used in the message.
        """
        raise NotImplementedError

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<{type(self).__name__} {shown}>"


def notation_error(text: str, expected: str, legal: Sequence[str] = ()) -> NotationError:
    """The error for text that is not notation, saying what notation looks like."""
    return NotationError(
        f"{text!r} is not an action: expected {expected}", rule="notation", legal=legal
    )
