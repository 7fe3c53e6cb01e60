"""Fixtures for the server tests: a store per test, in-process clients, a real server.

The store fixture ``db_url`` runs each test against SQLite and, when
``DATABASE_URL`` names a PostgreSQL server, against a fresh database there too
(``./run test`` starts a local PostgreSQL and sets it).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from plunder.server.app import create_app
from plunder.server.settings import Settings

# Tests play far faster than people: the limits on rates are lifted for them,
# except in the tests of those limits (which make apps of their own).
UNLIMITED = Settings(
    bot_delay=0,
    bot_reflex=0,
    ws_rate=1e6,
    ws_burst=1_000_000,
    create_rate=1e6,
    create_burst=1_000_000,
    mine_rate=1e6,
    mine_burst=1_000_000,
    tables_per_client=0,
    hello_rate=1e6,
    hello_burst=1_000_000,
    ws_per_client=0,
    max_tables=0,
)


def _postgres_params() -> list[Any]:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgresql"):
        return [pytest.param("postgresql", id="postgresql")]
    return []


@pytest.fixture(params=["sqlite", *_postgres_params()])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A store of its own for one test: a SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.sqlite3'}"
        return
    import psycopg

    admin = os.environ["DATABASE_URL"].replace("postgresql+psycopg://", "postgresql://")
    name = f"plunder_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = admin.rpartition("/")
    yield f"{base}/{name}"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The application in-process, bots moving without a pause, rates unlimited."""
    with TestClient(create_app(db_url, settings=UNLIMITED)) as test_client:
        yield test_client
