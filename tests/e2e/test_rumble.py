"""Pirate Rumble in Chromium: two people and three bots around one table, by clicks only.

Anne sets a five-seat Camp Mode table in the lobby (two humans, three bots) and
Bob joins it through the invite link, on a phone. They play it to its end by
clicking cards, targets and golden cards. On the way the shields must hide the
other pirates' health and bullets while more than two live, and a dead pirate's
camp card must show. A second, short table has gestures on: the humans click
the right gesture, and Anne once lets the reflex clock run out.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import plunder
from e2e.driving import (
    DESKTOP,
    PHONE,
    Server,
    click,
    create_table,
    join_on_a_phone,
    refusal_shown,
    refuse_the_first_move,
    result_shown,
)
from plunder.games.rumble.content import CONTENT

# Everything on the table that can be clicked to act or to pick, visible and enabled.
CLICKABLE_JS = """
() => Array.from(document.querySelectorAll(
    '#game [data-action], #game .rumble-hand [data-card], #game .targets [data-target]'))
  .filter((e) => !e.disabled && e.offsetParent !== null)
  .map((e) => ({action: e.dataset.action || null, card: e.dataset.card || null,
                index: e.dataset.index || null, target: e.dataset.target || null,
                gesture: e.dataset.gesture || null, slot: e.dataset.slot || null,
                dig: e.dataset.dig || null}))
"""

# What the table shows of each pirate, read in one go (the table may be redrawn between calls).
PLATES_JS = """
() => Array.from(document.querySelectorAll('#game .rplate')).map((e) => {
  const data = (key) => {
    const node = e.querySelector(`[data-${key}]`);
    return node ? node.dataset[key] : null;
  };
  return {
    seat: Number(e.dataset.seat),
    me: e.classList.contains('me'),
    alive: e.classList.contains('alive'),
    shield: data('shield') === 'hidden',
    health: data('health') === null ? null : Number(data('health')),
    camp: data('camp'),
    revealed: data('revealed'),
  };
})
"""

# How many gesture buttons the page shows, and the reflex clock's text if it is shown.
GESTURE_CLOCK_JS = """
() => {
  const clock = document.querySelector('#game .clock.reflex');
  return {
    buttons: document.querySelectorAll('#game .gestures [data-gesture]').length,
    clock: clock && clock.offsetParent !== null ? clock.textContent : null,
  };
}
"""


def clickable(page: Any) -> list[dict[str, Any]]:
    return page.evaluate(CLICKABLE_JS)


def plates(page: Any) -> list[dict[str, Any]]:
    return page.evaluate(PLATES_JS)


def right_gesture(page: Any) -> str | None:
    """The gesture of the card this page's pirate revealed, as its table shows it."""
    mine = [p for p in plates(page) if p["me"]]
    if not mine or not mine[0]["revealed"]:
        return None
    return CONTENT.cards[mine[0]["revealed"]].gesture


def play_one(page: Any, rng: random.Random, gesture: bool = True) -> str | None:
    """Makes one decision on ``page`` by clicks, if it has one; returns its notation.

    A gesture is the right one for the revealed card (``gesture`` off: none is
    clicked); a golden card is reached for at random; otherwise a random card of
    the hand is played, with its target or targets clicked after it.
    """
    options = clickable(page)
    if not options:
        return None
    gestures = [o for o in options if o["gesture"]]
    if gestures:
        wanted = right_gesture(page)
        if not gesture or wanted is None:
            return None
        notation = f"gesture>{wanted}"
        return notation if click(page, f'#game [data-action="{notation}"]') else None
    reach = [o for o in options if o["slot"] is not None or o["dig"]]
    if reach:
        notation = rng.choice(reach)["action"]
        return notation if click(page, f'#game [data-action="{notation}"]') else None
    hand = [o for o in options if o["card"]]
    if not hand:
        others = [o for o in options if o["action"]]
        if not others:
            return None
        notation = rng.choice(others)["action"]
        return notation if click(page, f'#game [data-action="{notation}"]') else None
    pick = rng.choice(hand)
    selector = f'#game .rumble-hand [data-card="{pick["card"]}"][data-index="{pick["index"]}"]'
    if pick["action"]:
        return pick["action"] if click(page, selector) else None
    if not click(page, selector):
        return None
    # Up to two targets: a click that completes the choice carries its notation.
    for _ in range(2):
        try:
            page.wait_for_selector("#game .targets [data-target]", timeout=3000)
        except PlaywrightError:
            return None
        targets = [o for o in clickable(page) if o["target"] is not None]
        if not targets:
            return None
        target = rng.choice(targets)
        if not click(page, f'#game .targets [data-target="{target["target"]}"]'):
            return None
        if target["action"]:
            return target["action"]
    return None


