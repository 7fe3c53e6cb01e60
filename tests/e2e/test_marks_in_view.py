"""What a player looks for first is in view, on a laptop and on a phone, for every game.

At 1280x800 and at 390x844, with the page at its top (no scrolling):

- in the lobby, with the game chosen, the start button ("Set the table");
- at a table with bots, at the player's first decision that follows a move (one
  that names a piece of the board, in the games that draw the pieces moves name), the
  current decision (the prompt of the game's page) and the last move's mark above
  the board (``#last-move``), which names what the move did; a piece of the board
  the move named is marked too where the game's page draws one.

In the games that draw the pieces moves name, a move that names only a seat (a pass,
a turn's end) marks that seat's place on the board.

Each is measured with Playwright's bounding box against the window. The window is
saved as ``screenshots/inview-<game>-<size>.png`` (the table) and
``inview-<game>-<size>-lobby.png``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import plunder
from e2e.driving import PHONE, create_table
from e2e.test_in_view import (
    CHOICES_JS,
    QUIET_JS,
    READY_JS,
    SEATS,
    play_and_wait_for_the_next,
)

SIZES = {"1280x800": {"width": 1280, "height": 800}, "390x844": PHONE}
GAMES = {info.name: info for info in plunder.games()}
# Decisions made at most before one follows a move (a game's first may be a draft).
DECISIONS = 20


# One read of the page: where the first element a selector finds lies, and whether it
# is wholly in the window with the page unscrolled. Read in one go because a state
# message redraws the game's page, and a measure taken across two calls may meet an
# element the redraw has just replaced.
IN_VIEW_JS = """(selector) => {
  const node = document.querySelector(selector);
  const rect = node && node.getClientRects().length ? node.getBoundingClientRect() : null;
  const box = rect && { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  const window_ = { width: window.innerWidth, height: window.innerHeight };
  const inside = Boolean(box) && box.width > 0 && box.height > 0 && box.x >= 0 && box.y >= 0
    && box.x + box.width <= window_.width + 0.5 && box.y + box.height <= window_.height + 0.5;
  return { box, window: window_, scrollY: window.scrollY, inside: inside && window.scrollY === 0 };
}"""


def in_view(page: Any, selector: str) -> dict[str, Any]:
    """Where the first element ``selector`` finds lies, and whether it is wholly in
    the window with the page unscrolled."""
    found: dict[str, Any] = page.evaluate(IN_VIEW_JS, selector)
    return found


def assert_in_view(page: Any, selector: str, what: str) -> None:
    """Waits briefly for ``selector`` to be in view (a redraw may be under way), then
    fails saying where it was."""
    try:
        page.wait_for_function(
            f"(selector) => ({IN_VIEW_JS})(selector).inside", arg=selector, timeout=5_000
        )
    except PlaywrightError:
        found = in_view(page, selector)
        raise AssertionError(f"{what} ({selector}) is not in view: {found}") from None


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_start_button_the_decision_and_the_last_move_are_in_view(
    pages: Callable[..., Any], screenshots: Any, game: str, size: str
) -> None:
    assert game in SEATS, f"say where {game}'s page draws the prompt (e2e/test_in_view.py)"
    phone = size == "390x844"
    page = pages(viewport=SIZES[size], is_mobile=phone, has_touch=phone)

    # The lobby: the game chosen, the start button in view.
    page.goto("/")
    page.wait_for_selector(f"#game option[value={game}]", state="attached")
    page.select_option("#game", game)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshots / f"inview-{game}-{size}-lobby.png"))
    expect(page.locator("#create")).to_have_text("Set the table")
    assert_in_view(page, "#create", f"{game} at {size}: the start button")

    # The table: play at random until a decision follows a move.
    info = GAMES[game]
    players = max(info.min_players, min(3, info.max_players))
    create_table(page, "Mary", ["human"] + ["bot:random"] * (players - 1), game=game)
    seat = SEATS[game]
    prompt = f"#game {seat.prompt}"
    ready = ", ".join(f"#game {s}" for s in ("[data-action]", seat.pick) if s)
    rng = random.Random(f"{game}-{size}")
    for _ in range(DECISIONS):
        expect(page).to_have_title(re.compile("^Your move"), timeout=30_000)
        page.wait_for_function(READY_JS, arg=ready)
        page.wait_for_function(QUIET_JS)
        # A move to mark: one that names a piece of the board, where the game draws
        # one (a move may name none: a shootout that begins, a card drawn).
        if page.locator("#last-move").is_visible() and (
            game not in BOARD_MARKED or page.evaluate(NAMES_PIECES_JS)
        ):
            break
        choices = page.evaluate(CHOICES_JS)
        if not choices and seat.pick is not None:
            # Every choice starts with a card to pick (a ship to lay, say), then its aim.
            page.locator(f"#game {seat.pick}").first.click()
            choices = page.wait_for_function(CHOICES_JS).json_value()
        play_and_wait_for_the_next(page, rng.choice(choices))
    else:
        raise AssertionError(
            f"{game}: no decision followed a move naming a piece in {DECISIONS} decisions"
        )

    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshots / f"inview-{game}-{size}.png"))
    expect(page.locator("#last-move")).to_contain_text("Last move:")
    assert_in_view(page, prompt, f"{game} at {size}: the current decision")
    assert_in_view(page, "#last-move", f"{game} at {size}: the last move")
    # The last move's lines are marked in the log too.
    assert page.locator("#log li.last-move").count() >= 1
    # And the pieces of the board it names, where the game's page draws them with the
    # data attributes the marks read (a seat's place, a space, a zone, a hero).
    marked = page.evaluate(MARKED_JS)
    if game in BOARD_MARKED:
        assert marked, f"{game} at {size}: no piece of the board is marked"


# Whether the last move's style rule names any piece of the board.
NAMES_PIECES_JS = "() => Boolean(document.getElementById('last-move-marks').textContent.trim())"
# The elements of the game's page that the last move's style rules mark, and whose
# outline is drawn dashed: the pieces that are choices as well as the others.
MARKED_JS = """
() => {
  const rules = [...document.getElementById('last-move-marks').sheet.cssRules];
  const found = (rule) => [...document.querySelectorAll(rule.selectorText)];
  const marked = new Set(rules.flatMap(found));
  return [...marked].filter((node) => getComputedStyle(node).outlineStyle === 'dashed').length;
}
"""
# The games whose page draws, at the decision found, a piece the last move names.
BOARD_MARKED = {"duel", "underfire", "swordplay"}


# A last move naming two pieces of the board, one of them a choice at the decision
# that follows (a fighter to aim at, say), drawn into the live table's page and marked
# by the page's own module, as a state message would have it marked.
MARK_A_CHOICE_JS = """
async () => {
  const { page } = await import('/static/table/page.js');
  const { drawLastMove } = await import('/static/table/log.js');
  const game = document.getElementById('game');
  const piece = Object.assign(document.createElement('div'), { id: 'piece-test' });
  piece.dataset.seat = '7';
  const choice = Object.assign(document.createElement('button'), { id: 'choice-test' });
  choice.dataset.seat = '8';
  choice.dataset.action = 'aim 8';
  choice.className = 'lit-test';
  const lit = document.createElement('style');
  lit.textContent = '.lit-test.lit-test { outline: 3px solid rgb(224, 161, 0); }';
  document.head.append(lit);
  game.append(piece, choice);
  const log = page.message.view.log;
  const view = { ...page.message.view, log: [...log, { seat: 7, target: 8 }] };
  page.message = { ...page.message, view, last: log.length };
  drawLastMove();
  const outline = (node) => {
    const style = getComputedStyle(node);
    return [style.outlineStyle, style.outlineColor, style.outlineWidth];
  };
  return { piece: outline(piece), choice: outline(choice) };
}
"""


def test_a_piece_the_last_move_names_is_marked_even_where_it_is_a_choice(
    pages: Callable[..., Any],
) -> None:
    page = pages()
    create_table(page, "Mary", ["human", "bot:random"], game="swordplay")
    expect(page).to_have_title(re.compile("^Your move"), timeout=30_000)
    page.wait_for_function(QUIET_JS)
    outlines = page.evaluate(MARK_A_CHOICE_JS)
    # The piece that is no choice has the mark's dashed outline, three pixels wide.
    assert outlines["piece"][0] == "dashed" and outlines["piece"][2] == "3px", outlines
    # The choice keeps the colour its game gives a choice, its outline dashed.
    assert outlines["choice"] == ["dashed", "rgb(224, 161, 0)", "3px"], outlines


# A last move that names one seat and nothing else (a pass, a turn's end), drawn into
# the live table's page by the page's own module: how many pieces of the board it marks.
MARK_A_SEAT_JS = """
async (seat) => {
  const { page } = await import('/static/table/page.js');
  const { drawLastMove } = await import('/static/table/log.js');
  const log = page.message.view.log;
  const view = { ...page.message.view, log: [...log, { seat }] };
  page.message = { ...page.message, view, last: log.length };
  drawLastMove();
  return (""" + MARKED_JS + """)();
}
"""


@pytest.mark.parametrize("game", sorted(BOARD_MARKED))
def test_a_move_that_names_only_a_seat_marks_that_seat_on_the_board(
    pages: Callable[..., Any], game: str
) -> None:
    page = pages()
    create_table(page, "Mary", ["human", "bot:random"], game=game)
    expect(page).to_have_title(re.compile("^Your move"), timeout=30_000)
    page.wait_for_function(QUIET_JS)
    assert page.evaluate(MARK_A_SEAT_JS, 1) >= 1, f"{game}: the seat's place is not marked"
