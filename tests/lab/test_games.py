"""Every registered game runs through the lab, its content statistics included, and the
same seed gives the same figures on every backend."""

from __future__ import annotations

import random
from typing import Any

import pytest

import plunder
from plunder import bots as bot_registry
from plunder.engine.errors import OptionError
from plunder.engine.registry import manifest, part
from plunder.lab.run import LOCAL, Backend
from plunder.lab.study import LabSpec, run_lab


def figures(report: Any) -> Any:
    """The report without what depends on the machine (every ``"timing"`` entry)."""
    if isinstance(report, dict):
        return {k: figures(v) for k, v in report.items() if k != "timing"}
    if isinstance(report, list):
        return [figures(v) for v in report]
    return report


def game_bots(name: str) -> tuple[str, ...]:
    return ("greedy", "random") if "greedy" in bot_registry.names(name) else ("random",)


def check_report(report: dict[str, Any], name: str, games: int) -> None:
    game = plunder.load(name)
    (study,) = report["studies"]
    measures = study["measures"]
    assert measures["games"] == games
    assert len(measures["seats"]) == game.players
    assert sum(s["wins"] for s in measures["seats"]) == pytest.approx(
        games * (1 - measures["without_winner_share"])
    )
    assert 0 <= measures["balance"] <= 1
    assert measures["length"]["decisions"]["mean"] > 0
    assert sum(measures["length"]["decisions"]["histogram"]["counts"]) == games
    assert measures["branching"]["mean_legal_actions"] >= 1
    assert set(measures["bots"]) == set(report["bots"])
    # What the game's manifest declares, the lab reports; what it does not, it leaves out.
    declared = manifest(name)
    if declared.stats is not None:
        assert measures["content"] is not None
        assert measures["length"]["rounds"]["count"] == games
        assert measures["cut_off_share"] is not None
    else:
        assert measures["content"] is None and measures["length"]["rounds"] is None
    assert (measures["drama"] is None) == (declared.evaluate is None)


def every_game() -> list[Any]:
    return [
        pytest.param(info.name, marks=[pytest.mark.slow] if info.name in _slow() else [])
        for info in plunder.games()
    ]


def _slow() -> set[str]:
    # Two greedy-against-random games take about 2 s for Duel, Rumble and Swordplay
    # together, 3 s for Pirates Under Fire and 7 s for Rum & Bones: the last two are slow.
    return {"rumbones", "underfire"}


@pytest.mark.parametrize("name", every_game())
def test_every_game_runs_through_the_lab(name: str) -> None:
    spec = LabSpec(name, game_bots(name), 2, {}, seed=11)
    report = run_lab(spec, Backend(jobs=1))
    check_report(report, name, 2)


def test_games_declare_content_statistics() -> None:
    # Each game's own pieces: the lab reads them from the manifest without knowing them.
    expected = {
        "duel": ("plays", "card"),
        "rumble": ("picks", "pirate"),
        "swordplay": ("picks", "fighter"),
        "underfire": ("amounts", "vp"),
        "rumbones": ("picks", "hero"),
    }
    for name, (group, kind) in expected.items():
        if name not in {info.name for info in plunder.games()}:
            continue
        if name in _slow():
            continue  # played in the slow test below
        report = run_lab(LabSpec(name, game_bots(name), 2, {}, seed=5), Backend(jobs=1))
        assert kind in report["studies"][0]["measures"]["content"][group], name


@pytest.mark.slow
@pytest.mark.parametrize("name", ["underfire", "rumbones"])
def test_slow_games_declare_content_statistics(name: str) -> None:
    group, kind = {"underfire": ("amounts", "vp"), "rumbones": ("picks", "hero")}[name]
    report = run_lab(LabSpec(name, game_bots(name), 2, {}, seed=5), Backend(jobs=1))
    content = report["studies"][0]["measures"]["content"]
    assert kind in content[group]
    if name == "underfire":
        # The sources of a seat's final score (R33-R37), each with its mean.
        assert set(content["amounts"]["vp"]) == {"combos", "raiders", "mercenaries", "tokens"}


