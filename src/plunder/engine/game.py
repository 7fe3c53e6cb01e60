"""A game: one rule set with validated options, which deals new states."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from plunder.engine.action import Action
from plunder.engine.encoding import Encoder
from plunder.engine.errors import NotationError, PlunderError
from plunder.engine.options import Option, validate_options
from plunder.engine.space import ActionSpace
from plunder.engine.state import State
from plunder.engine.words import Ask, Template, asks_json, phrases_json

if TYPE_CHECKING:
    from plunder.engine.manifest import Manifest


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

    Subclasses set the class attributes and implement ``_new_state``, ``parse``,
    ``_all_actions`` (the action space), ``_max_decisions`` and, for its content,
    ``_catalogue``. ``options`` always includes ``players``. A game is immutable:
    it pickles and deep-copies through its name and options.
    """

    manifest: ClassVar[Manifest]  # set when the game is registered

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    modes: ClassVar[tuple[str, ...]] = ("standard",)
    extra_options: ClassVar[tuple[Option, ...]] = ()
    # Each kind of decision in words (its prompt and its actions' labels), from the
    # game's word module; served in the catalogue under "asks" (plunder.engine.words).
    asks: ClassVar[Mapping[str, Ask]] = MappingProxyType({})
    # Names the game builds from the view for its asks (``{hero|say:hero}``), as
    # templates; served in the catalogue under "phrases".
    phrases: ClassVar[Mapping[str, Template]] = MappingProxyType({})
    # Whether teammates see each other's committed (unrevealed) choices.
    team_shares_choices: ClassVar[bool] = True
    # Whether teammates may know all that each other knows (hands, choices, private
    # events): then a table that seats teammates at one screen hides nothing from
    # one of them by hiding it from the other (the conformance kit holds a game to it).
    team_sees_all: ClassVar[bool] = False

    def __init__(self, **options: Any) -> None:
        self.options: Mapping[str, Any] = MappingProxyType(
            validate_options(self.option_specs(), options)
        )
        self._space: ActionSpace | None = None
        self._encoder: Encoder | None = None
        self._catalogue_data: dict[str, Any] | None = None
        self._team_list = tuple(frozenset(team) for team in self._teams())
        self._team_of = {seat: team for team in self._team_list for seat in team}
        self.has_teams = any(len(team) > 1 for team in self._team_list)

    @classmethod
    def option_specs(cls) -> tuple[Option, ...]:
        players = Option(
            "players",
            cls.default_players,
            help="How many sit at the table.",
            label="Players",
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

    # ------------------------------------------------------------- teams
    def teams(self) -> tuple[frozenset[int], ...]:
        """The sides of the game, each a set of seats; by default every seat alone."""
        return self._team_list

    def _teams(self) -> Sequence[Sequence[int]]:
        """The teams under these options (a game of teams overrides it)."""
        return [[seat] for seat in range(self.players)]

    def team_of(self, seat: int) -> frozenset[int]:
        """``seat``'s team, itself included."""
        return self._team_of[seat]

    def seat_roles(self) -> tuple[str, ...]:
        """Each seat's part of the game in players' words (its team, what it plays),
        for a lobby to show beside the seats; empty where the game has nothing to say."""
        return tuple(self._seat_roles())

    def _seat_roles(self) -> Sequence[str]:
        """The words of ``seat_roles`` (a game of teams or roles overrides it)."""
        return ()

    def side_rotation(self) -> tuple[Mapping[str, Any], ...]:
        """Settings of the game's options that put each side at each seat in turn (one
        mapping of option to value per setting), for a study that rotates the sides
        across the seats as it rotates the bots: ``()`` where no option seats the
        sides (the default). Every setting must load with the game's other options.
        """
        return ()

    def utility(self) -> str:
        """How the returns of one play relate (OpenSpiel's words): ``"constant-sum"``
        where they add up to the same total whatever happens (every team of one
        size), else ``"general-sum"`` (teams of different sizes, whose members
        each get their team's share)."""
        sizes = {len(team) for team in self._team_list}
        return "constant-sum" if len(sizes) == 1 else "general-sum"

    def new(self, seed: int | None = None) -> State:
        """A fresh play; ``seed`` fixes every chance event (drawn at random when ``None``)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        return self._new_state(seed)

    def _new_state(self, seed: int) -> State:
        raise NotImplementedError

    # ------------------------------------------------------------- content
    def catalogue(self) -> dict[str, Any]:
        """The game's static public content under its options, as JSON-ready data.

        Cards with their text, characters with their abilities in plain words,
        boards and tables, each under an id that views refer to. Front ends read
        it (tooltips, help, drafts) instead of keeping content of their own. A
        fresh copy each call.
        """
        if self._catalogue_data is None:
            self._catalogue_data = {"game": self.name, "title": self.title, **self._catalogue()}
            if self.asks:
                self._catalogue_data["asks"] = asks_json(self.asks)
            if self.phrases:
                self._catalogue_data["phrases"] = phrases_json(self.phrases)
        return json.loads(json.dumps(self._catalogue_data))

    def _catalogue(self) -> dict[str, Any]:
        return {}

    # ------------------------------------------------------------- learning
    def action_space(self) -> ActionSpace:
        """Every action the game can ever offer under its options, in a fixed order."""
        if self._space is None:
            self._space = ActionSpace(self._all_actions())
        return self._space

    def _all_actions(self) -> Sequence[Action]:
        raise PlunderError(f"{self.name} declares no action space")

    def encoder(self) -> Encoder:
        """The game's observation encoder for these options (from its manifest)."""
        if self._encoder is None:
            manifest = getattr(type(self), "manifest", None)
            factory = manifest.part(manifest.encoder) if manifest is not None else None
            if factory is None:
                raise PlunderError(f"{self.name} has no observation encoder")
            self._encoder = factory(self)
        return self._encoder

    def observation_shape(self) -> tuple[int, ...]:
        """The shape of ``state.observation(seat)``: one float32 vector."""
        return (self.encoder().size,)

    def max_decisions(self) -> int:
        """An upper bound on the decisions (``act`` calls) of one play under these options."""
        return self._max_decisions()

    def _max_decisions(self) -> int:
        raise PlunderError(f"{self.name} declares no bound on its length")

    def utility_range(self) -> tuple[float, float]:
        """The least and greatest value ``result.returns()`` gives a seat."""
        return (0.0, 1.0)

    # ------------------------------------------------------------- copies
    def __reduce__(self) -> tuple[Any, ...]:
        return (_load, (self.name, dict(self.options)))

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self  # immutable: its options are fixed

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


def catalogue_pieces(catalogue: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """The sections of a catalogue that list the game's pieces (cards, characters,
    ships...): those whose every entry has a ``title``. Other sections (the words of
    effects, tables of numbers) explain the pieces but list none.

    >>> catalogue_pieces({"title": "T", "cards": {"a": {"title": "Ace"}}, "fx": {"x": {}}})
    {'cards': {'a': {'title': 'Ace'}}}
    """
    return {
        name: section
        for name, section in catalogue.items()
        if isinstance(section, Mapping)
        and section
        and all(isinstance(entry, Mapping) and "title" in entry for entry in section.values())
    }


def _load(name: str, options: dict[str, Any]) -> Game:
    from plunder.engine.registry import load  # the registry imports this module

    return load(name, **options)