def check_shields(page: Any) -> int:
    """While more than two pirates live, only one's own shield is open; returns the living."""
    seen = plates(page)
    living = [p for p in seen if p["alive"]]
    if len(living) > 2:
        for plate in living:
            if plate["me"]:
                assert plate["health"] is not None and not plate["shield"], plate
            else:
                assert plate["shield"] and plate["health"] is None, plate
    for plate in seen:
        if not plate["alive"]:
            # A dead pirate's camp card is turned face up.
            assert plate["camp"] not in (None, "hidden"), plate
    return len(living)


def check_tooltips(page: Any) -> None:
    """A card's tooltip is its text in the catalogue; a pirate's names it and its abilities."""
    catalogue = plunder.load("rumble", players=5, mode="camp").catalogue()
    tips = page.evaluate(
        """() => ({
          cards: Array.from(document.querySelectorAll('#game .rumble-hand [data-card]'))
            .map((e) => [e.dataset.card, e.title]),
          pirates: Array.from(document.querySelectorAll('#game [data-pirate]'))
            .map((e) => [e.dataset.pirate, e.title]),
        })"""
    )
    assert tips["cards"] and len(tips["pirates"]) == 5
    for card, tip in tips["cards"]:
        assert tip == catalogue["cards"][card]["text"]
    for pirate, tip in tips["pirates"]:
        info = catalogue["pirates"][pirate]
        assert info["title"] in tip
        for ability in info["abilities"]:
            assert ability["text"] in tip


def _boxes_overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"] - 1
        and b["x"] < a["x"] + a["width"] - 1
        and a["y"] < b["y"] + b["height"] - 1
        and b["y"] < a["y"] + a["height"] - 1
    )


