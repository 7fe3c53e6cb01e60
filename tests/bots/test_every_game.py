"""IS-MCTS plays every registered game to the end, in every seat, at its lowest budget."""

from __future__ import annotations

import random

import pytest

import plunder
from plunder import bots

# The game's default table and options, but for Rum & Bones' length: four rounds
# of it are hundreds of searched decisions, as many as a whole game of the others.
SHORTER = {"rumbones": {"round_limit": 4}}


@pytest.mark.parametrize("info", plunder.games(), ids=lambda info: info.name)
def test_ismcts_plays_the_whole_game_in_every_seat(info: plunder.GameInfo) -> None:
    game = plunder.load(info.name, **SHORTER.get(info.name, {}))
    bot = bots.from_spec("ismcts:easy", info.name)
    bots.check_game(bot, game)
    state = game.new(seed=1)
    rng = random.Random(1)
    while not state.is_over:
        seat = min(state.pending)
        action = bot.choose(state, seat, rng)
        assert action in state.legal(seat)
        state.act(seat, action)
    result = state.result
    assert result is not None
    assert len(result.scores) == game.players
    # Every seat decided at some point: the bot sat in all of them.
    assert {seat for seat, _ in state.moves} == set(range(game.players))


def test_bots_come_from_the_engine_and_the_games_manifests() -> None:
    # random and ismcts are generic; greedy and solver are each game's own,
    # named in its manifest: greedy after random, the others after ismcts.
    assert bots.names("duel") == ["random", "greedy", "ismcts", "solver"]
    assert bots.names("rumble") == ["random", "greedy", "ismcts", "lookahead"]
    assert set(plunder.engine.manifest("rumble").bots) == {"greedy", "lookahead"}
