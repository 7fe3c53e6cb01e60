"""A store out for any length of time is answered for, while it is still out.

Once, a SQLite file locked by another program for longer than the store's wait
answered nobody until it was released: a batch of moves that failed was tried
again move by move, each waiting out the 5 s lock timeout in turn, and every
call behind them waited too. Now every call handed over while the store is out
fails with ``StoreUnavailable`` (503) while the lock is still held: a lock waits
``LOCK_WAIT``, a batch the store refused as out is not retried move by move, and
the calls queued behind it fail at once.

The lock is held until the test has its answers (60 s at most), so the verdict is
"answered while still locked", never a reading of a clock.
"""

from __future__ import annotations

import asyncio
import threading

import pytest

from plunder.server.store import MoveWrite, Store
from plunder.server.store_thread import StoreThread, StoreUnavailable
from server.kit import HUMAN, create, run_async
from server.test_store_faults import hold_lock

# Moves of several tables handed over together, as a busy server does.
MOVES = 8


def test_every_call_fails_while_the_store_is_still_locked(client, db_url):
    tables = [create(client, [HUMAN, HUMAN])["table"] for _ in range(MOVES)]
    store = StoreThread(Store(db_url))
    locked, release = threading.Event(), threading.Event()
    holder = threading.Thread(target=hold_lock, args=(db_url, 60.0, locked, release))

    async def hand_over_everything() -> list[BaseException | None]:
        store.start()
        try:
            calls = [store.append_move(MoveWrite(t, 0, 0, "reload")) for t in tables]
            calls.append(store.call("load_table", tables[0]))
            calls += [store.append_move(MoveWrite(t, 0, 1, "reload")) for t in tables[:2]]
            results = await asyncio.gather(*calls, return_exceptions=True)
            return [r if isinstance(r, BaseException) else None for r in results]
        finally:
            await store.stop()

    holder.start()
    try:
        assert locked.wait(10)
        outcomes = run_async(hand_over_everything())
        still_locked = holder.is_alive()
    finally:
        release.set()
        holder.join()
    assert still_locked, "the calls were answered only once the lock was gone"
    moves = [o for i, o in enumerate(outcomes) if i != MOVES]
    assert all(isinstance(o, StoreUnavailable) for o in moves), outcomes
    if db_url.startswith("sqlite"):
        # SQLite's lock is on the whole file: the read waited behind it too.
        assert isinstance(outcomes[MOVES], StoreUnavailable), outcomes[MOVES]
    # Nothing refused was written once the lock was gone.
    after = Store(db_url)
    try:
        for table in tables:
            row = after.load_table(table)
            assert row is not None and row.moves == []
    finally:
        after.close()


@pytest.mark.parametrize("outage", [True, False])
def test_only_a_store_that_is_out_fails_the_calls_behind_it(outage):
    """A call that fails on its own merits (a bad argument) fails alone; one that
    finds the store out fails every call handed over with it."""
    from sqlalchemy.exc import OperationalError

    class Flaky:
        def __init__(self) -> None:
            self.calls: list[str] = []

        def first(self) -> str:
            self.calls.append("first")
            if outage:
                raise OperationalError("UPDATE", {}, Exception("database is locked"))
            raise ValueError("this call alone was wrong")

        def second(self) -> str:
            self.calls.append("second")
            return "done"

        def close(self) -> None:
            pass

    flaky = Flaky()
    store = StoreThread(flaky)  # type: ignore[arg-type]

    async def both() -> list[object]:
        store.start()
        try:
            calls = [store.call("first"), store.call("second")]
            return await asyncio.gather(*calls, return_exceptions=True)
        finally:
            await store.stop()

    first, second = run_async(both())
    assert isinstance(first, StoreUnavailable)
    if outage:
        assert isinstance(second, StoreUnavailable)
        assert flaky.calls == ["first"]
    else:
        assert second == "done"
        assert flaky.calls == ["first", "second"]
