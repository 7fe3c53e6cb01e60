"""The tables a server process serves: loaded, claimed, taken up and dropped.

A ``TableKeeper`` holds the map of live tables the hub and its services share,
and everything that decides whether a table is in it: the tables loaded when the
server starts, a finished table read back when it is asked for (``find``), and,
when processes share the store (``plunder.server.owners``), the leases claimed,
renewed and released, the orphans taken up and the tables another process has
claimed dropped (``drop``; a write refused by the store drops its table too,
``fenced``). Whatever else a table needs when it comes or goes (its bots and
clocks) is asked of the scheduler through the callbacks the hub gives.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

from plunder.engine.errors import PlunderError
from plunder.server.connection import CLOSE_AGAIN
from plunder.server.owners import Ownership, ServedElsewhere, first_choice
from plunder.server.periodic import every
from plunder.server.store import Lease, TableRow
from plunder.server.store_thread import NotOwner, StoreThread, StoreUnavailable
from plunder.server.table import LiveTable, TableError, new_bot_secret, rebuild
from plunder.server.turns import Now

# What a table id may be: the server makes them URL-safe (``new_table_id``).
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")

log = logging.getLogger("plunder.server")


class TableKeeper:
    """The live tables of this process, and their leases when processes share a store.

    ``wake`` starts a table's bots and clocks once it is served here; ``stop_all``
    stops them once it is not; ``soon`` runs the lease heartbeat as a task.
    """

    def __init__(
        self,
        store: StoreThread,
        tables: dict[str, LiveTable],
        ownership: Ownership | None,
        now: Now,
        wake: Callable[[LiveTable], None],
        stop_all: Callable[[LiveTable], None],
        soon: Callable[[Awaitable[None]], asyncio.Task[None]],
    ) -> None:
        self.store = store
        self.tables = tables
        self.ownership = ownership
        self._now = now
        self._wake = wake
        self._stop_all = stop_all
        self._soon = soon
        self.heartbeat: asyncio.Task[None] | None = None

    # Start and stop --------------------------------------------------------

    async def load(self) -> None:
        """Rebuild every unfinished table this process serves by replaying its moves.

        Its bots and clocks are not woken here: the hub wakes every table once all
        are loaded. A table's status is derived from its seats and its game (a
        crash between two writes of an older server could leave it stale) and put
        right in the store if it was not.
        """
        if self.ownership is not None:
            rows = await self._claim_orphans()
        else:
            rows = list(await self.store.call("load_tables", True))
        for row in rows:
            try:
                game, state = rebuild(row)
            except PlunderError:
                log.exception("table %s could not be rebuilt from its record", row.id)
                continue
            await self._settle_row(row, state.is_over)
            table = LiveTable(row, game, state, lease=row.lease, wall=self._now)
            if table.finished:
                table.finished_at = time.monotonic()
            self.tables[row.id] = table

    def start_heartbeat(self) -> None:
        """Renew the leases (and take up orphans) every ``renew_every`` seconds."""
        own = self.ownership
        if own is not None:
            self.heartbeat = self._soon(
                every(own.renew_every, lambda: self.renew_and_take_up(own), "the lease renewal")
            )

    async def stop(self) -> None:
        """Stop every table's bots and clocks and release the leases held."""
        if self.heartbeat is not None:
            self.heartbeat.cancel()
        for table in self.tables.values():
            self._stop_all(table)
        if self.ownership is not None:
            held = [t.lease for t in self.tables.values() if t.lease is not None]
            try:
                # Released, not left to run out: another process may take them at once.
                await self.store.call("release_leases", self.ownership.owner, held)
                await self.store.call("leave", self.ownership.owner)
            except StoreUnavailable as exc:
                log.warning("the leases could not be released: %s", exc.cause)

    # Ownership (several processes on one store) ------------------------------

    async def _claim(self, table_id: str) -> Lease:
        """This process's lease of ``table_id``, claimed now; ``ServedElsewhere`` if
        another live process holds it."""
        own = self.ownership
        assert own is not None
        epoch = await self.store.call(
            "claim_lease", table_id, own.owner, own.address, own.ttl, own.address
        )
        if epoch is None:
            held = await self.store.call("lease_of", table_id)
            if held is not None and held.address != own.address:
                raise ServedElsewhere(table_id, held.address)
            raise TableError(f"table {table_id} is changing hands; try again", status=503)
        return Lease(table_id, epoch)

    async def _claim_orphans(self) -> list[TableRow]:
        """Claim this process's share of the unfinished tables no live process holds;
        their rows, read after the claim (so with every write their former owner
        made). Each orphan is first the share of one live process (``first_choice``);
        the others take it up only once it has waited half a lease for that one."""
        own = self.ownership
        assert own is not None
        alive = await self.store.call("beat", own.owner, own.ttl)
        rows = []
        for table_id, idle in await self.store.call("orphans", 1000, own.address):
            if table_id in self.tables:
                continue
            if first_choice(table_id, alive) not in (own.owner, None) and idle < own.ttl / 2:
                continue
            try:
                lease = await self._claim(table_id)
            except TableError:
                continue  # another process was quicker
            row = await self.store.call("load_table", table_id)
            if row is None:
                continue
            row.lease = lease
            rows.append(row)
        return rows

    async def renew_and_take_up(self, own: Ownership) -> None:
        """Renew this process's leases; drop the tables lost; take up orphaned ones."""
        await self._renew(own)
        for row in await self._claim_orphans():
            if row.id not in self.tables:
                await self._take_up(row)

    async def _renew(self, own: Ownership) -> None:
        held = [t.lease for t in self.tables.values() if t.lease is not None]
        lost = await self.store.call("renew_leases", own.owner, held, own.ttl)
        for table_id in lost:
            table = self.tables.get(table_id)
            if table is not None:
                self.drop(table)

    async def _take_up(self, row: TableRow) -> LiveTable | None:
        """Serve a claimed table: rebuilt from its record, its bots and clocks woken."""
        try:
            game, state = await asyncio.to_thread(rebuild, row)
        except PlunderError:
            log.exception("table %s could not be rebuilt from its record", row.id)
            return None
        await self._settle_row(row, state.is_over)
        found = self.tables.get(row.id)
        if found is not None:
            return found  # asked for meanwhile, and read back by ``find``
        table = LiveTable(row, game, state, lease=row.lease, wall=self._now)
        if table.finished:
            table.finished_at = time.monotonic()
        self.tables[row.id] = table
        self._wake(table)
        log.info("table %s taken up (epoch %s)", row.id, row.lease.epoch if row.lease else "-")
        return table

    def drop(self, table: LiveTable) -> None:
        """Forget a table another process has claimed: its tasks stop, and its
        connections are closed so that each reconnects and reaches the new owner."""
        if self.tables.get(table.id) is not table:
            return
        log.warning("table %s is served elsewhere now; dropped here", table.id)
        del self.tables[table.id]
        self._stop_all(table)
        for connection in list(table.connections):
            connection.dead = True
            task = asyncio.ensure_future(connection._close(CLOSE_AGAIN))
            task.add_done_callback(report_failure)
        table.connections.clear()

    async def fenced(self, table: LiveTable, name: str, *args: Any) -> Any:
        """A store write of ``table`` under its lease; the table is dropped if refused."""
        try:
            return await self.store.fenced(table.lease, name, *args)
        except NotOwner:
            self.drop(table)
            raise

    async def find(self, table_id: str) -> LiveTable:
        """A table in memory, or a finished one read back from the store; else 404."""
        if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
            # Never asked of the store: an id no table can have (a NUL, a space, a
            # hundred characters) is no table, not a store fault.
            raise TableError(f"no table {str(table_id)[:32]!r}", status=404)
        found = self.tables.get(table_id)
        if found is not None:
            return found
        lease = None
        if self.ownership is not None:
            # Never leased: no such table (or one stored before leases were kept).
            never = await self.store.call("lease_of", table_id) is None
            if never and await self.store.call("load_table", table_id) is None:
                raise TableError(f"no table {table_id!r}", status=404)
            lease = await self._claim(table_id)
        row = await self.store.call("load_table", table_id)
        found = self.tables.get(table_id)  # read back by another request meanwhile
        if found is not None:
            return found
        if row is None:
            raise TableError(f"no table {table_id!r}", status=404)
        row.lease = lease
        try:
            game, state = await asyncio.to_thread(rebuild, row)
        except PlunderError:
            log.exception("table %s could not be rebuilt from its record", row.id)
            raise TableError(f"table {table_id!r} cannot be read", status=500) from None
        found = self.tables.get(table_id)
        if found is not None:
            return found
        await self._settle_row(row, state.is_over)
        found = self.tables.get(table_id)
        if found is not None:
            return found
        table = LiveTable(
            row, game, state, finished_at=time.monotonic(), lease=lease, wall=self._now
        )
        self.tables[row.id] = table
        self._wake(table)
        return table

    async def _settle_row(self, row: TableRow, game_over: bool) -> None:
        """Give a loaded table its derived status and a bot secret, in the store too."""
        lease = row.lease
        status = row.derived_status(game_over)
        if status != row.status:
            log.warning("table %s was stored %s; it is %s", row.id, row.status, status)
            row.status = status
            await self.store.fenced(lease, "set_status", row.id, status, row.closed_by)
        if row.bot_secret is None:
            row.bot_secret = new_bot_secret()
            await self.store.fenced(lease, "set_bot_secret", row.id, row.bot_secret)


def report_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("background task failed", exc_info=task.exception())
