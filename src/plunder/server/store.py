"""The server's store: tables, seats, moves and chat in SQLite or PostgreSQL.

One schema through SQLAlchemy Core serves both. A table's whole game is its
``game``, ``options``, ``seed`` and its ``moves`` in order: the live state is
rebuilt by replaying them, so nothing else about the game is stored. Seat tokens
are kept only as SHA-256 digests, and so is the address of a table's creator.
A table's chat is kept beside it, apart from the game.

Every write is one transaction, committed before its call returns; a change and
the status it causes are written in the same transaction (a move and the end of
the game; a seat taken and the table starting), and a table's status is derived
again when it is loaded (``TableRow.derived_status``). SQLite runs in WAL mode
with ``synchronous=NORMAL``: a committed transaction survives the process being
killed (only a power cut can lose the last ones).

``store_thread.StoreThread`` runs every call in a thread of its own, in the
order the calls were made, so the event loop never waits on the database.

Several server processes may share one PostgreSQL store: each table then has one
owner at a time, held as a lease (``plunder_leases``: the owner, its address, an
epoch and when the lease ends). A write made under a lease is fenced: it checks,
in its own transaction, that the lease still has the writer's epoch, and fails
with ``LeaseLost`` if another process has claimed the table since.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
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
    bindparam,
    case,
    create_engine,
    delete,
    event,
    insert,
    inspect,
    or_,
    select,
    text,
    tuple_,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from plunder.engine.windows import AutoPass

log = logging.getLogger("plunder.server")

metadata = MetaData()

# The reflex clock of a table stored before tables had one.
DEFAULT_REFLEX_CLOCK = 5.0

# What a table's status may be. A closed table stopped before its end (its host
# closed it, or it was abandoned while still waiting for players).
OPEN, RUNNING, OVER, CLOSED = "open", "running", "over", "closed"
FINISHED = (OVER, CLOSED)

# A table's speed (``plunder.server.turns``): everyone together, or over days.
LIVE, TURNS = "live", "turns"

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
    # The secret the bots' generators are seeded from; null in older stores
    # (one is made when such a table is loaded).
    Column("bot_secret", String(64)),
    # SHA-256 of the creator's address, for the cap on tables per client.
    Column("creator", String(64)),
    # Why a closed table was closed: "host" or "abandoned".
    Column("closed_by", String(16)),
    # A guided first game (the game's lesson): its learner is told hints.
    Column("lesson", Boolean),
    # The table's speed: "live" (null in older stores) or "turns", with the hours
    # each decision has at a turn-based table (``plunder.server.turns``).
    Column("speed", String(8)),
    Column("turn_hours", Float),
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
    # The seat's private auto-pass (``AutoPass.to_text``: window timings, ``*`` for
    # every window); null for none and in older stores.
    Column("autopass", String(1200)),
    # At a turn-based table: when the seat's time for its decision runs out
    # (seconds since the epoch, by the wall clock) and the engine's step it belongs
    # to; kept so that a restart or another process goes on with the same clock.
    Column("deadline", Float),
    Column("deadline_step", Integer),
    # Where the seat's player has notices sent (``plunder.server.notices``): an
    # http(s) URL only they may set; null for none.
    Column("webhook", String(2000)),
    # The seat's last notice: when it went (wall-clock seconds) and the engine's step
    # it told of; kept so that a restart or another process does not tell it again.
    Column("noticed_at", Float),
    Column("noticed_step", Integer),
    # The seat's Web Push subscription (``plunder.server.webpush``), as JSON: the
    # push service's endpoint and the browser's keys; null for none.
    Column("push", String(2400)),
)

moves = Table(
    "plunder_moves",
    metadata,
    Column("table_id", String(32), ForeignKey("plunder_tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
    # The bot that made the move, as a spec that replays it (``ismcts:normal:
    # iterations=2412``); null for a player's move and in older stores.
    Column("bot", String(64)),
    # How many moves the table held when that bot started to decide: in a
    # simultaneous step others may commit while it thinks, so the position it
    # decided from is not always the one just before its move. Null: just before.
    Column("bot_from", Integer),
)

# What players wrote at a table, in the order it was stored. The table was added
# after the first stores were made: ``create_all`` makes it in an older store.
chat = Table(
    "plunder_chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("plunder_tables.id"), nullable=False, index=True),
    Column("seat", Integer),  # null: a spectator (when the server lets them post)
    Column("name", String(64), nullable=False),
    Column("at", Float, nullable=False),
    Column("text", Text, nullable=False),
    # Written to the author's team alone (a game of teams), not to the whole table.
    Column("team", Boolean, default=False),
)

# Who owns each table among the processes sharing the store (see the module's
# docstring). A table is free when it has no row, or when its lease has ended
# (``expires``, seconds since the epoch by the database's clock); each claim adds
# one to the epoch, so a write under an older epoch is known to be late.
leases = Table(
    "plunder_leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(128), nullable=False),
    # Where the owner answers for the table (its internal address), for a relay.
    Column("address", String(256), nullable=False),
    Column("epoch", BigInteger, nullable=False),
    Column("expires", Float, nullable=False),
)


# The server processes sharing the store, each while it lives (``expires``, by the
# database's clock): a process notes itself each time it renews its leases, so that
# the processes alive know among how many the tables of one that died are shared.
workers = Table(
    "plunder_workers",
    metadata,
    Column("owner", String(128), primary_key=True),
    Column("expires", Float, nullable=False),
)

# Values the server makes once and keeps for every process sharing the store (its
# Web Push key pair): each written once, never changed. Made by ``create_all`` in
# an older store.
kept_values = Table(
    "plunder_values",
    metadata,
    Column("name", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)


class LeaseLost(Exception):
    """A fenced write refused: the table's lease no longer has the writer's epoch."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id} is no longer served here")
        self.table_id = table_id


