"""Two people play one table through two server processes sharing a PostgreSQL store:
each browser reaches a different process, and the game is played to its end."""

from __future__ import annotations

import os
import random
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from e2e.driving import Pages, Server, create_table, play_until_over
from server.kit import ServerProcess

pytestmark = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgresql"),
    reason="several processes share a PostgreSQL store only",
)


@pytest.fixture
def db_url() -> Iterator[str]:
    """A new PostgreSQL database of its own, on the server ``DATABASE_URL`` names."""
    import psycopg

    admin = os.environ["DATABASE_URL"].replace("postgresql+psycopg://", "postgresql://")
    name = f"plunder_e2e_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{name}"')
    yield f"{admin.rpartition('/')[0]}/{name}"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_two_browsers_on_two_workers_play_one_table_to_its_end(
    browser: Any, db_url: str, tmp_path: Path
) -> None:
    unlimited = ["--tables-per-client", "0", "--create-rate", "100000",
                 "--create-burst", "100000", "--lease-ttl", "2"]
    workers = [ServerProcess(db_url, tmp_path / f"w{i}.log", bot_delay=0.05, bot_reflex=0.05,
                             extra=unlimited) for i in range(2)]
    for worker in workers:
        worker.start()
    anne_pages = Pages(browser, Server(workers[0].url, workers[0].log))
    bob_pages = Pages(browser, Server(workers[1].url, workers[1].log))
    try:
        anne = anne_pages.new()
        table = create_table(anne, "Anne", ["human", "human"])
        bob = bob_pages.new()
        bob.goto(f"/t/{table}")
        expect(bob.locator("#join")).to_be_visible()
        bob.fill("#join-name", "Bob")
        bob.click("#join-button")
        expect(bob.locator("#seats .seat-item.me .seat-name")).to_have_text("Bob (you)")
        # Anne, on the other process, sees Bob take his seat.
        expect(anne.locator("#seats")).to_contain_text("Bob")
        commits = play_until_over([anne, bob], random.Random(43), limit=120)
        assert commits > 0
        expect(anne.locator("#result")).to_be_visible()
        expect(bob.locator("#result")).to_be_visible()
    finally:
        anne_pages.close()
        bob_pages.close()
        for worker in workers:
            worker.stop()
    assert not anne_pages.errors and not bob_pages.errors, anne_pages.errors + bob_pages.errors
