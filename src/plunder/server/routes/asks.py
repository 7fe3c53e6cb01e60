"""What a table's WebSocket messages ask, and how each is answered.

A message is read by its type's schema (``plunder.server.messages``) and handed
to the hub with the connection's seat (None for a spectator); the hub says why
it refuses what that seat may not ask, and the refusal goes back on the socket
as an error, never as a closed connection. Only flooding closes one (1008).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import WebSocket

from plunder.engine.errors import IllegalAction, PlunderError
from plunder.server import messages
from plunder.server.connection import (
    CLOSE_POLICY,
    CLOSE_WAIT,
    Connection,
    encode,
    error_text,
    refusal,
)
from plunder.server.inputs import BadInput, autopass_setting, parse_json
from plunder.server.live import Hub
from plunder.server.routes.context import ServerContext
from plunder.server.store_thread import StoreUnavailable
from plunder.server.table import LiveTable, TableError

log = logging.getLogger("plunder.server")


async def refuse(
    context: ServerContext,
    websocket: WebSocket,
    table: LiveTable,
    connection: Connection,
    reason: str,
) -> bool:
    """A message over a rate limit is dropped; True if the connection is closed for it.

    Only the first of a row of refused messages is answered; a connection that
    sends ``ws_burst`` more while refused is closed (1008).
    """
    connection.refused += 1
    if connection.refused == 1:
        log.warning("table %s: a connection sends too fast (%s)", table.id, reason)
        connection.push(error_text(reason))
    if connection.refused > context.settings.ws_burst:
        log.warning("table %s: a connection kept flooding; closed", table.id)
        await connection.drained(CLOSE_WAIT)
        await websocket.close(code=CLOSE_POLICY)
        return True
    return False


def held_events(held: messages.Held | None, seat: int | None) -> int:
    """The events of ``seat``'s log a hello says its client holds, else 0."""
    if held is None or held.seat != seat:
        return 0
    return held.events


async def hello(
    context: ServerContext,
    websocket: WebSocket,
    table: LiveTable,
    connection: Connection,
    message: messages.Hello,
) -> bool:
    """Answer a hello within its own rate; True if the connection is closed for flooding."""
    assert connection.hello_bucket is not None
    if not connection.hello_bucket.take():
        wait = max(1, round(connection.hello_bucket.wait()))
        return await refuse(
            context, websocket, table, connection, f"too many hellos; wait {wait} s"
        )
    # A hello answered does not forgive those refused before it: a connection
    # saying hello as fast as it may send is closed, not answered once a second.
    seat = table.seat_of(message.token)
    if message.token is not None and seat is None:
        log.warning("table %s: hello with a token that holds no seat", table.id)
        connection.push(error_text("that token holds no seat here; watching as a spectator"))
    await context.hub.publisher.attach(table, connection, seat, held_events(message.held, seat))
    return False


async def act(hub: Hub, table: LiveTable, connection: Connection, message: messages.Act) -> None:
    if connection.seat is None:
        raise TableError("a spectator cannot act; join a seat first", status=403)
    await hub.act(table, connection.seat, message.action, message.step)


async def chat(
    hub: Hub, table: LiveTable, connection: Connection, message: messages.Chat
) -> None:
    await hub.chat.post(table, connection, message.text, message.name, team=message.team)


async def handover(
    hub: Hub, table: LiveTable, connection: Connection, message: messages.Handover
) -> None:
    asked = await hub.handover(table, connection.seat, message.seat)
    if asked is not None:
        connection.push(encode({"type": "notice", "message": asked}))


async def autopass(
    hub: Hub, table: LiveTable, connection: Connection, message: messages.Autopass
) -> None:
    setting = autopass_setting(message.every, message.timings)
    await hub.set_autopass(table, connection.seat, setting, forced=message.forced)


# What each message of an attached connection asks of the hub, by its type;
# each handler gets the message read by its type's schema (``messages``).
# A hello and a ping come before these: they need no attached connection.
# Each passes the hub the connection's seat (None for a spectator), and the
# hub says why it refuses what that seat may not ask.
Ask = Callable[[Hub, LiveTable, Connection, Any], Awaitable[None]]
ASKS: dict[type[messages.Message], Ask] = {
    messages.Act: act,
    messages.Chat: chat,
    messages.Handover: handover,
    messages.Takeback: lambda hub, table, c, m: hub.takeback(table, c.seat),
    messages.Undo: lambda hub, table, c, m: hub.undo(table, c.seat, m.move),
    messages.Close: lambda hub, table, c, m: hub.close(table, c.seat),
    messages.Finish: lambda hub, table, c, m: hub.finish_now(table, c.seat),
    messages.Leave: lambda hub, table, c, m: hub.leave(table, c.seat),
    messages.Autopass: autopass,
    messages.Seen: lambda hub, table, c, m: hub.notices.seen(table, c.seat, m.step),
}


async def handle(
    context: ServerContext,
    websocket: WebSocket,
    table: LiveTable,
    connection: Connection,
    text: str,
) -> bool:
    """Answer one client message; True if the connection was closed meanwhile."""
    try:
        data = parse_json(text, context.settings.max_depth)
        kind = data.get("type") if isinstance(data, dict) else None
        if isinstance(kind, str) and kind not in ("hello", "ping") and not connection.attached:
            connection.push(error_text("say hello first"))
            return False
        message = messages.read_message(data)
    except (BadInput, messages.BadMessage) as exc:
        log.warning("table %s: malformed message (%s)", table.id, exc)
        reason = "not a JSON message with a type" if str(exc) == "not JSON" else str(exc)
        connection.push(error_text(reason))
        return False
    if isinstance(message, messages.Hello):
        return await hello(context, websocket, table, connection, message)
    connection.refused = 0
    if isinstance(message, messages.Ping):
        connection.push(encode({"type": "pong"}))
        return False
    seat = connection.seat
    try:
        await ASKS[type(message)](context.hub, table, connection, message)
    except IllegalAction as exc:
        log.info("table %s: seat %s illegal action: %s", table.id, seat, exc)
        # The player reads why, in one line; what is legal now goes as data
        # (the page keeps those of its actions), never spelled out after it.
        connection.push(error_text(refusal(exc), list(exc.legal or [])))
    except (TableError, PlunderError, BadInput) as exc:
        cause = f" ({exc.cause})" if isinstance(exc, StoreUnavailable) else ""
        log.warning("table %s: seat %s refused: %s%s", table.id, seat, exc, cause)
        connection.push(error_text(str(exc)))
    return False