@dataclass(frozen=True)
class Lease:
    """A table's lease as one process holds it."""

    table_id: str
    epoch: int


@dataclass(frozen=True)
class LeaseRow:
    """A table's lease as the store holds it; ``live``: not ended by the database's clock."""

    table_id: str
    owner: str
    address: str
    epoch: int
    live: bool


# Columns added since the first stores were made, by table, with their SQL type.
NEW_COLUMNS = {
    "plunder_tables": {
        "reflex_clock": "FLOAT",
        "bot_secret": "VARCHAR(64)",
        "creator": "VARCHAR(64)",
        "closed_by": "VARCHAR(16)",
        "lesson": "BOOLEAN",
        "speed": "VARCHAR(8)",
        "turn_hours": "FLOAT",
    },
    "plunder_moves": {"bot": "VARCHAR(64)", "bot_from": "INTEGER"},
    "plunder_seats": {
        "autopass": "VARCHAR(1200)",
        "deadline": "FLOAT",
        "deadline_step": "INTEGER",
        "webhook": "VARCHAR(2000)",
        "noticed_at": "FLOAT",
        "noticed_step": "INTEGER",
        "push": "VARCHAR(2400)",
    },
    "plunder_chat": {"team": "BOOLEAN"},
}

# Statements made once: building one per call costs more than running it.
INSERT_MOVE = insert(moves)
SET_STATUS = (
    update(tables).where(tables.c.id == bindparam("table_id")).values(status=bindparam("status"))
)


