"""`plunder play GAME --lesson`: the guided first game at the terminal."""

from __future__ import annotations

import json

import pytest

import plunder


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_lesson_hints_each_step_and_says_when_it_is_done(plunder_cli, tmp_path):
    save = tmp_path / "lesson.json"
    # The four cards the hints ask for, then the first action offered until the duel ends.
    answers = "colt>1\nbarricade\nrifle>1\nreload\n" + "2\n" * 30 + "q\n"
    result = plunder_cli(["play", "duel", "--lesson", "--save", str(save)], input=answers)
    out = flat(result.stdout)
    assert "Lesson, step 1 of 5: Welcome to Duel!" in out
    for step, card in enumerate(["colt>1", "barricade", "rifle>1", "reload"], start=1):
        assert f"Lesson, step {step} of 5:" in out
        assert f"Try: {card}" in out
    assert "Lesson done: That is Duel" in out
    # The set deal against the gentle bot: seed and seats as the lesson says.
    record = json.loads(save.read_text())
    assert record["seed"] == 7 and record["table"] == {"humans": [0], "bots": {"1": "random"}}
    mine = [move for seat, move in plunder.replay(record).moves if seat == 0]
    assert mine[:4] == ["colt>1", "barricade", "rifle>1", "reload"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "rumble", "--lesson"], "rumble has no guided first game yet; these have one:"),
        (["play", "duel", "--lesson", "--seed", "3"], "--lesson sets the table itself"),
        (["play", "duel", "--lesson", "--bot", "greedy"], "--lesson seats you against its own bot"),
        (["play", "--lesson"], "name the GAME to learn"),
    ],
)
def test_a_lesson_refuses_what_it_sets_itself(plunder_cli, args, message):
    result = plunder_cli(args, input="")
    assert result.exit_code != 0
    assert message in flat(result.output)
