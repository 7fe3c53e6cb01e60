"""The chat at a table and leaving one's seat to a bot, in Chromium, by clicks and keys.

Anne sets a Duel for two in the lobby, Bo joins on a phone and Carl watches
through the spectator link. Anne and Bo chat; Carl reads every line and has
nowhere to write; a line with HTML tags in it shows the tags as text; a page
that comes later gets the lines said before. Then Bo leaves the game: every page
shows his seat with the "bot playing" badge, the bot plays his seat, and he
takes it back.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from e2e.driving import (
    PHONE,
    Server,
    api,
    create_table,
    join_on_a_phone,
    play_one,
    wait_for,
)

# The desktop the screenshots are taken at.
LAPTOP = {"width": 1280, "height": 800}
TAGGED = "I like <b>tags</b> & <i>more</i>"
LONG_WORD = "Arr" + "r" * 150 + "!"


def _fits(page: Any, width: int) -> None:
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, f"the page scrolls sideways at {width}px ({scroll_width}px)"


def _say(page: Any, words: str) -> None:
    page.fill("#chat-text", words)
    page.press("#chat-text", "Enter")
    # The box empties once the server has stored the line and sent it back.
    expect(page.locator("#chat-text")).to_have_value("")


def test_players_chat_a_spectator_reads_and_a_player_leaves_to_a_bot(
    pages: Callable[..., Any], server: Server, screenshots: Path
) -> None:
    anne = pages(viewport=LAPTOP)
    table = create_table(anne, "Anne", ["human", "human"])
    bo = join_on_a_phone(pages, anne, server.url, table, "Bo")
    carl = pages(viewport=LAPTOP)
    carl.goto(f"/t/{table}?watch")
    expect(carl.locator("#chat")).to_be_visible()
    expect(carl.locator("#chat-empty")).to_be_visible()
    # A spectator reads the chat and has nowhere to write in it.
    expect(carl.locator("#chat-readonly")).to_be_visible()
    expect(carl.locator("#chat-form")).to_be_hidden()
    expect(carl.locator("#chat-text")).to_be_hidden()
    expect(carl.locator("#leave-seat")).to_be_hidden()

    _say(anne, "Fair winds, Bo")
    _say(bo, TAGGED)
    _say(bo, LONG_WORD)
    expected = [("Fair winds, Bo", 0), (TAGGED, 1), (LONG_WORD, 1)]
    for page in (anne, bo, carl):
        lines = page.locator("#chat-list .chat-line")
        expect(lines).to_have_count(3)
        for index, (words, seat) in enumerate(expected):
            expect(lines.nth(index).locator(".chat-text")).to_have_text(words)
            expect(lines.nth(index)).to_have_attribute("data-seat", str(seat))
        # The tags are shown as the text they are: no element was made of them.
        expect(page.locator("#chat-list b, #chat-list i")).to_have_count(0)
        expect(page.locator("#chat-empty")).to_be_hidden()
    names = "#chat-list .chat-line .chat-name"
    expect(anne.locator(names)).to_have_text(["Anne (you)", "Bo", "Bo"])
    expect(bo.locator(names)).to_have_text(["Anne", "Bo (you)", "Bo (you)"])
    expect(carl.locator(names)).to_have_text(["Anne", "Bo", "Bo"])

    # A page that comes later gets what was said before.
    carl.reload()
    expect(carl.locator("#chat-list .chat-text")).to_have_text([w for w, _ in expected])

    # The chat fits a laptop and a phone, a long word and all.
    bo.locator("#chat").scroll_into_view_if_needed()
    _fits(bo, PHONE["width"])
    bo.screenshot(path=str(screenshots / "chat-phone.png"), full_page=True)
    _fits(anne, LAPTOP["width"])
    anne.screenshot(path=str(screenshots / "chat-desktop.png"), full_page=True)

    # Bo leaves the game: the table's bot plays his seat, and every page says so.
    expect(anne.locator("#leave-seat")).to_be_visible()
    bo.click("#leave-seat")
    for page in (anne, bo, carl):
        badge = page.locator('#seats .seat-item[data-seat="1"] .badge.auto')
        expect(badge).to_have_text("bot playing")
        expect(page.locator('#seats .seat-item[data-seat="0"] .badge.auto')).to_have_count(0)
    expect(bo.locator("#leave-seat")).to_be_hidden()
    expect(bo.locator("#takeback")).to_be_visible()
    assert [s["auto"] for s in api(server.url, "GET", f"/api/tables/{table}")["seats"]] == [
        False,
        True,
    ]
    # The game goes on: Anne moves, the bot answers for Bo.
    rng = random.Random(5)
    wait_for(lambda: play_one(anne, rng), limit=15)
    wait_for(lambda: api(server.url, "GET", f"/api/tables/{table}")["move"] >= 2, limit=15)
    # He may still chat, and takes his seat back while the game goes on.
    _say(bo, "back in a moment")
    expect(carl.locator("#chat-list .chat-line")).to_have_count(4)
    bo.click("#takeback")
    for page in (anne, bo, carl):
        expect(page.locator('#seats .seat-item[data-seat="1"] .badge.auto')).to_have_count(0)
    expect(bo.locator("#leave-seat")).to_be_visible()
