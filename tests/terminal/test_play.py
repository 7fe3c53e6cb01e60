"""`plunder play`: a whole game at the terminal table, driven by scripted input."""

from __future__ import annotations

import json
import re

import pytest

import plunder
from plunder.engine.errors import IllegalAction

# Plenty of answers: a human always holds a barricade while alive in Duel, and
# always has a first action on the numbered list.
BARRICADES = "barricade\n" * 3000
FIRSTS = "1\n" * 3000


def flat(text: str) -> str:
    """Whitespace collapsed, so messages the console wrapped compare as one line."""
    return " ".join(text.split())


def play_args(save, *extra: str) -> list[str]:
    return [
        "play",
        "duel",
        "--players",
        "3",
        "--humans",
        "1",
        "--bot",
        "random",
        "--option",
        "target=2",
        "--save",
        str(save),
        *extra,
    ]


@pytest.mark.parametrize("answers", [BARRICADES, FIRSTS], ids=["notation", "number"])
def test_one_human_plays_a_whole_game_and_the_record_replays(plunder_cli, tmp_path, answers):
    save = tmp_path / "game.json"
    result = plunder_cli(play_args(save, "--seed", "11"), input=answers)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.stdout
    record = json.loads(save.read_text())
    state = plunder.replay(record)
    assert state.is_over
    winners = sorted(state.result.winners)
    shown = re.search(r"Winners?: (.*?) —", result.stdout)
    assert shown is not None
    assert sorted(int(s) for s in re.findall(r"seat (\d+)", shown.group(1))) == winners
    assert f"Record saved to {save}" in flat(result.stdout)


def test_the_same_seed_and_answers_give_the_same_game(plunder_cli, tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    plunder_cli(play_args(first, "--seed", "5"), input=BARRICADES)
    plunder_cli(play_args(second, "--seed", "5"), input=BARRICADES)
    assert json.loads(first.read_text()) == json.loads(second.read_text())


def test_question_mark_lists_the_legal_actions_and_the_rules(plunder_cli, tmp_path):
    save = tmp_path / "game.json"
    result = plunder_cli(play_args(save, "--seed", "3"), input="?\nq\n")
    assert result.exit_code == 0, result.output
    legal = [str(a) for a in plunder.load("duel", players=3).new(seed=3).legal(0)]
    assert "Legal actions now:" in result.stdout
    for number, notation in enumerate(legal, 1):
        assert f"{number}. {notation}" in result.stdout
    assert "plunder/games/duel/guide.md" in result.stdout  # where the guide is
    assert "Barricade" in result.stdout  # the rules reminder


def test_a_bad_input_prints_the_engine_message_and_the_game_goes_on(plunder_cli, tmp_path):
    save = tmp_path / "game.json"
    result = plunder_cli(play_args(save, "--seed", "3"), input="rifle>9\nxyz\n99\nbarricade\nq\n")
    assert result.exit_code == 0, result.output
    state = plunder.load("duel", players=3).new(seed=3)
    for bad in ("rifle>9", "xyz"):
        with pytest.raises(IllegalAction) as error:
            state.act(0, bad)
        assert flat(str(error.value)) in flat(result.stdout)
    assert "99 is not on the list" in flat(result.stdout)
    assert "Traceback" not in result.output
    moves = json.loads(save.read_text())["moves"]
    assert [0, "barricade"] in moves  # the human's first accepted answer


def test_quit_saves_the_game_so_far(plunder_cli, tmp_path):
    save = tmp_path / "game.json"
    result = plunder_cli(play_args(save, "--seed", "3"), input="barricade\nq\n")
    assert result.exit_code == 0
    assert "unfinished" in result.stdout
    state = plunder.replay(save.read_text())
    assert not state.is_over
    assert (0, "barricade") in state.moves


def test_resume_goes_on_with_a_saved_game_and_its_seats(plunder_cli, tmp_path):
    save = tmp_path / "game.json"
    args = play_args(save, "--seed", "3", "--seat-bots", "greedy")  # seat 1 greedy, 2 random
    first = plunder_cli(args, input="barricade\nq\n")
    # Both forms: a checkout's ./run, and plunder where the package is installed.
    assert f"./run play --resume {save} (or plunder play --resume {save})" in flat(first.stdout)
    saved = json.loads(save.read_text())
    assert saved["table"] == {"humans": [0], "bots": {"1": "greedy", "2": "random"}}
    before = plunder.replay(saved).moves

    result = plunder_cli(["play", "--resume", str(save)], input=BARRICADES)
    assert result.exit_code == 0, result.output
    assert "seat 0: you, seat 1: greedy, seat 2: random" in flat(result.stdout)
    final = plunder.replay(save.read_text())  # saved back to the same file
    assert final.is_over
    assert final.moves[: len(before)] == before
    assert final.seed == 3 and final.game.options["target"] == 2


def test_resume_with_other_seats(plunder_cli, tmp_path):
    save = tmp_path / "game.json"
    plunder_cli(play_args(save, "--seed", "3"), input="barricade\nq\n")
    watched = tmp_path / "watched.json"
    result = plunder_cli(
        ["play", "--resume", str(save), "--humans", "0", "--bot", "random", "--save",
         str(watched)]
    )
    assert result.exit_code == 0, result.output
    assert plunder.replay(watched.read_text()).is_over
    assert not plunder.replay(save.read_text()).is_over  # the saved game is left as it was


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["duel"], "give no GAME"),
        (["--seed", "4"], "give no GAME"),
    ],
)
def test_resume_refuses_a_second_game(plunder_cli, tmp_path, extra, message):
    save = tmp_path / "game.json"
    plunder_cli(play_args(save, "--seed", "3"), input="barricade\nq\n")
    result = plunder_cli(["play", *extra, "--resume", str(save)])
    assert result.exit_code == 2
    assert message in flat(result.stderr)


