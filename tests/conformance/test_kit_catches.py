"""The kit passes a correct game and catches each kind of fault."""

from __future__ import annotations

import pytest

from conformance.boarding_faults import FAULTS as BOARDING_FAULTS
from conformance.toys import FAULTS, CoinsGame, register
from plunder.engine import conformance

ENCODER = "toys:CoinsEncoder"

# The checks Engine 2 added to the kit: each must be shown able to fail.
ENGINE_2_CHECKS = {
    "action_space",
    "mask",
    "observation",
    "info_key",
    "events",
    "pickle",
    "frames",
    "status",
    "sharing",
    "max_decisions",
    "returns",
}


def test_correct_toy_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch, CoinsGame, ENCODER)
    report = conformance.check_game(CoinsGame(), playouts=30, deep=5)
    assert report.playouts == 30
    assert report.states_checked_deeply > 30
    assert sum(report.outcomes.values()) == 30
    # The info keys were compared over many different views, not one.
    assert report.distinct_views > 30


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_kit_catches(fault: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game, checks = FAULTS[fault]
    # Replays and unpickling must rebuild the broken game, as they would a registered one.
    register(monkeypatch, game, ENCODER)
    with pytest.raises(conformance.ConformanceFailure) as caught:
        conformance.check_game(game(), playouts=30, deep=5, max_decisions=2_000)
    assert caught.value.check in checks, str(caught.value)


def test_every_new_check_has_a_fault_it_catches() -> None:
    caught = {check for _, checks in FAULTS.values() if len(checks) == 1 for check in checks}
    assert caught >= ENGINE_2_CHECKS, sorted(ENGINE_2_CHECKS - caught)


def test_what_the_lab_reads_has_a_fault_it_catches() -> None:
    caught = {check for _, checks in FAULTS.values() if len(checks) == 1 for check in checks}
    assert "sides" in caught


def test_kit_catches_an_encoder_that_breaks_its_layout(monkeypatch) -> None:
    """Play encodes without checking each field; the kit encodes with the checks."""
    import plunder
    from plunder.engine.conformance import ConformanceFailure, check_observation
    from plunder.games.duel.encoder import DuelEncoder

    state = plunder.load("duel", players=3).new(seed=1)
    fill = DuelEncoder.fill

    def swapped(self, view, out):  # the same values, two fields in the wrong order
        class Swap:
            def __init__(self) -> None:
                self.held = None

            def put(self, name, values):
                if name == "alive":
                    self.held = list(values)
                    return
                out.put(name, values)
                if name == "dollars":
                    out.put("alive", self.held)

            def one_hot(self, name, index, size):
                out.one_hot(name, index, size)

        fill(self, view, Swap())

    monkeypatch.setattr(DuelEncoder, "fill", swapped)
    state.game._encoder = None
    assert state.observation(0).shape == state.game.observation_shape()  # play does not see it
    with pytest.raises(ConformanceFailure, match="layout"):
        check_observation(state, 0)


# The checks Engine 3 added (teams, windows offered by public information,
# dispatch by decision, defaults): each shown able to fail on a broken Boarding toy.
ENGINE_3_CHECKS = {"teams", "windows", "dispatch", "decisions"}


@pytest.mark.parametrize("fault", sorted(BOARDING_FAULTS))
def test_kit_catches_a_broken_boarding_toy(fault: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game, options, checks = BOARDING_FAULTS[fault]
    register(monkeypatch, game, "boarding:BoardingEncoder")
    with pytest.raises(conformance.ConformanceFailure) as caught:
        conformance.check_game(game(**options), playouts=60, deep=3, max_decisions=5_000)
    assert caught.value.check in checks, str(caught.value)


def test_every_engine_3_check_has_a_fault_it_catches() -> None:
    caught = {check for _, _, checks in BOARDING_FAULTS.values() for check in checks}
    assert caught >= ENGINE_3_CHECKS, sorted(ENGINE_3_CHECKS - caught)
