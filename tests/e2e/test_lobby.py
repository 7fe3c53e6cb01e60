"""The lobby on a laptop: the whole form in view, in players' words.

For every registered game, at 1280x800 with the page at its top, "Set the table"
is inside the window without scrolling: the options most tables leave alone are
folded under "More options", which unfolds them. The seats are numbered for
people, from 1, and so are the seats a game's role names ("with seat 3"). A
screenshot of the window for Rum & Bones, the longest form, is kept in
``screenshots/lobby-laptop-rumbones.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

import plunder

LAPTOP = {"width": 1280, "height": 800}
GAMES = [info.name for info in plunder.games()]

# Resolves once two more frames are drawn: what the lobby drew on the last answer
# it had is laid out by then.
NEXT_FRAMES_JS = """
() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
"""

# The button's box, the window's height and the scroll, read in one go.
BUTTON_JS = """
() => {
  const r = document.getElementById('create').getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: window.innerHeight, scrollY: window.scrollY};
}
"""


def choose(page: Any, game: str) -> None:
    """Picks ``game`` and waits for the lobby to draw its seats' roles (the last thing
    it draws, on the server's answer), then for the page to be laid out."""
    with page.expect_response(lambda r: f"/api/games/{game}/seats?" in r.url):
        page.select_option("#game", game)
    page.evaluate(NEXT_FRAMES_JS)


@pytest.mark.parametrize("game", GAMES)
def test_set_the_table_is_in_view_at_1280x800_and_seats_count_from_1(
    pages: Callable[..., Any], screenshots: Path, game: str
) -> None:
    page = pages(viewport=LAPTOP)
    page.goto("/")
    page.wait_for_selector(f"#game option[value={game}]", state="attached")
    choose(page, game)

    box = page.evaluate(BUTTON_JS)
    assert box["scrollY"] == 0
    assert box["top"] >= 0 and box["bottom"] <= box["height"], (
        f"{game}: 'Set the table' is at {box['top']:.0f}-{box['bottom']:.0f} px of "
        f"a {box['height']} px window"
    )
    expect(page.locator("#create")).to_have_text("Set the table")

    count = page.locator("#seat-rows .seat-row").count()
    numbers = page.locator("#seat-rows .seat-no").all_inner_texts()
    assert numbers == [f"Seat {n}" for n in range(1, count + 1)]
    assert page.get_attribute("#seat-0-kind", "aria-label") == "Seat 1: who plays"

    folded = [spec for spec in plunder.load(game).option_specs() if not spec.common]
    if folded:
        # Folded, then unfolded with a click, as a person does.
        field = page.locator(f"#option-{folded[0].name}")
        expect(field).to_be_hidden()
        page.click("#more-options > summary")
        expect(field).to_be_visible()

    if game == "rumbones":
        page.locator("#more-options > summary").click()  # folded again for the picture
        page.evaluate(NEXT_FRAMES_JS)
        page.screenshot(path=str(screenshots / "lobby-laptop-rumbones.png"))


def test_a_games_roles_number_the_seats_from_1(pages: Callable[..., Any]) -> None:
    page = pages(viewport=LAPTOP)
    page.goto("/")
    page.wait_for_selector("#game option[value=rumbones]", state="attached")
    choose(page, "rumbones")
    with page.expect_response(lambda r: "/api/games/rumbones/seats?" in r.url):
        page.fill("#players", "4")
        page.dispatch_event("#players", "change")
    # Seat 1 plays with the third seat, the protocol's seat 2.
    expect(page.locator("#seat-0-role")).to_have_text(re.compile(r"^Team 1: .*, with seat 3: "))
    expect(page.locator("#seat-1-role")).to_have_text(re.compile(r"^Team 2: .*, with seat 4: "))
    factions = page.locator("#option-factions option").all_inner_texts()
    assert factions[0].startswith("The first seat leads the ")
