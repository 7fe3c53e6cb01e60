"""`plunder play GAME --lesson`: the guided first game at the terminal."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import re
from collections.abc import Callable

import pytest
from rich.console import Console

import plunder
from plunder import cli
from plunder.bots import from_spec
from plunder.engine.lesson import read_lesson
from plunder.engine.registry import games, manifest
from plunder.terminal.table import QuitRequested, TerminalTable


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


def test_a_game_without_a_lesson_says_which_games_have_one(plunder_cli, monkeypatch):
    # Every game has a lesson now: one is taken away, as a game added without one.
    def without_rumbles(name: str):
        found = manifest(name)
        return dataclasses.replace(found, lesson=None) if name == "rumble" else found

    monkeypatch.setattr(cli, "manifest", without_rumbles)
    result = plunder_cli(["play", "rumble", "--lesson"], input="")
    assert result.exit_code != 0
    assert ("rumble has no guided first game yet; these have one: duel, rumbones, swordplay, "
            "underfire") in flat(result.output)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "duel", "--lesson", "--seed", "3"], "--lesson sets the table itself"),
        (["play", "duel", "--lesson", "--bot", "greedy"], "--lesson seats you against its own bot"),
        (["play", "--lesson"], "name the GAME to learn"),
    ],
)
def test_a_lesson_refuses_what_it_sets_itself(plunder_cli, args, message):
    result = plunder_cli(args, input="")
    assert result.exit_code != 0
    assert message in flat(result.output)


LESSONS = [info.name for info in games() if manifest(info.name).lesson]


class Learner:
    """A player at the terminal who reads the table's lesson and types the first move
    its "Try:" line names (where no line names one, the first legal move), until the
    table says the lesson is done; then ``q``."""

    def __init__(self, out: io.StringIO, table: Callable[[], TerminalTable], seat: int) -> None:
        self.out = out
        self.table = table
        self.seat = seat
        self.read = 0
        self.typed: list[str] = []
        self.suggested: list[str] = []

    def __call__(self, prompt: str) -> str:
        text = self.out.getvalue()
        new, self.read = text[self.read :], len(text)
        if "Lesson done:" in new or len(self.typed) >= 300:
            return "q"
        tries = re.findall(r"Try: (\S+?)(?:,|\s|$)", new)
        if tries:
            self.suggested.append(tries[-1])
            answer = tries[-1]
        else:
            answer = str(self.table().state.legal(self.seat)[0])
        self.typed.append(answer)
        return answer


@pytest.mark.parametrize("game", LESSONS)
def test_a_learner_who_types_what_the_table_suggests_finishes_the_lesson(game):
    lesson = manifest(game).lesson_of()
    assert lesson is not None
    state = plunder.load(game, players=lesson.players, **lesson.options).new(seed=lesson.seed)
    out = io.StringIO()
    console = Console(file=out, width=2000, color_system=None)
    bots = {s: from_spec(lesson.bot, game) for s in range(lesson.players) if s != lesson.seat}
    tables: list[TerminalTable] = []
    learner = Learner(out, lambda: tables[0], lesson.seat)
    tables.append(TerminalTable(
        state, bots, console, random.Random(1), read_line=learner, lesson=lesson,
        coach=from_spec(lesson.coach, game),
    ))
    with pytest.raises(QuitRequested):
        tables[0].run()
    text = flat(out.getvalue())
    assert "Lesson, step " in text and lesson.intro in text
    assert f"Lesson done: {lesson.done}" in text
    # Every step taken by a move was hinted on the way, with its place: a step whose
    # one move is played for the learner too, before it is played.
    for place, step in enumerate(lesson.steps, start=1):
        if not step.see:
            assert f"Lesson, step {place} of {len(lesson.steps)}: " in text, step.name
            # Notations are written in backticks; the terminal shows them bare.
            assert flat(step.hint.replace("`", "")) in text, step.name
    # The learner made the moves the table suggested, every one of them taken.
    assert learner.suggested
    mine = [move for seat, move in state.moves if seat == lesson.seat]
    assert set(learner.suggested) <= set(mine)


@pytest.mark.parametrize("game", LESSONS)
def test_play_lesson_sets_the_lessons_table_and_welcomes(plunder_cli, tmp_path, game):
    lesson = manifest(game).lesson_of()
    assert lesson is not None
    save = tmp_path / "lesson.json"
    result = plunder_cli(["play", game, "--lesson", "--save", str(save)], input="q\n")
    assert result.exit_code == 0, result.output
    out = flat(result.stdout)
    assert re.search(rf"Lesson, step \d+ of {len(lesson.steps)}: ", out)
    assert flat(lesson.intro) in out
    record = json.loads(save.read_text())
    bots = {str(s): lesson.bot for s in range(lesson.players) if s != lesson.seat}
    assert record["seed"] == lesson.seed
    assert record["table"] == {"humans": [lesson.seat], "bots": bots}


BLOW = """
[table]
players = 2
seed = 4
bot = "random"
coach = "greedy"
options = { pirates = "vane,grady" }
intro = "Hello."
done = "Done."

[steps.blow]
hint = "Take the blow."
play = ["no"]
"""


def test_a_step_whose_one_move_is_played_for_the_learner_is_hinted_first(tmp_path):
    # On this deal the bot attacks first and the learner holds no defence: taking the
    # blow is the only choice, played for the learner; the table says the step first.
    path = tmp_path / "lesson.toml"
    path.write_text(BLOW, encoding="utf-8")
    lesson = read_lesson(path, "swordplay")
    state = plunder.load("swordplay", players=2, **lesson.options).new(seed=lesson.seed)
    out = io.StringIO()
    console = Console(file=out, width=2000, color_system=None)
    tables: list[TerminalTable] = []
    learner = Learner(out, lambda: tables[0], lesson.seat)
    tables.append(TerminalTable(
        state, {1: from_spec("random", "swordplay")}, console, random.Random(1),
        read_line=learner, lesson=lesson, coach=from_spec("greedy", "swordplay"),
    ))
    with pytest.raises(QuitRequested):
        tables[0].run()
    text = flat(out.getvalue())
    hinted = text.index("Lesson, step 1 of 1: Hello. Take the blow.")
    assert text.index("Played for you: no, your only choice", hinted) > hinted
    assert "Lesson done: Done." in text
    assert learner.typed == []  # the learner never typed: the one move was played
