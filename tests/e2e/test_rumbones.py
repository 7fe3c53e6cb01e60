"""Rum & Bones: Second Tide in Chromium: a whole game by clicks, and the dock in view.

Anne sets a two-seat table (herself and the greedy bot) in the lobby, two rounds
long, and plays it to its end by clicking: the heroes of the draft, the lit zones
of the board (deploy, step, rig, attack, fire, strike, push, summon, muster), a
zone's choices when two actions share it, an attack skill or sea monster picked
before its zone, the Tide cards of her hand, the dice to re-roll, and the other
choices as buttons. The board is drawn from the catalogue (72 zones with their
coordinates, the objectives on them), every hero, skill, Tide card and
objective has the catalogue's words in its tooltip, the dice of an attack show
where their hits went, and a spectator sees the board and the hand sizes but no
hand.

At a laptop's 1280x800 and a phone's 390x844 the prompt, the hand and the board
are in view without scrolling, at the first turn and in the middle of an
activation; the screenshots are kept.
"""

from __future__ import annotations

import json
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
from e2e.driving import PHONE, Server, api, create_table, result_shown, wait_for
from e2e.test_screens import assert_fits

# What can be clicked in the game now: elements that act, zones that ask which
# action, and attack skills or sea monsters to pick before their zone.
CLICKABLE_JS = """
() => Array.from(document.querySelectorAll(
    '#game [data-action], #game .rb-zone[data-choose], #game [data-arg]'))
  .filter((e) => !e.disabled && e.offsetParent !== null)
  .map((e) => ({action: e.dataset.action || null, arg: e.dataset.arg || null,
                zone: e.classList.contains('rb-zone') ? e.dataset.zone : null}))
"""

DECLINE = ("pass", "end", "stop", "keep")
HEROES = "carcharius,ishmael,nerissa;calavera,demarco,hueso"


def _click(page: Any, selector: str) -> bool:
    """Clicks the first element ``selector`` finds now; False if there is none or it went.

    Every click draws the table anew (a zone or skill picked at once, a move sent
    at the next frame, with its buttons withheld until the server answers). The
    click waits for that, so the next look at the page cannot find the buttons
    just answered: clicking one of those would wait for a button that is gone.
    """
    element = page.query_selector(selector)
    if element is None:
        return False
    try:
        element.click(timeout=2000)
    except PlaywrightError:
        return False
    try:
        element.wait_for_element_state("hidden", timeout=5000)
    except PlaywrightError as exc:
        raise AssertionError(f"a click on {selector} drew nothing new in 5 s") from exc
    return True


def _lit_action(page: Any, rng: random.Random, selector: str) -> str | None:
    """Clicks one of the elements ``selector`` finds that acts; returns its notation."""
    try:
        page.wait_for_selector(selector, timeout=2000)
    except PlaywrightError:
        return None
    found = page.locator(selector).evaluate_all("(all) => all.map((e) => e.dataset.action)")
    found = [a for a in found if a]
    if not found:
        return None
    notation = rng.choice(found)
    return notation if _click(page, f'#game [data-action="{notation}"]') else None


# The same, but nothing while the page shows a Tide window's auto-pass box. Windows
# of other timings (a reaction's) are answered by clicks: left alone, each would
# wait out its clock before a bot answered it, and the test would wait with it.
OUTSIDE_TIDE_WINDOWS_JS = (
    "() => document.querySelector('#game .autopass-toggle input[data-autopass=\"tide\"]')"
    " ? [] : ("
    + CLICKABLE_JS.strip()
    + ")()"
)


def click_one(page: Any, rng: random.Random, clickable: str = CLICKABLE_JS) -> str | None:
    """One decision by clicks, if the page has one; returns the notation clicked.

    A lit zone is preferred (most decisions name zones), then what is not a way
    to decline; a zone two actions share is clicked and then one of the choices
    the dock offers for it; an attack skill picked first is followed by one of
    its zones. ``clickable`` lists what may be clicked now.
    """
    options = page.evaluate(clickable)
    if not options:
        return None
    zones = [o for o in options if o["zone"]]
    others = [o for o in options if not o["zone"] and o["action"] not in DECLINE]
    if zones and rng.random() < 0.7:
        pick = rng.choice(zones)
    elif others and rng.random() < 0.8:
        pick = rng.choice(others)
    else:
        pick = rng.choice(options)
    if pick["zone"] and not pick["action"]:
        if not _click(page, f'#game .rb-zone[data-zone="{pick["zone"]}"]'):
            return None
        return _lit_action(page, rng, "#game .rb-choice[data-action]")
    if pick["arg"]:
        if not _click(page, f'#game [data-arg="{pick["arg"]}"]'):
            return None
        return _lit_action(page, rng, "#game .rb-zone.lit[data-action]")
    notation = pick["action"]
    return notation if _click(page, f'#game [data-action="{notation}"]') else None


