"""One WebSocket connection to a table: its seat, its queue of messages, its rate limit."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from plunder.server.limits import Bucket

log = logging.getLogger("plunder.server")

SendText = Callable[[str], Awaitable[None]]
Close = Callable[[int], Awaitable[None]]

# WebSocket close codes the server uses.
CLOSE_TOO_BIG = 1009
CLOSE_POLICY = 1008  # kept sending past its rate limit
CLOSE_TOO_SLOW = 1013  # did not read its messages: it says hello again when it comes back
CLOSE_NO_TABLE = 4404


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"))


def error_text(text: str, legal: list[str] | None = None) -> str:
    return encode({"type": "error", "message": text, "legal": legal or []})


async def _no_close(code: int) -> None:
    """For a connection with nothing to close (one made in-process)."""


@dataclass(eq=False)
class Connection:
    """One browser tab on a table, as a seat or a spectator (``seat is None``).

    Messages are queued (``push``) and written in order by one task, so a message
    built before another always reaches the socket first: a message's events
    follow on from the previous message's. ``events_sent`` counts the events of
    its seat's log the connection has been sent; a hello starts it from none.
    A connection whose queue grows past ``backlog`` is not reading: it is closed.
    """

    # Sends one message's JSON text; closes the connection with a code.
    send: SendText
    close: Close = field(default=_no_close, repr=False)
    backlog: int = 256
    bucket: Bucket | None = None
    # The chat's own, slower rate limit (made at the connection's first chat message).
    chat_bucket: Bucket | None = None
    seat: int | None = None
    events_sent: int = 0
    attached: bool = False
    # Messages refused in a row for going over the rate limit.
    refused: int = 0
    dead: bool = False
    _outbox: deque[str] = field(default_factory=deque, repr=False)
    _writer: asyncio.Task[None] | None = field(default=None, repr=False)

    def push(self, text: str) -> bool:
        """Queue ``text``; False (and the connection closed) if it is not reading."""
        if self.dead:
            return False
        if len(self._outbox) >= self.backlog:
            log.warning("a connection with %d unsent messages is closed", len(self._outbox))
            self.dead = True
            self._outbox.clear()
            task = asyncio.ensure_future(self._close(CLOSE_TOO_SLOW))
            task.add_done_callback(_quiet)
            return False
        self._outbox.append(text)
        if self._writer is None:
            self._writer = asyncio.ensure_future(self._write())
        return True

    async def _write(self) -> None:
        try:
            while self._outbox:
                await self.send(self._outbox.popleft())
        except Exception:
            # The socket is gone; its handler detaches the connection.
            self.dead = True
            self._outbox.clear()
        finally:
            self._writer = None

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.close(code)

    async def drained(self) -> None:
        """Wait until every queued message has been written."""
        while self._writer is not None:
            await asyncio.shield(self._writer)


def _quiet(task: asyncio.Task[None]) -> None:
    if not task.cancelled():
        task.exception()
