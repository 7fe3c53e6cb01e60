"""The guided first games: their files are checked, a learner who follows the hints
takes every step, and a hint is worked out from what the learner's seat may know."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import plunder
from plunder.bots import from_spec
from plunder.engine.errors import ContentError
from plunder.engine.lesson import Lesson, read_lesson
from plunder.engine.registry import games, manifest

LESSONS = [info.name for info in games() if manifest(info.name).lesson]


def test_every_game_has_a_guided_first_game() -> None:
    assert set(LESSONS) == {"duel", "rumble", "rumbones", "swordplay", "underfire"}


def _follow(lesson: Lesson, bot_seed: int, limit: int = 400) -> tuple[list[int], set[int]]:
    """Plays the lesson's table, the learner always taking the first move the hint
    suggests (else the decision's default, else its first legal move); returns how
    many of the learner's moves each step took to be taken, and the places of the
    steps that were hinted, with a move suggested, when the learner moved."""
    game = plunder.load(lesson.game, players=lesson.players, **lesson.options)
    state = game.new(seed=lesson.seed)
    bot = from_spec(lesson.bot, lesson.game)
    coach = from_spec(lesson.coach, lesson.game) if lesson.coach else None
    rng = random.Random(bot_seed)
    taken_at: list[int] = []
    hinted: set[int] = set()
    moves = 0
    while not state.is_over and moves < limit:
        hint = lesson.hint(state, lesson.seat, coach)
        taken_at += [moves] * (hint.taken - len(taken_at))
        if hint.over:
            break
        seat = min(state.pending - state.committed)
        if seat != lesson.seat:
            state.act(seat, bot.choose(state, seat, rng))
            continue
        legal = [str(action) for action in state.legal(seat)]
        # What is suggested is always legal now.
        assert set(hint.suggest) <= set(legal), (hint, legal)
        if hint.suggest:
            hinted.add(hint.step)
        default = state.default_action(seat)
        state.act(seat, hint.suggest[0] if hint.suggest else str(default or legal[0]))
        moves += 1
    return taken_at, hinted


@pytest.mark.parametrize("game", LESSONS)
@pytest.mark.parametrize("bot_seed", [0, 1, 2, 3, 4, 5])
def test_a_learner_who_follows_the_hints_takes_every_step(game: str, bot_seed: int) -> None:
    lesson = manifest(game).lesson_of()
    assert lesson is not None
    taken_at, hinted = _follow(lesson, bot_seed)
    # Every step is taken while the game is still on (the lesson says it is done
    # before the game ends), within a bounded number of the learner's moves.
    assert len(taken_at) == len(lesson.steps), taken_at
    assert taken_at[-1] <= 150
    # Each step taken by a move was hinted, with a move to make, on the way: none
    # is taken by a move the learner was never told of.
    by_move = {place for place, step in enumerate(lesson.steps, start=1) if not step.see}
    assert by_move <= hinted, (sorted(by_move - hinted), [s.name for s in lesson.steps])


def test_the_first_hint_welcomes_and_suggests_the_first_step() -> None:
    lesson = manifest("duel").lesson_of()
    assert lesson is not None
    state = plunder.load("duel", players=lesson.players).new(seed=lesson.seed)
    hint = lesson.hint(state, lesson.seat)
    assert hint.text.startswith(lesson.intro)
    assert hint.suggest == ("colt>1",)
    assert (hint.step, hint.taken, hint.steps, hint.over) == (1, 0, 5, False)
    # Once the Colt is played (the bot's Barricade keeps it off), its step is taken
    # and the next is hinted.
    state.act(1, "barricade")
    state.act(0, "colt>1")
    after = lesson.hint(state, lesson.seat)
    assert (after.step, after.taken) == (2, 1) and after.text == lesson.steps[1].hint


@pytest.mark.parametrize("game", LESSONS)
def test_a_hint_is_the_same_in_every_world_the_learner_cannot_tell_apart(game: str) -> None:
    lesson = manifest(game).lesson_of()
    assert lesson is not None
    table = plunder.load(game, players=lesson.players, **lesson.options)
    state = table.new(seed=lesson.seed)
    # The coach's advice too: a bot's choice, seeded by what every seat knows.
    coach = from_spec(lesson.coach, game) if lesson.coach else None
    rng = random.Random(3)
    compared = 0
    while compared < 40:
        if state.is_over:
            state = table.new(seed=rng.randrange(1000))
        if lesson.seat in state.pending - state.committed:
            world = state.determinize(lesson.seat, random.Random(compared))
            assert lesson.hint(world, lesson.seat) == lesson.hint(state, lesson.seat)
            if compared % 8 == 0:
                assert lesson.hint(world, lesson.seat, coach) == lesson.hint(
                    state, lesson.seat, coach)
            compared += 1
        seat = min(state.pending - state.committed)
        state.act(seat, rng.choice(state.legal(seat)))
    assert compared == 40


# The guided games written for players who know no notation: their words name
# cards and places as the tables show them, never as moves are typed.
NOTATION = re.compile(r"\w[>:@]\w|\*")


@pytest.mark.parametrize("game", ["rumble", "swordplay", "underfire"])
def test_a_lessons_words_hold_no_notation(game: str) -> None:
    lesson = manifest(game).lesson_of()
    assert lesson is not None
    words = [lesson.intro, lesson.done, *(step.hint for step in lesson.steps)]
    assert [text for text in words if NOTATION.search(text)] == []


GOOD = """
[table]
players = 2
seed = 1
bot = "random"
intro = "Hello."
done = "Done."

[steps.fire]
hint = "Fire."
play = ["colt>*"]
"""


@pytest.mark.parametrize(
    ("change", "entry", "field"),
    [
        (("seed = 1", "seed = -1"), "table", "seed"),
        (("intro = \"Hello.\"\n", ""), "table", "intro"),
        (("bot = \"random\"", "bot = \"random\"\nseat = 2"), "table", "seat"),
        (("play = [\"colt>*\"]", ""), "fire", "play"),
        (("hint = \"Fire.\"", "hint = \"Fire.\"\nhints = \"typo\""), "fire", "hints"),
    ],
    ids=["negative-seed", "no-intro", "seat-off-the-table", "step-without-moves", "unknown-field"],
)
def test_a_bad_lesson_file_names_its_entry_and_field(
    tmp_path: Path, change: tuple[str, str], entry: str, field: str
) -> None:
    path = tmp_path / "lesson.toml"
    path.write_text(GOOD.replace(*change), encoding="utf-8")
    with pytest.raises(ContentError) as raised:
        read_lesson(path, "duel")
    assert (raised.value.entry, raised.value.field) == (entry, field)
    assert str(path) in str(raised.value)


def test_a_good_lesson_file_reads() -> None:
    # The fixture above is itself a lesson, so that the faults are the only change.
    lesson = read_lesson_text(GOOD)
    assert [step.name for step in lesson.steps] == ["fire"]
    assert lesson.steps[0].play == ("colt>*",)


def read_lesson_text(text: str) -> Lesson:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "lesson.toml"
        path.write_text(text, encoding="utf-8")
        return read_lesson(path, "duel")
