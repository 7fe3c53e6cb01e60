"""Web Push in the browser: the site is an installable web app whose service worker
registers at the root, and a turn-based table (never a live one) offers its player
"Notify me on this device". Chromium here has no push service to subscribe with,
so the subscription itself is tested against a loopback push service in
``tests/server/test_webpush.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from e2e.driving import Server, api, create_table


def test_a_turn_based_table_offers_push_notices_and_the_worker_registers(
    pages: Callable[..., Any], server: Server
) -> None:
    page = pages()
    table = create_table(page, "Ann", ["human", "human"], turn_hours=24)
    api(server.url, "POST", f"/api/tables/{table}/join", {"name": "Bob"})
    expect(page.locator("#push-button")).to_be_visible()
    expect(page.locator("#push-button")).to_have_text("Notify me on this device")
    scope = page.evaluate(
        "navigator.serviceWorker.register('/sw.js').then((r) => r.scope)"
    )
    assert scope == f"{server.url}/"
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())"
    )
    assert (manifest["display"], manifest["start_url"]) == ("standalone", "/")

    # A spectator has no seat to be told of.
    watcher = pages()
    watcher.goto(f"/t/{table}?watch")
    expect(watcher.locator("#seats li")).to_have_count(2)
    expect(watcher.locator("#push-button")).to_be_hidden()


def test_a_live_table_does_not_offer_push_notices(
    pages: Callable[..., Any], server: Server
) -> None:
    page = pages()
    table = create_table(page, "Ann", ["human", "human"])
    api(server.url, "POST", f"/api/tables/{table}/join", {"name": "Bob"})
    expect(page.locator("#seats li")).to_have_count(2)
    expect(page.locator("#push-button")).to_be_hidden()
