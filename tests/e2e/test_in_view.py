"""The move in view: the prompt and the hand on screen at a player's first decisions.

For every registered game, at a laptop's 1280x800 and a phone's 390x844, a
player sits at a table with bots and meets their first decisions. At each, with
the page at its top (no scrolling), the page is measured in one read:

- On the laptop the prompt (what to do now) and the whole hand are inside the
  window.
- On the phone the prompt is inside the window and so is the top of the hand:
  its first 48 px at least (the first cards' titles), or all of it if it is
  shorter. A phone is too short for the table, the prompt and every card at
  once, and the table comes first; the player sees what they are asked and that
  their cards start right there, and scrolls on for the rest. Neither size
  counts on the page scrolling by itself.

Then a card that asks for a target once clicked (a weapon, a ship to lay, an
attack) is clicked where it is drawn, as a person clicks, when a first decision
offers one; on the phone the last such card of the hand is scrolled to first,
as a player does to reach a card further down. The page must not scroll
(``scrollY`` is unchanged), the prompt must stay in view, and so must something
to aim at (a target drawn on the table, or a target's button by the prompt).
On the laptop the whole hand stays in view too. On the phone the targets drawn
on the players above may push the cards down: the prompt and the players to aim
at are what the player needs next, and they stay put. A game must offer such a card within its first
decisions if it has them at all (the server deals at random, so a deal that
offers none is set aside for a new table, a few at most); Rum & Bones has none (its cards play at a
click, its targets are zones of the board).

Screenshots of the window (not of the whole page) are kept in
``screenshots/in-view``, one at the first decision and one once a card is picked,
for each game and size.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import plunder
from e2e.driving import PHONE, create_table

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": PHONE}

# The games the server serves, from the registry it reads.
GAMES = {info.name: info for info in plunder.games()}


@dataclass(frozen=True)
class Seat:
    """Where a game's page draws what a seated player acts with (selectors in #game)."""

    prompt: str
    hand: str
    # A card that asks for a target once clicked, and what the table then offers to
    # aim at; None for a game whose cards all play at a click.
    pick: str | None = None
    aim: str | None = None


SEATS = {
    "duel": Seat(
        prompt=".duel-hand .prompt",
        hand=".duel-hand .hand",
        pick=".duel-hand .hand [data-card]:not([data-action]):not([disabled])",
        aim=".plate.targetable .aim",
    ),
    "rumble": Seat(
        prompt=".rumble-hand .prompt",
        hand=".rumble-hand .hand",
        pick=".rumble-hand .hand [data-card]:not([data-action]):not([disabled])",
        aim="[data-target]",
    ),
    "underfire": Seat(
        prompt=".uf > .prompt",
        hand=".uf-hand",
        pick=".uf-hand [data-ship]:not([disabled])",
        aim=".uf-space.lit",
    ),
    "swordplay": Seat(
        prompt=".sw-hand-area .prompt",
        hand=".sw-hand",
        pick=".sw-hand [data-card]:not([data-action]):not([disabled])",
        aim=".sw-plate.aimable, #game .sw-aims [data-action]",
    ),
    "rumbones": Seat(prompt=".rb-dock .prompt", hand=".rb-hand"),
}

# The prompt and the hand, measured in one read (the table may be redrawn between
# two reads): their boxes, the window's size and the scroll. ``fits`` says whether
# the prompt is in view with, as ``need`` says, the whole hand, its top or nothing
# more, and, when ``scroll`` is a number, the page is still scrolled that far.
IN_VIEW_JS = """
([prompt, hand, need, scroll]) => {
  const box = (node) => {
    if (!node) return null;
    const r = node.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const height = window.innerHeight;
  const width = document.documentElement.clientWidth;
  const inside = (b) => Boolean(b) && b.top >= 0 && b.bottom <= height + 0.5
    && b.left >= 0 && b.right <= width + 0.5;
  const found = {
    prompt: box(document.querySelector(prompt)),
    hand: box(document.querySelector(hand)),
    height, width, scrollY: window.scrollY,
  };
  const top = found.hand && Object.assign({}, found.hand,
    {bottom: Math.min(found.hand.bottom, found.hand.top + 48)});
  const cards = need === 'hand' ? found.hand : need === 'top of the hand' ? top : null;
  found.fits = inside(found.prompt) && (cards === null ? need === 'prompt' : inside(cards))
    && (scroll === null || Math.abs(window.scrollY - scroll) < 1);
  return found;
}
"""

