"""Pirates Under Fire's batch engine against the scalar engine, step by step.

For many seeds, under every choice of the game's options (when it ends, where a
burning ship may be reached, how a turn draws), the batch engine and the scalar
engine given the same actions (hypothesis chooses them among the legal ones) and
the same chance (the sea, market, fleets and first player the scalar engine dealt;
at each step keys that pick the ships a reserve gives, read by both) agree on every
seat's mask and observation, the spectator's, the end and the returns, at every
step (``differential.py``): about 120 plays by default (96 for their first 60
steps, 20 to their end), some 770 more, each to its end, under ``--slow``.
Positions random play seldom reaches are set by hand (a blockaded seat, R32 and
R51), final scores are compared on crowded seas, and dealt seas are checked
against every half the rules could lay.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations, product
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import plunder
from plunder.games.underfire.content import CONTENT, NUMBERS
from plunder.games.underfire.encoder import MERCS
from plunder.games.underfire.sea import COLUMNS
from plunder.rl.batched import rules_for
from rl.differential import compare, ids, play_side_by_side


def deal_of(rules: Any, scalars: Sequence[plunder.State]) -> dict[str, Any]:
    """The chance each scalar play was dealt with: its sea, its market, each fleet's
    draw pile before the hand was drawn from its end, each reserve, the first player."""
    space, market, piles, reserves, first = [], [], [], [], []
    for state in scalars:
        view: Any = state
        space.append([rules.code_index[code] if code else -1 for code in view.effects])
        market.append([m in view.market for m in MERCS])
        # The hand was drawn off the pile's end; the order within it does not matter.
        piles.append([list(view.pile[seat]) + list(view.hand[seat]) for seat in (0, 1)])
        reserves.append([[view.reserve[seat].count(n) for n in NUMBERS] for seat in (0, 1)])
        first.append(view.current)
    return {"space": np.array(space), "market": np.array(market), "piles": np.array(piles),
            "reserve": np.array(reserves), "first": np.array(first)}


def chance_for(rules: Any, scalars: Sequence[plunder.State], rng: np.random.Generator
               ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Keys for the batch step, and for each scalar play a ``randrange`` that takes from
    the reserve the ship the batch takes with them: the ``key * size``-th of the
    reserve's ships in order of number."""
    chance = {"reserve": rng.random((len(scalars), rules.reserve_draws))}
    draws = []
    for row, state in enumerate(scalars):

        def randrange(stop: int, keys: np.ndarray = chance["reserve"][row], state: Any = state,
                      used: list[int] = [0]) -> int:  # noqa: B006 - one counter a step
            reserve = state.reserve[state.current]
            assert len(reserve) == stop, "the scalar engine drew for something else"
            pick = int(keys[used[0]] * stop)
            used[0] += 1
            return int(reserve.index(sorted(reserve)[pick]))

        draws.append({"randrange": randrange})
    return chance, draws


TABLES = [
    {},
    {"end": "sixteen"},
    {"burning": "accessible"},
    {"draw": "one"},
    {"draw": "fill"},
    {"draw": "fill", "burning": "accessible", "end": "sixteen"},
]


@pytest.mark.parametrize("options", TABLES, ids=lambda o: ids(o) or "default")
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=st.integers(0, 2**31), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=40))
def test_batch_underfire_plays_as_the_scalar_engine(options: dict, first: int,
                                                    picks: list[int]) -> None:
    # Eight plays side by side for 60 steps, every step compared.
    seeds = [first + k for k in range(8)]
    compared, _ = play_side_by_side("underfire", options, seeds, picks, 60, deal_of, chance_for)
    assert compared > 1


@pytest.mark.slow
@pytest.mark.parametrize("options", TABLES, ids=lambda o: ids(o) or "default")
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=st.integers(0, 2**31), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=80))
def test_batch_underfire_plays_as_the_scalar_engine_at_scale(options: dict, first: int,
                                                             picks: list[int]) -> None:
    seeds = [first + k for k in range(16)]
    compared, ended = play_side_by_side("underfire", options, seeds, picks, 1000, deal_of,
                                        chance_for)
    assert compared > 1 and ended == len(seeds)


@pytest.mark.parametrize("options", [{}, {"draw": "one"}], ids=lambda o: ids(o) or "default")
def test_whole_plays_to_their_end(options: dict) -> None:
    # Played to the end: the final scoring, the winners and the returns compared too.
    seeds = list(range(10))
    _, ended = play_side_by_side("underfire", options, seeds, list(range(1, 89)), 1000,
                                 deal_of, chance_for)
    assert ended == len(seeds)


