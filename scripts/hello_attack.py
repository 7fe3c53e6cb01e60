"""The hello attack on ``plunder serve``: spectators saying hello again and again, never reading.

Anyone may open a WebSocket to a table and say hello as a spectator, with no
token. This script plays that attack against real servers over loopback and
measures what it does to everyone else:

* a fresh SQLite store is made holding one long table, a 5-player Duel stopped
  at ``--moves`` moves (3,000) whose seat 0 (a human) is to move and the other
  seats random bots, and ``--others`` two-human Duel tables (10);
* the server is started on it with its default limits (``--bot-delay 0``);
* one seat of each other table connects and pings every ``--ping-every``
  seconds (0.1), timing each pong: the event loop's delay, as a player feels it;
* after ``--calm`` seconds (5) of pings alone, ``--attackers`` sockets (10) say
  hello as spectators of the long table ``--rate`` times a second (20, the
  default message rate a connection may send) for ``--seconds`` (15), and never
  read a byte; a socket the server drops is opened again at once;
* pings go on for ``--after`` seconds (5) once the attack stops, the attack's
  sockets still open and unread.

Reported for each server: the other tables' ping p50, p99 and max (ms) while
calm, under attack and after; the server's CPU time during the attack (and its
share of a core); its memory (RSS) before the attack, at its peak during it, at
its end and after (its peak counts the time after the attack too); the
attack's sockets opened and dropped, and its hellos sent.

``--server NAME=DIR`` (repeatable) runs the attack against the project in
``DIR`` (its ``.venv``), e.g. an older commit exported to a directory::

    .venv/bin/python scripts/hello_attack.py --server before=/tmp/before --server after=.

Every server is given the same store, made by this tree's code, so they must
share its schema. The client and the server share the machine; the report gives
its load average.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import random
import secrets
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import websockets

import plunder
from plunder.server.store import RUNNING, MoveWrite, SeatRow, Store, TableRow, token_digest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import load_tables  # a script beside this one, not a package

# The long table's game: five seats racing to $20 with limits no game reaches,
# so random play goes on for thousands of moves.
LONG_OPTIONS = {"players": 5, "target": 20, "shootout_limit": 1000, "duel_limit": 10000}
HELLO = json.dumps({"type": "hello"}).encode()


# ------------------------------------------------------------------ the store
def long_table(moves: int, seed: int = 1) -> tuple[TableRow, str]:
    """A 5-player Duel table played at random to at least ``moves`` moves, seat 0 to move.

    Seat 0 is a human (its token is returned) and alone owes the next decision,
    with more than one answer to it (so nothing is played for it), and the table
    waits there; the other seats are random bots.
    """
    game = plunder.load("duel", **LONG_OPTIONS)
    rng = random.Random(seed)
    state = game.new(seed=seed)

    def waits_for_seat_0() -> bool:
        return state.pending == {0} and len(state.legal(0)) > 1

    while len(state.moves) < moves or not waits_for_seat_0():
        if state.is_over:
            raise RuntimeError(f"the game ended at move {len(state.moves)}; try another seed")
        # The bots answer first, so that seat 0 is left owing alone.
        seat = max(state.pending)
        state.act(seat, rng.choice(state.legal(seat)))
    token = secrets.token_urlsafe(32)
    seats = [SeatRow(0, "human", name="Ann", token_hash=token_digest(token))]
    seats += [
        SeatRow(s, "bot", bot="random", level="normal", name=f"Bot {s}") for s in (1, 2, 3, 4)
    ]
    row = TableRow(
        id=secrets.token_urlsafe(9),
        game="duel",
        options=dict(game.options),
        seed=seed,
        host_seat=0,
        clock=None,
        bot_delay=0.0,
        created=time.time(),
        status=RUNNING,
        bot_secret=secrets.token_hex(16),
        seats=seats,
        moves=[(seat, notation) for seat, notation in state.moves],
    )
    return row, token


def quiet_table() -> tuple[TableRow, str]:
    """A two-human Duel table, both seats taken, nothing played; seat 0's token."""
    game = plunder.load("duel")
    token = secrets.token_urlsafe(32)
    seats = [
        SeatRow(0, "human", name="Ann", token_hash=token_digest(token)),
        SeatRow(1, "human", name="Bob", token_hash=token_digest(secrets.token_urlsafe(32))),
    ]
    row = TableRow(
        id=secrets.token_urlsafe(9),
        game="duel",
        options=dict(game.options),
        seed=random.getrandbits(62),
        host_seat=0,
        clock=None,
        bot_delay=0.0,
        created=time.time(),
        status=RUNNING,
        bot_secret=secrets.token_hex(16),
        seats=seats,
    )
    return row, token


def write_tables(url: str, rows: Sequence[TableRow]) -> None:
    """Store ``rows`` with their moves, as a server would have."""
    store = Store(url)
    try:
        for row in rows:
            store.create_table(row)
            if not row.moves:
                continue
            store.append_moves(
                [
                    MoveWrite(row.id, index, seat, action)
                    for index, (seat, action) in enumerate(row.moves)
                ]
            )
    finally:
        store.close()


