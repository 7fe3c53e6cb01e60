"""Rejected input in Duel: typed errors that name the problem, and an unchanged state.

Rule numbers refer to ``docs/rules/duel.md``.
"""

from __future__ import annotations

import json

import pytest

import plunder


def new(players: int = 2, seed: int = 1, **options: object) -> plunder.State:
    return plunder.load("duel", players=players, **options).new(seed=seed)


def shootout(state: plunder.State, plays: dict[int, str]) -> None:
    assert set(plays) == set(state.pending)
    for seat, notation in plays.items():
        state.act(seat, notation)


def snapshot(state: plunder.State) -> tuple[str, list[str]]:
    """The record and every viewer's view, as text, so later changes cannot hide."""
    seats = range(len(state.view(None)["players"]))
    views = [json.dumps(state.view(seat), sort_keys=True) for seat in [*seats, None]]
    return json.dumps(state.record, sort_keys=True), views


def rejected(state: plunder.State, seat: object, action: object, *words: str) -> Exception:
    """Act, expect ``IllegalAction`` whose message holds ``words``, and an unchanged state."""
    before = snapshot(state)
    pending = state.pending
    with pytest.raises(plunder.IllegalAction) as info:
        state.act(seat, action)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    for word in words:
        assert word in str(info.value), (word, str(info.value))
    assert snapshot(state) == before
    assert state.pending == pending
    return info.value


# ------------------------------------------------------------ bad notation
@pytest.mark.parametrize("text", ["xyz", "colt>", "colt>a", "", "pass", "sword>1", "colt>1>0"])
def test_bad_notation_is_rejected(text: str) -> None:
    """Notation: text that is no action is refused with a NotationError."""
    state = new()
    error = rejected(state, 0, text, "is not an action", "expected")
    assert isinstance(error, plunder.NotationError)
    assert "colt" in error.legal


@pytest.mark.parametrize("text", ["colt>", "colt>a"])
def test_missing_seat_after_aim_is_explained(text: str) -> None:
    """Notation: an aim must be a seat number."""
    rejected(new(), 0, text, "a seat number after '>'")


def test_no_pass_exists() -> None:
    """R28: a living player must play a card; 'pass' is not an action."""
    error = rejected(new(), 0, "pass", "'pass' is not an action")
    assert "pass" not in error.legal


# -------------------------------------------------------- illegal choices
def test_card_not_in_hand_is_rejected() -> None:
    """R19: a played Rifle stays in front of its player and cannot be played again."""
    state = new()
    shootout(state, {0: "rifle", 1: "barricade"})
    error = rejected(state, 0, "rifle", "seat 0 holds no rifle card")
    assert "rifle" not in error.legal
    assert error.legal == ("colt", "colt>1", "barricade", "reload")
    rejected(state, 0, "rifle>1", "holds no rifle")


def test_target_that_is_dead_is_rejected() -> None:
    """R29: a dead player cannot be aimed at."""
    state = new(3)
    shootout(state, {0: "colt", 1: "barricade", 2: "reload"})
    shootout(state, {0: "colt>2", 1: "barricade", 2: "reload"})
    assert state.view(None)["players"][2]["alive"] is False
    rejected(state, 0, "colt>2", "seat 2 is dead")
    rejected(state, 1, "rifle>2", "seat 2 is dead")


@pytest.mark.parametrize("text", ["colt>7", "colt>-1", "rifle>2"])
def test_target_that_is_not_a_seat_is_rejected(text: str) -> None:
    """R29: only a seat of the game can be aimed at (2 players: seats 0 and 1)."""
    aim = text.split(">")[1]
    rejected(new(), 0, text, f"{aim} is not a seat", "seats are 0..1")


def test_aiming_at_oneself_is_rejected() -> None:
    """R29: a player cannot aim at himself."""
    rejected(new(), 1, "colt>1", "seat 1 cannot aim at itself")
    rejected(new(3), 2, "rifle>2", "cannot aim at itself")


@pytest.mark.parametrize("text", ["barricade>1", "reload>1", "reloading>1"])
def test_barricade_or_reload_with_a_target_is_rejected(text: str) -> None:
    """R29: Barricade and Reloading make no attack, so they take no target."""
    rejected(new(), 0, text, "makes no attack", "takes no target")


def test_second_commit_in_the_same_shootout_is_rejected() -> None:
    """R7: one card per player per shootout."""
    state = new(3)
    state.act(0, "colt")
    rejected(state, 0, "barricade", "seat 0 has already committed")
    assert state.view(0)["choice"] == "colt"


def test_dead_seat_is_not_pending() -> None:
    """R16, R20: a dead player takes no part in the rest of the duel."""
    state = new(3)
    shootout(state, {0: "rifle>2", 1: "barricade", 2: "barricade"})
    rejected(state, 2, "colt", "seat 2 owes no decision now", "waiting for seats 0, 1")


@pytest.mark.parametrize("seat", [2, 5, -1, "0", True, None])
def test_seat_out_of_range_is_rejected(seat: object) -> None:
    """Seats are 0..players-1."""
    rejected(new(), seat, "colt", "is not a seat of this game")


