"""Rum & Bones in teams, and Clash Royale!, in Chromium.

Anne sets a table for four in the lobby: herself and a friend (seats 0 and 2, one
team: teammates sit apart) against two greedy bots, two rounds long. The lobby
shows each seat's team and share in words before the table is set. Her friend
joins by the invite link on a phone; both play the whole game by clicking, each
the heroes and cards their seat controls, the team's turn answered by whichever
of them clicks first. The table shows who plays which hero, the teammate's Tide
hand, the teams' colours, and a team chat that the bots' side and a spectator
never see.

A Clash Royale! table for four (Anne and three bots) shows the arena with its
Captain's Chest, the deck features anyone may damage and every hero's lives,
and plays to its end.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from e2e.driving import api, create_table, join_on_a_phone, result_shown
from e2e.test_rumbones import click_one


def stalled(pages_: list[Any], clicked: list[list[str]]) -> str:
    """What the pages show, when a game did not end in time."""
    prompts = [page.locator("#game .rb-prompt").first.inner_text() for page in pages_]
    lit = [page.locator("#game .rb-zone.lit").evaluate_all(
        "(all) => all.map((e) => [e.dataset.zone, e.dataset.action, e.offsetParent !== null])")
        for page in pages_]
    return f"the game did not end: the prompts say {prompts}; lit {lit}; clicked {clicked}"


def test_two_humans_play_two_against_two_by_clicks(
    pages: Callable[..., Any], server: Any, screenshots: Path
) -> None:
    anne = pages()
    # The lobby says who plays with whom, in players' words, for the options chosen.
    anne.goto("/")
    anne.wait_for_selector("#game option[value=rumbones]", state="attached")
    anne.select_option("#game", "rumbones")
    anne.fill("#players", "4")
    anne.dispatch_event("#players", "change")
    expect(anne.locator("#seat-0-role")).to_have_text(
        "Team 1: Deep Sea Lords, with seat 3: 2 heroes; the crew with the team; 2 Tide cards")
    expect(anne.locator("#seat-1-role")).to_contain_text("Team 2: Marea de la Muerte")
    table = create_table(anne, "Anne", ["human", "bot:greedy", "human", "bot:greedy"],
                         {"round_limit": 2}, game="rumbones", reflex_clock=60)
    friend = join_on_a_phone(pages, anne, server.url, table, "Bea")
    watcher = pages()
    watcher.goto(f"/t/{table}?watch")
    # Team colours on the seats: Anne and Bea on the first team, the bots on the second.
    expect(anne.locator('#seats .seat-item[data-seat="2"] .badge.team-0')).to_have_text("team 1")
    expect(anne.locator('#seats .seat-item[data-seat="1"] .badge.team-1')).to_have_text("team 2")
    # The team chat: Bea reads Anne's line, the spectator never does.
    expect(anne.locator("#team-chat")).to_be_visible()
    expect(watcher.locator("#team-chat")).to_be_hidden()
    anne.fill("#team-chat-text", "Bea, take the helm")
    anne.click("#team-chat-send")
    expect(friend.locator("#team-chat-list")).to_contain_text("Bea, take the helm")
    expect(friend.locator("#chat-list")).not_to_contain_text("Bea, take the helm")

    rng = random.Random(4)
    shown_owner = False
    deadline = time.monotonic() + 240
    clicked: list[list[str]] = [[], []]
    while not result_shown(anne):
        assert time.monotonic() < deadline, stalled([anne, friend, watcher], clicked)
        if not shown_owner and anne.locator("#game .rb-owner").count() == 8:
            # Who plays each hero, and the teammate's cards beside one's own hand.
            owners = anne.locator("#game .rb-owner").evaluate_all(
                "(all) => all.map((e) => Number(e.dataset.seat))")
            assert sorted(owners) == [0, 0, 1, 1, 2, 2, 3, 3]
            expect(anne.locator("#game .rb-team").first).to_be_visible()
            anne.screenshot(path=str(screenshots / "rumbones-teams.png"))
            shown_owner = True
        acted = False
        for index, page in enumerate((anne, friend)):
            notation = click_one(page, rng)
            if notation is not None:
                clicked[index].append(notation)
                acted = True
        if not acted:
            anne.wait_for_timeout(40)
    assert shown_owner, "the players of the heroes never showed"
    expect(friend.locator("#result")).to_be_visible()
    expect(watcher.locator("#team-chat-list")).not_to_contain_text("Bea, take the helm")
    record = api(server.url, "GET", f"/api/tables/{table}/record")
    seats = {seat for seat, _ in record["moves"]}
    assert seats == {0, 1, 2, 3}
    for seat, mine in ((0, clicked[0]), (2, clicked[1])):
        moves = [notation for s, notation in record["moves"] if s == seat]
        assert any(n.startswith("pick:") for n in moves), seat
        assert mine, f"seat {seat} never clicked"


def test_a_clash_royale_table_shows_the_arena_the_chest_and_the_lives(
    pages: Callable[..., Any], server: Any, screenshots: Path
) -> None:
    anne = pages()
    create_table(anne, "Anne", ["human", "bot:greedy", "bot:greedy", "bot:greedy"],
                 {"mode": "clash", "clash_rounds": 3, "lives": 2}, game="rumbones")
    expect(anne.locator("#game .rb-zone")).to_have_count(99)
    expect(anne.locator("#game .rb-mark.chest")).to_have_count(1)
    expect(anne.locator("#game .rb-obj.neutral")).to_have_count(5)
    expect(anne.locator("#game .rb-side")).to_have_count(4)
    rng = random.Random(5)
    lives_seen = False
    deadline = time.monotonic() + 300
    while not result_shown(anne):
        assert time.monotonic() < deadline, "the clash did not end"
        if anne.locator("#game .rb-lives").count() == 8:
            lives_seen = True
        if click_one(anne, rng) is None:
            anne.wait_for_timeout(40)
    anne.screenshot(path=str(screenshots / "rumbones-clash.png"))
    assert lives_seen, "the heroes' lives never showed"
