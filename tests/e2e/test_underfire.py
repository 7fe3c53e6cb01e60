"""Pirates Under Fire in Chromium: whole games by clicks, two humans and a bot.

Anne sets a two-seat table (herself and the greedy bot) in the lobby and plays
it to its end by clicking: a ship of her hand or a mercenary, then a lit space
of the sea; an effect's target on the sea; the order of two effects and the end
of her turn as buttons. The sea is drawn as a 7 x 6 grid, and a hand tile's
tooltip is its ship's text in the catalogue.

The game is for two, so the table of two humans and a bot is played the only
way it can be: Anne and Bob (on a phone, through the invite link) play the
first turns, then Anne hands Bob's seat to a bot, which plays it to the end.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import plunder
from e2e.driving import PHONE, Server, click, create_table, join_on_a_phone, result_shown

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
    # A decision with one legal answer plays itself after a pause (autoplay): a
    # button may go while it is being clicked, and then nothing was clicked.
    if actions and (not tiles or rng.random() < 0.5):
        return click(page, f'#game [data-action="{rng.choice(actions)["action"]}"]')
    tile = rng.choice(tiles)
    selector = (f'#game .uf-hand [data-ship="{tile["ship"]}"]' if tile["ship"]
                else f'#game .uf-market [data-merc="{tile["merc"]}"]')
    if not click(page, selector):
        return False
    try:
        page.wait_for_selector("#game .uf-space.lit", timeout=3000)
    except PlaywrightError:
        return False
    spaces = page.locator("#game .uf-space.lit").evaluate_all(
        "(all) => all.map((e) => e.dataset.action)")
    return bool(spaces) and click(page, f'#game [data-action="{rng.choice(spaces)}"]')


def test_a_whole_game_by_clicks_against_the_greedy_bot(pages: Callable[..., Any]) -> None:
    page = pages()
    create_table(page, "Anne", ["human", "bot:greedy"], game="underfire")
    expect(page.locator("#game .uf-space")).to_have_count(42)
    # The sea's coordinates: letters above and below, row numbers on the left (seat 0
    # sees her row 1 at the bottom), each space's name in its corner.
    letters = page.locator("#game .uf-letters").evaluate_all(
        "(all) => all.map((e) => e.textContent)")
    assert letters == ["abcdefg", "abcdefg"]
    numbers = page.locator("#game .uf-row:not(.uf-letters) > .uf-coord").all_text_contents()
    assert numbers == ["6", "5", "4", "3", "2", "1"]
    expect(page.locator('#game .uf-space[data-at="c3"] .uf-at')).to_have_text("c3")
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
    # Each score with how it came about: its VP by source ("raiders 1 VP").
    parts = page.locator("#result-scores .result-parts").all_text_contents()
    assert len(parts) == 2
    for told in parts:
        assert [p.rsplit(" ", 2)[0] for p in told.split(", ")] == [
            "combos", "raiders", "mercenaries", "tokens"], told
    # A ship on the sea says on hover where it lies, whose it is, its number and name.
    tips = page.locator("#game .uf-ship").evaluate_all(
        "(all) => all.map((e) => [e.textContent, e.title])")
    numbered = [(label, tip) for label, tip in tips if label.isdigit()]
    assert numbered
    for label, tip in numbered:
        title = catalogue["ships"][label]["title"]
        assert re.match(rf"^[a-g][1-6]: .+'s ship {label}, {title}", tip), tip
    page.set_viewport_size(PHONE)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1


def test_two_humans_then_a_bot_in_bobs_seat(pages: Callable[..., Any], server: Server) -> None:
    anne = pages()
    table = create_table(anne, "Anne", ["human", "human"], game="underfire")
    bob = join_on_a_phone(pages, anne, server.url, table, "Bob")
    expect(bob.locator("#game .uf-space")).to_have_count(42)

    rng = random.Random(5)
    deadline = time.monotonic() + 240
    clicks = {"anne": 0, "bob": 0}
    # Both play by clicks until each has made a few decisions of her or his own.
    while min(clicks.values()) < 6:
        assert time.monotonic() < deadline, f"the humans' turns did not come ({clicks})"
        acted = False
        for name, page in (("anne", anne), ("bob", bob)):
            if click_one(page, rng):
                clicks[name] += 1
                acted = True
        if not acted:
            anne.wait_for_timeout(40)

    # The host asks to hand Bob's seat to a bot; Bob is asked and agrees; his page
    # says so, and the bot plays on.
    anne.locator('#seats [data-handover="1"]').click()
    expect(anne.locator("#toast-text")).to_contain_text("asked")
    expect(bob.locator("#handover-ask")).to_be_visible()
    expect(bob.locator("#handover-ask-text")).to_contain_text("Anne asks")
    expect(bob.locator("#seats .seat-item.me .badge.auto")).to_have_count(0)
    bob.locator("#handover-yes").click()
    expect(bob.locator("#seats .seat-item.me .badge.auto")).to_have_text("bot playing")
    while not result_shown(anne):
        assert time.monotonic() < deadline, f"the game did not end ({clicks})"
        if not click_one(anne, rng):
            anne.wait_for_timeout(40)
    expect(anne.locator("#result-scores li")).to_have_count(2)
    expect(bob.locator("#result")).to_be_visible()
