"""A guided first game: a set deal against a gentle bot, and hints that teach.

A game may ship a lesson (its manifest's ``lesson``, a TOML file in its package).
The file sets the table (players, the deal's seed, the bot, the learner's seat)
and lists the steps the learner is to take, in order, each with what to do and
why::

    [table]
    players = 2
    seed = 11
    bot = "random"
    coach = "greedy"
    intro = "Welcome ..."
    done = "You have seen ..."

    [steps.colt]
    hint = "Play a Colt at the bot: ..."
    play = ["colt>*"]          # the moves that take the step (shell patterns)
    see = []                   # or: the events that take it ("hero_ko")

A hint writes a move's notation in backticks, in brackets: "(`colt>1`)". The
terminal, where moves are typed, shows it; the browser, where they are clicked,
leaves such a bracket out.

A step is taken once the learner has played a move matching one of its ``play``
patterns, or, for a step with ``see``, once an event of one of those types has
reached the learner. The hint shown is the first step not yet taken that the
learner can take now (its matching legal moves are suggested), else the first
step not yet taken, as what comes next. Where the step cannot be taken yet (no
enemy within reach to attack, say), the lesson's ``coach``, a bot, suggests a
move that leads on, and the coach's choice goes first among a step's moves. A
hint is worked out from what the seat may know alone: its own moves, the events
it has seen, its legal moves, and a bot's choice (bots never peek) drawn from a
generator seeded by the public move count.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any, Protocol

from plunder.engine.content import Field, Schema, read_table, read_toml
from plunder.engine.errors import ContentError
from plunder.engine.state import State


class Coach(Protocol):
    """A bot, as the lesson uses it: its choice for a seat (``plunder.bots.Bot``)."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Any: ...


@dataclass(frozen=True)
class LessonStep:
    name: str
    hint: str
    play: tuple[str, ...]
    see: tuple[str, ...]

    def taken(self, played: list[str], seen: set[str]) -> bool:
        if self.see:
            return bool(seen.intersection(self.see))
        return any(fnmatchcase(move, pattern) for move in played for pattern in self.play)

    def moves(self, legal: list[str]) -> list[str]:
        """The legal moves that take (or lead to) this step."""
        return [move for move in legal if any(fnmatchcase(move, p) for p in self.play)]


@dataclass(frozen=True)
class Hint:
    """What the table tells the learner now.

    ``text``: what to do and why; ``suggest``: the legal moves that follow it
    (empty: any move will do, the hint says what comes next); ``step``: the
    hinted step's place in the lesson, from 1 (0 once it is over); ``taken`` and
    ``steps``: how far the lesson has come; ``over``: every step is taken.
    """

    text: str
    suggest: tuple[str, ...]
    step: int
    taken: int
    steps: int
    over: bool

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "suggest": list(self.suggest), "step": self.step,
                "taken": self.taken, "steps": self.steps, "over": self.over}


@dataclass(frozen=True)
class Lesson:
    game: str
    players: int
    seed: int
    bot: str
    seat: int
    coach: str
    intro: str
    done: str
    options: dict[str, Any]
    steps: tuple[LessonStep, ...]

    def hint(self, state: State, seat: int, coach: Coach | None = None) -> Hint:
        """The hint for ``seat`` now, from its own moves, its events and its legal moves
        (and ``coach``'s choice, a bot made from the lesson's ``coach``)."""
        played = [move for mover, move in state.moves if mover == seat]
        seen = {str(event.get("type")) for event in state.events(seat)}
        left = [step for step in self.steps if not step.taken(played, seen)]
        taken = len(self.steps) - len(left)
        if not left:
            return Hint(self.done, (), 0, taken, len(self.steps), True)
        deciding = seat in state.pending and seat not in state.committed
        legal = [str(action) for action in state.legal(seat)] if deciding else []
        advised = None
        if legal and coach is not None:
            # Seeded by what every seat knows, so that the same moment gets the same advice.
            rng = random.Random(f"{self.game}:{len(state.moves)}")
            advised = str(coach.choose(state.clone(), seat, rng))
        step, moves = next(((s, s.moves(legal)) for s in left if s.moves(legal)), (left[0], []))
        if advised in moves:
            moves.remove(advised)
            moves.insert(0, advised)
        elif not moves and advised:
            moves = [advised]
        # The welcome comes with the first hint, until the learner's first move.
        text = step.hint if played else f"{self.intro} {step.hint}"
        place = self.steps.index(step) + 1
        return Hint(text, tuple(moves), place, taken, len(self.steps), False)


STEP_SCHEMA = Schema(
    "steps",
    LessonStep,
    hint=Field(str),
    play=Field(list, default=[]),
    see=Field(list, default=[]),
)


def read_lesson(path: Path, game: str) -> Lesson:
    """Read and check a lesson file; a ``ContentError`` names file, entry and field."""
    data = read_toml(path)
    table = read_table(
        path, data, "table",
        players=Field(int, low=1), seed=Field(int, low=0), bot=Field(str),
        coach=Field(str, default=""),
        seat=Field(int, default=0, low=0), intro=Field(str), done=Field(str),
        options=Field(dict, default={}),
    )
    if table["seat"] >= table["players"]:
        raise ContentError("is not a seat of the table", file=str(path), entry="table",
                           field="seat")
    raw = STEP_SCHEMA.read(path, data)
    if not raw:
        raise ContentError("needs at least one [steps.<name>] table", file=str(path),
                           field="steps")
    steps = []
    for step in raw.values():
        if not step.play and not step.see:
            raise ContentError("a step needs `play` or `see`", file=str(path),
                               entry=step.name, field="play")
        steps.append(LessonStep(step.name, step.hint, tuple(step.play), tuple(step.see)))
    return Lesson(game=game, steps=tuple(steps), **table)
