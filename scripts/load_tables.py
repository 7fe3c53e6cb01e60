"""Load on the browser table server: many two-seat Duel tables played at once.

The script plays 2-player Duel tables against real ``plunder serve`` processes
over loopback WebSockets and reports, for each server, mode and number of tables:

* moves per second: actions the server accepted, stored and acknowledged;
* latency (p50, p90, p99, max). In the ``closed`` mode, from sending an ``act``
  to receiving, on the same connection, the first ``state`` that includes it.
  In the ``human`` mode, from sending an ``act`` to the moment *every* seat of
  the table has received a ``state`` that includes it;
* games finished, and errors: any ``error`` message, refused HTTP request,
  dropped connection, connection silent for longer than ``--stall`` seconds or
  ``state`` message whose ``events`` do not follow on from those before it;
* the server's CPU time over the measured phase and per move, its memory (RSS)
  at the end and at its peak (from ``/proc/<pid>``, so for servers the script
  started on Linux), and any warning, error or traceback the server logged;
* the machine's load while measuring: the 1-minute load average (lowest,
  mean, highest, sampled every second) and how busy its CPUs were, with the
  share taken by processes other than this script, the server and the
  processes it started (its bot workers, whose CPU share is given).

Modes (``--mode``, one or a list such as ``closed,human``):

* ``closed``: a closed loop; each seat acts as soon as it may, so the figure is
  the most moves a second the server (with this client) manages.
* ``human``: each seat acts ``--think`` seconds (default 1 to 3, uniformly)
  after it may, as people do; the figure that matters is the latency.

Each table has two human seats: one client creates it (``POST /api/tables``),
the other joins it (``POST /api/tables/{t}/join``), and each seat opens its own
WebSocket and says hello with its token. A seat picks a random legal action
(seeded by ``--seed``, the table and the seat). When a game ends the pair opens
a new table, so the load stays steady. All clients run on one asyncio loop in
this process.

The acknowledgement is the first ``state`` whose ``move`` is past the move acted
at and that reflects the seat's own action. In a simultaneous step the
opponent's commit can reach a seat after it acted but before its own action was
applied; that message is past the move too, but it still offers the stale
``legal`` list, so it is neither the acknowledgement nor a prompt to act again.

Servers: by default one, this tree's ``plunder serve``. ``--server NAME=DIR``
(repeatable) runs the same load, with the same command, against the project in
``DIR`` (its ``.venv``), e.g. an older commit checked out as a git worktree::

    .venv/bin/python scripts/load_tables.py --server before=/tmp/before --server after=.

and reports each server's moves a second against the first's. Each run gets a
server of its own, started as a subprocess on a free port with ``--bot-delay 0``
and a fresh store: a SQLite file in a temporary directory, or with ``--db
postgresql://user@host/db`` a new database made on that PostgreSQL server for
the run (and dropped after). The script is one client from one address making
thousands of tables at machine speed, so the started servers get their limits
on creating tables and on messages per connection lifted (through the
environment: ``PLUNDER_CREATE_RATE`` and the like; a server that has no such
limits ignores them). ``--url`` targets a server that is already running
instead (no CPU or memory figures then).

Bot tables (``--bot-tables N``): N more Duel tables to one point, each of two
``ismcts`` bots (``--bot-level``, normal by default: 3,000 iterations or 0.9
s; ``--bot-against random`` makes the second seat a ``random`` bot), played by
the server alone and each followed by a spectator that pings the server every
0.1 s; when a game ends, the record is read and a new table opened. Duel's
shootouts are simultaneous, so each table of two searching bots owes two
decisions most of the time. They add, to the report:

* bot decisions in flight: how many bot seats owe a decision at once (sampled
  every 0.25 s from the spectators' views; with the server's bot delay 0, a
  searching bot's move shows at its time cap, so a seat owes one nearly always);
* the ping's round trip (p50, p99, max): the event loop's lag, as another
  table feels it;
* each searching decision's iterations against the same search on an idle
  core: after the run, with the server stopped, up to ``--idle-samples`` of the
  decisions stored during the measured phase are searched again in this process
  from the same position with the same generator (the record's ``bot_from`` and
  ``bot_secret``), on the same budget; the report gives the ratios' p10, median
  and lowest.

``--bot-workers N`` is handed to the started servers (``plunder serve
--bot-workers``; 0: the bots think on threads of the server's process, as
before there was a pool).

Run it from the project root::

    .venv/bin/python scripts/load_tables.py                          # 50 tables, 20 s
    .venv/bin/python scripts/load_tables.py --tables 50,200 --seconds 20
    .venv/bin/python scripts/load_tables.py --mode human --tables 1000 --seconds 60
    .venv/bin/python scripts/load_tables.py --server before=/tmp/before --server after=. \\
        --mode closed,human --tables 200 --human-tables 1000 --rounds 2
    .venv/bin/python scripts/load_tables.py --tables 20 --games 3 --json
    .venv/bin/python scripts/load_tables.py --db postgresql://me@localhost/postgres
    .venv/bin/python scripts/load_tables.py --mode human --tables 50 --bot-tables 8 \
        --bot-workers 1 --seconds 60

Tables are first set up and connected, then the measured phase runs for
``--seconds`` (or until every pair has finished ``--games`` games). The client
and the server share the machine's cores, so the figures measure both together;
the report gives the machine's load, since anything else running skews them.
``--server-log FILE`` keeps the started servers' logs. The exit status is 1 if
any error was seen, 2 if a server could not be reached.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import gc
import json
import os
import platform
import random
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

GAME = "duel"
SEATS = 2
MODES = ("closed", "human")
# Tables set up at once: enough to fill the server quickly without a burst of
# hundreds of simultaneous requests before measuring starts.
SETUP_CONCURRENCY = 16
# How many error descriptions a report keeps; the count covers all of them.
ERROR_SAMPLES = 10
NOTE = (
    "client and server run on the same machine and share its "
    f"{os.cpu_count() or '?'} cores; all clients run on one asyncio loop in one process"
)
# The limits of a started server that one client at machine speed would hit.
LIFTED = {
    "PLUNDER_CREATE_RATE": "1000000000",
    "PLUNDER_CREATE_BURST": "1000000000",
    "PLUNDER_TABLES_PER_CLIENT": "0",
    "PLUNDER_WS_RATE": "1000000000",
    "PLUNDER_WS_BURST": "1000000000",
    "PLUNDER_WS_PER_CLIENT": "0",
    "PLUNDER_MAX_TABLES": "0",
}
THIS_TREE = "this tree"
# Bot tables: Duel to one point (some 15 moves), so that games end, and their
# records (each search's iterations) come back, while measuring; the spectator's
# ping period.
BOT_OPTIONS = {"target": 1}
PING_EVERY = 0.1


class LoadError(Exception):
    """Something that counts as an error of the run: refused, dropped or silent."""


# ----------------------------------------------------------------- figures
@dataclass
class Tally:
    """What the clients saw; counted only while ``measuring`` is set."""

    measuring: bool = False
    moves: int = 0
    games: int = 0
    errors: int = 0
    latencies: list[float] = field(default_factory=list)
    error_samples: list[str] = field(default_factory=list)
    # Pairs that have connected both seats; the measured phase waits for all.
    ready: int = 0
    # Pairs done with their ``--games`` games.
    done: int = 0

    def error(self, what: str) -> None:
        # Errors are counted during set-up too: a refused table is a failure of
        # the run whatever the phase.
        self.errors += 1
        if len(self.error_samples) < ERROR_SAMPLES:
            self.error_samples.append(what)


@dataclass(frozen=True)
class Latency:
    """Latency percentiles in milliseconds."""

    count: int
    mean: float
    p50: float
    p90: float
    p99: float
    max: float


@dataclass(frozen=True)
class MachineLoad:
    """How busy the machine was while measuring."""

    load_min: float
    load_mean: float
    load_max: float
    # Share of all CPUs busy (1.0: every core), and the share of it taken by
    # processes other than this script and the server.
    cpu_busy: float | None
    cpu_others: float | None


@dataclass
class SizeReport:
    """The figures of one run: one server, one mode, one number of tables."""

    tables: int
    seconds: float
    games: int
    moves: int
    moves_per_second: float
    latency_ms: Latency
    errors: int
    error_samples: list[str]
    setup_seconds: float
    server_cpu_seconds: float | None
    # Server CPU seconds per wall second: 1.0 is one core fully busy.
    server_cpu_share: float | None
    client_cpu_seconds: float
    server_log_problems: int | None
    server_log_samples: list[str]
    # The machine's 1-minute load average at the end of the measured phase: the
    # script's own load plus anything else running, which skews every figure.
    load_average: float | None
    server: str = THIS_TREE
    mode: str = "closed"
    db: str = "sqlite"
    # Which of ``--rounds`` rounds this run belongs to (from 1).
    round: int = 1
    # Server CPU milliseconds per move acknowledged.
    server_cpu_ms_per_move: float | None = None
    # Server memory at the end of the run and at its peak, in MB.
    server_rss_mb: float | None = None
    server_peak_rss_mb: float | None = None
    machine: MachineLoad | None = None
    bots: BotReport | None = None
    # CPU seconds per wall second of the processes the server started (bot workers).
    workers_cpu_share: float | None = None


@dataclass
class BotLoad:
    """What the bot tables' spectators saw (``--bot-tables``)."""

    level: str
    against: str = "ismcts"
    pings: list[float] = field(default_factory=list)
    # Table -> bot seats owing a decision now, and the sum sampled while measuring.
    owing: dict[str, int] = field(default_factory=dict)
    in_flight: list[int] = field(default_factory=list)
    # Records of the games over, with when they ended (perf_counter), and when the
    # measured phase began.
    records: list[tuple[float, dict[str, Any]]] = field(default_factory=list)
    since: float = 0.0


