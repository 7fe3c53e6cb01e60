"""IS-MCTS in long games of teams: cut-off playouts scored by the game, cheap
playout policies, teammates as allies, decisions a team answers once.

Played on the conformance kit's Boarding toy (teams, windows, dice, triggers).
"""

from __future__ import annotations

import random

import pytest

from conformance.boarding import BoardingGame, BoardingState, side_of
from conformance.toys import register
from plunder.bots import ismcts
from plunder.bots.ismcts import ISMCTSBot
from plunder.engine import Action, State


def red_leads(state: State) -> tuple[float, ...] | None:
    """A toy evaluation: red is winning wherever it is asked (a fixed, telling answer)."""
    return tuple(1.0 if side_of(s) == 0 else 0.0 for s in range(state.players))


@pytest.fixture
def boarding(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch, BoardingGame, "boarding:BoardingEncoder")


def test_a_cut_off_playout_is_scored_by_the_games_evaluation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ismcts, "ROLLOUT_STEPS", 3)
    world = BoardingGame(players=2).new(seed=1)
    # Without an evaluation a cut-off playout is a draw; with one, the game's estimate.
    assert ismcts._rollout(world.clone(), random.Random(1), None) == (0.5, 0.5)
    assert ismcts._rollout(world.clone(), random.Random(1), red_leads) == (1.0, 0.0)


def test_a_cut_off_playout_plays_on_to_the_next_position_the_game_evaluates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ismcts, "ROLLOUT_STEPS", 2)
    asked: list[str] = []

    def between_turns(state: State) -> tuple[float, ...] | None:
        # The toy's estimate exists only when a side is about to choose its hero.
        asked.append(state.decision.kind if state.decision else "over")
        return red_leads(state) if state.decision and state.decision.kind == "lead" else None

    world = BoardingGame(players=2).new(seed=2)
    world.act(0, "lead>0")  # an activation is under way: no estimate here
    values = ismcts._rollout(world, random.Random(3), between_turns, depth=99)
    assert values == (1.0, 0.0)
    assert world.decision is not None and world.decision.kind == "lead"


def test_the_games_rollout_policy_plays_the_playouts() -> None:
    seen: list[str] = []

    def always_first(state: State, seat: int, legal: list[Action], rng: random.Random):
        seen.append(state.decision.kind)
        return legal[0]

    world = BoardingGame(players=2).new(seed=4)
    ismcts._rollout(world, random.Random(5), None, rollout=always_first)
    assert world.is_over
    assert len(seen) == len(world.moves)  # every decision of the playout came from it


def test_ismcts_plays_a_game_of_teams_to_the_end(boarding: None) -> None:
    # Four seats in two teams: the team's choice of hero (answered by any one
    # seat), windows for everyone, re-rolls, hits and triggers, all searched.
    state = BoardingGame(players=4, rounds=3).new(seed=6)
    bot = ISMCTSBot(iterations=40)
    rng = random.Random(7)
    kinds = set()
    while not state.is_over:
        seat = min(state.pending)
        kinds.add(state.decision.kind)
        action = bot.choose(state, seat, rng)
        assert action in state.legal(seat)
        state.act(seat, action)
    assert {"lead", "act"} <= kinds
    assert state.result is not None


def test_a_teams_decision_answered_once_is_searched_as_one_seats(boarding: None) -> None:
    state = BoardingGame(players=4).new(seed=3)
    assert state.decision.kind == "lead" and state.pending == {0, 2}
    search = ismcts._Search(state, 2, random.Random(1))
    assert not search.simultaneous_root
    search.run(ismcts.Budget(30, None))
    # Every iteration made one pick at the root, the searching seat's: were its
    # teammate searched as a second chooser, its move would meet the next step.
    root = search.table[search.root_key]
    assert sum(root.visits) == 30
    assert search.decision(state.legal(2)) in state.legal(2)


def test_a_teammates_committed_choice_is_known_not_searched(boarding: None) -> None:
    # In a window both teammates answer at once; once one has, the other's search
    # knows its choice (teammates share it) and keeps it in every sampled world.
    for seed in range(200):
        state = BoardingGame(players=4).new(seed=seed)
        moves = ["lead>0", "move>b1", "move>b2", "lead>1", "rest", "rest", "lead>0", "attack>b3"]
        for move in moves:
            state.act(min(state.pending), move)
        if {0, 2} <= state.pending:
            break
    else:
        pytest.fail("no seed offers the window to both red seats")
    state.act(0, "pass")
    assert state.view(2, log=False)["allied_choices"] == {"0": "pass"}
    search = ismcts._Search(state, 2, random.Random(1))
    assert 0 not in search.hidden
    assert set(search.hidden) == set(state.committed) - {0}
    world = state.determinize(2, random.Random(9))
    assert world.view(2, log=False)["allied_choices"] == {"0": "pass"}
    assert isinstance(world, BoardingState)
