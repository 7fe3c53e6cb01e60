"""The server's store: tables, seats and moves in SQLite or PostgreSQL.

One schema through SQLAlchemy Core serves both. A table's whole game is its
``game``, ``options``, ``seed`` and its ``moves`` in order: the live state is
rebuilt by replaying them, so nothing else about the game is stored. Seat tokens
are kept only as SHA-256 digests.

Every write is its own transaction, committed before the call returns; the
server acknowledges a move only after ``append_move`` has returned. SQLite runs
in WAL mode with ``synchronous=NORMAL``: a committed transaction survives the
process being killed (only a power cut can lose the last ones).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine

metadata = MetaData()

# The reflex clock of a table stored before tables had one.
DEFAULT_REFLEX_CLOCK = 5.0

tables = Table(
    "plunder_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("host_seat", Integer),
    Column("clock", Float),
    # Seconds for a decision the rules time; null in stores made before it.
    Column("reflex_clock", Float),
    Column("bot_delay", Float, nullable=False),
    Column("created", Float, nullable=False),
    Column("status", String(16), nullable=False),
    Column("rematch", String(32)),
)

seats = Table(
    "plunder_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("plunder_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "human" or "bot"
    Column("bot", String(64)),
    Column("level", String(16)),
    Column("name", String(64)),
    Column("token_hash", String(64)),
    Column("auto", Boolean, nullable=False, default=False),
)

moves = Table(
    "plunder_moves",
    metadata,
    Column("table_id", String(32), ForeignKey("plunder_tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
)


def token_digest(token: str) -> str:
    """What the store keeps of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None = None
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None
    auto: bool = False


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    host_seat: int | None
    clock: float | None
    bot_delay: float
    created: float
    status: str
    rematch: str | None = None
    reflex_clock: float = DEFAULT_REFLEX_CLOCK
    seats: list[SeatRow] = field(default_factory=list)
    moves: list[tuple[int, str]] = field(default_factory=list)


def default_url(path: str | Path = "plunder.sqlite3") -> str:
    """The embedded store: a SQLite file."""
    return f"sqlite:///{Path(path)}"


def make_engine(url: str) -> Engine:
    """A SQLAlchemy engine for ``url`` (``sqlite:///file`` or ``postgresql://...``)."""
    if url.startswith("postgresql://"):
        # psycopg 3 is the driver this project pins.
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    engine = create_engine(url, future=True, pool_pre_ping=True)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    return engine


class Store:
    """Tables, seats and moves, written through at once."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        metadata.create_all(self.engine)
        self._add_new_columns()

    def _add_new_columns(self) -> None:
        """Columns added since a store was made (``create_all`` makes only missing tables)."""
        present = {c["name"] for c in inspect(self.engine).get_columns("plunder_tables")}
        if "reflex_clock" not in present:
            with self.engine.begin() as db:
                db.execute(text("ALTER TABLE plunder_tables ADD COLUMN reflex_clock FLOAT"))

    def close(self) -> None:
        self.engine.dispose()

    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as db:
            db.execute(
                insert(tables).values(
                    id=row.id,
                    game=row.game,
                    options=row.options,
                    seed=row.seed,
                    host_seat=row.host_seat,
                    clock=row.clock,
                    reflex_clock=row.reflex_clock,
                    bot_delay=row.bot_delay,
                    created=row.created,
                    status=row.status,
                    rematch=row.rematch,
                )
            )
            db.execute(
                insert(seats),
                [
                    {
                        "table_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "level": s.level,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "auto": s.auto,
                    }
                    for s in row.seats
                ],
            )

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give a free human seat to ``name``; False if someone took it first."""
        with self.engine.begin() as db:
            done = db.execute(
                update(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.kind == "human",
                    seats.c.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash)
            )
            return done.rowcount == 1

    def append_move(self, table_id: str, idx: int, seat: int, action: str) -> None:
        """Store move ``idx``; the primary key refuses a second move at one index."""
        with self.engine.begin() as db:
            db.execute(
                insert(moves).values(
                    table_id=table_id, idx=idx, seat=seat, action=action, at=time.time()
                )
            )

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(status=status))

    def set_host(self, table_id: str, seat: int) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(host_seat=seat))

    def set_rematch(self, table_id: str, rematch: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(rematch=rematch))

    def set_auto(self, table_id: str, seat: int, auto: bool) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(auto=auto)
            )

    def load_tables(self) -> Iterator[TableRow]:
        """Every stored table with its seats and moves, oldest first."""
        with self.engine.connect() as db:
            seat_rows: dict[str, list[SeatRow]] = {}
            for r in db.execute(select(seats).order_by(seats.c.table_id, seats.c.seat)):
                seat_rows.setdefault(r.table_id, []).append(
                    SeatRow(r.seat, r.kind, r.bot, r.level, r.name, r.token_hash, bool(r.auto))
                )
            move_rows: dict[str, list[tuple[int, str]]] = {}
            for r in db.execute(select(moves).order_by(moves.c.table_id, moves.c.idx)):
                move_rows.setdefault(r.table_id, []).append((r.seat, r.action))
            for r in db.execute(select(tables).order_by(tables.c.created)):
                options = r.options if isinstance(r.options, dict) else json.loads(r.options)
                yield TableRow(
                    id=r.id,
                    game=r.game,
                    options=options,
                    seed=int(r.seed),
                    host_seat=r.host_seat,
                    clock=r.clock,
                    bot_delay=r.bot_delay,
                    created=r.created,
                    status=r.status,
                    rematch=r.rematch,
                    reflex_clock=(
                        DEFAULT_REFLEX_CLOCK if r.reflex_clock is None else float(r.reflex_clock)
                    ),
                    seats=seat_rows.get(r.id, []),
                    moves=move_rows.get(r.id, []),
                )
