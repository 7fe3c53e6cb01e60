"""Load on the browser table server: many two-seat Duel tables played at once.

The script plays 2-player Duel tables against a real ``plunder serve`` over
loopback WebSockets and reports, for each number of tables:

* moves per second: actions the server accepted, stored and acknowledged;
* latency from sending an ``act`` to receiving, on the same connection, the
  first ``state`` message that includes that action (p50, p90, p99, max);
* games finished, and errors: any ``error`` message, refused HTTP request,
  dropped connection, connection silent for longer than ``--stall`` seconds or
  ``state`` message whose ``events`` do not follow on from those before it;
* the server process's CPU time over the measured phase (from
  ``/proc/<pid>/stat``, so only for a server the script started on Linux), and
  any warning, error or traceback the server logged.

Each table has two human seats: one client creates it (``POST /api/tables``),
the other joins it (``POST /api/tables/{t}/join``), and each seat opens its own
WebSocket and says hello with its token. Whenever a seat's ``state`` carries a
non-empty ``legal`` list it picks one at random (seeded by ``--seed``, the table
and the seat) and sends it. When a game ends, the pair opens a new table, so the
load stays steady. All clients run on one asyncio loop in this process.

The latency ends at the first ``state`` whose ``move`` is past the move acted at
and that reflects this seat's own action. In a simultaneous step the opponent's
commit can reach a seat after it acted but before its own action was applied;
that message is past the move too, but it still offers the stale ``legal`` list,
so it is neither the acknowledgement nor a prompt to act again.

Run it from the project root::

    .venv/bin/python scripts/load_tables.py                          # 50 tables, 20 s
    .venv/bin/python scripts/load_tables.py --tables 50,200 --seconds 20
    .venv/bin/python scripts/load_tables.py --tables 20 --games 3 --json
    .venv/bin/python scripts/load_tables.py --url http://127.0.0.1:8000 --tables 10
    .venv/bin/python scripts/load_tables.py --db postgresql://me@localhost/plunder_load

By default each size runs on a server of its own, started as a subprocess on a
free port with a fresh SQLite store in a temporary directory and
``--bot-delay 0``; ``--db`` gives that server another store (tables from earlier
sizes then stay in it and are loaded at start), and ``--url`` targets a server
that is already running instead (no CPU figure then). Tables are first set up and
connected, then the measured phase runs for ``--seconds`` (or until every pair
has finished ``--games`` games). The client and the server share the machine's
cores, so the figures measure both together; the report adds the machine's load
average, since anything else running skews them. ``--server-log FILE`` keeps the
started server's log (it lives in the temporary directory otherwise). The exit
status is 1 if any error was seen, 2 if the server could not be reached.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

GAME = "duel"
SEATS = 2
# Tables set up at once: enough to fill the server quickly without a burst of
# hundreds of simultaneous requests before measuring starts.
SETUP_CONCURRENCY = 16
# How many error descriptions a report keeps; the count covers all of them.
ERROR_SAMPLES = 10
NOTE = (
    "client and server run on the same machine and share its "
    f"{os.cpu_count() or '?'} cores; all clients run on one asyncio loop in one process"
)


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


@dataclass
class SizeReport:
    """The figures of one run at one number of tables."""

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


# ------------------------------------------------------------------ server
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def plunder_command() -> list[str]:
    """The ``plunder`` entry point of this interpreter's environment, or ``-m plunder.cli``."""
    beside = Path(sys.executable).with_name("plunder")
    if beside.exists():
        return [str(beside)]
    return [sys.executable, "-m", "plunder.cli"]


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


@dataclass
class Server:
    """A ``plunder serve`` the script started, or one it was pointed at (``process`` None)."""

    url: str
    process: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None

    def cpu(self) -> float | None:
        return cpu_seconds(self.process.pid) if self.process is not None else None

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


@contextlib.asynccontextmanager
async def started_server(db: str | None, workdir: Path) -> AsyncIterator[Server]:
    """A ``plunder serve`` subprocess on a free port, stopped on exit."""
    port = free_port()
    url = db or f"sqlite:///{workdir / 'load.sqlite3'}"
    log_path = workdir / "server.log"
    command = [
        *plunder_command(),
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        url,
        "--quiet",
        "--bot-delay",
        "0",
    ]
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    server = Server(f"http://127.0.0.1:{port}", process, log_path)
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
    """What every pair of clients shares during one size."""

    server: Server
    http: httpx.AsyncClient
    tally: Tally
    seed: int
    games_per_pair: int | None
    stall: float
    setup: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(SETUP_CONCURRENCY))

    @property
    def ws_base(self) -> str:
        return "ws" + self.server.url.removeprefix("http")


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


