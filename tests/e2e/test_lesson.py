"""The guided first games in Chromium, played by following their hints.

Anne picks a game in the lobby and clicks "Learn to play". The table says, above
the game, what to try next and why; she makes the move it suggests by clicks
(the suggested element is marked), step after step, until the table says the
lesson is done. At a laptop's and a phone's size the hint and the game are in view.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from e2e.driving import PHONE, click
from plunder.engine.registry import manifest

HINT = "#lesson-hint"
# The outline of the element of the move the hint suggests now: null without a
# suggestion, "absent" where the move has no element of its own yet.
MARKED_JS = """
() => {
  const n = (document.querySelector('#lesson-hint').dataset.suggest || '').split(' ')[0];
  if (!n) return null;
  const e = document.querySelector(`#game [data-action="${CSS.escape(n)}"]`);
  return e ? getComputedStyle(e).outlineStyle : 'absent';
}
"""


def _suggested(page: Any) -> str:
    """The move the hint suggests now ('' while the learner has none to make)."""
    return page.evaluate(
        "() => { const h = document.querySelector('#lesson-hint');"
        " return h && !h.hidden ? (h.dataset.suggest || '').split(' ')[0] : ''; }")


def make_by_clicks(page: Any, notation: str) -> bool:
    """Makes the move ``notation`` by clicks, as a player does: its own element, else
    what is picked first (a card to aim, a skill or sea monster, a zone two moves
    share, a ship of the hand or a mercenary to lay) and then the element the move
    has."""
    target = f'#game [data-action="{notation}"]'
    if page.locator(target).count():
        return click(page, target)
    head, _, zone = notation.partition(">")
    arg = head.partition(":")[2]
    laid, at, _ = notation.partition("@")
    hired = laid.partition(":")[2] if laid.startswith("buy:") else ""
    for first in (f'#game [data-card="{head}"]', f'#game [data-arg="{arg}"]' if arg else "",
                  f'#game .rb-zone[data-zone="{zone}"]' if zone else "",
                  f'#game [data-ship="{laid}"]' if at and not hired else "",
                  f'#game [data-merc="{hired}"]' if hired else ""):
        if first and page.locator(first).count() and click(page, first):
            try:
                page.wait_for_selector(target, timeout=3000)
            except Exception:
                return False
            return click(page, target)
    return False


@pytest.mark.parametrize("game", ["duel", "rumbones", "rumble", "swordplay", "underfire"])
def test_a_guided_first_game_is_played_by_following_its_hints(
    pages: Callable[..., Any], game: str, screenshots: Path
) -> None:
    lesson = manifest(game).lesson_of()
    assert lesson is not None
    page = pages()
    # The moves the table has told the page of, as its state messages arrive, and
    # the hints they brought (each drawn above the game as it comes, however soon
    # the next replaces it: a step whose one move plays itself is hinted too).
    moves = [0]
    told: set[str] = set()

    def heard(data: str | bytes) -> None:
        message = json.loads(data)
        moves.append(message.get("move", 0))
        hint = message.get("hint")
        if hint and not hint["over"]:
            told.add(f"Lesson, step {hint['step']} of {hint['steps']}: {hint['text']}")

    page.on("websocket", lambda ws: ws.on("framereceived", heard))
    page.goto("/")
    page.wait_for_selector(f"#game option[value={game}]", state="attached")
    page.select_option("#game", game)
    page.fill("#name", "Anne")
    page.click("#lesson")
    page.wait_for_url("**/t/*")
    hint = page.locator(HINT)
    # The welcome comes with the first hint: that of the first step, or of the step
    # the learner's first decision takes (the bot may move first and attack, say).
    expect(hint).to_contain_text(
        re.compile(rf"Lesson, step \d+ of {len(lesson.steps)}: {re.escape(lesson.intro)}"))
    page.screenshot(path=str(screenshots / f"lesson-{game}-desktop.png"))
    texts_seen = set()
    marks: list[str | None] = []
    made = 0
    deadline = time.monotonic() + 240
    while not hint.inner_text().startswith("Lesson done"):
        assert time.monotonic() < deadline, f"the lesson did not end ({made} moves)"
        texts_seen.add(hint.inner_text())
        notation = _suggested(page)
        if not notation:
            page.wait_for_timeout(50)
            continue
        # What the hint suggests is marked on the table, where the move has an element
        # (the hint and its element read at one moment: the table moves on by itself).
        marks.append(page.evaluate(MARKED_JS))
        assert marks[-1] != "none", notation
        before = max(moves)
        if make_by_clicks(page, notation):
            made += 1
            # The move was taken: the table tells of a later move.
            while max(moves) <= before:
                assert time.monotonic() < deadline, f"{notation} was never taken"
                page.wait_for_timeout(20)
    # Every step to be taken by a move was hinted on the way, with its place.
    for place, step in enumerate(lesson.steps, start=1):
        if not step.see:
            label = f"Lesson, step {place} of {len(lesson.steps)}: "
            assert any(t.startswith(label) and step.hint in t for t in texts_seen | told), (
                step.name)
    expect(hint).to_contain_text(lesson.done)
    assert "solid" in marks, marks
    # A notation written for typing ("(`colt>1`)") is left out where moves are clicked.
    assert texts_seen and not [t for t in texts_seen if "`" in t or "(colt>1)" in t], texts_seen
    # On a phone, the hint sits in the first screen of the table, within its width.
    page.set_viewport_size(PHONE)
    page.evaluate("() => window.scrollTo(0, 0)")
    box = hint.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    assert box["x"] + box["width"] <= PHONE["width"] + 1
    page.screenshot(path=str(screenshots / f"lesson-{game}-phone.png"))
