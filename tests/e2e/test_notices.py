"""Notices in the browser: the table page tells the server its player sees the table
(``seen``, with the step drawn), which is what holds back a notice of their move;
My tables sends the player's notices to a webhook and stops them."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from e2e.driving import Server, api, create_table, wait_for


def test_a_page_in_view_says_its_player_saw_the_state_drawn(
    pages: Callable[..., Any], server: Server
) -> None:
    page = pages()
    sent: list[dict[str, Any]] = []
    states: list[dict[str, Any]] = []

    def watch(socket: Any) -> None:
        socket.on("framesent", lambda frame: sent.append(json.loads(frame)))
        socket.on("framereceived", lambda frame: states.append(json.loads(frame)))

    page.on("websocket", watch)
    table = create_table(page, "Ann", ["human", "human"], turn_hours=24)
    api(server.url, "POST", f"/api/tables/{table}/join", {"name": "Bob"})

    def owed_step() -> int | None:
        drawn = [m for m in states if m.get("type") == "state" and m.get("legal")]
        return drawn[-1]["step"] if drawn else None

    def pumped(check: Callable[[], Any]) -> Callable[[], Any]:
        # The frames are told to the test only while it waits on the page.
        return lambda: page.wait_for_timeout(50) or check()

    step = wait_for(pumped(owed_step))
    assert step is not None
    assert wait_for(pumped(lambda: {"type": "seen", "step": step} in sent))


def test_my_tables_sends_my_notices_to_a_webhook_and_stops_them(
    pages: Callable[..., Any], server: Server
) -> None:
    page = pages()
    table = create_table(page, "Ann", ["human", "human"], turn_hours=24)
    api(server.url, "POST", f"/api/tables/{table}/join", {"name": "Bob"})
    page.goto("/my")
    item = page.locator(f"#mine > li[data-table='{table}']")
    expect(item).to_contain_text("your move")
    expect(item).not_to_contain_text("notices on")

    page.fill("#webhook", "http://127.0.0.1:9/hook")
    page.click("#notices-form button[type=submit]")
    expect(page.locator("#notices-status")).to_have_text("Notices of 1 table go to that webhook.")
    expect(item).to_contain_text("notices on")

    # A webhook that is not http or https is refused, and the one set stays.
    page.fill("#webhook", "ftp://127.0.0.1/hook")
    page.click("#notices-form button[type=submit]")
    expect(page.locator("#notices-status")).to_contain_text("Not set: webhook:")
    expect(item).to_contain_text("notices on")

    page.click("#notices-stop")
    expect(page.locator("#notices-status")).to_have_text("No more notices from 1 table.")
    expect(item).not_to_contain_text("notices on")
