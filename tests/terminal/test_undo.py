"""``undo`` at the terminal takes back the player's last quiet move, and nothing else.

A human plays seat 0 of Rum & Bones against a random bot. The script types
``undo`` first (nothing to take back yet), then whenever the engine would let the
seat take its move back: the next prompt must show the seat exactly what it saw
before that move, and the move is gone from the record.
"""

from __future__ import annotations

import contextlib
import io
import random
from typing import Any

from rich.console import Console

import plunder
from plunder.bots import get as get_bot
from plunder.terminal.table import TerminalTable

PROMPTS = 150


class Enough(Exception):
    """The script has answered its prompts."""


def test_undo_takes_back_the_last_quiet_move_and_shows_the_table_as_before() -> None:
    state = plunder.load("rumbones", round_limit=6).new(seed=6)
    rng = random.Random(6)
    prompts: list[dict[str, Any]] = []
    undone: list[tuple[dict[str, Any], int]] = []
    checked = 0
    # The prompts answered with a move (counted from 1).
    typed: list[int] = []

    def read(prompt: str) -> str:
        nonlocal checked
        if len(prompts) >= PROMPTS:
            raise Enough
        view = state.view(0)
        if undone and undone[-1][1] == len(prompts):
            before, _ = undone[-1]
            assert view == before
            checked += 1
        prompts.append(view)
        if len(prompts) == 1:
            return "undo"
        if state.may_undo(0) and typed and typed[-1] == len(prompts) - 1 and rng.random() < 0.5:
            # The seat's last move is the one typed at the prompt before this one.
            undone.append((prompts[-2], len(prompts)))
            return "undo"
        typed.append(len(prompts))
        return rng.choice([str(action) for action in state.legal(0)])

    screen = io.StringIO()
    table = TerminalTable(
        state, {1: get_bot("random", "rumbones")}, Console(file=screen, width=100),
        random.Random(1), read_line=read, autoplay=False,
    )
    with contextlib.suppress(Enough):
        table.run()
    out = " ".join(screen.getvalue().split())
    assert "Nothing to take back: only your own last move" in out
    assert checked >= 2, checked
    assert out.count("Your last move is taken back.") == len(undone)
    # The record holds the moves that stand: it replays to the state played.
    assert plunder.replay(state.record).view(0) == state.view(0)
