"""Pirates Under Fire's greedy bot scores each action one ply on, from the state alone."""

from __future__ import annotations

import random

import plunder
from plunder import bots
from plunder.engine.frame import Frame
from plunder.games.underfire.bot import value
from plunder.games.underfire.greedy import GreedyBot
from plunder.games.underfire.rules import UnderFireState
from plunder.games.underfire.sea import INDEX


def _positions(games: int) -> list[UnderFireState]:
    """States of random games where the seat to act chooses its turn's action."""
    found = []
    for seed in range(games):
        state = plunder.load("underfire").new(seed=seed)
        walk = random.Random(seed)
        while not state.is_over:
            seat = min(state.pending)
            legal = state.legal(seat)
            if state.decision is not None and state.decision.kind == "turn" and len(legal) > 1:
                found.append(state.clone())
            state.act(seat, walk.choice(legal))
    return found


def test_a_play_scores_the_value_the_engine_leaves_when_no_effect_aims() -> None:
    # Where the engine plays the action through without asking anything more (no
    # aimed effect, no order of effects) the one-ply score is what ``value`` makes
    # of the engine's own state afterwards: the probe lays the same ship, burns it
    # on a mine, sinks a burning hull, pays a mercenary and counts gold and VP.
    compared = 0
    for state in _positions(6):
        seat = min(state.pending)
        legal = state.legal(seat)
        scores = GreedyBot().scores(state, seat, legal, random.Random(0))
        for action, score in zip(legal, scores, strict=True):
            after = state.clone()
            after.act(seat, action)
            asked = after.decision.kind if after.decision is not None else None
            if after.is_over or asked in ("target", "order"):
                continue
            assert abs(score - value(after, seat)) < 1e-9, action
            compared += 1
    assert compared > 200


def test_scoring_leaves_the_state_as_it_was() -> None:
    for state in _positions(2)[:40]:
        seat = min(state.pending)
        before = state.view(seat, log=False)
        GreedyBot().rank(state, seat, random.Random(0))
        assert state.view(seat, log=False) == before


def _quiet_sea(state: UnderFireState) -> None:
    state.sea[:] = [None] * len(state.sea)
    state.mines[:] = [False] * len(state.mines)


def test_it_lays_the_ship_that_completes_three_of_a_kind() -> None:
    state = plunder.load("underfire").new(seed=3)
    assert isinstance(state, UnderFireState)
    seat = state.current
    _quiet_sea(state)
    row = "1" if seat == 0 else "6"
    # Two 4s of the seat's side by side on its first row: a third 4 next to them
    # makes three of a kind (5 VP), any other ship at most a pair.
    state.sea[INDEX["a" + row]] = [seat, 4, "", False, False]
    state.sea[INDEX["b" + row]] = [seat, 4, "", False, False]
    state.hand[seat] = [2, 4, 9]
    choice = str(GreedyBot().choose(state, seat, random.Random(0)))
    assert choice == f"4@c{row}"


def test_a_fire_aims_at_the_ship_whose_loss_costs_the_enemy_most() -> None:
    state = plunder.load("underfire").new(seed=3)
    assert isinstance(state, UnderFireState)
    seat = state.current
    enemy = 1 - seat
    _quiet_sea(state)
    # Three enemy 6s in a row score 5 VP; a lone enemy 2 is worth a ship only.
    for column in "abc":
        state.sea[INDEX[column + "3"]] = [enemy, 6, "", False, False]
    state.sea[INDEX["e3"]] = [enemy, 2, "", False, False]
    bot = GreedyBot()
    ranking = {str(a): v for a, v in zip(
        *_target_ranking(bot, state, seat, ["fire@b3", "fire@e3"]), strict=True)}
    assert ranking["fire@b3"] > ranking["fire@e3"]
    assert ranking["fire@b3"] - ranking["fire@e3"] > 4.0  # the combo's 5 VP, less a pair


def _target_ranking(bot: GreedyBot, state: UnderFireState, seat: int, names: list[str]
                    ) -> tuple[list[str], list[float]]:
    """The bot's scores when a line fire from d3 may hit the ships ``names`` aim at."""
    state.push(Frame.of("target", [seat], effect="line", verb="fire", origin="d3",
                        targets=[n.split("@")[1] for n in names]))
    legal = state.legal(seat)
    assert [str(a) for a in legal] == names
    return [str(a) for a in legal], bot.scores(state, seat, legal, random.Random(0))


def test_the_look_ahead_bot_of_before_stays_available() -> None:
    assert bots.names("underfire")[:3] == ["random", "greedy", "ismcts"]
    assert "lookahead" in bots.names("underfire")
    assert bots.from_spec("lookahead", "underfire").name == "lookahead"
