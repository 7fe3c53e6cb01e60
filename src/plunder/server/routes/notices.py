"""Where a seat's notices go (a webhook, a browser's Web Push subscription), and the
server's Web Push key a browser subscribes with. What is sent is
``plunder.server.notices``'s, and when, ``plunder.server.notice_service``'s."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from plunder.server.routes.context import Context
from plunder.server.routes.requests import json_body

router = APIRouter()


@router.post("/api/tables/{table_id}/notices")
async def set_notices(table_id: str, request: Request, context: Context) -> JSONResponse:
    """Where the seat of the token (``X-Plunder-Token``) has its notices sent:
    ``{"webhook": url}`` and/or ``{"push": subscription}`` (a browser's Web Push
    subscription), each null for nowhere; one left out is left as it is."""
    hub = context.hub
    table = await hub.keeper.find(table_id)
    seat = table.seat_of(request.headers.get("x-plunder-token"))
    data = await json_body(request, context.settings)
    answer: dict[str, Any] = {"table": table.id, "seat": seat}
    if "webhook" in data or "push" not in data:
        answer["webhook"] = await hub.notices.set_webhook(table, seat, data.get("webhook"))
    if "push" in data:
        site = f"{request.url.scheme}://{request.url.netloc}"
        answer["push"] = await hub.notices.set_push(table, seat, data["push"], site)
    return JSONResponse(answer)


@router.get("/api/push/key")
async def push_key(context: Context) -> JSONResponse:
    """The server's Web Push public key (base64url), a browser's
    ``applicationServerKey`` when it subscribes."""
    return JSONResponse({"key": (await context.hub.notices.push_key()).public})
