"""Turn-based tables: a decision has hours, kept as a deadline by the wall clock that
survives a restart and a handover; when it runs out a bot plays that decision and
the seat stays its player's. The clock is the test's own: a week passes at once."""

from __future__ import annotations

import asyncio
import dataclasses
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from plunder.server.app import create_app
from plunder.server.live import Hub
from plunder.server.owners import Ownership
from plunder.server.store import Store
from server.conftest import UNLIMITED
from server.kit import HUMAN, Socket, create, join, run_async, summary

HOUR = 3600.0
# The deadlines are looked at when a test asks (``run_deadlines``), and once as the
# server starts: never by the real clock while a test runs.
# The tests' webhook receivers listen on loopback.
TURN_SETTINGS = dataclasses.replace(UNLIMITED, deadline_check=1e6, webhook_private=True)


class TestClock:
    """A wall clock that moves only when told to."""

    __test__ = False

    def __init__(self) -> None:
        self.at = 1_900_000_000.0

    def __call__(self) -> float:
        return self.at

    def advance(self, hours: float) -> None:
        self.at += hours * HOUR


@contextmanager
def serving(db_url: str, clock: TestClock) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, settings=TURN_SETTINGS, now=clock)) as client:
        yield client


def hub_of(client: TestClient) -> Hub:
    hub = client.app.state.context.hub  # type: ignore[attr-defined]
    assert isinstance(hub, Hub)
    return hub


def run_deadlines(client: TestClient) -> int:
    """Has the server look at its deadlines now; how many decisions it played."""
    hub = hub_of(client)
    assert client.portal is not None
    return int(client.portal.call(hub.scheduler.run_deadlines))


def seconds_left(client: TestClient, table: str) -> dict[int, float | None]:
    return {s["seat"]: s["deadline"] for s in summary(client, table)["seats"]}


def visit(
    client: TestClient, table: str, token: str, move: bool = True, most: int = 5
) -> dict[str, Any]:
    """A player opens the table, plays their first legal action for each decision they
    owe (at most ``most``), and leaves; the state they found on opening it."""
    with client.websocket_connect(f"/ws/{table}") as ws:
        seat = Socket(ws)
        seat.send({"type": "hello", "token": token})
        found = latest = seat.state()
        for _ in range(most):
            if not move or not latest["legal"]:
                break
            seat.send({"type": "act", "action": latest["legal"][0]})
            latest = seat.state(latest["move"] + 1)
        return found


def turn_table(client: TestClient, hours: float = 24) -> tuple[str, str, str]:
    created = create(client, [HUMAN, HUMAN], speed="turns", turn_hours=hours)
    joined = join(client, created["table"])
    return created["table"], created["token"], joined["token"]