@dataclass(frozen=True)
class BotReport:
    """The bot tables' figures: decisions in flight, the loop's lag, the searches' reach."""

    tables: int
    workers: str
    games: int
    in_flight_mean: float
    in_flight_p10: float
    in_flight_max: int
    ping_ms: Latency
    searches: int
    # Iterations at load against the same search on an idle core.
    reach_p10: float | None = None
    reach_median: float | None = None
    reach_min: float | None = None
    idle_searches: int = 0


def percentile(ordered: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) of sorted ``ordered``, interpolated linearly."""
    if not ordered:
        return 0.0
    rank = (len(ordered) - 1) * q / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def latency_summary(seconds: Sequence[float]) -> Latency:
    ordered = sorted(s * 1000 for s in seconds)
    if not ordered:
        return Latency(0, 0.0, 0.0, 0.0, 0.0, 0.0)
    return Latency(
        count=len(ordered),
        mean=sum(ordered) / len(ordered),
        p50=percentile(ordered, 50),
        p90=percentile(ordered, 90),
        p99=percentile(ordered, 99),
        max=ordered[-1],
    )


# ---------------------------------------------------------------- processes
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def plunder_command(tree: Path | None = None) -> list[str]:
    """``plunder`` of a project tree's ``.venv`` (of this interpreter's, by default)."""
    python = Path(sys.executable) if tree is None else tree / ".venv" / "bin" / "python"
    beside = python.with_name("plunder")
    if beside.exists():
        return [str(beside)]
    return [str(python), "-m", "plunder.cli"]


def cpu_seconds(pid: int) -> float | None:
    """User plus system CPU time of process ``pid`` (Linux ``/proc``), or None."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name in parentheses may contain spaces; fields follow the last ")".
    fields = stat.rpartition(")")[2].split()
    ticks = os.sysconf("SC_CLK_TCK")
    # utime and stime are fields 14 and 15 of the whole line, 12 and 13 after ")".
    return (int(fields[11]) + int(fields[12])) / ticks


def child_pids(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux ``/proc``), and theirs."""
    found: list[int] = []
    for children in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError, ValueError):
            for child in children.read_text().split():
                found += [int(child), *child_pids(int(child))]
    return found


def _parents(pid: int) -> list[int]:
    """The parent of process ``pid`` (Linux ``/proc``), as a list of none or one."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return []
    return [int(stat.rsplit(")", 1)[1].split()[1])]


def memory_mb(pid: int) -> tuple[float | None, float | None]:
    """Resident memory of process ``pid`` now and at its peak, in MB (Linux ``/proc``)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None, None
    found: dict[str, float] = {}
    for line in status.splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0]) / 1024
    return found.get("VmRSS"), found.get("VmHWM")


def machine_cpu() -> tuple[float, float] | None:
    """All CPUs' busy and total time so far, in seconds (Linux ``/proc/stat``)."""
    try:
        first = Path("/proc/stat").read_text().splitlines()[0].split()
    except (OSError, IndexError):
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    values = [int(v) for v in first[1:9]]
    idle = values[3] + values[4]  # idle and iowait
    return (sum(values) - idle) / ticks, sum(values) / ticks


def raise_open_files() -> None:
    """Allow as many sockets as the system lets this process (and the servers it starts)."""
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


