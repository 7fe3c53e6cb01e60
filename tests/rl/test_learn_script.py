"""scripts/learn.py runs end to end on a tiny budget: it trains, evaluates against the
bots, and writes its curve (the learning libraries of the ``learn`` extra needed)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

import scripts_kit


def test_learn_trains_evaluates_and_draws_its_curve(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    pytest.importorskip("matplotlib")
    learn = scripts_kit.load_script("learn")
    status = learn.main([
        "--minutes", "0.05", "--envs", "8", "--steps", "8", "--eval-every", "1",
        "--eval-games", "4", "--final-games", "6", "--option", "target=1",
        "--out", str(tmp_path),
    ])
    assert status == 0
    rows = list(csv.DictReader((tmp_path / "curve.csv").open(encoding="utf-8")))
    assert len(rows) >= 2 and rows[0]["timesteps"] == "0"
    for row in rows:
        for spec in ("random", "greedy"):
            assert 0.0 <= float(row[f"vs {spec}"]) <= 1.0
    assert (tmp_path / "curve.png").stat().st_size > 1000
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert summary["final"]["games"] == 6 and summary["timesteps"] > 0


def test_the_learned_policy_plays_only_legal_actions(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    import random

    import plunder

    learn = scripts_kit.load_script("learn")
    _, maskable_ppo, vec_env = learn.need_learning_libraries()
    from plunder import rl

    env = learn.vec_env_class(vec_env)(rl.vector_env("duel", 4, players=3, seed=1))
    model = maskable_ppo("MlpPolicy", env, n_steps=4, batch_size=16, seed=1, device="cpu")
    game = plunder.load("duel", players=3)
    bot = learn.PolicyBot(model, game)
    state = game.new(seed=2)
    rng = random.Random(2)
    for _ in range(50):
        if state.is_over:
            break
        for seat in sorted(state.pending):
            action = bot.choose(state, seat, rng)
            assert action in state.legal(seat)
            state.act(seat, action)
