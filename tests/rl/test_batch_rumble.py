"""Pirate Rumble's batch engine against the scalar engine, step by step.

For many seeds, in both modes and with every pirate, the batch engine and the
scalar engine given the same actions (hypothesis chooses them among the legal
ones) and the same chance (the deal the scalar engine drew; at each step the
order of a golden pile made anew and the winners of races, drawn once and read
by both) agree on every seat's mask and observation, the spectator's, the end and
the returns, at every step (``differential.py``). A few hundred plays by
default, about 1,500 more under ``--slow`` (twelve tables, eight draws of 16 plays).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import plunder
from plunder.games.rumble.batch import GOLDEN, PILE, PIRATES
from plunder.games.rumble.content import CONTENT
from plunder.games.rumble.encoder import CAMPS
from rl.differential import ids, play_side_by_side


def deal_of(rules: Any, scalars: Sequence[plunder.State]) -> dict[str, Any]:
    """The chance each scalar play was dealt with, as the batch deal takes it: the
    pirates, the golden pile's order before the pirates' own cards left it, the camps."""
    pirates, piles, camps = [], [], []
    for state in scalars:
        names = state.pirate  # type: ignore[attr-defined]
        pirates.append([PIRATES.index(p) for p in names])
        removed = [c for p in names for c in CONTENT.pirates[p].golden]
        secrets = [c for seat in range(state.players) for c in state.secret[seat]]  # type: ignore[attr-defined]
        order = removed + list(state.pile) + list(state.area)[::-1] + secrets[::-1]  # type: ignore[attr-defined]
        piles.append([GOLDEN.index(c) for c in order])
        if state.camp:  # type: ignore[attr-defined]
            camps.append([CAMPS.index(c) for c in state.camp])  # type: ignore[attr-defined]
    chance = {"pirates": np.array(pirates), "pile": np.array(piles)}
    if camps:
        chance["camps"] = np.array(camps)
    return chance


def chance_for(rules: Any, scalars: Sequence[plunder.State], rng: np.random.Generator
               ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Keys for the batch step, and the same draws for each scalar play: a pile made
    anew in the keys' order, a race to the highest key (the lowest, by arrival)."""
    chance = rules.step_chance(rng, {"over": np.zeros(len(scalars), dtype=bool)})
    arrival = rules.game.options["race"] == "arrival"
    if arrival:  # the scalar plays commit in seat order: the batch's arrival order too
        chance["race"] = np.broadcast_to(np.arange(rules.players, dtype=float),
                                         chance["race"].shape).copy()
    draws = []
    for row in range(len(scalars)):
        keys, race = chance["shuffle"][row], chance["race"][row]

        def shuffle(items: list[str], keys: np.ndarray = keys) -> None:
            items[:] = renewed(items, keys)

        def choice(seats: Sequence[int], race: np.ndarray = race) -> int:
            return max(seats, key=lambda s: race[s])

        draws.append({"shuffle": shuffle, "choice": choice})
    return chance, draws


def renewed(cards: list[str], keys: np.ndarray) -> list[str]:
    """The pile the batch makes of ``cards``: every copy there can be, listed card by
    card, those present ordered by ``keys``."""
    counts = {g: cards.count(name) for g, name in enumerate(GOLDEN)}
    seen: dict[int, int] = {}
    present = []
    for position, g in enumerate(PILE):
        k = seen.get(g, 0)
        seen[g] = k + 1
        if k < counts[g]:
            present.append((keys[position], position, g))
    return [GOLDEN[g] for _, _, g in sorted(present)]


TABLES = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 6},
    {"players": 8},
    {"players": 4, "mode": "camp"},
    {"players": 5, "mode": "camp", "race": "arrival"},
    {"players": 8, "mode": "camp"},
    {"players": 3, "race": "arrival", "block_cut": "yes", "last_gasp": "yes"},
    {"players": 4, "pirates": "read,kidd,chingshih,morgan", "round_limit": 30},
    {"players": 5, "pirates": "roberts,cheung,kuki,zheng,bonny"},
    {"players": 6, "pirates": "blackbeard,pargo,read,kidd,chingshih,morgan", "last_gasp": "yes"},
]


@pytest.mark.parametrize("options", TABLES, ids=ids)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=st.integers(0, 2**31), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=40))
def test_batch_rumble_plays_as_the_scalar_engine(options: dict, first: int,
                                                 picks: list[int]) -> None:
    # Eight plays side by side, every step compared: ~300 plays in the default run.
    seeds = [first + k for k in range(8)]
    compared, _ = play_side_by_side("rumble", options, seeds, picks, 120, deal_of, chance_for)
    assert compared > 1


@pytest.mark.slow
@pytest.mark.parametrize("options", TABLES, ids=ids)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=st.integers(0, 2**31), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=80))
def test_batch_rumble_plays_as_the_scalar_engine_at_scale(options: dict, first: int,
                                                          picks: list[int]) -> None:
    seeds = [first + k for k in range(16)]
    compared, ended = play_side_by_side("rumble", options, seeds, picks, 400, deal_of, chance_for)
    assert compared > 1 and ended > 0


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 6, "mode": "camp"}], ids=ids)
def test_whole_plays_to_their_end(options: dict) -> None:
    seeds = list(range(24))
    _, ended = play_side_by_side("rumble", options, seeds, list(range(1, 89)), 400, deal_of,
                                 chance_for)
    assert ended == len(seeds)


def test_every_pirate_is_dealt_in_the_tests() -> None:
    # The other tables deal at random, which may leave a pirate out: the tables that
    # name their pirates must name every one.
    listed = {p for options in TABLES for p in options.get("pirates", "").split(",") if p}
    assert listed == set(PIRATES)
    assert set(CONTENT.pirates) == set(PIRATES)
