"""Failover of the table service: from ``kill -9`` of a worker to the next view a player gets.

Starts ``--workers`` (3) ``plunder serve`` processes on one PostgreSQL store
(``DATABASE_URL`` or ``--db``; ``scripts/test-postgres.sh start`` makes one),
makes ``--tables`` two-player Duel tables through the first (so it owns them),
connects each table's two players through the others and plays a few moves,
then kills the first with SIGKILL. Each player then reconnects as the browser
does (0.5 s after the drop, doubling up to 10 s, each try through the next
surviving worker) until a state comes. It reports, over every player, the
seconds from the kill to that state (p50, p99, max), the moves each table's
players were told of against the moves stored (lost: told of, not stored;
twice: a stored index beyond one), and the owners the tables moved to.

    .venv/bin/python scripts/failover_time.py --tables 30 [--lease-ttl 8]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, select
from websockets.asyncio.client import connect

from plunder.server.store import leases, moves


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db: str, ttl: float, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-m", "plunder.cli", "serve", "--port", str(port), "--db", db,
               "--bot-delay", "0", "--lease-ttl", str(ttl), "--quiet",
               "--tables-per-client", "0", "--create-rate", "100000", "--create-burst", "100000",
               "--ws-per-client", "0"]
    with log.open("ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit(f"a worker did not start: {log.read_text()[-2000:]}")


class Seat:
    def __init__(self, table: str, token: str) -> None:
        self.table, self.token = table, token
        self.ws: Any = None
        self.last: dict[str, Any] = {}
        self.told: list[tuple[int, int, str]] = []

    async def connect(self, url: str) -> None:
        if self.ws is not None:
            await self.ws.close()
        self.ws = await connect("ws" + url.removeprefix("http") + f"/ws/{self.table}",
                                open_timeout=10)
        await self.ws.send(json.dumps({"type": "hello", "token": self.token}))
        await self.state(0)

    async def state(self, move: int) -> dict[str, Any]:
        while True:
            message = json.loads(await asyncio.wait_for(self.ws.recv(), 30))
            if message["type"] == "error":
                raise RuntimeError(message["message"])
            if message["type"] == "state" and message["move"] >= move:
                self.last = message
                return message

    async def act(self) -> None:
        move = self.last["move"]
        action = self.last["legal"][0]
        await self.ws.send(json.dumps({"type": "act", "action": action,
                                       "step": self.last["step"]}))
        await self.state(move + 1)
        self.told.append((move, self.last["seat"], action))


async def play(pair: list[Seat], count: int) -> None:
    for _ in range(count):
        owing = [s for s in pair if s.last.get("legal") and s.last["table"]["status"] == "running"]
        if not owing:
            return
        await owing[0].act()
        other = pair[1] if owing[0] is pair[0] else pair[0]
        await other.state(owing[0].last["move"])


async def back(seat: Seat, survivors: list[str], killed: float) -> float:
    """Reconnect as the browser does; seconds from the kill to the first state."""
    wait, turn = 0.5, 0
    while True:
        await asyncio.sleep(wait)
        try:
            await seat.connect(survivors[turn % len(survivors)])
            return time.monotonic() - killed
        except Exception:
            turn += 1
            wait = min(10.0, wait * 2)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="plunder-failover-"))
    workers = [start(args.db, args.lease_ttl, folder / f"w{i}.log") for i in range(args.workers)]
    victim, urls = workers[0], [url for _, url in workers]
    survivors = urls[1:]
    try:
        pairs = []
        async with httpx.AsyncClient(timeout=30) as http:
            for index in range(args.tables):
                made = (await http.post(urls[0] + "/api/tables", json={
                    "game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}],
                    "name": "Ann"})).json()
                table = made["table"]
                joined = (await http.post(f"{urls[0]}/api/tables/{table}/join",
                                          json={"name": "Bob"})).json()
                pair = [Seat(table, made["token"]), Seat(table, joined["token"])]
                for offset, seat in enumerate(pair):
                    await seat.connect(survivors[(index + offset) % len(survivors)])
                pairs.append(pair)
        await asyncio.gather(*(play(pair, 4) for pair in pairs))
        killed = time.monotonic()
        os.kill(victim[0].pid, signal.SIGKILL)
        waits = await asyncio.gather(*(back(s, survivors, killed) for p in pairs for s in p))
        await asyncio.gather(*(play(pair, 4) for pair in pairs))
        engine = create_engine(args.db.replace("postgresql://", "postgresql+psycopg://"))
        lost = twice = 0
        owners: dict[str, int] = {}
        with engine.connect() as db:
            for pair in pairs:
                table = pair[0].table
                stored = [(r.idx, r.seat, r.action) for r in db.execute(
                    select(moves.c.idx, moves.c.seat, moves.c.action)
                    .where(moves.c.table_id == table))]
                told = {m for s in pair for m in s.told}
                lost += len(told - set(stored))
                indexes = [m[0] for m in stored]
                twice += len(indexes) - len(set(indexes))
                owner = db.execute(select(leases.c.address)
                                   .where(leases.c.table_id == table)).scalar()
                owners[str(owner)] = owners.get(str(owner), 0) + 1
        engine.dispose()
        print(f"workers {args.workers}, tables {args.tables}, lease {args.lease_ttl:g} s")
        print(f"kill to next view (s): p50 {percentile(waits, 0.5):.2f}  "
              f"p99 {percentile(waits, 0.99):.2f}  max {max(waits):.2f}  (players {len(waits)})")
        print(f"moves told of: {sum(len(s.told) for p in pairs for s in p)}, lost {lost}, "
              f"stored twice {twice}")
        print(f"owners now: {owners} (the killed one was {urls[0]})")
    finally:
        for process, _ in workers:
            if process.poll() is None:
                process.terminate()
                process.wait(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=os.environ.get("DATABASE_URL", ""))
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--lease-ttl", type=float, default=8.0)
    args = parser.parse_args()
    if not args.db.startswith("postgresql"):
        raise SystemExit("give a PostgreSQL store: --db postgresql://... or DATABASE_URL")
    asyncio.run(measure(args))


if __name__ == "__main__":
    main()