def tables(name: str) -> list[dict[str, Any]]:
    """Every player count and mode the game accepts, as options."""
    info = next(info for info in plunder.games() if info.name == name)
    found = []
    for players in range(info.min_players, info.max_players + 1):
        for mode in info.modes:
            try:
                plunder.load(name, players=players, mode=mode)
            except OptionError:
                continue  # a mode for other player counts
            found.append({"players": players, "mode": mode})
    return found


@pytest.mark.parametrize(
    "name", [info.name for info in plunder.games() if manifest(info.name).stats is not None])
def test_content_statistics_have_an_entry_for_every_seat_at_every_table(name: str) -> None:
    # A play's statistics name each seat's pieces, in teams and in every mode: the lab
    # refuses a table with an entry missing.
    stats = part(name, "stats")
    for options in tables(name):
        state = plunder.load(name, **options).new(seed=3)
        rng = random.Random(3)
        while not state.is_over:
            seat = min(state.pending)
            state.act(seat, rng.choice(state.legal(seat)))
        found = stats(state).check(options["players"])
        assert found.picks, (name, options)
        for kind, seats in found.picks.items():
            assert all(isinstance(piece, str) for items in seats for piece in items), kind


def test_the_same_seed_gives_the_same_figures_on_one_and_two_processes() -> None:
    spec = LabSpec("swordplay", ("greedy", "random"), 24, {}, seed=9)
    one = run_lab(spec, Backend(jobs=1))
    two = run_lab(spec, Backend(jobs=2))
    assert two["timing"]["backend"] == {"kind": "pool", "jobs": 2}
    assert figures(one) == figures(two)
    # And another seed gives other games.
    other = run_lab(LabSpec("swordplay", ("greedy", "random"), 24, {}, seed=10), Backend(jobs=1))
    assert figures(other) != figures(one)


@pytest.mark.slow
def test_the_same_seed_gives_the_same_figures_on_ray() -> None:
    pytest.importorskip("ray")
    spec = LabSpec("swordplay", ("greedy", "random"), 24, {}, seed=9)
    one = run_lab(spec, Backend(jobs=1))
    on_ray = run_lab(spec, Backend(jobs=2, cluster=LOCAL))
    assert on_ray["timing"]["backend"]["kind"] == "ray"
    assert figures(one) == figures(on_ray)


def test_mirrored_rotations_meet_the_same_deal() -> None:
    spec = LabSpec("swordplay", ("greedy", "random"), 4, {}, seed=3, mirror=True)
    report = run_lab(spec, Backend(jobs=1))
    assert report["studies"][0]["schedule"]["mirror"] is True
    assert report["studies"][0]["schedule"]["balanced"] is True
    assert report["studies"][0]["measures"]["intervals"] == "paired"


def test_a_sweep_runs_one_study_per_value() -> None:
    spec = LabSpec("swordplay", ("greedy", "random"), 4, {}, seed=3,
                   sweep=("turn_limit", (10, 200)))
    report = run_lab(spec, Backend(jobs=1))
    assert report["sweep"] == {"option": "turn_limit", "values": [10, 200]}
    assert [s["value"] for s in report["studies"]] == [10, 200]
    assert [s["options"]["turn_limit"] for s in report["studies"]] == [10, 200]
    assert "turn_limit" not in report["options"]
    short, long = (s["measures"] for s in report["studies"])
    assert short["length"]["rounds"]["max"] <= 10
    assert short["cut_off_share"] >= long["cut_off_share"]


def test_more_bots_than_seats_rates_every_pair() -> None:
    spec = LabSpec("swordplay", ("greedy", "random", "random:easy"), 6, {}, seed=2)
    report = run_lab(spec, Backend(jobs=1))
    found = report["studies"][0]["ratings"]
    assert found["bots"] == ["greedy", "random", "random:easy"]
    assert len(report["studies"][0]["schedule"]["lineups"]) == 3
    matrix = found["win_matrix"]
    assert all(matrix[a][b] is not None for a in range(3) for b in range(3) if a != b)
    assert set(found["openskill"]) == {"greedy", "random", "random:easy"}