def token_digest(token: str) -> str:
    """What the store keeps of a seat token (and of a creator's address)."""
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
    # The player's own auto-pass: sent to that seat alone, never in a view or the record.
    autopass: AutoPass = field(default_factory=AutoPass)
    # At a turn-based table, the seat's deadline (wall-clock seconds) and the step
    # it is for; None when it owes nothing or the table is live.
    deadline: float | None = None
    deadline_step: int | None = None
    # Where the player has notices sent; never shown to anyone (it may be a secret).
    webhook: str | None = None
    # The last notice sent: when (wall-clock seconds) and for which step; None: none.
    noticed_at: float | None = None
    noticed_step: int | None = None
    # The player's Web Push subscription; as secret as the webhook.
    push: dict[str, Any] | None = None


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
    bot_secret: str | None = None
    creator: str | None = None
    closed_by: str | None = None
    lesson: bool = False
    # "live" or "turns" (``plunder.server.turns``); a turn-based table's hours a decision.
    speed: str = LIVE
    turn_hours: float | None = None
    seats: list[SeatRow] = field(default_factory=list)
    moves: list[tuple[int, str]] = field(default_factory=list)
    # The bot spec of each move a bot made, by the move's index (see ``MoveWrite``).
    bot_moves: dict[int, str] = field(default_factory=dict)
    # By move index: the moves the table held when its bot started (``MoveWrite``).
    bot_from: dict[int, int] = field(default_factory=dict)
    # The lease this process holds on the table, when processes share the store.
    lease: Lease | None = None

    def derived_status(self, game_over: bool) -> str:
        """The status the table's seats and game imply (a closed table stays closed)."""
        if self.status == CLOSED:
            return CLOSED
        if game_over:
            return OVER
        if any(s.kind == "human" and s.token_hash is None for s in self.seats):
            return OPEN
        return RUNNING


@dataclass(frozen=True)
class ChatLine:
    """One chat message: who wrote it (seat and name), when (seconds since the epoch), what,
    and whether it was written to the author's team alone (``team``).

    Nothing of the game is in it: it is the player's own words.
    """

    seat: int | None
    name: str
    at: float
    text: str
    team: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "name": self.name, "at": self.at,
                               "text": self.text}
        if self.team:
            out["team"] = True
        return out


@dataclass(frozen=True)
class MoveWrite:
    """One move to store, and the status it gives its table (None: unchanged)."""

    table_id: str
    idx: int
    seat: int
    action: str
    status: str | None = None
    # The bot that chose it, as a spec that replays the decision; None: a player's.
    bot: str | None = None
    # The moves the table held when that bot started to decide (``moves.bot_from``).
    bot_from: int | None = None
    # The writer's epoch of the table's lease: the move is stored only while it is
    # current (None: no lease, a store that one process serves alone).
    epoch: int | None = None


def default_url(path: str | Path = "plunder.sqlite3") -> str:
    """The embedded store: a SQLite file."""
    return f"sqlite:///{Path(path)}"


# The advisory lock held while the schema is made or brought up to date.
SCHEMA_LOCK = 0x706C756E

# Seconds a store call waits for a lock another connection holds before it fails:
# a store that stays locked is answered for with 503, not waited on
# (``store_thread``).
LOCK_WAIT = 1.5


