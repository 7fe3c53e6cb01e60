"""A game registered from outside the project plays in the browser, drawn by the generic renderer.

The toy (``tests/anygame``) has no browser renderer of its own. A server of its
own (the session's server knows only the project's games) finds it through
``PLUNDER_GAMES``; a person sets a table in the lobby and plays it to the end by
clicking the buttons ``static/generic.js`` draws for the legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from anygame import kit
from e2e.driving import Pages, Server, api, create_table, play_until_over, serving


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``plunder serve`` in a process that finds the toy in a folder outside the project."""
    folder = tmp_path_factory.mktemp("toy-server")
    outside = kit.install(folder / "elsewhere")
    with serving(folder, env=kit.environment(outside)) as running:
        yield running


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
