"""The browser table's web application: pages, a JSON API and a WebSocket per tab.

See ``docs/server.md`` for the protocol and its limits. Every route answers bad
input with a JSON error naming the problem (4xx) and logs it; none of them lets
an exception take the server down.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import mimetypes
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.websockets import WebSocketDisconnected

import plunder
from plunder import bots as bot_registry
from plunder.engine.errors import IllegalAction, OptionError, PlunderError, UnknownGame
from plunder.engine.options import Option
from plunder.engine.registry import game_class, manifest
from plunder.server import messages
from plunder.server.connection import (
    CLOSE_AGAIN,
    CLOSE_NO_TABLE,
    CLOSE_POLICY,
    CLOSE_TOO_BIG,
    CLOSE_WAIT,
    Connection,
    encode,
    error_text,
    refusal,
)
from plunder.server.inputs import BadInput, autopass_setting, normalise_options, parse_json
from plunder.server.limits import Bucket, Buckets
from plunder.server.live import Hub
from plunder.server.mine import my_tables, read_seats
from plunder.server.owners import Ownership
from plunder.server.relay import RELAYED, Relay, relay_secret
from plunder.server.replay import ReplayBusy
from plunder.server.settings import Settings
from plunder.server.store import OVER, Store, token_digest
from plunder.server.store_thread import StoreUnavailable
from plunder.server.table import LiveTable, TableError, log_page_text
from plunder.server.turns import Now

log = logging.getLogger("plunder.server")

STATIC = Path(str(resources.files("plunder.server") / "static"))

# A browser runs a module script (the table page's) only when it comes with a
# JavaScript type, and the type of a static file is read from the system's table,
# which may give .js another (text/plain on some systems): it is set here.
mimetypes.add_type("text/javascript", ".js")


@functools.lru_cache(maxsize=16)
def _rendered(path: Path, modified: float) -> str:
    # Raw HTML in the document is shown as text, never run (html=False).
    return (
        MarkdownIt("commonmark", {"html": False})
        .enable("table")
        .render(path.read_text(encoding="utf-8"))
    )


def rules_html(path: Path) -> str:
    """A rules document (Markdown) as HTML, rendered once per version of the file."""
    return _rendered(path, path.stat().st_mtime)


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
                # What the lobby offers for the seats after the creator's.
                "default_bot": bot_registry.default(info.name),
                # Whether the game has a guided first game (a table with lesson: true).
                "lesson": manifest(info.name).lesson is not None,
                "bots": [
                    {"name": b.name, "help": b.help, "levels": list(b.levels)}
                    for b in bot_registry.infos(info.name)
                ],
            }
        )
    return listed


def query_options(specs: Sequence[Option], query: Mapping[str, str]) -> dict[str, Any]:
    """Game options from a URL's query: each text read as its option's kind of value.

    Validation is the game's own (``plunder.load``), as for a table's options,
    after the server's own checks of the text (``inputs.normalise_options``).
    """
    return normalise_options(specs, dict(query))


def game_from_query(name: str, request: Request) -> plunder.Game:
    """The game ``name`` under the options of a URL's query (404: no such game; 400: an
    option refused, named)."""
    try:
        specs = game_class(name).option_specs()
    except UnknownGame as exc:
        raise TableError(str(exc), status=404) from None
    options = query_options(specs, request.query_params)
    try:
        return plunder.load(name, **options)
    except (OptionError, ValueError, TypeError) as exc:
        raise TableError(str(exc)) from None


def client_key(request: Request | WebSocket) -> str:
    """Who is asking, for the limits per client: the digest of its address."""
    host = request.client.host if request.client is not None else "unknown"
    return token_digest(host)


# Seconds the other processes' lobby lists are kept: every open lobby asks for the
# list every few seconds, and one process asks the others once for all of them.
OTHERS_KEPT = 1.0


@dataclass
class OthersListing:
    """The other processes' lobby lists, as last asked of them."""

    at: float = float("-inf")
    tables: list[dict[str, Any]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


async def everyones_listing(
    hub: Hub, own: list[dict[str, Any]], secret: str, kept: OthersListing
) -> list[dict[str, Any]]:
    """The lobby's list over every process that shares the store: this one's tables and
    those each other live owner lists (a process that does not answer in time is left
    out of this answer), asked at most once every ``OTHERS_KEPT`` seconds."""
    assert hub.ownership is not None
    async with kept.lock:
        if time.monotonic() - kept.at >= OTHERS_KEPT:
            kept.tables = await _others_listing(hub, hub.ownership.address, secret)
            kept.at = time.monotonic()
    listed = own + kept.tables
    seen: dict[str, dict[str, Any]] = {t["table"]: t for t in listed}
    shown = sorted(seen.values(), key=lambda t: t["created"], reverse=True)
    return shown[: hub.settings.lobby_size]


async def _others_listing(hub: Hub, mine: str, secret: str) -> list[dict[str, Any]]:
    try:
        addresses = await hub.store.call("live_addresses")
    except StoreUnavailable:
        return []
    others = [a for a in addresses if a != mine]
    listed: list[dict[str, Any]] = []
    if others:
        async with httpx.AsyncClient(timeout=2.0, headers={RELAYED: secret}) as client:
            answers = await asyncio.gather(
                *(client.get(f"{address}/api/tables") for address in others),
                return_exceptions=True,
            )
        for answer in answers:
            if isinstance(answer, httpx.Response) and answer.status_code == 200:
                listed.extend(answer.json())
    return listed


def create_app(
    db_url: str,
    bot_delay: float | None = None,
    settings: Settings | None = None,
    ownership: Ownership | None = None,
    now: Now | None = None,
) -> FastAPI:
    """The application, storing tables at ``db_url``; ``bot_delay`` overrides the setting.

    With ``ownership`` the process shares the store with others: it serves the
    tables it holds leases on, and relays the requests for the others' tables.
    ``now`` is the wall clock turn-based deadlines are read by (``time.time``
    unless a test gives its own).
    """
    settings = settings or Settings()
    if bot_delay is not None:
        settings = Settings(**{**settings.__dict__, "bot_delay": bot_delay})
    settings.check()
    hub_box: dict[str, Hub] = {}
    others = OthersListing()
    creations = Buckets(settings.create_rate / 60.0, settings.create_burst)
    listings = Buckets(settings.mine_rate / 60.0, settings.mine_burst)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(Store(db_url), settings, ownership=ownership, now=now)
        await hub.start()
        hub_box["hub"] = hub
        app.state.hub = hub
        yield
        await hub.stop()

    app = FastAPI(title="plunder", lifespan=lifespan, docs_url=None, redoc_url=None)
    if ownership is not None:

        async def owner_of(table_id: str) -> None:
            found = hub_box.get("hub")
            if found is not None:
                await found.find(table_id)

        app.add_middleware(Relay, owner_of=owner_of, secret=relay_secret(db_url))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def hub() -> Hub:
        return hub_box["hub"]

    @app.exception_handler(TableError)
    async def _table_error(request: Request, exc: TableError) -> JSONResponse:
        cause = f" ({exc.cause})" if isinstance(exc, StoreUnavailable) else ""
        log.warning("%s %s refused: %s%s", request.method, request.url.path, exc, cause)
        headers = {"Retry-After": str(exc.retry_after)} if exc.status == 503 else None
        return JSONResponse({"error": str(exc)}, status_code=exc.status, headers=headers)

    @app.exception_handler(BadInput)
    async def _bad_input(request: Request, exc: BadInput) -> JSONResponse:
        log.warning("%s %s refused: %s", request.method, request.url.path, exc)
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(ReplayBusy)
    async def _busy(request: Request, exc: ReplayBusy) -> JSONResponse:
        log.warning("%s %s refused: too many replays under way", request.method, request.url.path)
        return JSONResponse(
            {"error": "too many replays are being prepared; try again shortly"},
            status_code=503,
            headers={"Retry-After": "1"},
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in error['loc'])}: {error['msg']}" for error in exc.errors()
        )
        log.warning("%s %s refused: %s", request.method, request.url.path, problems[:200])
        return JSONResponse({"error": problems[:500]}, status_code=400)

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> JSONResponse:
        log.exception("%s %s failed", request.method, request.url.path)
        return JSONResponse({"error": "internal error"}, status_code=500)

    async def body(request: Request) -> dict[str, Any]:
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

    def limit_creation(request: Request) -> str:
        """The client's key, if it may create a table now; else 429."""
        key = client_key(request)
        wait = creations.take(key)
        if wait is not None:
            raise TableError(
                f"too many new tables from you; try again in {max(1, round(wait))} s", status=429
            )
        return key

    # Pages -----------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/my", include_in_schema=False)
    async def my_tables_page() -> FileResponse:
        return FileResponse(STATIC / "mine.html")

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> FileResponse:
        """The service worker, served from the root so that its scope is the whole site."""
        return FileResponse(STATIC / "sw.js", media_type="text/javascript",
                            headers={"Cache-Control": "no-cache"})

    @app.get("/manifest.webmanifest", include_in_schema=False)
    async def web_manifest() -> FileResponse:
        """What makes the site an installable web app."""
        return FileResponse(STATIC / "manifest.webmanifest",
                            media_type="application/manifest+json")

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

    @app.get("/games/{name}/rules", include_in_schema=False)
    async def game_rules(name: str) -> Response:
        """The player's guide (or, for a game without one, its rules document) as an HTML
        fragment, for the table's rules panel."""
        try:
            found = manifest(name).guide_file()
        except UnknownGame:
            raise StarletteHTTPException(404, "no such game") from None
        if found is None:
            raise StarletteHTTPException(404, "this game ships no rules document")
        return Response(rules_html(found), media_type="text/html; charset=utf-8")

    # API -------------------------------------------------------------------

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return game_list()

    @app.get("/api/games/{name}/catalogue")
    async def catalogue(name: str, request: Request) -> dict[str, Any]:
        """The game's static public content under the options the query gives."""
        return game_from_query(name, request).catalogue()

    @app.get("/api/games/{name}/seats")
    async def seats_of(name: str, request: Request) -> dict[str, Any]:
        """The seats under the options the query gives: the teams (``null`` where every
        seat plays alone) and each seat's part in players' words (``roles``)."""
        game = game_from_query(name, request)
        teams = [sorted(team) for team in game.teams()] if game.has_teams else None
        return {"teams": teams, "roles": list(game.seat_roles())}

    @app.post("/api/tables")
    async def create_table(request: Request) -> JSONResponse:
        data = await body(request)
        game = data.get("game")
        if not isinstance(game, str):
            raise TableError("game: name a game")
        options = data.get("options", {})
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise TableError("options: a JSON object of option values")
        try:
            specs = game_class(game).option_specs()
        except UnknownGame as exc:
            raise TableError(str(exc)) from None
        seat_specs: Any = data.get("seats")  # checked by the hub
        lesson = None
        if data.get("lesson") is not None:
            # A guided first game sets its own table: its options, seats and deal.
            if data["lesson"] is not True:
                raise TableError("lesson: true for the game's guided first game, or leave it out")
            lesson = manifest(game).lesson_of()
            if lesson is None:
                raise TableError(f"{game} has no guided first game")
            options = dict(lesson.options)
            seat_specs = [
                {"kind": "human"} if seat == lesson.seat else {"kind": "bot", "bot": lesson.bot}
                for seat in range(lesson.players)
            ]
        options = normalise_options(specs, options)
        creator = limit_creation(request)
        table, seat, token = await hub().create(
            game,
            options,
            seat_specs,
            data.get("name"),
            None if lesson else data.get("clock"),
            data.get("bot_delay"),
            reflex_clock=data.get("reflex_clock"),
            creator=creator,
            lesson=lesson,
            speed=None if lesson else data.get("speed"),
            turn_hours=None if lesson else data.get("turn_hours"),
            timeout=None if lesson else data.get("timeout"),
        )
        return JSONResponse({"table": table.id, "seat": seat, "token": token})

    @app.post("/api/my-tables")
    async def my_tables_route(request: Request) -> JSONResponse:
        """The tables whose seats the tokens sent hold (``{"seats": [{"table", "token"}]}``),
        those owing a move first; a token that holds no seat gets nothing."""
        wait = listings.take(client_key(request))
        if wait is not None:
            raise TableError(
                f"too many lists of your tables; try again in {max(1, round(wait))} s", status=429
            )
        data = await body(request)
        return JSONResponse(await my_tables(hub(), read_seats(data.get("seats"))))

    @app.get("/api/tables")
    async def list_tables(request: Request) -> JSONResponse:
        listed = hub().listing()
        if ownership is not None and request.headers.get(RELAYED) != relay_secret(db_url):
            # Every process's own tables, asked of each live one.
            listed = await everyones_listing(hub(), listed, relay_secret(db_url), others)
        return JSONResponse(listed)

    @app.get("/api/tables/{table_id}")
    async def show_table(table_id: str) -> JSONResponse:
        return JSONResponse((await hub().find(table_id)).summary())

    @app.post("/api/tables/{table_id}/join")
    async def join_table(table_id: str, request: Request) -> JSONResponse:
        data = await body(request)
        seat, token = await hub().join(table_id, data.get("name"), data.get("seat"))
        return JSONResponse({"table": table_id, "seat": seat, "token": token})

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> JSONResponse:
        token = request.headers.get("x-plunder-token")
        table = await hub().find(table_id)
        # Asking again for a rematch already made creates nothing.
        creator = limit_creation(request) if table.row.rematch is None else client_key(request)
        return JSONResponse((await hub().rematch(table_id, token, creator)).summary())

    @app.post("/api/tables/{table_id}/close")
    async def close_table(table_id: str, request: Request) -> JSONResponse:
        """The host closes the table before its end."""
        table = await hub().find(table_id)
        await hub().close(table, table.seat_of(request.headers.get("x-plunder-token")))
        return JSONResponse(table.summary())

    @app.post("/api/tables/{table_id}/notices")
    async def set_notices(table_id: str, request: Request) -> JSONResponse:
        """Where the seat of the token (``X-Plunder-Token``) has its notices sent:
        ``{"webhook": url}`` and/or ``{"push": subscription}`` (a browser's Web Push
        subscription), each null for nowhere; one left out is left as it is."""
        table = await hub().find(table_id)
        seat = table.seat_of(request.headers.get("x-plunder-token"))
        data = await body(request)
        answer: dict[str, Any] = {"table": table.id, "seat": seat}
        if "webhook" in data or "push" not in data:
            answer["webhook"] = await hub().set_webhook(table, seat, data.get("webhook"))
        if "push" in data:
            site = f"{request.url.scheme}://{request.url.netloc}"
            answer["push"] = await hub().set_push(table, seat, data["push"], site)
        return JSONResponse(answer)

    @app.get("/api/push/key")
    async def push_key() -> JSONResponse:
        """The server's Web Push public key (base64url), a browser's
        ``applicationServerKey`` when it subscribes."""
        return JSONResponse({"key": (await hub().push_key()).public})

    async def finished(table_id: str) -> LiveTable:
        table = await hub().find(table_id)
        if table.row.status != OVER:
            if table.finished:
                raise TableError("the table was closed before the end: it has no record", 409)
            raise TableError("the record is available once the game is over", status=409)
        return table

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        """The record, with the secret the bots were seeded from, the bot of each of
        their moves and the position it decided from (public once over): every bot
        decision can be replayed."""
        table = await finished(table_id)

        def text() -> str:
            whole = {
                **table.state.record,
                "bot_secret": table.row.bot_secret,
                "bot_moves": {str(k): v for k, v in sorted(table.row.bot_moves.items())},
                "bot_from": {str(k): v for k, v in sorted(table.row.bot_from.items())},
                # The result with each score's parts; a replay works it out again.
                "result": table.state.result.to_json() if table.state.result else None,
            }
            return json.dumps(whole, indent=1)

        return Response(
            await hub().replays.run(text),
            media_type="application/json",
            headers={
                "Content-Disposition": f'attachment; filename="{table.row.game}-{table_id}.json"'
            },
        )

    def whole_number(request: Request, name: str) -> int | None:
        text = request.query_params.get(name)
        if text is None or text == "":
            return None
        if not text.isascii() or not text.isdigit() or len(text) > 9:
            raise TableError(f"{name}: a whole number from 0")
        return int(text)

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, request: Request) -> Response:
        """A page of views of a finished game, or one whole view (``move``)."""
        seat = whole_number(request, "seat")
        move = whole_number(request, "move")
        start = whole_number(request, "from") or 0
        count = whole_number(request, "count")
        events_from = whole_number(request, "events_from") or 0
        table = await finished(table_id)
        moves = len(table.row.moves)
        if seat is not None and not 0 <= seat < table.state.players:
            raise TableError(f"no seat {seat} at this table")
        finished_table = table.finished_view()
        if move is not None:
            if move > moves:
                raise TableError(f"move: from 0 to {moves}")
            text = await hub().replays.run(hub().replays.one, finished_table, seat, move)
        else:
            page = settings.replay_page
            count = page if count is None else count
            if not 1 <= count <= page:
                raise TableError(f"count: from 1 to {page} views a page")
            if start > moves:
                raise TableError(f"from: from 0 to {moves}")
            text = await hub().replays.run(
                hub().replays.page, finished_table, seat, start, count, events_from
            )
        return Response(text, media_type="application/json")

    @app.get("/api/tables/{table_id}/log")
    async def seat_log(table_id: str, request: Request) -> Response:
        """A page of a seat's log (header ``X-Plunder-Token``), or the spectator's.

        What a hello's answer leaves out of a long log (it carries the latest
        ``log_page`` events at most) comes from here, a page at a time, computed
        off the event loop.
        """
        start = whole_number(request, "from") or 0
        count = whole_number(request, "count")
        table = await hub().find(table_id)
        token = request.headers.get("x-plunder-token")
        seat = table.seat_of(token)
        if token is not None and seat is None:
            raise TableError("that token holds no seat at this table", status=403)
        page = settings.log_page
        count = page if count is None else count
        if not 1 <= count <= page:
            raise TableError(f"count: from 1 to {page} events a page")
        total = table.state.event_count(seat)
        if start > total:
            raise TableError(f"from: from 0 to {total}")
        # Events are never changed once logged: a copy of the list can be read
        # in another thread while the table goes on.
        events = list(table.state.log)
        text = await hub().replays.run(log_page_text, events, seat, start, count, total)
        return Response(text, media_type="application/json")

    # WebSocket ---------------------------------------------------------------

    # Open WebSockets per client (the digest of its address).
    sockets_of: dict[str, int] = {}

    @app.websocket("/ws/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()

        async def close(code: int) -> None:
            await websocket.close(code=code)

        connection = Connection(
            send=websocket.send_text,
            close=close,
            backlog=settings.ws_backlog_bytes,
            bucket=Bucket(settings.ws_rate, settings.ws_burst),
            hello_bucket=Bucket(settings.hello_rate, settings.hello_burst),
        )
        key = client_key(websocket)
        cap = settings.ws_per_client
        if cap and sockets_of.get(key, 0) >= cap:
            log.warning("a client with %d connections open is refused another", cap)
            connection.push(error_text(f"too many connections from your address (at most {cap})"))
            await connection.drained(CLOSE_WAIT)
            await websocket.close(code=CLOSE_POLICY)
            return
        sockets_of[key] = sockets_of.get(key, 0) + 1
        try:
            await serve_socket(websocket, connection, table_id)
        finally:
            sockets_of[key] -= 1
            if not sockets_of[key]:
                del sockets_of[key]

    async def serve_socket(websocket: WebSocket, connection: Connection, table_id: str) -> None:
        """Read one socket's messages and answer them, until it closes or is closed."""
        try:
            table = await hub().find(table_id)
        except TableError as exc:
            log.warning("websocket for table %r refused: %s", table_id[:40], exc)
            connection.push(error_text(str(exc)))
            await connection.drained(CLOSE_WAIT)
            await websocket.close(code=CLOSE_NO_TABLE if exc.status == 404 else CLOSE_AGAIN)
            return
        try:
            while not connection.dead:
                received = await websocket.receive()
                if received["type"] == "websocket.disconnect":
                    break
                text = received.get("text")
                if text is None:
                    # A binary frame: answered, not fatal.
                    log.warning("table %s: binary message refused", table.id)
                    connection.push(error_text("send JSON text, not binary messages"))
                    continue
                if too_big(text):
                    log.warning(
                        "table %s: a message over %d bytes refused", table.id, settings.max_message
                    )
                    connection.push(error_text("message too large"))
                    await connection.drained(CLOSE_WAIT)
                    await websocket.close(code=CLOSE_TOO_BIG)
                    return
                assert connection.bucket is not None
                if not connection.bucket.take():
                    if await refuse(websocket, table, connection, "too many messages; slow down"):
                        return
                    continue
                if await handle(websocket, table, connection, text):
                    return
        except (WebSocketDisconnect, WebSocketDisconnected):
            # Gone: closed by the browser, or found closed by a failed send.
            pass
        finally:
            if connection.attached:
                hub().detach(table, connection)

    def too_big(text: str) -> bool:
        """Whether ``text`` is over ``max_message`` bytes in UTF-8 (as it came over the wire)."""
        limit = settings.max_message
        # A character is one to four bytes: count them only when it could matter.
        return len(text) > limit or (len(text) * 4 > limit and len(text.encode()) > limit)

    async def refuse(
        websocket: WebSocket, table: LiveTable, connection: Connection, reason: str
    ) -> bool:
        """A message over a rate limit is dropped; True if the connection is closed for it.

        Only the first of a row of refused messages is answered; a connection that
        sends ``ws_burst`` more while refused is closed (1008).
        """
        connection.refused += 1
        if connection.refused == 1:
            log.warning("table %s: a connection sends too fast (%s)", table.id, reason)
            connection.push(error_text(reason))
        if connection.refused > settings.ws_burst:
            log.warning("table %s: a connection kept flooding; closed", table.id)
            await connection.drained(CLOSE_WAIT)
            await websocket.close(code=CLOSE_POLICY)
            return True
        return False

    def held_events(held: messages.Held | None, seat: int | None) -> int:
        """The events of ``seat``'s log a hello says its client holds, else 0."""
        if held is None or held.seat != seat:
            return 0
        return held.events

    async def hello(
        websocket: WebSocket, table: LiveTable, connection: Connection, message: messages.Hello
    ) -> bool:
        """Answer a hello within its own rate; True if the connection is closed for flooding."""
        assert connection.hello_bucket is not None
        if not connection.hello_bucket.take():
            wait = max(1, round(connection.hello_bucket.wait()))
            return await refuse(websocket, table, connection, f"too many hellos; wait {wait} s")
        # A hello answered does not forgive those refused before it: a connection
        # saying hello as fast as it may send is closed, not answered once a second.
        seat = table.seat_of(message.token)
        if message.token is not None and seat is None:
            log.warning("table %s: hello with a token that holds no seat", table.id)
            connection.push(error_text("that token holds no seat here; watching as a spectator"))
        await hub().attach(table, connection, seat, held_events(message.held, seat))
        return False

    async def act(table: LiveTable, connection: Connection, message: messages.Act) -> None:
        if connection.seat is None:
            raise TableError("a spectator cannot act; join a seat first", status=403)
        await hub().act(table, connection.seat, message.action, message.step)

    async def chat(table: LiveTable, connection: Connection, message: messages.Chat) -> None:
        await hub().chat(table, connection, message.text, message.name, team=message.team)

    async def handover(
        table: LiveTable, connection: Connection, message: messages.Handover
    ) -> None:
        asked = await hub().handover(table, connection.seat, message.seat)
        if asked is not None:
            connection.push(encode({"type": "notice", "message": asked}))

    async def autopass(
        table: LiveTable, connection: Connection, message: messages.Autopass
    ) -> None:
        setting = autopass_setting(message.every, message.timings)
        await hub().set_autopass(table, connection.seat, setting, forced=message.forced)

    # What each message of an attached connection asks of the hub, by its type;
    # each handler gets the message read by its type's schema (``messages``).
    # A hello and a ping come before these: they need no attached connection.
    # Each passes the hub the connection's seat (None for a spectator), and the
    # hub says why it refuses what that seat may not ask.
    Ask = Callable[[LiveTable, Connection, Any], Awaitable[None]]
    asks: dict[type[messages.Message], Ask] = {
        messages.Act: act,
        messages.Chat: chat,
        messages.Handover: handover,
        messages.Takeback: lambda table, c, m: hub().takeback(table, c.seat),
        messages.Undo: lambda table, c, m: hub().undo(table, c.seat, m.move),
        messages.Close: lambda table, c, m: hub().close(table, c.seat),
        messages.Finish: lambda table, c, m: hub().finish_now(table, c.seat),
        messages.Leave: lambda table, c, m: hub().leave(table, c.seat),
        messages.Autopass: autopass,
        messages.Seen: lambda table, c, m: hub().seen(table, c.seat, m.step),
    }

    async def handle(
        websocket: WebSocket, table: LiveTable, connection: Connection, text: str
    ) -> bool:
        """Answer one client message; True if the connection was closed meanwhile."""
        try:
            data = parse_json(text, settings.max_depth)
            kind = data.get("type") if isinstance(data, dict) else None
            if isinstance(kind, str) and kind not in ("hello", "ping") and not connection.attached:
                connection.push(error_text("say hello first"))
                return False
            message = messages.read_message(data)
        except (BadInput, messages.BadMessage) as exc:
            log.warning("table %s: malformed message (%s)", table.id, exc)
            reason = "not a JSON message with a type" if str(exc) == "not JSON" else str(exc)
            connection.push(error_text(reason))
            return False
        if isinstance(message, messages.Hello):
            return await hello(websocket, table, connection, message)
        connection.refused = 0
        if isinstance(message, messages.Ping):
            connection.push(encode({"type": "pong"}))
            return False
        seat = connection.seat
        try:
            await asks[type(message)](table, connection, message)
        except IllegalAction as exc:
            log.info("table %s: seat %s illegal action: %s", table.id, seat, exc)
            # The player reads why, in one line; what is legal now goes as data
            # (the page keeps those of its actions), never spelled out after it.
            connection.push(error_text(refusal(exc), list(exc.legal or [])))
        except (TableError, PlunderError, BadInput) as exc:
            cause = f" ({exc.cause})" if isinstance(exc, StoreUnavailable) else ""
            log.warning("table %s: seat %s refused: %s%s", table.id, seat, exc, cause)
            connection.push(error_text(str(exc)))
        return False

    return app