def make_engine(url: str) -> Engine:
    """A SQLAlchemy engine for ``url`` (``sqlite:///file`` or ``postgresql://...``)."""
    if url.startswith("postgresql://"):
        # psycopg 3 is the driver this project pins.
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if url.startswith("sqlite"):
        # sqlite3's busy timeout: how long a write waits for a lock held elsewhere.
        connect_args: dict[str, Any] = {"timeout": LOCK_WAIT}
    elif url.startswith("postgresql"):
        wait = int(LOCK_WAIT * 1000)
        connect_args = {"connect_timeout": 2, "options": f"-c lock_timeout={wait}"}
    else:
        connect_args = {}
    engine = create_engine(url, future=True, pool_pre_ping=True, connect_args=connect_args)
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
    """Tables, seats and moves, written through at once (blocking calls)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        if self.engine.dialect.name == "postgresql":
            # Processes starting together on a new database make its tables once.
            with self.engine.connect() as guard:
                # Waited for as long as the other takes (``lock_timeout`` is for play).
                guard.execute(text("SET lock_timeout = 0"))
                guard.execute(text("SELECT pg_advisory_lock(:key)"), {"key": SCHEMA_LOCK})
                try:
                    metadata.create_all(self.engine)
                    self._add_new_columns()
                finally:
                    guard.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": SCHEMA_LOCK})
                    guard.execute(text("RESET lock_timeout"))
                    guard.commit()
        else:
            metadata.create_all(self.engine)
            self._add_new_columns()
        # The lease the writes of the current call are fenced by (``fenced``).
        self._fence = threading.local()

    def _add_new_columns(self) -> None:
        """Columns added since a store was made (``create_all`` makes only missing tables)."""
        for table, columns in NEW_COLUMNS.items():
            present = {c["name"] for c in inspect(self.engine).get_columns(table)}
            missing = [(name, kind) for name, kind in columns.items() if name not in present]
            if missing:
                with self.engine.begin() as db:
                    for name, kind in missing:
                        db.execute(text(f"ALTER TABLE {table} ADD COLUMN {name} {kind}"))

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _begin(self) -> Iterator[Connection]:
        """A transaction; under a fence (``fenced``), one that first checks the lease."""
        with self.engine.begin() as db:
            lease: Lease | None = getattr(self._fence, "lease", None)
            if lease is not None:
                _check_fences(db, [lease])
            yield db

    def fenced(self, lease: Lease, name: str, *args: Any) -> Any:
        """``self.<name>(*args)``, its writes made only while ``lease`` is current."""
        self._fence.lease = lease
        try:
            return getattr(self, name)(*args)
        finally:
            self._fence.lease = None

    # Leases ------------------------------------------------------------------

    def _now(self, db: Connection) -> float:
        """Seconds since the epoch by the database's clock (the same for every process)."""
        if self.engine.dialect.name == "postgresql":
            now = db.execute(text("SELECT extract(epoch from clock_timestamp())")).scalar_one()
            return float(now)
        return time.time()

    def claim_lease(
        self, table_id: str, owner: str, address: str, ttl: float, dead_address: str = ""
    ) -> int | None:
        """Claim ``table_id`` for ``owner`` for ``ttl`` seconds; its new epoch, or None if
        another owner's lease is live.

        A lease held at ``dead_address`` is taken at once, live or not: the caller
        listens there itself, so the process that held it is gone.
        """
        with self.engine.begin() as db:
            now = self._now(db)
            done = db.execute(
                update(leases)
                .where(
                    leases.c.table_id == table_id,
                    (leases.c.expires < now)
                    | (leases.c.owner == owner)
                    | (leases.c.address == dead_address),
                )
                .values(
                    owner=owner,
                    address=address,
                    # A claim by the owner itself (two requests at once) keeps its epoch.
                    epoch=case((leases.c.owner == owner, leases.c.epoch), else_=leases.c.epoch + 1),
                    expires=now + ttl,
                )
                .returning(leases.c.epoch)
            ).first()
            if done is not None:
                return int(done.epoch)
            present = db.execute(
                select(leases.c.epoch).where(leases.c.table_id == table_id)
            ).first()
            if present is not None:
                return None
        try:
            with self.engine.begin() as db:
                db.execute(insert(leases).values(
                    table_id=table_id, owner=owner, address=address, epoch=1,
                    expires=self._now(db) + ttl,
                ))
            return 1
        except IntegrityError:
            # Another process made the row first: it holds the lease.
            return None

    def renew_leases(self, owner: str, held: list[Lease], ttl: float) -> list[str]:
        """Extend ``owner``'s leases by ``ttl`` seconds from now; the tables whose lease
        has another epoch now (lost: another process claimed them)."""
        if not held:
            return []
        with self.engine.begin() as db:
            until = self._now(db) + ttl
            # One statement for them all: a process may hold thousands.
            renewed = db.execute(
                update(leases)
                .where(leases.c.owner == owner,
                       leases.c.table_id.in_([lease.table_id for lease in held]))
                .values(expires=until)
                .returning(leases.c.table_id, leases.c.epoch)
            ).all()
        kept = {(r.table_id, int(r.epoch)) for r in renewed}
        return [lease.table_id for lease in held if (lease.table_id, lease.epoch) not in kept]

    def release_leases(self, owner: str, held: list[Lease]) -> None:
        """End ``owner``'s leases now, so that another process may claim the tables at once
        (each first by the process it goes to first, ``TableKeeper._claim_orphans``)."""
        with self.engine.begin() as db:
            now = self._now(db)
            for lease in held:
                db.execute(
                    update(leases)
                    .where(leases.c.table_id == lease.table_id, leases.c.epoch == lease.epoch,
                           leases.c.owner == owner)
                    .values(expires=now)
                )

    def lease_of(self, table_id: str) -> LeaseRow | None:
        """The table's lease as stored, or None if it never had one."""
        with self.engine.connect() as db:
            now = self._now(db)
            found = db.execute(select(leases).where(leases.c.table_id == table_id)).first()
        if found is None:
            return None
        return LeaseRow(found.table_id, found.owner, found.address, int(found.epoch),
                        found.expires >= now)

    def live_addresses(self) -> list[str]:
        """The addresses of the owners that hold a live lease, each once."""
        with self.engine.connect() as db:
            now = self._now(db)
            found = db.execute(
                select(leases.c.address).where(leases.c.expires >= now).distinct()
            ).all()
        return sorted(r.address for r in found)

    def orphans(self, limit: int, dead_address: str = "") -> list[tuple[str, float]]:
        """Unfinished tables that no live lease holds (their owner gone), oldest first;
        those whose lease names ``dead_address`` too (see ``claim_lease``). Each with
        the seconds since its lease ended (``inf`` when it has none, or names
        ``dead_address``)."""
        with self.engine.connect() as db:
            now = self._now(db)
            found = db.execute(
                select(tables.c.id, leases.c.expires, leases.c.address)
                .select_from(tables.outerjoin(leases, leases.c.table_id == tables.c.id))
                .where(
                    tables.c.status.not_in(FINISHED),
                    or_(leases.c.table_id.is_(None), leases.c.expires < now,
                        leases.c.address == dead_address),
                )
                .order_by(tables.c.created)
                .limit(limit)
            ).all()
        return [
            (r.id, now - r.expires if r.expires is not None and r.address != dead_address
             else math.inf)
            for r in found
        ]

    def beat(self, owner: str, ttl: float) -> list[str]:
        """Note ``owner`` alive for ``ttl`` seconds more; every live owner, sorted (it
        among them). Owners dead for an hour are forgotten."""
        with self.engine.begin() as db:
            now = self._now(db)
            noted = db.execute(
                update(workers).where(workers.c.owner == owner).values(expires=now + ttl)
            ).rowcount
            if not noted:
                db.execute(insert(workers).values(owner=owner, expires=now + ttl))
            db.execute(delete(workers).where(workers.c.expires < now - 3600))
            live = db.execute(
                select(workers.c.owner).where(workers.c.expires >= now).order_by(workers.c.owner)
            ).scalars().all()
        return list(live)

    def leave(self, owner: str) -> None:
        """``owner`` stops: no longer counted among the live (``beat``)."""
        with self.engine.begin() as db:
            db.execute(update(workers).where(workers.c.owner == owner).values(expires=0.0))

    # Writes ------------------------------------------------------------------

    def create_table(
        self, row: TableRow, owner: str | None = None, address: str = "", ttl: float = 0.0
    ) -> None:
        """Store a new table; with ``owner``, under a lease of epoch 1 that is its own."""
        with self._begin() as db:
            if owner is not None:
                db.execute(insert(leases).values(
                    table_id=row.id, owner=owner, address=address, epoch=1,
                    expires=self._now(db) + ttl,
                ))
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
                    bot_secret=row.bot_secret,
                    creator=row.creator,
                    closed_by=row.closed_by,
                    lesson=row.lesson,
                    speed=row.speed,
                    turn_hours=row.turn_hours,
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
                        "autopass": s.autopass.to_text() or None,
                        "deadline": s.deadline,
                        "deadline_step": s.deadline_step,
                        "webhook": s.webhook,
                        "noticed_at": s.noticed_at,
                        "noticed_step": s.noticed_step,
                        "push": None if s.push is None else json.dumps(s.push),
                    }
                    for s in row.seats
                ],
            )

    def claim_seat(
        self,
        table_id: str,
        seat: int,
        name: str,
        token_hash: str,
        host: int | None = None,
        status: str | None = None,
    ) -> bool:
        """Give a free human seat to ``name``; False if someone took it first.

        ``host`` makes the seat the table's host, ``status`` is the table's new
        status: both in the same transaction as the seat.
        """
        with self._begin() as db:
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
            if done.rowcount != 1:
                return False  # nothing was changed
            changes: dict[str, Any] = {}
            if host is not None:
                changes["host_seat"] = host
            if status is not None:
                changes["status"] = status
            if changes:
                db.execute(update(tables).where(tables.c.id == table_id).values(**changes))
            return True

    def append_moves(self, batch: list[MoveWrite]) -> None:
        """Store moves, and the statuses they cause, in one transaction.

        The primary key refuses a second move at one index of a table.
        """
        stamp = time.time()
        with self._begin() as db:
            fences = {Lease(w.table_id, w.epoch) for w in batch if w.epoch is not None}
            if fences:
                _check_fences(db, sorted(fences, key=lambda f: f.table_id))
            db.execute(
                INSERT_MOVE,
                [
                    {
                        "table_id": w.table_id,
                        "idx": w.idx,
                        "seat": w.seat,
                        "action": w.action,
                        "at": stamp,
                        "bot": w.bot,
                        "bot_from": w.bot_from,
                    }
                    for w in batch
                ],
            )
            statuses = [{"table_id": w.table_id, "status": w.status} for w in batch if w.status]
            if statuses:
                db.execute(SET_STATUS, statuses)

    def append_move(
        self, table_id: str, idx: int, seat: int, action: str, status: str | None = None
    ) -> None:
        """Store move ``idx`` (and the status it causes) in a transaction of its own."""
        self.append_moves([MoveWrite(table_id, idx, seat, action, status)])

    def take_back_move(self, table_id: str, idx: int, count: int) -> None:
        """Forget move ``idx`` of a table that holds ``count`` moves (a move its player
        took back), in one transaction: the moves after it, the other seats' concealed
        choices in the same step, each come one index earlier, and a bot's count of
        the moves it started from counts the move no more.

        Refused (``ValueError``) unless the store holds exactly ``count`` moves of the
        table: the record and the table served from it never part.
        """
        key = moves.c.table_id == table_id
        with self._begin() as db:
            held = db.execute(select(moves).where(key).where(moves.c.idx >= idx)).all()
            if len(held) != count - idx or idx >= count:
                raise ValueError(f"table {table_id} does not hold {count} moves")
            later = sorted((r for r in held if r.idx > idx), key=lambda r: r.idx)
            db.execute(delete(moves).where(key).where(moves.c.idx >= idx))
            if later:
                db.execute(INSERT_MOVE, [
                    {
                        "table_id": table_id,
                        "idx": r.idx - 1,
                        "seat": r.seat,
                        "action": r.action,
                        "at": r.at,
                        "bot": r.bot,
                        "bot_from": r.bot_from - 1
                        if r.bot_from is not None and r.bot_from > idx else r.bot_from,
                    }
                    for r in later
                ])

    def set_status(self, table_id: str, status: str, closed_by: str | None = None) -> None:
        with self._begin() as db:
            db.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(status=status, closed_by=closed_by)
            )

    def set_rematch(self, table_id: str, rematch: str) -> None:
        with self._begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(rematch=rematch))

    def set_bot_secret(self, table_id: str, secret: str) -> None:
        with self._begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(bot_secret=secret))

    def set_auto(self, table_id: str, seat: int, auto: bool) -> None:
        self.set_autos(table_id, {seat: auto})

    def _set_seats(self, table_id: str, values: Mapping[int, Mapping[str, Any]]) -> None:
        """Columns of seats of a table (seat -> column -> value), in one transaction."""
        with self._begin() as db:
            for seat, columns in values.items():
                db.execute(
                    update(seats)
                    .where(seats.c.table_id == table_id, seats.c.seat == seat)
                    .values(**columns)
                )

    def set_autos(self, table_id: str, autos: dict[int, bool]) -> None:
        """Hand seats to bots (True) or back (False), all in one transaction."""
        self._set_seats(table_id, {seat: {"auto": auto} for seat, auto in autos.items()})

    def set_autopass(self, table_id: str, seat: int, setting: AutoPass) -> None:
        """A seat's auto-pass, as its player set it."""
        self._set_seats(table_id, {seat: {"autopass": setting.to_text() or None}})

    def set_deadlines(
        self, table_id: str, deadlines: dict[int, tuple[float | None, int | None]]
    ) -> None:
        """Seats' turn deadlines (wall-clock seconds) and the steps they are for, at once."""
        self._set_seats(table_id, {
            seat: {"deadline": deadline, "deadline_step": step}
            for seat, (deadline, step) in deadlines.items()
        })

    def set_webhook(self, table_id: str, seat: int, webhook: str | None) -> None:
        """Where a seat's notices go (None: nowhere)."""
        self._set_seats(table_id, {seat: {"webhook": webhook}})

    def set_push(self, table_id: str, seat: int, push: dict[str, Any] | None) -> None:
        """A seat's Web Push subscription (None: none)."""
        self._set_seats(table_id, {seat: {"push": None if push is None else json.dumps(push)}})

    def keep_value(self, name: str, value: str) -> str:
        """The server's value of ``name``: the one kept already, else ``value``, kept
        now. Every process sharing the store gets the same (the first one kept)."""
        kept = select(kept_values.c.value).where(kept_values.c.name == name)
        with self._begin() as db:
            found = db.execute(kept).scalar()
        if found is None:
            try:
                with self._begin() as db:
                    db.execute(insert(kept_values).values(name=name, value=value))
            except IntegrityError:  # another process kept its own first
                pass
            with self._begin() as db:
                found = db.execute(kept).scalar_one()
        return str(found)

    def set_noticed(self, table_id: str, seat: int, at: float, step: int) -> None:
        """That a seat was sent a notice at ``at`` (wall-clock seconds) of step ``step``."""
        self._set_seats(table_id, {seat: {"noticed_at": at, "noticed_step": step}})

    def add_chat(self, table_id: str, line: ChatLine) -> None:
        with self._begin() as db:
            db.execute(
                insert(chat).values(
                    table_id=table_id, seat=line.seat, name=line.name, at=line.at, text=line.text,
                    team=line.team,
                )
            )

    # Reads -------------------------------------------------------------------

    def load_chat(self, table_id: str, count: int) -> list[ChatLine]:
        """The last ``count`` chat messages of a table, oldest first."""
        with self.engine.connect() as db:
            found = db.execute(
                select(chat.c.seat, chat.c.name, chat.c.at, chat.c.text, chat.c.team)
                .where(chat.c.table_id == table_id)
                .order_by(chat.c.id.desc())
                .limit(count)
            ).all()
        return [ChatLine(r.seat, r.name, float(r.at), r.text, bool(r.team))
                for r in reversed(found)]

    def load_tables(self, unfinished_only: bool = False) -> Iterator[TableRow]:
        """Stored tables with their seats and moves, oldest first.

        With ``unfinished_only``, only those whose stored status is not over or
        closed: a move that ends a game is stored with the status ``over`` in the
        same transaction, so a finished table is never stored as unfinished for
        long (and the status is derived again when it is loaded).
        """
        with self.engine.connect() as db:
            query = select(tables).order_by(tables.c.created)
            if unfinished_only:
                query = query.where(tables.c.status.not_in(FINISHED))
            found = [self._table_row(r) for r in db.execute(query)]
            if not found:
                return
            seat_rows: dict[str, list[SeatRow]] = {}
            move_rows: dict[str, list[tuple[int, str]]] = {}
            bot_rows: dict[str, dict[int, str]] = {}
            from_rows: dict[str, dict[int, int]] = {}
            seat_query = select(seats).order_by(seats.c.table_id, seats.c.seat)
            move_query = select(
                moves.c.table_id,
                moves.c.idx,
                moves.c.seat,
                moves.c.action,
                moves.c.bot,
                moves.c.bot_from,
            ).order_by(moves.c.table_id, moves.c.idx)
            if unfinished_only:
                wanted = select(tables.c.id).where(tables.c.status.not_in(FINISHED))
                seat_query = seat_query.where(seats.c.table_id.in_(wanted))
                move_query = move_query.where(moves.c.table_id.in_(wanted))
            for r in db.execute(seat_query):
                seat_rows.setdefault(r.table_id, []).append(_seat_row(r))
            for r in db.execute(move_query):
                move_rows.setdefault(r.table_id, []).append((r.seat, r.action))
                if r.bot is not None:
                    bot_rows.setdefault(r.table_id, {})[r.idx] = r.bot
                if r.bot_from is not None:
                    from_rows.setdefault(r.table_id, {})[r.idx] = r.bot_from
        for row in found:
            row.seats = seat_rows.get(row.id, [])
            row.moves = move_rows.get(row.id, [])
            row.bot_moves = bot_rows.get(row.id, {})
            row.bot_from = from_rows.get(row.id, {})
            yield row

    def load_table(self, table_id: str) -> TableRow | None:
        """One stored table with its seats and moves, or None."""
        with self.engine.connect() as db:
            found = db.execute(select(tables).where(tables.c.id == table_id)).first()
            if found is None:
                return None
            row = self._table_row(found)
            row.seats = [
                _seat_row(r)
                for r in db.execute(
                    select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
                )
            ]
            stored = db.execute(
                select(moves.c.idx, moves.c.seat, moves.c.action, moves.c.bot, moves.c.bot_from)
                .where(moves.c.table_id == table_id)
                .order_by(moves.c.idx)
            ).all()
        row.moves = [(r.seat, r.action) for r in stored]
        row.bot_moves = {r.idx: r.bot for r in stored if r.bot is not None}
        row.bot_from = {r.idx: r.bot_from for r in stored if r.bot_from is not None}
        return row

    @staticmethod
    def _table_row(r: Any) -> TableRow:
        options = r.options if isinstance(r.options, dict) else json.loads(r.options)
        return TableRow(
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
            bot_secret=r.bot_secret,
            creator=r.creator,
            closed_by=r.closed_by,
            lesson=bool(r.lesson),
            speed=r.speed or LIVE,
            turn_hours=None if r.turn_hours is None else float(r.turn_hours),
        )


