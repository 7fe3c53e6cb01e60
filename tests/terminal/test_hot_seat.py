"""Several humans on one device: a pass screen before each turn, and no peeking."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import plunder
from plunder.bots import get
from plunder.terminal.table import QuitRequested, TerminalTable

CLEAR = "\x1b[2J"
SCROLLBACK = "\x1b[3J"


def test_pass_screen_and_seat_1_never_sees_seat_0s_choice(plunder_cli, tmp_path):
    save = tmp_path / "game.json"
    # Seat 0 aims its rifle at seat 1: seat 1 can never aim at itself, so
    # "rifle>1" can only reach seat 1's screen by leaking seat 0's choice.
    answers = "\nrifle>1\n\nbarricade\nq\n"
    result = plunder_cli(
        [
            "play",
            "duel",
            "--players",
            "3",
            "--humans",
            "2",
            "--bot",
            "random",
            "--seed",
            "4",
            "--save",
            str(save),
        ],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Pass the device to Seat 0" in out
    assert "Pass the device to Seat 1" in out
    seat_1_turn = out[out.index("Pass the device to Seat 1") : out.index("You chose barricade")]
    assert "1 (you)" in seat_1_turn  # it is seat 1's own screen
    assert "Your hand" in seat_1_turn
    assert "rifle>1" not in seat_1_turn
    assert "fires a rifle at seat 1" not in seat_1_turn
    # The choice was real: seat 0 committed it before the pass screen.
    assert [0, "rifle>1"] in plunder.replay(save.read_text()).record["moves"]


def test_the_screen_is_cleared_between_humans_on_a_terminal():
    state = plunder.load("duel", players=2).new(seed=1)
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100, highlight=False)
    answers = iter(["", "colt>1", "", "barricade", "q"])
    table = TerminalTable(
        state, {}, console, random.Random(1), read_line=lambda prompt: next(answers)
    )
    marks: list[int] = []
    original = table.draw

    def draw(seat: int) -> None:
        marks.append(len(screen.getvalue()))
        original(seat)

    table.draw = draw  # type: ignore[method-assign]
    with pytest.raises(QuitRequested):  # the script ends with q
        table.run()
    text = screen.getvalue()
    between = text[marks[0] : marks[1]]  # from seat 0's screen to seat 1's
    assert "colt>1" in between[: between.index("Pass the device to Seat 1")]
    after_pass = between[between.index("Pass the device to Seat 1") :]
    assert CLEAR in after_pass  # seat 0's screen is wiped before seat 1 looks
    assert SCROLLBACK in after_pass  # and what scrolled off it too
    assert CLEAR in between[: between.index("Pass the device to Seat 1")]


def test_bots_fill_the_other_seats_and_choose_before_the_human():
    state = plunder.load("duel", players=3).new(seed=2)
    screen = io.StringIO()
    console = Console(file=screen, width=100)
    bots = {1: get("random", "duel"), 2: get("random", "duel")}
    answers = iter(["q"])
    table = TerminalTable(
        state, bots, console, random.Random(2), read_line=lambda prompt: next(answers)
    )
    with pytest.raises(QuitRequested):
        table.run()
    assert state.committed == frozenset({1, 2})
    assert "Chosen already: seats 1, 2." in screen.getvalue()
    assert CLEAR not in screen.getvalue()  # a lone human: nothing to hide, no clearing
