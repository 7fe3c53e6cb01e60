"""Notices: a short message to a seat's webhook when the seat owes a decision at a
turn-based table and its player has not seen the table for a while.

The message says which table and game and that it is the seat's move, nothing
else: it is made from what the table's summary already tells anyone, never from
a view. It has the shape chat services' incoming webhooks take (Discord reads
``content``, Slack ``text``), so a player can point it at a channel of their own.

A player has *seen* the table when the server answered their hello, took their
move, or their page said it showed them a state (the ``seen`` message): a socket
merely left open in a hidden tab is not seeing it.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import urllib.parse
from typing import Any

import httpx

from plunder.server.table import TableError

log = logging.getLogger(__name__)

# No notice while the player has seen the table within this many seconds.
AWAY = 120.0
# At most one notice per seat in this many seconds.
EVERY = 600.0
# A webhook has this many seconds to answer; one that fails is logged, not retried.
TIMEOUT = 10.0
# The longest webhook URL taken (the store's column holds no more).
URL_LENGTH = 2000
SCHEMES = ("http", "https")


def public(address: str) -> bool:
    """Whether an IP address is one of the public internet's (not loopback, private,
    link-local, reserved...)."""
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_global
    except ValueError:
        return False


def read_webhook(url: Any, private: bool = False, what: str = "webhook") -> str | None:
    """The webhook URL a player asks for, checked (None or "" for none);
    ``TableError`` says what is wrong with another, starting with ``what`` it is.
    Unless ``private``, a host written as an address must be a public one (a name
    is checked when a notice is sent, against what it resolves to then)."""
    if url is None or url == "":
        return None
    if not isinstance(url, str) or len(url) > URL_LENGTH:
        raise TableError(f"{what}: an http or https URL of at most {URL_LENGTH} characters")
    if any(c.isspace() or not c.isprintable() for c in url):
        raise TableError(f"{what}: a URL has no spaces nor control characters")
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port  # a port that is not a number is refused here
    except ValueError as exc:
        raise TableError(f"{what}: not a URL ({exc})") from None
    if parts.scheme.lower() not in SCHEMES or not parts.hostname:
        raise TableError(f"{what}: an http or https URL, with a host")
    if port == 0:
        raise TableError(f"{what}: port 0 is no port")
    host = parts.hostname
    if not private and ((_is_address(host) and not public(host)) or host == "localhost"):
        raise TableError(f"{what}: the server posts only to public addresses")
    return url


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return False
    return True


async def reaches_private(url: str) -> bool:
    """Whether ``url``'s host is, or resolves to, an address that is not public (an
    unresolvable host counts as not public: there is nothing to post to)."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    try:
        found = await asyncio.get_running_loop().getaddrinfo(
            host, parts.port or 443, type=socket.SOCK_STREAM)
    except OSError:
        return True
    return not found or any(not public(str(info[4][0])) for info in found)


def notice_body(table_id: str, title: str) -> dict[str, str]:
    """What a notice says: the table, its game, that it is the seat's move."""
    words = f"Your move in {title} at table {table_id}."
    return {"content": words, "text": words}


async def send(
    url: str, body: dict[str, str], table_id: str, seat: int, private: bool = False
) -> bool:
    """Post ``body`` to ``url`` once, within ``TIMEOUT``; whether it was taken (2xx)."""
    return taken(await post(url, table_id, seat, private, json=body))


def taken(status: int | None) -> bool:
    """Whether a notice answered with ``status`` (None: no answer) was taken."""
    return status is not None and 200 <= status < 300


async def post(
    url: str, table_id: str, seat: int, private: bool, **request: Any
) -> int | None:
    """Post a notice to ``url`` once (``request``: httpx's ``json``, ``content``,
    ``headers``), within ``TIMEOUT``; the answer's HTTP status, None if there was
    none. Unless ``private``, not to a host that is or resolves to an address that
    is not public.

    A failure is logged in one line (never with the URL's path or query, which
    often hold the webhook's secret) and not tried again: the next notice is the
    seat's next decision's.
    """
    host = urllib.parse.urlsplit(url).hostname
    if not private and await reaches_private(url):
        log.warning("table %s: seat %d's notice to %s was not sent: not a public address",
                    table_id, seat, host)
        return None
    try:
        async with httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=False) as client:
            answer = await client.post(url, **request)
    except Exception as exc:  # whatever a webhook does, it fails alone and is not retried
        log.warning("table %s: seat %d's notice to %s failed: %s", table_id, seat, host,
                    type(exc).__name__)
        return None
    if not answer.is_success:
        log.warning("table %s: seat %d's notice to %s was refused: HTTP %d", table_id, seat,
                    host, answer.status_code)
    return answer.status_code