def test_a_week_of_turns_with_a_restart_keeps_each_deadline(db_url):
    clock = TestClock()
    with serving(db_url, clock) as client:
        table, ann, bob = turn_table(client)
        shown = summary(client, table)
        assert (shown["speed"], shown["turn_hours"], shown["clock"]) == ("turns", 24.0, None)
        # Duel's shootout is simultaneous: both seats owe it, each with a day.
        assert seconds_left(client, table) == {0: 24 * HOUR, 1: 24 * HOUR}
        visit(client, table, ann)
        clock.advance(10)
        # Ann has chosen; Bob's day is 10 hours shorter. Nothing is played before it ends.
        assert seconds_left(client, table) == {0: None, 1: 14 * HOUR}
        assert run_deadlines(client) == 0
        moves_before = summary(client, table)["move"]

    # The server restarts: Bob's deadline is the one he had, not a new day.
    with serving(db_url, clock) as client:
        assert seconds_left(client, table) == {0: None, 1: 14 * HOUR}
        clock.advance(13.5)
        assert run_deadlines(client) == 0
        clock.advance(0.5)
        assert run_deadlines(client) == 1
        after = summary(client, table)
        # A bot played Bob's decision; his seat is still his, and the next shootout
        # gives each seat a new day.
        assert after["move"] == moves_before + 1
        assert [s["auto"] for s in after["seats"]] == [False, False]
        assert seconds_left(client, table) == {0: 24 * HOUR, 1: 24 * HOUR}
        assert visit(client, table, bob, move=False)["seat"] == 1

        # The rest of the week: Ann plays each morning, Bob never comes; each evening a
        # bot plays the decisions his day ran out on.
        days = bots = 0
        while days < 6 and summary(client, table)["status"] == "running":
            visit(client, table, ann)
            owing = [s for s, left in seconds_left(client, table).items() if left is not None]
            assert owing in ([], [1])
            clock.advance(23.9)
            assert run_deadlines(client) == 0
            clock.advance(0.1)
            assert run_deadlines(client) == len(owing)
            bots += len(owing)
            days += 1
        # A whole week went by (the first day and six more), unless the game ended.
        assert bots >= 1 and (days == 6 or summary(client, table)["status"] == "over")
    # The bot's moves are stored as a bot's, Ann's as hers.
    stored = Store(db_url).load_table(table)
    assert stored is not None
    bob_moves = [i for i, (seat, _) in enumerate(stored.moves) if seat == 1]
    ann_moves = [i for i, (seat, _) in enumerate(stored.moves) if seat == 0]
    assert len(bob_moves) == bots + 1 and ann_moves
    assert all(stored.bot_moves.get(i, "").startswith("greedy") for i in bob_moves)
    assert not any(i in stored.bot_moves for i in ann_moves)


def test_a_turn_based_table_is_not_abandoned_when_no_one_is_there(db_url):
    clock = TestClock()
    with serving(db_url, clock) as client:
        table, _, _ = turn_table(client, hours=72)
        hub = hub_of(client)
        live = hub.tables[table]
        live.last_human -= 10 * UNLIMITED.abandon_after  # no one for hours
        assert client.portal is not None
        client.portal.call(hub.sweep)
        shown = summary(client, table)
        assert not shown["abandoned"]
        assert [s["auto"] for s in shown["seats"]] == [False, False]
        assert seconds_left(client, table) == {0: 72 * HOUR, 1: 72 * HOUR}


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"speed": "slow"}, "speed"),
        ({"speed": "turns"}, "turn_hours"),
        ({"speed": "turns", "turn_hours": 0.5}, "turn_hours"),
        ({"speed": "turns", "turn_hours": 24, "clock": 30}, "clock"),
        ({"speed": "turns", "turn_hours": 24, "timeout": "concede"}, "conceded"),
        ({"turn_hours": 24}, "turn_hours"),
        ({"speed": "turns", "turn_hours": True}, "turn_hours"),
    ],
)
def test_a_wrong_speed_is_refused_and_named(client, extra, words):
    body = {"game": "duel", "options": {}, "seats": [HUMAN, HUMAN], "name": "Ann", **extra}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    assert words in answer.json()["error"]


def test_a_live_table_is_live_by_default_and_keeps_its_clock(client):
    created = create(client, [HUMAN, HUMAN], clock=60)
    join(client, created["table"])
    shown = summary(client, created["table"])
    assert (shown["speed"], shown["turn_hours"], shown["clock"]) == ("live", None, 60)
    # The live clock runs by the server's own clock, in seconds, as before.
    left = [s["deadline"] for s in shown["seats"]]
    assert all(isinstance(x, float) and 55 < x <= 60 for x in left)


def test_a_rematch_of_a_turn_based_table_is_turn_based(db_url):
    clock = TestClock()
    with serving(db_url, clock) as client:
        created = create(
            client, [HUMAN, {"kind": "bot", "bot": "random"}], speed="turns", turn_hours=48
        )
        hub = hub_of(client)
        live = hub.tables[created["table"]]
        assert client.portal is not None
        # Ann never plays: each of her days runs out until the game is over.
        for _ in range(400):
            if summary(client, created["table"])["status"] != "running":
                break
            clock.advance(48)
            run_deadlines(client)
            client.portal.call(asyncio.sleep, 0.01)
        assert live.row.status == "over"
        answer = client.post(
            f"/api/tables/{created['table']}/rematch", headers={"X-Plunder-Token": created["token"]}
        )
        assert answer.status_code == 200, answer.text
        assert (answer.json()["speed"], answer.json()["turn_hours"]) == ("turns", 48.0)


