"""Stepping through a saved record as one seat (or a spectator) saw the game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

import plunder
from plunder.engine.errors import RecordError
from plunder.engine.state import State
from plunder.terminal.render import renderer_for, seats_text


def read_record_file(path: Path) -> dict[str, Any]:
    """The checked record in ``path``: every move is replayed once before it is returned.

    Raises ``RecordError`` naming the file and what is wrong with it.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise RecordError(f"cannot read {path}: {reason}") from None
    try:
        final = plunder.replay(text)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    return final.record


class RecordPlayer:
    """Shows a record step by step: after each resolved step, the new events and the table.

    ``seat`` is whose view is shown (``None``: a spectator). With ``wait``,
    ``read_line`` is asked for a line between steps: empty goes on, ``q`` stops.
    """

    def __init__(
        self,
        record: Mapping[str, Any],
        console: Console,
        *,
        seat: int | None = None,
        wait: bool = False,
        read_line: Callable[[str], str] | None = None,
    ) -> None:
        self.record = record
        self.console = console
        self.seat = seat
        self.wait = wait
        self.read_line = read_line or (lambda prompt: console.input(prompt))
        self.state: State = plunder.load(record["game"], **record["options"]).new(
            seed=record["seed"]
        )
        self.renderer = renderer_for(record["game"])
        self.labels = {} if seat is None else {seat: "you"}
        self.shown = 0

    def run(self) -> State:
        """Show every step (or until the viewer quits); return the state reached."""
        state = self.state
        moves = self.record["moves"]
        who = "a spectator" if self.seat is None else f"seat {self.seat}"
        title = (
            f"Replay of {state.game.title}, {state.players} players, seed {self.record['seed']}, "
            f"as seen by {who}"
        )
        self.console.rule(Text(title), style="bold")
        self.show_step("Set-up")
        first = 0
        step = 0
        for index, (seat, notation) in enumerate(moves):
            state.act(seat, notation)
            if state.committed:  # the step is still waiting for other seats
                continue
            step += 1
            span = f"move {index + 1}" if first == index else f"moves {first + 1}-{index + 1}"
            first = index + 1
            if self.wait and not self.next_step():
                self.console.print(Text("Replay stopped."))
                return state
            self.show_step(f"Step {step} ({span})")
        self.show_end(len(moves) - first)
        return state

    def show_step(self, title: str) -> None:
        view = self.state.view(self.seat)
        self.console.rule(title)
        for event in view["log"][self.shown :]:
            self.console.print(Text("  " + self.renderer.event(event)))
        self.shown = len(view["log"])
        self.console.print(self.renderer.table(view, self.labels))

    def show_end(self, unresolved: int) -> None:
        view = self.state.view(self.seat)
        if self.state.is_over:
            self.console.rule("Result", style="bold")
            self.console.print(self.renderer.result(view, self.labels))
            return
        self.console.rule("End of the record", style="bold")
        text = "The record stops before the game is over"
        if unresolved:
            text += f"; {unresolved} choice(s) of an unfinished step follow, not shown"
        text += f" (waiting for {seats_text(self.state.pending)})."
        self.console.print(Text(text))

    def next_step(self) -> bool:
        """Wait for the viewer: ``True`` to go on, ``False`` to stop."""
        try:
            answer = self.read_line("Enter: next step, q: quit > ")
        except EOFError:
            return False
        return answer.strip().lower() not in ("q", "quit")


__all__ = ["RecordPlayer", "read_record_file"]
