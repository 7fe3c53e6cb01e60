"""A test worker that has driven a browser can still run a server test's event loop.

Playwright's synchronous API keeps its event loop as the running loop of the
worker's main thread for the rest of the session, where ``asyncio.run`` refuses to
start another; the server tests that run their own loop (leases, turns, the bot
pool) run it with ``run_async``, in a thread of its own, and so may follow a
browser test in the same worker.
"""

from __future__ import annotations

import asyncio
from typing import Any

from server.kit import run_async


def test_an_event_loop_runs_in_a_worker_that_drives_a_browser(browser: Any) -> None:
    async def answer() -> int:
        await asyncio.sleep(0)
        return 42

    assert browser.is_connected()
    assert run_async(answer()) == 42
