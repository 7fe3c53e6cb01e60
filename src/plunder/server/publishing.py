"""What a table's connections are sent: each the view of its own seat, and who is
connected; a new connection its state, chat and auto-pass, alone.

A view is built with the table's lock held (or where no move can be under way),
so every message shows the table as stored. The chat lines a seat may read come
from the chat service (``plunder.server.chat_service``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any

from plunder.server.chat import history_message
from plunder.server.chat_service import ChatService
from plunder.server.connection import Connection, encode
from plunder.server.settings import Settings
from plunder.server.table import LiveTable, autopass_text
from plunder.server.turns import Now

# Seconds a change of who is connected waits for others before it is sent, so
# that many connections coming and going make one message, not one each.
PRESENCE_DELAY = 0.2

# Starts a background task whose failure is logged, not lost.
Soon = Callable[[Awaitable[None]], "asyncio.Task[None]"]


class Own:
    """The connection's own seat, as ``Publisher.attach`` takes it when given none."""


OWN = Own()


class Publisher:
    """Sends every table's views to its connections, and takes connections on and off."""

    def __init__(self, settings: Settings, chat: ChatService, now: Now, soon: Soon) -> None:
        self.settings = settings
        self.chat = chat
        # The wall clock of turn-based deadlines: a player who is sent the state has
        # seen the table by it (``plunder.server.notice_service``).
        self.now = now
        self.soon = soon

    def publish(self, table: LiveTable) -> None:
        """Queue for each connection the view of its own seat, and nothing else.

        Called with the table's lock held (or where no move can be under way), so
        every message shows the table as stored. Connections of one seat that
        lack the same events share one encoded message.
        """
        if not table.connections:
            return
        summary_text = encode(table.summary())
        bases: dict[int | None, dict[str, Any]] = {}
        texts: dict[tuple[int | None, int], str] = {}
        for connection in list(table.connections):
            if connection.dead:
                table.connections.discard(connection)
                continue
            seat = connection.seat
            since, now = table.events_for(connection)
            key = (seat, since)
            text = texts.get(key)
            if text is None:
                text = texts[key] = table.state_text(seat, summary_text, since, bases)
            connection.events_sent = now
            if not connection.push(text):
                table.connections.discard(connection)

    async def _publish_locking(self, table: LiveTable) -> None:
        async with table.lock:
            self.publish(table)

    def _presence(self, table: LiveTable) -> None:
        """Tell everyone, shortly, who is connected now (many changes, one message)."""
        if table.presence is None or table.presence.done():
            table.presence = self.soon(self._presence_later(table))

    async def _presence_later(self, table: LiveTable) -> None:
        await asyncio.sleep(PRESENCE_DELAY)
        await self._publish_locking(table)

    async def attach(
        self,
        table: LiveTable,
        connection: Connection,
        seat: int | Own | None = OWN,
        held: int = 0,
    ) -> None:
        """A hello: ``connection`` watches as ``seat`` and is sent the state, alone.

        ``seat`` is the connection's own seat if not given; ``held`` the events of
        that seat's log the client already holds. The answer carries the events
        from there on, but never more than ``log_page`` of them: the latest. A
        client lacking earlier ones asks for them in pages (``log_page``), so a
        hello costs the same at move 10 and at move 10,000.

        Others are told only if who is connected changed (a seat newly connected,
        or left by this connection's earlier hello), and then together with any
        other change of who is connected. The table's latest chat messages follow
        the state, to this connection alone.
        """
        if isinstance(seat, Own):
            seat = connection.seat
        if seat is not None:
            # Before the state is on its way: a player who has it has seen the table.
            table.seen_at[seat] = self.now()
        async with table.lock:
            before = table.connected_seats()
            connection.seat = seat
            connection.attached = True
            table.connections.add(connection)
            changed = table.connected_seats() != before
            now = table.state.event_count(seat)
            since = max(min(held, now), now - self.settings.log_page)
            connection.push(table.state_text(seat, encode(table.summary()), since))
            connection.events_sent = now
            lines = await self.chat.lines(table)
            readable = [line for line in lines or () if self.chat.reads(table, seat, line)]
            connection.push(
                history_message(readable, self.chat.may_chat(seat), self.settings.chat_length)
            )
            if seat is not None:
                # The seat's own auto-pass, to this connection alone.
                connection.push(autopass_text(table.seat_row(seat).autopass))
            if seat in table.human_seats():
                table.last_human = time.monotonic()
        if changed:
            self._presence(table)

    def detach(self, table: LiveTable, connection: Connection) -> None:
        if connection not in table.connections:
            return
        table.connections.discard(connection)
        connection.attached = False
        seat = connection.seat
        if seat is None:
            return
        if seat in table.human_seats():
            table.last_human = time.monotonic()
        if seat not in table.connected_seats():
            table.seen[seat] = time.monotonic()
            with contextlib.suppress(RuntimeError):
                self._presence(table)
