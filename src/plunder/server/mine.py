"""My tables: every table a browser holds a seat at, from the seat tokens it keeps.

The browser sends the tokens it holds (``POST /api/my-tables``), table by table;
each table whose seat the token holds is described from that seat's side: the
game, the other seats, whether the seat owes a decision and how long it has.
A token that holds no seat, or a table that does not exist, is left out: the
answer says nothing of any table but those whose tokens were sent, and of those
nothing a seat's player could not see at the table (the summary's public facts;
whether their own seat owes a move, which the seat's view tells them).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from plunder.engine.errors import PlunderError
from plunder.server.keeper import TABLE_ID
from plunder.server.live import Hub
from plunder.server.owners import ServedElsewhere
from plunder.server.store import CLOSED, OPEN, OVER, RUNNING
from plunder.server.table import LiveTable, TableError, rebuild

log = logging.getLogger("plunder.server")

# Seats one request may ask about: more than anyone plays at once.
MOST_SEATS = 200

# The order of a table's status in the list, after the tables owing a move.
STATUS_ORDER = {RUNNING: 0, OPEN: 1, OVER: 2, CLOSED: 3}


def read_seats(data: Any) -> list[tuple[str, str]]:
    """The ``seats`` of a request, ``[{"table": id, "token": token}, ...]``, as pairs."""
    if not isinstance(data, list):
        raise TableError('seats: a list of {"table": ..., "token": ...}')
    if len(data) > MOST_SEATS:
        raise TableError(f"seats: at most {MOST_SEATS}")
    pairs = []
    for entry in data:
        if not isinstance(entry, dict):
            raise TableError('seats: each one {"table": ..., "token": ...}')
        table, token = entry.get("table"), entry.get("token")
        if not isinstance(table, str) or not isinstance(token, str):
            raise TableError("seats: a table id and a token, each a string")
        pairs.append((table, token))
    return pairs


def entry(table: LiveTable, seat: int) -> dict[str, Any]:
    """The table as ``seat`` sees it in the list."""
    summary = table.summary()
    owes = table.owes(seat) and not table.bot_plays(seat)
    mine = table.seat_row(seat)
    return {
        "table": table.id,
        "game": table.row.game,
        "title": summary["title"],
        "status": table.row.status,
        "speed": table.row.speed,
        "turn_hours": table.row.turn_hours,
        "created": table.row.created,
        "move": summary["move"],
        "seat": seat,
        "name": mine.name,
        "owes": owes,
        "left": table.seconds_left(seat) if owes else None,
        # Whether the seat's notices go to a webhook or a browser (neither is repeated).
        "notices": mine.webhook is not None or mine.push is not None,
        "others": [
            {
                "seat": s["seat"],
                "kind": s["kind"],
                "name": s["name"],
                "bot": s["bot"],
                "level": s["level"],
                "taken": s["taken"],
            }
            for s in summary["seats"]
            if s["seat"] != seat
        ],
        "result": summary["result"],
    }


def order(found: dict[str, Any]) -> tuple[Any, ...]:
    """Those owing a move first, the least time left first; then by status, newest first."""
    left = found["left"]
    return (
        not found["owes"],
        left is None,
        left or 0.0,
        STATUS_ORDER.get(found["status"], 9),
        -found["created"],
    )


async def _elsewhere(hub: Hub, table_id: str) -> LiveTable | None:
    """A table another process serves, read from the store (a copy, never served here)."""
    row = await hub.store.call("load_table", table_id)
    if row is None:
        return None
    try:
        game, state = await asyncio.to_thread(rebuild, row)
    except PlunderError:
        return None
    return LiveTable(row, game, state, wall=hub.now)


async def my_tables(hub: Hub, pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """The tables whose seats ``pairs`` (table id, token) hold, in the list's order."""
    found: dict[str, dict[str, Any]] = {}
    for table_id, token in pairs:
        if table_id in found or not TABLE_ID.fullmatch(table_id):
            continue
        try:
            table: LiveTable | None = await hub.keeper.find(table_id)
        except ServedElsewhere:
            table = await _elsewhere(hub, table_id)
        except TableError as exc:
            if exc.status != 404:
                log.warning("my tables: table %s left out: %s", table_id, exc)
            continue
        if table is None:
            continue
        seat = table.seat_of(token)
        if seat is not None:
            found[table_id] = entry(table, seat)
    return sorted(found.values(), key=order)
