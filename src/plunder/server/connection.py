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

from plunder.engine.errors import IllegalAction
from plunder.server.limits import Bucket

log = logging.getLogger("plunder.server")

SendText = Callable[[str], Awaitable[None]]
Close = Callable[[int], Awaitable[None]]

# WebSocket close codes the server uses.
CLOSE_TOO_BIG = 1009
CLOSE_POLICY = 1008  # kept sending past its rate limit
CLOSE_TOO_SLOW = 1013  # did not read its messages: it says hello again when it comes back
CLOSE_AGAIN = 1013  # the server cannot serve the table now (its store): try again later
CLOSE_NO_TABLE = 4404
# Seconds a connection about to be closed is given to read what it was last sent.
CLOSE_WAIT = 2.0


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"))


def error_text(text: str, legal: list[str] | None = None) -> str:
    return encode({"type": "error", "message": text, "legal": legal or []})


def refusal(error: IllegalAction) -> str:
    """Why the rules refused a move, as the player reads it: the engine's reason
    alone, on one line, without the rule's tag or the list of what is legal now.

    >>> refusal(IllegalAction("it costs 3 coins;   seat 0 has 1", rule="R9", legal=["pass"]))
    'it costs 3 coins; seat 0 has 1'
    """
    return " ".join(error.reason.split()) or "the rules do not allow that now"


async def _no_close(code: int) -> None:
    """For a connection with nothing to close (one made in-process)."""


@dataclass(eq=False)
class Connection:
    """One browser tab on a table, as a seat or a spectator (``seat is None``).

    Messages are queued (``push``) and written in order by one task, so a message
    built before another always reaches the socket first: a message's events
    follow on from the previous message's. ``events_sent`` counts the events of
    its seat's log the connection has been sent.
    A connection whose unsent messages weigh more than ``backlog`` bytes is not
    reading: it is closed, and what it had waiting is dropped.
    """

    # Sends one message's JSON text; closes the connection with a code.
    send: SendText
    close: Close = field(default=_no_close, repr=False)
    backlog: int = 1024 * 1024
    bucket: Bucket | None = None
    # Hellos have a slower rate of their own (each is answered with the state).
    hello_bucket: Bucket | None = None
    # The chat's own, slower rate limit (made at the connection's first chat message).
    chat_bucket: Bucket | None = None
    seat: int | None = None
    events_sent: int = 0
    attached: bool = False
    # Messages refused in a row for going over the rate limit.
    refused: int = 0
    dead: bool = False
    _outbox: deque[str] = field(default_factory=deque, repr=False)
    # Bytes of the messages queued and not yet written (the one being written included).
    _unsent: int = field(default=0, repr=False)
    _writer: asyncio.Task[None] | None = field(default=None, repr=False)

    @property
    def unsent(self) -> int:
        """Bytes of the messages waiting to be written to the socket."""
        return self._unsent

    def push(self, text: str) -> bool:
        """Queue ``text``; False (and the connection closed) if it is not reading."""
        if self.dead:
            return False
        # Messages are JSON with ASCII escapes: a character is a byte.
        size = len(text)
        if self._outbox and self._unsent + size > self.backlog:
            log.warning(
                "a connection with %d unsent messages (%d bytes) is closed",
                len(self._outbox),
                self._unsent,
            )
            self.dead = True
            self._outbox.clear()
            self._unsent = 0
            task = asyncio.ensure_future(self._close(CLOSE_TOO_SLOW))
            task.add_done_callback(_quiet)
            return False
        self._outbox.append(text)
        self._unsent += size
        if self._writer is None:
            self._writer = asyncio.ensure_future(self._write())
        return True

    async def _write(self) -> None:
        try:
            while self._outbox:
                text = self._outbox[0]
                await self.send(text)
                if self._outbox and self._outbox[0] is text:
                    self._outbox.popleft()
                    self._unsent -= len(text)
        except Exception:
            # The socket is gone; its handler detaches the connection.
            self.dead = True
            self._outbox.clear()
            self._unsent = 0
        finally:
            self._writer = None

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.close(code)

    async def drained(self, timeout: float | None = None) -> None:
        """Wait until every queued message has been written, or ``timeout`` seconds.

        A client that does not read would keep a caller waiting for ever: one
        about to close the connection gives it a few seconds at most.
        """
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while self._writer is not None:
                    await asyncio.shield(self._writer)


def _quiet(task: asyncio.Task[None]) -> None:
    if not task.cancelled():
        task.exception()
