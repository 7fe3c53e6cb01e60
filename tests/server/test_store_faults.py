"""The store may be slow or refuse writes: the server waits off the event loop and recovers.

Faults are made in the database itself, as another program would: a lock held
on the file or the table, a trigger that refuses inserts or status changes.

- A locked store keeps only the tables that write from moving on: another
  table's ping is answered at once, and the move is refused with an error while
  the lock is held (the store waits ``LOCK_WAIT`` for a lock, not for ever), and
  played once it is gone.
- A bot's move the store refused is tried again, so the table goes on once the
  store does, with no restart.
- A store down for a while logs one traceback, and a line for each retry.
- The end of a game and its status are one write: a store that refuses the
  status cannot keep a finished game ``running``, and a table's status is
  derived from its game and seats when it is loaded.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from plunder.server.app import create_app
from plunder.server.store import Store, make_engine
from server.conftest import UNLIMITED
from server.kit import HUMAN, Socket, bot, create, join, summary, wait_until

TRIGGER = "plunder_test_refuse"


@contextmanager
def refusing(db_url: str, when: str, on: str) -> Iterator[None]:
    """While inside, the store refuses ``when`` (``INSERT`` or ``UPDATE OF status``) on ``on``."""
    engine = make_engine(db_url)
    with engine.begin() as db:
        if engine.dialect.name == "sqlite":
            db.execute(
                text(
                    f"CREATE TRIGGER {TRIGGER} BEFORE {when} ON {on} "
                    "BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
                )
            )
        else:
            db.execute(
                text(
                    f"CREATE OR REPLACE FUNCTION {TRIGGER}() RETURNS trigger AS "
                    "$$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql"
                )
            )
            db.execute(
                text(
                    f"CREATE TRIGGER {TRIGGER} BEFORE {when} ON {on} "
                    f"FOR EACH ROW EXECUTE FUNCTION {TRIGGER}()"
                )
            )
    try:
        yield
    finally:
        with engine.begin() as db:
            if engine.dialect.name == "sqlite":
                db.execute(text(f"DROP TRIGGER {TRIGGER}"))
            else:
                db.execute(text(f"DROP TRIGGER {TRIGGER} ON {on}"))
        engine.dispose()


def hold_lock(
    db_url: str, seconds: float, locked: threading.Event, release: threading.Event | None = None
) -> None:
    """Hold the store's write lock (the SQLite file, the PostgreSQL moves table) for
    ``seconds``, or until ``release`` is set if one is given (``seconds`` at most)."""
    engine = make_engine(db_url)
    wait = release.wait if release is not None else time.sleep
    with engine.connect() as db:
        if engine.dialect.name == "sqlite":
            raw = db.connection.driver_connection
            raw.isolation_level = None
            raw.execute("BEGIN EXCLUSIVE")
            locked.set()
            wait(seconds)
            raw.execute("COMMIT")
        else:
            with db.begin():
                db.execute(text("LOCK TABLE plunder_moves IN ACCESS EXCLUSIVE MODE"))
                locked.set()
                wait(seconds)
    engine.dispose()


def test_a_locked_store_stalls_no_other_table(client, db_url):
    playing = create(client, [HUMAN, HUMAN])
    other = join(client, playing["table"])
    watched = create(client, [HUMAN, HUMAN])
    with (
        client.websocket_connect(f"/ws/{playing['table']}") as a,
        client.websocket_connect(f"/ws/{watched['table']}") as b,
    ):
        player, bystander = Socket(a), Socket(b)
        player.send({"type": "hello", "token": playing["token"]})
        bystander.send({"type": "hello", "token": watched["token"]})
        player.state()
        bystander.state()
        locked, release = threading.Event(), threading.Event()
        holder = threading.Thread(target=hold_lock, args=(db_url, 60.0, locked, release))
        holder.start()
        try:
            assert locked.wait(5)
            player.send({"type": "act", "action": "reload"})
            for _ in range(3):
                bystander.send({"type": "ping"})
                bystander.until(lambda m: m["type"] == "pong")
            # The move is refused, saying to try again, while the lock is still held
            # (judged by order, not by a clock a loaded machine could stretch).
            assert "try again" in player.error()["message"]
            assert holder.is_alive()
        finally:
            release.set()
            holder.join()
        # Nothing of the refused move was played or stored: played again, it counts.
        assert summary(client, playing["table"])["move"] == 0
        player.send({"type": "act", "action": "reload"})
        acknowledged = player.state(1)
        assert acknowledged["view"]["committed"] == [0]
    assert other["seat"] == 1


def test_a_bot_move_the_store_refused_is_tried_again(client, db_url):
    created = create(client, [bot(), bot()], options={"target": 20})
    table = created["table"]
    assert wait_until(lambda: summary(client, table)["move"] >= 2, 10)
    with refusing(db_url, "INSERT", "plunder_moves"):
        stalled = summary(client, table)["move"]
        assert summary(client, table)["status"] == "running"
        time.sleep(1.0)
        # Nothing is played, or told, that could not be stored.
        assert summary(client, table)["move"] == stalled
        assert summary(client, table)["status"] == "running"
    # The store takes moves again: the bots go on to the end, with no restart.
    assert wait_until(lambda: summary(client, table)["status"] == "over", 30)
    record = client.get(f"/api/tables/{table}/record").json()
    assert len(record["moves"]) == summary(client, table)["move"] > stalled


def test_a_finished_game_is_never_left_running(db_url):
    Store(db_url).close()  # the store's tables, for the trigger
    with (
        refusing(db_url, "UPDATE OF status", "plunder_tables"),
        TestClient(create_app(db_url, settings=UNLIMITED)) as first,
    ):
        created = create(first, [bot(), bot()], options={"target": 1})
        table = created["table"]
        # The bots play on as far as the store lets them.
        time.sleep(1.5)
    with TestClient(create_app(db_url, settings=UNLIMITED)) as second:
        # Loaded again: the game is played to its end and is over, in the store too.
        assert wait_until(lambda: summary(second, table)["status"] == "over", 30)
        assert table not in [t["table"] for t in second.get("/api/tables").json()]
        assert second.get(f"/api/tables/{table}/record").status_code == 200
    with TestClient(create_app(db_url, settings=UNLIMITED)) as third:
        assert summary(third, table)["status"] == "over"


def stored_status(db_url: str, table: str) -> str:
    engine = make_engine(db_url)
    with engine.connect() as db:
        found = db.execute(
            text("SELECT status FROM plunder_tables WHERE id = :id"), {"id": table}
        ).scalar_one()
    engine.dispose()
    return str(found)


def test_a_stale_status_is_put_right_when_a_table_is_loaded(db_url):
    with TestClient(create_app(db_url, settings=UNLIMITED)) as first:
        full = create(first, [HUMAN, HUMAN])
        join(first, full["table"])
        waiting = create(first, [HUMAN, HUMAN])
        finished = create(first, [bot(), bot()], options={"target": 1})
        assert wait_until(lambda: summary(first, finished["table"])["status"] == "over", 30)
    # As a crash between two writes of an older server could leave them.
    engine = make_engine(db_url)
    with engine.begin() as db:
        for table, status in (
            (full["table"], "open"),
            (waiting["table"], "running"),
            (finished["table"], "running"),
        ):
            db.execute(
                text("UPDATE plunder_tables SET status = :status WHERE id = :id"),
                {"status": status, "id": table},
            )
    engine.dispose()
    with TestClient(create_app(db_url, settings=UNLIMITED)) as second:
        assert summary(second, full["table"])["status"] == "running"
        assert summary(second, waiting["table"])["status"] == "open"
        assert summary(second, finished["table"])["status"] == "over"
        listed = {t["table"] for t in second.get("/api/tables").json()}
        assert listed == {full["table"], waiting["table"]}
    assert stored_status(db_url, full["table"]) == "running"
    assert stored_status(db_url, waiting["table"]) == "open"
    assert stored_status(db_url, finished["table"]) == "over"


def test_an_outage_logs_one_traceback_and_a_line_for_each_retry(client, db_url, caplog):
    caplog.set_level(logging.INFO, logger="plunder.server")
    tables = [create(client, [bot(), bot()], options={"target": 20})["table"] for _ in range(3)]
    assert wait_until(lambda: all(summary(client, t)["move"] >= 2 for t in tables), 10)
    caplog.clear()
    with refusing(db_url, "INSERT", "plunder_moves"):
        # Each table's bots fail, wait, and try again, waiting longer each time.
        assert wait_until(lambda: len(retries(caplog)) >= 3 * len(tables), 10)
        time.sleep(0.5)
    assert wait_until(lambda: all(summary(client, t)["status"] == "over" for t in tables), 30)
    lines = retries(caplog)
    # One line for each failure, with its back-off...
    assert all("again in" in r.getMessage() and r.exc_info is None for r in lines)
    assert {r.getMessage().split(":")[0] for r in lines} >= {f"table {t}" for t in tables}
    # ... and one traceback for the whole outage, however many failures it saw.
    traced = [r for r in caplog.records if r.exc_info]
    assert len(traced) == 1, [r.getMessage() for r in traced]
    assert "the store works again" in caplog.text


def retries(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """The lines of bots failing and trying again."""
    return [r for r in caplog.records if "'s bot failed (" in r.getMessage()]
