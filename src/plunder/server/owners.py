"""Tables shared by several server processes: each has one owner, held as a lease.

Processes that share one PostgreSQL store each serve the tables whose lease they
hold (``plunder_leases`` in ``plunder.server.store``). A process claims a table
when it is asked for one that no live lease holds, or finds one whose owner has
gone (``Store.orphans``; each orphan goes first to one of the live processes,
``first_choice``, so that they share a dead one's tables); it renews its leases
every third of their span, and releases them when it stops. Each claim adds one
to the table's epoch and every write of the table is checked against the writer's
epoch in its own transaction, so a process that lost a table (frozen past its
lease, cut off from the store) has its late writes refused and drops the table at
once (``NotOwner``).

A request for a table another process owns is relayed to that process's address,
which the lease holds (``plunder.server.relay``).
"""

from __future__ import annotations

import os
import secrets
import socket
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from plunder.server.settings import LEASE_TTL
from plunder.server.table import TableError


def new_owner_id() -> str:
    """This process, among every process that ever shares the store."""
    return f"{socket.gethostname()[:60]}:{os.getpid()}:{secrets.token_hex(6)}"


@dataclass(frozen=True)
class Ownership:
    """How this process takes part among several: who it is, where the others reach it
    (``address``, such as ``http://10.0.0.5:9001``) and how long its leases last."""

    address: str
    ttl: float = LEASE_TTL
    owner: str = field(default_factory=new_owner_id)

    @property
    def renew_every(self) -> float:
        return self.ttl / 3


def first_choice(table_id: str, alive: Sequence[str]) -> str | None:
    """The live process (among ``alive``, sorted) that an orphaned table goes to first,
    so that the tables of a process that died are shared among those alive rather
    than all taken by the first to look. The same for every process: a checksum of
    the id, not Python's hash, which differs from process to process."""
    if not alive:
        return None
    return alive[zlib.crc32(table_id.encode()) % len(alive)]


class ServedElsewhere(TableError):
    """The table is another live process's: the request goes there (``address``)."""

    def __init__(self, table_id: str, address: str) -> None:
        super().__init__(f"table {table_id} is served by another process", status=503)
        self.table_id = table_id
        self.address = address
