"""The browser table's web application: pages, a JSON API and a WebSocket per tab.

See ``docs/server.md`` for the protocol. Every route answers bad input with a
JSON error naming the problem and logs it; none of them lets an exception take
the server down.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
from collections.abc import AsyncIterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnected

import plunder
from plunder import bots as bot_registry
from plunder.engine.errors import IllegalAction, OptionError, PlunderError, UnknownGame
from plunder.engine.options import Option
from plunder.engine.registry import game_class, manifest
from plunder.server.live import Connection, Hub, LiveTable, TableError
from plunder.server.store import Store

log = logging.getLogger("plunder.server")

# Largest WebSocket message and HTTP body the server reads.
MAX_MESSAGE = 16 * 1024
MAX_BODY = 64 * 1024

STATIC = Path(str(resources.files("plunder.server") / "static"))


def game_list() -> list[dict[str, Any]]:
    """Every registered game with its options and the bots that play it."""
    listed = []
    for info in plunder.games():
        listed.append(
            {
                **info.to_json(),
                "default_players": game_class(info.name).default_players,
                # Options under which the rules time some decisions (the reflex
                # clock applies), or None when they never do.
                "timed_when": manifest(info.name).timed,
                "bots": [
                    {"name": b.name, "help": b.help, "levels": list(b.levels)}
                    for b in bot_registry.infos(info.name)
                ],
            }
        )
    return listed


# How a query's text reads as a yes-or-no option.
_BOOLEANS = {"true": True, "1": True, "yes": True, "on": True}
_BOOLEANS.update({"false": False, "0": False, "no": False, "off": False})


def query_options(specs: Sequence[Option], query: Mapping[str, str]) -> dict[str, Any]:
    """Game options from a URL's query: each text read as its option's kind of value.

    Validation is the game's own (``plunder.load``), as for a table's options; a
    text that is no value of its option's kind is passed on as it is, to be refused.
    """
    kinds = {spec.name: spec.default for spec in specs}
    options: dict[str, Any] = {}
    for name, text in query.items():
        default = kinds.get(name)
        if isinstance(default, bool):
            options[name] = _BOOLEANS.get(text.lower(), text)
        elif isinstance(default, int) and re.fullmatch(r"-?\d+", text):
            options[name] = int(text)
        elif isinstance(default, float):
            try:
                options[name] = float(text)
            except ValueError:
                options[name] = text
        else:
            options[name] = text
    return options


def create_app(db_url: str, bot_delay: float = 0.6) -> FastAPI:
    """The application, storing tables at ``db_url``."""
    hub_box: dict[str, Hub] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(Store(db_url), bot_delay=bot_delay)
        await hub.start()
        hub_box["hub"] = hub
        yield
        await hub.stop()

    app = FastAPI(title="plunder", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def hub() -> Hub:
        return hub_box["hub"]

    @app.exception_handler(TableError)
    async def _table_error(request: Request, exc: TableError) -> JSONResponse:
        log.warning("%s %s refused: %s", request.method, request.url.path, exc)
        return JSONResponse({"error": str(exc)}, status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in error['loc'])}: {error['msg']}" for error in exc.errors()
        )
        log.warning("%s %s refused: %s", request.method, request.url.path, problems)
        return JSONResponse({"error": problems}, status_code=400)

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> JSONResponse:
        log.exception("%s %s failed", request.method, request.url.path)
        return JSONResponse({"error": "internal error"}, status_code=500)

    async def body(request: Request) -> dict[str, Any]:
        """The request's JSON object, or a ``TableError`` saying what is wrong."""
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            raise TableError(f"request body over {MAX_BODY} bytes", status=413)
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise TableError(f"request body over {MAX_BODY} bytes", status=413)
        try:
            data = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise TableError("the body is not JSON") from None
        if not isinstance(data, dict):
            raise TableError("the body must be a JSON object")
        return data

    # Pages -----------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        icon = STATIC / "favicon.svg"
        if icon.exists():
            return FileResponse(icon, media_type="image/svg+xml")
        return Response(status_code=204)

    def shipped(name: str, suffix: str) -> Path | None:
        """The game's browser renderer file with ``suffix`` (its script, its styles)."""
        try:
            own = manifest(name)
        except UnknownGame:
            raise StarletteHTTPException(404, "no such game") from None
        if own.browser is None:
            return None
        return own.file(str(Path(own.browser).with_suffix(suffix)))

    @app.get("/games/{name}/renderer.js", include_in_schema=False)
    async def game_renderer(name: str) -> Response:
        """A game's browser renderer, served from the game's own package."""
        found = shipped(name, ".js")
        if found is None:
            # The generic renderer draws a game that brings none of its own.
            return Response("", media_type="text/javascript")
        return FileResponse(found, media_type="text/javascript")

    @app.get("/games/{name}/renderer.css", include_in_schema=False)
    async def game_styles(name: str) -> Response:
        """The styles of a game's renderer: the stylesheet beside its script, if any."""
        found = shipped(name, ".css")
        if found is None:
            return Response("", media_type="text/css")
        return FileResponse(found, media_type="text/css")

    # API -------------------------------------------------------------------

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return game_list()

    @app.get("/api/games/{name}/catalogue")
    async def catalogue(name: str, request: Request) -> dict[str, Any]:
        """The game's static public content under the options the query gives."""
        try:
            specs = game_class(name).option_specs()
        except UnknownGame as exc:
            raise TableError(str(exc), status=404) from None
        options = query_options(specs, request.query_params)
        try:
            game = plunder.load(name, **options)
        except OptionError as exc:
            raise TableError(str(exc)) from None
        return game.catalogue()

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        data = await body(request)
        game = data.get("game")
        if not isinstance(game, str):
            raise TableError("game: name a game")
        options = data.get("options", {})
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise TableError("options: a JSON object of option values")
        try:
            table, seat, token = hub().create(
                game,
                options,
                data.get("seats"),
                data.get("name"),
                data.get("clock"),
                data.get("bot_delay"),
                reflex_clock=data.get("reflex_clock"),
            )
        except (PlunderError, TypeError) as exc:
            raise TableError(str(exc)) from None
        return {"table": table.id, "seat": seat, "token": token}

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        return hub().listing()

    @app.get("/api/tables/{table_id}")
    async def show_table(table_id: str) -> dict[str, Any]:
        return hub().table(table_id).summary()

    @app.post("/api/tables/{table_id}/join")
    async def join_table(table_id: str, request: Request) -> dict[str, Any]:
        data = await body(request)
        table = hub().table(table_id)
        seat, token = hub().join(table_id, data.get("name"), data.get("seat"))
        await hub().broadcast(table)
        return {"table": table_id, "seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        token = request.headers.get("x-plunder-token")
        return hub().rematch(table_id, token).summary()

    def finished(table_id: str) -> LiveTable:
        table = hub().table(table_id)
        if not table.state.is_over:
            raise TableError("the record is available once the game is over", status=409)
        return table

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        table = finished(table_id)
        return Response(
            json.dumps(table.state.record, indent=1),
            media_type="application/json",
            headers={
                "Content-Disposition": f'attachment; filename="{table.row.game}-{table_id}.json"'
            },
        )

    @app.get("/api/tables/{table_id}/replay")
    async def replay(
        table_id: str, seat: int | None = None, move: int | None = None
    ) -> dict[str, Any]:
        table = finished(table_id)
        if seat is not None and not 0 <= seat < table.state.players:
            raise TableError(f"no seat {seat} at this table")
        moves = table.state.moves
        if move is not None and not 0 <= move <= len(moves):
            raise TableError(f"move: from 0 to {len(moves)}")
        state = table.game.new(seed=table.row.seed)
        # Every move as data, as the record (public now) has it in notation.
        actions = [table.game.parse(action).to_json() for _, action in moves]
        if move is not None:
            for by, action in moves[:move]:
                state.act(by, action)
            views = [state.view(seat)]
            return {"moves": len(moves), "move": move, "views": views, "actions": actions}
        views = [state.view(seat)]
        for by, action in moves:
            state.act(by, action)
            views.append(state.view(seat))
        return {"moves": len(moves), "move": None, "views": views, "actions": actions}

    # WebSocket ---------------------------------------------------------------

    @app.websocket("/ws/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()

        async def send(message: dict[str, Any]) -> None:
            await websocket.send_text(json.dumps(message, separators=(",", ":")))

        try:
            table = hub().table(table_id)
        except TableError as exc:
            log.warning("websocket for unknown table %r", table_id)
            await send({"type": "error", "message": str(exc), "legal": []})
            await websocket.close(code=4404)
            return
        connection: Connection | None = None
        try:
            while True:
                text = await websocket.receive_text()
                if len(text) > MAX_MESSAGE:
                    log.warning("table %s: message of %d characters refused", table_id, len(text))
                    await send({"type": "error", "message": "message too large", "legal": []})
                    await websocket.close(code=1009)
                    return
                connection = await handle(table, connection, text, send)
        except (WebSocketDisconnect, WebSocketDisconnected):
            # Gone: closed by the browser, or found closed by a failed broadcast.
            pass
        finally:
            if connection is not None:
                hub().detach(table, connection)

    async def handle(
        table: LiveTable, connection: Connection | None, text: str, send: Any
    ) -> Connection | None:
        """Answer one client message; returns the connection as it now stands."""
        try:
            message = json.loads(text)
        except ValueError:
            message = None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            log.warning("table %s: malformed message", table.id)
            await send({"type": "error", "message": "not a JSON message with a type", "legal": []})
            return connection
        kind = message["type"]
        if kind == "ping":
            await send({"type": "pong"})
            return connection
        if kind == "hello":
            if connection is not None:
                hub().detach(table, connection)
            token = message.get("token")
            seat = table.seat_of(token)
            if token is not None and seat is None:
                log.warning("table %s: hello with a token that holds no seat", table.id)
                await send(
                    {
                        "type": "error",
                        "message": "that token holds no seat here; watching as a spectator",
                        "legal": [],
                    }
                )
            connection = Connection(send=send, seat=seat)
            await hub().attach(table, connection)
            return connection
        if connection is None:
            await send({"type": "error", "message": "say hello first", "legal": []})
            return connection
        seat = connection.seat
        try:
            if kind == "act":
                if seat is None:
                    raise TableError("a spectator cannot act; join a seat first", status=403)
                await hub().act(table, seat, message.get("action"))
            elif kind == "handover":
                hub().handover(table, seat, message.get("seat"))
            elif kind == "takeback":
                hub().takeback(table, seat)
            else:
                raise TableError(f"unknown message type {kind!r}")
        except IllegalAction as exc:
            log.info("table %s: seat %s illegal action: %s", table.id, seat, exc)
            await send({"type": "error", "message": str(exc), "legal": list(exc.legal or [])})
        except (TableError, PlunderError) as exc:
            log.warning("table %s: seat %s refused: %s", table.id, seat, exc)
            await send({"type": "error", "message": str(exc), "legal": []})
        return connection

    return app
