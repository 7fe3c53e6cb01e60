"""The best-response script measures what any bot can win against Duel's greedy bot."""

from __future__ import annotations

import json
from types import ModuleType

import numpy as np
import pytest

import scripts_kit

SCRIPT = scripts_kit.script_path("duel_greedy_best_response")


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Keep the Duel solver's disk cache out of the user's home while testing."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))


def load_script() -> ModuleType:
    return scripts_kit.load_script("duel_greedy_best_response")


def test_exact_figures_and_a_short_simulation(capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script()
    assert script.main(["--games", "4", "--jobs", "1", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    rows = {row["policy"]: row for row in figures["exact"]}
    for row in rows.values():
        assert 0.0 <= row["game_win"] <= 1.0
        total = row["duel_won"] + row["duel_lost"] + row["duel_no_winner"]
        assert total == pytest.approx(1.0)
    # Greedy against itself wins as many duels as it loses; nothing beats the best
    # response.
    assert rows["greedy (itself)"]["duel_share"] == pytest.approx(0.5)
    best = rows["best response"]["game_win"]
    assert all(row["game_win"] <= best + 1e-9 for row in rows.values())
    # The equilibrium guarantees half of every duel.
    assert rows["solver (equilibrium)"]["duel_share"] >= 0.5 - 1e-9
    assert best > 0.99
    simulation = figures["simulation"]
    assert simulation["games"] == 4
    assert 0 <= simulation["ci95"][0] <= simulation["share"] <= simulation["ci95"][1] <= 1


def test_the_exact_greedy_mix_matches_a_hand_count() -> None:
    """Against replies whose scores favour one action in every sample, greedy's mix
    is that action; an exact tie is split evenly."""
    script = load_script()
    cache: dict = {}
    sure = script.greedy_mix(np.array([[1.0, 1.0], [0.0, 0.0]]), 16, cache)
    assert sure.tolist() == pytest.approx([1.0, 0.0])
    tie = script.greedy_mix(np.array([[1.0, 0.0], [1.0, 0.0]]), 16, cache)
    assert tie.tolist() == pytest.approx([0.5, 0.5])
    # One sample against two equally likely replies: each action wins on its own reply.
    coin = script.greedy_mix(np.array([[1.0, 0.0], [0.0, 1.0]]), 1, {})
    assert coin.tolist() == pytest.approx([0.5, 0.5])
