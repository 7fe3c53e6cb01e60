"""The kit passes a correct game and catches each kind of fault."""

from __future__ import annotations

import pytest

from conformance.toys import FAULTS, CoinsGame, CoinsState, game_with
from plunder.engine import conformance, registry


@pytest.fixture(autouse=True)
def coins_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    # The kit replays records through the registry, so the toy must be findable there.
    monkeypatch.setitem(registry._classes, "coins", CoinsGame)


def test_correct_toy_passes() -> None:
    report = conformance.check_game(game_with(CoinsState), playouts=30, deep=5)
    assert report.playouts == 30
    assert report.states_checked_deeply > 30
    assert sum(report.outcomes.values()) == 30


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_kit_catches(fault: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state_class, checks = FAULTS[fault]

    class Broken(CoinsGame):
        pass

    Broken.state_class = state_class
    # Replays must rebuild the broken game too, as they would a registered one.
    monkeypatch.setitem(registry._classes, "coins", Broken)
    with pytest.raises(conformance.ConformanceFailure) as caught:
        conformance.check_game(Broken(), playouts=30, deep=5, max_decisions=2_000)
    assert caught.value.check in checks, str(caught.value)