# ------------------------------------------------------------------ the sockets
async def raw_socket(
    host: str, port: int, path: str
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A WebSocket opened by hand: the handshake read, then nothing more is ever read."""
    reader, writer = await asyncio.open_connection(host, port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    if b" 101 " not in head.split(b"\r\n", 1)[0]:
        writer.close()
        raise ConnectionError(head.split(b"\r\n", 1)[0].decode(errors="replace"))
    return reader, writer


def text_frame(payload: bytes) -> bytes:
    """One masked text frame (a client's frames are masked), for a payload under 126 bytes."""
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + masked


@dataclass
class AttackTally:
    """What the attack did: sockets opened, refused at opening, found dropped, hellos sent.

    A socket that reads nothing rarely finds out it was dropped: the server's
    log says how many it closed (``closed_flooding``, ``closed_not_reading``).
    """

    opened: int = 0
    refused: int = 0
    dropped: int = 0
    hellos: int = 0
    closed_flooding: int = 0
    closed_not_reading: int = 0


async def attacker(
    host: str,
    port: int,
    table: str,
    rate: float,
    until: float,
    tally: AttackTally,
    hold_until: float | None = None,
) -> None:
    """Say hello ``rate`` times a second until ``until``, never reading; reopen when dropped.

    The last socket is kept open, silent and still not reading, until
    ``hold_until``: what the server queued for it meanwhile stays queued.
    """
    writer: asyncio.StreamWriter | None = None
    try:
        while time.monotonic() < until:
            writer = await hello_socket(host, port, table, rate, until, tally)
        if writer is not None and hold_until is not None:
            await asyncio.sleep(max(0.0, hold_until - time.monotonic()))
    finally:
        if writer is not None:
            writer.transport.abort()


async def hello_socket(
    host: str, port: int, table: str, rate: float, until: float, tally: AttackTally
) -> asyncio.StreamWriter | None:
    """One socket saying hello until ``until`` or until dropped; it, if still open."""
    try:
        _, writer = await raw_socket(host, port, f"/ws/{table}")
    except (OSError, ConnectionError, asyncio.IncompleteReadError):
        tally.refused += 1
        await asyncio.sleep(0.05)
        return None
    tally.opened += 1
    try:
        next_at = time.monotonic()
        while time.monotonic() < until:
            writer.write(text_frame(HELLO))
            await asyncio.wait_for(writer.drain(), max(0.01, until - time.monotonic()))
            tally.hellos += 1
            next_at += 1.0 / rate
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            if writer.transport.is_closing():
                raise ConnectionResetError("closed by the server")
    except (OSError, ConnectionError, TimeoutError):
        tally.dropped += 1
        writer.transport.abort()
        return None
    return writer


@dataclass
class Pings:
    """Each pong's delay (seconds), by phase."""

    phase: str = "calm"
    seconds: dict[str, list[float]] = field(default_factory=dict)
    errors: int = 0


async def pinger(url: str, token: str, every: float, pings: Pings, stop: asyncio.Event) -> None:
    """One seat of another table: says hello, then pings every ``every`` seconds."""
    async with websockets.connect(url, max_size=None) as socket_:
        await socket_.send(json.dumps({"type": "hello", "token": token}))
        while json.loads(await socket_.recv()).get("type") != "state":
            pass
        while not stop.is_set():
            phase = pings.phase
            sent = time.perf_counter()
            await socket_.send(json.dumps({"type": "ping"}))
            while True:
                message = json.loads(await socket_.recv())
                if message.get("type") == "pong":
                    break
                if message.get("type") == "error":
                    pings.errors += 1
            pings.seconds.setdefault(phase, []).append(time.perf_counter() - sent)
            await asyncio.sleep(every)


# ------------------------------------------------------------------ a run
@dataclass
class PingFigures:
    count: int
    p50: float
    p99: float
    max: float


@dataclass
class Report:
    server: str
    moves: int
    pings: dict[str, PingFigures]
    ping_errors: int
    cpu_seconds: float | None
    cpu_share: float | None
    rss_before_mb: float | None
    rss_peak_mb: float | None
    rss_end_mb: float | None
    rss_after_mb: float | None
    attack: AttackTally
    load_average: float


def ping_figures(seconds: list[float]) -> PingFigures:
    ordered = sorted(s * 1000 for s in seconds)
    return PingFigures(
        count=len(ordered),
        p50=load_tables.percentile(ordered, 50),
        p99=load_tables.percentile(ordered, 99),
        max=ordered[-1] if ordered else 0.0,
    )


def log_path_text(server: Any) -> str:
    return server.log_path.read_text(errors="replace") if server.log_path else ""


async def peak_memory(pid: int, until: float, peak: float) -> float:
    """The highest memory (MB) of process ``pid`` from now to ``until``, and ``peak`` before."""
    while time.monotonic() < until:
        await asyncio.sleep(0.1)
        now, _ = load_tables.memory_mb(pid)
        peak = max(peak, now or 0.0)
    return peak


async def run_one(name: str, tree: Path | None, args: argparse.Namespace) -> Report:
    with tempfile.TemporaryDirectory(prefix="plunder-hello-") as work:
        workdir = Path(work)
        store = f"sqlite:///{workdir / 'attack.sqlite3'}"
        long_row, _ = long_table(args.moves, args.seed)
        others = [quiet_table() for _ in range(args.others)]
        write_tables(store, [long_row, *(row for row, _ in others)])
        async with load_tables.started_server(tree, store, workdir, lifted=False) as server:
            assert server.process is not None  # started here, so a process of ours
            pid = server.process.pid
            port = int(server.url.rsplit(":", 1)[1])
            pings = Pings()
            stop = asyncio.Event()
            ws = server.url.replace("http", "ws", 1)
            tasks = [
                asyncio.create_task(
                    pinger(f"{ws}/ws/{row.id}", token, args.ping_every, pings, stop)
                )
                for row, token in others
            ]
            await asyncio.sleep(args.calm)
            rss_before, _ = load_tables.memory_mb(pid)
            cpu_before = load_tables.cpu_seconds(pid)
            started = time.monotonic()
            pings.phase = "attack"
            tally = AttackTally()
            until = started + args.seconds
            held = until + args.after
            attackers = [
                asyncio.create_task(
                    attacker("127.0.0.1", port, long_row.id, args.rate, until, tally, held)
                )
                for _ in range(args.attackers)
            ]
            peak = await peak_memory(pid, until, rss_before or 0.0)
            cpu_after = load_tables.cpu_seconds(pid)
            spent = time.monotonic() - started
            rss_end, _ = load_tables.memory_mb(pid)
            # The sockets stay open, unread, while the server works through what it got.
            pings.phase = "after"
            peak = await peak_memory(pid, held, peak)
            rss_after, _ = load_tables.memory_mb(pid)
            await asyncio.gather(*attackers)
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
            logged = log_path_text(server)
            tally.closed_flooding = logged.count("kept flooding; closed")
            tally.closed_not_reading = logged.count("unsent messages")
            cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
            return Report(
                server=name,
                moves=len(long_row.moves),
                pings={phase: ping_figures(values) for phase, values in pings.seconds.items()},
                ping_errors=pings.errors,
                cpu_seconds=cpu,
                cpu_share=None if cpu is None else cpu / spent,
                rss_before_mb=rss_before,
                rss_peak_mb=peak,
                rss_end_mb=rss_end,
                rss_after_mb=rss_after,
                attack=tally,
                load_average=os.getloadavg()[0],
            )


def print_report(report: Report) -> None:
    print(
        f"{report.server}: a {report.moves}-move 5-player Duel, "
        f"load average {report.load_average:.2f}"
    )
    for phase, figures in report.pings.items():
        print(
            f"  pings {phase:6}: {figures.count:4} pongs, p50 {figures.p50:7.1f} ms, "
            f"p99 {figures.p99:7.1f} ms, max {figures.max:7.1f} ms"
        )
    share = "?" if report.cpu_share is None else f"{report.cpu_share:.0%} of a core"
    print(f"  server CPU during the attack: {report.cpu_seconds:.1f} s ({share})")
    print(
        f"  server memory: {report.rss_before_mb:.0f} MB before, "
        f"{report.rss_peak_mb:.0f} MB at peak, {report.rss_end_mb:.0f} MB at the end, "
        f"{report.rss_after_mb:.0f} MB after"
    )
    attack = report.attack
    print(
        f"  attack: {attack.hellos} hellos on {attack.opened} sockets ({attack.refused} refused "
        f"at opening); the server closed {attack.closed_flooding} for flooding and "
        f"{attack.closed_not_reading} for not reading"
    )


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--server",
        action="append",
        type=load_tables.server_tree,
        default=[],
        metavar="NAME=DIR",
        help="attack the project in DIR (its .venv) too; by default this tree only",
    )
    parser.add_argument("--moves", type=int, default=3000, help="moves of the long table")
    parser.add_argument(
        "--others", type=int, default=10, help="other tables, one pinging seat each"
    )
    parser.add_argument("--attackers", type=int, default=10, help="attacking sockets")
    parser.add_argument("--rate", type=float, default=20.0, help="hellos a second per attacker")
    parser.add_argument("--seconds", type=float, default=15.0, help="length of the attack")
    parser.add_argument("--calm", type=float, default=5.0, help="seconds of pings before it")
    parser.add_argument("--after", type=float, default=5.0, help="seconds of pings after it")
    parser.add_argument("--ping-every", type=float, default=0.1, help="seconds between pings")
    parser.add_argument("--seed", type=int, default=1, help="seeds the long table's game")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    load_tables.raise_open_files()
    servers: list[tuple[str, Path | None]] = [(n, Path(t)) for n, t in args.server] or [
        ("this tree", None)
    ]
    reports = [asyncio.run(run_one(name, tree, args)) for name, tree in servers]
    if args.json:
        print(json.dumps([asdict(r) for r in reports], indent=1))
    else:
        for report in reports:
            print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
