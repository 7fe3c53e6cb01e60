"""The registry of games: ``load``, ``games``, ``manifest`` and ``replay``.

A game is a package with a ``MANIFEST`` (see ``plunder.engine.manifest``). The
registry finds game packages in three places, and nowhere names a game itself:

* every sub-package of ``plunder.games`` (the built-in games);
* the packages named in the environment variable ``PLUNDER_GAMES`` (a comma
  list of importable package names), for a game kept outside this project;
* the ``plunder.games`` entry points of installed distributions.

Packages are imported on first use, so ``plunder games`` stays quick and a game
with a broken content file cannot stop the others from loading.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Mapping
from importlib import metadata
from typing import Any

from plunder.engine.errors import IllegalAction, OptionError, RecordError, UnknownGame
from plunder.engine.game import Game, GameInfo
from plunder.engine.manifest import Manifest
from plunder.engine.record import read_record
from plunder.engine.state import State

ENVIRONMENT = "PLUNDER_GAMES"
ENTRY_POINTS = "plunder.games"

_manifests: dict[str, Manifest] = {}
_imported: set[str] = set()


def register(manifest: Manifest | type[Game]) -> Any:
    """Add a game to the registry: its manifest, or a bare ``Game`` class (a plain manifest).

    Usable as a class decorator on a ``Game``; returns what it was given.
    """
    found = manifest if isinstance(manifest, Manifest) else Manifest(manifest)
    found.game.manifest = found
    _manifests[found.game.name] = found
    return manifest


def _packages() -> dict[str, str]:
    """Game package names by the name they are found under (a guess, for lazy import)."""
    found: dict[str, str] = {}
    # Through the import system: the ``plunder.games`` attribute is the function.
    builtin = importlib.import_module("plunder.games")
    for module in pkgutil.iter_modules(builtin.__path__):
        if module.ispkg and not module.name.startswith("_"):
            found[module.name] = f"{builtin.__name__}.{module.name}"
    for name in os.environ.get(ENVIRONMENT, "").split(","):
        if name.strip():
            found[name.strip().rsplit(".", 1)[-1]] = name.strip()
    for point in metadata.entry_points(group=ENTRY_POINTS):
        found[point.name] = point.value
    return found


def _import(package: str) -> None:
    if package in _imported:
        return
    _imported.add(package)
    module = importlib.import_module(package)
    manifest = getattr(module, "MANIFEST", None)
    if isinstance(manifest, Manifest):
        register(manifest)


def manifest(name: str) -> Manifest:
    """The manifest of the game called ``name``."""
    if name not in _manifests:
        packages = _packages()
        if name in packages:
            _import(packages[name])
        if name not in _manifests:
            for package in packages.values():
                _import(package)
    try:
        return _manifests[name]
    except KeyError:
        known = ", ".join(sorted(_manifests))
        raise UnknownGame(f"no game called {name!r}; games are: {known}") from None


def part(name: str, field: str) -> Any:
    """The part of game ``name``'s manifest named by ``field`` (``"evaluate"``,
    ``"search_depth"``...), or ``None`` where the manifest names none or the game
    was never registered (a test's toy class)."""
    try:
        found = manifest(name)
    except UnknownGame:
        return None
    return found.part(getattr(found, field))


def game_class(name: str) -> type[Game]:
    """The class registered under ``name``."""
    return manifest(name).game


def load(name: str, **options: Any) -> Game:
    """The game ``name`` with validated ``options``.

    >>> import plunder
    >>> plunder.load("duel", players=3).players
    3
    """
    return game_class(name)(**options)


def names() -> list[str]:
    """The names of every registered game, sorted."""
    for package in _packages().values():
        _import(package)
    return sorted(_manifests)


def games() -> list[GameInfo]:
    """Every registered game: name, title, player range, modes and options."""
    return [_manifests[name].game.info() for name in names()]


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
