"""The exact 2-player Duel solver: matrix games, the duel's solution and the bot.

Values in the matrix-game tests are worked out by hand in the comments.
"""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import binom

import plunder
from plunder import bots
from plunder.games.duel import solver
from plunder.games.duel.rules import CARD_NAMES
from plunder.match import run_match

READINGS = ("seed", "per-weapon")


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Keep the solver's disk cache out of the user's home while testing."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))


# ------------------------------------------------------------------ matrix games
def test_matching_pennies_is_worth_0_with_half_and_half() -> None:
    # Each side loses 1 whenever it is predictable: only 1/2-1/2 leaves nothing to exploit.
    game = solver.solve_matrix_game([[1, -1], [-1, 1]])
    assert game.value == pytest.approx(0, abs=1e-9)
    assert game.row == pytest.approx([0.5, 0.5])
    assert game.column == pytest.approx([0.5, 0.5])


def test_rock_paper_scissors_is_worth_0_with_thirds() -> None:
    rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    game = solver.solve_matrix_game(rps)
    assert game.value == pytest.approx(0, abs=1e-9)
    assert game.row == pytest.approx([1 / 3] * 3)
    assert game.column == pytest.approx([1 / 3] * 3)


def test_a_pure_saddle_point() -> None:
    # Row minima 2 and 0: the row player can secure 2 with row 0. Column maxima
    # 4, 2, 5: the column player can hold him to 2 with column 1. Value 2, pure.
    game = solver.solve_matrix_game([[4, 2, 3], [1, 0, 5]])
    assert game.value == pytest.approx(2)
    assert game.row.tolist() == [1.0, 0.0]
    assert game.column.tolist() == [0.0, 1.0, 0.0]


def test_a_mixed_two_by_two_game() -> None:
    # [[3, -1], [-2, 1]] has no saddle point (max of row minima -1 < min of column
    # maxima 1). Row plays p on row 0 so both columns pay the same:
    # 3p - 2(1-p) = -p + (1-p)  =>  p = 3/7, value 5(3/7) - 2 = 1/7.
    # Column plays q on column 0: 3q - (1-q) = -2q + (1-q)  =>  q = 2/7.
    game = solver.solve_matrix_game([[3, -1], [-2, 1]])
    assert game.value == pytest.approx(1 / 7)
    assert game.row == pytest.approx([3 / 7, 4 / 7])
    assert game.column == pytest.approx([2 / 7, 5 / 7])


def test_a_dominated_row_gets_no_weight() -> None:
    # Rock-paper-scissors plus a row that is worse than rock against everything.
    game = solver.solve_matrix_game([[0, -1, 1], [1, 0, -1], [-1, 1, 0], [-1, -2, 0]])
    assert game.value == pytest.approx(0, abs=1e-9)
    assert game.row[3] == pytest.approx(0, abs=1e-9)


def test_an_empty_matrix_is_refused() -> None:
    with pytest.raises(plunder.PlunderError, match="non-empty"):
        solver.solve_matrix_game(np.zeros((0, 2)))


# ------------------------------------------------------------------ the duel
@pytest.mark.parametrize("reading", READINGS)
def test_duel_values_are_chances_and_the_seats_share_them(reading: str) -> None:
    """Every value is in [0, 1]; the duel is symmetric and zero-sum, so the two
    players' values of a state add up to 1, and a fresh duel is worth 1/2."""
    solution = solver.duel_solution(reading)
    for level in solution.values:
        assert np.all((level >= -1e-12) & (level <= 1 + 1e-12))
        for index, (mine, theirs) in enumerate(solution.states):
            mirror = solution.index[(theirs, mine)]
            assert level[index] + level[mirror] == pytest.approx(1, abs=1e-9)
        assert level[solution.start] == pytest.approx(0.5, abs=1e-9)
    for level in solution.strategies[1:]:
        for mix in level:
            assert mix.sum() == pytest.approx(1) and np.all(mix >= 0)


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("target", [1, 3, 5])
def test_the_game_is_worth_one_half_to_each_seat(reading: str, target: int) -> None:
    game = solver.game_solution({"players": 2, "deflection": reading, "target": target})
    assert game.first_seat_value == pytest.approx(0.5, abs=1e-9)
    for (mine, theirs), value in game.scores.items():
        assert 0 <= value <= 1
        assert value + game.scores[(theirs, mine)] == pytest.approx(1, abs=1e-9)


def test_a_dollar_ahead_is_worth_three_quarters_in_a_race_to_two() -> None:
    # At $1-$0 with target 2 the leader wins the next duel (1/2) or plays a fresh
    # race at $1-$1 (1/2 of 1/2): 3/4.
    game = solver.game_solution({"players": 2, "target": 2})
    assert game.scores[(1, 0)] == pytest.approx(0.75)