async def receive(socket_: ClientConnection, stall: float) -> dict[str, Any]:
    try:
        async with asyncio.timeout(stall):
            text = await socket_.recv()
    except TimeoutError:
        raise LoadError(f"no message for {stall:.0f} s") from None
    message: dict[str, Any] = json.loads(text)
    return message


async def play_seat(
    run: Run, table: str, token: str, seat: int, rng: random.Random, connected: asyncio.Event
) -> bool:
    """Play one seat of ``table`` to the end of its game; True if the game ended."""
    tally = run.tally
    try:
        async with connect(
            f"{run.ws_base}/ws/{table}", open_timeout=run.stall, close_timeout=2
        ) as socket_:
            await socket_.send(json.dumps({"type": "hello", "token": token}))
            acted: dict[str, Any] | None = None  # the state this seat last acted on
            held = 0  # events of the seat's log received so far
            sent_at = 0.0
            sent_measuring = False
            while True:
                message = await receive(socket_, run.stall)
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
                if acted is not None:
                    if not reflects(acted, message, seat):
                        continue  # stale: our action is still on its way
                    # Only actions sent and answered inside the measured phase count.
                    if tally.measuring and sent_measuring:
                        tally.latencies.append(time.perf_counter() - sent_at)
                        tally.moves += 1
                    acted = None
                if message["view"].get("over") or message["table"]["status"] == "over":
                    return True
                if message["legal"]:
                    action = rng.choice(message["legal"])
                    acted = message
                    sent_measuring = tally.measuring
                    sent_at = time.perf_counter()
                    await socket_.send(json.dumps({"type": "act", "action": action}))
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
            async with asyncio.TaskGroup() as group:
                seats = [
                    group.create_task(play_seat(run, table, tokens[s], s, rngs[s], connected[s]))
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


# ---------------------------------------------------------------- the runs
# Called often while a size runs: (phase, tables, tally, elapsed seconds, planned seconds).
ProgressHook = Callable[[str, int, Tally, float, float], None]


async def run_size(
    server: Server,
    tables: int,
    seconds: float,
    games: int | None,
    seed: int,
    stall: float,
    progress: ProgressHook,
) -> SizeReport:
    """Set up ``tables`` pairs, measure for ``seconds`` (or ``games`` each), stop them."""
    tally = Tally()
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    async with httpx.AsyncClient(base_url=server.url, timeout=stall, limits=limits) as http:
        run = Run(server, http, tally, seed, games, stall)
        setup_start = time.perf_counter()
        pairs = [asyncio.create_task(play_pair(run, pair)) for pair in range(tables)]
        try:
            while tally.ready < tables:
                progress("set-up", tables, tally, time.perf_counter() - setup_start, 0.0)
                if all(task.done() for task in pairs):
                    break
                await asyncio.sleep(0.1)
            setup_seconds = time.perf_counter() - setup_start

            cpu_before = server.cpu()
            client_before = time.process_time()
            tally.measuring = True
            start = time.perf_counter()
            while True:
                elapsed = time.perf_counter() - start
                progress("measuring", tables, tally, elapsed, seconds if games is None else 0.0)
                if games is None and elapsed >= seconds:
                    break
                if games is not None and tally.done >= tables:
                    break
                await asyncio.sleep(0.25)
            tally.measuring = False
            wall = time.perf_counter() - start
            cpu_after = server.cpu()
            client_cpu = time.process_time() - client_before
            load_average = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        finally:
            for task in pairs:
                task.cancel()
            await asyncio.gather(*pairs, return_exceptions=True)
    server_cpu = (
        cpu_after - cpu_before if cpu_before is not None and cpu_after is not None else None
    )
    problems, samples = server.log_problems()
    return SizeReport(
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
        client_cpu_seconds=client_cpu,
        server_log_problems=problems,
        server_log_samples=samples,
        load_average=load_average,
    )


async def run_all(args: argparse.Namespace, progress: ProgressHook) -> list[SizeReport]:
    reports = []
    for tables in args.tables:
        if args.url:
            server = Server(args.url.rstrip("/"))
            await wait_until_up(server, timeout=10)
            reports.append(
                await run_size(
                    server, tables, args.seconds, args.games, args.seed, args.stall, progress
                )
            )
            continue
        # A fresh server and store for each size, so one size's tables do not
        # weigh on the next.
        workdir = Path(tempfile.mkdtemp(prefix="plunder-load-"))
        try:
            async with started_server(args.db, workdir) as server:
                report = await run_size(
                    server, tables, args.seconds, args.games, args.seed, args.stall, progress
                )
            # Read the log again once the server has stopped: shutdown problems count.
            report.server_log_problems, report.server_log_samples = server.log_problems()
            reports.append(report)
            if args.server_log and server.log_path is not None:
                with Path(args.server_log).open("a", encoding="utf-8") as kept:
                    kept.write(f"===== {tables} tables =====\n")
                    kept.write(server.log_path.read_text(errors="replace"))
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
    return reports


# ------------------------------------------------------------------ output
def figures_json(args: argparse.Namespace, reports: list[SizeReport]) -> dict[str, Any]:
    return {
        "game": GAME,
        "server": args.url or "started per size",
        "db": args.db or ("" if args.url else "sqlite in a temporary directory"),
        "seed": args.seed,
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "note": NOTE,
        "sizes": [asdict(report) for report in reports],
    }


def print_table(reports: list[SizeReport]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title=f"plunder serve under load: 2-player {GAME} tables, humans on both seats")
    for column in (
        "tables",
        "seconds",
        "games",
        "moves",
        "moves/s",
        "p50 ms",
        "p90 ms",
        "p99 ms",
        "max ms",
        "errors",
        "server CPU",
        "load avg",
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
        table.add_row(
            str(r.tables),
            f"{r.seconds:.1f}",
            str(r.games),
            str(r.moves),
            f"{r.moves_per_second:.0f}",
            f"{lat.p50:.1f}",
            f"{lat.p90:.1f}",
            f"{lat.p99:.1f}",
            f"{lat.max:.1f}",
            str(r.errors),
            cpu,
            "-" if r.load_average is None else f"{r.load_average:.1f}",
            "-" if r.server_log_problems is None else str(r.server_log_problems),
        )
    console.print(table)
    console.print(
        f"Server CPU is over the measured phase; 100% is one core. Client CPU: "
        f"{', '.join(f'{r.client_cpu_seconds:.1f} s' for r in reports)}. Load avg is the "
        f"machine's 1-minute load at the end of the phase. Note: {NOTE}."
    )
    for r in reports:
        for sample in r.error_samples:
            console.print(f"[red]error[/red] ({r.tables} tables): {sample}", markup=True)
        for sample in r.server_log_samples:
            console.print(f"[yellow]server log[/yellow] ({r.tables} tables): {sample}")


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
        if phase == "set-up":
            text = f"{tables} tables: set-up, {tally.ready} pairs connected, {elapsed:.1f} s"
        else:
            rate = tally.moves / elapsed if elapsed > 0 else 0.0
            until = f"/{total:.0f}" if total else ""
            text = (
                f"{tables} tables: {elapsed:.0f}{until} s, {tally.moves} moves "
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
    length = parser.add_mutually_exclusive_group()
    length.add_argument(
        "--seconds", type=float, default=20.0, help="measured phase per size (default 20)"
    )
    length.add_argument(
        "--games", type=int, help="instead of a duration: games each table plays, then stop"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the clients' choices")
    parser.add_argument("--url", help="a running server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--db", help="store URL for the started server (default: temporary SQLite)")
    parser.add_argument(
        "--stall",
        type=float,
        default=30.0,
        help="seconds without a message before a connection counts as stalled (default 30)",
    )
    parser.add_argument(
        "--server-log",
        help="append the started server's log to this file (it is deleted otherwise)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    args = parser.parse_args(argv)
    if args.games is not None and args.games < 1:
        parser.error("--games: at least 1")
    if args.url and args.db:
        parser.error("--db is for the server the script starts; not with --url")
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
