"""Every connection of a table reaches its owner: the relay between server processes.

When processes share a store (``plunder.server.owners``), a request or a
WebSocket for a table may reach a process that does not serve it. This ASGI
middleware finds the table's owner first (``TableKeeper.find`` claims a table no live
process holds, or says where it is served) and passes the request there, to the
address the lease names, unchanged: so a table's players, spectators, presence
and chat all meet in one process whichever one each browser reached.

A relayed request carries the relay's secret (made from the store's URL, which
every process of a site knows and no browser does) and the client's address, so
the owner counts the limits per client by the browser, not by the relay; a
request that carries the header is never relayed again, so no request goes round
in circles while a table changes hands (it is answered 503, and tried again).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import httpx
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.asyncio.client import connect

from plunder.server.connection import CLOSE_AGAIN
from plunder.server.owners import ServedElsewhere

log = logging.getLogger("plunder.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

RELAYED = "x-plunder-relayed"
CLIENT = "x-plunder-client"
# The paths that belong to one table.
TABLE_PATH = re.compile(r"^/(?:api/tables|ws)/([A-Za-z0-9_-]{1,32})(?:/|$)")
# Headers of a request passed on as they are.
KEPT = {"content-type", "x-plunder-token", "accept", "user-agent"}
# Seconds a relayed request may take (an owner that does not answer, frozen say,
# is given up on after this; a table whose owner is gone moves within a lease).
RELAY_TIMEOUT = 10.0


def relay_secret(url: str) -> str:
    """The secret relayed requests carry: from the store's URL, which only servers know."""
    return hashlib.sha256(f"plunder-relay:{url}".encode()).hexdigest()


def header(scope: Scope, name: str) -> str | None:
    wanted = name.encode()
    for key, value in scope.get("headers", ()):
        if key.lower() == wanted:
            return str(value.decode("latin-1"))
    return None


class Relay:
    """ASGI middleware: requests for a table another process owns go to that process."""

    def __init__(self, app: App, owner_of: Callable[[str], Awaitable[None]], secret: str) -> None:
        self.app = app
        # Raises ``ServedElsewhere`` for a table another process owns.
        self.owner_of = owner_of
        self.secret = secret
        self._client: httpx.AsyncClient | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if header(scope, RELAYED) == self.secret:
            # From another process: the client is the browser it relays for.
            client = header(scope, CLIENT)
            if client:
                scope["client"] = (client, 0)
            await self.app(scope, receive, send)
            return
        found = TABLE_PATH.match(scope["path"])
        if found is not None:
            try:
                await self.owner_of(found.group(1))
            except ServedElsewhere as exc:
                if scope["type"] == "http":
                    await self._http(exc.address, scope, receive, send)
                else:
                    await self._socket(exc.address, scope, receive, send)
                return
            except Exception:
                pass  # the route answers it (no such table, a store that is out)
        await self.app(scope, receive, send)

    def _headers(self, scope: Scope) -> dict[str, str]:
        kept = {}
        for key, value in scope.get("headers", ()):
            name = key.decode("latin-1").lower()
            if name in KEPT:
                kept[name] = value.decode("latin-1")
        kept[RELAYED] = self.secret
        client = scope.get("client")
        if client:
            kept[CLIENT] = str(client[0])
        return kept

    async def _http(self, address: str, scope: Scope, receive: Receive, send: Send) -> None:
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        if self._client is None:
            self._client = httpx.AsyncClient(timeout=httpx.Timeout(RELAY_TIMEOUT, connect=3.0))
        url = address + scope["path"]
        if scope.get("query_string"):
            url += "?" + scope["query_string"].decode("latin-1")
        try:
            answer = await self._client.request(
                scope["method"], url, content=body, headers=self._headers(scope)
            )
            status, content = answer.status_code, answer.content
            headers = [(k.encode(), v.encode()) for k, v in answer.headers.items()
                       if k.lower() in ("content-type", "retry-after", "cache-control")]
        except httpx.HTTPError as exc:
            log.warning("relay to %s failed: %s", address, type(exc).__name__)
            status = 503
            content = b'{"error":"the table is changing hands; please try again shortly"}'
            headers = [(b"content-type", b"application/json"), (b"retry-after", b"1")]
        headers.append((b"content-length", str(len(content)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})

    async def _socket(self, address: str, scope: Scope, receive: Receive, send: Send) -> None:
        browser = WebSocket(scope, receive, send)
        url = "ws" + address.removeprefix("http") + scope["path"]
        try:
            upstream = await connect(
                url, additional_headers=self._headers(scope), open_timeout=5, max_size=None,
                compression=None,
            )
        except Exception as exc:
            log.warning("relay to %s failed: %s", address, type(exc).__name__)
            await browser.accept()
            await browser.close(code=CLOSE_AGAIN)
            return
        await browser.accept()

        async def down() -> None:
            # The owner's messages, to the browser; then the owner's close, passed on
            # (a dead owner's as "try again": the browser reconnects).
            with contextlib.suppress(Exception):
                async for message in upstream:
                    if isinstance(message, str):
                        await browser.send_text(message)
                    else:
                        await browser.send_bytes(message)
            code = upstream.close_code
            if code is None or code in (1005, 1006, 1011, 1012):
                code = CLOSE_AGAIN
            with contextlib.suppress(Exception):
                await browser.close(code=code)

        async def up() -> None:
            with contextlib.suppress(WebSocketDisconnect, Exception):
                while True:
                    message = await browser.receive()
                    if message["type"] == "websocket.disconnect":
                        break
                    if message.get("text") is not None:
                        await upstream.send(message["text"])
                    elif message.get("bytes") is not None:
                        await upstream.send(message["bytes"])
            await upstream.close()

        tasks = [asyncio.ensure_future(down()), asyncio.ensure_future(up())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            with contextlib.suppress(Exception):
                await upstream.close()