def check_tooltips(page: Any, catalogue: dict[str, Any]) -> None:
    """Heroes, skills, hand cards and objectives carry the catalogue's words."""
    heroes = page.locator("#game .rb-hero").evaluate_all(
        "(all) => all.map((e) => [e.querySelector('.rb-hname').textContent, "
        "e.querySelector('.rb-hname').title])")
    assert len(heroes) == 6
    titles = {h["title"] for h in catalogue["heroes"].values()}
    for shown, tip in heroes:
        title = next(t for t in titles if shown.startswith(t))
        assert tip.startswith(title), (shown, tip)
    for skill, tip in page.locator("#game .rb-skill").evaluate_all(
        "(all) => all.map((e) => [e.dataset.skill, e.title])"
    ):
        spec = catalogue["skills"][skill]
        assert tip.startswith(spec["title"]) and spec["text"] in tip, (skill, tip)
    cards = page.locator("#game .rb-hand .rb-card").evaluate_all(
        "(all) => all.map((e) => [e.dataset.card, e.title])")
    assert len(cards) == 3
    for card, tip in cards:
        spec = catalogue["cards"][card]
        assert tip.startswith(spec["title"]) and tip.endswith(spec["text"]), (card, tip)
    objectives = page.locator("#game .rb-obj").evaluate_all(
        "(all) => all.map((e) => [e.dataset.objective, e.title])")
    assert objectives
    for objective, tip in objectives:
        spec = catalogue["objectives"][objective]
        assert tip.startswith(f"{spec['title']}: {spec['hp']} HP"), (objective, tip)


def test_a_whole_game_by_clicks_against_the_greedy_bot(
    pages: Callable[..., Any], server: Server, screenshots: Path
) -> None:
    page = pages()
    table = create_table(page, "Anne", ["human", "bot:greedy"], {"round_limit": 2},
                         game="rumbones", reflex_clock=60)
    catalogue = plunder.load("rumbones").catalogue()
    # The draft's prompt, in the words the game declares for it.
    expect(page.locator("#game .rb-prompt")).to_have_text(
        "The draft: pick a hero for the Deep Sea Lords.")
    # The box's board: 9 columns by 8 rows of zones, lettered and numbered on the edges.
    expect(page.locator("#game .rb-zone")).to_have_count(len(catalogue["board"]["zones"]))
    labels = page.locator("#game .rb-label").evaluate_all("(all) => all.map((e) => e.textContent)")
    assert sorted(labels) == sorted([*"abcdefghi", *"12345678"])
    expect(page.locator("#game .rb-zone.k-link")).to_have_count(5)
    # A spectator sees the board, both sides' hand sizes and no hand.
    watcher = pages(viewport=PHONE, is_mobile=True, has_touch=True)
    watcher.goto(f"/t/{table}?watch")
    expect(watcher.locator("#game .rb-zone")).to_have_count(72)
    expect(watcher.locator("#game .rb-hand")).to_have_count(0)

    rng = random.Random(8)
    deadline = time.monotonic() + 420
    clicked: list[str] = []
    outcomes = 0
    checked = False
    while not result_shown(page):
        assert time.monotonic() < deadline, f"the game did not end ({len(clicked)} clicks)"
        if not checked and page.locator("#game .rb-hand .rb-card").count() == 3 and \
                page.locator("#game .rb-hero").count() == 6:
            check_tooltips(page, catalogue)
            expect(watcher.locator("#game [data-hand-size]")).to_have_count(2)
            page.screenshot(path=str(screenshots / "rumbones-first-turn.png"))
            checked = True
        notation = click_one(page, rng)
        if notation is None:
            page.wait_for_timeout(40)
            continue
        clicked.append(notation)
        # Where the last attack's hits went: each chip in the game's words for it.
        chips = page.locator("#game .rb-dice[data-kind=attack] .rb-out").all_text_contents()
        assert all(chip.strip() for chip in chips), chips
        outcomes += bool(chips)
    page.screenshot(path=str(screenshots / "rumbones-over.png"))
    assert checked, "the hand and the heroes never showed"
    expect(page.locator("#result-scores li")).to_have_count(2)
    expect(watcher.locator("#result")).to_be_visible()
    assert outcomes, "no attack's hits were shown"
    record = api(server.url, "GET", f"/api/tables/{table}/record")
    mine = [notation for seat, notation in record["moves"] if seat == 0]
    # Every click that acted is a move of Anne's (the reflex clock never ran out).
    assert set(clicked) <= set(mine)
    assert any(n.startswith("pick:") for n in mine)
    assert sum(">" in n for n in clicked) >= 3, clicked
    page.set_viewport_size(PHONE)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1


SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": PHONE}

IN_VIEW_JS = """
(selectors) => selectors.map((s) => {
  const e = document.querySelector(s);
  if (!e) return [s, null];
  const r = e.getBoundingClientRect();
  return [s, {top: r.top, bottom: r.bottom, left: r.left, right: r.right}];
})
"""


def assert_in_view(page: Any, shot: Path, size: dict[str, int]) -> None:
    """With the page at its top, the prompt, the hand and the board are all in the window."""
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_function("() => window.scrollY === 0")
    assert_fits(page, shot)
    for selector, box in page.evaluate(IN_VIEW_JS, ["#game .rb-prompt", "#game .rb-hand",
                                                    "#game .rb-board"]):
        assert box is not None, f"{shot.name}: no {selector}"
        assert box["top"] >= 0 and box["bottom"] <= size["height"], (shot.name, selector, box)
        assert box["left"] >= 0 and box["right"] <= size["width"], (shot.name, selector, box)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_prompt_the_hand_and_the_board_are_in_view(
    pages: Callable[..., Any], screenshots: Path, size: str
) -> None:
    viewport = SIZES[size]
    phone = size == "phone"
    page = pages(viewport=viewport, is_mobile=phone, has_touch=phone)
    folder = screenshots / "rumbones"
    folder.mkdir(exist_ok=True)
    create_table(page, "Mary", ["human", "bot:greedy"], {"heroes": HEROES}, game="rumbones",
                 reflex_clock=60)
    # Her first turn: three Tide cards in hand, her heroes to activate.
    # (The bot may go first: a few of its moves, on a loaded machine, before hers.)
    expect(page.locator("#game .rb-dock.your-move .rb-card")).to_have_count(3, timeout=30_000)
    expect(page.locator('#game [data-action="hero:0"]').first).to_be_visible()
    assert_in_view(page, folder / f"{size}-turn.png", viewport)
    # Carcharius activates and deploys on a lit deployment point: then his actions.
    page.locator('#game .rb-buttons [data-action="hero:0"]').click()
    expect(page.locator("#game .rb-zone.lit")).to_have_count(3)
    page.locator("#game .rb-zone.lit").first.click()
    expect(page.locator('#game .rb-buttons [data-action="move"]')).to_be_visible()
    assert_in_view(page, folder / f"{size}-act.png", viewport)
    # His choices as the catalogue orders them: a move stands out, the way to end his
    # activation comes last and plain.
    buttons = page.locator("#game .rb-buttons .rb-button")
    expect(buttons.last).to_have_attribute("data-action", "end")
    expect(buttons.last).not_to_have_class(re.compile(r"\bprimary\b"))
    expect(page.locator('#game .rb-buttons [data-action="move"]')).to_have_class(
        re.compile(r"\bprimary\b"))
    # A move: the zones he may step to light up.
    page.locator('#game .rb-buttons [data-action="move"]').click()
    expect(page.locator("#game .rb-zone.lit.v-step").first).to_be_visible()
    assert_in_view(page, folder / f"{size}-move.png", viewport)


def _watch_socket(page: Any) -> tuple[dict[int, dict[str, Any]], list[dict[str, Any]]]:
    """What goes over the page's WebSocket: the decision of each step the server showed
    the seat, and every message the page sent (in order)."""
    decisions: dict[int, dict[str, Any]] = {}
    sent: list[dict[str, Any]] = []

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            sent.append(json.loads(message))
            server.send(message)

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "state":
                decisions[data["step"]] = data["view"]["decision"] or {}
            ws.send(message)

        ws.on_message(to_server)
        server.on_message(to_page)

    page.route_web_socket("**/ws/*", route)
    return decisions, sent


