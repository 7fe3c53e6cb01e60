"""The WebSocket a browser tab plays a table through (``/ws/{table_id}``).

This module keeps the connection's limits: how many sockets one client may hold
open, how big a message may be, how fast messages may come; ``asks`` answers
each message that passes them. A refused socket is told why before it is closed.
"""

from __future__ import annotations

import logging

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

from plunder.server.connection import (
    CLOSE_AGAIN,
    CLOSE_NO_TABLE,
    CLOSE_POLICY,
    CLOSE_TOO_BIG,
    CLOSE_WAIT,
    Connection,
    error_text,
)
from plunder.server.limits import Bucket
from plunder.server.routes.asks import handle, refuse
from plunder.server.routes.context import Context, ServerContext
from plunder.server.routes.requests import client_key
from plunder.server.table import TableError

log = logging.getLogger("plunder.server")

router = APIRouter()


@router.websocket("/ws/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str, context: Context) -> None:
    await websocket.accept()

    async def close(code: int) -> None:
        await websocket.close(code=code)

    settings = context.settings
    connection = Connection(
        send=websocket.send_text,
        close=close,
        backlog=settings.ws_backlog_bytes,
        bucket=Bucket(settings.ws_rate, settings.ws_burst),
        hello_bucket=Bucket(settings.hello_rate, settings.hello_burst),
    )
    key = client_key(websocket)
    cap = settings.ws_per_client
    sockets_of = context.sockets_of
    if cap and sockets_of.get(key, 0) >= cap:
        log.warning("a client with %d connections open is refused another", cap)
        connection.push(error_text(f"too many connections from your address (at most {cap})"))
        await connection.drained(CLOSE_WAIT)
        await websocket.close(code=CLOSE_POLICY)
        return
    sockets_of[key] = sockets_of.get(key, 0) + 1
    try:
        await serve_socket(context, websocket, connection, table_id)
    finally:
        sockets_of[key] -= 1
        if not sockets_of[key]:
            del sockets_of[key]


async def serve_socket(
    context: ServerContext, websocket: WebSocket, connection: Connection, table_id: str
) -> None:
    """Read one socket's messages and answer them, until it closes or is closed."""
    try:
        table = await context.hub.keeper.find(table_id)
    except TableError as exc:
        log.warning("websocket for table %r refused: %s", table_id[:40], exc)
        connection.push(error_text(str(exc)))
        await connection.drained(CLOSE_WAIT)
        await websocket.close(code=CLOSE_NO_TABLE if exc.status == 404 else CLOSE_AGAIN)
        return
    max_message = context.settings.max_message
    try:
        while not connection.dead:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            text = received.get("text")
            if text is None:
                # A binary frame: answered, not fatal.
                log.warning("table %s: binary message refused", table.id)
                connection.push(error_text("send JSON text, not binary messages"))
                continue
            if too_big(text, max_message):
                log.warning("table %s: a message over %d bytes refused", table.id, max_message)
                connection.push(error_text("message too large"))
                await connection.drained(CLOSE_WAIT)
                await websocket.close(code=CLOSE_TOO_BIG)
                return
            assert connection.bucket is not None
            if not connection.bucket.take():
                reason = "too many messages; slow down"
                if await refuse(context, websocket, table, connection, reason):
                    return
                continue
            if await handle(context, websocket, table, connection, text):
                return
    except (WebSocketDisconnect, WebSocketDisconnected):
        # Gone: closed by the browser, or found closed by a failed send.
        pass
    finally:
        if connection.attached:
            context.hub.publisher.detach(table, connection)


def too_big(text: str, limit: int) -> bool:
    """Whether ``text`` is over ``limit`` bytes in UTF-8 (as it came over the wire)."""
    # A character is one to four bytes: count them only when it could matter.
    return len(text) > limit or (len(text) * 4 > limit and len(text.encode()) > limit)
