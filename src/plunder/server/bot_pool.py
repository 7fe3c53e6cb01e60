"""Bot decisions in worker processes, so that no search stalls the event loop.

A bot's search is pure Python: on a thread of the server's process it holds the
interpreter lock against every table's messages (four searches in flight once
made the event loop's p99 lag 165-626 ms on two cores). So a table hands each
decision to a pool of ``bot_workers`` processes instead, each deciding one at a
time:

- **What a worker is sent** (``Ask``) is exactly what the bot was given when it
  thought on a thread: the bot's name and level, a copy of the table's state, the
  seat and the generator seeded from the table's secret; nothing more of the table
  (no secret, no token, no name). A bot reads the state only through
  ``determinize(seat, rng)`` and ``view(seat)`` (``plunder.bots``), in a worker as
  it did on a thread.
- **At most ``bot_workers`` decisions are in flight**; the others wait their
  turn, in the order they fell due. A decision whose table no longer wants it (the
  table closed, or its bots were told to hurry) is dropped if it has not started.
- **A worker that dies** (killed, out of memory) is replaced by a new process and
  the decision it held is asked of the new one; after ``ATTEMPTS`` deaths on one
  decision, the decision fails and the table asks again later, as for any
  failure of a bot's move. Nothing of the table lives in a worker, so nothing is
  lost.

Workers are started on the first decision (``warm`` starts them at once), with
``spawn``: a clean interpreter, no thread or lock of the server inherited
mid-use. With ``bot_workers`` 0 the bots think on threads of the server's own
process, as they once did (``InProcessBots``): for a comparison, not for a
public server.
"""

from __future__ import annotations

import asyncio
import logging
import pickle
import queue
import random
import signal
import threading
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Protocol

from plunder.bots.table import TableBot
from plunder.engine.state import State
from plunder.server.children import SPAWN, start_child, stop_children

log = logging.getLogger("plunder.server")

# Deaths of a worker on one decision before the decision is given up (the table
# then asks again after its back-off): a decision that kills every worker it is
# given must not replace workers forever.
ATTEMPTS = 3


@dataclass(frozen=True)
class Ask:
    """One decision, as a worker is sent it: what the bot was given on a thread."""

    bot: str
    level: str
    state: State
    seat: int
    rng: random.Random


@dataclass(frozen=True)
class Answer:
    """A worker's decision: the action's notation and the spec that replays it
    (``plunder.bots.table.Decision``)."""

    notation: str
    spec: str


def ask_for(bot: TableBot, state: State, seat: int, rng: random.Random) -> Ask:
    """What a worker is sent for ``bot``'s decision for ``seat`` in ``state``."""
    return Ask(bot.name, bot.level, state, seat, rng)


def encode(ask: Ask) -> bytes:
    return pickle.dumps(ask, protocol=pickle.HIGHEST_PROTOCOL)


def decide(ask: Ask) -> Answer:
    """The decision ``ask`` names, as the table's bot makes it (in a worker, or a test)."""
    bot = TableBot(ask.bot, ask.state.game.name, ask.level)
    decision = bot.decide(ask.state, ask.seat, ask.rng)
    return Answer(decision.action.notation, decision.spec)


def serve_decisions(conn: Connection) -> None:
    """A worker process: answer each ``Ask`` read from ``conn`` until it closes.

    A bot that raises is answered with its traceback (the server logs it and the
    table tries again); the worker goes on.
    """
    # Ctrl-C at the terminal reaches the whole process group: the server stops
    # its workers itself, without a traceback from each.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return  # the server is gone, or closed the pool
        try:
            reply: tuple[str, Any] = ("answer", decide(pickle.loads(data)))
        except Exception:
            reply = ("error", traceback.format_exc())
        conn.send(reply)


class WorkerDied(Exception):
    """The worker process ended while it held a decision."""


class BotFailed(Exception):
    """The bot raised in its worker; the message is its traceback."""


class Worker:
    """One worker process and the pipe to it."""

    def __init__(self) -> None:
        self.conn, theirs = SPAWN.Pipe()
        self.process = start_child(serve_decisions, (theirs,), "plunder-bot", daemon=True)
        theirs.close()

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def ask(self, data: bytes) -> Answer:
        """Send one encoded ``Ask`` and wait for its answer (blocks: run on a thread)."""
        try:
            self.conn.send_bytes(data)
            ready = wait([self.conn, self.process.sentinel])
            if self.conn in ready:
                kind, value = self.conn.recv()
                if kind == "error":
                    raise BotFailed(value)
                return value
        except (EOFError, OSError, ValueError) as exc:
            # ValueError: the pipe was closed under this thread (the pool closing).
            raise WorkerDied(str(exc) or type(exc).__name__) from exc
        raise WorkerDied(f"exit code {self.process.exitcode}")

    def stop(self) -> None:
        """End the process (a search it is making is lost), then the pipe."""
        stop_children([self.process], grace=1)
        self.conn.close()


