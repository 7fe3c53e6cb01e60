"""scripts/learn_duel.py: OpenSpiel's CFR+ and MCCFR on 2-player Duel, played in plunder matches."""

from __future__ import annotations

import json
import random
from types import ModuleType

import pytest

import plunder
import scripts_kit


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Keep the Duel solver's disk cache out of the user's home while testing."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))


def script() -> ModuleType:
    return scripts_kit.load_script("learn_duel")


def test_the_bot_looks_policies_up_under_the_learners_information_states() -> None:
    learn = script()
    for info_state in ("vector", "view"):
        check_keys(learn, info_state)


def check_keys(learn: ModuleType, info_state: str) -> None:
    spiel = learn.spiel_game(learn.OPTIONS, info_state)
    bot = learn.LearnedBot(None, info_state)
    game = plunder.load("duel", **learn.OPTIONS)
    space = game.action_space()
    rng = random.Random(4)
    for seed in range(learn.SEEDS):
        turn_based = spiel.new_initial_state()
        turn_based.apply_action(seed)
        state = game.new(seed=seed)
        for _ in range(4):
            if state.is_over:
                break
            assert turn_based.current_player() == 0
            assert turn_based.information_state_string(0) == bot.key(state, 0)
            first = rng.choice(state.legal(0))
            turn_based.apply_action(space.index(first))
            assert turn_based.information_state_string(1) == bot.key(state, 1)
            # In a match seat 0 commits first: seat 1's key must not change with it.
            state.act(0, first)
            assert turn_based.information_state_string(1) == bot.key(state, 1)
            second = rng.choice(state.legal(1))
            turn_based.apply_action(space.index(second))
            state.act(1, second)


def test_a_best_response_never_does_worse_than_the_games_value() -> None:
    learn = script()
    short = {"players": 2, "target": 1, "duel_limit": 1, "shootout_limit": 2}
    uniform = learn.LearnedBot(None)
    responses = [learn.best_response(uniform, short, seat) for seat in (0, 1)]
    assert all(0.0 <= r <= 1.0 for r in responses)
    # The returns add up to 1 and the game is symmetric: against any policy the two
    # best responses together win at least the whole game.
    assert sum(responses) >= 1.0
    # Uniform play is beaten: it aims at no one as often as at the opponent.
    assert sum(responses) > 1.0


def test_the_script_trains_and_reports_with_tiny_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    learn = script()
    argv = ["--learner", "mccfr", "--iterations", "300", "--checkpoints", "1", "--games", "4",
            "--seed", "3"]
    assert learn.main([*argv, "--exploitability", "never", "--json"]) == 0
    captured = capsys.readouterr()
    figures = json.loads(captured.out)
    assert "iteration" in captured.err
    rows = figures["checkpoints"]
    assert [row["iterations"] for row in rows] == [0, 300]
    for row in rows:
        assert row["exploitability"] is None
        for opponent in learn.OPPONENTS:
            assert 0.0 <= row[f"win_share_vs_{opponent}"] <= 1.0
    assert figures["value"] == pytest.approx(0.5)
    # The same seed learns the same policy and plays the same games.
    assert learn.main([*argv, "--exploitability", "never", "--json"]) == 0
    again = json.loads(capsys.readouterr().out)["checkpoints"]
    timeless = [{k: v for k, v in row.items() if k != "training_seconds"} for row in rows]
    assert [{k: v for k, v in row.items() if k != "training_seconds"} for row in again] == timeless


def test_the_learned_policy_is_the_one_played() -> None:
    import numpy as np
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    learn = script()
    np.random.seed(5)
    spiel = learn.spiel_game(learn.OPTIONS)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(spiel)
    for _ in range(200):
        solver.iteration()
    policy = solver.average_policy()
    bot = learn.LearnedBot(policy)
    turn_based = spiel.new_initial_state()
    turn_based.apply_action(1)
    state = plunder.load("duel", **learn.OPTIONS).new(seed=1)
    space = state.game.action_space()
    expected = policy.action_probabilities(turn_based, 0)
    mix = bot.mix(state, 0)
    assert [space.index(a) for a, _ in mix] == sorted(expected)
    assert [p for _, p in mix] == pytest.approx([expected[i] for i in sorted(expected)])
    # Learned, not uniform: the root was visited at every iteration.
    assert max(p for _, p in mix) > 1.5 / len(mix)


def test_cfr_plus_brings_the_exploitability_down(capsys: pytest.CaptureFixture[str]) -> None:
    learn = script()
    argv = ["--shootouts", "2", "--iterations", "4", "--checkpoints", "2", "--games", "2",
            "--json"]
    assert learn.main(argv) == 0
    rows = json.loads(capsys.readouterr().out)["checkpoints"]
    assert [row["iterations"] for row in rows] == [0, 2, 4]
    exploitability = [row["exploitability"] for row in rows]
    # Uniform play gives a lot away; CFR+'s average policy gives less at every checkpoint.
    assert exploitability[0] > 0.1
    assert exploitability[0] > exploitability[1] > exploitability[2] >= 0.0


def test_the_seeds_deal_both_masters() -> None:
    learn = script()
    learn.check_deals(learn.OPTIONS)
    with pytest.raises(SystemExit, match="masters"):
        learn.check_deals({**learn.OPTIONS, "players": 3})
