"""Every game's fast observations are its reference encoding, value for value.

A learner's observations come from ``encoder.observe`` (``state.observation``,
``state.observations``), which each game writes straight from its state, for
several seats at once. The reference is ``encoder.encode(state.view(seat))``,
built from the view and nothing else. Hypothesis picks the moves (any legal
action, any step, with steps caught half-committed); at every state both must
give the same float32 vector for every seat and the spectator, and the rows of
one ``observations`` call must be each seat's ``observation``. The default run
takes every game's smallest table in each mode (``rl.cases``) and whole plays;
the slow run every option combination that meets every pair of option values, of
those whose observation is written from the state (Rum & Bones' teams and Clash
Royale! encode each seat's view: their rows are the reference itself).
(The conformance kit compares the two paths too, at every state it checks.)
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import plunder
from plunder.engine.conformance import option_pairs
from plunder.engine.registry import names
from rl.cases import cases

TABLES = [(case.game, case.options) for case in cases() if not case.largest]
# Tables that meet every pair of option values (and every player count) of each game
# (the whole option matrix would be 164 tables of Rum & Bones alone), where the
# observation is written from the state: elsewhere it is the reference itself.
EVERY_TABLE = [
    (name, options) for name in names() for options in option_pairs(name)
    if plunder.load(name, **options).encoder().from_state
]


def reference(state: plunder.State, seat: int | None) -> np.ndarray:
    encoder = state.game.encoder()
    return encoder.encode(state.view(seat, log=False), check=True)


def assert_same(state: plunder.State) -> None:
    seats = [None, *range(state.players)]
    together = state.observations(seats)
    shape = (len(seats), *state.game.observation_shape())
    assert together.dtype == np.float32 and together.shape == shape
    for row, seat in enumerate(seats):
        expected = reference(state, seat)
        assert np.array_equal(together[row], expected), (
            seat, _first_difference(state, together[row], expected)
        )
        assert np.array_equal(state.observation(seat), expected)
    # Any order and any subset of seats gives the same rows.
    shuffled = seats[::-1][: max(1, len(seats) - 1)]
    for row, vector in zip(shuffled, state.observations(shuffled), strict=True):
        assert np.array_equal(vector, reference(state, row))


def _first_difference(state: plunder.State, got: np.ndarray, want: np.ndarray) -> str:
    at = int(np.flatnonzero(got != want)[0])
    field = [r for r in state.game.encoder().describe() if r["offset"] <= at][-1]
    return f"{field['name']}[{at - field['offset']}]: fast {got[at]}, reference {want[at]}"


def play_along(name: str, options: dict, seed: int, picks: list[int], steps: int) -> int:
    """Play ``steps`` steps of a table, the moves chosen by ``picks`` (cycled), checking the
    observations at every state, half-committed steps included; the states checked."""
    state = plunder.load(name, **options).new(seed=seed)
    rng = random.Random(seed)
    checked = 0
    for step in range(steps):
        if state.is_over:
            break
        assert_same(state)
        checked += 1
        for seat in state.seats_to_act():
            legal = state.legal(seat)
            pick = picks[(step + seat) % len(picks)] if picks else rng.randrange(len(legal))
            state.act(seat, legal[pick % len(legal)])
            if state.committed and not state.is_over:
                assert_same(state)  # a step half-committed: the seats' own choices
    assert_same(state)
    return checked


@pytest.mark.parametrize(("name", "options"), TABLES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 10_000), max_size=30))
def test_fast_observations_are_the_reference(name: str, options: dict, seed: int,
                                             picks: list[int]) -> None:
    assert play_along(name, options, seed, picks, steps=60) > 0


@pytest.mark.parametrize("name", names())
def test_every_game_writes_its_default_table_from_the_state(name: str) -> None:
    assert plunder.load(name).encoder().from_state


def test_a_table_without_a_fast_path_says_so() -> None:
    # Its observations are then the reference: the slow set leaves it out.
    assert not plunder.load("rumbones", players=4).encoder().from_state


@pytest.mark.parametrize("name", names())
def test_whole_games_end_to_end(name: str) -> None:
    # Some fields only move late (the end, the winners, a reshuffled pile): whole plays.
    game = plunder.load(name)
    assert play_along(name, dict(game.options), 1, [], steps=game.max_decisions()) > 0


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), EVERY_TABLE)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 10_000), max_size=60))
def test_fast_observations_are_the_reference_at_length(name: str, options: dict, seed: int,
                                                       picks: list[int]) -> None:
    assert play_along(name, options, seed, picks, steps=400) > 0