def test_acting_after_the_game_is_over_is_rejected() -> None:
    """R26: once a player has the target, the game is over."""
    state = new(target=1)
    shootout(state, {0: "rifle>1", 1: "barricade"})
    assert state.is_over
    rejected(state, 0, "colt", "the game is over")
    rejected(state, 1, "barricade", "the game is over")


def test_non_text_action_is_rejected() -> None:
    """Notation: an action is a legal Action or its text."""
    rejected(new(), 0, 5, "neither an action nor its notation")


def test_view_of_a_seat_that_does_not_exist_is_rejected() -> None:
    """View: a viewer is a seat or None for a spectator."""
    with pytest.raises(plunder.IllegalAction, match="not a seat of this game"):
        new().view(2)


def test_rejection_leaves_the_seat_free_to_play() -> None:
    """After a rejected action the same seat can still play a legal card."""
    state = new()
    rejected(state, 0, "barricade>1", "takes no target")
    state.act(0, "barricade")
    assert state.view(0)["choice"] == "barricade"


# --------------------------------------------------------------- options
@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"players": 1}, "players"),
        ({"players": 6}, "players"),
        ({"deflection": "nope"}, "deflection"),
        ({"target": 0}, "target"),
        ({"target": 21}, "target"),
        ({"target": "five"}, "target"),
        ({"shootout_limit": 0}, "shootout_limit"),
        ({"shootout_limit": 1001}, "shootout_limit"),
        ({"duel_limit": 0}, "duel_limit"),
        ({"duel_limit": 10001}, "duel_limit"),
        ({"flavour": "rum"}, "flavour"),
    ],
)
def test_bad_options_are_rejected(options: dict, name: str) -> None:
    """Options: a bad option raises OptionError naming it."""
    with pytest.raises(plunder.OptionError) as info:
        plunder.load("duel", **options)
    assert isinstance(info.value, ValueError)
    assert info.value.field == name
    assert repr(name) in str(info.value)


def test_unknown_option_lists_the_known_ones() -> None:
    """Options: the message says which options exist."""
    with pytest.raises(plunder.OptionError, match="unknown option 'flavour'") as info:
        plunder.load("duel", flavour="rum")
    for name in ("players", "target", "deflection", "shootout_limit", "duel_limit"):
        assert name in str(info.value)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 5},
        {"target": 1},
        {"target": 20},
        {"deflection": "per-weapon"},
        {"shootout_limit": 1000},
        {"duel_limit": 10000},
    ],
)
def test_options_at_their_limits_are_accepted(options: dict) -> None:
    """Options: the ends of every range are valid."""
    game = plunder.load("duel", **options)
    for name, value in options.items():
        assert game.options[name] == value


# --------------------------------------------------------------- records
def played_record() -> dict:
    state = new()
    shootout(state, {0: "rifle", 1: "barricade"})
    return json.loads(json.dumps(state.record))


def test_record_with_a_bad_version_is_rejected() -> None:
    record = played_record()
    record["version"] = 2
    with pytest.raises(plunder.RecordError, match="version 2 is not supported") as info:
        plunder.replay(record)
    assert isinstance(info.value, ValueError)
    assert info.value.field == "version"


def test_record_with_an_illegal_move_names_the_move() -> None:
    """R19: replaying a second Rifle in the next shootout fails at moves[2]."""
    record = played_record()
    record["moves"].append([0, "rifle"])
    with pytest.raises(plunder.RecordError) as info:
        plunder.replay(record)
    assert info.value.field == "moves[2]"
    assert "moves[2]" in str(info.value)
    assert "holds no rifle" in str(info.value)


@pytest.mark.parametrize(
    ("moves", "field", "words"),
    [
        ([[0, "xyz"]], "moves[0]", "is not an action"),
        ([[0, "colt"], [0, "colt"]], "moves[1]", "already committed"),
        ([[0, "colt"], [1, "colt>1"]], "moves[1]", "cannot aim at itself"),
        ([[3, "colt"]], "moves[0]", "not a seat"),
        ([[0]], "moves[0]", "expected [seat, notation]"),
    ],
)
def test_record_with_a_bad_move_names_it(moves: list, field: str, words: str) -> None:
    record = played_record()
    record["moves"] = moves
    with pytest.raises(plunder.RecordError) as info:
        plunder.replay(record)
    assert info.value.field == field
    assert words in str(info.value)


def test_record_with_a_bad_option_names_it() -> None:
    record = played_record()
    record["options"]["players"] = 9
    with pytest.raises(plunder.RecordError) as info:
        plunder.replay(record)
    assert info.value.field == "options.players"


def test_record_that_is_not_json_is_rejected() -> None:
    with pytest.raises(plunder.RecordError, match="not JSON"):
        plunder.replay('{"format": "plunder-record", ')


def test_record_of_another_format_is_rejected() -> None:
    record = played_record()
    record["format"] = "chess-pgn"
    with pytest.raises(plunder.RecordError) as info:
        plunder.replay(record)
    assert info.value.field == "format"


def test_good_record_replays() -> None:
    """A record passes through JSON text and replays to the same state."""
    state = plunder.replay(json.dumps(played_record()))
    assert state.view(None)["players"][0]["played"] == ["rifle"]
    assert state.view(None)["shootout"] == 2
