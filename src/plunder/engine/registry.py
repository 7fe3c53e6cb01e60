"""The registry of games: ``load``, ``games`` and ``replay``."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from plunder.engine.errors import IllegalAction, OptionError, RecordError, UnknownGame
from plunder.engine.game import Game, GameInfo
from plunder.engine.record import read_record
from plunder.engine.state import State

# Built-in games are imported on first use, so `plunder games` stays quick and a
# game with a broken content file cannot stop the others from loading.
_BUILTIN: dict[str, str] = {
    "duel": "plunder.games.duel",
    "rumble": "plunder.games.rumble",
}
_classes: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Add a game class to the registry (usable as a class decorator)."""
    _classes[cls.name] = cls
    return cls


def game_class(name: str) -> type[Game]:
    """The class registered under ``name``."""
    if name not in _classes and name in _BUILTIN:
        importlib.import_module(_BUILTIN[name])
    try:
        return _classes[name]
    except KeyError:
        known = ", ".join(sorted(set(_BUILTIN) | set(_classes)))
        raise UnknownGame(f"no game called {name!r}; games are: {known}") from None


def load(name: str, **options: Any) -> Game:
    """The game ``name`` with validated ``options``.

    >>> import plunder
    >>> plunder.load("duel", players=3).players
    3
    """
    return game_class(name)(**options)


def games() -> list[GameInfo]:
    """Every registered game: name, title, player range, modes and options."""
    for name in _BUILTIN:
        game_class(name)
    return [_classes[name].info() for name in sorted(_classes)]


def replay(record: Mapping[str, Any] | str | bytes) -> State:
    """Rebuild the state a record describes, move by move.

    Raises ``RecordError`` naming the field or the move at fault.
    """
    data = read_record(record)
    try:
        game = load(data["game"], **data["options"])
    except UnknownGame as exc:
        raise RecordError(str(exc), field="game") from None
    except OptionError as exc:
        where = f"options.{exc.field}" if exc.field else "options"
        raise RecordError(str(exc), field=where) from None
    state = game.new(seed=data["seed"])
    for index, (seat, notation) in enumerate(data["moves"]):
        try:
            state.act(seat, notation)
        except IllegalAction as exc:
            raise RecordError(
                f"seat {seat} {notation!r} cannot be played: {exc}", field=f"moves[{index}]"
            ) from None
    return state
