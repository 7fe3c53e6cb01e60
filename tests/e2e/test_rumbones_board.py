"""Rum & Bones' board on a phone in Chromium: every label on the board is at least
12 px, a legend says what each kind of token is, and a hero's token never looks like
an objective's (a round token in its side's colour with its initials and hit points;
an objective a dark square with its picture and hit points). The same for Clash
Royale!'s arena, whose panels speak of no VP, Tide or Kraken. Screenshots:
``tests/e2e/screenshots/rumbones-*.png``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from e2e.driving import PHONE, create_table
from e2e.test_screens import assert_fits
from plunder.games.rumbones.content import CONTENT, short_name

HEROES = "carcharius,ishmael,nerissa;calavera,demarco,hueso"

# Every piece of text drawn on the board (the coordinates, the tokens, the legend):
# the elements with a text of their own that show, with their computed font size.
LABELS_JS = """
(root) => Array.from(document.querySelectorAll(root + ' *'))
  .filter((e) => e.offsetParent !== null && Array.from(e.childNodes).some(
    (n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()))
  .map((e) => ({text: e.textContent.trim(), size: parseFloat(getComputedStyle(e).fontSize),
                cls: e.className, clipped: e.scrollWidth > e.clientWidth + 1}))
"""

# How a token looks: its shape, its colour, its text and whether it shows a picture.
LOOK_JS = """
(e) => ({radius: parseFloat(getComputedStyle(e).borderTopLeftRadius),
         background: getComputedStyle(e).backgroundColor,
         text: e.innerText.trim(),
         picture: Array.from(e.querySelectorAll('svg'))
           .some((s) => s.getBoundingClientRect().width > 0)})
"""


# Writes a hero's initials and HP into the first hero token on the board.
DRESS_JS = """
([initials, hp]) => {
  const token = document.querySelector('#game .rb-board .rb-tok');
  token.querySelector('.rb-tok-initials').textContent = initials;
  token.querySelector('.rb-tok-hp').textContent = hp;
}
"""


def every_token() -> list[tuple[str, str]]:
    """Each hero's initials with its full HP, as its token shows them on a phone."""
    return sorted({(short_name(hero.name, hero.title)[:2], str(hero.hp))
                   for hero in CONTENT.heroes.values()})


def board_labels(page: Any) -> list[dict[str, Any]]:
    return page.evaluate(LABELS_JS, "#game .rb-board-wrap")


def assert_readable(page: Any, what: str) -> None:
    labels = board_labels(page)
    assert len(labels) > 20, labels  # the coordinates and the tokens at least
    smallest = min(labels, key=lambda label: label["size"])
    assert smallest["size"] >= 12, f"{what}: the smallest board label: {smallest}"
    clipped = [label for label in labels if label["clipped"]]
    assert not clipped, f"{what}: labels cut short: {clipped}"


def test_on_a_phone_the_board_has_a_legend_readable_labels_and_heroes_unlike_objectives(
    pages: Callable[..., Any], screenshots: Path
) -> None:
    page = pages(viewport=PHONE, is_mobile=True, has_touch=True)
    create_table(page, "Mary", ["human", "bot:greedy"], {"heroes": HEROES}, game="rumbones",
                 reflex_clock=60)
    expect(page.locator("#game .rb-dock.your-move .rb-card")).to_have_count(3, timeout=30_000)
    # Carcharius deploys: a hero on the board beside the objectives.
    page.locator('#game .rb-buttons [data-action="hero:0"]').click()
    page.locator("#game .rb-zone.lit").first.click()
    expect(page.locator('#game .rb-buttons [data-action="move"]')).to_be_visible()
    hero = page.locator('#game .rb-board .rb-tok[data-hero="0"]')
    expect(hero).to_be_visible()
    assert_readable(page, "a battle")
    legend = page.locator("#game .rb-legend")
    expect(legend).to_be_visible()
    words = legend.inner_text()
    for kind in ("hero", "objective", "deckhand", "bosun", "deployment point", "deck gun"):
        assert kind in words.lower(), (kind, words)
    # A hero: a round token in its side's colour with its initials and HP ("Ca9"); an
    # objective: a dark square with its picture and its HP alone ("8").
    objective = page.locator("#game .rb-board .rb-obj").first
    hero_look, objective_look = hero.evaluate(LOOK_JS), objective.evaluate(LOOK_JS)
    assert re.fullmatch(r"Ca\s*9", hero_look["text"]) and not hero_look["picture"], hero_look
    assert re.fullmatch(r"\d+", objective_look["text"]) and objective_look["picture"], \
        objective_look
    assert hero_look["background"] != objective_look["background"]
    assert hero_look["radius"] >= 6 > objective_look["radius"], (hero_look, objective_look)
    # The legend's samples are drawn as the board draws them.
    sample = legend.locator(".rb-tok").first.evaluate(LOOK_JS)
    assert sample["radius"] == hero_look["radius"] and sample["background"] == \
        hero_look["background"]
    assert_fits(page, screenshots / "rumbones-phone-board.png")


def test_clash_royale_on_a_phone_readable_with_its_own_legend_and_words(
    pages: Callable[..., Any], screenshots: Path
) -> None:
    page = pages(viewport=PHONE, is_mobile=True, has_touch=True)
    create_table(page, "Anne", ["human", "bot:greedy", "bot:greedy"], {"mode": "clash"},
                 game="rumbones")
    expect(page.locator("#game .rb-zone")).to_have_count(99)
    # Her draft (the first hero offered, each time), then her first turn: a hero of hers
    # deploys on the arena.
    mine = page.locator('#game .rb-buttons [data-action^="hero:"]')
    deadline = time.monotonic() + 60
    while not mine.count():
        assert time.monotonic() < deadline, "her first turn never came"
        pick = page.locator("#game .rb-roster [data-action]")
        if pick.count():
            pick.first.click()
        page.wait_for_timeout(100)
    mine.first.click()
    page.locator("#game .rb-zone.lit").first.click()
    expect(page.locator("#game .rb-board .rb-tok").first).to_be_visible()
    assert_readable(page, "Clash Royale!")
    # Whichever hero she drafted: the widest initials ("Mo" with 11 HP once lost its
    # "o") fit a phone's cell too.
    for initials, hp in every_token():
        page.evaluate(DRESS_JS, [initials, hp])
        assert_readable(page, f"Clash Royale! with {initials} {hp}")
    legend = page.locator("#game .rb-legend")
    expect(legend).to_be_visible()
    words = legend.inner_text()
    assert "Captain's Chest" in words and "deck feature" in words.lower(), words
    shown = page.locator("#game").inner_text()
    assert not re.search(r"\b(VP|Tide|Kraken)\b", shown), shown
    assert_fits(page, screenshots / "rumbones-phone-clash.png")
