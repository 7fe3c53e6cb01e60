"""How many lines a Rum & Bones turn takes at the terminal: the table alone, and the
whole screen of a human's turn (its title, the table, the actions, the hint and the
line typed), on an 80x24 and a 100x40 terminal, for a battle of 2 and of 6 players and
a Clash Royale! of 3 and of 6.

Each game is played by random bots from a set seed to seat 0's first decision of
several answers after 60 steps, the same position for every run of the script; run it
on two checkouts to compare their tables.

    .venv/bin/python scripts/rumbones_screen_lines.py
"""

from __future__ import annotations

import io
import random

from rich.console import Console

import plunder
from plunder.bots import get as get_bot
from plunder.engine.state import State
from plunder.terminal.table import TerminalTable

GAMES = (("battle", 2), ("battle", 6), ("clash", 3), ("clash", 6))
TERMINALS = ((80, 24), (100, 40))
STEPS, SEED = 60, 3


def position(mode: str, players: int) -> State:
    """The game at seat 0's first decision of several answers after ``STEPS`` steps."""
    options = {"mode": "clash"} if mode == "clash" else {}
    state = plunder.load("rumbones", players=players, **options).new(seed=SEED)
    rng = random.Random(SEED)
    bot = get_bot("random", "rumbones")
    steps = 0
    while not state.is_over:
        seat = min(state.pending)
        if steps >= STEPS and seat == 0 and len(state.legal(0)) > 1:
            break
        state.act(seat, bot.choose(state, seat, rng))
        steps += 1
    return state


def measure(mode: str, players: int, width: int, height: int) -> tuple[int, int, int]:
    """The table's lines, the turn screen's lines and its widest line."""
    state = position(mode, players)
    console = Console(file=io.StringIO(), width=width, height=height, color_system=None,
                      force_terminal=True)
    bot = get_bot("random", "rumbones")
    table = TerminalTable(state, {seat: bot for seat in range(1, players)}, console,
                          random.Random(1))
    table.show_new_events()
    start = len(console.file.getvalue().splitlines())
    console.print(table.renderer.table(state.view(0), table.labels_for(0)))
    drawn = console.file.getvalue().splitlines()
    tabled = len(drawn) - start
    table.draw(0)
    screen = console.file.getvalue().splitlines()[len(drawn):]
    return tabled, len(screen) + 1, max(len(line) for line in screen)  # + the line typed


def main() -> None:
    for mode, players in GAMES:
        for width, height in TERMINALS:
            tabled, screen, widest = measure(mode, players, width, height)
            print(f"{mode} {players}p at {width}x{height}: table {tabled} lines, "
                  f"turn screen {screen} lines, widest {widest}")


if __name__ == "__main__":
    main()