# Notes when the tab stops saying it is the player's move (a choice was sent), so
# that the next decision is told from the one just answered.
WATCH_TITLE_JS = """
() => {
  window.plunderLeftMove = false;
  if (window.plunderTitleWatch) return;
  window.plunderTitleWatch = new MutationObserver(() => {
    if (!document.title.startsWith('Your move')) window.plunderLeftMove = true;
  });
  window.plunderTitleWatch.observe(document.querySelector('title'),
                                   {childList: true, subtree: true, characterData: true});
}
"""

# The centre of the first element ``selector`` finds that is wholly in the window,
# or null: where a person taps a card they can see.
VISIBLE_CENTRE_JS = """
(selector) => {
  const height = window.innerHeight;
  const width = document.documentElement.clientWidth;
  for (const node of document.querySelectorAll(selector)) {
    const r = node.getBoundingClientRect();
    if (r.width > 0 && r.top >= 0 && r.bottom <= height && r.left >= 0 && r.right <= width) {
      return {x: r.left + r.width / 2, y: r.top + r.height / 2};
    }
  }
  return null;
}
"""

# The centre of the last card of ``selector``, as the player scrolls to it: while it
# is not wholly in view it is scrolled to the middle of the view again (the hand may
# be drawn again as the page scrolls, and a card drawn anew may land out of view).
SCROLLED_TO_LAST_JS = """
(selector) => {
  const all = document.querySelectorAll(selector);
  const last = all[all.length - 1];
  if (!last) return null;
  const r = last.getBoundingClientRect();
  if (r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0
      && r.right <= document.documentElement.clientWidth) {
    return {x: r.left + r.width / 2, y: r.top + r.height / 2};
  }
  last.scrollIntoView({block: 'center', inline: 'center'});
  return null;
}
"""

# The notations of the choices the player can click now, or null if none is drawn.
CHOICES_JS = """
() => {
  const shown = Array.from(document.querySelectorAll('#game [data-action]:not([disabled])'))
    .filter((e) => e.offsetParent !== null).map((e) => e.dataset.action);
  return shown.length ? shown : null;
}
"""

# Whether the player's move is drawn: the tab says so and a choice can be clicked.
READY_JS = """
(selector) => document.title.startsWith('Your move')
  && Array.from(document.querySelectorAll(selector))
       .some((e) => !e.disabled && e.offsetParent !== null)
"""

# Resolves once two more frames are drawn (a renderer that draws at the next
# frame has drawn the latest message by then).
NEXT_FRAMES_JS = """
() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
"""

# No other seat is still choosing: until the player acts nothing redraws the table,
# so a click is not lost to a redraw between the press and the release.
QUIET_JS = """
() => document.querySelectorAll('#seats .seat-item.waiting:not(.me)').length === 0
"""

# Decisions met at most before a game has offered a card to aim (if it has any), and
# the tables (each a new deal) set at most before the test gives up.
DECISIONS = 12
TABLES = 3


def _in_view(
    page: Any, seat: Seat, need: str, shot: Path, where: str, scroll: float | None = None
) -> dict[str, Any]:
    """Waits until the prompt and what ``need`` says of the hand are in view (with the
    page still at ``scroll``, if given), each try one read of the page; saves the
    screenshot and fails saying what was where."""
    args = [f"#game {seat.prompt}", f"#game {seat.hand}", need, scroll]
    try:
        handle = page.wait_for_function(
            f"(args) => {{ const f = ({IN_VIEW_JS})(args); return f.fits ? f : null; }}",
            arg=args,
            timeout=15_000,
        )
    except PlaywrightError:
        page.screenshot(path=str(shot))
        found = page.evaluate(IN_VIEW_JS, args)
        raise AssertionError(f"{shot.name}: {where}: not in view: {found}") from None
    page.screenshot(path=str(shot))
    return handle.json_value()


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_prompt_and_the_hand_are_in_view_at_the_first_decisions(
    pages: Callable[..., Any], screenshots: Path, game: str, size: str
) -> None:
    assert game in SEATS, f"say where {game}'s page draws the prompt and the hand"
    viewport = SIZES[size]
    phone = size == "phone"
    page = pages(viewport=viewport, is_mobile=phone, has_touch=phone)
    folder = screenshots / "in-view"
    folder.mkdir(exist_ok=True)
    rng = random.Random(f"{game}-{size}")
    # The server deals at random: a deal may keep every card that asks for a target
    # from the player's first decisions (say, when the bots attack and the player
    # only defends). Such a deal is set aside for a new table, a few times at most.
    for _ in range(TABLES):
        if _first_decisions(page, folder, rng, game, size):
            return
    raise AssertionError(
        f"{game}: no card to aim in the first {DECISIONS} decisions of {TABLES} tables"
    )