def _own_windows(server: Server, table: str, token: str, timing: str) -> list[str]:
    """Seat 0's answers to the windows of ``timing`` so far, from its log."""
    log = api(server.url, "GET", f"/api/tables/{table}/log", headers={"X-Plunder-Token": token})
    return [e["choices"]["0"] for e in log["events"]
            if e["type"] == "window" and e["timing"] == timing and "0" in e["choices"]]


def test_a_ticked_box_passes_the_next_windows_without_a_click(
    pages: Callable[..., Any], server: Server
) -> None:
    page = pages()
    decisions, sent = _watch_socket(page)
    table = create_table(page, "Anne", ["human", "bot:greedy"], {"heroes": HEROES},
                         game="rumbones", reflex_clock=60)
    token = page.evaluate(f"() => localStorage.getItem('plunder:token:{table}')")
    box = page.locator("#game .rb-dock .autopass-toggle input")
    # A Tide window where Anne may only pass would otherwise be passed for her by
    # autoplay, box and all, before the test ticks the box.
    page.locator("#autoplay").uncheck()
    rng = random.Random(3)
    deadline = time.monotonic() + 300

    def tide_windows() -> list[str]:
        """Anne's answers to the Tide windows so far, from her log."""
        events: list[dict[str, Any]] = []
        while True:
            page_ = api(server.url, "GET", f"/api/tables/{table}/log?from={len(events)}",
                        headers={"X-Plunder-Token": token})
            events += page_["events"]
            if not page_["events"] or len(events) >= page_["total"]:
                break
        return [e["choices"]["0"] for e in events
                if e["type"] == "window" and e["timing"] == "tide" and "0" in e["choices"]]

    def boxes() -> list[str]:
        """The timings of the auto-pass boxes on the page now, read at once (the dock is
        drawn anew as the game moves: a box counted may be gone when it is read)."""
        return box.evaluate_all("(all) => all.map((e) => e.dataset.autopass)")

    def tide_open() -> bool:
        """A Tide window is offered to Anne and she has sent no answer to it. (A click of
        hers may have answered one the page still shows: a zone's choices and a
        window's are drawn alike.)"""
        if "tide" not in boxes():
            return False
        latest = max(decisions, default=None)
        answered = {m.get("step") for m in sent if m.get("type") == "act"}
        return (latest is not None and decisions[latest].get("kind") == "tide"
                and latest not in answered)

    # Anne plays by clicks until a Tide window is offered to her.
    while not tide_open():
        assert time.monotonic() < deadline and not result_shown(page), "no Tide window came"
        if click_one(page, rng) is None:
            page.wait_for_timeout(40)
    expect(page.locator("#game .rb-dock .autopass-toggle")).to_contain_text(
        "Pass these automatically (Tide cards played when a hero attacks")
    before = tide_windows()
    ticked = len(sent)
    box.check()
    # The window open now passes without a click, and so do the next ones. (Only the
    # Tide box: a window of another timing may follow with a box of its own.)
    expect(page.locator('#game .rb-dock .autopass-toggle input[data-autopass="tide"]')
           ).to_have_count(0)
    wait_for(lambda: len(tide_windows()) > len(before))
    # The setting is in the table's settings too, for this timing.
    settings = page.locator("#autopass-settings")
    expect(settings).to_be_visible()
    expect(settings.locator('[data-autopass-timing="tide"]')).to_be_checked()
    expect(settings.locator("[data-autopass-every]")).not_to_be_checked()
    while len(tide_windows()) < len(before) + 3:
        assert time.monotonic() < deadline and not result_shown(page), "no more windows came"
        # Anne never clicks in a Tide window (none should reach her now).
        if click_one(page, rng, OUTSIDE_TIDE_WINDOWS_JS) is None:
            page.wait_for_timeout(40)
    assert {"type": "autopass", "every": False, "timings": ["tide"]} in sent[ticked:]
    acts = [m for m in sent[ticked:] if m["type"] == "act"]
    # Not one of her acts answered a Tide window once the box was ticked: the server passed.
    assert [m for m in acts if decisions.get(m["step"], {}).get("kind") == "tide"] == []
    answers = tide_windows()[len(before):]
    assert len(answers) >= 3 and set(answers) == {"pass"}, answers
