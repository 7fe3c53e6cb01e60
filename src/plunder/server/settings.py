"""The server's limits and timings, each declared once: its default, its bounds and
its words. ``plunder serve`` makes a flag and an environment variable of each
(``command.py``), ``Settings.check`` holds a value to its bounds, and the table of
``docs/server.md`` is written from the declarations (``settings_table``; a test
checks that the page agrees).
"""

from __future__ import annotations

import dataclasses
import os
import typing
from dataclasses import dataclass, field
from typing import Any

# Seconds a lease lasts unless renewed: how long a table waits, at most, for a
# new owner when its owner dies without releasing it.
LEASE_TTL = 8.0


def default_bot_workers() -> int:
    """Bot worker processes by default: the machine's cores less one (the server's
    own), at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


@dataclass(frozen=True)
class Declared:
    """How a setting is set and shown: its flag's help (also its line in the docs),
    its bounds, the default as the docs give it when it is worked out at start-up,
    and environment variables read besides ``PLUNDER_<NAME>``."""

    help: str
    low: float | None = None
    high: float | None = None
    default_words: str | None = None
    also_env: tuple[str, ...] = ()


def setting(
    default: Any,
    help: str,
    low: float | None = None,
    high: float | None = None,
    default_words: str | None = None,
    also_env: tuple[str, ...] = (),
) -> Any:
    """A field of ``Settings`` or ``Deployment``, declared with its words and bounds."""
    declared = Declared(help, low, high, default_words, also_env)
    return field(default=default, metadata={"declared": declared})


def flag(name: str) -> str:
    """The command-line flag of the setting ``name``."""
    return "--" + name.replace("_", "-")


def env_var(name: str) -> str:
    """The environment variable of the setting ``name``."""
    return "PLUNDER_" + name.upper()


def declarations(cls: type) -> list[tuple[str, type, Any, Declared]]:
    """Each setting of ``cls``: its name, type, default and declaration, in order."""
    hints = typing.get_type_hints(cls)
    return [
        (f.name, hints[f.name], f.default, f.metadata["declared"])
        for f in dataclasses.fields(cls)
        if "declared" in f.metadata
    ]


def out_of_bounds(name: str, value: Any, declared: Declared) -> str | None:
    """Why ``value`` is out of the bounds of the setting ``name``, or None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    low, high = declared.low, declared.high
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            return f"{name} must be {low:g} or more, not {value:g}"
        if low is None:
            return f"{name} must be {high:g} or less, not {value:g}"
        return f"{name} must be from {low:g} to {high:g}, not {value:g}"
    return None


class Checked:
    """A frozen dataclass of declared settings that checks them."""

    def check(self) -> None:
        """Raise ``ValueError`` naming the first setting out of its bounds."""
        for name, _, _, declared in declarations(type(self)):
            why = out_of_bounds(name, getattr(self, name), declared)
            if why is not None:
                raise ValueError(why)


