"""Notices as the server runs them: what each seat's player asked (a webhook, a
push subscription), what they have seen, and the notices owed and sent.

What a notice says and how it goes out is ``plunder.server.notices`` (webhooks)
and ``plunder.server.webpush``; this module decides which seats are owed one and
keeps, under the table's lease, that it was sent, before it goes, so that no
notice is ever sent twice, even across a restart.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Any

from plunder.server.notices import AWAY, EVERY, notice_body, read_webhook, taken
from plunder.server.notices import send as send_notice
from plunder.server.settings import Settings
from plunder.server.store import RUNNING
from plunder.server.store_thread import NotOwner, StoreThread, StoreUnavailable
from plunder.server.table import Fenced, LiveTable, TableError
from plunder.server.turns import Now
from plunder.server.webpush import GONE as PUSH_GONE
from plunder.server.webpush import KEY_NAME, ServerKey, push_body, read_subscription, send_push

log = logging.getLogger("plunder.server")


class NoticeService:
    """The notices of every table the server holds (``tables``, the hub's own map)."""

    def __init__(
        self,
        settings: Settings,
        store: StoreThread,
        fenced: Fenced,
        tables: dict[str, LiveTable],
        now: Now,
    ) -> None:
        self.settings = settings
        self.store = store
        self.fenced = fenced
        self.tables = tables
        # The wall clock of turn-based deadlines: a notice is owed by the same clock.
        self.now = now
        # The server's Web Push key pair, read from the store (made there once) when
        # first needed.
        self._push_key: ServerKey | None = None

    async def seen(self, table: LiveTable, seat: int | None, step: Any) -> None:
        """``seat``'s page says it showed its player the state of ``step``: if that is
        the table's step now, the player has seen the decision they owe."""
        if seat is not None and type(step) is int and step == table.state.step:
            table.seen_at[seat] = self.now()

    async def set_webhook(self, table: LiveTable, seat: int | None, url: Any) -> str | None:
        """Where ``seat``'s notices go, as its own player asks; the URL kept."""
        if seat is None:
            raise TableError("only a seat's own player may say where its notices go", status=403)
        webhook = read_webhook(url, self.settings.webhook_private)
        async with table.lock:
            await self.fenced(table, "set_webhook", table.id, seat, webhook)
            table.seat_row(seat).webhook = webhook
        return webhook

    async def set_push(
        self, table: LiveTable, seat: int | None, subscription: Any, site: str
    ) -> bool:
        """Where ``seat``'s Web Push notices go, as its own player asks (a browser's
        subscription, or None); ``site``: the address the page was served from, the
        contact a push service is given when the server has none set. Whether one
        is kept now."""
        if seat is None:
            raise TableError("only a seat's own player may say where its notices go", status=403)
        push = read_subscription(subscription, self.settings.webhook_private)
        if push is not None:
            push["site"] = site
        async with table.lock:
            await self.fenced(table, "set_push", table.id, seat, push)
            table.seat_row(seat).push = push
        return push is not None

    async def push_key(self) -> ServerKey:
        """The server's Web Push key pair: the one in the store, made if it has none."""
        if self._push_key is None:
            pem = await self.store.call("keep_value", KEY_NAME, ServerKey.new_pem())
            self._push_key = ServerKey.from_pem(pem)
        return self._push_key

    def owed(self) -> list[tuple[LiveTable, int]]:
        """The seats owed a notice now, marked as sent: each owes a decision at a running
        turn-based table, has a webhook or a push subscription, was not told of this
        decision yet nor of any within ``EVERY`` seconds, and its player has not seen
        the table for ``AWAY``."""
        now = self.now()
        owed = []
        for table in list(self.tables.values()):
            if not table.turn_based or table.row.status != RUNNING:
                continue
            step = table.state.step
            for seat in sorted(table.state.pending):
                row = table.seat_row(seat)
                if row.webhook is None and row.push is None:
                    continue
                if table.turn_deadline(seat) is None or row.noticed_step == step:
                    continue
                if now - table.seen_at.get(seat, -math.inf) < AWAY:
                    continue
                if row.noticed_at is not None and now - row.noticed_at < EVERY:
                    continue
                row.noticed_at, row.noticed_step = now, step
                owed.append((table, seat))
        return owed

    async def run(self) -> int:
        """Send every notice owed now, side by side, each within its own timeout (no
        table waits for them); how many webhooks and push services took theirs."""
        sends = []
        private = self.settings.webhook_private
        for table, seat in self.owed():
            row = table.seat_row(seat)
            assert row.noticed_at is not None and row.noticed_step is not None
            # Kept before it goes: a notice is never sent twice, even across a restart.
            await self.fenced(
                table, "set_noticed", table.id, seat, row.noticed_at, row.noticed_step
            )
            title = table.game.info().title
            if row.webhook is not None:
                body = notice_body(table.id, title)
                sends.append(send_notice(row.webhook, body, table.id, seat, private))
            if row.push is not None:
                sends.append(self._push(table, seat, row.push, title))
        return sum(await asyncio.gather(*sends))

    async def _push(
        self, table: LiveTable, seat: int, subscription: dict[str, Any], title: str
    ) -> bool:
        """Send ``seat``'s push notice; whether its push service took it. A
        subscription the service no longer has is forgotten (the player may
        subscribe again), so that it is not logged at every decision."""
        contact = self.settings.push_contact or subscription.get("site") or ""
        status = await send_push(
            subscription, push_body(table.id, title), await self.push_key(), contact,
            self.now(), table.id, seat, self.settings.webhook_private,
        )
        if status in PUSH_GONE:
            try:
                async with table.lock:
                    if table.seat_row(seat).push is subscription:  # not a new one meanwhile
                        await self.fenced(table, "set_push", table.id, seat, None)
                        table.seat_row(seat).push = None
            except (NotOwner, StoreUnavailable) as exc:
                log.warning("table %s: seat %d's lapsed subscription is kept: %s",
                            table.id, seat, type(exc).__name__)
        return taken(status)