class Bots(Protocol):
    """Where a table's bots think (``BotPool``, or ``InProcessBots``)."""

    async def decide(self, bot: TableBot, state: State, seat: int, rng: random.Random) -> Answer:
        ...

    def warm(self) -> None: ...

    def close(self) -> None: ...


class BotPool:
    """``size`` worker processes deciding for every table, one decision each at a time."""

    def __init__(self, size: int) -> None:
        self.size = size
        # One thread per worker waits on its pipe; a decision waits in this
        # executor's queue while every worker is busy (at most ``size`` in flight).
        self._threads = ThreadPoolExecutor(size, thread_name_prefix="plunder-bot")
        self._idle: queue.SimpleQueue[Worker | None] = queue.SimpleQueue()
        for _ in range(size):
            self._idle.put(None)  # started on its first decision
        self._lock = threading.Lock()
        self._workers: set[Worker] = set()
        self._closed = False
        # Decisions being made now, and the most ever at once (for tests and the
        # load script's report).
        self.in_flight = 0
        self.most_in_flight = 0
        # Decisions asked, and workers replaced after they died.
        self.asked = 0
        self.replaced = 0

    def pids(self) -> list[int]:
        """The worker processes' ids."""
        with self._lock:
            return sorted(w.pid for w in self._workers if w.pid is not None)

    def warm(self) -> None:
        """Start every worker now rather than at its first decision."""
        for _ in range(self.size):
            self._threads.submit(self._run, None)

    async def decide(self, bot: TableBot, state: State, seat: int, rng: random.Random) -> Answer:
        """``bot``'s decision for ``seat`` in ``state`` (a copy the caller no longer
        changes), made in a worker process once one is free."""
        ask = ask_for(bot, state, seat, rng)
        loop = asyncio.get_running_loop()
        answer = await loop.run_in_executor(self._threads, self._run, ask)
        assert answer is not None
        return answer

    def _run(self, ask: Ask | None) -> Answer | None:
        """Take a free worker (starting or replacing it as need be) and ask it; on a thread."""
        worker = self._idle.get()
        with self._lock:
            self.in_flight += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            if worker is None:
                worker = self._start()
            if ask is None:
                return None
            with self._lock:
                self.asked += 1
            data = encode(ask)
            for attempt in range(1, ATTEMPTS + 1):
                if worker is None:
                    worker = self._start()
                try:
                    return worker.ask(data)
                except WorkerDied as exc:
                    if self._closed:
                        raise
                    log.warning(
                        "bot worker %s died (%s) deciding for seat %d; a new one asks again "
                        "(attempt %d of %d)", worker.pid, exc, ask.seat, attempt, ATTEMPTS,
                    )
                    # Its place is taken by a new process, started when next asked.
                    self._forget(worker)
                    worker = None
                    with self._lock:
                        self.replaced += 1
            raise WorkerDied(f"{ATTEMPTS} workers died deciding for seat {ask.seat}")
        finally:
            with self._lock:
                self.in_flight -= 1
            self._idle.put(worker)

    def _start(self) -> Worker:
        if self._closed:
            raise WorkerDied("the bot pool is closed")
        worker = Worker()
        with self._lock:
            self._workers.add(worker)
        return worker

    def _forget(self, worker: Worker) -> None:
        with self._lock:
            self._workers.discard(worker)
        worker.stop()

    def close(self) -> None:
        """Stop every worker; decisions waiting are dropped, those in flight fail."""
        self._closed = True
        self._threads.shutdown(wait=False, cancel_futures=True)
        with self._lock:
            workers, self._workers = list(self._workers), set()
        for worker in workers:
            worker.stop()


class InProcessBots:
    """Bots thinking on threads of the server's own process (``bot_workers`` 0)."""

    async def decide(self, bot: TableBot, state: State, seat: int, rng: random.Random) -> Answer:
        decision = await asyncio.to_thread(bot.decide, state, seat, rng)
        return Answer(decision.action.notation, decision.spec)

    def warm(self) -> None:
        pass

    def close(self) -> None:
        pass


def make_bots(workers: int) -> Bots:
    """The pool of ``workers`` processes, or threads in this process for 0."""
    return BotPool(workers) if workers > 0 else InProcessBots()