def check_layout(page: Any, width: int) -> None:
    """Nothing wider than the screen; no pirate's place over another's, the middle or the hand."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    boxes = page.evaluate(
        """() => Array.from(document.querySelectorAll(
              '#game .rplate, #game .rumble-center, #game .rumble-hand'))
            .map((e) => e.getBoundingClientRect())
            .map((r) => ({x: r.x, y: r.y, width: r.width, height: r.height}))"""
    )
    assert len(boxes) == 7
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not _boxes_overlap(a, b), f"overlapping at {width}px: {a} and {b}"


def play_until_over(
    players: list[Any],
    rng: random.Random,
    limit: float,
    between: Callable[[int], None] | None = None,
    gesture: Callable[[int], bool] | None = None,
    before: Callable[[int, int], None] | None = None,
) -> int:
    """Clicks for every page with a decision until all show the result; returns the commits.

    ``before(index, commits)`` runs just before ``players[index]`` is played for,
    while its decision (if it has one) is still open; ``between(commits)`` after
    every round of the loop.
    """
    deadline = time.monotonic() + limit
    commits = 0
    while not all(result_shown(p) for p in players):
        if time.monotonic() > deadline:
            raise AssertionError(f"the game did not end in {limit} s ({commits} commits)")
        acted = False
        for index, page in enumerate(players):
            if result_shown(page):
                continue
            if before is not None:
                before(index, commits)
            make = gesture(index) if gesture is not None else True
            if play_one(page, rng, gesture=make) is not None:
                commits += 1
                acted = True
        if between is not None:
            between(commits)
        if not acted:
            players[0].wait_for_timeout(40)
    return commits


def test_five_pirates_in_camp_mode_two_humans_and_three_bots_play_to_the_end(
    pages: Callable[..., Any], server: Server, screenshots: Path
) -> None:
    anne = pages()
    table = create_table(
        anne,
        "Anne",
        ["human", "human", "bot:random", "bot:random", "bot:random"],
        {"mode": "camp", "round_limit": 40},
        game="rumble",
    )
    expect(anne.locator("#open-note")).to_be_visible()
    expect(anne.locator("#game .rplate")).to_have_count(5)
    # The renderer's cards are the game's cards.
    cards = anne.evaluate("Plunder.renderers.rumble.cards")
    for name, card in CONTENT.cards.items():
        shown = cards[name]
        assert (shown["title"], shown["gesture"], shown["cost"]) == (
            card.title,
            card.gesture,
            card.cost,
        )
        assert (shown["golden"], shown["target"]) == (card.golden, card.target)
    assert set(cards) == set(CONTENT.cards)

    bob = join_on_a_phone(pages, anne, server.url, table, "Bob")
    expect(anne.locator("#open-note")).to_be_hidden()

    # Each sees their own shield open and every other one closed, and their camp card.
    for page in (anne, bob):
        expect(page.locator("#game .rplate.me [data-health]")).to_be_visible()
        assert check_shields(page) == 5
        mine = next(p for p in plates(page) if p["me"])
        assert mine["camp"] not in (None, "hidden")
    check_layout(anne, DESKTOP["width"])
    check_layout(bob, PHONE["width"])
    check_tooltips(anne)
    # Gestures are off: the cards do not show theirs.
    expect(anne.locator("#game .rumble-hand .hand .card").first).to_be_visible()
    expect(anne.locator("#game .rumble-hand .card-gesture")).to_have_count(0)

    anne_aimed = False
    bob_drawn_at = -1  # the commits made when Bob's phone was last drawn

    def before(index: int, commits: int) -> None:
        nonlocal anne_aimed, bob_drawn_at
        # Just before a human's own click, while the decision is open (after it,
        # they wait for the others). Bob's phone is drawn at his first decision,
        # and again at his next ones until one comes after a round is played.
        if index == 1 and bob_drawn_at < 2 and clickable(bob):
            bob.screenshot(path=str(screenshots / "rumble-phone.png"), full_page=True)
            check_layout(bob, PHONE["width"])
            bob_drawn_at = commits
        # A card that takes a target, picked and waiting for it, then put back.
        # Anne's first decision always has one (every pirate starts with a Shoot
        # it can pay for, R2 and R3); later she may lack the bullets.
        if index != 0 or anne_aimed or not clickable(anne):
            return
        aimed = "#game .rumble-hand [data-card]:not([data-action]):not([disabled])"
        picks = anne.locator(aimed)
        if picks.count():
            picks.first.click()
            anne.wait_for_selector("#game .targets [data-target]")
            anne.screenshot(path=str(screenshots / "rumble-desktop.png"), full_page=True)
            anne.locator("#game .targets .cancel").click()
            expect(anne.locator("#game .targets [data-target]")).to_have_count(0)
            anne_aimed = True

    def between(commits: int) -> None:
        for page in (anne, bob):
            if not result_shown(page):
                check_shields(page)

    commits = play_until_over(
        [anne, bob], random.Random(7), limit=240, between=between, before=before
    )
    assert commits >= 4
    assert anne_aimed, "Anne picked a card that takes a target"
    assert bob_drawn_at >= 0, "Bob had a decision to make on his phone"

    for page in (anne, bob):
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#result-title")).not_to_have_text("")
        final = plates(page)
        dead = [p for p in final if not p["alive"]]
        assert dead, "some pirate died in the game"
        for plate in dead:
            assert plate["camp"] not in (None, "hidden")
            page_plate = page.locator(f'#game .rplate[data-seat="{plate["seat"]}"]')
            expect(page_plate.locator(".camp-why")).to_contain_text("revealed at death")
    living = [p for p in plates(anne) if p["alive"]]
    if len(living) <= 2:
        # Shields down: every count is open.
        assert all(p["health"] is not None for p in living)
    anne.screenshot(path=str(screenshots / "rumble-desktop-over.png"))
    bob.screenshot(path=str(screenshots / "rumble-phone-over.png"), full_page=True)

    # The replay steps through the game with the same table drawn.
    anne.goto(f"/t/{table}?replay")
    expect(anne.locator("#replay-pos")).to_contain_text("Move 0 of")
    expect(anne.locator("#game .rplate")).to_have_count(5)
    anne.click("#replay-next")
    expect(anne.locator("#replay-move")).to_contain_text("chose (hidden")
    anne.click("#replay-last")
    expect(anne.locator("#replay-move")).to_contain_text("played")
    # The move in the words Rumble declares for its decision (text.ASKS).
    worded = re.compile(r"played \S+ \((play|make|reach for|take|pick) [^)]+")
    expect(anne.locator("#replay-move")).to_have_text(worded)
    expect(anne.locator("#game .rplate.dead").first).to_be_visible()


def test_gestures_on_the_reflex_clock_counts_down_and_runs_out(
    pages: Callable[..., Any], server: Server, screenshots: Path
) -> None:
    anne = pages()
    anne.goto("/")
    anne.wait_for_selector("#game option[value=rumble]", state="attached")
    anne.select_option("#game", "rumble")
    # The reflex clock is offered only once gestures are on.
    expect(anne.locator("#reflex-field")).to_be_hidden()
    anne.locator("#option-gestures").set_checked(True)
    expect(anne.locator("#reflex-field")).to_be_visible()
    table = create_table(
        anne,
        "Anne",
        ["human", "human", "bot:random"],
        {"gestures": True, "round_limit": 3, "pirates": "bonny,roberts,kidd"},
        game="rumble",
        reflex_clock=3,
    )
    bob = pages()
    bob.goto(f"/t/{table}")
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    expect(bob.locator("#seats .seat-item.me .seat-name")).to_have_text("Bob (you)")
    expect(anne.locator("#clock-note")).to_contain_text("Reflex clock: 3 s")
    # With gestures on, each card shows the gesture to make.
    expect(anne.locator("#game .rumble-hand .card-gesture").first).to_be_visible()

    lapsed = {"done": False, "shot": False}

    def gesture(index: int) -> bool:
        # Anne lets the first gesture step pass; every other gesture is clicked.
        return index != 0 or lapsed["done"]

    def between(commits: int) -> None:
        if lapsed["done"]:
            return
        buttons = anne.locator("#game .gestures [data-gesture]")
        # The buttons and the clock are read at one moment: the 3 s may run out between
        # two reads, and the clock goes with the buttons.
        seen = anne.evaluate(GESTURE_CLOCK_JS)
        if not seen["buttons"]:
            return
        assert seen["clock"] is not None, "gestures offered without the reflex clock"
        assert "0:0" in seen["clock"], seen
        # What the step asks, as Rumble declares it (text.ASKS), over the buttons.
        expect(anne.locator("#game .rumble-hand .prompt")).to_contain_text(
            "Cards revealed: make the gesture of your card, quick!"
        )
        if not lapsed["shot"]:
            anne.screenshot(path=str(screenshots / "rumble-gesture.png"))
            lapsed["shot"] = True
        # The clock runs out: no gesture is made for her, and her seat stays hers.
        expect(buttons).to_have_count(0, timeout=8000)
        expect(anne.locator("#log li.log-gestures").last).to_contain_text("Anne (you)")
        expect(anne.locator("#seats .seat-item.me .badge.auto")).to_have_count(0)
        lapsed["done"] = True

    play_until_over([anne, bob], random.Random(3), limit=120, between=between, gesture=gesture)
    assert lapsed["done"]
    for page in (anne, bob):
        expect(page.locator("#result")).to_be_visible()
    gestured = anne.locator("#log li.log-gestures")
    assert gestured.count() >= 2


def test_the_draft_shows_each_pirate_by_full_name_with_what_it_does(
    pages: Callable[..., Any],
) -> None:
    page = pages(viewport=PHONE, is_mobile=True, has_touch=True)
    create_table(page, "Anne", ["human", "bot:random"], {"pirates": "draft"}, game="rumble")
    buttons = page.locator("#game .pirates [data-pirate]")
    expect(buttons.first).to_be_visible()
    expect(page.locator("#game .rumble-hand .prompt")).to_have_text(
        "Pick your pirate: each seat in turn picks one of those left."
    )
    catalogue = plunder.load("rumble", players=2, pirates="draft").catalogue()["pirates"]
    shown = buttons.evaluate_all(
        "(all) => all.map((e) => [e.dataset.pirate, e.querySelector('.pirate-name').textContent,"
        " (e.querySelector('.pirate-text') || {}).textContent || ''])"
    )
    assert len(shown) == len(catalogue)
    for pirate, name, text in shown:
        assert name == catalogue[pirate]["title"] and name != pirate
        assert all(a["text"] in text for a in catalogue[pirate]["abilities"])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_refused_card_says_why_and_lists_nothing_after_it(pages: Callable[..., Any]) -> None:
    """A Fire the pirate cannot pay for: the toast gives the rules' reason, one line."""
    page = pages()
    # Her first card goes to the server as a Fire (3 bullets; Blackbeard holds 2).
    meant = refuse_the_first_move(page, "fire")
    create_table(
        page, "Anne", ["human", "bot:random"], {"pirates": "blackbeard,cheung"}, game="rumble"
    )
    expect(page.locator("#game .rumble-hand .prompt")).to_have_text(
        "Round 1: choose a card to play face down; all are revealed at once."
    )
    page.click('#game .rumble-hand [data-action="load"]')
    state = plunder.load("rumble", players=2, pirates="blackbeard,cheung").new(seed=1)
    with pytest.raises(plunder.IllegalAction) as refused:
        state.act(0, "fire")
    legal = [str(action) for action in state.legal(0)]
    shown = page.locator("#toast-text")
    expect(shown).to_have_text(refusal_shown(refused.value.reason))
    assert meant == ["load"]
    words = shown.inner_text()
    assert "\n" not in words and not [n for n in legal if n in words], words
    # Her cards are offered again, and the next one goes through.
    page.click('#game .rumble-hand [data-action="load"]')
    expect(page.locator("#log li.log-reveal").first).to_contain_text("Anne (you) plays Load")
