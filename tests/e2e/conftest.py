"""Fixtures for the browser tests: a real ``plunder serve`` and the distribution's Chromium.

The server runs in a process of its own on a free port with a SQLite file of
its own, for the whole session. The browser is ``/usr/bin/chromium`` driven by
Playwright; Playwright never downloads a browser here. A missing Chromium fails
the tests with a message saying so: nothing is skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from e2e.driving import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS, Pages, Server, serving


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``plunder serve`` on a free port with a temporary SQLite store and quick bots."""
    # One browser makes every table of the session: no limit per client.
    unlimited = (
        "--tables-per-client", "0", "--create-rate", "100000", "--create-burst", "100000",
        "--mine-rate", "100000", "--mine-burst", "100000",
        # The notice tests' webhooks are on loopback.
        "--webhook-private",
    )
    with serving(tmp_path_factory.mktemp("e2e-server"), unlimited) as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """The distribution's Chromium under Playwright (never a downloaded browser)."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"the browser tests need Chromium at {CHROMIUM}; install the distribution's "
            "chromium package (the test command installs it)",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def pages(browser: Any, server: Server) -> Iterator[Callable[..., Any]]:
    """``pages()`` opens a page in a new context (a new player); all are closed after the test."""
    opened = Pages(browser, server)
    try:
        yield opened.new
    finally:
        opened.close()
    assert not opened.errors, "script errors in the pages:\n" + "\n".join(opened.errors)


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
