"""No default bot is beaten by a memorised line of moves.

A bot that always answers a position the same way can be learned: in 2-player Duel
the line colt, colt, colt, barricade, rifle beat ``greedy`` every time. The seats
a player does not fill are played by ``plunder.bots.default`` (the search): a
fixed line, played over many deals, must lose most of its games against it, in
every game.
"""

from __future__ import annotations

import random

import pytest

import plunder
from plunder import bots
from plunder.engine.action import Action
from plunder.engine.registry import names
from plunder.engine.state import State
from plunder.match import bot_rng

# Duel's memorised line, at the other seat ({other}); elsewhere a line that never
# looks at the table: the first legal action, every time.
DUEL_LINE = ("colt>{other}", "colt>{other}", "colt>{other}", "barricade", "rifle>{other}")
# Short tables: the line shows itself as well in two dollars as in five, and in a
# few rounds of Rum & Bones (a whole game is hundreds of searched decisions).
OPTIONS = {"duel": {"target": 2}, "rumbones": {"target": 3, "round_limit": 3}}
DEALS = 6
# The default bot's search, bounded by iterations alone: its level's clock would
# make the games (and the time they take) depend on the machine's speed and load.
# Duel's simultaneous shootouts need a deeper search to read the line than the
# other games.
ITERATIONS = {"duel": 1000}
DEFAULT_ITERATIONS = 100


class FixedLine:
    """Plays its line in order, whatever happens (the first legal action where the
    line's move is not legal)."""

    name = "fixed-line"

    def __init__(self, game: str) -> None:
        self.game = game
        self.played = 0

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal(seat)
        if self.game == "duel":
            wanted = DUEL_LINE[self.played % len(DUEL_LINE)].format(other=1 - seat)
            self.played += 1
            return next((a for a in legal if str(a) == wanted), legal[0])
        return legal[0]


def fixed_line_wins(game: str, opponent: str, deals: int = DEALS) -> float:
    """The line's wins (a shared win counts its share) over ``deals`` 2-player games,
    seats alternating."""
    table = plunder.load(game, players=2, **OPTIONS.get(game, {}))
    wins = 0.0
    for deal in range(deals):
        line_seat = deal % 2
        seated = {line_seat: FixedLine(game), 1 - line_seat: bots.from_spec(opponent, game)}
        state = table.new(seed=deal)
        rng = bot_rng(deal)
        while not state.is_over:
            seat = min(state.pending)
            state.act(seat, seated[seat].choose(state, seat, rng))
        assert state.result is not None
        winners = state.result.winners
        if line_seat in winners:
            wins += 1 / len(winners)
    return wins


def test_the_memorised_line_beats_a_bot_that_always_answers_alike() -> None:
    # What the test guards against: greedy answers a position the same way each
    # time, so the line that beat it once beats it again.
    assert fixed_line_wins("duel", "greedy") >= DEALS - 1


@pytest.mark.slow
@pytest.mark.parametrize("game", names())
def test_a_fixed_line_loses_most_games_against_the_default_bot(game: str) -> None:
    if plunder.load(game).info().min_players > 2:
        pytest.fail(f"{game} has no 2-player table: give it a fixed-line check of its own")
    assert bots.default(game) == "ismcts"
    budget = ITERATIONS.get(game, DEFAULT_ITERATIONS)
    assert fixed_line_wins(game, f"ismcts:iterations={budget}") < DEALS / 2
