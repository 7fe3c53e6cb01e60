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
    ``read_line`` is asked for a line between steps: empty (or ``n``) goes on,
    ``b`` goes back a step, ``q`` stops.
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

    def steps(self) -> tuple[list[tuple[str, State]], State, int]:
        """Every resolved step as (title, the state after it), the set-up first; then the
        state after the last move, and how many moves of an unfinished step follow."""
        state = self.state.clone()
        shown: list[tuple[str, State]] = [("Set-up", state.clone())]
        first = 0
        for index, (seat, notation) in enumerate(self.record["moves"]):
            state.act(seat, notation)
            if state.committed:  # the step is still waiting for other seats
                continue
            span = f"move {index + 1}" if first == index else f"moves {first + 1}-{index + 1}"
            first = index + 1
            shown.append((f"Step {len(shown)} ({span})", state.clone()))
        return shown, state, len(self.record["moves"]) - first

    def run(self) -> State:
        """Show the steps (every one, or as the viewer moves); return the state last shown."""
        shown, final, unresolved = self.steps()
        who = "a spectator" if self.seat is None else f"seat {self.seat}"
        title = (
            f"Replay of {final.game.title}, {final.players} players, "
            f"seed {self.record['seed']}, as seen by {who}"
        )
        self.console.rule(Text(title), style="bold")
        at = 0
        self.show_step(shown, at)
        while True:
            move = self.next_move() if self.wait else "next"
            if move == "quit":
                self.console.print(Text("Replay stopped."))
                self.state = shown[at][1]
                return self.state
            if move == "back":
                if at == 0:
                    self.console.print(Text("This is the set-up: there is no step before it."))
                    continue
                at -= 1
            elif at + 1 < len(shown):
                at += 1
            else:
                self.state = final
                self.show_end(unresolved)
                return final
            self.show_step(shown, at)

    def show_step(self, shown: list[tuple[str, State]], at: int) -> None:
        """Step ``at``: the events since the step before it, then the table."""
        title, state = shown[at]
        view = state.view(self.seat)
        before = len(shown[at - 1][1].view(self.seat)["log"]) if at else 0
        self.console.rule(title)
        for event in view["log"][before:]:
            self.console.print(Text("  " + self.renderer.event(event)))
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

    def next_move(self) -> str:
        """Ask the viewer: ``next``, ``back`` or ``quit`` (end of input quits)."""
        try:
            answer = self.read_line("Enter: next step, b: back, q: quit > ")
        except EOFError:
            return "quit"
        answer = answer.strip().lower()
        if answer in ("q", "quit"):
            return "quit"
        return "back" if answer in ("b", "back", "p", "prev") else "next"


__all__ = ["RecordPlayer", "read_record_file"]
