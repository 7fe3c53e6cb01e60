"""One player against bots, the replay and the record, a refused seat token: in Chromium."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

import plunder
from e2e.driving import (
    DESKTOP,
    PHONE,
    Server,
    api,
    create_table,
    join_on_a_phone,
    play_one,
    play_until_over,
    refusal_shown,
    refuse_the_first_move,
    wait_for,
)
from plunder.engine.registry import names


def _boxes_overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def _check_layout(page: Any, width: int, places: int = 3) -> None:
    """Nothing wider than the screen, and no player's place drawn over another's or the hand."""
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, f"the page scrolls sideways at {width}px ({scroll_width}px)"
    # Read in one go: the table may be redrawn between two calls.
    boxes = page.evaluate(
        """() => Array.from(document.querySelectorAll('#game .plate, #game .duel-hand'))
            .map((e) => e.getBoundingClientRect())
            .map((r) => ({x: r.x, y: r.y, width: r.width, height: r.height}))"""
    )
    assert len(boxes) == places + 1
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not _boxes_overlap(a, b), f"overlapping at {width}px: {a} and {b}"


def test_the_lobby_fits_a_phone_whatever_the_game_and_speaks_plainly(
    pages: Callable[..., Any], screenshots: Path
) -> None:
    page = pages(viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto("/")
    page.wait_for_selector("#game option", state="attached")
    games = page.locator("#game option").evaluate_all("(all) => all.map((o) => o.value)")
    assert set(games) >= set(names())
    for game in games:
        page.select_option("#game", game)
        page.fill("#players", "8")
        page.dispatch_event("#players", "change")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the lobby is {width}px wide with {game}"
        labels = page.locator("#option-fields .field > span").all_inner_texts()
        assert all("_" not in label for label in labels), labels
    page.select_option("#game", "duel")
    shown = page.locator("#option-deflection option").all_inner_texts()
    assert shown == ["A pirate who shoots cannot be hit", "Each card stops the weapon it shows"]
    page.screenshot(path=str(screenshots / "lobby-phone.png"), full_page=True)


def test_lobby_lists_tables_and_one_human_plays_two_bots_to_the_end(
    pages: Callable[..., Any], server: Server, screenshots: Path
) -> None:
    page = pages()
    table = create_table(
        page, "Mary", ["human", "bot:greedy", "bot:random"], {"target": 2, "shootout_limit": 12}
    )
    seats = page.locator("#seats .seat-item")
    expect(seats).to_have_count(3)
    expect(seats.nth(0).locator(".seat-name")).to_have_text("Mary (you)")
    expect(seats.nth(0).locator(".badge.host")).to_be_visible()
    # A bot sits under a name of its own; what it is shows on its small badge.
    expect(seats.nth(1).locator(".seat-name")).to_have_text("Silver")
    expect(seats.nth(1).locator(".badge.bot")).to_have_attribute("title", "greedy, normal")
    expect(seats.nth(2).locator(".badge.bot")).to_have_attribute("title", "random, normal")
    expect(page.locator("#join")).to_be_hidden()

    # The lobby lists the running table, with a way back to the seat.
    lobby = pages()
    lobby.goto("/")
    listed = lobby.locator(f'#tables [data-table="{table}"]')
    expect(listed).to_be_visible()
    expect(listed.locator("a", has_text="Watch")).to_have_attribute("href", f"/t/{table}?watch")
    lobby.screenshot(path=str(screenshots / "lobby.png"), full_page=True)
    lobby.set_viewport_size({"width": 360, "height": 740})
    assert lobby.evaluate("document.documentElement.scrollWidth") <= 360

    # How to play is a click away: the guide for players, with its tables.
    page.click("#rules-button")
    expect(page.locator("#rules-text h1")).to_have_text("Duel: how to play")
    expect(page.locator("#rules-text table").first).to_be_visible()
    page.click("#rules-close")
    expect(page.locator("#rules")).to_be_hidden()

    # Mary asks for a sound on her move: the tab's title and a chime tell her.
    page.check("#turn-sound")
    expect(page).to_have_title(re.compile(r"^Your move · "))
    page.reload()  # the choice is kept
    expect(page.locator("#turn-sound")).to_be_checked()
    expect(page.locator("body")).to_have_attribute("data-chimes", re.compile(r"^[1-9]"))

    rng = random.Random(11)
    # Play a few moves, then look at the table on a desktop and on a phone.
    wait_for(lambda: play_one(page, rng), limit=15)
    expect(page.locator("#game [data-card]:not([disabled])").first).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    _check_layout(page, DESKTOP["width"])
    page.screenshot(path=str(screenshots / "table-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    expect(page.locator("#game .plate").first).to_be_visible()
    _check_layout(page, PHONE["width"])
    page.screenshot(path=str(screenshots / "table-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)

    play_until_over([page], rng, limit=150)
    expect(page.locator("#result-scores li")).to_have_count(3)
    expect(page.locator("#rematch")).to_be_visible()
    assert api(server.url, "GET", f"/api/tables/{table}")["status"] == "over"


def _finished_bot_table(server: Server) -> str:
    """A 3-seat table of bots set through the API, played to its end."""
    bot = {"kind": "bot", "bot": "random", "level": "normal"}
    made = api(
        server.url,
        "POST",
        "/api/tables",
        {
            "game": "duel",
            "options": {"target": 1},
            "seats": [bot, {**bot, "bot": "greedy"}, bot],
            "name": None,
            "clock": None,
            # The least the server takes (its own --bot-delay): the bots play quickly.
            "bot_delay": 0.05,
        },
    )
    assert made["token"] is None
    table = made["table"]
    wait_for(lambda: api(server.url, "GET", f"/api/tables/{table}")["status"] == "over")
    return table


@pytest.mark.parametrize("small_pages", [False, True], ids=["one-page", "pages-of-two"])
def test_replay_steps_through_a_finished_game_and_the_record_downloads(
    pages: Callable[..., Any], server: Server, tmp_path: Path, small_pages: bool
) -> None:
    table = _finished_bot_table(server)
    page = pages(accept_downloads=True)
    if small_pages:
        # Long games load their views page by page; make this short one span many.
        page.add_init_script("window.PLUNDER_REPLAY_PAGE = 2;")
    page.goto(f"/t/{table}")
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#join")).to_be_hidden()

    with page.expect_download() as download:
        page.click("#record-link")
    saved = tmp_path / "record.json"
    download.value.save_as(saved)
    record = json.loads(saved.read_text())
    assert record["format"] == "plunder-record"
    assert record["game"] == "duel"
    moves = len(record["moves"])
    assert moves > 0

    page.click("#replay-link")
    page.wait_for_url(f"**/t/{table}?replay")
    position = page.locator("#replay-pos")
    expect(position).to_have_text(f"Move 0 of {moves}")
    expect(page.locator("#replay-prev")).to_be_disabled()
    expect(page.locator("#game .plate")).to_have_count(3)
    page.click("#replay-next")
    expect(position).to_have_text(f"Move 1 of {moves}")
    # Bots sit under crew names (their kind is a badge), one name per seat.
    names = ["Flint", "Silver", "Pew"]
    # The spectator did not see the first card until all three were down: nor does the replay.
    expect(page.locator("#replay-move")).to_have_text(
        f"{names[record['moves'][0][0]]} chose (hidden until everyone has chosen)."
    )
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(f"Move 3 of {moves}")
    third_seat, third_move = record["moves"][2]
    expect(page.locator("#replay-move")).to_contain_text(f"{names[third_seat]} played {third_move}")
    # The third card ended the first shootout: its reveal is in the log now, not before.
    expect(page.locator("#log li.log-reveal")).to_have_count(1)
    page.keyboard.press("ArrowLeft")
    expect(position).to_have_text(f"Move 2 of {moves}")
    expect(page.locator("#log li.log-reveal")).to_have_count(0)
    page.click("#replay-last")
    expect(position).to_have_text(f"Move {moves} of {moves}")
    expect(page.locator("#replay-next")).to_be_disabled()
    expect(page.locator("#log li").last).to_contain_text("fistful")
    page.keyboard.press("Home")
    expect(position).to_have_text(f"Move 0 of {moves}")

    # Seen from seat 1: that seat's hand shows, and nothing can be played.
    page.select_option("#replay-seat", "1")
    expect(page.locator("#game .hand [data-card]")).to_have_count(6)
    page.click("#replay-last")
    expect(position).to_have_text(f"Move {moves} of {moves}")
    assert page.locator("#game [data-action]").count() == 0
    assert page.locator("#game [data-card]:not([disabled])").count() == 0


def test_a_refused_seat_token_is_dropped_and_the_join_form_offered(
    pages: Callable[..., Any], server: Server
) -> None:
    made = api(
        server.url,
        "POST",
        "/api/tables",
        {"game": "duel", "options": {}, "seats": [{"kind": "human"}] * 2, "name": "Host"},
    )
    table = made["table"]
    page = pages()
    page.goto("/")
    page.evaluate(f"localStorage.setItem('plunder:token:{table}', 'not-a-token')")
    page.goto(f"/t/{table}")
    expect(page.locator("#toast")).to_be_visible()
    expect(page.locator("#toast")).to_contain_text("could not be resumed")
    expect(page.locator("#join")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('plunder:token:{table}')") is None

    page.fill("#join-name", "Jack")
    page.click("#join-button")
    expect(page.locator("#seats .seat-item.me .seat-name")).to_have_text("Jack (you)")
    expect(page.locator("#conn")).to_have_text("Connected")
    # Both seats are taken now: the game is on, and Jack has cards to play.
    expect(page.locator("#game [data-card]:not([disabled])").first).to_be_visible()


def test_the_turn_clock_counts_down_and_a_bot_stands_in_when_it_runs_out(
    pages: Callable[..., Any],
) -> None:
    page = pages()
    # A long game ($20 to win): once a bot plays Sam's seat the two bots play fast,
    # and the game must still be on when he takes his seat back.
    create_table(page, "Slow Sam", ["human", "bot:random"], {"target": 20}, clock=5)
    clock = page.locator("#game [data-clock]")
    expect(clock).to_have_text(re.compile(r"clock 0:0[1-5]"))
    expect(page.locator("#clock-note")).to_contain_text("5 s")
    # Sam does nothing: when the clock runs out a bot plays his seat, until he takes it back.
    takeback = page.locator("#takeback")
    expect(takeback).to_be_visible(timeout=10_000)
    expect(page.locator("#seats .seat-item.me .badge.auto")).to_be_visible()
    takeback.click()
    expect(page.locator("#seats .seat-item.me .badge.auto")).to_have_count(0)


def test_the_page_reconnects_after_the_connection_drops(pages: Callable[..., Any]) -> None:
    page = pages()
    # Every WebSocket of the page goes through the test, which can cut it, and
    # can refuse new ones for a while as a server that is down would.
    sockets: list[Any] = []
    refusing = {"count": 0}

    def route(ws: Any) -> None:
        if refusing["count"] > 0:
            refusing["count"] -= 1
            ws.close(code=1011, reason="down")
            return
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket("**/ws/*", route)
    create_table(page, "Nell", ["human", "bot:random"])
    conn = page.locator("#conn")
    expect(conn).to_have_text("Connected")

    refusing["count"] = 2
    for ws in sockets:
        ws.close(code=1001, reason="dropped")
    expect(conn).to_have_attribute("data-state", "offline")
    expect(conn).to_contain_text("retrying")
    # After two refused tries (each waiting longer) the page is back at its seat.
    expect(conn).to_have_text("Connected", timeout=20_000)
    assert refusing["count"] == 0
    expect(page.locator("#seats .seat-item.me .seat-name")).to_have_text("Nell (you)")
    expect(page.locator("#game [data-card]:not([disabled])").first).to_be_visible()


def test_a_game_without_a_renderer_of_its_own_is_drawn_and_played_generically(
    pages: Callable[..., Any],
) -> None:
    page = pages()
    # As if Duel had no renderer: its script does not load.
    page.route("**/games/duel/renderer.js", lambda route: route.abort())
    create_table(page, "Gene", ["human", "bot:random"], {"target": 1})
    expect(page.locator("#game .generic")).to_be_visible()
    expect(page.locator("#game .generic-players tbody tr")).to_have_count(2)
    expect(page.locator("#game .generic-players tr.me")).to_contain_text("Gene (you)")
    expect(page.locator("#game .actions [data-action]").first).to_be_visible()
    play_until_over([page], random.Random(3), limit=40)
    expect(page.locator("#result-scores li")).to_have_count(2)


def test_five_seats_fit_on_a_desktop_and_on_a_phone(
    pages: Callable[..., Any], screenshots: Path
) -> None:
    page = pages()
    create_table(page, "Flint", ["human", "bot:random", "bot:greedy", "bot:random", "bot:random"])
    expect(page.locator("#game .plate")).to_have_count(5)
    # A card's tooltip is its text in the game's catalogue.
    texts = {c: card["text"] for c, card in plunder.load("duel").catalogue()["cards"].items()}
    tips = page.locator("#game .hand [data-card]").evaluate_all(
        "(all) => all.map((e) => [e.dataset.card, e.title])"
    )
    assert len(tips) == 6 and all(tip == texts[card] for card, tip in tips)
    # Aiming shows a button on every other player's place: the fullest the table gets.
    page.locator('#game [data-card="rifle"]').click()
    expect(page.locator("#game .aim")).to_have_count(4)
    _check_layout(page, DESKTOP["width"], places=5)
    page.screenshot(path=str(screenshots / "table-five-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    _check_layout(page, PHONE["width"], places=5)
    page.set_viewport_size({"width": 360, "height": 740})
    _check_layout(page, 360, places=5)


def test_a_refused_move_shows_the_servers_message_and_the_seat_plays_on(
    pages: Callable[..., Any],
) -> None:
    page = pages()
    # The test turns the page's first move into one the rules refuse (aiming at a
    # seat that does not exist), as a stale or tampered page would send.
    meant = refuse_the_first_move(page, "colt>9")
    create_table(page, "Ivy", ["human", "bot:random"])
    page.click('#game [data-action="barricade"]')
    toast = page.locator("#toast")
    expect(toast).to_be_visible()
    # The engine's reason alone, not followed by every move legal now.
    state = plunder.load("duel", players=2).new(seed=1)
    with pytest.raises(plunder.IllegalAction) as refused:
        state.act(0, "colt>9")
    assert "barricade" in str(refused.value), "the engine's own text lists the legal moves"
    expect(page.locator("#toast-text")).to_have_text(refusal_shown(refused.value.reason))
    assert meant == ["barricade"]
    # The seat's cards are offered again, and the next move goes through.
    page.click('#game [data-action="barricade"]')
    expect(page.locator("#log li.log-reveal").first).to_contain_text(
        "Ivy (you) hides behind a barricade"
    )
    page.click("#toast-close")
    expect(toast).to_be_hidden()


def test_the_host_closes_a_table_and_the_lobby_no_longer_lists_it(
    pages: Callable[..., Any], server: Server
) -> None:
    host = pages()
    table = create_table(host, "Hal", ["human", "human"])
    guest = pages()
    guest.goto(f"/t/{table}?watch")
    expect(guest.locator("#open-note")).to_be_visible()
    # Only the host is offered the button.
    expect(guest.locator("#close-table")).to_be_hidden()
    host.click("#close-table")
    for page in (host, guest):
        expect(page.locator("#closed-note")).to_have_text(
            "The host closed this table before the end of the game."
        )
        expect(page.locator("#close-table")).to_be_hidden()
    expect(guest.locator("#join")).to_be_hidden()
    assert api(server.url, "GET", f"/api/tables/{table}")["status"] == "closed"
    listed = [t["table"] for t in api(server.url, "GET", "/api/tables")]
    assert table not in listed


def test_with_no_player_left_the_bots_finish_the_game_at_a_click(
    pages: Callable[..., Any],
) -> None:
    page = pages()
    # A long game ($20): once Mary leaves, the bots play on at their pace, and a short
    # one could end before she clicks.
    create_table(page, "Mary", ["human", "bot:random", "bot:random"], {"target": 20})
    expect(page.locator("#finish-note")).to_be_hidden()  # Mary is still in the game
    seats = page.locator("#seats .seat-item")

    # She leaves the game to a bot, then takes her seat back.
    page.click("#leave-seat")
    expect(seats.nth(0).locator(".badge.auto")).to_be_visible()
    # With no player left in the game, she could have the bots finish it now.
    expect(page.locator("#finish-now")).to_be_visible()
    page.click("#takeback")
    expect(seats.nth(0).locator(".badge.auto")).to_have_count(0)
    expect(page.locator("#finish-note")).to_be_hidden()

    page.click("#leave-seat")
    page.click("#finish-now")
    expect(page.locator("#result")).to_be_visible(timeout=60_000)
    expect(page.locator("#finish-note")).to_be_hidden()


def test_the_table_holds_still_a_moment_to_show_what_each_pirate_played(
    pages: Callable[..., Any], server: Server
) -> None:
    # Two players, so no one's move comes before the test's: both hide behind a
    # Barricade, no one is hit, and the first shootout is the one revealed. The hold is
    # long enough for a loaded machine to look at the table during it.
    mary = pages(reveal_pause=8000)
    table = create_table(mary, "Mary", ["human", "human"], {"target": 2})
    bob = join_on_a_phone(lambda **o: pages(reveal_pause=8000, **o), mary, server.url, table, "Bob")
    for page in (mary, bob):
        page.locator('#game .duel-hand [data-card="barricade"]:not([disabled])').click()
    # The shootout resolves: both plates show what their pirate played, lit up, and the
    # next choices wait until the moment is over. Read at one moment of each page, within
    # the hold (the wait is for the move and the page; the hold starts at the drawing).
    for page in (mary, bob):
        page.wait_for_function(
            """() => document.querySelectorAll("#game .last-play.fresh").length === 2
                && document.querySelector("#game .prompt")?.textContent
                    .includes("Shootout 1 revealed")
                && !document.querySelector("#game .duel-hand [data-card]:not([disabled])")""",
            timeout=30_000,
        )
    # Then the table moves on by itself: the next shootout's choices.
    for page in (mary, bob):
        expect(page.locator("#game .prompt")).to_contain_text("Your move", timeout=15_000)
        expect(page.locator("#game .last-play.fresh")).to_have_count(0)


def test_a_reveal_that_comes_during_the_moment_of_another_waits_its_turn(
    pages: Callable[..., Any],
) -> None:
    """The page's hold, driven directly: the table keeps drawing the message of the
    reveal it holds while a later one arrives, then draws the newest message only."""
    page = pages(reveal_pause=60_000)
    page.goto("/")
    page.wait_for_function("() => window.Plunder && window.Plunder.held")
    shown = page.evaluate(
        """() => {
            const drawn = [];
            const redraw = (m) => drawn.push(m.n);
            const send = () => {};
            const held = (key, n, over = false) => {
                const out = Plunder.held("t", key, {n, view: {over}}, send, redraw);
                return [out.message.n, out.hold > 59_000 ? "held" : out.hold];
            };
            return [
                held(null, 0),       // the page opens: what is there starts no moment
                held("1", 1),        // reveal 1 seen as it happens: held
                held("1", 2),        // more of reveal 1 (a commitment): drawn, still held
                held("2", 3),        // reveal 2 arrives meanwhile: reveal 1 stays drawn
                held("3", 4),
                held("3", 5, true),  // a finished game is drawn at once
                drawn.length,
            ];
        }"""
    )
    assert shown == [
        [0, 0], [1, "held"], [2, "held"], [2, "held"], [2, "held"], [5, 0], 0,
    ]
    # The hold ends: only the newest message is redrawn, and it starts its own moment.
    page.evaluate("() => localStorage.setItem('plunder:reveal-pause', '50')")
    redrawn = page.evaluate(
        """() => new Promise((done) => {
            const drawn = [];
            const send = () => {};
            const redraw = (m) => {
                const out = Plunder.held("u", m.key, m, send, redraw);
                drawn.push([m.n, out.message.n]);
                if (m.n === 3 && out.hold === 0) done(drawn);
            };
            Plunder.held("u", null, {n: 0, key: null}, send, redraw);
            Plunder.held("u", "1", {n: 1, key: "1"}, send, redraw);
            Plunder.held("u", "2", {n: 2, key: "2"}, send, redraw);
            Plunder.held("u", "2", {n: 3, key: "2"}, send, redraw);
        })"""
    )
    # Reveal 1's moment ends: message 3 (the newest; 2 is never redrawn) starts reveal
    # 2's moment, and when that ends message 3 is drawn with nothing held.
    assert redrawn == [[3, 3], [3, 3]]


def test_clicking_a_player_aims_at_them_and_the_aiming_buttons_stay_in_view(
    pages: Callable[..., Any],
) -> None:
    page = pages(viewport={"width": 1280, "height": 800})
    create_table(page, "Mary", ["human", "bot:random", "bot:random"], {"target": 2})
    weapon = page.locator('#game .duel-hand [data-card="colt"]:not([disabled])').first
    expect(weapon).to_be_visible()
    # The bots have chosen: nothing redraws the hand (and drops the pick) until Mary acts.
    page.wait_for_function(
        "() => document.querySelectorAll('#seats .seat-item.waiting:not(.me)').length === 0"
    )
    weapon.click()
    # Wholly in the window (checked until true: a state arriving meanwhile redraws them).
    for name in ("Fire the Colt at no one", "Pick another card"):
        expect(page.get_by_role("button", name=name)).to_be_in_viewport(ratio=1)
    # A click on the player's place, not on its button, aims the Colt at them.
    plate = page.locator('#game .plate.targetable[data-seat="1"]')
    name = plate.locator(".plate-name").inner_text()
    plate.locator(".plate-body").click()
    expect(page.locator("#game .plate.me .last-play")).to_contain_text(f"Colt → {name}")


def test_the_log_says_your_for_the_viewers_own_seat(pages: Callable[..., Any]) -> None:
    """An event's "Seat 0's Rapier" reads "Your Rapier" to seat 0, never "Sam (you)'s"."""
    page = pages()
    page.goto("/")
    page.wait_for_function("() => window.Plunder && window.Plunder.namedEventText")
    shown = page.evaluate(
        """() => {
            const table = {seats: [{seat: 0, kind: "human", name: "Sam"},
                                   {seat: 1, kind: "human", name: "Bess"}]};
            const as = (message, text) => Plunder.namedEventText({text}, message);
            const mine = {seat: 0, table};
            return [
                as(mine, "Seat 0's Rapier breaks."),
                as(mine, "The shield of seat 0's ship on c2 takes the hit."),
                as(mine, "Seat 1's Cloak holds."),
                as(mine, "Seat 0 plays Load"),
                as({...mine, replay: true}, "Seat 0's Rapier breaks."),
            ];
        }"""
    )
    assert shown == [
        "Your Rapier breaks.",
        "The shield of your ship on c2 takes the hit.",
        "Bess's Cloak holds.",
        "Sam (you) plays Load",
        "Sam's Rapier breaks.",
    ]