def test_random_plays_of_the_batch_engine_end_with_a_result() -> None:
    rules = rules_for("underfire")
    rng = np.random.default_rng(3)
    state = rules.deal(np, rules.deal_chance(rng, 64))
    for _ in range(400):
        legal = rules.legal(np, state)
        deciding = legal.any(axis=2)
        # Every live play has exactly one seat deciding, at least one action open.
        assert np.array_equal(deciding.sum(axis=1), (~state["over"]).astype(int))
        picks = np.array([[rng.choice(np.flatnonzero(row)) if row.any() else rules.noop
                           for row in play] for play in legal])
        state = rules.step(np, state, picks, rules.step_chance(rng, state))
        if state["over"].all():
            break
    assert state["over"].all()
    returns = rules.returns(np, state)
    assert np.allclose(returns.sum(axis=1), 1.0)


def batch_state_of(rules: Any, scalar: Any) -> dict[str, Any]:
    """The batch state of a scalar play at a turn decision with no effect waiting (a
    position set by hand), as one play."""
    sea = scalar.sea
    ships = [ship or [-1, 0, "", False, False] for ship in sea]

    def per_seat(values: Any) -> np.ndarray:
        return np.array([values])

    piles = [list(p) + [0] * (18 - len(p)) for p in scalar.pile]
    return {
        "space": np.array([[rules.code_index[c] if c else -1 for c in scalar.effects]]),
        "mine": np.array([scalar.mines]),
        "owner": np.array([[s[0] for s in ships]], dtype=np.int8),
        "number": np.array([[s[1] for s in ships]], dtype=np.int8),
        "merc": np.array([[MERCS.index(s[2]) if s[2] else -1 for s in ships]], dtype=np.int8),
        "burning": np.array([[bool(s[3]) for s in ships]]),
        "shield": np.array([[bool(s[4]) for s in ships]]),
        "gold": per_seat(scalar.gold),
        "vp": per_seat(scalar.vp),
        "limit": per_seat(scalar.limit),
        "turns": per_seat(scalar.turns),
        "final": per_seat(scalar.final),
        "done": per_seat(scalar.done),
        "winners": np.zeros((1, 2), dtype=bool),
        "pile": np.array([piles], dtype=np.int8),
        "pile_n": per_seat([len(p) for p in scalar.pile]),
        "hand": np.array([[[h.count(n) for n in NUMBERS] for h in scalar.hand]]),
        "reserve": np.array([[[r.count(n) for n in NUMBERS] for r in scalar.reserve]]),
        "market": np.array([[m in scalar.market for m in MERCS]]),
        "current": np.array([scalar.current]),
        "phase": np.array([0]),
        "played": np.array([scalar.played]),
        "bought": np.array([scalar.bought]),
        "origin": np.array([0]),
        "queue": np.full((1, rules.width), -1),
        "amount": np.zeros((1, rules.width), dtype=np.int64),
        "aim": np.array([-1]),
        "targets": np.zeros((1, len(sea)), dtype=bool),
        "over": np.array([False]),
    }


def blockaded(gold: int) -> tuple[Any, Any, dict[str, Any]]:
    """Seat 1 has laid its ship and may only end its turn; seat 0, next, has no ship on
    the sea and seat 1's active ships fill her first row, and a2 behind a1; she holds
    ``gold`` and the Kraken is for hire (R19, R32, R51)."""
    game = plunder.load("underfire")
    seed = next(s for s in range(100) if game.new(seed=s).current == 1)
    scalar: Any = game.new(seed=seed)
    for i in range(7):  # a1 to g1
        scalar.sea[i] = [1, 1 + i, "", False, False]
    scalar.sea[7] = [1, 9, "", False, False]  # a2: a Kraken on a1 would open nothing
    scalar.market[3] = "kraken" if "kraken" not in scalar.market else scalar.market[3]
    scalar.gold[0] = gold
    scalar.played = scalar.bought = True
    scalar._legal_cache = {}
    return game, scalar, batch_state_of(rules_for("underfire"), scalar)