# The fence of a transaction: one statement for all the leases it writes under.
FENCE = (
    update(leases)
    .where(tuple_(leases.c.table_id, leases.c.epoch).in_(bindparam("held", expanding=True)))
    .values(epoch=leases.c.epoch)
)


def _check_fences(db: Connection, held: list[Lease]) -> None:
    """Refuse the transaction unless each of ``held`` is its table's lease now.

    The check updates the leases' rows: it holds them until the transaction
    ends, so a claim made meanwhile waits for it and then sees its writes. A
    refusal names one table whose lease is lost (a batch refused is written
    again table by table: ``store_thread``).
    """
    done = db.execute(FENCE, {"held": [(lease.table_id, lease.epoch) for lease in held]})
    if done.rowcount != len(held):
        current = {
            (r.table_id, int(r.epoch))
            for r in db.execute(
                select(leases.c.table_id, leases.c.epoch).where(
                    leases.c.table_id.in_([lease.table_id for lease in held])
                )
            )
        }
        lost = [lease for lease in held if (lease.table_id, lease.epoch) not in current]
        raise LeaseLost(lost[0].table_id if lost else held[0].table_id)


def _seat_row(r: Any) -> SeatRow:
    return SeatRow(
        r.seat, r.kind, r.bot, r.level, r.name, r.token_hash, bool(r.auto),
        AutoPass.from_text(r.autopass),
        None if r.deadline is None else float(r.deadline),
        r.deadline_step,
        r.webhook,
        None if r.noticed_at is None else float(r.noticed_at),
        r.noticed_step,
        None if r.push is None else json.loads(r.push),
    )
