"""The lobby's HTTP API: tables made (a guided first game among them), listed over
every process that shares the store, shown, joined, rematched and closed, and the
tables a browser's tokens hold seats at.

Making a table and listing one's own tables are counted per client (429 past
their rates): both cost the server more than an answer read from memory.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from plunder.engine.errors import UnknownGame
from plunder.engine.registry import game_class, manifest
from plunder.server.inputs import normalise_options
from plunder.server.listing import everyones_listing
from plunder.server.mine import my_tables, read_seats
from plunder.server.relay import RELAYED
from plunder.server.routes.context import Context
from plunder.server.routes.requests import client_key, json_body, limit_creation
from plunder.server.table import TableError

router = APIRouter()


@router.post("/api/tables")
async def create_table(request: Request, context: Context) -> JSONResponse:
    data = await json_body(request, context.settings)
    game = data.get("game")
    if not isinstance(game, str):
        raise TableError("game: name a game")
    options = data.get("options", {})
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise TableError("options: a JSON object of option values")
    try:
        specs = game_class(game).option_specs()
    except UnknownGame as exc:
        raise TableError(str(exc)) from None
    seat_specs: Any = data.get("seats")  # checked by the hub
    lesson = None
    if data.get("lesson") is not None:
        # A guided first game sets its own table: its options, seats and deal.
        if data["lesson"] is not True:
            raise TableError("lesson: true for the game's guided first game, or leave it out")
        lesson = manifest(game).lesson_of()
        if lesson is None:
            raise TableError(f"{game} has no guided first game")
        options = dict(lesson.options)
        seat_specs = [
            {"kind": "human"} if seat == lesson.seat else {"kind": "bot", "bot": lesson.bot}
            for seat in range(lesson.players)
        ]
    options = normalise_options(specs, options)
    creator = limit_creation(context, request)
    table, seat, token = await context.hub.create(
        game,
        options,
        seat_specs,
        data.get("name"),
        None if lesson else data.get("clock"),
        data.get("bot_delay"),
        reflex_clock=data.get("reflex_clock"),
        creator=creator,
        lesson=lesson,
        speed=None if lesson else data.get("speed"),
        turn_hours=None if lesson else data.get("turn_hours"),
        timeout=None if lesson else data.get("timeout"),
    )
    return JSONResponse({"table": table.id, "seat": seat, "token": token})


@router.post("/api/my-tables")
async def my_tables_route(request: Request, context: Context) -> JSONResponse:
    """The tables whose seats the tokens sent hold (``{"seats": [{"table", "token"}]}``),
    those owing a move first; a token that holds no seat gets nothing."""
    wait = context.listings.take(client_key(request))
    if wait is not None:
        raise TableError(
            f"too many lists of your tables; try again in {max(1, round(wait))} s", status=429
        )
    data = await json_body(request, context.settings)
    return JSONResponse(await my_tables(context.hub, read_seats(data.get("seats"))))


@router.get("/api/tables")
async def list_tables(request: Request, context: Context) -> JSONResponse:
    listed = context.hub.listing()
    secret = context.relay_secret
    if context.ownership is not None and request.headers.get(RELAYED) != secret:
        # Every process's own tables, asked of each live one.
        listed = await everyones_listing(context.hub, listed, secret, context.others)
    return JSONResponse(listed)


@router.get("/api/tables/{table_id}")
async def show_table(table_id: str, context: Context) -> JSONResponse:
    return JSONResponse((await context.hub.keeper.find(table_id)).summary())


@router.post("/api/tables/{table_id}/join")
async def join_table(table_id: str, request: Request, context: Context) -> JSONResponse:
    data = await json_body(request, context.settings)
    seat, token = await context.hub.join(table_id, data.get("name"), data.get("seat"))
    return JSONResponse({"table": table_id, "seat": seat, "token": token})


@router.post("/api/tables/{table_id}/rematch")
async def rematch(table_id: str, request: Request, context: Context) -> JSONResponse:
    token = request.headers.get("x-plunder-token")
    table = await context.hub.keeper.find(table_id)
    # Asking again for a rematch already made creates nothing.
    again = table.row.rematch is not None
    creator = client_key(request) if again else limit_creation(context, request)
    return JSONResponse((await context.hub.rematch(table_id, token, creator)).summary())


@router.post("/api/tables/{table_id}/close")
async def close_table(table_id: str, request: Request, context: Context) -> JSONResponse:
    """The host closes the table before its end."""
    table = await context.hub.keeper.find(table_id)
    await context.hub.close(table, table.seat_of(request.headers.get("x-plunder-token")))
    return JSONResponse(table.summary())
