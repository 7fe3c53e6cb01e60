"""Swordplay's batch engine against the scalar engine, step by step.

For many seeds, at every player count, with the Arena crossover, realistic parries,
named fighters and a short turn limit, the batch engine and the scalar engine given
the same actions (hypothesis chooses them among the legal ones) and the same chance
(the fighters, first player and decks the scalar engine dealt; at each step keys
that order a discard pile made into a deck, read by both) agree on every seat's mask
and observation, the spectator's, the end and the returns, at every step
(``differential.py``). About 300 plays by default, some 1,400 more under ``--slow``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import plunder
from plunder.engine.errors import OptionError
from plunder.games.swordplay.batch import FIGHTER_NAMES
from plunder.rl.batched import rules_for
from rl.differential import ids, play_side_by_side


def deal_of(rules: Any, scalars: Sequence[plunder.State]) -> dict[str, Any]:
    """The chance each scalar play was dealt with: its fighters, its first player, and
    each deck's order before the hands were drawn from its end (first player first)."""
    fighters, firsts, decks = [], [], []
    for state in scalars:
        first = state.active  # type: ignore[attr-defined]
        fighters.append([FIGHTER_NAMES.index(f) for f in state.fighter])  # type: ignore[attr-defined]
        firsts.append(first)
        order = [(first + k) % state.players for k in range(state.players)]
        rows = []
        for side in rules.sides:
            drawn = [c for seat in reversed(order) if state.side[seat] == side  # type: ignore[attr-defined]
                     for c in state.hands[seat]]  # type: ignore[attr-defined]
            cards = [rules.cards.index(c) for c in list(state.decks[side]) + drawn]  # type: ignore[attr-defined]
            rows.append(cards + [-1] * (rules.width - len(cards)))
        decks.append(rows)
    return {"fighters": np.array(fighters), "first": np.array(firsts), "decks": np.array(decks)}


def chance_for(rules: Any, scalars: Sequence[plunder.State], rng: np.random.Generator
               ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Keys for the batch step (every play's, not only those ``step_chance`` would
    draw), and for each scalar play a shuffle that makes a deck anew in their order."""
    chance = {"rows": np.arange(len(scalars)), "keys": rng.random((len(scalars), rules.width))}
    draws = []
    for row, state in enumerate(scalars):
        keys = chance["keys"][row]

        def shuffle(items: list[str], keys: np.ndarray = keys, state: Any = state) -> None:
            (side,) = [i for i, s in enumerate(rules.sides) if state.decks[s] is items]
            items[:] = renewed(rules, side, items, keys)

        draws.append({"shuffle": shuffle})
    return chance, draws


def renewed(rules: Any, side: int, cards: list[str], keys: np.ndarray) -> list[str]:
    """The deck the batch makes of ``cards``: every copy of the side's deck as listed,
    those present ordered by ``keys``."""
    present = []
    for position, (card, rank) in enumerate(zip(rules.listed[side], rules.rank[side],
                                                strict=True)):
        if card >= 0 and rank < cards.count(rules.cards[card]):
            present.append((keys[position], position, rules.cards[card]))
    assert len(present) == len(cards)
    return [card for _, _, card in sorted(present)]


TABLES = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 6},
    {"players": 2, "realistic_parries": True, "turn_limit": 40},
    {"players": 3, "arena_seats": 1},
    {"players": 5, "arena_seats": 2, "realistic_parries": True},
    {"players": 4, "pirates": "hollis,finch,morrow,mako"},
    {"players": 4, "pirates": "vane,grady,sigrun,torvald", "arena_seats": 2},
    {"players": 2, "pirates": "finch,brakka", "arena_seats": 1, "turn_limit": 25},
]


@pytest.mark.parametrize("options", TABLES, ids=ids)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=st.integers(0, 2**31), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=40))
def test_batch_swordplay_plays_as_the_scalar_engine(options: dict, first: int,
                                                    picks: list[int]) -> None:
    # Ten plays side by side, every step compared: 330 plays in the default run.
    seeds = [first + k for k in range(10)]
    compared, _ = play_side_by_side("swordplay", options, seeds, picks, 150, deal_of,
                                    chance_for)
    assert compared > 1


@pytest.mark.slow
@pytest.mark.parametrize("options", TABLES, ids=ids)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=st.integers(0, 2**31), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=80))
def test_batch_swordplay_plays_as_the_scalar_engine_at_scale(options: dict, first: int,
                                                             picks: list[int]) -> None:
    seeds = [first + k for k in range(16)]
    compared, ended = play_side_by_side("swordplay", options, seeds, picks, 3000, deal_of,
                                        chance_for)
    assert compared > 1 and ended > 0


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4, "arena_seats": 1}],
                         ids=ids)
def test_whole_plays_to_their_end(options: dict) -> None:
    # Played to the end (defeats, reshuffles, the winners and returns compared too).
    seeds = list(range(12))
    _, ended = play_side_by_side("swordplay", options, seeds, list(range(1, 89)), 3000,
                                 deal_of, chance_for)
    assert ended == len(seeds)


def test_a_play_cut_off_by_the_turn_limit_has_no_winner() -> None:
    seeds = list(range(8))
    _, ended = play_side_by_side("swordplay", {"players": 3, "turn_limit": 3}, seeds, [0],
                                 100, deal_of, chance_for)
    assert ended == len(seeds)
    rules = rules_for("swordplay", players=3, turn_limit=3)
    state = rules.deal(np, rules.deal_chance(np.random.default_rng(1), 4))
    rng = np.random.default_rng(2)
    for _ in range(50):
        legal = rules.legal(np, state)
        actions = np.where(legal.any(axis=2), legal.argmax(axis=2), rules.noop)
        state = rules.step(np, state, actions, rules.step_chance(rng, state))
    assert state["over"].all()
    assert np.allclose(rules.returns(np, state), 1 / 3)


def test_weapon_breakage_is_refused_by_name() -> None:
    with pytest.raises(OptionError, match="weapon_breakage") as raised:
        rules_for("swordplay", weapon_breakage=True)
    assert raised.value.field == "weapon_breakage"  # type: ignore[attr-defined]


def test_every_fighter_is_dealt_in_the_tests() -> None:
    listed = {p for options in TABLES for p in options.get("pirates", "").split(",") if p}
    assert listed == set(FIGHTER_NAMES)
