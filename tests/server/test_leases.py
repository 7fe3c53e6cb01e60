"""Each table has one owner at a time, held as a lease with an epoch; a late write of a
former owner is refused, and that process drops the table."""

from __future__ import annotations

import asyncio
import os

import pytest
from sqlalchemy import select, update

from plunder.server.live import Hub
from plunder.server.owners import Ownership, ServedElsewhere, first_choice
from plunder.server.settings import Settings
from plunder.server.store import (
    ChatLine,
    Lease,
    LeaseLost,
    MoveWrite,
    Store,
    chat,
    leases,
    moves,
)
from plunder.server.store_thread import NotOwner
from server.kit import run_async, running_duel_row

QUICK = Settings(bot_delay=0, bot_reflex=0, gc_every=0, abandon_after=0)


def stored_moves(store: Store, table_id: str) -> list[tuple[int, str]]:
    with store.engine.connect() as db:
        found = db.execute(
            select(moves.c.idx, moves.c.action).where(moves.c.table_id == table_id)
            .order_by(moves.c.idx)
        ).all()
    return [(r.idx, r.action) for r in found]


def test_a_live_lease_is_one_owners_and_an_ended_one_is_claimed_with_a_new_epoch(db_url):
    store = Store(db_url)
    store.create_table(running_duel_row("t1"))
    assert store.claim_lease("t1", "first", "http://a", ttl=60) == 1
    # Live: the second process is refused, and told where the table is served.
    assert store.claim_lease("t1", "second", "http://b", ttl=60) is None
    held = store.lease_of("t1")
    assert held is not None and (held.owner, held.address, held.live) == ("first", "http://a", True)
    # The owner asking again (two requests at once) keeps its epoch.
    assert store.claim_lease("t1", "first", "http://a", ttl=60) == 1
    # Released (a clean stop): the next claim is at once, with the next epoch.
    store.release_leases("first", [Lease("t1", 1)])
    assert store.claim_lease("t1", "second", "http://b", ttl=60) == 2
    # The first's renewal finds the table lost.
    assert store.renew_leases("first", [Lease("t1", 1)], ttl=60) == ["t1"]
    assert store.renew_leases("second", [Lease("t1", 2)], ttl=60) == []
    store.close()


def test_a_lease_held_at_the_claimers_own_address_is_taken_at_once(db_url):
    """A process that listens at the address a live lease names is the only one there:
    the lease's owner is gone (killed, and this process restarted in its place)."""
    store = Store(db_url)
    store.create_table(running_duel_row("t1"))
    assert store.claim_lease("t1", "killed", "http://a", ttl=60) == 1
    assert store.claim_lease("t1", "restarted", "http://a", ttl=60, dead_address="http://b") is None
    assert store.claim_lease("t1", "restarted", "http://a", ttl=60, dead_address="http://a") == 2
    store.close()


def test_a_late_write_of_a_former_owner_is_refused_and_stores_nothing(db_url):
    store = Store(db_url)
    store.create_table(running_duel_row("t1"), "first", "http://a", ttl=-1)  # ended at once
    store.append_moves([MoveWrite("t1", 0, 0, "x", epoch=1)])
    assert store.claim_lease("t1", "second", "http://b", ttl=60) == 2
    with pytest.raises(LeaseLost):
        store.append_moves([MoveWrite("t1", 1, 0, "late", epoch=1)])
    with pytest.raises(LeaseLost):
        store.fenced(Lease("t1", 1), "add_chat", "t1", ChatLine(0, "Ann", 1.0, "late"))
    with pytest.raises(LeaseLost):
        store.fenced(Lease("t1", 1), "set_status", "t1", "closed", "host")
    store.append_moves([MoveWrite("t1", 1, 1, "new", epoch=2)])
    assert stored_moves(store, "t1") == [(0, "x"), (1, "new")]
    with store.engine.connect() as db:
        assert db.execute(select(chat.c.text)).all() == []
    loaded = store.load_table("t1")
    assert loaded is not None and loaded.status == "running"
    store.close()


def test_a_batch_of_moves_is_refused_whole_when_one_table_is_lost(db_url):
    store = Store(db_url)
    store.create_table(running_duel_row("t1"), "first", "http://a", ttl=60)
    store.create_table(running_duel_row("t2"), "first", "http://a", ttl=-1)
    assert store.claim_lease("t2", "second", "http://b", ttl=60) == 2
    with pytest.raises(LeaseLost):
        store.append_moves([MoveWrite("t1", 0, 0, "a", epoch=1),
                            MoveWrite("t2", 0, 0, "b", epoch=1)])
    assert stored_moves(store, "t1") == [] and stored_moves(store, "t2") == []
    store.close()


postgres_only = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgresql"),
    reason="two processes share a PostgreSQL store only",
)


