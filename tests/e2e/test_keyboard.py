"""Playing by keyboard alone: the move box takes the terminal's notation.

Ann and Bob play a whole Duel against a bot without touching the mouse: Bob
joins by typing his name, each reaches the move box by the page's first Tab
stop ("Skip to the move box"), asks ``?`` for the moves with their words, has
a move that is not legal refused in words (and nothing sent), and types every
move to the end of the game. What happens is read out in the live region in
the log's words. Anne then plays one whole activation of a Rum & Bones hero the
same way, from ``hero:N`` to the end of the activation.

The tables are set through the API (as the lobby would set them): the lobby
form is tested elsewhere, and the test here is the table.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from e2e.driving import Server, api, wait_for

HEROES = "carcharius,ishmael,nerissa;calavera,demarco,hueso"
DECLINE = ("end", "pass")


def _focused(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement ? document.activeElement.id : ''"))


def tab_to(page: Any, element_id: str, limit: int = 60) -> int:
    """Presses Tab until ``element_id`` has the focus; returns how many presses it took."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if _focused(page) == element_id:
            return presses
    raise AssertionError(f"{element_id} was not reached in {limit} presses of Tab")


def offered(page: Any) -> list[str]:
    """The moves the box completes to now (its datalist), as a screen reader lists them."""
    return list(
        page.eval_on_selector_all("#command-actions option", "(all) => all.map((o) => o.value)")
    )


def sent_moves(page: Any) -> list[str]:
    """Collects the moves ``page`` sends over its socket (call before opening the table)."""
    sent: list[str] = []

    def watch(socket: Any) -> None:
        def frame(payload: str | bytes) -> None:
            data = json.loads(payload)
            if data.get("type") == "act":
                sent.append(data["action"])

        socket.on("framesent", frame)

    page.on("websocket", watch)
    return sent


def seat_page(pages: Callable[..., Any], table: str, token: str) -> Any:
    """A page holding the seat of ``token`` (as the browser that made the table keeps it)."""
    page = pages()
    page.add_init_script(f"localStorage.setItem('plunder:token:{table}', '{token}');")
    return page


def to_the_box(page: Any, presses: int = 1) -> None:
    """Tab reaches the skip link (on a page just opened, its first stop); Enter on it
    puts the focus in the move box."""
    expect(page.locator("#command")).to_be_visible()
    tab_to(page, "skip-to-move", limit=presses)
    page.keyboard.press("Enter")
    assert _focused(page) == "command-text"


def type_move(page: Any, text: str) -> None:
    """Types ``text`` in the focused move box and presses Enter (the focus stays there)."""
    assert _focused(page) == "command-text", "the focus left the move box"
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def said(page: Any) -> str:
    return str(page.locator("#command-said").get_attribute("data-said") or "")


def aggressive(moves: list[str], rng: random.Random) -> str:
    """A Duel move: a shot at someone when there is one (the game ends sooner), else any."""
    shots = [m for m in moves if ">" in m]
    return rng.choice(shots or moves)


