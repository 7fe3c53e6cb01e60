"""``plunder serve``: the browser table on this machine.

Every setting the server declares (``plunder.server.settings``) is a flag here and
an environment variable, made from its declaration.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from plunder.server.processes import Serving, serve_one, supervise
from plunder.server.settings import Declared, Deployment, Settings, declarations, env_var, flag
from plunder.server.store import default_url, make_engine

DEFAULT_DB = "plunder.sqlite3"


def _option(name: str, kind: type, declared: Declared) -> Any:
    """The typer option of a declared setting: its flag (a pair of flags for a switch)
    and its environment variables, help and bounds."""
    flags = flag(name)
    extra: dict[str, Any] = {}
    if kind is bool:
        flags = f"{flags}/--no-{flags.removeprefix('--')}"
        extra["metavar"] = ""
    else:
        extra.update(min=declared.low, max=declared.high)
    envvar = [env_var(name), *declared.also_env]
    return typer.Option(flags, envvar=envvar, help=declared.help, **extra)


def _declared_parameters() -> list[inspect.Parameter]:
    """A keyword parameter of ``serve_command`` for each declared setting."""
    return [
        inspect.Parameter(
            name, inspect.Parameter.KEYWORD_ONLY, default=default,
            annotation=Annotated[kind, _option(name, kind, declared)],
        )
        for cls in (Settings, Deployment)
        for name, kind, default, declared in declarations(cls)
    ]


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
    quiet: Annotated[bool, typer.Option("--quiet", help="Log warnings only.", metavar="")] = False,
    **declared: Any,
) -> None:
    """Serve the browser table: a lobby, live tables for friends and bots, replays."""
    settings = Settings(**{n: declared[n] for n, *_ in declarations(Settings)})
    deployment = Deployment(**{n: declared[n] for n, *_ in declarations(Deployment)})
    workers = deployment.workers
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
        forwarded_allow_ips=deployment.forwarded_allow_ips.strip(),
        internal_host=deployment.internal_host,
        lease_ttl=deployment.lease_ttl,
        shared=shared,
    )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    many = f"{workers} workers, " if workers > 1 else ""
    typer.echo(f"plunder is serving at http://{shown}:{port}/  ({many}tables stored in "
               f"{_safe(url)})")
    if workers == 1:
        serve_one(serving, None)
    else:
        supervise(serving, workers, deployment.internal_port or port + 1)



# Typer reads the command's parameters from its signature: the four above, then
# one for each declared setting.
_WRITTEN = inspect.signature(serve_command, eval_str=True)
serve_command.__signature__ = _WRITTEN.replace(  # type: ignore[attr-defined]
    parameters=[
        p for p in _WRITTEN.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD
    ] + _declared_parameters()
)

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