def test_a_blockaded_player_is_offered_only_the_hire_that_opens_her_a_space() -> None:
    game, scalar, state = blockaded(gold=4)
    rules = rules_for("underfire")
    space = game.action_space()
    compare(rules, [scalar], state)
    end = space.index(game.parse("end"))
    state = rules.step(np, state, np.array([[rules.noop, end]]), rules.step_chance(
        np.random.default_rng(0), state))
    scalar.act(1, game.parse("end"))
    compare(rules, [scalar], state)
    offered = [space.action(i).notation for i in np.flatnonzero(rules.legal(np, state)[0, 0])]
    assert offered == [f"buy:kraken@{c}1" for c in "bcdefg"]
    hire = space.index(game.parse("buy:kraken@d1"))
    state = rules.step(np, state, np.array([[hire, rules.noop]]), rules.step_chance(
        np.random.default_rng(0), state))
    scalar.act(0, game.parse("buy:kraken@d1"))
    compare(rules, [scalar], state)
    # The main action is due: a ship of her hand next to the Kraken, on d2 alone.
    laid = {space.action(i).notation.split("@")[1]
            for i in np.flatnonzero(rules.legal(np, state)[0, 0])}
    assert laid == {"d2"}


def test_a_blockaded_player_without_the_gold_loses_at_once() -> None:
    game, scalar, state = blockaded(gold=3)
    rules = rules_for("underfire")
    end = game.action_space().index(game.parse("end"))
    state = rules.step(np, state, np.array([[rules.noop, end]]), rules.step_chance(
        np.random.default_rng(0), state))
    scalar.act(1, game.parse("end"))
    compare(rules, [scalar], state)
    assert bool(state["over"][0]) and scalar.is_over
    assert np.allclose(rules.returns(np, state)[0], [0.0, 1.0])


def halves_the_rules_allow() -> set[tuple[int, ...]]:
    """Every half of the sea the scalar rules could lay for seat 0 (R3-R5): two
    squares and a strip in any order from the left, each on either face, as codes."""
    rules = rules_for("underfire")
    boards = CONTENT.boards
    found = set()
    for pair in permutations(CONTENT.by_kind["square"], 2):
        for strip in CONTENT.by_kind["strip"]:
            for order in permutations((*pair, strip)):
                for faces in product("ab", repeat=3):
                    half = [-1] * (3 * COLUMNS)
                    column = 0
                    for board, face in zip(order, faces, strict=True):
                        grid = boards[board].faces[face]
                        for depth, row in enumerate(grid):
                            for offset, step in enumerate(row):
                                if step is not None:
                                    code = rules.code_index[step.code]
                                    half[depth * COLUMNS + column + offset] = code
                        column += len(grid[0])
                    found.add(tuple(half))
    return found


def test_the_batch_deal_lays_seas_the_rules_allow() -> None:
    rules = rules_for("underfire")
    space = rules.deal_chance(np.random.default_rng(4), 300)["space"]
    allowed = halves_the_rules_allow()
    # Seat 1's half is laid turned round: read from its owner's side it is a half too.
    turned = space[:, ::-1][:, :3 * COLUMNS]
    assert all(tuple(row) in allowed for row in space[:, :3 * COLUMNS])
    assert all(tuple(row) in allowed for row in turned)
    # Both halves differ in some seas (each draws its own boards and faces).
    assert (space[:, :3 * COLUMNS] != turned).any(axis=1).mean() > 0.9


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), fill=st.floats(0.3, 1.0))
def test_final_scores_are_the_scalar_engines(seed: int, fill: float) -> None:
    # Seas crowded with ships of both fleets, burning or not, and mercenaries: the
    # batch engine's final score of each seat is the scalar engine's (R33-R37).
    game = plunder.load("underfire")
    scalar: Any = game.new(seed=seed % 1000)
    rng = np.random.default_rng(seed)
    hirable = [MERCS[i] for i in rng.permutation(len(MERCS))]  # one of each (R8)
    for i in range(len(scalar.sea)):
        if rng.random() < fill:
            merc = hirable.pop() if hirable and rng.random() < 0.2 else ""
            number = 0 if merc else int(rng.integers(1, 10))
            scalar.sea[i] = [int(rng.integers(2)), number, merc, bool(rng.random() < 0.2),
                             False]
    scalar.gold[:] = [int(g) for g in rng.integers(0, 12, 2)]
    scalar.vp[:] = [int(v) for v in rng.integers(0, 6, 2)]
    rules = rules_for("underfire")
    state = batch_state_of(rules, scalar)
    totals = rules._totals(state, np.array([0]))[0]
    assert [int(t) for t in totals] == [scalar.breakdown(seat)["total"] for seat in (0, 1)]