@dataclass
class Server:
    """A ``plunder serve`` the script started, or one it was pointed at (``process`` None)."""

    url: str
    process: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None
    workers: int = 1  # server processes: above 1, the started process runs them

    def server_pids(self) -> list[int]:
        """The processes that serve: the one started, and with ``--workers`` its children."""
        if self.process is None:
            return []
        pid = self.process.pid
        if self.workers == 1:
            return [pid]
        return [pid, *(child for child in child_pids(pid) if _parents(child) == [pid])]

    def cpu(self) -> float | None:
        if self.process is None:
            return None
        seconds = [cpu_seconds(pid) for pid in self.server_pids()]
        return sum(s for s in seconds if s is not None) if seconds[0] is not None else None

    def children_cpu(self) -> dict[int, float]:
        """CPU seconds of each process the serving ones started (bot workers), by pid."""
        if self.process is None:
            return {}
        serving = self.server_pids()
        found: dict[int, float] = {}
        for pid in child_pids(self.process.pid):
            seconds = cpu_seconds(pid)
            if seconds is not None and pid not in serving:
                found[pid] = seconds
        return found

    def memory(self) -> tuple[float | None, float | None]:
        return memory_mb(self.process.pid) if self.process is not None else (None, None)

    def log_problems(self) -> tuple[int | None, list[str]]:
        """The server's log records at warning level or above, and their kinds with counts."""
        if self.log_path is None:
            return None, []
        kinds = log_records(self.log_path.read_text(errors="replace"))
        ordered = sorted(kinds.items(), key=lambda item: -item[1])
        return sum(kinds.values()), [f"{count}x {kind}" for kind, count in ordered]


# A record's first line: uvicorn's "ERROR:    ..." or plunder's
# "2024-01-01 12:00:00,000 WARNING plunder.server: ...".
RECORD = re.compile(r"^(?:(WARNING|ERROR|CRITICAL):\s+|\S+ \S+ (WARNING|ERROR|CRITICAL) )(.*)$")


def log_records(text: str) -> Counter[str]:
    """Warning and error records in a server log, each summarised with its exception.

    A traceback's last unindented line names the exception, so a record is
    summarised as its message and that line; identical summaries are counted
    together so that one failure repeated under load reads as one line.
    """
    kinds: Counter[str] = Counter()
    head: str | None = None
    tail = ""
    in_traceback = False

    def close() -> None:
        if head is not None:
            kinds[f"{head} -- {tail}" if tail else head] += 1

    for line in text.splitlines():
        match = RECORD.match(line)
        if match:
            close()
            head, tail, in_traceback = f"{match[1] or match[2]} {match[3]}", "", False
        elif line.startswith("Traceback"):
            if head is None:
                # A traceback printed outside any record still means an exception.
                head, tail = "traceback", ""
            in_traceback = True
        elif in_traceback and line and not line[0].isspace():
            # The exception line ends a traceback; in a chain, a later
            # "Traceback" line starts the next one and its line wins.
            tail, in_traceback = line, False
    close()
    return kinds


async def wait_until_up(server: Server, timeout: float = 60.0) -> None:
    """Poll ``/api/games`` until it answers, the process exits or ``timeout`` passes."""
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(base_url=server.url, timeout=2.0) as http:
        while True:
            if server.process is not None and server.process.poll() is not None:
                log = server.log_path.read_text(errors="replace") if server.log_path else ""
                raise LoadError(f"the server exited with {server.process.returncode}:\n{log}")
            with contextlib.suppress(httpx.HTTPError):
                if (await http.get("/api/games")).status_code == 200:
                    return
            if time.monotonic() > deadline:
                raise LoadError(f"the server at {server.url} did not answer in {timeout:.0f} s")
            await asyncio.sleep(0.1)


@contextlib.contextmanager
def fresh_store(db: str | None, workdir: Path) -> Any:
    """A store for one run: a SQLite file in ``workdir``, or a new PostgreSQL database."""
    if not db:
        yield f"sqlite:///{workdir / 'load.sqlite3'}"
        return
    if not db.startswith("postgresql"):
        yield db
        return
    import psycopg

    admin = db.replace("postgresql+psycopg://", "postgresql://")
    name = f"plunder_load_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = admin.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.asynccontextmanager
async def started_server(
    tree: Path | None,
    store: str,
    workdir: Path,
    *,
    lifted: bool = True,
    bot_workers: int | None = None,
    workers: int = 1,
) -> AsyncIterator[Server]:
    """A ``plunder serve`` subprocess of ``tree`` on ``store``, on a free port, stopped on exit.

    ``lifted``: its limits on creating tables and on messages are lifted (``LIFTED``),
    for one client at machine speed; otherwise it runs with its default limits,
    whatever ``PLUNDER_`` settings this environment holds. ``bot_workers``: its
    ``--bot-workers`` (None: its default); ``workers``: its ``--workers`` (server
    processes sharing the port; more than one needs a PostgreSQL store).
    """
    port = free_port()
    log_path = workdir / "server.log"
    command = [
        *plunder_command(tree),
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        store,
        "--quiet",
        "--bot-delay",
        "0",
        *([] if bot_workers is None else ["--bot-workers", str(bot_workers)]),
        *([] if workers == 1 else ["--workers", str(workers)]),
    ]
    if lifted:
        environment = {**os.environ, **LIFTED}
    else:
        environment = {k: v for k, v in os.environ.items() if not k.startswith("PLUNDER_")}
    environment.pop("DATABASE_URL", None)
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, env=environment, cwd=tree or None
        )
    server = Server(f"http://127.0.0.1:{port}", process, log_path, workers)
    try:
        await wait_until_up(server)
        yield server
    finally:
        # SIGINT lets uvicorn run the app's shutdown (the store is closed cleanly).
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                await asyncio.to_thread(process.wait, 15)
            except subprocess.TimeoutExpired:
                process.kill()
                await asyncio.to_thread(process.wait)


# ----------------------------------------------------------------- clients
@dataclass
class Run:
    """What every pair of clients shares during one run."""

    server: Server
    http: httpx.AsyncClient
    tally: Tally
    seed: int
    games_per_pair: int | None
    stall: float
    # Seconds a seat waits before it acts (human mode), or None (closed loop).
    think: tuple[float, float] | None = None
    bots: BotLoad | None = None
    setup: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(SETUP_CONCURRENCY))

    @property
    def ws_base(self) -> str:
        return "ws" + self.server.url.removeprefix("http")


@dataclass(eq=False)
class Pending:
    """An action on its way, until every seat of its table has been shown it."""

    actor: int
    acted: dict[str, Any]
    sent_at: float
    measuring: bool
    seen: set[int] = field(default_factory=set)