def test_resume_refuses_a_finished_game_and_a_missing_file(plunder_cli, tmp_path):
    save = tmp_path / "game.json"
    plunder_cli(play_args(save, "--seed", "3"), input=BARRICADES)
    assert plunder.replay(save.read_text()).is_over
    result = plunder_cli(["play", "--resume", str(save)])
    assert result.exit_code == 2 and "is over" in flat(result.stderr)
    result = plunder_cli(["play", "--resume", str(tmp_path / "none.json")])
    assert result.exit_code == 2 and "cannot read" in flat(result.stderr)
    result = plunder_cli(["play"])
    assert result.exit_code == 2 and "--resume FILE" in flat(result.stderr)


def test_end_of_input_saves_and_exits_with_code_1(plunder_cli, tmp_path):
    save = tmp_path / "game.json"
    result = plunder_cli(play_args(save, "--seed", "3"), input="barricade\n")
    assert result.exit_code == 1
    assert "input ended" in result.stderr
    assert str(save) in flat(result.stderr)
    # Ctrl-D says how to go on, as q does.
    assert f"Go on with: ./run play --resume {save} (or plunder play" in flat(result.stderr)
    state = plunder.replay(save.read_text())
    assert not state.is_over
    assert (0, "barricade") in state.moves


def test_the_default_record_path_is_under_records(plunder_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = plunder_cli(
        ["play", "duel", "--humans", "0", "--bot", "random", "--seed", "9", "--option", "target=1"]
    )
    assert result.exit_code == 0, result.output
    saved = list((tmp_path / "records").glob("duel-*-9.json"))
    assert len(saved) == 1
    assert re.fullmatch(r"duel-\d{8}-\d{6}-9\.json", saved[0].name)
    assert plunder.replay(saved[0].read_text()).is_over


def test_the_default_bot_is_the_search(plunder_cli, tmp_path):
    save = tmp_path / "g.json"
    result = plunder_cli(["play", "duel", "--players", "2", "--save", str(save)], input="q\n")
    assert result.exit_code == 0, result.output
    assert "seat 0: you, seat 1: ismcts" in result.stdout


def test_bots_alone_play_to_the_end_with_plain_output(plunder_cli, tmp_path):
    save = tmp_path / "watch.json"
    result = plunder_cli(
        [
            "play",
            "duel",
            "--players",
            "4",
            "--humans",
            "0",
            "--seed",
            "2",
            "--seat-bots",
            "random,random",
            "--bot",
            "greedy",
            "--option",
            "target=2",
            "--save",
            str(save),
        ]
    )
    assert result.exit_code == 0, result.output
    assert "seat 0: random, seat 1: random, seat 2: greedy, seat 3: greedy" in result.stdout
    assert "Game over" in result.stdout
    assert "\x1b" not in result.output  # no control codes when stdout is not a terminal
    assert plunder.replay(save.read_text()).is_over


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--option", "target=99"], "option 'target' is 99; it takes 1..20"),
        (["--option", "colour=red"], "unknown option 'colour'"),
        (["--players", "9"], "option 'players' is 9"),
        (["--humans", "4", "--players", "3"], "--humans 4 is more than the 3 seats"),
        (["--bot", "oracle"], "no bot 'oracle'"),
        (["--players", "2", "--humans", "1", "--seat-bots", "random,random"], "--seat-bots"),
    ],
)
def test_user_errors_exit_2_with_a_message(plunder_cli, args, message):
    result = plunder_cli(["play", "duel", *args])
    assert result.exit_code == 2
    assert message in flat(result.stderr)
    assert "Traceback" not in result.output


def test_an_unknown_game_exits_2(plunder_cli):
    result = plunder_cli(["play", "chess"])
    assert result.exit_code == 2
    assert "no game called 'chess'" in result.stderr


def test_a_malformed_option_is_a_usage_error(plunder_cli):
    result = plunder_cli(["play", "duel", "--option", "target"])
    assert result.exit_code == 2
    assert "KEY=VALUE" in result.output


def test_the_end_shows_how_each_score_came_about_and_the_record_keeps_it(plunder_cli, tmp_path):
    save = tmp_path / "game.json"
    result = plunder_cli(play_args(save, "--seed", "11"), input=BARRICADES)
    assert result.exit_code == 0, result.output
    record = json.loads(save.read_text())
    replayed = plunder.replay(record).result
    # The record carries the result, each seat's parts included, as a replay finds it.
    assert record["result"]["breakdown"] == [dict(p) for p in replayed.breakdown]
    out = flat(result.stdout)
    for seat in range(3):
        parts = replayed.parts(seat)
        told = ", ".join(f"{name} ${amount}" for name, amount in parts.items()) or "nothing scored"
        # Each seat's line: its duels won, a dollar each, then its total.
        assert f"{told} = ${int(replayed.scores[seat])}" in out
    assert sum(replayed.scores) == sum(len(p) for p in replayed.breakdown)
