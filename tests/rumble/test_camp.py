"""Camp Mode: Sun, Moon and a lone boss, through the public protocol.

Rule numbers refer to ``docs/rules/rumble.md``. A seat reads its own camp card in
its own view; other seats' cards stay hidden unless face up or dead.
"""

from __future__ import annotations

import functools
from collections import Counter

import pytest

import plunder
from rumble.kit import alive, legal, log, row

# Sun subordinates, Moon subordinates and the bosses face up, from the seed's table.
TABLE = {
    4: (1, 0, {"sun"}),
    5: (1, 1, {"sun", "moon"}),
    6: (2, 1, {"sun"}),
    7: (2, 2, {"sun", "moon"}),
    8: (3, 2, {"sun"}),
}
PIRATES = ["blackbeard", "chingshih", "morgan", "pargo", "cheung", "kidd", "read", "roberts"]


def camps(state: plunder.State) -> list[str]:
    """Every seat's camp card, each read from that seat's own view."""
    return [state.view(s, log=False)["camp"] for s in range(state.game.players)]


@functools.cache
def camp_seed(*arrangement: str) -> int:
    """The first seed that deals exactly ``arrangement`` to the seats."""
    game = plunder.load(
        "rumble",
        players=len(arrangement),
        mode="camp",
        pirates=",".join(PIRATES[: len(arrangement)]),
    )
    return next(s for s in range(5000) if camps(game.new(seed=s)) == list(arrangement))


def table(*arrangement: str) -> plunder.State:
    players = len(arrangement)
    game = plunder.load("rumble", players=players, mode="camp", pirates=",".join(PIRATES[:players]))
    return game.new(seed=camp_seed(*arrangement))


def act_round(state: plunder.State, plays: dict[int, str]) -> None:
    for seat, notation in plays.items():
        state.act(seat, notation)
    while state.pending and state.view(None, log=False)["phase"] == "reach":
        for seat in sorted(state.pending):
            state.act(seat, state.legal(seat)[0])


def kill(state: plunder.State, target: int) -> None:
    """Every other living pirate shoots ``target`` when it can, until it dies.

    The target never attacks: it loads, or searches, and dodges only in rounds
    without shots, so no one but the target is hurt.
    """
    while alive(state)[target]:
        others = [s for s in sorted(state.pending) if s != target]
        shooting = all(f"shoot>{target}" in legal(state, s) for s in others)
        plays = {s: f"shoot>{target}" if shooting else "load" for s in others}
        options = ["load", "search"] if shooting else ["dodge", "load"]
        plays[target] = next(c for c in options if c in legal(state, target))
        if not shooting and any("load" not in legal(state, s) for s in others):
            plays = {s: "dodge" for s in others} | {target: plays[target]}
        act_round(state, plays)


@pytest.mark.parametrize("players", sorted(TABLE))
def test_camp_cards_follow_the_table(players: int) -> None:
    """R51, R85: three bosses, and the Sun and Moon subordinates of the seed's table."""
    sun, moon, _ = TABLE[players]
    game = plunder.load("rumble", players=players, mode="camp")
    for seed in range(5):
        expected = {"sun-boss": 1, "moon-boss": 1, "lone-boss": 1, "sun": sun, "moon": moon}
        assert Counter(camps(game.new(seed=seed))) == +Counter(expected)


@pytest.mark.parametrize("players", sorted(TABLE))
def test_the_bosses_of_the_table_lie_face_up(players: int) -> None:
    """R51, R85: a spectator sees the face-up bosses' camp cards and no other."""
    _, _, face_up = TABLE[players]
    game = plunder.load("rumble", players=players, mode="camp")
    for seed in range(5):
        state = game.new(seed=seed)
        truth = camps(state)
        shown = [p["camp"] for p in state.view(None)["players"]]
        assert shown == [
            c if c.endswith("-boss") and c.split("-")[0] in face_up else None for c in truth
        ]
        assert sorted(e["camp"] for e in log(state, "camp_shown")) == sorted(
            f"{c}-boss" for c in face_up
        )


def test_camp_cards_are_shuffled_and_dealt_face_down() -> None:
    """R52: the Sun boss sits at different seats in different games."""
    game = plunder.load("rumble", players=6, mode="camp")
    seats = {camps(game.new(seed=seed)).index("sun-boss") for seed in range(40)}
    assert len(seats) > 3


def test_each_pirate_sees_its_own_camp_card() -> None:
    """R53, R54: a seat sees its own card, in its view and its log; no other seat does."""
    state = table("sun-boss", "sun", "moon-boss", "lone-boss")
    view = state.view(1)
    assert view["camp"] == "sun"
    assert [p["camp"] for p in view["players"]] == ["sun-boss", "sun", None, None]
    assert [e["camp"] for e in log(state, "camp", 1)] == ["sun"]
    assert [p["camp"] for p in state.view(2)["players"]] == ["sun-boss", None, "moon-boss", None]
    assert not any(a.startswith(("reveal", "camp")) for a in legal(state, 1))


def test_a_dead_pirates_camp_card_is_shown() -> None:
    """R55, R85: the Sun subordinate dies; its card is shown to all; the game goes on."""
    state = table("sun-boss", "sun", "moon-boss", "lone-boss")
    kill(state, 1)
    assert [p["camp"] for p in state.view(None)["players"]] == ["sun-boss", "sun", None, None]
    assert log(state, "death")[-1]["camp"] == "sun"
    assert not state.is_over


def test_the_camp_whose_members_alone_remain_wins_with_its_dead() -> None:
    """R57, R85: the Sun boss is left alone: Sun wins, its dead subordinate too."""
    state = table("sun-boss", "sun", "moon-boss", "lone-boss")
    kill(state, 1)
    kill(state, 2)
    assert not state.is_over
    kill(state, 3)
    assert state.is_over
    assert state.result.winners == frozenset({0, 1})
    assert "Sun" in state.result.reason


def test_two_living_of_one_camp_win() -> None:
    """R57, R85: Sun's boss and subordinate are the only living: they win at once."""
    state = table("sun-boss", "sun", "moon-boss", "lone-boss")
    kill(state, 3)
    assert not state.is_over
    kill(state, 2)
    assert state.is_over
    assert state.result.winners == frozenset({0, 1})
    assert row(state, 0, 0)["health"] == 5


def test_the_lone_boss_wins_alone() -> None:
    """R57, R85: the lone boss's camp is himself."""
    state = table("sun-boss", "sun", "moon-boss", "lone-boss")
    for seat in (0, 1, 2):
        kill(state, seat)
    assert state.result.winners == frozenset({3})


def test_no_one_wins_when_no_one_lives() -> None:
    """R85: the last two, of two camps, die together: no winner."""
    state = table("sun-boss", "sun", "moon-boss", "lone-boss")
    kill(state, 0)
    kill(state, 1)
    assert not state.is_over  # Moon and the lone boss are left, both at 5
    assert [row(state, s, s)["health"] for s in (2, 3)] == [5, 5]
    while not state.is_over:
        shots = "shoot>3" in legal(state, 2) and "shoot>2" in legal(state, 3)
        act_round(state, {2: "shoot>3", 3: "shoot>2"} if shots else {2: "load", 3: "load"})
    assert alive(state) == [False] * 4
    assert state.result.winners == frozenset()
