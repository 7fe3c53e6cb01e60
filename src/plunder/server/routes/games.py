"""What the lobby reads of the games before any table exists: every registered
game with its options and bots, and a game's seats and public catalogue under the
options a URL's query gives."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import APIRouter, Request

import plunder
from plunder import bots as bot_registry
from plunder.engine.errors import OptionError, UnknownGame
from plunder.engine.options import Option
from plunder.engine.registry import game_class, manifest
from plunder.server.inputs import normalise_options
from plunder.server.table import TableError

router = APIRouter()


def game_list() -> list[dict[str, Any]]:
    """Every registered game with its options and the bots that play it."""
    listed = []
    for info in plunder.games():
        listed.append(
            {
                **info.to_json(),
                "default_players": game_class(info.name).default_players,
                # Options under which the rules time some decisions (the reflex
                # clock applies), or None when they never do.
                "timed_when": manifest(info.name).timed,
                # What the lobby offers for the seats after the creator's.
                "default_bot": bot_registry.default(info.name),
                # Whether the game has a guided first game (a table with lesson: true).
                "lesson": manifest(info.name).lesson is not None,
                "bots": [
                    {"name": b.name, "help": b.help, "levels": list(b.levels)}
                    for b in bot_registry.infos(info.name)
                ],
            }
        )
    return listed


def query_options(specs: Sequence[Option], query: Mapping[str, str]) -> dict[str, Any]:
    """Game options from a URL's query: each text read as its option's kind of value.

    Validation is the game's own (``plunder.load``), as for a table's options,
    after the server's own checks of the text (``inputs.normalise_options``).
    """
    return normalise_options(specs, dict(query))


def game_from_query(name: str, request: Request) -> plunder.Game:
    """The game ``name`` under the options of a URL's query (404: no such game; 400: an
    option refused, named)."""
    try:
        specs = game_class(name).option_specs()
    except UnknownGame as exc:
        raise TableError(str(exc), status=404) from None
    options = query_options(specs, request.query_params)
    try:
        return plunder.load(name, **options)
    except (OptionError, ValueError, TypeError) as exc:
        raise TableError(str(exc)) from None


@router.get("/api/games")
async def list_games() -> list[dict[str, Any]]:
    return game_list()


@router.get("/api/games/{name}/catalogue")
async def catalogue(name: str, request: Request) -> dict[str, Any]:
    """The game's static public content under the options the query gives."""
    return game_from_query(name, request).catalogue()


@router.get("/api/games/{name}/seats")
async def seats_of(name: str, request: Request) -> dict[str, Any]:
    """The seats under the options the query gives: the teams (``null`` where every
    seat plays alone) and each seat's part in players' words (``roles``)."""
    game = game_from_query(name, request)
    teams = [sorted(team) for team in game.teams()] if game.has_teams else None
    return {"teams": teams, "roles": list(game.seat_roles())}
