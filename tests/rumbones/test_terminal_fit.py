"""Rum & Bones on a small terminal: at 80x24 a human's turn keeps the decision and the
last moves in view, nothing is wider than the console, and Clash Royale!'s table,
help and ``?`` speak of Clash Royale! only (no VP, Tide or Kraken there)."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

import plunder
from plunder.bots import get as get_bot
from plunder.engine.state import State
from plunder.terminal.render import renderer_for
from plunder.terminal.table import TerminalTable

RENDERER = renderer_for("rumbones")
WIDTH, HEIGHT = 80, 24
# The steps of a bots' game after which seat 0's next decision is drawn: the draft,
# the first rounds, and later on.
MOMENTS = (0, 40, 150, 400)


def new(mode: str, players: int, seed: int) -> State:
    options = {"mode": "clash"} if mode == "clash" else {}
    return plunder.load("rumbones", players=players, **options).new(seed=seed)


def seat_zero_decisions(mode: str, players: int, seed: int = 3):
    """A bots' game, stopped at seat 0's first decision of several answers after each of
    ``MOMENTS`` steps: yields the state there."""
    state = new(mode, players, seed)
    rng = random.Random(seed)
    bot = get_bot("random", "rumbones")
    steps = 0
    for moment in MOMENTS:
        while not state.is_over:
            seat = min(state.pending)
            if steps >= moment and seat == 0 and len(state.legal(0)) > 1:
                break
            state.act(seat, bot.choose(state, seat, rng))
            steps += 1
        if state.is_over:
            return
        yield state
        state.act(0, bot.choose(state, 0, rng))
        steps += 1


def terminal(height: int = HEIGHT) -> Console:
    return Console(file=io.StringIO(), width=WIDTH, height=height, color_system=None,
                   force_terminal=True)


def turn_screen(state: State, players: int) -> list[str]:
    """What an 80x24 terminal shows when seat 0's turn is drawn: the last 23 lines
    printed (the 24th is the line being typed)."""
    console = terminal()
    bot = get_bot("random", "rumbones")
    table = TerminalTable(state, {seat: bot for seat in range(1, players)}, console,
                          random.Random(1))
    table.show_new_events()
    table.draw(0)
    printed = console.file.getvalue().splitlines()
    assert max(len(line) for line in printed) <= WIDTH, "a line wider than the terminal"
    return printed[-(HEIGHT - 1):]


def last_moves(state: State, count: int) -> list[str]:
    texts = [RENDERER.event(event) for event in state.view(0)["log"]]
    return [text for text in texts if text][-count:]


@pytest.mark.parametrize(("mode", "players"), [("battle", 2), ("battle", 6), ("clash", 3),
                                               ("clash", 6)])
def test_at_80x24_the_decision_and_the_last_moves_stay_in_view(mode: str, players: int) -> None:
    drawn = 0
    for state in seat_zero_decisions(mode, players):
        screen = turn_screen(state, players)
        shown = "\n".join(screen)
        assert any(line.startswith("Now: ") for line in screen), shown
        # The whole turn fits, from its title down.
        assert any("your turn" in line for line in screen), shown
        for move in last_moves(state, 2):
            # A move's line may be cut at the right edge: its start is what is looked for.
            assert move[:40] in shown, (move, shown)
        drawn += 1
    assert drawn >= 3  # the draft and the rounds after it were drawn


def test_the_compact_table_at_80x24_draws_the_board_with_every_row() -> None:
    """The table alone was 61 lines at 80 columns; now, with the screen's title above it,
    three lines of actions and the line typed under it, it fits 24 lines, and the
    board's rows are all there."""
    state = next(s for i, s in enumerate(seat_zero_decisions("battle", 2)) if i == 1)
    console = terminal()
    console.print(RENDERER.table(state.view(0), {0: "you"}))
    lines = console.file.getvalue().splitlines()
    assert len(lines) <= HEIGHT - 1 - 3 - 1
    rows = [line for line in lines if re.match(r"\s?\d+ \|", line)]
    assert [int(line.split("|")[0]) for line in rows] == list(range(1, 9))
    assert any(line.startswith("Now: ") for line in lines)


def test_a_tall_terminal_gets_the_whole_table() -> None:
    state = next(seat_zero_decisions("battle", 2))
    console = terminal(height=200)
    console.print(RENDERER.table(state.view(0), {0: "you"}))
    text = console.file.getvalue()
    assert "0Car: hero 0" in text and "Your Tide hand" in text


# ------------------------------------------------------------------ Clash Royale!'s words
FOREIGN = re.compile(r"\b(VP|Tide|Kraken)\b")


@pytest.mark.parametrize("players", [3, 6])
def test_clash_royale_speaks_of_no_vp_tide_or_kraken(players: int) -> None:
    seen = 0
    for state in seat_zero_decisions("clash", players):
        view = state.view(0)
        for height in (HEIGHT, 200):
            console = terminal(height)
            console.print(RENDERER.table(view, {0: "you"}))
            assert not FOREIGN.search(console.file.getvalue()), console.file.getvalue()
        help_text = RENDERER.rules_help(view)
        assert not FOREIGN.search(help_text), help_text
        assert "lives" in help_text and "coins" in help_text.lower()
        me = "\n".join(RENDERER.explain("me", view) or [])
        assert me and not FOREIGN.search(me), me
        seen += 1
    assert seen >= 3


def test_clash_royale_question_mark_tells_the_chest_and_features_as_they_are_there() -> None:
    state = next(seat_zero_decisions("clash", 4))
    view = state.view(0)
    chest = " ".join(RENDERER.explain("chest", view) or [])
    assert "no one may damage it" in chest and "3 coins" in chest
    assert "HP" not in chest and not FOREIGN.search(chest)
    mast = " ".join(RENDERER.explain("foremast", view) or [])
    assert "deck feature" in mast and "1 coin a point of damage" in mast
    assert not FOREIGN.search(mast)
    assert RENDERER.explain("kraken", view) is None
    assert RENDERER.explain("tide", view) is None
    # In a battle the same words still find the Kraken and the Chest as an objective.
    battle = new("battle", 2, 3).view(0)
    assert "Kraken" in (RENDERER.explain("kraken", battle) or [""])[0]
    assert "8 HP" in (RENDERER.explain("chest", battle) or [""])[0]


def test_a_clash_royale_game_over_shows_no_vp() -> None:
    state = new("clash", 3, 4)
    rng = random.Random(4)
    bot = get_bot("random", "rumbones")
    while not state.is_over:
        seat = min(state.pending)
        state.act(seat, bot.choose(state, seat, rng))
    console = terminal(200)
    console.print(RENDERER.result(state.view(0), {0: "you"}))
    text = console.file.getvalue()
    assert text.strip() and not FOREIGN.search(text), text