@dataclass(eq=False)
class Watch:
    """A table's actions on their way, shared by its seats (for the every-seat latency)."""

    pending: list[Pending] = field(default_factory=list)

    def shown(self, run: Run, seat: int, message: dict[str, Any]) -> None:
        """``seat`` received ``message``: count the actions it shows to every seat now."""
        now = time.perf_counter()
        for entry in list(self.pending):
            if seat in entry.seen or not reflects(entry.acted, message, entry.actor):
                continue
            entry.seen.add(seat)
            if len(entry.seen) == SEATS:
                self.pending.remove(entry)
                if run.tally.measuring and entry.measuring:
                    run.tally.latencies.append(now - entry.sent_at)


async def post(run: Run, path: str, payload: dict[str, Any]) -> dict[str, Any]:
    try:
        response = await run.http.post(path, json=payload)
    except httpx.HTTPError as exc:
        raise LoadError(f"POST {path}: {type(exc).__name__}: {exc}") from None
    if response.status_code != 200:
        raise LoadError(f"POST {path}: {response.status_code} {response.text[:200]}")
    data: dict[str, Any] = response.json()
    return data


async def open_table(run: Run, pair: int) -> tuple[str, list[str]]:
    """A new Duel table with two human seats, both taken; its id and the seat tokens."""
    created = await post(
        run,
        "/api/tables",
        {
            "game": GAME,
            "options": {},
            "seats": [{"kind": "human"}] * SEATS,
            "name": f"load {pair}a",
            "clock": None,
        },
    )
    table = created["table"]
    joined = await post(run, f"/api/tables/{table}/join", {"name": f"load {pair}b"})
    tokens = [""] * SEATS
    tokens[created["seat"]] = created["token"]
    tokens[joined["seat"]] = joined["token"]
    return table, tokens


def committed(message: dict[str, Any]) -> set[int]:
    return set(message["view"].get("committed") or [])


def reflects(acted: dict[str, Any], message: dict[str, Any], seat: int) -> bool:
    """Whether ``message`` came after the server applied the action ``seat`` sent at ``acted``.

    Until it is applied, only other seats' commits to the same step can happen
    (the step cannot resolve without this seat): the move count then rises by
    exactly the number of new commits and this seat is still uncommitted. After
    it is applied, this seat is committed, or the step resolved and the count
    rose by at least this seat's move on top of any new commits.
    """
    if message["move"] <= acted["move"]:
        return False
    if "committed" not in message["view"]:
        # A view without commit information: the first later move is the answer.
        return True
    before, now = committed(acted), committed(message)
    same_step = (
        seat not in now and before <= now and message["move"] - acted["move"] == len(now - before)
    )
    return not same_step


async def receive(socket_: ClientConnection, wait: float) -> dict[str, Any] | None:
    """The next message, or None if none came within ``wait`` seconds."""
    try:
        async with asyncio.timeout(wait):
            text = await socket_.recv()
    except TimeoutError:
        return None
    message: dict[str, Any] = json.loads(text)
    return message


async def play_seat(
    run: Run,
    table: str,
    token: str,
    seat: int,
    rng: random.Random,
    connected: asyncio.Event,
    watch: Watch,
) -> bool:
    """Play one seat of ``table`` to the end of its game; True if the game ended."""
    tally = run.tally
    try:
        async with connect(
            f"{run.ws_base}/ws/{table}", open_timeout=run.stall, close_timeout=2
        ) as socket_:
            await socket_.send(json.dumps({"type": "hello", "token": token}))
            acted: dict[str, Any] | None = None  # the state this seat last acted on
            due: dict[str, Any] | None = None  # a state offering a move, to act on later
            act_at = 0.0
            held = 0  # events of the seat's log received so far
            sent_at = 0.0
            sent_measuring = False
            heard = time.monotonic()

            async def act(on: dict[str, Any]) -> None:
                nonlocal acted, sent_at, sent_measuring
                acted = on
                sent_measuring = tally.measuring
                sent_at = time.perf_counter()
                if run.think is not None:
                    watch.pending.append(Pending(seat, on, sent_at, sent_measuring))
                action = rng.choice(on["legal"])
                await socket_.send(
                    json.dumps({"type": "act", "action": action, "step": on["step"]})
                )

            while True:
                wait = run.stall if due is None else max(0.0, act_at - time.monotonic())
                message = await receive(socket_, wait)
                if message is None:
                    if due is not None and time.monotonic() >= act_at:
                        on, due = due, None
                        await act(on)
                    elif time.monotonic() - heard >= run.stall:
                        raise LoadError(f"table {table} seat {seat}: no message for {run.stall} s")
                    continue
                heard = time.monotonic()
                kind = message.get("type")
                if kind == "error":
                    tally.error(f"table {table} seat {seat}: {message.get('message')}")
                    # The action was refused, so nothing is outstanding any more.
                    acted = None
                    continue
                if kind != "state":
                    continue
                if message.get("seat") != seat:
                    raise LoadError(f"table {table}: hello as seat {seat} answered as a spectator")
                connected.set()  # the hello was answered: this seat is in play
                start = message.get("events_from", 0)
                if start not in (0, held):
                    tally.error(f"table {table} seat {seat}: events from {start}, {held} held")
                held = start + len(message.get("events", []))
                if run.think is not None:
                    watch.shown(run, seat, message)
                if acted is not None:
                    if not reflects(acted, message, seat):
                        continue  # stale: our action is still on its way
                    # Only actions sent and answered inside the measured phase count.
                    if tally.measuring and sent_measuring:
                        if run.think is None:
                            tally.latencies.append(time.perf_counter() - sent_at)
                        tally.moves += 1
                    acted = None
                if message["view"].get("over") or message["table"]["status"] == "over":
                    return True
                if message["legal"] and due is None:
                    if run.think is None:
                        await act(message)
                    else:
                        # As a person would: a moment after the choice is offered.
                        act_at = time.monotonic() + rng.uniform(*run.think)
                        due = message
    except (OSError, WebSocketException) as exc:
        raise LoadError(f"table {table} seat {seat}: {type(exc).__name__}: {exc}") from None


