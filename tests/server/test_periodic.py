"""The hub's periodic work goes on after a round fails, and says why in the log."""

from __future__ import annotations

import asyncio
import logging

import pytest

from plunder.server.periodic import every
from plunder.server.store_thread import StoreUnavailable
from server.kit import run_async


def test_a_failed_round_is_logged_and_the_next_round_comes(
    caplog: pytest.LogCaptureFixture,
) -> None:
    rounds: list[int] = []

    async def main() -> None:
        third = asyncio.Event()

        async def work() -> None:
            rounds.append(len(rounds) + 1)
            if len(rounds) == 1:
                raise StoreUnavailable("sweep", OSError("the database is down"))
            if len(rounds) == 2:
                raise ValueError("a fault of the round")
            third.set()

        task = asyncio.ensure_future(every(0, work, "the sweep"))
        await asyncio.wait_for(third.wait(), timeout=30)
        task.cancel()

    with caplog.at_level(logging.WARNING, logger="plunder.server"):
        run_async(main())
    assert rounds[:3] == [1, 2, 3]
    messages = [(r.levelno, r.getMessage(), r.exc_info is not None) for r in caplog.records]
    down = "the sweep failed: OSError: the database is down"
    assert messages[0] == (logging.WARNING, down, False)
    assert messages[1][:2] == (logging.ERROR, "the sweep failed")
    assert messages[1][2], "a fault that is not the store's is logged with its traceback"


def test_the_first_round_waits_unless_asked_to_run_at_once() -> None:
    async def first_round(first_now: bool) -> bool:
        ran = asyncio.Event()

        async def work() -> None:
            ran.set()

        task = asyncio.ensure_future(every(3600, work, "the notices", first_now=first_now))
        # Two turns of the loop: a round due at once has run by then.
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        task.cancel()
        return ran.is_set()

    assert run_async(first_round(True)) is True
    assert run_async(first_round(False)) is False
