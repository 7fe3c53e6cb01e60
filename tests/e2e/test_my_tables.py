"""My tables in the browser: a turn-based table set in the lobby, listed from the seat
token the browser keeps, first while it owes a move (and counted in the tab's title),
with the other seats and the time left; a token that holds no seat shows nothing."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from e2e.driving import Server, api, create_table, play_one, wait_for


def test_my_tables_lists_my_seats_and_counts_my_moves_in_the_title(
    pages: Callable[..., Any], server: Server, screenshots: Path
) -> None:
    page = pages()
    table = create_table(page, "Ann", ["human", "human"], turn_hours=36)
    expect(page.locator("#clock-note")).to_contain_text("Over days: 36 h a decision")

    # A table Ann closed, and one of Carl's, for which the browser holds a wrong token.
    closed = api(server.url, "POST", "/api/tables", {
        "game": "duel", "seats": [{"kind": "human"}, {"kind": "bot"}], "name": "Ann",
    })
    api(server.url, "POST", f"/api/tables/{closed['table']}/close",
        headers={"X-Plunder-Token": closed["token"]})
    carls = api(server.url, "POST", "/api/tables", {
        "game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Carl",
    })
    page.evaluate(
        "([a, b, c]) => { localStorage.setItem(`plunder:token:${a}`, b);"
        " localStorage.setItem(`plunder:token:${c}`, 'A'.repeat(43)); }",
        [closed["table"], closed["token"], carls["table"]],
    )

    # The lobby leads there; Bob has not joined: nothing is owed yet.
    page.goto("/")
    page.click("#my-tables")
    page.wait_for_url("**/my")
    items = page.locator("#mine > li")
    expect(items).to_have_count(2)
    expect(page).to_have_title("plunder · my tables")
    expect(items.nth(0)).to_have_attribute("data-table", table)
    expect(items.nth(0)).to_contain_text("waiting for players")
    expect(items.nth(1)).to_have_attribute("data-table", closed["table"])
    expect(items.nth(1)).to_contain_text("closed")
    expect(page.locator("#mine")).not_to_contain_text("Carl")

    # Bob joins: the shootout is owed by both; Ann's table comes first, counted in
    # the title, with Bob and her 36 hours.
    api(server.url, "POST", f"/api/tables/{table}/join", {"name": "Bob"})
    page.reload()
    expect(page).to_have_title("(1) plunder · my tables")
    first = items.nth(0)
    expect(first).to_have_attribute("data-owes", "yes")
    expect(first).to_contain_text("your move")
    expect(first).to_contain_text(re.compile(r"3[56] h( \d+ min)? left"))
    expect(first).to_contain_text("you (Ann) with Bob")
    expect(first).to_contain_text("over days, 36 h a move")
    page.screenshot(path=str(screenshots / "my-tables.png"))

    # She plays it and comes back: nothing owed; the title says so.
    first.get_by_role("link", name="Play your move").click()
    page.wait_for_url(f"**/t/{table}")
    page.wait_for_selector("#game [data-action], #game [data-card]")
    assert wait_for(lambda: play_one(page, random.Random(4)))
    token = page.evaluate("(t) => localStorage.getItem(`plunder:token:${t}`)", table)
    mine = {"seats": [{"table": table, "token": token}]}
    wait_for(lambda: not api(server.url, "POST", "/api/my-tables", mine)[0]["owes"])
    page.goto("/my")
    expect(items.nth(0)).to_have_attribute("data-owes", "no")
    expect(items.nth(0)).to_contain_text("waiting for the others")
    expect(page).to_have_title("plunder · my tables")