async def play_pair(run: Run, pair: int) -> None:
    """Two clients playing table after table until cancelled or their games are done."""
    tally = run.tally
    rngs = [random.Random(f"{run.seed}:{pair}:{seat}") for seat in range(SEATS)]
    first = True
    played = 0
    while run.games_per_pair is None or played < run.games_per_pair:
        try:
            if first:
                # Set-up is throttled so the measured phase starts from a settled server.
                async with run.setup:
                    table, tokens = await open_table(run, pair)
            else:
                table, tokens = await open_table(run, pair)
            connected = [asyncio.Event() for _ in range(SEATS)]
            watch = Watch()
            async with asyncio.TaskGroup() as group:
                seats = [
                    group.create_task(
                        play_seat(run, table, tokens[s], s, rngs[s], connected[s], watch)
                    )
                    for s in range(SEATS)
                ]
                if first:
                    await asyncio.gather(*(event.wait() for event in connected))
                    tally.ready += 1
                    first = False
            if all(task.result() for task in seats):
                played += 1
                if tally.measuring:
                    tally.games += 1
        except* Exception as failures:
            # One seat failed: the TaskGroup cancelled the other; start a fresh table.
            for failure in failures.exceptions:
                tally.error(
                    str(failure)
                    if isinstance(failure, LoadError)
                    else f"pair {pair}: {type(failure).__name__}: {failure}"
                )
            if first:
                tally.ready += 1
                first = False
            await asyncio.sleep(0.2)
    tally.done += 1


async def play_bot_table(run: Run, index: int) -> None:
    """Bot tables one after another, each followed by a spectator who pings the server."""
    bots = run.bots
    assert bots is not None
    seats = [
        {"kind": "bot", "bot": "ismcts", "level": bots.level},
        {"kind": "bot", "bot": bots.against, "level": bots.level},
    ]
    while True:
        try:
            created = await post(
                run,
                "/api/tables",
                {"game": GAME, "options": BOT_OPTIONS, "seats": seats, "name": f"bots {index}",
                 "clock": None},
            )
            table = created["table"]
            await watch_bot_table(run, bots, table)
            response = await run.http.get(f"/api/tables/{table}/record")
            if response.status_code != 200:
                raise LoadError(f"record of bot table {table}: {response.status_code}")
            bots.records.append((time.perf_counter(), response.json()))
        except LoadError as exc:
            run.tally.error(str(exc))
            await asyncio.sleep(0.2)


async def watch_bot_table(run: Run, bots: BotLoad, table: str) -> None:
    """Watch ``table`` to its end: the bot decisions it owes, and the ping's round trip."""
    try:
        async with connect(
            f"{run.ws_base}/ws/{table}", open_timeout=run.stall, close_timeout=2
        ) as socket_:
            await socket_.send(json.dumps({"type": "hello"}))
            sent: deque[tuple[float, bool]] = deque()

            async def ping() -> None:
                while True:
                    await asyncio.sleep(PING_EVERY)
                    sent.append((time.perf_counter(), run.tally.measuring))
                    await socket_.send(json.dumps({"type": "ping"}))

            pinging = asyncio.create_task(ping())
            try:
                while True:
                    message = await receive(socket_, run.stall)
                    if message is None:
                        raise LoadError(f"bot table {table}: no message for {run.stall} s")
                    kind = message.get("type")
                    if kind == "pong" and sent:
                        at, measured = sent.popleft()
                        if measured and run.tally.measuring:
                            bots.pings.append(time.perf_counter() - at)
                    elif kind == "state":
                        view = message["view"]
                        if view.get("over") or message["table"]["status"] == "over":
                            return
                        owing = set(view.get("pending") or []) - set(view.get("committed") or [])
                        bots.owing[table] = len(owing)
            finally:
                bots.owing.pop(table, None)
                pinging.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pinging
    except (OSError, WebSocketException) as exc:
        raise LoadError(f"bot table {table}: {type(exc).__name__}: {exc}") from None


def bot_report(bots: BotLoad, tables: int) -> BotReport:
    """The bot tables' figures over the measured phase (the searches' reach comes later)."""
    in_flight = sorted(bots.in_flight) or [0]
    ended = [record for at, record in bots.records if at >= bots.since]
    return BotReport(
        tables=tables,
        workers="",
        games=len(ended),
        in_flight_mean=round(sum(in_flight) / len(in_flight), 2),
        in_flight_p10=percentile(in_flight, 10),
        in_flight_max=in_flight[-1],
        ping_ms=latency_summary(bots.pings),
        searches=sum(len(searches_of(record)) for record in ended),
    )


def searches_of(record: dict[str, Any]) -> list[tuple[int, int, str, int]]:
    """A record's searching decisions (more than one legal action): (move, from, the
    bot's spec without its count, iterations)."""
    found = []
    for key, spec in record.get("bot_moves", {}).items():
        match = re.fullmatch(r"(ismcts:\w+):iterations=(\d+)", spec)
        if match:
            found.append((int(key), record["bot_from"][key], match[1], int(match[2])))
    return found


