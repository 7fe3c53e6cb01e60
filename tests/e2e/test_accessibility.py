"""axe-core finds no serious or critical accessibility fault on any page.

axe-core's own build (``axe.min.js`` of the npm package, as the
``axe-playwright-python`` package ships it) is put into each page from the
installed file: nothing is fetched from the network. The pages: the lobby,
"my tables", a table of each game as its seated player sees it at their first
decision (and with the move box's list open), a finished table and its replay; the
lobby and each game's table on a laptop's window and on a phone's.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from e2e.driving import PHONE, Server, api
from e2e.test_tables import _finished_bot_table

# The windows the pages are checked in: a laptop's, and a phone's (touch, mobile).
WINDOWS: dict[str, dict[str, Any]] = {
    "laptop": {},
    "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True},
}

# The faults that keep someone from using a page (axe-core's two highest impacts).
BLOCKING = ("serious", "critical")

# A seated player's first table of each game (set as the lobby would).
TABLES: dict[str, dict[str, Any]] = {
    "duel": {},
    "rumble": {},
    "underfire": {},
    "swordplay": {},
    "rumbones": {"heroes": "carcharius,ishmael,nerissa;calavera,demarco,hueso"},
}


def axe_script() -> Path:
    import axe_playwright_python

    found = Path(axe_playwright_python.__file__).parent / "axe.min.js"
    assert found.is_file(), f"axe-core is missing from {found.parent}"
    return found


def blocking_faults(page: Any) -> list[str]:
    """axe-core's serious and critical faults on ``page`` as it is now, one line each."""
    page.add_script_tag(path=str(axe_script()))
    report = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    assert report["testEngine"]["name"] == "axe-core"
    faults = []
    for violation in report["violations"]:
        if violation["impact"] not in BLOCKING:
            continue
        nodes = violation["nodes"]
        where = "; ".join(
            f"{node['target']} {node.get('failureSummary', '')}".replace("\n", " ")
            for node in nodes[:3]
        )
        faults.append(
            f"{violation['impact']} {violation['id']} ({violation['help']}), "
            f"{len(nodes)} elements, e.g. {where}"
        )
    return faults


def assert_accessible(page: Any) -> None:
    faults = blocking_faults(page)
    assert not faults, "axe-core faults:\n" + "\n".join(faults)


@pytest.mark.parametrize("window", sorted(WINDOWS))
def test_the_lobby_and_my_tables_pass_axe(
    window: str, pages: Callable[..., Any], server: Server
) -> None:
    page = pages(**WINDOWS[window])
    page.goto("/")
    page.wait_for_selector("#game option[value=duel]", state="attached")
    assert_accessible(page)
    # My tables with a table on it that owes this browser a move.
    made = api(server.url, "POST", "/api/tables", {
        "game": "duel", "seats": [{"kind": "human"}, {"kind": "bot"}], "name": "Ann",
    })
    page.evaluate(
        "([table, token]) => localStorage.setItem(`plunder:token:${table}`, token)",
        [made["table"], made["token"]],
    )
    page.goto("/my")
    expect(page.locator("#mine > li")).to_have_count(1)
    assert_accessible(page)


@pytest.mark.parametrize("window", sorted(WINDOWS))
@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_table_of_each_game_passes_axe(
    game: str, window: str, pages: Callable[..., Any], server: Server
) -> None:
    made = api(server.url, "POST", "/api/tables", {
        "game": game,
        "options": TABLES[game],
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        "name": "Ann",
    })
    table = made["table"]
    page = pages(**WINDOWS[window])
    page.add_init_script(f"localStorage.setItem('plunder:token:{table}', '{made['token']}');")
    page.goto(f"/t/{table}")
    expect(page.locator("#command")).to_be_visible()
    # Her first decision is drawn: the board, her pieces and the moves to type.
    page.wait_for_function(
        "() => Number(document.getElementById('command-text').dataset.moves || 0) > 0",
        timeout=30_000,
    )
    assert_accessible(page)
    # With the move box's list of moves open, and a refusal said under it.
    page.focus("#command-text")
    page.keyboard.type("?")
    page.keyboard.press("Enter")
    expect(page.locator("#command-help li").first).to_be_visible()
    page.keyboard.type("no-such-move")
    page.keyboard.press("Enter")
    expect(page.locator("#command-said")).to_contain_text("is not a legal move now")
    assert_accessible(page)


def test_a_finished_table_and_its_replay_pass_axe(
    pages: Callable[..., Any], server: Server
) -> None:
    table = _finished_bot_table(server)
    page = pages()
    page.goto(f"/t/{table}?watch")
    expect(page.locator("#result")).to_be_visible()
    # A spectator has no move box, and no skip link to it.
    expect(page.locator("#command")).to_be_hidden()
    expect(page.locator("#skip-to-move")).to_be_hidden()
    assert_accessible(page)
    page.goto(f"/t/{table}?replay")
    expect(page.locator("#replay-bar")).to_be_visible()
    expect(page.locator("#game > *").first).to_be_visible()
    assert_accessible(page)