@pytest.mark.parametrize("reading", READINGS)
def test_no_reply_beats_the_solution(reading: str) -> None:
    """Against the solution's strategies, the best reply (worked out shootout by
    shootout) holds the solver to exactly the values: its exploitability is 0."""
    solution = solver.duel_solution(reading)
    worst = np.full(len(solution.states), solver.NO_WINNER)
    outcomes = [1.0, 0.0, solver.NO_WINNER]
    for left in range(1, solution.levels + 10):
        level = solution.level(left)
        extended = np.concatenate([worst, outcomes])
        worst = np.array(
            [
                (solution.strategies[level][s] @ extended[solution._targets[s]]).min()
                for s in range(len(solution.states))
            ]
        )
        assert worst == pytest.approx(solution.values[level], abs=1e-9)


@pytest.mark.parametrize("reading", READINGS)
def test_the_model_plays_shootouts_as_the_engine_does(reading: str) -> None:
    """Walk every reachable pair of hands in the real game and compare every pair
    of actions with the solver's model: same legal moves, same next hands, same
    duel endings."""
    model = solver.duel_solution(reading).model
    game = plunder.load("duel", players=2, deflection=reading, shootout_limit=1000)
    start = game.new(seed=1)
    found = {solver.observed_hands(start.view(0, log=False), 0): start}
    frontier = [start]
    while frontier:
        state = frontier.pop()
        pair = solver.observed_hands(state.view(0, log=False), 0)
        assert solver.observed_hands(state.view(1, log=False), 1) == (pair[1], pair[0])
        for seat, hand in ((0, pair[0]), (1, pair[1])):
            assert [_move(a) for a in state.legal(seat)] == list(model.moves(hand))
        for mine in state.legal(0):
            for theirs in state.legal(1):
                after = state.clone()
                after.act(0, mine)
                after.act(1, theirs)
                expected = model.shootout(pair, _move(mine), _move(theirs))
                if after.view(None)["duel"] != state.view(None)["duel"]:
                    dollars = [p["dollars"] for p in after.view(None)["players"]]
                    got: object = {(1, 0): solver.WIN, (0, 1): solver.LOSS, (0, 0): solver.NONE}[
                        (dollars[0], dollars[1])
                    ]
                else:
                    got = solver.observed_hands(after.view(0, log=False), 0)
                    if got not in found:
                        found[got] = after
                        frontier.append(after)
                assert got == expected, (pair, str(mine), str(theirs))
    assert set(found) == set(model.states())


def _move(action: object) -> solver.Move:
    return (CARD_NAMES.index(action.card), action.target is not None)  # type: ignore[attr-defined]


def test_disk_cache_round_trips_and_ignores_damage(tmp_path: Path) -> None:
    solution = solver.duel_solution("seed")
    path = tmp_path / "solution.json"
    solver._store(path, solution, solver.CONTENT)
    loaded = solver._load_cached(path, "seed", solver.CONTENT)
    assert loaded is not None
    assert loaded.states == solution.states
    for mine, theirs in zip(loaded.values, solution.values, strict=True):
        assert mine.tolist() == theirs.tolist()  # JSON keeps every bit of a float
    assert solver._load_cached(path, "per-weapon", solver.CONTENT) is None  # another key
    data = json.loads(path.read_text())
    data["values"][1] = [0.5]  # a level with one state instead of all
    path.write_text(json.dumps(data))
    assert solver._load_cached(path, "seed", solver.CONTENT) is None
    path.write_text("{not json")
    assert solver._load_cached(path, "seed", solver.CONTENT) is None
    assert solver._load_cached(tmp_path / "missing.json", "seed", solver.CONTENT) is None


def test_the_cache_is_named_by_reading_and_content() -> None:
    path = solver.cache_path("per-weapon")
    assert path.parent == solver.cache_dir()
    assert path.name.startswith("duel-solution-per-weapon-")
    assert solver.content_hash() in path.name


# ------------------------------------------------------------------ the bot
def test_solver_is_registered_for_duel() -> None:
    assert "solver" in bots.names("duel")
    assert bots.from_spec("solver:hard", "duel").name == "solver"


@pytest.mark.parametrize("reading", READINGS)
def test_solver_chooses_legal_actions_to_the_end(reading: str) -> None:
    bot = bots.get("solver", "duel")
    state = plunder.load("duel", players=2, deflection=reading, target=2).new(seed=5)
    rng = random.Random(5)
    while not state.is_over:
        for seat in sorted(state.pending):
            action = bot.choose(state, seat, rng)
            assert action in state.legal(seat)
            state.act(seat, action)


