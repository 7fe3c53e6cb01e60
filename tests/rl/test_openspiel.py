"""The OpenSpiel games: registration, parameters, the deal, strings, bots and pickling."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest

import plunder
from plunder.rl import openspiel


def test_every_registered_game_is_registered_with_openspiel() -> None:
    names = openspiel.register()
    assert names == sorted(f"python_plunder_{name}" for name in plunder.engine.names())
    assert set(names) <= set(pyspiel.registered_names())
    # Registering again changes nothing.
    assert openspiel.register() == names


def test_options_are_game_parameters() -> None:
    game = openspiel.load_game("duel", players=3, target=2)
    assert game.num_players() == 3
    assert game.plunder.options["target"] == 2
    assert game.get_parameters()["target"] == 2
    space = plunder.load("duel", players=3).action_space()
    assert game.num_distinct_actions() == len(space)
    assert game.observation_tensor_size() == plunder.load("duel", players=3).observation_shape()[0]
    loaded = pyspiel.load_game("python_plunder_duel(players=4,target=3)")
    assert loaded.num_players() == 4 and loaded.plunder.options["target"] == 3
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM


def test_a_bad_option_is_refused_with_the_games_message() -> None:
    with pytest.raises(plunder.OptionError, match="target"):
        openspiel.load_game("duel", target=0)


def test_the_deal_is_the_root_chance_node() -> None:
    game = openspiel.load_game("duel", players=2, seeds=8)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [seed for seed, _ in outcomes] == list(range(8))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(5)
    assert state.is_simultaneous_node()
    # The play is the engine's play of that seed.
    assert state.table.view(None, log=False) == plunder.load("duel", players=2).new(seed=5).view(
        None, log=False
    )


def test_waiting_seats_have_no_legal_actions_and_deciding_ones_the_engines() -> None:
    game = openspiel.load_game("duel", players=3)
    state = game.new_initial_state()
    state.apply_action(1)
    space = game.plunder.action_space()
    for seat in range(3):
        expected = sorted(space.index(a) for a in state.table.legal(seat))
        assert state.legal_actions(seat) == expected


def test_recall_and_view_information_states() -> None:
    recall = openspiel.load_game("duel", players=2)
    view = openspiel.load_game("duel", players=2, info_state="view")
    states = [g.new_initial_state() for g in (recall, view)]
    for state in states:
        state.apply_action(0)
        state.apply_actions([state.legal_actions(0)[0], state.legal_actions(1)[0]])
    with_recall, markov = states
    assert markov.information_state_string(0) == markov.observation_string(0)
    assert with_recall.information_state_string(0) != with_recall.observation_string(0)
    assert with_recall.information_state_string(0).endswith(with_recall.observation_string(0))
    assert np.array_equal(
        with_recall.information_state_tensor(0), with_recall.observation_tensor(0)
    )


def test_turn_based_conversion_hides_the_earlier_choice() -> None:
    game = pyspiel.convert_to_turn_based(openspiel.load_game("duel", players=2))
    first = game.new_initial_state()
    first.apply_action(0)
    second = first.clone()
    legal = first.legal_actions()
    first.apply_action(legal[0])
    second.apply_action(legal[-1])
    assert first.current_player() == second.current_player() == 1
    assert first.information_state_string(1) == second.information_state_string(1)
    assert first.information_state_string(0) != second.information_state_string(0)


def test_openspiel_bots_play_it() -> None:
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    game = openspiel.load_game("rumble", players=3)
    bots = [pyspiel.make_uniform_random_bot(seat, seat + 1) for seat in range(3)]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert sum(returns) == pytest.approx(1.0)
    assert all(0.0 <= r <= 1.0 for r in returns)


def test_states_pickle_and_clone_to_the_same_play() -> None:
    game = openspiel.load_game("rumble", players=2)
    state = game.new_initial_state()
    state.apply_action(4)
    rng = np.random.RandomState(0)
    for _ in range(3):
        state.apply_actions([int(rng.choice(state.legal_actions(p) or [0])) for p in range(2)])
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state)
    clone = state.clone()
    clone.apply_actions(
        [clone.legal_actions(p)[0] if clone.legal_actions(p) else 0 for p in (0, 1)]
    )
    assert str(clone) != str(state)
