"""Swordplay in Chromium: two people and a bot around one table, by clicks only.

Anne sets a three-seat table in the lobby (two humans, a greedy bot) and Bob
joins it through the invite link, on a phone. They play it to its end by
clicking cards, fighters (to aim an attack) and the buttons under the hand. On
the way each sees its own hand drawn as cards, with the catalogue's texts as
tooltips, and the fighters' plates with life bars.

The defence waits for its player: a table with the shortest reflex clock and no
turn clock puts no clock on a defence (the rules do not time it), so the bot's
attack stays open until Anne answers it by a click.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import plunder
from e2e.driving import Server, api, click, create_table, join_on_a_phone, result_shown
from plunder.server.live import REFLEX_MIN

# The prompt of a defence, as the game's words declare it.
DEFEND = "Your defend decision: defend, guard, or take the attack."

CLICKABLE_JS = """
() => Array.from(document.querySelectorAll('#game [data-action], #game .sw-hand [data-card]'))
  .filter((e) => !e.disabled && e.offsetParent !== null)
  .map((e) => ({action: e.getAttribute('data-action'), card: e.dataset.card || null,
                index: e.dataset.index || null, seat: e.dataset.seat || null}))
"""


# The table as the page shows it at one moment: the prompt under the hand, whether
# the viewer's seat is marked as choosing, and how many clocks are shown.
SNAPSHOT_JS = """
() => ({prompt: (document.querySelector('#game .sw-hand-area .prompt') || {}).textContent,
        waiting: Boolean(document.querySelector('#seats .seat-item.me .step.waiting')),
        clocks: document.querySelectorAll('#seats [data-clock], #game [data-clock]').length})
