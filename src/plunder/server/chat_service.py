"""A table's chat as the server runs it: who may write, who may read, and the
messages kept in the store and sent to the table's connections.

The words themselves are cleaned and bounded by ``plunder.server.chat``; this
module decides where they go. It writes to the store only under the table's
lease, through the ``fenced`` write the hub gives it, so a process that lost the
table drops it rather than writing to it.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from typing import Any

from plunder.server.chat import chat_message, chat_text, spectator_name
from plunder.server.connection import Connection
from plunder.server.limits import Bucket
from plunder.server.settings import Settings
from plunder.server.store import CLOSED, ChatLine
from plunder.server.store_thread import StoreThread, StoreUnavailable
from plunder.server.table import Fenced, LiveTable, TableError

log = logging.getLogger("plunder.server")


class ChatService:
    """The chat of every table: posting a message, and which lines a seat may read."""

    def __init__(self, settings: Settings, store: StoreThread, fenced: Fenced) -> None:
        self.settings = settings
        self.store = store
        self.fenced = fenced

    def may_chat(self, seat: int | None) -> bool:
        """Whether a connection at ``seat`` may post: a player may; a spectator if allowed."""
        return seat is not None or self.settings.chat_spectators

    async def lines(self, table: LiveTable) -> deque[ChatLine] | None:
        """The table's latest chat messages, read from the store the first time.

        None if the store could not be read: the next hello tries again.
        """
        if table.chat is None:
            try:
                stored = await self.store.call("load_chat", table.id, self.settings.chat_history)
            except StoreUnavailable as exc:
                log.warning("table %s: its chat could not be read: %s", table.id, exc.cause)
                return None
            table.chat = deque(stored, maxlen=self.settings.chat_history)
        return table.chat

    @staticmethod
    def audience(table: LiveTable, line: ChatLine) -> frozenset[int] | None:
        """The seats a chat line is for: the author's team for a team line, else
        everyone (``None``: spectators too)."""
        if not line.team or line.seat is None:
            return None
        return table.state.game.team_of(line.seat)

    def reads(self, table: LiveTable, seat: int | None, line: ChatLine) -> bool:
        """Whether a connection at ``seat`` may read ``line``."""
        audience = self.audience(table, line)
        return audience is None or (seat is not None and seat in audience)

    async def post(
        self, table: LiveTable, connection: Connection, text: Any, name: Any = None,
        *, team: bool = False,
    ) -> None:
        """Store one chat message, then send it to everyone at the table who may read it.

        A spectator posts only if the server lets them (under the ``name`` they
        give); a message over the connection's chat rate is refused and dropped.
        In a game of teams a player may write to its team alone (``team``): the
        other team and the spectators never receive it.
        """
        seat = connection.seat
        if not self.may_chat(seat):
            raise TableError("spectators read the chat; only the players write in it", 403)
        if team and (seat is None or not table.state.game.has_teams):
            raise TableError("a team chat is for the players of a game of teams", 403)
        if table.row.status == CLOSED:
            raise TableError("the table is closed", status=409)
        words = chat_text(text, self.settings.chat_length)
        if connection.chat_bucket is None:
            connection.chat_bucket = Bucket(self.settings.chat_rate, self.settings.chat_burst)
        if not connection.chat_bucket.take():
            wait = max(1, round(connection.chat_bucket.wait()))
            raise TableError(f"too many chat messages; wait {wait} s", status=429)
        async with table.lock:
            if table.row.status == CLOSED:
                raise TableError("the table is closed", status=409)
            author = spectator_name(name) if seat is None else table.seat_row(seat).name
            line = ChatLine(seat, author or "Player", round(time.time(), 3), words, team)
            # Read what is stored first, so the new line is not read back and added twice.
            lines = await self.lines(table)
            try:
                await self.fenced(table, "add_chat", table.id, line)
            except StoreUnavailable as exc:
                log.warning("table %s: a chat message could not be stored: %s", table.id, exc.cause)
                raise
            if lines is not None:
                lines.append(line)
            told = chat_message(line)
            for other in list(table.connections):
                if not self.reads(table, other.seat, line):
                    continue
                if not other.push(told):
                    table.connections.discard(other)