def searches_reach(bots: BotLoad, report: BotReport, samples: int) -> BotReport:
    """``report`` with each searching decision's iterations at load against the same
    search run again here, on an idle core, from the same position and generator."""
    import plunder
    from plunder.bots.table import TableBot

    chosen: list[tuple[dict[str, Any], tuple[int, int, str, int]]] = []
    for at, record in bots.records:
        if at >= bots.since:
            chosen += [(record, search) for search in searches_of(record)]
    if not chosen:
        return report
    step = max(1, len(chosen) // samples)
    ratios = []
    for record, (move, start, spec, at_load) in chosen[::step][:samples]:
        game = plunder.load(record["game"], **record["options"])
        state = game.new(seed=record["seed"])
        for seat, action in record["moves"][:start]:
            state.act(seat, action)
        seat = record["moves"][move][0]
        rng = random.Random(f"{record['bot_secret']}:{start}:{seat}")
        decision = TableBot.from_spec(spec, record["game"]).decide(state, seat, rng)
        idle = int(decision.spec.rpartition("iterations=")[2] or 0)
        if idle:
            ratios.append(at_load / idle)
    ratios.sort()
    if not ratios:
        return report
    return dataclasses.replace(
        report,
        reach_p10=round(percentile(ratios, 10), 3),
        reach_median=round(percentile(ratios, 50), 3),
        reach_min=round(ratios[0], 3),
        idle_searches=len(ratios),
    )


# ---------------------------------------------------------------- the runs
# Called often while a run goes: (label, tables, tally, elapsed seconds, planned seconds).
ProgressHook = Callable[[str, int, Tally, float, float], None]


@dataclass(frozen=True)
class Plan:
    """One run: a server (its tree, None for this one), a mode and a number of tables."""

    server: str
    tree: Path | None
    mode: str
    tables: int
    round: int = 1
    workers: int = 1  # the started server's --workers


async def run_size(
    server: Server,
    tables: int,
    seconds: float,
    games: int | None,
    seed: int,
    stall: float,
    progress: ProgressHook,
    think: tuple[float, float] | None = None,
    bots: BotLoad | None = None,
    bot_tables: int = 0,
) -> SizeReport:
    """Set up ``tables`` pairs (and ``bot_tables``, watched into ``bots``), measure for
    ``seconds`` (or ``games`` each), stop them."""
    tally = Tally()
    # Idle connections are dropped before the server's keep-alive timeout (5 s in
    # uvicorn) ends them: reusing one just as the server closes it fails the request.
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64, keepalive_expiry=2.0)
    async with httpx.AsyncClient(base_url=server.url, timeout=stall, limits=limits) as http:
        run = Run(server, http, tally, seed, games, stall, think, bots=bots)
        setup_start = time.perf_counter()
        pairs = [asyncio.create_task(play_pair(run, pair)) for pair in range(tables)]
        watchers = [
            asyncio.create_task(play_bot_table(run, index)) for index in range(bot_tables)
        ]
        thresholds = gc.get_threshold()
        try:
            while tally.ready < tables:
                progress("set-up", tables, tally, time.perf_counter() - setup_start, 0.0)
                if all(task.done() for task in pairs):
                    break
                await asyncio.sleep(0.1)
            setup_seconds = time.perf_counter() - setup_start

            # Thousands of connections make a big heap: a full collection in this
            # process would stall every client for a while and count against the
            # server. Set-up's objects are frozen out of collections and the oldest
            # generation is left alone while measuring (as the server does).
            gc.collect()
            gc.freeze()
            gc.set_threshold(thresholds[0], thresholds[1], 1_000_000_000)
            cpu_before = server.cpu()
            children_before = server.children_cpu()
            machine_before = machine_cpu()
            client_before = time.process_time()
            loads: list[float] = []
            sampled = 0.0
            tally.measuring = True
            start = time.perf_counter()
            if bots is not None:
                bots.since = start
            while True:
                elapsed = time.perf_counter() - start
                progress("measuring", tables, tally, elapsed, seconds if games is None else 0.0)
                if elapsed - sampled >= 1.0 or not loads:
                    loads.append(os.getloadavg()[0])
                    sampled = elapsed
                if bots is not None:
                    bots.in_flight.append(sum(bots.owing.values()))
                if games is None and elapsed >= seconds:
                    break
                if games is not None and tally.done >= tables:
                    break
                await asyncio.sleep(0.25)
            tally.measuring = False
            wall = time.perf_counter() - start
            cpu_after = server.cpu()
            children_after = server.children_cpu()
            machine_after = machine_cpu()
            client_cpu = time.process_time() - client_before
            load_average = os.getloadavg()[0]
            rss, peak = server.memory()
        finally:
            gc.set_threshold(*thresholds)
            gc.unfreeze()
            for task in pairs + watchers:
                task.cancel()
            await asyncio.gather(*pairs, *watchers, return_exceptions=True)
    server_cpu = (
        cpu_after - cpu_before if cpu_before is not None and cpu_after is not None else None
    )
    # Processes the server started (bot workers): a worker replaced meanwhile counts
    # from its start.
    children_cpu = sum(
        seconds - children_before.get(pid, 0.0) for pid, seconds in children_after.items()
    )
    busy = others = None
    if machine_before is not None and machine_after is not None:
        used = machine_after[0] - machine_before[0]
        total = machine_after[1] - machine_before[1]
        if total > 0:
            busy = used / total
            others = max(0.0, used - client_cpu - (server_cpu or 0.0) - children_cpu) / total
    problems, samples = server.log_problems()
    return SizeReport(
        bots=None if bots is None else bot_report(bots, bot_tables),
        tables=tables,
        seconds=round(wall, 3),
        games=tally.games,
        moves=tally.moves,
        moves_per_second=tally.moves / wall if wall > 0 else 0.0,
        latency_ms=latency_summary(tally.latencies),
        errors=tally.errors,
        error_samples=tally.error_samples,
        setup_seconds=round(setup_seconds, 3),
        server_cpu_seconds=server_cpu,
        server_cpu_share=server_cpu / wall if server_cpu is not None and wall > 0 else None,
        workers_cpu_share=children_cpu / wall if wall > 0 else None,
        client_cpu_seconds=client_cpu,
        server_log_problems=problems,
        server_log_samples=samples,
        load_average=load_average,
        mode="human" if think is not None else "closed",
        server_cpu_ms_per_move=(
            1000 * server_cpu / tally.moves if server_cpu is not None and tally.moves else None
        ),
        server_rss_mb=rss,
        server_peak_rss_mb=peak,
        machine=MachineLoad(
            load_min=min(loads),
            load_mean=sum(loads) / len(loads),
            load_max=max(loads),
            cpu_busy=busy,
            cpu_others=others,
        ),
    )


def plans(args: argparse.Namespace) -> list[Plan]:
    """Every run, in order: for each mode and size, each server in turn, ``--rounds`` times.

    The servers take turns, so a change in the machine's other load weighs on each.
    """
    servers = args.server or [(THIS_TREE, None)]
    sizes = {"closed": args.tables, "human": args.human_tables or args.tables}
    # With several worker counts each server is named with its count.
    counted = len(args.workers) > 1 or args.workers != [1]
    return [
        Plan(f"{name} x{workers}" if counted else name, tree, mode, tables, round_, workers)
        for mode in args.mode
        for tables in sizes[mode]
        for round_ in range(1, args.rounds + 1)
        for workers in args.workers
        for name, tree in servers
    ]


async def run_all(args: argparse.Namespace, progress: ProgressHook) -> list[SizeReport]:
    raise_open_files()
    reports = []
    db_kind = "postgresql" if (args.db or "").startswith("postgresql") else "sqlite"
    for plan in plans(args):
        think = args.think if plan.mode == "human" else None

        def told(
            label: str, tables: int, tally: Tally, elapsed: float, total: float, plan: Plan = plan
        ) -> None:
            progress(f"{plan.server}, {plan.mode}: {label}", tables, tally, elapsed, total)

        if args.url:
            server = Server(args.url.rstrip("/"))
            await wait_until_up(server, timeout=10)
            bots = BotLoad(args.bot_level, args.bot_against) if args.bot_tables else None
            report = await run_size(
                server, plan.tables, args.seconds, args.games, args.seed, args.stall, told, think,
                bots, args.bot_tables,
            )
            report.server, report.db, report.round = args.url, "?", plan.round
            reports.append(report)
            continue
        # A fresh server and store for each run, so one run's tables do not weigh
        # on the next.
        workdir = Path(tempfile.mkdtemp(prefix="plunder-load-"))
        try:
            bots = BotLoad(args.bot_level, args.bot_against) if args.bot_tables else None
            with fresh_store(args.db, workdir) as store:
                async with started_server(
                    plan.tree, store, workdir, bot_workers=args.bot_workers, workers=plan.workers
                ) as server:
                    report = await run_size(
                        server,
                        plan.tables,
                        args.seconds,
                        args.games,
                        args.seed,
                        args.stall,
                        told,
                        think,
                        bots,
                        args.bot_tables,
                    )
            if bots is not None and report.bots is not None:
                # The server has stopped: the searches run again on an idle core.
                workers = "default" if args.bot_workers is None else str(args.bot_workers)
                report.bots = searches_reach(
                    bots, dataclasses.replace(report.bots, workers=workers), args.idle_samples
                )
            # Read the log again once the server has stopped: shutdown problems count.
            report.server_log_problems, report.server_log_samples = server.log_problems()
            report.server, report.db, report.round = plan.server, db_kind, plan.round
            reports.append(report)
            if args.server_log and server.log_path is not None:
                with Path(args.server_log).open("a", encoding="utf-8") as kept:
                    kept.write(f"===== {plan.server}, {plan.mode}, {plan.tables} tables =====\n")
                    kept.write(server.log_path.read_text(errors="replace"))
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
    return reports


