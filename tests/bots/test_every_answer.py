"""IS-MCTS's ``every_answer``: at a simultaneous root every action of the deciding
seat is scored in each sampled world, against the same picks of the others."""

from __future__ import annotations

import random

import pytest

import plunder
from plunder import bots
from plunder.bots import ismcts
from plunder.bots.ismcts import ISMCTSBot
from plunder.engine import State
from plunder.games.rumble import bot as rumble_bot


def rumble_start(players: int = 4, seed: int = 3) -> State:
    return plunder.load("rumble", players=players).new(seed=seed)


def root_arms(state: State, seat: int, every_answer: bool, iterations: int) -> ismcts._Arms:
    search = ismcts._Search(
        state, seat, random.Random(1), rumble_bot.evaluate, every_answer=every_answer
    )
    search.run(ismcts.Budget(iterations, None))
    return search.table[search.root_key]


def test_every_action_learns_from_every_iteration() -> None:
    state = rumble_start()
    legal = state.legal(0)
    assert len(legal) > 5
    arms = root_arms(state, 0, every_answer=True, iterations=30)
    slots = arms.slots(legal)
    # One return per action per iteration (no hidden choices: every weight is 1).
    assert [arms.weight[s] for s in slots] == [30.0] * len(legal)
    # Only the iteration's own pick counts as a visit.
    assert sum(arms.visits[s] for s in slots) == 30


def test_without_it_each_iteration_teaches_one_action() -> None:
    state = rumble_start()
    arms = root_arms(state, 0, every_answer=False, iterations=30)
    slots = arms.slots(state.legal(0))
    assert sum(arms.weight[s] for s in slots) == 30.0


def test_the_answers_are_paired_with_the_others_picks(monkeypatch: pytest.MonkeyPatch) -> None:
    """An evaluation under which one card alone wins: with every answer scored,
    three iterations find it among the many; one action per iteration cannot."""
    state = rumble_start()
    first = len(state.moves)

    def dodge_wins(world: State) -> tuple[float, ...] | None:
        mine = [notation for seat, notation in world.moves[first:] if seat == 0]
        if not mine or not world.pending:
            return None
        return (1.0, 0.0, 0.0, 0.0) if mine[0] == "dodge" else (0.0, 0.0, 0.0, 0.0)

    monkeypatch.setattr(ismcts, "evaluator", lambda game: dodge_wins)
    found = {
        str(ISMCTSBot(iterations=3, every_answer=True).choose(state, 0, random.Random(s)))
        for s in range(5)
    }
    assert found == {"dodge"}
    blind = {
        str(ISMCTSBot(iterations=3, every_answer=False).choose(state, 0, random.Random(s)))
        for s in range(5)
    }
    assert blind != {"dodge"}


def test_it_is_off_unless_a_spec_asks_for_it() -> None:
    assert bots.from_spec("ismcts", "rumble").every_answer is False
    assert bots.from_spec("ismcts:every_answer=1", "rumble").every_answer is True
    assert bots.from_spec("ismcts:every_answer=0", "duel").every_answer is False
    with pytest.raises(bots.UnknownBot):
        bots.from_spec("ismcts:every_answer=2", "rumble")


def test_it_needs_an_evaluation_to_score_the_answers() -> None:
    search = ismcts._Search(rumble_start(), 0, random.Random(1), None, every_answer=True)
    assert search.every_answer is False
