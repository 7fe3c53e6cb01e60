"""``plunder serve``: the browser table on this machine."""

from __future__ import annotations

import logging
from typing import Annotated

import typer

from plunder.server.store import default_url

DEFAULT_DB = "plunder.sqlite3"


def serve_command(
    host: Annotated[
        str,
        typer.Option(
            "--host", help="Address to listen on; 0.0.0.0 lets others on your network in."
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="DATABASE_URL",
            help=f"Where tables are stored: a SQLAlchemy URL such as sqlite:///{DEFAULT_DB} "
            "(the default) or postgresql://user@host/dbname.",
        ),
    ] = None,
    bot_delay: Annotated[
        float,
        typer.Option("--bot-delay", min=0, max=10, help="Seconds a bot waits before it moves."),
    ] = 0.6,
    quiet: Annotated[bool, typer.Option("--quiet", help="Log warnings only.")] = False,
) -> None:
    """Serve the browser table: a lobby, live tables for friends and bots, replays."""
    import uvicorn

    from plunder.server.app import MAX_MESSAGE, create_app

    url = db or default_url(DEFAULT_DB)
    logging.basicConfig(
        level=logging.WARNING if quiet else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    typer.echo(f"plunder is serving at http://{shown}:{port}/  (tables stored in {_safe(url)})")
    uvicorn.run(
        create_app(url, bot_delay=bot_delay),
        host=host,
        port=port,
        log_level="warning" if quiet else "info",
        # Refuse big frames in the protocol layer; the app answers anything over
        # MAX_MESSAGE with an error and closes.
        ws_max_size=4 * MAX_MESSAGE,
        access_log=not quiet,
    )


def _safe(url: str) -> str:
    """``url`` without a password."""
    scheme, sep, rest = url.partition("://")
    if "@" in rest:
        credentials, _, place = rest.rpartition("@")
        user = credentials.split(":", 1)[0]
        return f"{scheme}{sep}{user}@{place}"
    return url