def comparisons(reports: list[SizeReport]) -> list[dict[str, Any]]:
    """Each server's moves a second against the first server's, per mode and size.

    Over several rounds, the moves of each server's runs are added up (so the
    ratio is of the mean rates), and each round's own ratio is listed too.
    """
    runs: dict[tuple[str, int], dict[str, list[SizeReport]]] = {}
    for report in reports:
        runs.setdefault((report.mode, report.tables), {}).setdefault(report.server, []).append(
            report
        )
    found = []
    for (mode, tables), by_server in runs.items():
        names = list(by_server)
        base_name, base = names[0], by_server[names[0]]
        base_rate = sum(r.moves for r in base) / sum(r.seconds for r in base)
        for name in names[1:]:
            mine = by_server[name]
            rate = sum(r.moves for r in mine) / sum(r.seconds for r in mine)
            found.append(
                {
                    "mode": mode,
                    "tables": tables,
                    "server": name,
                    "against": base_name,
                    "moves_per_second": round(rate, 1),
                    "against_moves_per_second": round(base_rate, 1),
                    "ratio": round(rate / base_rate, 2) if base_rate else None,
                    "ratio_by_round": [
                        round(m.moves_per_second / b.moves_per_second, 2)
                        if b.moves_per_second
                        else None
                        for m, b in zip(mine, base, strict=False)
                    ],
                }
            )
    return found


# ------------------------------------------------------------------ output
def figures_json(args: argparse.Namespace, reports: list[SizeReport]) -> dict[str, Any]:
    return {
        "game": GAME,
        "server": args.url or "started per run",
        "servers": [name for name, _ in args.server] if args.server else [THIS_TREE],
        "db": args.db or ("" if args.url else "sqlite in a temporary directory"),
        "modes": list(args.mode),
        "rounds": args.rounds,
        "think_seconds": list(args.think),
        "seed": args.seed,
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "note": NOTE,
        "sizes": [asdict(report) for report in reports],
        "comparisons": comparisons(reports),
    }


def print_table(reports: list[SizeReport]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=max(160, shutil.get_terminal_size().columns))
    table = Table(title=f"plunder serve under load: 2-player {GAME} tables, humans on both seats")
    for column in (
        "server",
        "round",
        "db",
        "mode",
        "tables",
        "seconds",
        "games",
        "moves",
        "moves/s",
        "p50 ms",
        "p99 ms",
        "max ms",
        "errors",
        "server CPU",
        "CPU/move",
        "RSS end/peak",
        "load min/mean/max",
        "others",
        "log issues",
    ):
        table.add_column(column, justify="right")
    for r in reports:
        lat = r.latency_ms
        cpu = (
            f"{r.server_cpu_seconds:.1f} s ({r.server_cpu_share:.0%})"
            if r.server_cpu_seconds is not None and r.server_cpu_share is not None
            else "-"
        )
        per_move = "-" if r.server_cpu_ms_per_move is None else f"{r.server_cpu_ms_per_move:.2f} ms"
        memory = (
            f"{r.server_rss_mb:.0f}/{r.server_peak_rss_mb:.0f} MB"
            if r.server_rss_mb is not None and r.server_peak_rss_mb is not None
            else "-"
        )
        machine = r.machine
        load = (
            f"{machine.load_min:.1f}/{machine.load_mean:.1f}/{machine.load_max:.1f}"
            if machine is not None
            else "-"
        )
        others = (
            f"{machine.cpu_others:.0%}"
            if machine is not None and machine.cpu_others is not None
            else "-"
        )
        table.add_row(
            r.server,
            str(r.round),
            r.db,
            r.mode,
            str(r.tables),
            f"{r.seconds:.1f}",
            str(r.games),
            str(r.moves),
            f"{r.moves_per_second:.0f}",
            f"{lat.p50:.1f}",
            f"{lat.p99:.1f}",
            f"{lat.max:.1f}",
            str(r.errors),
            cpu,
            per_move,
            memory,
            load,
            others,
            "-" if r.server_log_problems is None else str(r.server_log_problems),
        )
    console.print(table)
    for found in comparisons(reports):
        console.print(
            f"{found['mode']}, {found['tables']} tables: {found['server']} "
            f"{found['moves_per_second']:.0f} moves/s against {found['against']} "
            f"{found['against_moves_per_second']:.0f}: x{found['ratio']}"
            + (
                f" (by round: {found['ratio_by_round']})"
                if len(found["ratio_by_round"]) > 1
                else ""
            )
        )
    console.print(
        "Latency: closed mode, from an act to its seat's acknowledgement; human mode, from "
        "an act to every seat's update. Server CPU is over the measured phase (100% is one "
        "core). Load is the machine's 1-minute load average while measuring; 'others' is the "
        "share of all CPUs taken by processes other than this script and the server. "
        f"Client CPU: {', '.join(f'{r.client_cpu_seconds:.1f} s' for r in reports)}. "
        f"Note: {NOTE}."
    )
    for r in reports:
        if r.bots is not None:
            b, ping = r.bots, r.bots.ping_ms
            reach = (
                f"iterations at load against an idle core (over {b.idle_searches} searches run "
                f"again): p10 {b.reach_p10:.0%}, median {b.reach_median:.0%}, lowest "
                f"{b.reach_min:.0%}"
                if b.reach_p10 is not None and b.reach_median is not None
                and b.reach_min is not None
                else "no search to run again"
            )
            console.print(
                f"{r.server}, {r.mode}, {r.tables} tables: {b.tables} bot tables "
                f"(--bot-workers {b.workers}), {b.games} games over: bot decisions owed at once "
                f"mean {b.in_flight_mean:.1f}, p10 {b.in_flight_p10:.0f}, most "
                f"{b.in_flight_max}; ping p50 / p99 / max {ping.p50:.1f} / {ping.p99:.1f} / "
                f"{ping.max:.1f} ms ({ping.count}); {b.searches} searches; bot workers' CPU "
                f"{r.workers_cpu_share or 0:.0%} of a core; {reach}"
            )
        for sample in r.error_samples:
            console.print(
                f"[red]error[/red] ({r.server}, {r.tables} tables): {sample}", markup=True
            )
        for sample in r.server_log_samples:
            console.print(f"[yellow]server log[/yellow] ({r.server}, {r.tables} tables): {sample}")


