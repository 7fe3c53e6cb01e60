"""What a player can ask at the terminal table, in every game: ``?`` (the actions, a
reminder and where the player's guide is) and ``rules`` (the guide itself)."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

import plunder
from plunder.bots import get as get_bot
from plunder.engine.registry import manifest
from plunder.terminal.table import QuitRequested, TerminalTable

# One table per game, seat 0 a human.
TABLES: dict[str, dict[str, Any]] = {
    "duel": {"players": 3},
    "rumble": {"players": 3, "pirates": "kidd,chingshih,read"},
    "underfire": {},
    "swordplay": {"players": 2, "pirates": "hollis,grady"},
}
def flat(text: str) -> str:
    return " ".join(text.split())


def run_table(game: str, answers: list[str], seed: int = 1) -> tuple[str, plunder.State]:
    """Seat 0 types ``answers`` (then ``q``) at its first turn; bots hold the other seats."""
    state = plunder.load(game, **TABLES[game]).new(seed=seed)
    bots = {seat: get_bot("random", game) for seat in range(1, state.players)}
    screen = io.StringIO()
    typed = iter([*answers, "q"])
    table = TerminalTable(
        state, bots, Console(file=screen, width=200), random.Random(seed),
        read_line=lambda prompt: next(typed),
    )
    with pytest.raises(QuitRequested):
        table.run()
    return screen.getvalue(), state


@pytest.mark.parametrize("game", sorted(TABLES))
def test_question_mark_points_to_the_guide_and_rules_shows_it(game: str) -> None:
    out, _ = run_table(game, ["?", "rules"])
    shown = flat(out)
    assert "How to play: " in shown and f"plunder/games/{game}/guide.md" in shown
    assert "docs/rules/" not in shown  # the developers' document is not the player's
    guide = manifest(game).guide_file()
    assert guide is not None and guide.name == "guide.md"
    title = guide.read_text(encoding="utf-8").splitlines()[0].lstrip("# ")
    assert title in out  # "rules" drew the guide at the table
    assert "Playing at a table" in out

