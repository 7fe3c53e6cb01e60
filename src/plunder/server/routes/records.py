"""What a table gives to read after the fact: a finished game's record and replay,
and a seat's (or the spectator's) log a page at a time.

Each answer is computed off the event loop by the hub's replay pool, which refuses
(503) when too many are under way; each page is bounded by the settings.
"""

from __future__ import annotations

import json

from fastapi import APIRouter, Request
from fastapi.responses import Response

from plunder.server.live import Hub
from plunder.server.routes.context import Context
from plunder.server.routes.requests import whole_number
from plunder.server.store import OVER
from plunder.server.table import LiveTable, TableError, log_page_text

router = APIRouter()


async def finished(hub: Hub, table_id: str) -> LiveTable:
    """The table, if its game is over (409 if not, or if it was closed before its end)."""
    table = await hub.keeper.find(table_id)
    if table.row.status != OVER:
        if table.finished:
            raise TableError("the table was closed before the end: it has no record", 409)
        raise TableError("the record is available once the game is over", status=409)
    return table


@router.get("/api/tables/{table_id}/record")
async def record(table_id: str, context: Context) -> Response:
    """The record, with the secret the bots were seeded from, the bot of each of
    their moves and the position it decided from (public once over): every bot
    decision can be replayed."""
    table = await finished(context.hub, table_id)

    def text() -> str:
        whole = {
            **table.state.record,
            "bot_secret": table.row.bot_secret,
            "bot_moves": {str(k): v for k, v in sorted(table.row.bot_moves.items())},
            "bot_from": {str(k): v for k, v in sorted(table.row.bot_from.items())},
            # The result with each score's parts; a replay works it out again.
            "result": table.state.result.to_json() if table.state.result else None,
        }
        return json.dumps(whole, indent=1)

    return Response(
        await context.hub.replays.run(text),
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="{table.row.game}-{table_id}.json"'
        },
    )


@router.get("/api/tables/{table_id}/replay")
async def replay(table_id: str, request: Request, context: Context) -> Response:
    """A page of views of a finished game, or one whole view (``move``)."""
    seat = whole_number(request, "seat")
    move = whole_number(request, "move")
    start = whole_number(request, "from") or 0
    count = whole_number(request, "count")
    events_from = whole_number(request, "events_from") or 0
    replays = context.hub.replays
    table = await finished(context.hub, table_id)
    moves = len(table.row.moves)
    if seat is not None and not 0 <= seat < table.state.players:
        raise TableError(f"no seat {seat} at this table")
    finished_table = table.finished_view()
    if move is not None:
        if move > moves:
            raise TableError(f"move: from 0 to {moves}")
        text = await replays.run(replays.one, finished_table, seat, move)
    else:
        page = context.settings.replay_page
        count = page if count is None else count
        if not 1 <= count <= page:
            raise TableError(f"count: from 1 to {page} views a page")
        if start > moves:
            raise TableError(f"from: from 0 to {moves}")
        text = await replays.run(replays.page, finished_table, seat, start, count, events_from)
    return Response(text, media_type="application/json")


@router.get("/api/tables/{table_id}/log")
async def seat_log(table_id: str, request: Request, context: Context) -> Response:
    """A page of a seat's log (header ``X-Plunder-Token``), or the spectator's.

    What a hello's answer leaves out of a long log (it carries the latest
    ``log_page`` events at most) comes from here, a page at a time, computed
    off the event loop.
    """
    start = whole_number(request, "from") or 0
    count = whole_number(request, "count")
    table = await context.hub.keeper.find(table_id)
    token = request.headers.get("x-plunder-token")
    seat = table.seat_of(token)
    if token is not None and seat is None:
        raise TableError("that token holds no seat at this table", status=403)
    page = context.settings.log_page
    count = page if count is None else count
    if not 1 <= count <= page:
        raise TableError(f"count: from 1 to {page} events a page")
    total = table.state.event_count(seat)
    if start > total:
        raise TableError(f"from: from 0 to {total}")
    # Events are never changed once logged: a copy of the list can be read
    # in another thread while the table goes on.
    events = list(table.state.log)
    text = await context.hub.replays.run(log_page_text, events, seat, start, count, total)
    return Response(text, media_type="application/json")
