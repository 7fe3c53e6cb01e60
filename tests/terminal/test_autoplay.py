"""A decision with one legal answer plays itself at the terminal, and says so.

A human plays seat 0 against a random bot, answering each prompt with a random
legal action. The record is then replayed to find, independently of the table,
every move of seat 0 made where it had a single legal action: those are the
moves the table must have played and said, and no prompt may have asked one.
"""

from __future__ import annotations

import contextlib
import io
import random
from typing import Any

import pytest
from rich.console import Console

import plunder
from plunder.bots import get as get_bot
from plunder.engine.state import State
from plunder.terminal.table import TerminalTable

# Games and deals in which seat 0 meets decisions with one answer within PROMPTS
# prompts: Rum & Bones' windows where seat 0 holds no Tide card for the timing (the
# pass), Swordplay's defence with no card that parries (pass or take the hit).
GAMES = [
    ("rumbones", {"round_limit": 6}, 6),
    ("swordplay", {}, 3),
]
PROMPTS = 100
DECLINE = ("pass", "end", "stop", "keep")
SAID = "Played for you: "


class Enough(Exception):
    """The script has answered its prompts."""


def scripted(
    game: str, options: dict[str, Any], seed: int, *, autoplay: bool = True,
    first: str | None = None,
) -> tuple[State, list[int], str]:
    """Seat 0 at the terminal for PROMPTS prompts: the state, how many legal actions
    each prompt offered, and what the screen showed."""
    state = plunder.load(game, **options).new(seed=seed)
    rng = random.Random(seed)
    offered: list[int] = []

    def read(prompt: str) -> str:
        if len(offered) >= PROMPTS:
            raise Enough
        legal = [str(action) for action in state.legal(0)]
        offered.append(len(legal))
        if first is not None and len(offered) == 1:
            return first
        # Mostly not a way to decline, so that attacks come and windows open.
        keen = [a for a in legal if a.split(":")[0].split(">")[0] not in DECLINE]
        return rng.choice(keen if keen and rng.random() < 0.9 else legal)

    screen = io.StringIO()
    table = TerminalTable(
        state, {1: get_bot("random", game)}, Console(file=screen, width=100),
        random.Random(1), read_line=read, autoplay=autoplay,
    )
    with contextlib.suppress(Enough):
        table.run()
    return state, offered, " ".join(screen.getvalue().split())


def forced_moves(state: State, seat: int) -> list[str]:
    """The moves of ``seat`` in ``state``'s record made with one legal action, replayed."""
    replayed = plunder.load(state.game.name, **state.game.options).new(seed=state.seed)
    forced = []
    for mover, notation in state.record["moves"]:
        if mover == seat and len(replayed.legal(seat)) == 1:
            forced.append(notation)
        replayed.act(mover, notation)
    return forced


@pytest.mark.parametrize(("game", "options", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_a_decision_with_one_answer_plays_itself_and_is_said(game, options, seed) -> None:
    state, offered, out = scripted(game, options, seed)
    forced = forced_moves(state, 0)
    assert len(forced) >= 2, forced  # the deal holds such decisions
    assert 1 not in offered  # none of them was asked
    assert out.count(SAID) == len(forced)
    assert f"{SAID}{forced[0]}, your only choice (" in out


@pytest.mark.parametrize(("game", "options", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_with_autoplay_off_every_decision_is_asked(game, options, seed) -> None:
    state, offered, out = scripted(game, options, seed, autoplay=False)
    assert 1 in offered
    assert SAID not in out
    assert forced_moves(state, 0)  # and answered at the prompt


def test_typing_autoplay_off_turns_it_off_and_on_turns_it_back() -> None:
    game, options, seed = GAMES[0]
    _, offered, out = scripted(game, options, seed, first="autoplay off")
    assert "Autoplay is off: every decision waits for you, even with one answer." in out
    assert 1 in offered[1:] and SAID not in out
    _, offered, out = scripted(game, options, seed, autoplay=False, first="autoplay on")
    assert "Autoplay is on: a decision with one legal answer is played for you." in out
    assert 1 not in offered[1:] and SAID in out


def test_autoplay_is_in_the_help() -> None:
    game, options, seed = GAMES[0]
    _, _, out = scripted(game, options, seed, first="?")
    assert "autoplay on|off: decisions with one legal answer played for you" in out