def first_legal(hub: Hub, table_id: str, seat: int) -> str:
    return hub.tables[table_id].state.legal(seat)[0].notation


@postgres_only
@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_frozen_owner_loses_its_table_and_its_late_move_is_refused(db_url):
    """The owner stops renewing (frozen); once its lease ends another process claims
    the table, with every move stored so far; the former owner's next move is
    refused, stores nothing, and that process drops the table."""

    async def play() -> None:
        first = Hub(Store(db_url), QUICK, ownership=Ownership("http://a", ttl=0.5))
        second = Hub(Store(db_url), QUICK, ownership=Ownership("http://b", ttl=30))
        await first.start()
        await second.start()
        try:
            table, _, _ = await first.create(
                "duel", {}, [{"kind": "human"}, {"kind": "human"}], "Ann", None, None
            )
            await first.join(table.id, "Bob")
            seat = min(table.state.pending)
            await first.act(table, seat, first_legal(first, table.id, seat), table.state.step)
            # The second cannot take a table whose lease is live: it is told the owner.
            with pytest.raises(ServedElsewhere) as told:
                await second.keeper.find(table.id)
            assert told.value.address == "http://a"
            assert first.keeper.heartbeat is not None
            first.keeper.heartbeat.cancel()  # frozen: no more renewals
            await asyncio.sleep(0.6)
            taken = await second.keeper.find(table.id)
            assert taken.lease is not None and taken.lease.epoch == 2
            assert len(taken.row.moves) == 1
            late_seat = min(table.state.pending)
            late = first_legal(first, table.id, late_seat)
            with pytest.raises(NotOwner):
                await first.act(table, late_seat, late, table.state.step)
            assert table.id not in first.tables
            # The new owner plays on from the stored record.
            seat = min(taken.state.pending)
            await second.act(taken, seat, first_legal(second, taken.id, seat), taken.state.step)
            assert len(stored_moves(second.store.store, table.id)) == 2
            assert (await second.store.call("lease_of", table.id)).owner == (
                second.ownership.owner if second.ownership else None
            )
        finally:
            await first.stop()
            await second.stop()

    run_async(play())


@postgres_only
@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_stopped_owner_releases_its_tables_and_another_takes_them_up_unasked(db_url):
    async def play() -> None:
        first = Hub(Store(db_url), QUICK, ownership=Ownership("http://a", ttl=30))
        await first.start()
        table, _, _ = await first.create(
            "duel", {}, [{"kind": "human"}, {"kind": "human"}], "Ann", None, None
        )
        await first.join(table.id, "Bob")
        await first.stop()
        second = Hub(Store(db_url), QUICK, ownership=Ownership("http://b", ttl=30))
        await second.start()
        try:
            assert table.id in second.tables
            lease = second.tables[table.id].lease
            assert lease is not None and lease.epoch == 2
        finally:
            await second.stop()

    run_async(play())


def test_the_tables_of_a_process_that_stops_are_shared_among_those_alive(db_url):
    """Each orphaned table goes first to one live process, the same whichever asks; one
    that process does not take up is taken by another once it has waited half a lease."""

    async def play() -> None:
        hubs = [
            Hub(Store(db_url), QUICK, ownership=Ownership(f"http://{name}", ttl=60))
            for name in "abcd"
        ]
        for hub in hubs:
            await hub.start()
        gone, alive = hubs[0], hubs[1:]
        for hub in alive:
            assert hub.keeper.heartbeat is not None
            hub.keeper.heartbeat.cancel()  # the test says when each looks for orphans
        try:
            made = []
            for _ in range(9):
                table, _, _ = await gone.create(
                    "duel", {}, [{"kind": "human"}, {"kind": "human"}], "Ann", None, None
                )
                made.append(table.id)
            await gone.stop()
            owners = [hub.ownership for hub in alive if hub.ownership is not None]
            names = sorted(own.owner for own in owners)
            share = [{t for t in made if first_choice(t, names) == own.owner} for own in owners]
            assert set().union(*share) == set(made)
            # The last process alive is slow to look: the others leave its share to it.
            for hub, own, mine in zip(alive[:-1], owners, share, strict=False):
                await hub.keeper.renew_and_take_up(own)
                assert set(hub.tables) == mine
            # Half a lease on, its share is anyone's: the first to look takes it up.
            waiting = share[-1]
            with Store(db_url).engine.begin() as db:
                db.execute(
                    update(leases).where(leases.c.table_id.in_(waiting))
                    .values(expires=leases.c.expires - 31)
                )
            await alive[0].keeper.renew_and_take_up(owners[0])
            assert set(alive[0].tables) == share[0] | waiting
            assert not alive[-1].tables
        finally:
            for hub in alive:
                await hub.stop()

    run_async(play())
