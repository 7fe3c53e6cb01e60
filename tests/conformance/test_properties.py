"""Property tests of the protocol, on generated reachable states of every game."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import plunder
from plunder.engine import conformance

GAMES = [info.name for info in plunder.games()]
seeds = st.integers(min_value=0, max_value=2**63 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10_000), max_size=120)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _options(name: str, data: st.DataObject) -> dict:
    return data.draw(st.sampled_from(conformance.option_matrix(name)), label="options")


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data(), seed=seeds, picks=choices)
def test_views_leak_nothing(name: str, data: st.DataObject, seed: int, picks: list[int]) -> None:
    state = conformance.play_by_choices(plunder.load(name, **_options(name, data)), seed, picks)
    conformance.check_state(state)
    conformance.check_views(state, random.Random(seed), determinizations=4)


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data(), seed=seeds, picks=choices, text=st.text(max_size=40))
def test_rejected_input_changes_nothing(
    name: str, data: st.DataObject, seed: int, picks: list[int], text: str
) -> None:
    state = conformance.play_by_choices(plunder.load(name, **_options(name, data)), seed, picks)
    legal = {seat: {str(action) for action in state.legal(seat)} for seat in range(state.players)}
    before = conformance.fingerprint(state)
    untouched = state.clone()
    seat = data.draw(st.integers(min_value=-2, max_value=state.players + 1), label="seat")
    try:
        state.act(seat, text)
    except plunder.IllegalAction as exc:
        assert str(exc)
        assert conformance.fingerprint(state) == before
        # Nothing hidden changed either: both copies play on alike.
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        for _ in range(20):
            conformance.random_step(state, rng_a)
            conformance.random_step(untouched, rng_b)
        assert conformance.fingerprint(state) == conformance.fingerprint(untouched)
    else:
        # Accepted: then it was the notation of a legal action of that seat.
        assert str(state.game.parse(text)) in legal[seat]


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data(), seed=seeds, picks=choices)
def test_replay_rebuilds_the_same_state(
    name: str, data: st.DataObject, seed: int, picks: list[int]
) -> None:
    state = conformance.play_by_choices(plunder.load(name, **_options(name, data)), seed, picks)
    text = json.dumps(state.record)
    again = plunder.replay(text)
    assert again.record == state.record
    assert conformance.fingerprint(again) == conformance.fingerprint(state)
    conformance.check_clone(state, random.Random(seed))


@SETTINGS
@given(
    record=st.fixed_dictionaries(
        {
            "format": st.sampled_from(["plunder-record", "other"]),
            "version": st.sampled_from([1, 2, "1"]),
            "game": st.sampled_from(["duel", "nope", 3]),
            "options": st.dictionaries(
                st.sampled_from(["players", "target", "colour"]),
                st.one_of(st.integers(-3, 9), st.text(max_size=3)),
                max_size=2,
            ),
            "seed": st.one_of(st.integers(), st.text(max_size=3), st.none()),
            "moves": st.lists(
                st.one_of(
                    st.tuples(st.integers(-1, 5), st.sampled_from(["colt", "colt>1", "zz"])),
                    st.text(max_size=4),
                ),
                max_size=6,
            ),
        }
    )
)
def test_bad_records_get_a_record_error(record: dict) -> None:
    """Any record either replays or raises RecordError, never another exception."""
    try:
        state = plunder.replay(record)
    except plunder.RecordError as exc:
        assert str(exc)
    else:
        assert state.record["moves"] == [list(m) for m in record["moves"]]
