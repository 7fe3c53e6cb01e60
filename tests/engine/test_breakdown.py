"""Every score explained: a finished game's result says how each seat's score came
about, in parts that add up to it, and both tables and the record show them."""

from __future__ import annotations

import random

import pytest

import plunder
from plunder.engine.result import Result

GAMES = [
    ("duel", {"players": 3}),
    ("swordplay", {"players": 2}),
    ("swordplay", {"players": 4}),
    ("underfire", {}),
    ("rumbones", {"players": 2}),
    ("rumbones", {"players": 4}),
    ("rumble", {"players": 4}),
    ("rumble", {"players": 6, "mode": "camp"}),
]


def finished(game: str, options: dict, seed: int) -> plunder.State:
    state = plunder.load(game, **options).new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = min(state.pending - state.committed)
        state.act(seat, rng.choice(state.legal(seat)))
    return state


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g}-{o}" for g, o in GAMES])
@pytest.mark.parametrize("seed", range(4))
def test_each_score_is_the_sum_of_its_parts(game: str, options: dict, seed: int) -> None:
    state = finished(game, options, seed)
    result = state.result
    assert result is not None and len(result.breakdown) == state.players
    for seat in range(state.players):
        parts = result.parts(seat)
        assert sum(parts.values()) == pytest.approx(result.scores[seat]), (seat, parts)
    # The view and the JSON carry the same parts.
    assert state.view(None)["result"]["breakdown"] == [dict(p) for p in result.breakdown]


@pytest.mark.parametrize("seed", range(4))
def test_duel_dollars_are_the_duels_each_seat_won(seed: int) -> None:
    state = finished("duel", {"players": 3}, seed)
    won: dict[int, list[str]] = {seat: [] for seat in range(3)}
    for event in state.events(None):
        if event["type"] == "duel_end" and event["winner"] is not None:
            won[event["winner"]].append(f"duel {event['duel']}")
    for seat in range(state.players):
        parts = state.result.parts(seat)
        assert sorted(parts) == sorted(won[seat]) and set(parts.values()) <= {1}


@pytest.mark.parametrize("seed", range(4))
def test_swordplay_scores_are_the_life_left_never_below_zero(seed: int) -> None:
    state = finished("swordplay", {"players": 2}, seed)
    for seat in range(state.players):
        parts = state.result.parts(seat)
        assert set(parts) == {"life at the start", "life lost"}
        assert parts["life lost"] <= 0 < parts["life at the start"]
        assert state.result.scores[seat] == max(0, state.view(None)["fighters"][seat]["life"])
    assert min(state.result.scores) >= 0


@pytest.mark.parametrize("seed", range(4))
def test_under_fire_vp_by_source_is_the_scoring_the_log_shows(seed: int) -> None:
    state = finished("underfire", {}, seed)
    scoring = [e for e in state.events(None) if e["type"] == "scoring"]
    if not scoring:  # a player who could lay no ship lost unscored
        assert [state.result.parts(s) for s in range(2)] == [{}, {}]
        return
    for seat in range(state.players):
        parts = state.result.parts(seat)
        told = {k: v for k, v in scoring[0]["scores"][seat].items() if k != "total"}
        assert parts == told


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", range(3))
def test_rum_and_bones_vp_by_source_adds_up_the_vp_events(players: int, seed: int) -> None:
    state = finished("rumbones", {"players": players}, seed)
    view = state.view(None)
    gained = [0.0] * len(view["vp"])
    for event in state.events(None):
        if event["type"] == "vp":
            gained[event["side"]] += event["amount"]
    # Each side's parts add up to the VP its events gave it; teammates share them.
    parts = [state.result.parts(s) for s in range(state.players)]
    totals = {sum(p.values()) for p in parts}
    assert totals == set(gained)
    assert len({tuple(sorted(p.items())) for p in parts}) <= len(gained)


def test_a_result_whose_parts_do_not_add_up_is_refused() -> None:
    with pytest.raises(ValueError, match="do not add up"):
        Result(frozenset({0}), (3.0, 1.0), breakdown=({"duel 1": 1}, {"duel 2": 1}))
    with pytest.raises(ValueError, match="seats"):
        Result(frozenset({0}), (3.0, 1.0), breakdown=({"duel 1": 3},))
    kept = Result(frozenset({0}), (1.0, 0.0), breakdown=({"duel 1": 1}, {}))
    assert (kept.parts(0), kept.parts(1)) == ({"duel 1": 1}, {})
    assert hash(kept) == hash(Result(frozenset({0}), (1.0, 0.0), breakdown=({"duel 1": 1}, {})))