@dataclass(frozen=True)
class Settings(Checked):
    """Everything a server operator may tune for its tables; the defaults suit a
    public server."""

    # The pause hides how long a bot thought: a bot whose search a clock stops takes
    # that time if it is longer, and every such pause is drawn longer by chance
    # (``plunder.pace.shown_after``).
    bot_delay: float = setting(
        0.6, "Seconds from a bot's decision falling due to its move, at least (a table "
        "may ask for a longer one, up to 10, never a shorter one).", 0, 10)
    bot_reflex: float = setting(
        0.15, "The same for a decision the rules time (a reflex).", 0, 10)
    # Bots think in worker processes (``plunder.server.bot_pool``) so that a search
    # never holds the interpreter lock every table's messages need.
    bot_workers: int = setting(
        default_bot_workers(), "Worker processes in which bots decide, one decision each "
        "at a time; more decisions wait their turn. 0: on threads of the server's own "
        "process (stalls every table while a bot searches; for comparison).", 0, 256,
        default_words="the cores less one, at least 1")

    # Input sizes.
    max_message: int = setting(16 * 1024, "Largest WebSocket message read, in bytes.", 256)
    max_body: int = setting(64 * 1024, "Largest HTTP request body read, in bytes.", 256)
    max_depth: int = setting(8, "Deepest nesting of JSON lists and objects read.", 2)

    # Past the burst a message is refused, and a connection that keeps sending while
    # refused is closed.
    ws_rate: float = setting(20.0, "Messages a second one WebSocket may send.", 0.1)
    ws_burst: int = setting(40, "Messages one WebSocket may send at once.", 1)
    # Counted in bytes, not messages: one message may be small or large. A client
    # closed for not reading says hello again when it comes back.
    ws_backlog_bytes: int = setting(
        1024 * 1024, "Bytes of unsent messages before a connection that does not read "
        "is closed.", 1024)
    ws_per_client: int = setting(
        32, "WebSockets one client (address) may have open at once; 0: no cap.", 0)
    # Each hello is answered with the table's state, which costs more than any other
    # message, so hellos have a rate of their own within ``ws_rate``.
    hello_rate: float = setting(1.0, "Hellos a second one WebSocket may say.", 0.001)
    hello_burst: int = setting(4, "Hellos one WebSocket may say at once.", 1)
    # A client lacking more events asks for them in pages.
    log_page: int = setting(
        200, "Events of a seat's log in a hello's answer and in one page of the log "
        "route.", 1, 10_000)
    # A state message is a few kilobytes whatever the length of the game, and
    # compressing it costs the server more time than sending it whole.
    ws_compression: bool = setting(
        False, "Compress WebSocket messages (permessage-deflate; costs CPU, and messages "
        "are a few KB).")

    create_rate: float = setting(20.0, "New tables a minute per client (address).", 0.01)
    create_burst: int = setting(10, "New tables per client at once.", 1)
    # Each answer may read up to 200 tables from the store; the page asks every 30 s.
    mine_rate: float = setting(
        30.0, "My tables lists (POST /api/my-tables) a minute per client.", 0.01)
    mine_burst: int = setting(10, "My tables lists per client at once.", 1)
    tables_per_client: int = setting(
        20, "Open or running tables one client may have created; 0: no cap.", 0)
    # Past it a new table is refused (503) until some end.
    max_tables: int = setting(
        2000, "Open or running tables over all clients; 0: no cap.", 0)
    lobby_size: int = setting(200, "Tables the lobby lists at most, newest first.", 1)

    abandon_after: float = setting(
        900.0, "Seconds without a human connected before a table is abandoned (bots "
        "finish it, or it closes if still waiting for players); 0: never.", 0)
    # A player who is there is asked, and the seat goes to a bot only if they agree
    # (or their clock runs out).
    handover_grace: float = setting(
        60.0, "Seconds a player must have been away before the host may hand their seat "
        "to a bot without asking them.", 0)
    # A bot plays each turn-based decision at most this long after its deadline
    # (``plunder.server.turns``).
    deadline_check: float = setting(
        15.0, "Seconds between looks for turn-based decisions whose time has run out.",
        0.05)
    # A notice goes at most this long after it falls due (``plunder.server.notices``).
    notice_check: float = setting(
        15.0, "Seconds between looks for seats owed a notice of their move at a "
        "turn-based table.", 0.05)
    # Off, a player cannot have the server post to its own network: a webhook (or a
    # push endpoint) whose host is, or resolves to, a loopback, private, link-local
    # or other non-public address is refused when set and not posted to when sent.
    webhook_private: bool = setting(
        False, "Let notices' webhooks and push endpoints reach loopback, private and "
        "link-local addresses "
        "(for a site on a private network whose players run their own receivers).")
    # Push services may write to whoever runs a server that sends them notices.
    push_contact: str = setting(
        "", "A mailto: or https: address push services may reach the site's operator at "
        "(the sub of Web Push's VAPID signature). Empty: the site's own address.",
        default_words="(the site's address)")
    # It is read back from the store when asked for again.
    finished_ttl: float = setting(
        60.0, "Seconds a finished table no one watches stays in memory (the store keeps "
        "it).", 0)
    # Python's own policy runs a full collection whenever the long-lived objects have
    # grown by a quarter; on a busy server that is every few seconds, and each stops
    # every table for as long as it takes to go through the whole heap (hundreds of
    # milliseconds with a thousand tables). The younger generations are collected as
    # usual.
    gc_every: float = setting(
        600.0, "Seconds between full garbage collections; 0: Python's own policy.", 0)

    replay_page: int = setting(50, "Views in one page of a replay.", 1, 1000)
    replay_workers: int = setting(1, "Replays computed at once.", 1, 64)
    replay_queue: int = setting(16, "Replays waiting before more are refused (503).", 0)
    replay_cache: int = setting(
        32, "Tables whose last replayed position is kept in memory.", 1)

    # A move the store could not write (a bot's, a timeout's) is retried, the wait
    # doubling up to the maximum. Not flags: tests set them.
    retry_first: float = 0.1
    retry_max: float = 10.0

    chat_length: int = setting(
        300, "Longest chat message, in characters.", 1, 10_000)
    chat_history: int = setting(
        50, "Chat messages of a table kept and sent to whoever says hello.", 1, 10_000)
    chat_rate: float = setting(
        0.5, "Chat messages a second one connection may post.", 0.001)
    chat_burst: int = setting(5, "Chat messages one connection may post at once.", 1)
    chat_spectators: bool = setting(
        False, "Let spectators post in a table's chat (players always may).")

    def check(self) -> None:
        super().check()
        for name in ("retry_first", "retry_max"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be above 0, not {getattr(self, name)}")
        if self.push_contact and not self.push_contact.startswith(("mailto:", "https://")):
            raise ValueError(f"push_contact is a mailto: or https: address, not "
                             f"{self.push_contact!r}")


@dataclass(frozen=True)
class Deployment(Checked):
    """How ``plunder serve`` runs: the proxies it trusts and its processes."""

    # Without a proxy named, the header is ignored, so no one can claim another
    # address to escape the limits per client.
    forwarded_allow_ips: str = setting(
        "", "Addresses of the proxies whose X-Forwarded-For names the client (uvicorn's "
        "setting: comma-separated addresses or networks, or *). Empty: none; each "
        "connection's own address is its client.",
        default_words="(none)", also_env=("FORWARDED_ALLOW_IPS",))
    workers: int = setting(
        1, "Server processes on this machine, sharing --port (more than 1 needs a "
        "PostgreSQL store). Each table is served by one of them; the others relay to it.",
        1, 256)
    internal_host: str = setting(
        "127.0.0.1", "With PostgreSQL: the address other plunder processes reach this "
        "machine's by (to relay a table's connections to the process that serves it).")
    internal_port: int = setting(
        0, "With --workers: the first of the ports the workers are reached at by the "
        "others, one each. 0: the ports after --port.", 0, 65535,
        default_words="--port+1")
    lease_ttl: float = setting(
        LEASE_TTL, "With PostgreSQL: seconds a process's hold on a table lasts unless "
        "renewed (a process that dies holding tables leaves them for this long at most).",
        0.5, 600)


def _default_text(default: Any, declared: Declared) -> str:
    if declared.default_words is not None:
        return declared.default_words
    if isinstance(default, bool):
        return "on" if default else "off"
    if isinstance(default, float):
        return f"{default:g}"
    return str(default)


def _bounds_text(declared: Declared) -> str:
    if declared.low is None and declared.high is None:
        return ""
    low = "" if declared.low is None else f"{declared.low:g}"
    high = "" if declared.high is None else f"{declared.high:g}"
    if not high:
        return f"{low} or more"
    if not low:
        return f"{high} or less"
    return f"{low} to {high}"


def settings_table() -> str:
    """The Markdown table of every setting, for docs/server.md."""
    lines = ["| flag | default | range | what it sets |", "|---|---|---|---|"]
    for cls in (Settings, Deployment):
        for name, _, default, declared in declarations(cls):
            lines.append(
                f"| `{flag(name)}` | {_default_text(default, declared)} | "
                f"{_bounds_text(declared)} | {declared.help} |"
            )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(settings_table(), end="")
