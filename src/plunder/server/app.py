"""The browser table's web application: pages, a JSON API and a WebSocket per tab.

See ``docs/server.md`` for the protocol and its limits. The routes live in
``plunder.server.routes``, a router per concern; this module builds what they
share (``routes.context.ServerContext``), starts the hub with the application and
puts the relay in front when processes share a store. Every route answers bad
input with a JSON error naming the problem (4xx) and logs it (``errors``); none
of them lets an exception take the server down.
"""

from __future__ import annotations

import contextlib
import mimetypes
from collections.abc import AsyncIterator

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from plunder.server.errors import answer_errors_as_json
from plunder.server.live import Hub
from plunder.server.owners import Ownership
from plunder.server.relay import Relay, relay_secret
from plunder.server.routes import games, lobby, notices, pages, records, socket
from plunder.server.routes.context import ServerContext
from plunder.server.settings import Settings
from plunder.server.store import Store
from plunder.server.turns import Now

# In the order the schema lists them (pages are not in it).
ROUTERS = (pages.router, games.router, lobby.router, notices.router, records.router,
           socket.router)

# A browser runs a module script (the table page's) only when it comes with a
# JavaScript type, and the type of a static file is read from the system's table,
# which may give .js another (text/plain on some systems): it is set here.
mimetypes.add_type("text/javascript", ".js")


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
    context = ServerContext(settings, ownership, relay_secret(db_url))

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(Store(db_url), settings, ownership=ownership, now=now)
        await hub.start()
        context.started = hub
        yield
        await hub.stop()

    app = FastAPI(title="plunder", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.context = context
    if ownership is not None:

        async def owner_of(table_id: str) -> None:
            if context.started is not None:
                await context.started.keeper.find(table_id)

        app.add_middleware(Relay, owner_of=owner_of, secret=context.relay_secret)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    answer_errors_as_json(app)
    for router in ROUTERS:
        app.include_router(router)
    return app
