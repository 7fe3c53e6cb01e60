"""The server's limits and timings, each a setting with a default (``plunder serve`` flags).

``docs/server.md`` states each one; the command line (``plunder serve --help``)
names the flag and the environment variable that sets it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


def default_bot_workers() -> int:
    """Bot worker processes by default: the machine's cores less one (the server's
    own), at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


@dataclass(frozen=True)
class Settings:
    """Everything a server operator may tune; the defaults suit a public server."""

    # Seconds from a bot's decision falling due to its move, at least (a table may
    # ask for a longer one, up to 10, never a shorter one: the pause hides how long
    # a bot thought); for a decision the rules time (a reflex), ``bot_reflex``. A
    # bot whose search a clock stops takes that time if it is longer, and every
    # such pause is drawn longer by chance (``plunder.pace.shown_after``).
    bot_delay: float = 0.6
    bot_reflex: float = 0.15
    # Worker processes in which bots decide (``plunder.server.bot_pool``): at most
    # this many decisions are made at once, the others wait their turn. 0: bots
    # think on threads of the server's own process, sharing its interpreter lock
    # with every table's messages (for comparison only).
    bot_workers: int = default_bot_workers()

    # Input sizes.
    max_message: int = 16 * 1024  # bytes of one WebSocket message
    max_body: int = 64 * 1024  # bytes of one HTTP request body
    max_depth: int = 8  # nesting of JSON objects and lists in a body or a message

    # Messages per second one WebSocket connection may send, and the burst it may
    # send at once; past the burst a message is refused, and a connection that
    # keeps sending while refused is closed.
    ws_rate: float = 20.0
    ws_burst: int = 40
    # Bytes of messages waiting to be sent to one connection before it counts as
    # not reading and is closed (its client says hello again when it comes back).
    # Counted in bytes, not messages: one message may be small or large.
    ws_backlog_bytes: int = 1024 * 1024
    # WebSockets open at once from one client (an address); 0: no cap.
    ws_per_client: int = 32
    # Hellos one connection may say a second, and at once: each is answered with
    # the table's state, which costs more than any other message, so they have a
    # rate of their own within ``ws_rate``.
    hello_rate: float = 1.0
    hello_burst: int = 4
    # Events of a seat's log in the answer to a hello, and in one page of the log
    # (``GET /api/tables/{t}/log``): a client lacking more asks for them in pages.
    log_page: int = 200
    # Compress WebSocket messages (permessage-deflate). A state message is a few
    # kilobytes whatever the length of the game, and compressing it costs the
    # server more time than sending it whole: off unless asked for.
    ws_compression: bool = False

    # Tables one client (an address) may create per minute, and at once.
    create_rate: float = 20.0
    create_burst: int = 10
    # Open or running tables one client may have created; 0: no cap.
    tables_per_client: int = 20
    # Open or running tables over all clients; past it a new table is refused
    # (503) until some end; 0: no cap.
    max_tables: int = 2000
    # Tables the lobby lists at most (the newest open and running ones).
    lobby_size: int = 200

    # Seconds a table may have no human connected before it is abandoned: a
    # running game is then played to its end by bots, a table still waiting for
    # players is closed. 0: never.
    abandon_after: float = 900.0
    # Seconds a seat's player must have had no connection to the table before the
    # host may hand the seat to a bot without asking; a player who is there is
    # asked, and the seat goes to a bot only if they agree (or their clock runs out).
    handover_grace: float = 60.0

    # Seconds a finished or closed table stays in memory once no one watches it;
    # it is read back from the store when asked for again.
    finished_ttl: float = 60.0

    # Seconds between two full garbage collections. Python's own policy runs one
    # whenever the long-lived objects have grown by a quarter; on a busy server
    # that is every few seconds, and each stops every table for as long as it
    # takes to go through the whole heap (hundreds of milliseconds with a
    # thousand tables). The younger generations are collected as usual. 0 keeps
    # Python's own policy.
    gc_every: float = 600.0

    # Replays: views per page, replays computed at once, and replays waiting
    # before a new one is refused (503).
    replay_page: int = 50
    replay_workers: int = 1
    replay_queue: int = 16
    # Replay positions kept in memory to continue from (one per table).
    replay_cache: int = 32

    # A move the store could not write is retried (a bot's, a timeout's) after
    # this many seconds, doubling up to the maximum.
    retry_first: float = 0.1
    retry_max: float = 10.0

    # Chat at each table. A message is at most ``chat_length`` characters; the
    # last ``chat_history`` of a table are sent to each connection that says
    # hello; one connection may post ``chat_rate`` messages a second and
    # ``chat_burst`` at once. Players may always post; spectators only read,
    # unless ``chat_spectators`` lets them post too.
    chat_length: int = 300
    chat_history: int = 50
    chat_rate: float = 0.5
    chat_burst: int = 5
    chat_spectators: bool = False

    def check(self) -> None:
        """Raise ``ValueError`` naming the first setting out of range."""
        positive = {
            "max_message": self.max_message,
            "max_body": self.max_body,
            "max_depth": self.max_depth,
            "ws_rate": self.ws_rate,
            "ws_burst": self.ws_burst,
            "ws_backlog_bytes": self.ws_backlog_bytes,
            "hello_rate": self.hello_rate,
            "hello_burst": self.hello_burst,
            "log_page": self.log_page,
            "create_rate": self.create_rate,
            "create_burst": self.create_burst,
            "lobby_size": self.lobby_size,
            "replay_page": self.replay_page,
            "replay_workers": self.replay_workers,
            "replay_cache": self.replay_cache,
            "retry_first": self.retry_first,
            "retry_max": self.retry_max,
            "chat_length": self.chat_length,
            "chat_history": self.chat_history,
            "chat_rate": self.chat_rate,
            "chat_burst": self.chat_burst,
        }
        for name, value in positive.items():
            if value <= 0:
                raise ValueError(f"{name} must be above 0, not {value}")
        at_least_zero = {
            "bot_delay": self.bot_delay,
            "bot_reflex": self.bot_reflex,
            "tables_per_client": self.tables_per_client,
            "max_tables": self.max_tables,
            "ws_per_client": self.ws_per_client,
            "abandon_after": self.abandon_after,
            "handover_grace": self.handover_grace,
            "finished_ttl": self.finished_ttl,
            "gc_every": self.gc_every,
            "replay_queue": self.replay_queue,
            "bot_workers": self.bot_workers,
        }
        for name, value in at_least_zero.items():
            if value < 0:
                raise ValueError(f"{name} must be 0 or more, not {value}")
