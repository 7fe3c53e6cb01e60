"""The Boarding toy: the kit passes it, and each engine piece it uses behaves.

Teams deciding once, a window offered by public information that opens again
after a card, a dice pool with re-rolls and hits assigned one at a time, a board
whose gangplank is taken away and put back, triggers the active seat orders, and
card effects named in content. Everything is read through the public protocol.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.boarding import (
    CONTENT_FILE,
    BoardingGame,
    load_content,
)
from conformance.toys import register
from plunder.engine import ContentError, State, conformance
from plunder.engine.dice import DiceError, DicePool, assignable


@pytest.fixture(autouse=True)
def boarding(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch, BoardingGame, "boarding:BoardingEncoder")


def decision(state: State) -> dict:
    return state.view(None, log=False)["decision"]


def legal(state: State, seat: int) -> list[str]:
    return [str(a) for a in state.legal(seat)]


def play(state: State, *moves: str) -> State:
    """Play ``moves`` in order, each by the lowest pending seat ("S:move" names the seat)."""
    for move in moves:
        seat_text, _, notation = move.rpartition(":")
        seat = int(seat_text) if seat_text else min(state.pending)
        state.act(seat, notation)
    return state


def at_attack(players: int = 2, seed: int = 0) -> State:
    """Red's hero crosses to the gangplank; blue rests; red attacks blue's deckhands."""
    state = BoardingGame(players=players).new(seed=seed)
    play(state, "lead>0", "move>b1", "move>b2", "lead>1", "rest", "rest", "lead>0", "attack>b3")
    return state


def pass_window(state: State) -> None:
    while decision(state)["kind"] == "attack":
        for seat in sorted(state.pending):
            state.act(seat, "pass")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_kit_passes_the_boarding_toy(players: int) -> None:
    game = BoardingGame(players=players)
    report = conformance.check_game(game, playouts=20, deep=2, seed=5)
    assert report.playouts == 20
    assert report.states_checked_deeply > 50
    assert report.longest <= game.max_decisions()


# ------------------------------------------------------------------ teams
def test_teams_are_the_sides_and_results_pay_a_team_as_one() -> None:
    game = BoardingGame(players=3)
    assert game.teams() == (frozenset({0, 2}), frozenset({1}))
    assert game.utility() == "general-sum"
    assert BoardingGame(players=4).utility() == "constant-sum"
    state = game.new(seed=1)
    assert state.view(1, log=False)["teams"] == [[0, 2], [1]]
    assert state.allies(2) == {0, 2}


def test_a_team_decides_once_by_any_of_its_seats() -> None:
    for deciding in (0, 2):
        state = BoardingGame(players=4).new(seed=3)
        frame = decision(state)
        assert (frame["kind"], frame["seats"], frame["answer"]) == ("lead", [0, 2], "any")
        assert state.pending == {0, 2}
        assert legal(state, 0) == legal(state, 2) == ["lead>0", "lead>2"]
        state.act(deciding, "lead>2")
        # One answer decided for the team: its hero (seat 2) acts now.
        assert decision(state)["kind"] == "act"
        assert state.pending == {2}


def test_teammates_see_each_others_hands_and_nothing_of_the_other_side() -> None:
    state = BoardingGame(players=4).new(seed=8)
    view = state.view(0, log=False)
    assert sorted(view["hands"]) == ["0", "2"]
    assert "1" not in view["hands"] and "3" not in view["hands"]
    rng = random.Random(1)
    for _ in range(20):
        world = state.determinize(0, rng)
        assert world.view(0, log=False) == view  # the team's hands are kept
        assert world.view(2, log=False)["hands"] == state.view(2, log=False)["hands"]


# ------------------------------------------------------------------ the window
def test_an_attack_opens_a_window_to_every_seat_with_a_card_with_a_pass() -> None:
    for players in (2, 3, 4):
        state = at_attack(players)
        frame = decision(state)
        public = state.view(None, log=False)
        assert (frame["kind"], frame["window"], frame["timed"]) == ("attack", True, True)
        assert (frame["default"], frame["opening"]) == ("pass", 1)
        holding = [s for s in range(players) if public["hand_sizes"][s] > 0]
        assert frame["seats"] == holding == sorted(state.pending)
        for seat in holding:
            assert "pass" in legal(state, seat)
            assert str(state.timeout_action(seat)) == "pass"


def test_a_seat_with_no_card_for_its_side_is_asked_all_the_same() -> None:
    # Offered by public information: a seat holding only the other side's cards
    # is asked, and may only pass; no one can tell it from a seat that holds one.
    found = 0
    for seed in range(200):
        state = at_attack(2, seed)
        for seat in sorted(state.pending):
            hand = state.view(seat, log=False)["hands"][str(seat)]
            mine = "rally" if seat == 0 else "brace"
            if hand and mine not in hand and "tide" not in hand:
                assert legal(state, seat) == ["pass"]
                found += 1
    assert found > 0


def test_the_window_opens_again_after_a_card_until_all_pass() -> None:
    for seed in range(200):
        state = at_attack(2, seed)
        hand = state.view(0, log=False)["hands"]["0"]
        if "rally" in hand:
            break
    else:
        pytest.fail("no seed gives red a Rally")
    since = state.event_count(None)
    for seat in sorted(state.pending):
        state.act(seat, "play>rally" if seat == 0 else "pass")
    again = decision(state)
    assert (again["kind"], again["opening"]) == ("attack", 2)
    window = [e for e in state.events(None, since) if e["type"] == "window"]
    assert window[0]["choices"]["0"] == "play>rally"
    pass_window(state)
    # The effect named in the content ("dice:1") gave the attack a third die.
    assert len(decision(state)["pool"]["dice"]) == 3


# ------------------------------------------------------------------ dice
def test_each_die_is_rerolled_at_most_once_one_at_a_time() -> None:
    state = at_attack(2, seed=4)
    pass_window(state)
    frame = decision(state)
    assert frame["kind"] == "reroll"
    assert legal(state, 0) == ["keep", "reroll>0", "reroll>1"]
    since = state.event_count(None)
    state.act(0, "reroll>1")
    event = state.events(None, since)[0]
    assert (event["type"], event["index"]) == ("reroll", 1)
    assert legal(state, 0) == ["keep", "reroll>0"]
    assert decision(state)["pool"]["rerolled"] == [1]
    state.act(0, "reroll>0")
    assert decision(state)["kind"] != "reroll"  # no die left to re-roll


def test_hits_are_assigned_one_at_a_time_deckhands_before_heroes() -> None:
    checked = 0
    for seed in range(300):
        state = at_attack(2, seed)
        pass_window(state)
        if decision(state)["kind"] == "reroll":
            state.act(0, "keep")
        frame = decision(state)
        if frame["kind"] != "assign" or frame["hits"] < 2:
            continue
        assert legal(state, 0) == ["hit>crew"]  # deckhands first
        state.act(0, "hit>crew")
        assert state.view(None, log=False)["crew"]["blue"] == ["b3"]
        assert decision(state)["hits"] == frame["hits"] - 1
        checked += 1
    assert checked > 0


@given(
    st.lists(st.integers(1, 6), min_size=1, max_size=8),
    st.integers(2, 6),
    st.integers(-2, 3),
)
def test_a_pool_hits_on_face_plus_modifier_and_never_on_a_one(
    faces: list[int], to_hit: int, modifier: int
) -> None:
    pool = DicePool.of(faces, to_hit, modifier=modifier)
    expected = sum(1 for f in faces if f != 1 and f + modifier >= to_hit)
    assert pool.hits == expected
    index = len(faces) - 1
    again = pool.rerolled_with(index, 6)
    assert again.rerollable == tuple(range(index))
    with pytest.raises(DiceError, match="at most once"):
        again.rerolled_with(index, 5)


def test_hits_go_down_the_priority_levels_only_when_a_level_is_empty() -> None:
    assert assignable([["deckhand"], ["bosun"], ["hero"]]) == ["deckhand"]
    assert assignable([[], [], ["hero", "captain"]]) == ["hero", "captain"]
    assert assignable([[], []]) == []


# ------------------------------------------------------------------ the board
def test_the_gangplank_is_taken_away_and_put_back() -> None:
    state = BoardingGame(players=2).new(seed=2)
    play(state, "lead>0", "move>b1")
    assert "move>b2" in legal(state, 0) and "cut" in legal(state, 0)
    state.act(0, "cut")
    assert state.view(None, log=False)["removed"] == ["b2"]
    play(state, "lead>1", "move>b3")
    assert "move>b2" not in legal(state, 1)  # the link is gone
    assert "mend" in legal(state, 1)
    state.act(1, "mend")
    play(state, "lead>0")
    assert "move>b2" in legal(state, 0)


def test_the_board_reads_range_edges_and_reach() -> None:
    board = load_content().board
    assert board.distance("a1", "c3") == 4  # counted across the sea
    assert board.edge("a1") == ("blue",) and board.edge("b3") == ("red",)
    assert board.reachable("a1", 3) == {"a1": 0, "b1": 1, "c1": 2, "b2": 2, "b3": 3}
    assert board.reachable("a1", 3, blocked=["b2"]) == {"a1": 0, "b1": 1, "c1": 2}
    assert "b2" not in board.reachable("a1", 3, removed=["b2"])
    # Red's crew track runs from its deck to the gangplank.
    assert board.tracks["red"] == (("a1", "b1", "b2"),)
    assert (board.forward("red", "b1"), board.forward("red", "b2")) == ("b2", None)
    assert board.forward("blue", "b1") is None


# ------------------------------------------------------------------ triggers
def test_triggers_that_arise_together_are_ordered_by_the_active_seat() -> None:
    checked = 0
    for seed in range(400):
        state = BoardingGame(players=2, rounds=12).new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            frame = decision(state)
            if frame["kind"] == "order":
                seat = frame["seats"][0]
                assert frame["triggers"] == ["loot", "heal"]
                assert legal(state, seat) == ["first>loot", "first>heal"]
                hp = state.view(None, log=False)["hp"][seat]
                state.act(seat, "first>heal")
                assert state.view(None, log=False)["hp"][seat] == hp + 1
                checked += 1
                break
            seat = min(state.pending)
            state.act(seat, rng.choice(state.legal(seat)))
        if checked >= 2:
            break
    assert checked >= 1


# ------------------------------------------------------------------ content
def broken(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    path = tmp_path / "boarding.toml"
    shutil.copy(CONTENT_FILE, path)
    text = path.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    line = text[: text.index(new)].count("\n") + 1
    return path, line


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("~=~\n", "~=?\n", "'?', which the legend does not name"),
        ("~=~\n", "~=~~\n", "row 2 is 4 zones wide"),
    ],
)
def test_a_broken_grid_names_the_file_and_its_line(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    path, line = broken(tmp_path, old, new)
    with pytest.raises(ContentError) as caught:
        load_content(path)
    assert words in str(caught.value)
    assert caught.value.line == line
    assert f"{path}:{line}" in str(caught.value)


@pytest.mark.parametrize(
    ("old", "new", "entry", "words"),
    [
        ('red = ["a1"]', 'red = ["a2"]', "board.deploy", "a2, which is sea, not a deck"),
        ('red = ["a1"]', 'red = ["z9"]', "board.deploy", "'z9', which is not a zone"),
        ('effects = ["dice:1"]', 'effects = ["cannon"]', "rally", "the effect 'cannon'"),
        ('effects = ["ward:1"]', 'effects = ["ward:x"]', "brace", "an amount is a whole"),
        ('timing = "attack"', 'timing = "dawn"', "rally", "expected one of attack"),
        ('count = 5', 'count = 5\ncolour = "red"', "rally", "not a field of cards"),
        ('side = "red" }\nB', 'side = "red", deck = 1 }\nB', "board.legend", "'deck'"),
    ],
)
def test_broken_content_names_file_entry_and_line(
    tmp_path: Path, old: str, new: str, entry: str, words: str
) -> None:
    path, _ = broken(tmp_path, old, new)
    with pytest.raises(ContentError) as caught:
        load_content(path)
    assert words in str(caught.value)
    assert caught.value.file == str(path) and caught.value.entry == entry
    assert caught.value.line is not None


def test_a_track_whose_steps_are_not_neighbours_is_refused(tmp_path: Path) -> None:
    path, line = broken(tmp_path, 'red = [["a1", "b1", "b2"]]', 'red = [["a1", "c1"]]')
    with pytest.raises(ContentError, match="steps from a1 to c1") as caught:
        load_content(path)
    assert (caught.value.entry, caught.value.field, caught.value.line) == (
        "board.tracks", "red", line)


def test_an_effect_without_words_for_players_is_refused(tmp_path: Path) -> None:
    path, _ = broken(tmp_path, '[effects.ward]\ntext = "the attack scores {n} hit(s) fewer"', "")
    with pytest.raises(ContentError, match=r"needs a \[effects.ward\] table"):
        load_content(path)
