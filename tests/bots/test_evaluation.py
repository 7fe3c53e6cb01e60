"""A game's own evaluation ends IS-MCTS's searches and playouts early; the final move mixes."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import plunder
from plunder import bots
from plunder.bots import ismcts
from plunder.bots.ismcts import ISMCTSBot, evaluator
from plunder.engine import PlunderError, State
from plunder.games.duel import bot as duel_bot
from plunder.games.duel.solver import race


def play(state: State, moves: Sequence[str]) -> State:
    for move in moves:
        state.act(min(state.pending), move)
    return state


def duel_starts(players: int, seed: int, games: int = 3) -> list[State]:
    """Positions between two duels, and a few inside duels, from random games."""
    found = []
    rng = random.Random(seed)
    for number in range(games):
        state = plunder.load("duel", players=players).new(seed=seed + number)
        while not state.is_over:
            for seat in sorted(state.pending):
                state.act(seat, rng.choice(state.legal(seat)))
            found.append(state.clone())
    return found


# ---------------------------------------------------------- Duel's evaluation
@pytest.mark.parametrize("players", [2, 3, 5])
def test_duel_evaluation_gives_a_chance_per_seat_between_duels_only(players: int) -> None:
    evaluated = 0
    for state in duel_starts(players, seed=players):
        values = duel_bot.evaluate(state)
        view = state.view(None, log=False)
        between = (
            not state.is_over
            and view["shootout"] == 1
            and all(p["alive"] and not p["played"] for p in view["players"])
        )
        if not between:
            assert values is None, view
            continue
        evaluated += 1
        assert values is not None and len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)
        # More dollars, a better chance.
        dollars = [p["dollars"] for p in view["players"]]
        order = sorted(range(players), key=lambda s: dollars[s])
        assert [values[s] for s in order] == sorted(values) or len(set(dollars)) < players
    assert evaluated >= 3


def test_duel_evaluation_of_two_players_is_the_race_of_fair_duels() -> None:
    exact = race(5, 0.5)
    for a in range(5):
        for b in range(5):
            mine, theirs = duel_bot.race_shares((5 - a, 5 - b))
            assert mine == pytest.approx(exact[(a, b)], abs=1e-12)
            assert mine + theirs == pytest.approx(1.0, abs=1e-12)


def test_duel_evaluation_is_even_for_equal_dollars() -> None:
    for players in (2, 3, 4, 5):
        assert duel_bot.race_shares((3,) * players) == pytest.approx((1 / players,) * players)
    # A seat one duel from the target, against others far from it.
    first, *rest = duel_bot.race_shares((1, 5, 5))
    assert first > 0.9 and rest[0] == pytest.approx(rest[1])


def test_duel_evaluation_is_found_and_games_without_one_get_none() -> None:
    assert evaluator("duel") is duel_bot.evaluate
    assert evaluator("no-such-game") is None


# ---------------------------------------------------------- the search uses it
def test_a_playout_stops_at_the_first_evaluated_position() -> None:
    world = plunder.load("duel").new(seed=4)
    values = ismcts._rollout(world, random.Random(4), duel_bot.evaluate)
    view = world.view(None, log=False)
    # The first duel is over, the game is not: the playout stopped between duels.
    assert not world.is_over
    assert view["duel"] >= 2 and view["shootout"] == 1
    assert values == duel_bot.evaluate(world)


def test_a_playout_that_ends_the_game_takes_the_games_value_of_the_end() -> None:
    """Where the evaluation scores an ended game (Rumble: no winner is worth less
    than a loss to every seat), a playout reaching that end takes it instead of
    the rules' share."""
    from plunder.games.rumble import bot as rumble_bot

    world = plunder.load("rumble", players=2, round_limit=1).new(seed=1)
    assert ismcts._rollout(world.clone(), random.Random(1), None) in ((0.5, 0.5), (1, 0), (0, 1))
    unwon = 0
    for seed in range(20):
        ended = world.clone()
        values = ismcts._rollout(ended, random.Random(seed), rumble_bot.evaluate)
        assert ended.is_over
        if ended.result.winners:
            assert ended.result.returns() in ((1.0, 0.0), (0.0, 1.0))
            assert values == tuple(
                1.0 if seat in ended.result.winners else rumble_bot.SEARCH_LOSS
                for seat in range(2)
            )
        else:
            unwon += 1
            assert ended.result.returns() == (0.5, 0.5)
            assert values == (0.0, 0.0)
    assert unwon >= 5  # one round rarely kills: most of these games end unwon


def test_the_search_follows_the_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    """An evaluation that says "reloading now wins" makes the bot reload, a move
    that loses at once to any shot: if the hook were ignored it would not."""
    start = plunder.load("duel").new(seed=5)
    first = len(start.moves)

    def reload_wins(world: State) -> tuple[float, ...] | None:
        played = [notation for seat, notation in world.moves[first:] if seat == 0]
        if not played:
            return None
        return (1.0, 0.0) if played[0] == "reload" else (0.0, 1.0)

    monkeypatch.setattr(ismcts, "evaluator", lambda game: reload_wins)
    picks = {str(ISMCTSBot(iterations=200).choose(start, 0, random.Random(s))) for s in range(4)}
    assert picks == {"reload"}
    # Without the evaluation the same search never reloads at the start.
    plain = {
        str(ISMCTSBot(iterations=200, evaluate=False).choose(start, 0, random.Random(s)))
        for s in range(4)
    }
    assert "reload" not in plain


def test_an_evaluation_of_the_wrong_shape_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    state = plunder.load("duel").new(seed=6)
    for bad in ((0.5,), (1.5, -0.5), (0.2, 0.3, 0.5)):
        monkeypatch.setattr(ismcts, "evaluator", lambda game, bad=bad: lambda world: bad)
        with pytest.raises(PlunderError, match="evaluate"):
            ISMCTSBot(iterations=20).choose(state, 0, random.Random(6))


def test_the_evaluation_can_be_switched_off_by_spec() -> None:
    assert bots.from_spec("ismcts", "duel").evaluate is True
    assert bots.from_spec("ismcts:evaluate=0", "duel").evaluate is False
    assert bots.from_spec("ismcts:hard:evaluate=1", "duel").evaluate is True
    for spec in ("ismcts:evaluate=2", "ismcts:evaluate=0.5"):
        with pytest.raises(bots.UnknownBot):
            bots.from_spec(spec, "duel")


# ---------------------------------------------------------- the final move
def test_the_purified_average_strategy() -> None:
    assert ismcts._purified([0.0, 0.0]) is None
    assert ismcts._purified([3.0, 1.0]) == pytest.approx([0.75, 0.25])
    # Shares under PURIFY are dropped and the rest renormalized.
    assert ismcts._purified([0.97, 0.02, 0.01]) == pytest.approx([1.0, 0.0, 0.0])


def test_at_a_simultaneous_step_the_move_is_mixed() -> None:
    """At the start of a duel no single card is best against every reply: the
    search's strategy mixes, and the bot's moves over several seeds differ."""
    start = plunder.load("duel").new(seed=7)
    picks = {str(ISMCTSBot(iterations=300).choose(start, 0, random.Random(s))) for s in range(12)}
    assert len(picks) >= 2, picks
