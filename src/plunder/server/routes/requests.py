"""What the HTTP routes read of a request: its JSON body within the limits, who
sent it (for the limits per client), and whole numbers from its query."""

from __future__ import annotations

from typing import Any

from fastapi import Request, WebSocket
from starlette.requests import ClientDisconnect

from plunder.server.inputs import BadInput, parse_json
from plunder.server.routes.context import ServerContext
from plunder.server.settings import Settings
from plunder.server.store import token_digest
from plunder.server.table import TableError


def client_key(request: Request | WebSocket) -> str:
    """Who is asking, for the limits per client: the digest of its address."""
    host = request.client.host if request.client is not None else "unknown"
    return token_digest(host)


async def json_body(request: Request, settings: Settings) -> dict[str, Any]:
    """The request's JSON object, or a ``TableError`` saying what is wrong."""
    limit = settings.max_body
    length = request.headers.get("content-length")
    if length is not None and (not length.isascii() or not length.isdigit()):
        raise TableError("bad Content-Length")
    if length is not None and (len(length) > 12 or int(length) > limit):
        raise TableError(f"request body over {limit} bytes", status=413)
    raw = b""
    try:
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > limit:
                raise TableError(f"request body over {limit} bytes", status=413)
    except ClientDisconnect:
        # Gone before its body arrived: no one is left to answer.
        raise TableError("the client left before sending its body") from None
    try:
        data = parse_json(raw or b"{}", settings.max_depth)
    except BadInput as exc:
        raise TableError(f"the body is {exc}" if str(exc) == "not JSON" else str(exc)) from None
    if not isinstance(data, dict):
        raise TableError("the body must be a JSON object")
    return data


def limit_creation(context: ServerContext, request: Request) -> str:
    """The client's key, if it may create a table now; else 429."""
    key = client_key(request)
    wait = context.creations.take(key)
    if wait is not None:
        raise TableError(
            f"too many new tables from you; try again in {max(1, round(wait))} s", status=429
        )
    return key


def whole_number(request: Request, name: str) -> int | None:
    """The query's ``name`` as a whole number from 0, None if not given; else 400."""
    text = request.query_params.get(name)
    if text is None or text == "":
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise TableError(f"{name}: a whole number from 0")
    return int(text)
