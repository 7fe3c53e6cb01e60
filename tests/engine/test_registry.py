"""The registry: loading games by name and listing them."""

from __future__ import annotations

import pytest

import plunder


def test_games_lists_duel_with_its_player_range_and_options() -> None:
    plunder.load("duel")  # loading a game must not hide the games() function
    listed = {info.name: info for info in plunder.games()}
    duel = listed["duel"]
    assert (duel.title, duel.min_players, duel.max_players) == ("Duel", 2, 5)
    assert {option.name for option in duel.options} >= {"players", "target", "deflection"}
    assert duel.to_json()["options"][0]["name"] == "players"


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(plunder.UnknownGame, match="duel"):
        plunder.load("treasure-island")


def test_unknown_option_names_the_option() -> None:
    with pytest.raises(plunder.OptionError) as caught:
        plunder.load("duel", colour="red")
    assert caught.value.field == "colour"
