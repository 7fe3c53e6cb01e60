"""IS-MCTS's ``depth``: an iteration takes the game's evaluation at the depth-th
evaluated position after the root; a game may hint the depth (Rumble: two rounds
once two pirates are left)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import plunder
from plunder import bots
from plunder.bots import ismcts
from plunder.bots.ismcts import ISMCTSBot
from plunder.engine import State
from plunder.games.rumble import bot as rumble_bot


def rumble_start(players: int = 4, seed: int = 3) -> State:
    return plunder.load("rumble", players=players).new(seed=seed)


def worth_one_at(round_: int) -> ismcts.Evaluator:
    """Rumble's evaluation points, where seat 0 is worth 1 at ``round_`` and 0 before."""

    def evaluate(world: State) -> tuple[float, ...] | None:
        if rumble_bot.evaluate(world) is None:
            return None
        values = [0.0] * world.players
        values[0] = 1.0 if world.round == round_ else 0.0  # type: ignore[attr-defined]
        return tuple(values)

    return evaluate


def root_returns(state: State, evaluate: ismcts.Evaluator, depth: int) -> tuple[float, float]:
    """Seat 0's summed returns and weights at the root after 20 iterations."""
    search = ismcts._Search(state, 0, random.Random(2), evaluate, depth=depth)
    search.run(ismcts.Budget(20, None))
    arms = search.table[search.root_key]
    return sum(arms.total), sum(arms.weight)


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_an_iteration_scores_the_depth_th_round_start(depth: int) -> None:
    state = rumble_start()
    now = state.round  # type: ignore[attr-defined]
    # No 4-player game ends within four rounds of its start: every iteration
    # reaches each of the next round starts.
    total, weight = root_returns(state, worth_one_at(now + depth), depth)
    assert weight == 20.0
    assert total == 20.0
    # Neither the round start before it nor the one after is what counts.
    assert root_returns(state, worth_one_at(now + depth - 1), depth)[0] == 0.0
    assert root_returns(state, worth_one_at(now + depth + 1), depth)[0] == 0.0


def test_rumble_hints_two_rounds_once_two_pirates_are_left() -> None:
    assert rumble_bot.search_depth(rumble_start(players=4)) == 1
    assert rumble_bot.search_depth(rumble_start(players=3)) == 1
    assert rumble_bot.search_depth(rumble_start(players=2)) == 2


@pytest.fixture
def depths(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The depth of every search the bots start."""
    seen: list[int] = []
    original = ismcts._Search

    def spy(*args: Any, **kwargs: Any) -> ismcts._Search:
        search = original(*args, **kwargs)
        seen.append(search.depth)
        return search

    monkeypatch.setattr(ismcts, "_Search", spy)
    return seen


@pytest.mark.parametrize(
    ("game", "players", "settings", "expected"),
    [
        ("rumble", 2, {}, 2),  # the game's hint
        ("rumble", 4, {}, 1),
        ("rumble", 2, {"depth": 1}, 1),  # a setting overrides the hint
        ("rumble", 4, {"depth": 3}, 3),
        ("rumble", 2, {"evaluate": False}, 1),  # no evaluation: nothing to count
        ("duel", 2, {}, 1),  # no hint: one
    ],
)
def test_the_bot_takes_the_games_hint_unless_told(
    depths: list[int], game: str, players: int, settings: dict[str, Any], expected: int
) -> None:
    state = plunder.load(game, players=players).new(seed=1)
    seat = min(state.pending)
    action = ISMCTSBot(iterations=2, **settings).choose(state, seat, random.Random(1))
    assert action in state.legal(seat)
    assert depths == [expected]


def test_specs_set_the_depth() -> None:
    assert bots.from_spec("ismcts", "rumble").depth is None
    assert bots.from_spec("ismcts:depth=2", "rumble").depth == 2
    for bad in ("ismcts:depth=0", "ismcts:depth=1.5", "ismcts:depth=-1"):
        with pytest.raises(bots.UnknownBot):
            bots.from_spec(bad, "rumble")
