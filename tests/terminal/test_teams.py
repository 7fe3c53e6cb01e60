"""Friends at one terminal in a game of teams: asked for together, they sit together,
and no "pass the device" screen stands between teammates who see each other's cards.

Rum & Bones with four players seats its teams alternately (seats 0 and 2 against
1 and 3), or side by side with ``-o teams=together`` (0 and 1 against 2 and 3).
"""

from __future__ import annotations

import contextlib
import io
import json
import random

from rich.console import Console

import plunder
from plunder.bots import get as get_bot
from plunder.games.rumbones.game import BonesGame
from plunder.terminal.table import QuitRequested, TerminalTable

# Answers for every prompt: the first action, now and then a look at one's pieces.
ANSWERS = "\n".join(["? me", "1", "1", "t", "1"] * 4000) + "\n"
PASS_SCREEN = "Pass the device to Seat"


def play(plunder_cli, tmp_path, *extra: str):  # type: ignore[no-untyped-def]
    save = tmp_path / "game.json"
    result = plunder_cli(
        ["play", "rumbones", "--players", "4", "--humans", "2", "--bot", "greedy", "--seed",
         "4", "-o", "round_limit=1", "--save", str(save), *extra],
        input=ANSWERS,
    )
    assert result.exit_code == 0, result.output[-3000:]
    out = " ".join(result.stdout.split())
    assert "Game over" in out
    return out, json.loads(save.read_text())


def test_two_friends_sit_on_one_side_with_no_pass_screen_between_them(plunder_cli, tmp_path):
    out, record = play(plunder_cli, tmp_path)
    assert "seat 0: human, seat 1: greedy, seat 2: human, seat 3: greedy." in out
    assert "Teams: seats 0, 2 against seats 1, 3." in out
    assert record["table"]["humans"] == [0, 2]
    assert "Seat 0: your turn" in out and "Seat 2: your turn" in out
    assert PASS_SCREEN not in out
    state = plunder.replay(record)
    assert {seat for seat, _ in state.record["moves"]} == {0, 1, 2, 3}


def test_teams_side_by_side_seat_the_friends_side_by_side(plunder_cli, tmp_path):
    out, record = play(plunder_cli, tmp_path, "-o", "teams=together")
    assert "seat 0: human, seat 1: human, seat 2: greedy, seat 3: greedy." in out
    assert "Teams: seats 0, 1 against seats 2, 3." in out
    assert record["table"]["humans"] == [0, 1]
    assert PASS_SCREEN not in out


def test_apart_seats_the_friends_on_different_sides_behind_pass_screens(plunder_cli, tmp_path):
    out, record = play(plunder_cli, tmp_path, "--apart")
    assert "seat 0: human, seat 1: human, seat 2: greedy, seat 3: greedy." in out
    assert record["table"]["humans"] == [0, 1]
    assert f"{PASS_SCREEN} 0" in out and f"{PASS_SCREEN} 1" in out


def test_a_resumed_game_seats_the_friends_where_they_sat(plunder_cli, tmp_path):
    save = tmp_path / "game.json"
    result = plunder_cli(
        ["play", "rumbones", "--players", "4", "--humans", "2", "--bot", "greedy", "--seed",
         "4", "--save", str(save)],
        input="q\n",
    )
    assert result.exit_code == 0, result.output[-3000:]
    assert json.loads(save.read_text())["table"] == {
        "humans": [0, 2], "bots": {"1": "greedy", "3": "greedy"}}
    result = plunder_cli(["play", "--resume", str(save)], input="q\n")
    assert result.exit_code == 0, result.output[-3000:]
    assert "seat 0: human, seat 1: greedy, seat 2: human, seat 3: greedy." in (
        " ".join(result.stdout.split()))
    # A record saved when the humans were counted from seat 0 resumes as it was.
    older = json.loads(save.read_text())
    older["table"] = {"humans": 2, "bots": {"2": "greedy", "3": "greedy"}}
    save.write_text(json.dumps(older))
    result = plunder_cli(["play", "--resume", str(save)], input="q\n")
    assert result.exit_code == 0, result.output[-3000:]
    assert "seat 0: human, seat 1: human, seat 2: greedy, seat 3: greedy." in (
        " ".join(result.stdout.split()))


def screens_between_teammates(monkeypatch, sees_all: bool) -> list[int]:
    """The pass screens of a table where seats 0 and 2, teammates, share the device
    (the other team's seats played at random), for at most 60 prompts."""
    monkeypatch.setattr(BonesGame, "team_sees_all", sees_all)
    state = plunder.load("rumbones", players=4, round_limit=1).new(seed=4)
    bots = {seat: get_bot("random", "rumbones") for seat in (1, 3)}
    screens: list[int] = []
    prompts = iter(range(60))

    def read(prompt: str) -> str:
        if prompt.startswith(PASS_SCREEN):
            screens.append(int(prompt.split()[5]))
            return ""
        if next(prompts, None) is None:
            return "q"
        return "1"

    table = TerminalTable(state, bots, Console(file=io.StringIO(), width=100),
                          random.Random(1), read_line=read)
    with contextlib.suppress(QuitRequested):  # the game may end before the prompts do
        table.run()
    return screens


def test_the_games_word_on_what_teammates_see_decides_the_pass_screens(monkeypatch):
    assert screens_between_teammates(monkeypatch, sees_all=True) == []
    hidden = screens_between_teammates(monkeypatch, sees_all=False)
    assert 0 in hidden and 2 in hidden
