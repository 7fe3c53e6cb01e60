"""How surely a guided first game leads a learner who follows it to its end.

For each game with a lesson (or those named), plays the lesson's table again and
again, each time with the bots drawing from another seed: the learner always makes
the first move the hint suggests (else the decision's default, else its first
legal move). A play is counted *finished* when the table says the lesson is done
while the game is still on (no hint is given once it is over), and *fully hinted*
when every step taken by a move was hinted, with a move to make, before it was
taken. Reports, per game: the plays finished, the plays that were not (and why:
the game ended first, or a step was never hinted), and the most moves of the
learner a finished lesson took.

Run it from the project root, to check a lesson file while writing it::

    python scripts/lesson_trial.py                      # every lesson, 300 bot seeds each
    python scripts/lesson_trial.py swordplay --plays 1000
    python scripts/lesson_trial.py rumble --file my-lesson.toml
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field
from pathlib import Path

import plunder
from plunder.bots import from_spec
from plunder.engine.lesson import Lesson, read_lesson
from plunder.engine.registry import games, manifest


@dataclass
class Trial:
    finished: int = 0
    ended_first: list[int] = field(default_factory=list)
    unhinted: list[int] = field(default_factory=list)
    most_moves: int = 0


def follow(lesson: Lesson, bot_seed: int, limit: int = 400) -> tuple[bool, bool, int]:
    """One play: (finished, every move-step hinted, the learner's moves to the end)."""
    state = plunder.load(lesson.game, players=lesson.players, **lesson.options).new(
        seed=lesson.seed)
    bot = from_spec(lesson.bot, lesson.game)
    coach = from_spec(lesson.coach, lesson.game) if lesson.coach else None
    rng = random.Random(bot_seed)
    hinted: set[int] = set()
    moves = 0
    over = False
    while not state.is_over and moves < limit:
        hint = lesson.hint(state, lesson.seat, coach)
        if hint.over:
            over = True
            break
        seat = min(state.pending - state.committed)
        if seat != lesson.seat:
            state.act(seat, bot.choose(state, seat, rng))
            continue
        if hint.suggest:
            hinted.add(hint.step)
        legal = [str(action) for action in state.legal(seat)]
        default = state.default_action(seat)
        state.act(seat, hint.suggest[0] if hint.suggest else str(default or legal[0]))
        moves += 1
    by_move = {place for place, step in enumerate(lesson.steps, start=1) if not step.see}
    return over, by_move <= hinted, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games to try (default: every game with a lesson)")
    parser.add_argument("--plays", type=int, default=300, help="bot seeds per game (300)")
    parser.add_argument("--file", type=Path, help="a lesson file to try instead of the game's")
    args = parser.parse_args()
    names = args.games or [info.name for info in games() if manifest(info.name).lesson]
    for name in names:
        lesson = read_lesson(args.file, name) if args.file else manifest(name).lesson_of()
        if lesson is None:
            print(f"{name}: no lesson")
            continue
        trial = Trial()
        for bot_seed in range(args.plays):
            over, all_hinted, moves = follow(lesson, bot_seed)
            if not over:
                trial.ended_first.append(bot_seed)
            elif not all_hinted:
                trial.unhinted.append(bot_seed)
            else:
                trial.finished += 1
                trial.most_moves = max(trial.most_moves, moves)
        print(f"{name}: {trial.finished} of {args.plays} plays finished, at most "
              f"{trial.most_moves} of the learner's moves; the game ended first in "
              f"{len(trial.ended_first)} {trial.ended_first[:5]}, a step went unhinted in "
              f"{len(trial.unhinted)} {trial.unhinted[:5]}")


if __name__ == "__main__":
    main()