def test_a_whole_duel_is_played_by_keyboard_alone(
    pages: Callable[..., Any], server: Server
) -> None:
    made = api(server.url, "POST", "/api/tables", {
        "game": "duel",
        "options": {"target": 1},
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
        "name": "Ann",
    })
    table = made["table"]
    ann = seat_page(pages, table, made["token"])
    ann_sent = sent_moves(ann)
    ann.goto(f"/t/{table}")
    bob = pages()
    bob_sent = sent_moves(bob)
    bob.goto(f"/t/{table}")

    # Bob takes a seat by keyboard: Tab to his name, type it, Enter.
    expect(bob.locator("#join")).to_be_visible()
    tab_to(bob, "join-name")
    bob.keyboard.press("Control+A")
    bob.keyboard.type("Bob")
    bob.keyboard.press("Enter")
    expect(bob.locator("#seats .seat-item.me .seat-name")).to_have_text("Bob (you)")
    to_the_box(ann)
    # Bob's focus went with the join form: Tab goes round to the skip link.
    to_the_box(bob, presses=80)

    # ? lists the legal moves with the game's words for them, and says them aloud.
    wait_for(lambda: len(offered(ann)) > 0)
    moves = offered(ann)
    assert {"colt>1", "colt>2", "barricade", "reload"} <= set(moves)
    # A decision that becomes hers is read out, with what it asks.
    told_move = ann.locator("#announce p", has_text=re.compile(r"^Your move: \S"))
    expect(told_move.first).to_be_attached()
    type_move(ann, "?")
    helped = ann.locator("#command-help li")
    expect(helped).to_have_count(len(moves))
    texts = helped.all_inner_texts()
    assert [t.split(" (")[0] for t in texts] == moves
    # The words are the catalogue's, as the terminal's ? prints them (a shot names its target).
    shot = texts[moves.index("colt>1")]
    assert shot == "colt>1 (fire a Colt at Bob)", shot
    assert said(ann) == f"{len(moves)} legal moves, listed below."
    spoken = ann.locator("#announce p").last.text_content() or ""
    assert spoken.startswith(f"{len(moves)} legal moves: ") and shot in spoken, spoken
    # The completions carry the same words.
    completion = ann.locator('#command-actions option[value="colt>1"]')
    assert completion.get_attribute("label") == "fire a Colt at Bob"

    # A move that is not legal is refused in words, and nothing goes to the server.
    type_move(ann, "colt>9")
    expect(ann.locator("#command-said")).to_contain_text("colt>9 is not a legal move now")
    assert ann_sent == []

    rng = random.Random(44)
    typed: dict[int, list[str]] = {0: [], 1: []}
    deadline = time.monotonic() + 90
    players = [ann, bob]
    while not all(p.locator("#result").is_visible() for p in players):
        assert time.monotonic() < deadline, f"the Duel did not end by keyboard: {typed}"
        acted = False
        for seat, page in enumerate(players):
            if page.locator("#result").is_visible():
                continue
            moves = offered(page)
            if not moves or page.get_attribute("#command-text", "data-moves") == "0":
                continue
            move = aggressive(moves, rng)
            before = len(ann_sent if seat == 0 else bob_sent)
            # Bob's first move is typed as its number on the ? list, as at the terminal.
            type_move(page, str(moves.index(move) + 1) if seat == 1 and not typed[1] else move)
            sent = ann_sent if seat == 0 else bob_sent
            # The move went, or the table moved on under it (the page then refuses it).
            wait_for(lambda sent=sent, before=before, page=page, move=move: (
                len(sent) > before or "not" in said(page)), limit=10)
            if len(sent) > before:
                typed[seat].append(move)
                acted = True
        if not acted:
            ann.wait_for_timeout(40)

    # Every move the server took from Ann and Bob was one they typed, in the order
    # they typed them. A move sent as the table moved on is refused by the server and
    # is not in the record, so the record is a subsequence of what was sent.
    record = api(server.url, "GET", f"/api/tables/{table}/record")
    for seat, page_sent in ((0, ann_sent), (1, bob_sent)):
        played = [notation for who, notation in record["moves"] if who == seat]
        assert played, f"seat {seat} played nothing"
        unsent = iter(page_sent)
        assert all(any(move == sent for sent in unsent) for move in played), (
            played, page_sent)
        assert set(played) <= set(typed[seat])
    assert bob_sent[0] == typed[1][0]
    # The events were read out in the log's words: the last ones as the log shows them.
    for page in players:
        log = page.locator("#log li").all_inner_texts()
        told = page.locator("#announce p").all_text_contents()
        assert told, "nothing was announced"
        last_told = [line for line in told if not line.startswith("Your move")]
        assert last_told[-1] == log[-1]


def test_a_rum_and_bones_activation_is_played_by_keyboard(
    pages: Callable[..., Any], server: Server
) -> None:
    made = api(server.url, "POST", "/api/tables", {
        "game": "rumbones",
        "options": {"heroes": HEROES},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
        "name": "Anne",
    })
    table = made["table"]
    anne = seat_page(pages, table, made["token"])
    sent = sent_moves(anne)
    anne.goto(f"/t/{table}")
    to_the_box(anne)

    # Anne's turn comes: she activates a hero.
    heroes = wait_for(lambda: [m for m in offered(anne) if m.startswith("hero:")], limit=30)
    ends = anne.locator("#log li.log-activation_end")
    ended = ends.count()
    type_move(anne, heroes[0])
    expect(anne.locator("#log li.log-activate").last).to_be_visible()
    hero_words = anne.locator("#log li.log-activate").last.inner_text()

    # Then everything the activation asks, by notation, until it ends: its actions
    # first (deploy, move, step, attack...), "end" once three have been taken.
    rng = random.Random(7)
    taken = 0
    deadline = time.monotonic() + 60
    while ends.count() == ended:
        assert time.monotonic() < deadline, f"the activation did not end: {sent}"
        moves = offered(anne)
        if not moves or anne.get_attribute("#command-text", "data-moves") == "0":
            anne.wait_for_timeout(40)
            continue
        acting = [m for m in moves if m not in DECLINE and not m.startswith("tide:")]
        ending = "end" in moves and (taken >= 3 or not acting)
        move = "end" if ending else rng.choice(acting or moves)
        before = len(sent)
        type_move(anne, move)
        wait_for(lambda before=before: len(sent) > before or "not" in said(anne), limit=10)
        taken += len(sent) > before

    assert sent[0] == heroes[0]
    assert taken >= 2, sent  # a deploy, then at least one more step of the activation
    # The hero's activation and its end were read out as the log words them.
    told = anne.locator("#announce p").all_text_contents()
    assert hero_words in told
    assert ends.last.inner_text() in told