class StatusLine:
    """A one-line progress indicator on stderr, redrawn in place when stderr is a terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.tty = sys.stderr.isatty()
        self.last = 0.0

    def __call__(self, phase: str, tables: int, tally: Tally, elapsed: float, total: float) -> None:
        now = time.monotonic()
        # Off a terminal, a line every few seconds is enough and keeps logs short.
        if not self.enabled or now - self.last < (0.25 if self.tty else 5.0):
            return
        self.last = now
        if phase.endswith("set-up"):
            text = f"{phase}, {tables} tables: {tally.ready} pairs connected, {elapsed:.1f} s"
        else:
            rate = tally.moves / elapsed if elapsed > 0 else 0.0
            until = f"/{total:.0f}" if total else ""
            text = (
                f"{phase}, {tables} tables: {elapsed:.0f}{until} s, {tally.moves} moves "
                f"({rate:.0f}/s), {tally.games} games, {tally.errors} errors"
            )
        if self.tty:
            sys.stderr.write("\r\x1b[2K" + text)
        else:
            sys.stderr.write(text + "\n")
        sys.stderr.flush()

    def end(self) -> None:
        if self.enabled and self.tty:
            sys.stderr.write("\r\x1b[2K")
            sys.stderr.flush()


# -------------------------------------------------------------------- main
def table_counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give numbers such as 50 or 50,200") from None
    if not counts or any(count < 1 for count in counts):
        raise argparse.ArgumentTypeError(f"{text!r}: each number of tables must be at least 1")
    return counts


def mode_list(text: str) -> list[str]:
    modes = [part.strip() for part in text.split(",") if part.strip()]
    if not modes or any(mode not in MODES for mode in modes):
        raise argparse.ArgumentTypeError(f"{text!r}: modes are {', '.join(MODES)}")
    return modes


def think_range(text: str) -> tuple[float, float]:
    try:
        low, _, high = text.partition(",")
        span = (float(low), float(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give seconds such as 1,3") from None
    if not 0 <= span[0] <= span[1]:
        raise argparse.ArgumentTypeError(f"{text!r}: from a low to a high number of seconds")
    return span


def server_tree(text: str) -> tuple[str, Path]:
    name, sep, where = text.partition("=")
    if not sep or not name or not where:
        raise argparse.ArgumentTypeError(f"{text!r}: give NAME=DIR, e.g. before=/tmp/before")
    tree = Path(where).resolve()
    if not (tree / ".venv" / "bin" / "python").exists():
        raise argparse.ArgumentTypeError(f"{text!r}: {tree} has no .venv/bin/python")
    return name, tree


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--tables",
        type=table_counts,
        default=[50],
        help="tables played at once; a list such as 50,200 runs each size in turn (default 50)",
    )
    parser.add_argument(
        "--human-tables",
        type=table_counts,
        help="tables played at once in the human mode (default: those of --tables)",
    )
    parser.add_argument(
        "--mode",
        type=mode_list,
        default=["closed"],
        help="closed (act at once), human (act --think seconds later), or both: closed,human",
    )
    parser.add_argument(
        "--think",
        type=think_range,
        default=(1.0, 3.0),
        help="human mode: seconds a seat waits before it acts, low,high (default 1,3)",
    )
    parser.add_argument(
        "--server",
        type=server_tree,
        action="append",
        help="NAME=DIR: run against the project in DIR (its .venv); repeat to compare",
    )
    length = parser.add_mutually_exclusive_group()
    length.add_argument(
        "--seconds", type=float, default=20.0, help="measured phase per run (default 20)"
    )
    length.add_argument(
        "--games", type=int, help="instead of a duration: games each table plays, then stop"
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="run every server this many times, taking turns (default 1)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the clients' choices")
    parser.add_argument("--url", help="a running server, e.g. http://127.0.0.1:8000")
    parser.add_argument(
        "--db",
        help="the started servers' store: a PostgreSQL server's URL (a fresh database is "
        "made on it for each run), or any store URL (default: a temporary SQLite file)",
    )
    parser.add_argument(
        "--stall",
        type=float,
        default=30.0,
        help="seconds without a message before a connection counts as stalled (default 30)",
    )
    parser.add_argument(
        "--server-log",
        help="append the started servers' logs to this file (they are deleted otherwise)",
    )
    parser.add_argument(
        "--bot-tables",
        type=int,
        default=0,
        help="more Duel tables of two ismcts bots, each with a spectator pinging the "
        "server (default 0)",
    )
    parser.add_argument(
        "--bot-level", default="normal", help="the ismcts bots' level (default normal)"
    )
    parser.add_argument(
        "--bot-against",
        choices=("ismcts", "random"),
        default="ismcts",
        help="the bot tables' second seat (default ismcts)",
    )
    parser.add_argument(
        "--bot-workers",
        type=int,
        help="the started servers' --bot-workers (default: theirs; 0: bots on threads)",
    )
    parser.add_argument(
        "--idle-samples",
        type=int,
        default=30,
        help="searching decisions run again on an idle core after the run (default 30)",
    )
    parser.add_argument(
        "--workers",
        type=table_counts,
        default=[1],
        help="the started servers' --workers (server processes); a list such as 1,2 runs "
        "each in turn; more than 1 needs --db postgresql://... (default 1)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    args = parser.parse_args(argv)
    if args.games is not None and args.games < 1:
        parser.error("--games: at least 1")
    if args.rounds < 1:
        parser.error("--rounds: at least 1")
    if args.url and (args.db or args.server or args.workers != [1]):
        parser.error(
            "--db, --server and --workers are for the servers the script starts; not with --url"
        )
    if max(args.workers) > 1 and not (args.db or "").startswith("postgresql"):
        parser.error("--workers above 1: the server processes share a PostgreSQL store (--db)")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    status = StatusLine(enabled=not args.quiet)
    try:
        reports = asyncio.run(run_all(args, status))
    except LoadError as exc:
        status.end()
        print(f"load_tables: {exc}", file=sys.stderr)
        return 2
    status.end()
    if args.json:
        print(json.dumps(figures_json(args, reports), indent=2))
    else:
        print_table(reports)
    return 1 if any(r.errors for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
