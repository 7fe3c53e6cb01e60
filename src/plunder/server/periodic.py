"""Work a server process does every few seconds, for as long as it runs.

The hub's sweep of abandoned tables, its turn deadlines, its notices and its lease
heartbeat are each one call made again and again: a failure of one round is
logged and the next round comes as usual, so a store that is briefly down costs a
round, never the loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from plunder.server.store_thread import StoreUnavailable

log = logging.getLogger("plunder.server")


async def every(
    seconds: float, work: Callable[[], Awaitable[object]], what: str, *, first_now: bool = False
) -> None:
    """Awaits ``work()`` every ``seconds`` (the first time at once if ``first_now``),
    forever; a round that fails is logged as "``what`` failed" (a store that cannot be
    reached as a warning, anything else with its traceback)."""
    if not first_now:
        await asyncio.sleep(seconds)
    while True:
        try:
            await work()
        except StoreUnavailable as exc:
            log.warning("%s failed: %s", what, exc.cause)
        except Exception:
            log.exception("%s failed", what)
        await asyncio.sleep(seconds)
