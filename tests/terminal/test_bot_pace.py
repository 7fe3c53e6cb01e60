"""At the terminal a bot's move is shown no sooner than its time cap, whatever it held.

How long the searching bot thinks tells what it holds: it answers a Tide window
at once when passing is all it can do, and searches for its whole time when it
holds a card for it (``plunder.pace``). So at a table with a human each bot move
waits out the bot's time cap. The player here times the gaps between their
prompts: each must last at least the cap for every bot move made in it. Before,
a bot decision with one legal action took no time, and some gap fell short.
"""

from __future__ import annotations

import io
import itertools
import random
import time

import pytest
from rich.console import Console

import plunder
from plunder.bots import get as get_bot
from plunder.terminal.table import InputEnded, TerminalTable

# The bot's clock: its search stops at this, never on a count of iterations.
CAP = 0.2
# The bot's moves timed before the player stops answering.
MOVES = 40


def test_every_bot_move_lasts_the_bots_time_cap_with_a_human_at_the_table():
    state = plunder.load("rumbones").new(seed=4)
    bot = get_bot("ismcts", "rumbones", seconds=CAP)
    rng = random.Random(4)
    prompts: list[tuple[float, int]] = []  # when each prompt came, and the bot's moves then

    def answer(prompt: str) -> str:
        made = sum(1 for seat, _ in state.moves if seat == 1)
        prompts.append((time.monotonic(), made))
        if made >= MOVES:
            raise EOFError
        return rng.choice(state.legal(0)).notation

    console = Console(file=io.StringIO(), width=120)
    table = TerminalTable(state, {1: bot}, console, random.Random(4), read_line=answer)
    with pytest.raises(InputEnded):
        table.run()
    gaps = [
        (later - sooner, moves - before)
        for (sooner, before), (later, moves) in itertools.pairwise(prompts)
        if moves > before
    ]
    assert sum(moves for _, moves in gaps) >= MOVES
    short = [(round(gap, 3), moves) for gap, moves in gaps if gap < moves * CAP]
    assert not short, f"gaps shorter than {CAP} s a bot move (seconds, moves): {short}"
