"""How the application answers what it refuses: a JSON error naming the problem.

Every refusal (a table's, bad input, a busy replay pool, an unknown path, a
malformed request) is logged and answered ``{"error": ...}`` with its status;
anything unexpected is logged with its trace and answered 500, never more.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from plunder.server.inputs import BadInput
from plunder.server.replay import ReplayBusy
from plunder.server.store_thread import StoreUnavailable
from plunder.server.table import TableError

log = logging.getLogger("plunder.server")


async def _table_error(request: Request, exc: TableError) -> JSONResponse:
    cause = f" ({exc.cause})" if isinstance(exc, StoreUnavailable) else ""
    log.warning("%s %s refused: %s%s", request.method, request.url.path, exc, cause)
    headers = {"Retry-After": str(exc.retry_after)} if exc.status == 503 else None
    return JSONResponse({"error": str(exc)}, status_code=exc.status, headers=headers)


async def _bad_input(request: Request, exc: BadInput) -> JSONResponse:
    log.warning("%s %s refused: %s", request.method, request.url.path, exc)
    return JSONResponse({"error": str(exc)}, status_code=400)


async def _busy(request: Request, exc: ReplayBusy) -> JSONResponse:
    log.warning("%s %s refused: too many replays under way", request.method, request.url.path)
    return JSONResponse(
        {"error": "too many replays are being prepared; try again shortly"},
        status_code=503,
        headers={"Retry-After": "1"},
    )


async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)


async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    problems = "; ".join(
        f"{'.'.join(str(p) for p in error['loc'])}: {error['msg']}" for error in exc.errors()
    )
    log.warning("%s %s refused: %s", request.method, request.url.path, problems[:200])
    return JSONResponse({"error": problems[:500]}, status_code=400)


async def _crash(request: Request, exc: Exception) -> JSONResponse:
    log.exception("%s %s failed", request.method, request.url.path)
    return JSONResponse({"error": "internal error"}, status_code=500)


def answer_errors_as_json(app: FastAPI) -> None:
    """Install the handlers that turn each kind of refusal into its JSON answer."""
    app.exception_handler(TableError)(_table_error)
    app.exception_handler(BadInput)(_bad_input)
    app.exception_handler(ReplayBusy)(_busy)
    app.exception_handler(StarletteHTTPException)(_http_error)
    app.exception_handler(RequestValidationError)(_bad_request)
    app.exception_handler(Exception)(_crash)
