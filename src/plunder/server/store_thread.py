"""The store's own thread: every store call off the event loop, in order.

Moves handed over during one turn of an event loop, by any tables, are written
in one transaction.

A store that does not answer (a lock held elsewhere, a database gone) is
answered for within ``STORE_WAIT`` seconds: each call waits on a lock at most
the store's own timeout (``store.LOCK_WAIT``), once one call has found the
store out every call handed over with it fails at once rather than waiting in
turn, and a call that has already waited ``STORE_WAIT`` in the queue fails
without being tried. Each failure is a ``StoreUnavailable`` (503).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import InterfaceError, OperationalError

from plunder.server.store import Lease, LeaseLost, MoveWrite, Store
from plunder.server.table import TableError

log = logging.getLogger("plunder.server")


class StoreUnavailable(TableError):
    """A store call failed (a lock held too long, the database down): try again (503).

    ``cause`` names what went wrong in one line, for the log.
    """

    def __init__(self, what: str, cause: BaseException) -> None:
        super().__init__("the store is unavailable; please try again shortly", status=503)
        self.what = what
        self.cause = one_line(cause)


class NotOwner(TableError):
    """A fenced write refused: another process has claimed the table (503: the client
    reconnects, and reaches the table's new owner)."""

    def __init__(self, table_id: str) -> None:
        super().__init__("this table is served elsewhere now; please reconnect", status=503)
        self.table_id = table_id


def one_line(exc: BaseException) -> str:
    """An exception as one short line: its type and the first line of its message."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:200]}" if text else type(exc).__name__


# Moves written in one transaction at most.
BATCH = 500
# Seconds a call may wait in the queue before it fails untried.
STORE_WAIT = 3.0
# Failures that say the store itself is out, not that one call was wrong.
OUTAGES = (OperationalError, InterfaceError, TimeoutError)

# A call's future, and its result or exception (``True``: a result).
Outcome = tuple[asyncio.Future[Any], Any, bool]


@dataclass(eq=False)
class _Job:
    call: Callable[..., Any] | None
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    move: MoveWrite | None = None
    handed: float = field(default_factory=time.monotonic)


class StoreThread:
    """Runs a ``Store``'s calls in one thread, in order, off the event loop.

    ``await store.call(fn, *args)`` runs ``store.fn(*args)`` there (at once, in
    the caller's thread, until ``start``);
    ``await store.append_move(write)`` stores a move. Moves queued together, by
    any tables, are written in one transaction; if it fails, each is tried again
    alone so that one bad move fails only itself.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[list[_Job] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        # Calls made during one turn of an event loop go to the thread together,
        # at the end of that turn: one hand-over, and one transaction for their moves.
        self._pending: list[_Job] = []
        self._pending_lock = threading.Lock()
        self._flushing: set[asyncio.AbstractEventLoop] = set()
        # A call has failed since the last one that succeeded.
        self._failing = False

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="plunder-store", daemon=True)
        self._thread.start()

    async def stop(self) -> None:
        if self._thread is not None:
            self._flush()
            self._queue.put(None)
            await asyncio.to_thread(self._thread.join)
            self._thread = None
        self.store.close()

    def _submit(
        self,
        job_call: Callable[..., Any] | None,
        args: tuple[Any, ...],
        move: MoveWrite | None = None,
    ) -> asyncio.Future[Any]:
        # The future belongs to the caller's loop, which is told when it is done.
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        if self._thread is None:
            # Not started (a hub used in-process, by a tool): the call runs at once.
            _settle(self._work([_Job(job_call, args, future, move)]))
            return future
        with self._pending_lock:
            self._pending.append(_Job(job_call, args, future, move))
            if loop not in self._flushing:
                self._flushing.add(loop)
                loop.call_soon(self._flush, loop)
        return future

    def _flush(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        with self._pending_lock:
            jobs, self._pending = self._pending, []
            if loop is not None:
                self._flushing.discard(loop)
        if jobs:
            self._queue.put(jobs)

    async def call(self, name: str, *args: Any) -> Any:
        """``store.<name>(*args)`` in the store's thread; ``StoreUnavailable`` if it fails."""
        return await self._outcome(name, self._submit(getattr(self.store, name), args))

    async def fenced(self, lease: Lease | None, name: str, *args: Any) -> Any:
        """``call(name, *args)`` whose writes are made only while ``lease`` is current
        (``NotOwner`` if it is not); with no lease, a plain ``call``."""
        if lease is None:
            return await self.call(name, *args)
        return await self._outcome(name, self._submit(self.store.fenced, (lease, name, *args)))

    async def append_move(self, write: MoveWrite) -> None:
        """Store one move; ``StoreUnavailable`` if it could not be written."""
        await self._outcome("append_move", self._submit(None, (), write))

    async def _outcome(self, what: str, future: asyncio.Future[Any]) -> Any:
        """The call's result; a failure becomes ``StoreUnavailable``.

        The first failure after a success is logged with its traceback, later
        ones are left to their callers (a line each): a store that is down for
        a while fills the log with one traceback, not one per call.
        """
        try:
            result = await future
        except LeaseLost as exc:
            raise NotOwner(exc.table_id) from exc
        except Exception as exc:
            if not self._failing:
                self._failing = True
                log.error(
                    "the store failed (%s); until it works again, no tracebacks", what, exc_info=exc
                )
            raise StoreUnavailable(what, exc) from exc
        if self._failing:
            self._failing = False
            log.warning("the store works again")
        return result

    # In the store's thread -----------------------------------------------------

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            jobs = list(first)
            stop = False
            while len(jobs) < BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                jobs.extend(more)
            outcomes = self._work(jobs)
            by_loop: dict[asyncio.AbstractEventLoop, list[Outcome]] = {}
            for outcome in outcomes:
                by_loop.setdefault(outcome[0].get_loop(), []).append(outcome)
            for loop, settled in by_loop.items():
                # One wake-up per loop for the whole batch.
                with contextlib.suppress(RuntimeError):  # a closed loop waits no more
                    loop.call_soon_threadsafe(_settle, settled)
            if stop:
                return

    def _work(self, jobs: list[_Job]) -> list[Outcome]:
        outcomes: list[Outcome] = []
        # Once the store is found out, the calls after are failed at once with the
        # same cause: each would wait out its lock timeout in turn.
        out: Exception | None = None
        index = 0
        while index < len(jobs):
            job = jobs[index]
            waited = time.monotonic() - job.handed
            if out is None and waited > STORE_WAIT:
                out = TimeoutError(f"waited {waited:.1f} s for a store that does not answer")
            if out is not None:
                outcomes.append((job.future, out, False))
                index += 1
                continue
            if job.move is None:
                assert job.call is not None
                try:
                    outcomes.append((job.future, job.call(*job.args), True))
                except Exception as exc:
                    outcomes.append((job.future, exc, False))
                    out = exc if isinstance(exc, OUTAGES) else None
                index += 1
                continue
            run = [job]
            while index + len(run) < len(jobs) and jobs[index + len(run)].move is not None:
                run.append(jobs[index + len(run)])
            index += len(run)
            written = self._write_moves(run)
            outcomes.extend(written)
            failed = [value for _, value, ok in written if not ok]
            if failed and isinstance(failed[0], OUTAGES):
                out = failed[0]
        return outcomes

    def _write_moves(self, run: list[_Job]) -> list[Outcome]:
        writes = [job.move for job in run if job.move is not None]
        try:
            self.store.append_moves(writes)
            return [(job.future, None, True) for job in run]
        except Exception as exc:
            # A store that is out fails them all alike: trying each alone would
            # only wait out its lock timeout once a move.
            if len(run) == 1 or isinstance(exc, OUTAGES):
                return [(job.future, exc, False) for job in run]
            log.warning("%d moves could not be stored together; trying each alone", len(run))
        outcomes: list[Outcome] = []
        for job, write in zip(run, writes, strict=True):
            try:
                self.store.append_moves([write])
                outcomes.append((job.future, None, True))
            except Exception as exc:
                outcomes.append((job.future, exc, False))
        return outcomes


def _settle(outcomes: list[Outcome]) -> None:
    for future, value, ok in outcomes:
        if future.cancelled():
            continue
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)
