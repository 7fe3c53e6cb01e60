"""Helpers for the tests of several server processes on one PostgreSQL store."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, select
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import ClientConnection, connect

from plunder.server.store import chat, leases, moves
from server.kit import ServerProcess

postgres_only = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgresql"),
    reason="several processes share a PostgreSQL store only",
)

# Seconds a lease lasts in these tests: short, so that a dead owner's tables move soon.
TTL = 2.0


def workers(db_url: str, folder: Path, count: int, extra: list[str] | None = None) -> list[
    ServerProcess
]:
    """``count`` started ``plunder serve`` processes sharing the store ``db_url``."""
    started = []
    for index in range(count):
        server = ServerProcess(
            db_url, folder / f"worker{index}.log", extra=["--lease-ttl", str(TTL), *(extra or [])]
        )
        server.start()
        started.append(server)
    return started


def engine_of(db_url: str) -> Any:
    return create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))


def rows(db_url: str, query: Any) -> list[Any]:
    """The rows ``query`` finds in the store ``db_url`` (on a connection of its own)."""
    engine = engine_of(db_url)
    try:
        with engine.connect() as db:
            return list(db.execute(query).all())
    finally:
        engine.dispose()


def stored_moves(db_url: str, table: str) -> list[tuple[int, int, str]]:
    """The moves the store holds for ``table``: (index, seat, action)."""
    query = (select(moves.c.idx, moves.c.seat, moves.c.action)
             .where(moves.c.table_id == table).order_by(moves.c.idx))
    return [(r.idx, r.seat, r.action) for r in rows(db_url, query)]


def stored_chat(db_url: str, table: str) -> list[str]:
    """The chat lines the store holds for ``table``, oldest first."""
    query = select(chat.c.text).where(chat.c.table_id == table).order_by(chat.c.id)
    return [r.text for r in rows(db_url, query)]


def lease_of(db_url: str, table: str) -> Any:
    """The lease row of ``table`` (it must have one)."""
    (found,) = rows(db_url, select(leases).where(leases.c.table_id == table))
    return found


def owner_pid(db_url: str, table: str) -> int:
    """The process id of the table's owner (its owner id is host:pid:random)."""
    return int(lease_of(db_url, table).owner.split(":")[1])


def owner_address(db_url: str, table: str) -> str:
    return str(lease_of(db_url, table).address)


class Refused(AssertionError):
    """The server answered with an error message."""


@dataclass
class Player:
    """A player's browser at one table, reached through one of the workers."""

    table: str
    token: str
    server: ServerProcess
    ws: ClientConnection | None = None
    last: dict[str, Any] = field(default_factory=dict)
    # What this player played and was told of (its state came back with the move).
    acknowledged: list[tuple[int, int, str]] = field(default_factory=list)
    # Sent, but the connection closed before its answer: stored or not.
    unknown: list[tuple[int, int, str]] = field(default_factory=list)

    def connect(self, server: ServerProcess | None = None) -> dict[str, Any]:
        """Connect (again), say hello, and return the first state."""
        self.close()
        self.server = server or self.server
        # Entered by hand, as a context manager is (so it may outlive this call).
        self.ws = connect(self.server.ws_url(self.table), open_timeout=10).__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": self.token}))
        return self.state(0)

    def state(self, move: int) -> dict[str, Any]:
        """The next state message at ``move`` or later (``ConnectionClosed`` if closed)."""
        assert self.ws is not None
        while True:
            message = json.loads(self.ws.recv(timeout=30))
            if message["type"] == "error":
                raise Refused(message["message"])
            if message["type"] == "state" and message["move"] >= move:
                self.last = message
                return message

    def owes(self) -> bool:
        return bool(self.last.get("legal")) and self.last["table"]["status"] == "running"

    def act(self) -> None:
        """Play the first legal action, and wait for the state that shows it."""
        assert self.ws is not None
        move = self.last["move"]
        action = self.last["legal"][0]
        played = (move, self.last["seat"], action)
        self.ws.send(json.dumps({"type": "act", "action": action, "step": self.last["step"]}))
        try:
            self.state(move + 1)
        except ConnectionClosed:
            self.unknown.append(played)
            raise
        self.acknowledged.append(played)

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.ws = None


def new_table(server: ServerProcess, clock: float | None = None) -> tuple[str, str, str]:
    """A Duel of two humans made and joined through ``server``: its id and the tokens."""
    body: dict[str, Any] = {"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}],
                            "name": "Ann"}
    if clock is not None:
        body["clock"] = clock
    made = httpx.post(server.url + "/api/tables", json=body, timeout=10)
    assert made.status_code == 200, made.text
    table = made.json()["table"]
    joined = httpx.post(f"{server.url}/api/tables/{table}/join", json={"name": "Bob"}, timeout=10)
    assert joined.status_code == 200, joined.text
    return table, made.json()["token"], joined.json()["token"]


def play_some(players: list[Player], count: int) -> int:
    """Up to ``count`` moves, one player at a time; how many were played."""
    played = 0
    while played < count:
        owing = [p for p in players if p.owes()]
        if not owing:
            return played
        owing[0].act()
        played += 1
        # The other player's state moved on too.
        for other in players[1:] if owing[0] is players[0] else players[:1]:
            other.state(owing[0].last["move"])
    return played


def reconnect_until_served(player: Player, servers: list[ServerProcess], limit: float = 60
                           ) -> float:
    """Reconnect through ``servers`` in turn until a state comes; when it came (monotonic)."""
    deadline = time.monotonic() + limit
    turn = 0
    while True:
        server = servers[turn % len(servers)]
        turn += 1
        try:
            player.connect(server)
            return time.monotonic()
        except (WebSocketException, Refused, OSError, TimeoutError):
            # Closed, refused, or cut off in its handshake (a dying process's socket).
            if time.monotonic() > deadline:
                raise
            # A short pause before the next try, as the browser's (which waits longer).
            time.sleep(0.1)