postgres_only = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgresql"),
    reason="several processes share a PostgreSQL store only",
)


@postgres_only
@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_turn_deadline_is_the_same_after_a_handover_between_processes(db_url):
    clock = TestClock()

    async def play() -> None:
        first = Hub(Store(db_url), TURN_SETTINGS, ownership=Ownership("http://a", ttl=30),
                    now=clock)
        await first.start()
        table, _, _ = await first.create(
            "duel", {}, [HUMAN, HUMAN], "Ann", None, None, speed="turns", turn_hours=24
        )
        await first.join(table.id, "Bob")
        await asyncio.sleep(0.1)  # the deadlines' write, in the background
        clock.advance(20)
        await first.stop()  # its leases released: the next process takes the table up
        second = Hub(Store(db_url), TURN_SETTINGS, ownership=Ownership("http://b", ttl=30),
                     now=clock)
        await second.start()
        try:
            taken = second.tables[table.id]
            assert taken.lease is not None and taken.lease.epoch == 2
            assert [taken.seconds_left(s) for s in (0, 1)] == [4 * HOUR, 4 * HOUR]
            clock.advance(4)
            assert await second.scheduler.run_deadlines() == 2
            assert len(taken.row.moves) == 2
        finally:
            await second.stop()

    run_async(play())


def test_a_timed_decision_let_run_out_plays_the_rules_timeout_action(db_url):
    """At a turn-based table a decision the rules time (Rumble's gesture) waits the
    turn's hours like any other; then the seat plays what the rules say, not a bot."""
    clock = TestClock()
    with serving(db_url, clock) as client:
        created = create(
            client, [HUMAN, HUMAN], game="rumble", speed="turns", turn_hours=24,
            options={"gestures": True, "pirates": "bonny,roberts"},
        )
        table = created["table"]
        bob = join(client, table)["token"]
        # Both choose a card; the gesture step opens for both.
        assert visit(client, table, created["token"], most=1)["view"]["phase"] == "choose"
        visit(client, table, bob, most=1)
        gesture = visit(client, table, bob, move=False)
        assert gesture["view"]["phase"] == "gesture" and "gesture>none" in gesture["legal"]
        assert gesture["deadline"] == 24 * HOUR
        start = summary(client, table)["move"]
        clock.advance(24)
        assert run_deadlines(client) == 2
    stored = Store(db_url).load_table(table)
    assert stored is not None
    assert sorted(stored.moves[start:start + 2]) == [(0, "gesture>none"), (1, "gesture>none")]
    assert start not in stored.bot_moves and start + 1 not in stored.bot_moves


def test_a_store_made_before_speeds_gets_their_columns_and_its_tables_are_live(db_url):
    clock = TestClock()
    with serving(db_url, clock) as client:
        created = create(client, [HUMAN, HUMAN], clock=60)
        join(client, created["table"])
    store = Store(db_url)
    with store.engine.begin() as db:
        for table, column in (("plunder_tables", "speed"), ("plunder_tables", "turn_hours"),
                              ("plunder_seats", "deadline"), ("plunder_seats", "deadline_step")):
            db.execute(text(f"ALTER TABLE {table} DROP COLUMN {column}"))
    store.close()
    with serving(db_url, clock) as client:
        shown = summary(client, created["table"])
        assert (shown["speed"], shown["turn_hours"], shown["clock"]) == ("live", None, 60)
        table, _, _ = turn_table(client, hours=12)
        assert seconds_left(client, table) == {0: 12 * HOUR, 1: 12 * HOUR}
    with serving(db_url, clock) as client:
        assert seconds_left(client, table) == {0: 12 * HOUR, 1: 12 * HOUR}
