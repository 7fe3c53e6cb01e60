"""`plunder replay`: stepping through saved records, and clear errors for bad ones."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

import plunder
from plunder.terminal.records import record_json, save_record
from plunder.terminal.replay import RecordPlayer


def finished_record(seed: int = 6, players: int = 3) -> dict:
    """A whole game between random bots, played through the engine alone."""
    import random

    state = plunder.load("duel", players=players, target=2).new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = min(state.pending)
        state.act(seat, rng.choice(state.legal(seat)))
    return state.record


@pytest.fixture
def record_file(tmp_path):
    return save_record(finished_record(), tmp_path / "game.json")


def test_replay_all_prints_every_step_and_the_result(plunder_cli, record_file):
    record = json.loads(record_file.read_text())
    final = plunder.replay(record)
    result = plunder_cli(["replay", str(record_file), "--all"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Set-up" in out
    assert "Step 1 (moves 1-3)" in out
    last_step = out.count("Step ")
    assert last_step > 1
    assert "Result" in out
    winner = min(final.result.winners)
    assert f"Winner: seat {winner}" in out
    for event in final.view(None)["log"]:
        assert " ".join(event["text"].split()) in " ".join(out.split())


def test_replay_without_a_terminal_does_not_wait(plunder_cli, record_file):
    result = plunder_cli(["replay", str(record_file)], input="")
    assert result.exit_code == 0
    assert "Enter: next step" not in result.stdout
    assert "Result" in result.stdout


def test_replay_as_a_seat_shows_its_hand_and_a_spectator_sees_none(plunder_cli, record_file):
    as_seat = plunder_cli(["replay", str(record_file), "--seat", "1", "--all"])
    assert "Your hand" in as_seat.stdout
    assert "1 (you)" in as_seat.stdout
    spectator = plunder_cli(["replay", str(record_file), "--all"])
    assert "Your hand" not in spectator.stdout


def test_replay_waits_between_steps_and_q_stops(record_file):
    record = json.loads(record_file.read_text())
    screen = io.StringIO()
    answers = iter(["", "q"])
    player = RecordPlayer(
        record, Console(file=screen, width=100), wait=True, read_line=lambda prompt: next(answers)
    )
    state = player.run()
    out = screen.getvalue()
    assert "Step 1 " in out
    assert "Step 2 " not in out
    assert "Replay stopped." in out
    assert not state.is_over


def test_replay_steps_back_as_well(record_file):
    record = json.loads(record_file.read_text())
    screen = io.StringIO()
    answers = iter(["", "", "b", "b", "b", "q"])
    player = RecordPlayer(
        record, Console(file=screen, width=100), wait=True, read_line=lambda prompt: next(answers)
    )
    state = player.run()
    out = screen.getvalue()
    # Set-up, step 1, step 2, back to step 1, back to the set-up, and no further.
    assert out.count("Set-up") == 2 and out.count("Step 1 ") == 2 and out.count("Step 2 ") == 1
    assert out.index("Step 2 ") < out.rindex("Step 1 ") < out.rindex("Set-up")
    assert "there is no step before it" in out
    # Back at a step, its own events and table are shown again, exactly as before.
    first_time = out[out.index("Step 1 ") : out.index("Step 2 ")]
    again = out[out.rindex("Step 1 ") : out.rindex("Set-up")]
    assert again.rstrip("─ \n") == first_time.rstrip("─ \n")
    # The state shown last is the set-up's: no move played.
    assert state.moves == [] and not state.is_over


def test_an_unfinished_record_says_so(plunder_cli, tmp_path):
    record = finished_record()
    record["moves"] = record["moves"][:4]  # one whole step and one choice of the next
    path = save_record(record, tmp_path / "part.json")
    result = plunder_cli(["replay", str(path), "--all"])
    assert result.exit_code == 0
    assert "before the game is over" in result.stdout
    assert "1 choice(s) of an unfinished step" in " ".join(result.stdout.split())


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{ not json", "not JSON"),
        ('{"format": "chess-pgn"}', "format"),
        (
            json.dumps(
                {
                    "format": "plunder-record",
                    "version": 1,
                    "game": "duel",
                    "options": {"players": 3},
                    "seed": 1,
                    "moves": [[0, "colt>7"]],
                }
            ),
            "moves[0]",
        ),
        (
            json.dumps(
                {
                    "format": "plunder-record",
                    "version": 1,
                    "game": "checkers",
                    "options": {},
                    "seed": 1,
                    "moves": [],
                }
            ),
            "no game called 'checkers'",
        ),
    ],
)
def test_a_bad_record_exits_2_naming_the_problem(plunder_cli, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = plunder_cli(["replay", str(path)])
    assert result.exit_code == 2
    assert message in result.stderr
    assert "bad.json" in result.stderr
    assert "Traceback" not in result.output


def test_a_missing_record_file_exits_2(plunder_cli, tmp_path):
    result = plunder_cli(["replay", str(tmp_path / "nowhere.json")])
    assert result.exit_code == 2
    assert "cannot read" in result.stderr


def test_a_seat_outside_the_game_exits_2(plunder_cli, record_file):
    result = plunder_cli(["replay", str(record_file), "--seat", "7"])
    assert result.exit_code == 2
    assert "--seat 7" in result.stderr


def test_saved_records_are_one_move_per_line_and_read_back():
    record = finished_record(seed=2, players=2)
    text = record_json(record)
    assert '\n    [0, "' in text or '\n    [1, "' in text
    assert json.loads(text) == record
    empty = {**record, "moves": []}
    assert json.loads(record_json(empty)) == empty
