"""Two people and a spectator at one Duel table, in three browsers, by clicks only.

One game is played for the whole module (``duel_of_two``): Anne sets the table
in the lobby and copies the invite link, Bob opens it and joins, Carl watches
through the spectator link. Midway Bob reloads his page and must get his seat
back. Every WebSocket frame Bob's page receives is kept, to check that Anne's
concealed choices never reach him.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from e2e.driving import (
    DESKTOP,
    Pages,
    Server,
    clickable,
    create_table,
    play_until_over,
    result_shown,
    wait_for,
)

ANNE, BOB = 0, 1


@dataclass
class Duel:
    """What the module's game left behind for the tests to check."""

    table: str
    anne: Any
    bob: Any
    carl: Any
    invite: str
    watch: str
    commits: int = 0
    reloaded_at: int | None = None
    # Frames as (frames Bob had received before it, parsed message); same for Anne.
    bob_frames: list[Any] = field(default_factory=list)
    anne_frames: list[Any] = field(default_factory=list)
    # Commits in click order: (who, notation, how many frames Bob had received then).
    choices: list[tuple[int, str, int]] = field(default_factory=list)


def _keep_frames(page: Any, into: list[Any]) -> None:
    """Collects every text frame ``page`` receives on any WebSocket, parsed."""

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: into.append(_parse(payload)))

    page.on("websocket", on_socket)


def _parse(payload: Any) -> Any:
    try:
        return json.loads(payload)
    except (TypeError, ValueError):
        return payload


@pytest.fixture(scope="module")
def duel_of_two(browser: Any, server: Server, screenshots: Path) -> Iterator[Duel]:
    opened = Pages(browser, server)
    try:
        anne = opened.new(permissions=["clipboard-read", "clipboard-write"])
        anne_frames: list[Any] = []
        _keep_frames(anne, anne_frames)

        table = create_table(
            anne,
            "Anne",
            ["human", "human"],
            {"target": 2, "shootout_limit": 12, "duel_limit": 6},
        )
        # Until Bob takes the free seat the table waits, and says so.
        expect(anne.locator("#open-note")).to_be_visible()
        expect(anne.locator("#game .plate")).to_have_count(2)
        assert anne.locator("#game [data-card]:not([disabled])").count() == 0
        anne.screenshot(path=str(screenshots / "table-open.png"))

        # The invite link: copied with its button, read back from the clipboard.
        anne.click("#copy-invite")
        expect(anne.locator("#copy-invite")).to_have_text("Copied!")
        invite = anne.evaluate("navigator.clipboard.readText()")
        assert invite == f"{server.url}/t/{table}"
        watch = anne.input_value("#watch-link")
        assert watch == f"{server.url}/t/{table}?watch"

        bob = opened.new()
        bob_frames: list[Any] = []
        _keep_frames(bob, bob_frames)
        bob.goto(invite)
        expect(bob.locator("#join")).to_be_visible()
        bob.fill("#join-name", "Bob")
        bob.click("#join-button")
        expect(bob.locator("#seats .seat-item.me .seat-name")).to_have_text("Bob (you)")
        expect(anne.locator("#open-note")).to_be_hidden()
        expect(anne.locator("#seats .seat-item").nth(1).locator(".seat-name")).to_have_text("Bob")

        carl = opened.new()
        carl.goto(watch)
        expect(carl.locator("#game .plate")).to_have_count(2)
        expect(carl.locator("#join")).to_be_hidden()

        duel = Duel(table, anne, bob, carl, invite, watch, bob_frames=bob_frames)
        duel.anne_frames = anne_frames

        def on_commit(who: int, notation: str | None) -> None:
            if notation is None:
                duel.choices.pop()
            else:
                duel.choices.append((who, notation, len(bob_frames)))

        def between(commits: int) -> None:
            # Midway, while Bob owes a card, he reloads: his seat and his cards come back.
            # From the first shootout on (two commits): the game takes two duels, so
            # one shootout cannot end it, and a short game still has Bob reload.
            if duel.reloaded_at is not None or commits < 2:
                return
            # The round's commits are in; wait for the next decision to reach the pages
            # (or the result), so that whether Bob owes a card is not a race.
            wait_for(lambda: clickable(anne) or clickable(bob) or result_shown(anne), limit=10)
            if not clickable(bob):
                return
            bob.reload()
            # A reload and a new socket on a loaded machine: more than the default 5 s.
            expect(bob.locator("#seats .seat-item.me .seat-name")).to_have_text(
                "Bob (you)", timeout=20_000
            )
            expect(bob.locator("#game .plate.me .plate-name")).to_have_text("Bob (you)")
            expect(bob.locator("#game [data-card]:not([disabled])").first).to_be_visible()
            expect(bob.locator("#join")).to_be_hidden()
            duel.reloaded_at = commits

        duel.commits = play_until_over([anne, bob], random.Random(7), 150.0, on_commit, between)
        expect(carl.locator("#result")).to_be_visible()
        anne.screenshot(path=str(screenshots / "table-over.png"), full_page=True)
        yield duel
    finally:
        opened.close()
    assert not opened.errors, "script errors in the pages:\n" + "\n".join(opened.errors)


