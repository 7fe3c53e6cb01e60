"""The lobby's list of tables over every process that shares the store.

Each process lists the tables it serves; one that shares its store with others
(``plunder.server.owners``) asks each other live owner for its own list, at most
once a second for all of its lobbies, and shows the newest of them all.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from plunder.server.live import Hub
from plunder.server.relay import RELAYED
from plunder.server.store_thread import StoreUnavailable

# Seconds the other processes' lobby lists are kept: every open lobby asks for the
# list every few seconds, and one process asks the others once for all of them.
OTHERS_KEPT = 1.0


@dataclass
class OthersListing:
    """The other processes' lobby lists, as last asked of them."""

    at: float = float("-inf")
    tables: list[dict[str, Any]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


async def everyones_listing(
    hub: Hub, own: list[dict[str, Any]], secret: str, kept: OthersListing
) -> list[dict[str, Any]]:
    """The lobby's list over every process that shares the store: this one's tables and
    those each other live owner lists (a process that does not answer in time is left
    out of this answer), asked at most once every ``OTHERS_KEPT`` seconds."""
    assert hub.ownership is not None
    async with kept.lock:
        if time.monotonic() - kept.at >= OTHERS_KEPT:
            kept.tables = await _others_listing(hub, hub.ownership.address, secret)
            kept.at = time.monotonic()
    listed = own + kept.tables
    seen: dict[str, dict[str, Any]] = {t["table"]: t for t in listed}
    shown = sorted(seen.values(), key=lambda t: t["created"], reverse=True)
    return shown[: hub.settings.lobby_size]


async def _others_listing(hub: Hub, mine: str, secret: str) -> list[dict[str, Any]]:
    try:
        addresses = await hub.store.call("live_addresses")
    except StoreUnavailable:
        return []
    others = [a for a in addresses if a != mine]
    listed: list[dict[str, Any]] = []
    if others:
        async with httpx.AsyncClient(timeout=2.0, headers={RELAYED: secret}) as client:
            answers = await asyncio.gather(
                *(client.get(f"{address}/api/tables") for address in others),
                return_exceptions=True,
            )
        for answer in answers:
            if isinstance(answer, httpx.Response) and answer.status_code == 200:
                listed.extend(answer.json())
    return listed
