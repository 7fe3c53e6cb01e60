"""A player takes back a concealed Duel choice with the page's undo button."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from e2e.driving import Server, clickable, create_table, join_on_a_phone, play_one, wait_for

COMMITTED = '#seats .seat-item[data-status="committed"]'


def test_the_undo_button_takes_back_a_concealed_choice(
    pages: Callable[..., Any], server: Server
) -> None:
    anne = pages()
    table = create_table(anne, "Anne", ["human", "human"])
    bob = join_on_a_phone(pages, anne, server.url, table, "Bob")
    wait_for(lambda: clickable(anne))
    # Nothing to take back before a move.
    expect(anne.locator("#undo-bar")).to_be_hidden()
    chose = play_one(anne, random.Random(4))
    assert chose is not None
    expect(anne.locator("#undo")).to_be_visible()
    expect(bob.locator(COMMITTED)).to_have_count(1)
    # Bob is offered nothing to take back: the move is Anne's.
    expect(bob.locator("#undo-bar")).to_be_hidden()
    anne.click("#undo")
    expect(anne.locator("#undo-bar")).to_be_hidden()
    expect(bob.locator(COMMITTED)).to_have_count(0)
    expect(bob.locator("#toast-text")).to_contain_text("Anne took back a move")
    # Anne owes the shootout again, and her new choice is the one that counts.
    wait_for(lambda: clickable(anne))
    assert play_one(anne, random.Random(5)) is not None
    expect(bob.locator(COMMITTED)).to_have_count(1)