def test_two_players_play_to_the_end_and_everyone_sees_the_result(duel_of_two: Duel) -> None:
    duel = duel_of_two
    assert duel.commits >= 2
    for page in (duel.anne, duel.bob, duel.carl):
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#result-scores li")).to_have_count(2)
        assert page.locator("#game [data-action]").count() == 0
    titles = {p.inner_text("#result-title") for p in (duel.anne, duel.bob)}
    # One of the two won (or, at the duel limit, both share or no one wins).
    assert titles & {"You win!", "You share the win!"} or any("win" in t for t in titles)
    # The spectator never had a seat, and the finished table offers the replay and record.
    expect(duel.carl.locator("#seats .seat-item.me")).to_have_count(0)
    for page in (duel.anne, duel.carl):
        expect(page.locator("#replay-link")).to_have_attribute("href", f"/t/{duel.table}?replay")
        expect(page.locator("#record-link")).to_have_attribute(
            "href", f"/api/tables/{duel.table}/record"
        )


def test_bob_reloaded_midway_and_got_his_seat_back(duel_of_two: Duel) -> None:
    assert duel_of_two.reloaded_at is not None, "the game ended before Bob could reload"
    expect(duel_of_two.bob.locator("#seats .seat-item.me .seat-name")).to_have_text("Bob (you)")


def _choices_in(message: Any) -> list[Any]:
    """Every value held under a key named ``choice``, anywhere in a message."""
    found: list[Any] = []
    if isinstance(message, dict):
        for key, value in message.items():
            if key == "choice":
                found.append(value)
            found.extend(_choices_in(value))
    elif isinstance(message, list):
        for value in message:
            found.extend(_choices_in(value))
    return found


def test_no_frame_to_bob_holds_annes_concealed_choice(duel_of_two: Duel) -> None:
    duel = duel_of_two
    frames = duel.bob_frames
    states = [f for f in frames if isinstance(f, dict) and f.get("type") == "state"]
    assert states and all(f["seat"] in (BOB, None) for f in states)

    def bobs_choice_before(frame_index: int) -> str | None:
        """Bob's own latest choice, made before frame ``frame_index`` came."""
        mine = [n for who, n, at in duel.choices if who == BOB and at <= frame_index]
        return mine[-1] if mine else None

    # A choice field in Bob's frames is only ever Bob's own.
    for index, frame in enumerate(frames):
        for value in _choices_in(frame):
            assert value == bobs_choice_before(index), (index, value, frame)

    # Window by window: from each of Anne's commits until it is revealed (Anne is no
    # longer in `committed` of Bob's view), nothing Bob receives holds it as a choice.
    watched = 0
    for who, notation, start in duel.choices:
        if who != ANNE:
            continue
        for index in range(start, len(frames)):
            frame = frames[index]
            if not (isinstance(frame, dict) and frame.get("type") == "state"):
                continue
            if ANNE not in frame["view"].get("committed", []):
                if index > start:
                    break
                continue
            watched += 1
            for value in _choices_in(frame):
                assert value != notation or value == bobs_choice_before(index), (index, frame)
    assert watched > 0, "Bob never received a frame while Anne's choice was concealed"

    # The check can see a choice: Anne's own frames do show hers to her.
    annes = {v for f in duel.anne_frames for v in _choices_in(f) if v is not None}
    assert annes & {n for who, n, _ in duel.choices if who == ANNE}


def test_rematch_brings_both_players_to_a_new_table(duel_of_two: Duel) -> None:
    duel = duel_of_two
    old = duel.table
    duel.anne.click("#rematch")
    duel.anne.wait_for_url(lambda url: "/t/" in url and old not in url)
    new = duel.anne.url.rsplit("/t/", 1)[1]
    expect(duel.anne.locator("#seats .seat-item.me .seat-name")).to_have_text("Anne (you)")

    # Everyone at the old table is offered the rematch; Bob takes it.
    expect(duel.carl.locator("#join-rematch")).to_be_visible()
    expect(duel.bob.locator("#join-rematch")).to_be_visible()
    duel.bob.click("#join-rematch")
    duel.bob.wait_for_url(f"**/t/{new}")
    expect(duel.bob.locator("#seats .seat-item.me .seat-name")).to_have_text("Bob (you)")
    # Both seats taken: the new game is on and both can play.
    for page in (duel.anne, duel.bob):
        expect(page.locator("#game [data-card]:not([disabled])").first).to_be_visible()
        assert page.viewport_size == DESKTOP
