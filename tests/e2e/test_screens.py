"""Every screen of every game fits a laptop (1280x800) and a phone (390x844).

For each registered game and each size, a player goes through the screens a
player meets: the lobby with the game chosen, the table at its first decision,
the rules panel, the chat with a long word in it, the result once the bots have
finished the game, and the replay. Each is saved as a screenshot and checked:
nothing is wider than the window, and no element a player can see pokes out of
it (an element inside a box that scrolls or clips is judged by that box).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

import plunder
from e2e.driving import PHONE, create_table

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": PHONE}

# The visible elements that reach past the window's edges, with how far; an
# element inside a scrolling or clipping box is judged by that box instead.
OVERFLOW_JS = """
() => {
  const width = document.documentElement.clientWidth;
  const clips = (e) => {
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const x = getComputedStyle(p).overflowX;
      if (x !== 'visible') return true;
    }
    return false;
  };
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + (e.className && typeof e.className === 'string'
       ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
  const out = [];
  for (const e of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(e);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const r = e.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    if (r.right <= width + 1 && r.left >= -1) continue;
    if (clips(e)) continue;
    out.push(`${name(e)} spans ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  return {scroll: document.documentElement.scrollWidth, width, out: out.slice(0, 8)};
}
"""

# A long word with no place to break, as a player may type it.
LONG_WORD = "Arrr" + "r" * 70 + "!"


def assert_fits(page: Any, shot: Path) -> None:
    """Saves the screenshot, then checks nothing on the page is wider than the window."""
    page.screenshot(path=str(shot), full_page=True)
    found = page.evaluate(OVERFLOW_JS)
    assert found["scroll"] <= found["width"], f"{shot.name}: the page scrolls sideways: {found}"
    assert not found["out"], f"{shot.name}: elements reach past the window: {found['out']}"


# Clicks "Finish the game now" if it is still shown, in one step of the page: the
# check and the click cannot be split by a message that ends the game.
FINISH_IF_SHOWN_JS = """() => {
  const button = document.getElementById("finish-now");
  if (button.offsetParent !== null) button.click();
}"""

# The games the server serves, from the registry it reads.
GAMES = {info.name: info for info in plunder.games()}


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_screen_of_a_game_fits_the_window(
    pages: Callable[..., Any], screenshots: Path, game: str, size: str
) -> None:
    info = GAMES[game]
    players = max(info.min_players, min(3, info.max_players))
    viewport = SIZES[size]
    phone = size == "phone"
    page = pages(viewport=viewport, is_mobile=phone, has_touch=phone)
    folder = screenshots / "screens"
    folder.mkdir(exist_ok=True)

    page.goto("/")
    page.wait_for_selector(f"#game option[value={game}]", state="attached")
    page.select_option("#game", game)
    assert_fits(page, folder / f"{game}-{size}-lobby.png")

    seats = ["human"] + ["bot:random"] * (players - 1)
    table = create_table(page, "Mary", seats, game=game)
    # The tab says it is the player's move once the first decision is drawn.
    # (A bot may move first: more than the default 5 s on a loaded machine.)
    expect(page).to_have_title(re.compile("^Your move"), timeout=30_000)
    assert_fits(page, folder / f"{game}-{size}-table.png")

    page.click("#rules-button")
    expect(page.locator("#rules-text h1, #rules-text h2").first).to_be_visible()
    assert_fits(page, folder / f"{game}-{size}-rules.png")
    page.click("#rules-close")

    page.fill("#chat-text", LONG_WORD)
    page.press("#chat-text", "Enter")
    expect(page.locator("#chat-list")).to_contain_text(LONG_WORD[:20])
    assert_fits(page, folder / f"{game}-{size}-chat.png")

    page.click("#leave-seat")
    # With no player left the bots play on: a short game (Rumble among random bots)
    # may end before the button is clicked, and the button goes with it.
    expect(page.locator("#finish-now:visible, #result:visible").first).to_be_visible()
    page.evaluate(FINISH_IF_SHOWN_JS)
    expect(page.locator("#result")).to_be_visible(timeout=60_000)
    assert_fits(page, folder / f"{game}-{size}-over.png")

    page.click("#replay-link")
    page.wait_for_url(f"**/t/{table}?replay")
    expect(page.locator("#replay-bar")).to_be_visible()
    for _ in range(3):
        page.click("#replay-next")
    assert_fits(page, folder / f"{game}-{size}-replay.png")


@pytest.mark.parametrize(
    "body",
    [
        # A page wider than the window.
        '<div style="width: 2000px">wide</div>',
        # A button pushed past the edge while the page itself does not scroll.
        '<div style="overflow-x: hidden; width: 100%"><p>fits</p></div>'
        '<button style="position: absolute; left: 1250px; width: 200px">out</button>'
        "<style>html { overflow-x: hidden }</style>",
    ],
)
def test_the_check_finds_what_pokes_out(
    pages: Callable[..., Any], tmp_path: Path, body: str
) -> None:
    page = pages(viewport=SIZES["laptop"])
    page.set_content(f"<!doctype html><html><body>{body}</body></html>")
    with pytest.raises(AssertionError):
        assert_fits(page, tmp_path / "wide.png")