def test_solver_beats_the_random_bot() -> None:
    """The solution wins 98.9% of games against uniform random play (worked out
    exactly below), so it falls short of 34 wins in 40 games with a chance of
    about 2 in 10 million (binomial tail): failing this means the solver is
    broken, not unlucky, whatever the seed."""
    solution = solver.duel_solution("seed")
    odds = solution.odds(30, lambda pair, _left: _uniform(solution, pair))
    exact = solver.race(5, odds.first_wins / (odds.first_wins + odds.second_wins))[(0, 0)]
    assert exact > 0.98
    assert binom.cdf(33, 40, exact) < 1e-6

    report = run_match("duel", ["solver", "random"], games=40, seed=7)
    assert report.bots[0].wins >= 34


def _uniform(solution: solver.DuelSolution, pair: solver.Pair) -> list[float]:
    moves = solution.model.moves(pair[0])
    return [1 / len(moves)] * len(moves)


def test_solver_refuses_three_players() -> None:
    bot = bots.get("solver", "duel")
    game = plunder.load("duel", players=3)
    with pytest.raises(bots.UnknownBot, match="2-player Duel only"):
        bot.check_game(game)
    with pytest.raises(bots.UnknownBot, match="2-player Duel only"):
        bot.choose(game.new(seed=1), 0, random.Random(1))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"duel_limit": 9}, "use duel_limit >= 11"),
        ({"shootout_limit": 4}, "almost never have a winner"),
    ],
)
def test_solver_refuses_limits_that_would_decide_games(options: dict, message: str) -> None:
    game = plunder.load("duel", players=2, **options)
    with pytest.raises(bots.UnknownBot, match=message):
        bots.get("solver", "duel").check_game(game)


@pytest.mark.parametrize("shootouts", [1, 3, 4])
def test_solver_plays_one_duel_for_one_dollar_whatever_its_shootout_limit(shootouts: int) -> None:
    # A duel with no winner ends that game in a draw, worth 1/2 to each seat: the
    # value the solution gives it, so the limit changes nothing the solver assumes.
    options = {"players": 2, "target": 1, "duel_limit": 1, "shootout_limit": shootouts}
    bots.get("solver", "duel").check_game(plunder.load("duel", **options))
    with pytest.raises(bots.UnknownBot, match="almost never have a winner"):
        bots.get("solver", "duel").check_game(plunder.load("duel", **{**options, "duel_limit": 2}))
    report = run_match("duel", ["solver", "random"], games=20, seed=3, options=options)
    assert report.games == 20


@pytest.mark.parametrize("reading", READINGS)
def test_solver_decides_the_same_whatever_the_opponent_committed(reading: str) -> None:
    """The no-peek property: at every state of a played game, the seat still to
    choose picks the same action for every choice the other seat could have laid
    face down, given the same generator."""
    bot = bots.get("solver", "duel")
    state = plunder.load("duel", players=2, deflection=reading, target=2).new(seed=8)
    rng = random.Random(8)
    while not state.is_over:
        for first in (0, 1):
            second = 1 - first
            picks = set()
            for concealed in state.legal(first):
                probe = state.clone()
                probe.act(first, concealed)
                picks.add(str(bot.choose(probe, second, random.Random(len(state.moves)))))
            assert len(picks) == 1, picks
        for seat in sorted(state.pending):
            state.act(seat, bot.choose(state, seat, rng))


def test_the_last_shootouts_are_played_for_what_is_left() -> None:
    """With one shootout left under the seed's reading, a shooter cannot be hit and
    a miss ends the duel as a draw: the solution then never hides or reloads."""
    solution = solver.duel_solution("seed")
    start = solution.states[solution.start]
    last = dict(solution.strategy(start, 1))
    for card in ("barricade", "reload"):
        assert last[(CARD_NAMES.index(card), False)] == pytest.approx(0, abs=1e-9)
    assert solution.strategy(start, 30) == solution.strategy(start, 10_000)


# ------------------------------------------------------------------ the report script
SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "duel_solver_report.py"


def test_report_script_prints_values_and_matches(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("duel_solver_report", SCRIPT)
    assert spec is not None and spec.loader is not None
    report = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(report)
    assert report.main(["--games", "4", "--opponents", "random", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    default = figures["values"][0]
    assert default["label"] == "default"
    assert default["first_seat_win"] == pytest.approx(0.5)
    assert default["first_seat_expected"] == pytest.approx(0, abs=1e-9)
    assert {v["options"]["deflection"] for v in figures["values"]} == set(READINGS)
    (match,) = figures["matches"]
    assert match["opponent"] == "random" and match["games"] == 4
    assert 0 <= match["ci95"][0] <= match["solver_share"] <= match["ci95"][1] <= 1
    assert match["exact_solver_share"] > 0.98
