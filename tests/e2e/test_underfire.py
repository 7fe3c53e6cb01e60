"""Pirates Under Fire in Chromium: a whole game by clicks, against the greedy bot.

Anne sets a two-seat table (herself and the greedy bot) in the lobby and plays
it to its end by clicking: a ship of her hand or a mercenary, then a lit space
of the sea; an effect's target on the sea; the order of two effects and the end
of her turn as buttons. The sea is drawn as a 7 x 6 grid, and a hand tile's
tooltip is its ship's text in the catalogue.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

import plunder
from e2e.driving import PHONE, create_table, result_shown

CLICKABLE_JS = """
() => Array.from(document.querySelectorAll(
    '#game [data-action], #game .uf-hand [data-ship], #game .uf-market [data-merc]'))
  .filter((e) => !e.disabled && e.offsetParent !== null)
  .map((e) => ({action: e.dataset.action || null, ship: e.dataset.ship || null,
                merc: e.dataset.merc || null}))
"""


def click_one(page: Any, rng: random.Random) -> bool:
    """One decision by clicks, if the page has one: an action, or a tile then a space."""
    options = page.evaluate(CLICKABLE_JS)
    if not options:
        return False
    actions = [o for o in options if o["action"]]
    tiles = [o for o in options if not o["action"]]
    if actions and (not tiles or rng.random() < 0.5):
        page.locator(f'#game [data-action="{rng.choice(actions)["action"]}"]').first.click()
        return True
    tile = rng.choice(tiles)
    selector = (f'#game .uf-hand [data-ship="{tile["ship"]}"]' if tile["ship"]
                else f'#game .uf-market [data-merc="{tile["merc"]}"]')
    page.locator(selector).first.click()
    page.wait_for_selector("#game .uf-space.lit", timeout=3000)
    spaces = page.locator("#game .uf-space.lit").evaluate_all(
        "(all) => all.map((e) => e.dataset.action)")
    page.locator(f'#game [data-action="{rng.choice(spaces)}"]').first.click()
    return True


def test_a_whole_game_by_clicks_against_the_greedy_bot(pages: Callable[..., Any]) -> None:
    page = pages()
    create_table(page, "Anne", ["human", "bot:greedy"], game="underfire")
    expect(page.locator("#game .uf-space")).to_have_count(42)
    catalogue = plunder.load("underfire").catalogue()
    page.wait_for_selector("#game .uf-hand [data-ship]")
    tips = page.locator("#game .uf-hand [data-ship]").evaluate_all(
        "(all) => all.map((e) => [e.dataset.ship, e.title])")
    assert len(tips) == 3
    for ship, tip in tips:
        assert tip == f"{catalogue['ships'][ship]['title']}: {catalogue['ships'][ship]['text']}"
    rng = random.Random(4)
    deadline = time.monotonic() + 240
    clicks = 0
    while not result_shown(page):
        assert time.monotonic() < deadline, f"the game did not end ({clicks} clicks)"
        if click_one(page, rng):
            clicks += 1
        else:
            page.wait_for_timeout(40)
    assert clicks >= 16
    expect(page.locator("#result-scores li")).to_have_count(2)
    page.set_viewport_size(PHONE)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1
