"""``plunder serve``: the browser table on this machine.

Every limit of the server is a flag here, and an environment variable; the
defaults are those of ``plunder.server.settings.Settings``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from plunder.server.owners import LEASE_TTL
from plunder.server.processes import Serving, serve_one, supervise
from plunder.server.settings import Settings
from plunder.server.store import default_url, make_engine

DEFAULT_DB = "plunder.sqlite3"
D = Settings()


def _limit(
    flag: str, help_text: str, min: float | None = None, max: float | None = None
) -> typer.models.OptionInfo:
    """A limit's option, between ``min`` and ``max``, set by ``flag`` or by the
    environment variable named after it."""
    env = "PLUNDER_" + flag.removeprefix("--").replace("-", "_").upper()
    return typer.Option(flag, envvar=env, help=help_text, min=min, max=max)


def serve_command(
    host: Annotated[
        str,
        typer.Option(
            "--host", help="Address to listen on; 0.0.0.0 lets others on your network in."
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on (1-65535).")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="DATABASE_URL",
            help=f"Where tables are stored: a SQLite file ({DEFAULT_DB}, the default, or any "
            "path), or a SQLAlchemy URL such as sqlite:///FILE or postgresql://user@host/dbname.",
        ),
    ] = None,
    bot_delay: Annotated[
        float,
        _limit(
            "--bot-delay",
            "Seconds from a bot's decision falling due to its move, at least (a table may ask "
            "for a longer one, never a shorter one).",
            min=0,
            max=10,
        ),
    ] = D.bot_delay,
    bot_reflex: Annotated[
        float,
        _limit(
            "--bot-reflex",
            "Seconds from a decision the rules time (a reflex) falling due to a bot's answer.",
            min=0,
            max=10,
        ),
    ] = D.bot_reflex,
    bot_workers: Annotated[
        int,
        _limit(
            "--bot-workers",
            "Worker processes in which bots decide; more decisions wait their turn. "
            "Default: the machine's cores less one, at least one. 0: on threads of the "
            "server's own process (stalls every table while a bot searches; for comparison).",
            min=0,
            max=256,
        ),
    ] = D.bot_workers,
    max_message: Annotated[
        int, _limit("--max-message", "Largest WebSocket message read, in bytes.", min=256)
    ] = D.max_message,
    max_body: Annotated[
        int, _limit("--max-body", "Largest HTTP request body read, in bytes.", min=256)
    ] = D.max_body,
    max_depth: Annotated[
        int, _limit("--max-depth", "Deepest nesting of JSON lists and objects read.", min=2)
    ] = D.max_depth,
    ws_rate: Annotated[
        float, _limit("--ws-rate", "Messages a second one WebSocket may send.", min=0.1)
    ] = D.ws_rate,
    ws_burst: Annotated[
        int, _limit("--ws-burst", "Messages one WebSocket may send at once.", min=1)
    ] = D.ws_burst,
    ws_backlog_bytes: Annotated[
        int,
        _limit(
            "--ws-backlog-bytes",
            "Bytes of unsent messages before a connection that does not read is closed.",
            min=1024,
        ),
    ] = D.ws_backlog_bytes,
    ws_per_client: Annotated[
        int,
        _limit("--ws-per-client", "WebSockets open at once per client; 0: no cap.", min=0),
    ] = D.ws_per_client,
    hello_rate: Annotated[
        float, _limit("--hello-rate", "Hellos a second one WebSocket may say.", min=0.01)
    ] = D.hello_rate,
    hello_burst: Annotated[
        int, _limit("--hello-burst", "Hellos one WebSocket may say at once.", min=1)
    ] = D.hello_burst,
    log_page: Annotated[
        int,
        _limit(
            "--log-page",
            "Events of a seat's log in a hello's answer and in one page of the log.",
            min=1,
            max=10_000,
        ),
    ] = D.log_page,
    ws_compression: Annotated[
        bool,
        typer.Option(
            "--ws-compression/--no-ws-compression",
            envvar="PLUNDER_WS_COMPRESSION",
            metavar="",
            help="Compress WebSocket messages (costs CPU; messages are a few KB).",
        ),
    ] = D.ws_compression,
    create_rate: Annotated[
        float, _limit("--create-rate", "New tables a minute per client.", min=0.01)
    ] = D.create_rate,
    create_burst: Annotated[
        int, _limit("--create-burst", "New tables per client at once.", min=1)
    ] = D.create_burst,
    tables_per_client: Annotated[
        int,
        _limit("--tables-per-client", "Open or running tables per client; 0: no cap.", min=0),
    ] = D.tables_per_client,
    max_tables: Annotated[
        int,
        _limit("--max-tables", "Open or running tables over all clients; 0: no cap.", min=0),
    ] = D.max_tables,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            "--forwarded-allow-ips",
            # uvicorn's own variable too.
            envvar=["PLUNDER_FORWARDED_ALLOW_IPS", "FORWARDED_ALLOW_IPS"],
            help="Addresses of the proxies whose X-Forwarded-For names the client (uvicorn's "
            "setting: comma-separated addresses or networks, or *). Empty: none; each "
            "connection's own address is its client.",
        ),
    ] = "",
    lobby_size: Annotated[
        int, _limit("--lobby-size", "Tables the lobby lists at most, newest first.", min=1)
    ] = D.lobby_size,
    abandon_after: Annotated[
        float,
        _limit(
            "--abandon-after",
            "Seconds without a human connected before a table is abandoned (bots finish it, "
            "or it closes if still waiting for players); 0: never.",
            min=0,
        ),
    ] = D.abandon_after,
    handover_grace: Annotated[
        float,
        _limit(
            "--handover-grace",
            "Seconds a player must have been away before the host may hand their seat to a "
            "bot without asking them.",
            min=0,
        ),
    ] = D.handover_grace,
    finished_ttl: Annotated[
        float,
        _limit(
            "--finished-ttl",
            "Seconds a finished table no one watches stays in memory (the store keeps it).",
            min=0,
        ),
    ] = D.finished_ttl,
    gc_every: Annotated[
        float,
        _limit(
            "--gc-every",
            "Seconds between full garbage collections (0: Python's own policy).",
            min=0,
        ),
    ] = D.gc_every,
    replay_page: Annotated[
        int, _limit("--replay-page", "Views in one page of a replay.", min=1, max=1000)
    ] = D.replay_page,
    replay_workers: Annotated[
        int, _limit("--replay-workers", "Replays computed at once.", min=1, max=64)
    ] = D.replay_workers,
    replay_queue: Annotated[
        int, _limit("--replay-queue", "Replays waiting before more are refused.", min=0)
    ] = D.replay_queue,
    replay_cache: Annotated[
        int,
        _limit("--replay-cache", "Tables whose last replayed position is kept in memory.", min=1),
    ] = D.replay_cache,
    chat_length: Annotated[
        int,
        _limit("--chat-length", "Longest chat message, in characters.", min=1, max=10_000),
    ] = D.chat_length,
    chat_history: Annotated[
        int,
        _limit(
            "--chat-history",
            "Chat messages of a table kept and shown to whoever comes to it.",
            min=1,
            max=10_000,
        ),
    ] = D.chat_history,
    chat_rate: Annotated[
        float, _limit("--chat-rate", "Chat messages a second one connection may post.", min=0.001)
    ] = D.chat_rate,
    chat_burst: Annotated[
        int, _limit("--chat-burst", "Chat messages one connection may post at once.", min=1)
    ] = D.chat_burst,
    chat_spectators: Annotated[
        bool,
        typer.Option(
            "--chat-spectators/--no-chat-spectators",
            envvar="PLUNDER_CHAT_SPECTATORS",
            metavar="",
            help="Let spectators post in a table's chat (players always may).",
        ),
    ] = D.chat_spectators,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            envvar="PLUNDER_WORKERS",
            min=1,
            max=256,
            help="Server processes on this machine, sharing --port (more than 1 needs a "
            "PostgreSQL store). Each table is served by one of them; the others relay to it.",
        ),
    ] = 1,
    internal_host: Annotated[
        str,
        typer.Option(
            "--internal-host",
            envvar="PLUNDER_INTERNAL_HOST",
            help="With PostgreSQL: the address other plunder processes reach this machine's "
            "by (to relay a table's connections to the process that serves it).",
        ),
    ] = "127.0.0.1",
    internal_port: Annotated[
        int,
        typer.Option(
            "--internal-port",
            envvar="PLUNDER_INTERNAL_PORT",
            min=0,
            max=65535,
            help="With --workers: the first of the ports the workers are reached at by the "
            "others, one each (default: the ports after --port). 0: the default.",
        ),
    ] = 0,
    lease_ttl: Annotated[
        float,
        _limit(
            "--lease-ttl",
            "With PostgreSQL: seconds a process's hold on a table lasts unless renewed (a "
            "process that dies holding tables leaves them for this long at most).",
            min=0.5,
            max=600,
        ),
    ] = LEASE_TTL,
    quiet: Annotated[bool, typer.Option("--quiet", help="Log warnings only.", metavar="")] = False,
) -> None:
    """Serve the browser table: a lobby, live tables for friends and bots, replays."""
    settings = Settings(
        bot_delay=bot_delay,
        bot_reflex=bot_reflex,
        bot_workers=bot_workers,
        max_message=max_message,
        max_body=max_body,
        max_depth=max_depth,
        ws_rate=ws_rate,
        ws_burst=ws_burst,
        ws_backlog_bytes=ws_backlog_bytes,
        ws_per_client=ws_per_client,
        hello_rate=hello_rate,
        hello_burst=hello_burst,
        log_page=log_page,
        max_tables=max_tables,
        ws_compression=ws_compression,
        create_rate=create_rate,
        create_burst=create_burst,
        tables_per_client=tables_per_client,
        lobby_size=lobby_size,
        abandon_after=abandon_after,
        handover_grace=handover_grace,
        finished_ttl=finished_ttl,
        gc_every=gc_every,
        replay_page=replay_page,
        replay_workers=replay_workers,
        replay_queue=replay_queue,
        replay_cache=replay_cache,
        chat_length=chat_length,
        chat_history=chat_history,
        chat_rate=chat_rate,
        chat_burst=chat_burst,
        chat_spectators=chat_spectators,
    )
    if not 1 <= port <= 65535:
        _fail(f"--port is {port}; a port is a number from 1 to 65535")
    url = store_url(db)
    shared = url.startswith("postgresql")
    if workers > 1 and not shared:
        _fail(f"--workers {workers} needs a PostgreSQL store (--db postgresql://...): a "
              "SQLite file is served by one process")
    if not shared:
        _hold_sqlite(url)
    serving = Serving(
        url=url,
        settings=settings,
        host=host,
        port=port,
        quiet=quiet,
        forwarded_allow_ips=forwarded_allow_ips.strip(),
        internal_host=internal_host,
        lease_ttl=lease_ttl,
        shared=shared,
    )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    many = f"{workers} workers, " if workers > 1 else ""
    typer.echo(f"plunder is serving at http://{shown}:{port}/  ({many}tables stored in "
               f"{_safe(url)})")
    if workers == 1:
        serve_one(serving, None)
    else:
        supervise(serving, workers, internal_port or port + 1)


def _hold_sqlite(url: str) -> None:
    """Hold the SQLite file's lock file for as long as this process lives; one line and
    exit 2 if another process holds it (it serves the same file: two would corrupt
    each other's tables)."""
    path = url.removeprefix("sqlite:///")
    if not path or path == url or path.startswith(":memory:"):
        return
    try:
        import fcntl
    except ImportError:  # no fcntl (Windows): nothing to hold the file with
        return
    lock = open(f"{path}.lock", "a")  # noqa: SIM115 (held open for the process's life)
    try:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.close()
        _fail(f"another plunder serve already serves {path}; stop it first (several "
              "processes may share a PostgreSQL store, never a SQLite file)")
    _HELD.append(lock)


# The lock files this process holds (``_hold_sqlite``): kept open until it exits.
_HELD: list[Any] = []


def _fail(message: str) -> NoReturn:
    """A user error in one line on stderr, and exit status 2 (as the other commands)."""
    typer.secho(f"Error: {message}", err=True, fg="red")
    raise typer.Exit(2)


def store_url(db: str | None) -> str:
    """The store's URL for ``--db``: a bare path is a SQLite file (its folder made if
    need be), a URL is used as given. The store is opened once here, so a URL that
    names no database the server can use, or one it cannot reach, is one line of
    error before the server starts rather than a failed start-up."""
    given = db or DEFAULT_DB
    if "://" not in given:
        path = Path(given).expanduser()
        if path.is_dir():
            _fail(f"--db {given}: that is a folder; name a file in it, such as "
                  f"{path / DEFAULT_DB}")
        path.parent.mkdir(parents=True, exist_ok=True)
        url = default_url(path)
    else:
        url = given
    try:
        engine = make_engine(url)
        try:
            with engine.connect():
                pass
        finally:
            engine.dispose()
    except Exception as exc:  # SQLAlchemy and the drivers raise errors of many kinds
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        _fail(f"--db {_safe(url)}: the tables cannot be stored there ({reason}). Give a "
              "file such as plunder.sqlite3, sqlite:///FILE or postgresql://user@host/dbname.")
    return url


def _safe(url: str) -> str:
    """``url`` without a password."""
    scheme, sep, rest = url.partition("://")
    if "@" in rest:
        credentials, _, place = rest.rpartition("@")
        user = credentials.split(":", 1)[0]
        return f"{scheme}{sep}{user}@{place}"
    return url
