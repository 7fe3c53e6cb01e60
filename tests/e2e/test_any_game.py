"""A game registered from outside the project plays in the browser, drawn by the generic renderer.

The toy (``tests/anygame``) has no browser renderer of its own. A server of its
own (the session's server knows only the project's games) finds it through
``PLUNDER_GAMES``; a person sets a table in the lobby and plays it to the end by
clicking the buttons ``static/generic.js`` draws for the legal actions.
"""

from __future__ import annotations

import random
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from anygame import kit
from e2e.driving import Pages, Server, api, create_table, play_until_over


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``plunder serve`` in a process that finds the toy in a folder outside the project."""
    folder = tmp_path_factory.mktemp("toy-server")
    outside = kit.install(folder / "elsewhere")
    port = _free_port()
    log = folder / "server.log"
    command = [
        sys.executable,
        "-m",
        "plunder.cli",
        "serve",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{folder / 'tables.sqlite3'}",
        "--bot-delay",
        "0.05",
    ]
    with log.open("ab") as out:
        process = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, env=kit.environment(outside)
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                pytest.fail(f"plunder serve exited at start:\n{log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{url}/api/games", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"plunder serve did not answer in 30 s:\n{log.read_text()[-3000:]}")
            time.sleep(0.1)
        yield Server(url, log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def test_a_toy_table_is_played_by_clicking_the_generic_renderer(
    browser: Any, toy_server: Server, screenshots: Path
) -> None:
    opened = Pages(browser, toy_server)
    try:
        page = opened.new()
        table = create_table(page, "Ann", ["human", "bot:random"], {"target": 1}, game=kit.NAME)
        # The generic renderer: the view's facts (the seat's own lucky number among
        # them), the players' table and one button per legal action.
        expect(page.locator("#game .generic")).to_be_visible()
        expect(page.locator("#game .facts")).to_contain_text("lucky")
        expect(page.locator("#game .generic-players tbody tr")).to_have_count(2)
        buttons = page.locator("#game .generic [data-action]")
        expect(buttons).to_have_count(3)
        offered = buttons.evaluate_all("(all) => all.map((b) => b.dataset.action)")
        assert sorted(offered) == ["stake>1", "stake>2", "stake>3"]
        page.screenshot(path=str(screenshots / "toy-generic.png"))
        page.locator('#game [data-action="stake>2"]').click()
        play_until_over([page], random.Random(4))
        expect(page.locator("#result")).to_be_visible()
        record = api(toy_server.url, "GET", f"/api/tables/{table}/record")
        assert record["game"] == kit.NAME
        mine = [notation for seat, notation in record["moves"] if seat == 0]
        assert mine[0] == "stake>2"
        assert set(mine) <= {"stake>1", "stake>2", "stake>3"}
    finally:
        opened.close()
    assert not opened.errors, "script errors in the pages:\n" + "\n".join(opened.errors)