"""


def clickable(page: Any) -> list[dict[str, Any]]:
    return page.evaluate(CLICKABLE_JS)


def play_one(page: Any, rng: random.Random) -> str | None:
    """One decision by clicks: an action button or card, or an attack card then a fighter."""
    options = clickable(page)
    if not options:
        return None
    pick = rng.choice(options)
    if pick["action"]:
        return pick["action"] if click(page, f'#game [data-action="{pick["action"]}"]') else None
    selector = f'#game .sw-hand [data-card="{pick["card"]}"][data-index="{pick["index"]}"]'
    if not click(page, selector):
        return None
    try:
        page.wait_for_selector("#game .sw-plate.aimable", timeout=3000)
    except PlaywrightError:
        return None
    aims = [o for o in clickable(page) if o["seat"] is not None and o["action"]]
    if not aims:
        return None
    aim = rng.choice(aims)
    return aim["action"] if click(page, f'#game [data-action="{aim["action"]}"]') else None


def test_three_fighters_two_humans_and_a_bot_play_to_the_end(
    pages: Callable[..., Any], server: Server
) -> None:
    anne = pages()
    table = create_table(anne, "Anne", ["human", "human", "bot:greedy"], game="swordplay")
    expect(anne.locator("#game .sw-plate")).to_have_count(3)
    bob = join_on_a_phone(pages, anne, server.url, table, "Bob")

    # Each hand is five cards drawn, each with its catalogue text as the tooltip.
    catalogue = plunder.load("swordplay", players=3).catalogue()["cards"]
    for page in (anne, bob):
        expect(page.locator("#game .sw-hand .sw-card")).to_have_count(5)
        card = page.locator("#game .sw-hand .sw-card").first
        shown = card.get_attribute("data-card")
        info = catalogue[shown]
        assert card.get_attribute("title") == f"{info['title']}: {info['text']}"
    # The turn, never the turn limit (it only stops play that would never end).
    expect(anne.locator("#game .sw-turn")).to_have_text(re.compile(r"^Turn \d+$"))

    # On Bob's phone his hand comes first, above the links to share the table.
    # Measured in one go in the page: the board may be drawn again between two
    # separate reads of the boxes.
    expect(bob.locator("#game .sw-hand")).to_be_visible()
    bob.wait_for_function(
        "() => document.querySelector('#game .sw-hand').getBoundingClientRect().top"
        " < document.querySelector('#share').getBoundingClientRect().top"
    )

    rng = random.Random(3)
    deadline = time.monotonic() + 240
    commits = 0
    while not all(result_shown(p) for p in (anne, bob)):
        assert time.monotonic() < deadline, f"the game did not end ({commits} commits)"
        acted = False
        for page in (anne, bob):
            if not result_shown(page) and play_one(page, rng) is not None:
                commits += 1
                acted = True
        if not acted:
            anne.wait_for_timeout(40)
    assert commits > 10
    expect(anne.locator("#result")).to_be_visible()
    expect(anne.locator("#game .sw-turn")).to_have_text(re.compile(r"^Turn \d+$"))
    # The end says the fight is over: no one is waited for, no empty hand is pointed at.
    for page in (anne, bob):
        expect(page.locator("#game .sw-hand-area .prompt")).to_have_text("The fight is over.")
        expect(page.locator("#game .sw-hand-area")).not_to_contain_text("no cards in hand")


def _state_message(
    page: Any, received: list[dict[str, Any]], wanted: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """The first state message the page received that ``wanted`` accepts (waiting for it)."""
    deadline = time.monotonic() + 15
    while True:
        found = [m for m in received if m.get("type") == "state" and wanted(m)]
        if found:
            return found[0]
        assert time.monotonic() < deadline, "the page received no such state message"
        page.wait_for_timeout(20)


def test_a_defence_waits_for_its_player_whatever_the_reflex_clock(
    pages: Callable[..., Any], server: Server
) -> None:
    # The lobby offers the reflex clock only for games whose rules time decisions
    # (Swordplay's do not), so the table is set through the API, as the lobby
    # would: the shortest reflex clock the server takes, and no turn clock.
    made = api(server.url, "POST", "/api/tables", {
        "game": "swordplay",
        "options": {"pirates": "vane,grady"},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
        "name": "Anne",
        "clock": None,
        "reflex_clock": REFLEX_MIN,
    })
    table = made["table"]
    summary = api(server.url, "GET", f"/api/tables/{table}")
    assert (summary["clock"], summary["reflex_clock"], summary["timed"]) == (
        None, REFLEX_MIN, False,
    )

    anne = pages()
    # Every message the table sends Anne's page, as it arrives.
    received: list[dict[str, Any]] = []
    anne.on("websocket", lambda ws: ws.on("framereceived", lambda data: received.append(
        json.loads(data)
    )))
    anne.goto("/")
    anne.evaluate("([t, k]) => localStorage.setItem(`plunder:token:${t}`, k)",
                  [table, made["token"]])
    anne.goto(f"/t/{table}")
    expect(anne.locator("#seats .seat-item.me .seat-name")).to_have_text("Anne (you)")
    # Anne wants to answer every decision herself, even one with a single legal
    # answer ("Take it" when no card of hers fits), so she turns autoplay off.
    anne.locator("#autoplay").uncheck()

    # Anne passes every phase of her turns until the bot attacks her. (At a table
    # the bot draws among its near-best moves, passing now and then: it is given
    # many turns, and the loop ends as soon as it attacks.)
    prompt = anne.locator("#game .sw-hand-area .prompt")
    for _ in range(400):
        asked = re.compile(r"^Your (discard|ready|attack|defend) decision: .*\.$")
        expect(prompt).to_have_text(asked, timeout=30_000)
        shown = prompt.text_content()
        if shown == DEFEND:
            break
        anne.locator('#game [data-action="pass"]').click()
        expect(prompt).not_to_have_text(shown or "")
    else:
        raise AssertionError("the bot never attacked Anne")

    # One look at the page as one message drew it: the defence prompt, her seat
    # choosing, and no clock shown on it. (A clock shown would be there at once,
    # drawn from the same message; nothing here waits for it to go away.)
    seen = anne.evaluate(SNAPSHOT_JS)
    assert seen == {"prompt": DEFEND, "waiting": True, "clocks": 0}, seen

    # The server sent the prompt with no clock running for her seat: the message
    # is made once the table has started the step's clocks, so a reflex clock on
    # this decision would have its deadline here.
    asked = _state_message(anne, received, lambda m: "no" in m["legal"])
    assert asked["deadline"] is None
    assert [s["deadline"] for s in asked["table"]["seats"]] == [None, None]
    decision = asked["view"]["decision"]
    assert decision["kind"] == "defend" and decision["seats"] == [0]
    assert decision["window"] is True and decision["default"] == "no"
    assert "timed" not in decision and "timeout" not in decision
    # The table, asked now, agrees: the move waits, no clock runs, no bot took the seat.
    now = api(server.url, "GET", f"/api/tables/{table}")
    assert now["status"] == "running" and now["move"] == asked["move"]
    assert now["seats"][0]["deadline"] is None and not now["seats"][0]["auto"]

    # The prompt itself: the attack in the middle, Anne's plate targeted, "Take it".
    expect(anne.locator("#game .sw-attack")).to_be_visible()
    expect(anne.locator('#game .sw-plate.targeted[data-seat="0"]')).to_be_visible()
    expect(anne.locator('#game [data-action="no"]')).to_be_visible()
    assert prompt.text_content() == DEFEND

    # Anne answers by a click: a fitting defence card that makes no counter-attack
    # (so the bot's turn ends with it), else she takes the hit.
    cards = plunder.load("swordplay").catalogue()["cards"]
    plain = {c["notation"] for c in cards.values() if c["type"] == "defence" and not c["counter"]}
    defences = [a["notation"] for a in asked["actions"] if a["notation"] in plain]
    choice = defences[0] if defences else "no"
    anne.locator(f'#game [data-action="{choice}"]').first.click()
    _state_message(anne, received, lambda m: m["move"] > asked["move"])
    # The defence's answer is hers: her click was taken (no refusal came back) and
    # the window's public event, the first after the prompt, records her choice.
    later = [m for m in received if m.get("type") == "state" and m["move"] > asked["move"]]
    answered = [e for m in later for e in m["events"] if e["type"] == "window"]
    assert answered[0]["timing"] == "defend" and answered[0]["choices"] == {"0": choice}
    assert not [m for m in received if m.get("type") == "error"]
    # And the game goes on: the bot's turn is over, Anne's next one begins.
    expect(prompt).to_have_text("Your discard decision: discard one card, or pass.")
    expect(anne.locator("#seats .seat-item.me .badge.auto")).to_have_count(0)
