"""A seat's observation never depends on what the others have committed or hold.

On random plays of every table (``cases``): what the environments hand a seat
(the observation vector and the action mask; OpenSpiel's tensors and strings,
both information-state flavours) is the same

* on the real state and on ``state.determinize(seat, rng)``, in which every
  other seat's hand and committed choice is redrawn, and
* whichever legal action another seat commits, while the step is still open.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import plunder
from plunder.rl import openspiel
from plunder.rl.play import Play
from rl.cases import Case, params

STEPS = 40  # steps looked at per play


def seen(play: Play, seat: int) -> dict[str, Any]:
    return play.observation(seat)


def equal(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return all(np.array_equal(a[key], b[key]) for key in a)


def plays(case: Case, seed: int) -> Any:
    """Plays of the case's table stopped at each step, and half-way through each step."""
    game = plunder.load(case.game, **case.options)
    play = Play(game, seed, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(STEPS):
        if play.over:
            return
        yield play
        pending = sorted(play.state.pending)
        # Half-way: the first seat has committed, the others have not.
        if len(pending) > 1:
            play.state.act(pending[0], rng.choice(play.state.legal(pending[0])))
            yield play
        for seat in play.state.seats_to_act():
            play.state.act(seat, rng.choice(play.state.legal(seat)))


def swapped(play: Play, state: plunder.State) -> Play:
    other = object.__new__(Play)
    other.__dict__.update(play.__dict__)
    other.state = state
    return other


@pytest.mark.parametrize("case", params())
def test_observations_do_not_depend_on_hidden_parts(case: Case) -> None:
    rng = random.Random(7)
    looked = 0
    for play in plays(case, seed=7):
        for seat in range(play.game.players):
            world = swapped(play, play.state.determinize(seat, rng))
            assert equal(seen(play, seat), seen(world, seat)), (case.id, seat, play.steps)
            looked += 1
    assert looked >= play.game.players * 2


@pytest.mark.parametrize("case", params())
def test_observations_do_not_depend_on_what_another_seat_chose(case: Case) -> None:
    compared = chances = 0
    for play in plays(case, seed=8):
        pending = sorted(play.state.pending)
        if len(pending) < 2:
            continue
        # Any seat of an open step with a real choice: the step stays open after it.
        choosers = [s for s in pending if len(play.state.legal(s)) > 1]
        if not choosers:
            continue
        chooser = choosers[0]
        legal = play.state.legal(chooser)
        first, second = play.state.clone(), play.state.clone()
        first.act(chooser, legal[0])
        second.act(chooser, legal[-1])
        if not first.committed:
            continue  # a decision one seat answers for all: resolved, so public
        chances += 1
        a, b = swapped(play, first), swapped(play, second)
        for seat in range(play.game.players):
            # Teammates see each other's committed choices; nobody else does.
            if seat not in play.state.allies(chooser):
                assert equal(seen(a, seat), seen(b, seat)), (case.id, seat, play.steps)
                compared += 1
    # A game whose seats never choose together hides no choice in an open step.
    assert compared > 0 or chances == 0


@pytest.mark.parametrize("case", params())
def test_openspiel_strings_and_tensors_do_not_depend_on_hidden_parts(case: Case) -> None:
    rng = random.Random(9)
    looked = 0
    for info_state in openspiel.INFO_STATES:
        game = openspiel.load_game(case.game, info_state=info_state, **case.options)
        state = game.new_initial_state()
        state.apply_action(3)  # the deal: seed 3
        picker = random.Random(3)
        for _ in range(STEPS // 2):
            if state.is_terminal():
                break
            for seat in range(game.num_players()):
                world = state.clone()
                world.play.state = state.table.determinize(seat, rng)
                world._recall = {}  # encode the resampled world's events afresh
                assert state.information_state_string(seat) == world.information_state_string(seat)
                assert state.observation_string(seat) == world.observation_string(seat)
                assert state.observation_tensor(seat) == world.observation_tensor(seat)
                assert state.information_state_tensor(seat) == world.information_state_tensor(seat)
                looked += 1
            actions = [
                picker.choice(state.legal_actions(p)) if state.legal_actions(p) else 0
                for p in range(game.num_players())
            ]
            state.apply_actions(actions)
    assert looked > 0
