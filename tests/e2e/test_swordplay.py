"""Swordplay in Chromium: two people and a bot around one table, by clicks only.

Anne sets a three-seat table in the lobby (two humans, a greedy bot) and Bob
joins it through the invite link, on a phone. They play it to its end by
clicking cards, fighters (to aim an attack) and the buttons under the hand. On
the way each sees its own hand drawn as cards, with the catalogue's texts as
tooltips, and the fighters' plates with life bars.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import plunder
from e2e.driving import Server, create_table, join_on_a_phone, result_shown

CLICKABLE_JS = """
() => Array.from(document.querySelectorAll('#game [data-action], #game .sw-hand [data-card]'))
  .filter((e) => !e.disabled && e.offsetParent !== null)
  .map((e) => ({action: e.getAttribute('data-action'), card: e.dataset.card || null,
                index: e.dataset.index || null, seat: e.dataset.seat || null}))
"""


def clickable(page: Any) -> list[dict[str, Any]]:
    return page.evaluate(CLICKABLE_JS)


def _click(page: Any, selector: str) -> bool:
    try:
        page.locator(selector).first.click(timeout=2000)
    except PlaywrightError:
        return False
    return True


def play_one(page: Any, rng: random.Random) -> str | None:
    """One decision by clicks: an action button or card, or an attack card then a fighter."""
    options = clickable(page)
    if not options:
        return None
    pick = rng.choice(options)
    if pick["action"]:
        return pick["action"] if _click(page, f'#game [data-action="{pick["action"]}"]') else None
    selector = f'#game .sw-hand [data-card="{pick["card"]}"][data-index="{pick["index"]}"]'
    if not _click(page, selector):
        return None
    try:
        page.wait_for_selector("#game .sw-plate.aimable", timeout=3000)
    except PlaywrightError:
        return None
    aims = [o for o in clickable(page) if o["seat"] is not None and o["action"]]
    if not aims:
        return None
    aim = rng.choice(aims)
    return aim["action"] if _click(page, f'#game [data-action="{aim["action"]}"]') else None


def test_three_fighters_two_humans_and_a_bot_play_to_the_end(
    pages: Callable[..., Any], server: Server
) -> None:
    anne = pages()
    table = create_table(anne, "Anne", ["human", "human", "bot:greedy"], game="swordplay")
    expect(anne.locator("#game .sw-plate")).to_have_count(3)
    bob = join_on_a_phone(pages, anne, server.url, table, "Bob")

    # Each hand is five cards drawn, each with its catalogue text as the tooltip.
    catalogue = plunder.load("swordplay", players=3).catalogue()["cards"]
    for page in (anne, bob):
        expect(page.locator("#game .sw-hand .sw-card")).to_have_count(5)
        card = page.locator("#game .sw-hand .sw-card").first
        shown = card.get_attribute("data-card")
        info = catalogue[shown]
        assert card.get_attribute("title") == f"{info['title']}: {info['text']}"

    # On Bob's phone his hand comes first, above the links to share the table.
    hand_top = bob.locator("#game .sw-hand").bounding_box()["y"]
    assert hand_top < bob.locator("#share").bounding_box()["y"]

    rng = random.Random(3)
    deadline = time.monotonic() + 240
    commits = 0
    while not all(result_shown(p) for p in (anne, bob)):
        assert time.monotonic() < deadline, f"the game did not end ({commits} commits)"
        acted = False
        for page in (anne, bob):
            if not result_shown(page) and play_one(page, rng) is not None:
                commits += 1
                acted = True
        if not acted:
            anne.wait_for_timeout(40)
    assert commits > 10
    expect(anne.locator("#result")).to_be_visible()