def _first_decisions(page: Any, folder: Path, rng: random.Random, game: str, size: str) -> bool:
    """Sets a table with bots and checks the player's first decisions as the module
    says; True once done, False if no card to aim came in ``DECISIONS`` decisions."""
    seat = SEATS[game]
    info = GAMES[game]
    players = max(info.min_players, min(3, info.max_players))
    phone = size == "phone"
    create_table(page, "Mary", ["human"] + ["bot:random"] * (players - 1), game=game)
    picked = seat.pick is None
    ready = ", ".join(f"#game {s}" for s in ("[data-action]", seat.pick) if s)
    for decision in range(DECISIONS):
        if decision == 0:
            # The tab says it is the player's move once a decision is drawn.
            expect(page).to_have_title(re.compile("^Your move"), timeout=30_000)
        # The decision's choices are drawn (a renderer may draw at the next frame).
        page.wait_for_function(READY_JS, arg=ready)
        page.wait_for_function(QUIET_JS)
        page.evaluate(NEXT_FRAMES_JS)
        page.evaluate("window.scrollTo(0, 0)")
        shot = folder / (
            f"{game}-{size}-first.png" if decision == 0 else f"{game}-{size}-decision.png"
        )
        _in_view(
            page, seat, "top of the hand" if phone else "hand", shot, f"decision {decision + 1}"
        )
        if seat.pick is not None and seat.aim is not None:
            centre = page.evaluate(VISIBLE_CENTRE_JS, f"#game {seat.pick}")
            offered = page.locator(f"#game {seat.pick}")
            if offered.count() and phone:
                # On a phone the player scrolls down to the last such card of the
                # hand: the plates to aim at may then be out of view above.
                centre = page.wait_for_function(
                    SCROLLED_TO_LAST_JS, arg=f"#game {seat.pick}"
                ).json_value()
            assert centre is not None or not offered.count(), (
                f"{game} at {size}: no card to aim in view"
            )
            if centre is not None:
                before = page.evaluate("window.scrollY")
                page.mouse.click(centre["x"], centre["y"])
                expect(page.locator(f"#game {seat.aim}").first).to_be_attached()
                found = _in_view(
                    page,
                    seat,
                    "prompt" if phone else "hand",
                    folder / f"{game}-{size}-picked.png",
                    "a card picked",
                    scroll=before,
                )
                assert found["scrollY"] == before
                assert page.evaluate(VISIBLE_CENTRE_JS, f"#game {seat.aim}"), (
                    f"{game} at {size}: nothing to aim at in view"
                )
                picked = True
        if picked and decision >= 1:
            return True
        # On to the next decision: one of the choices, at random (waited for: a
        # message that came in meanwhile, such as another seat's choice, may have the
        # table drawn again at the next frame).
        choices = page.wait_for_function(CHOICES_JS).json_value()
        play_and_wait_for_the_next(page, rng.choice(choices))
    return False


def play_and_wait_for_the_next(page: Any, notation: str) -> None:
    """Clicks the choice ``notation`` and waits until it went (the tab stopped saying
    it is the player's move) and the next decision is drawn."""
    page.evaluate(WATCH_TITLE_JS)
    page.locator(f'#game [data-action="{notation}"]').first.click()
    page.wait_for_function(
        "() => window.plunderLeftMove && document.title.startsWith('Your move')",
        timeout=30_000,
    )
