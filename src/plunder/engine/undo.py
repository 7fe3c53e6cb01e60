"""Taking a move back where it cannot leak, part of every ``State``.

Two kinds of move may be taken back, only by the seat that made it:

* A choice committed to a step several seats answer (a shootout, a card played
  face down, a window's answer) may be withdrawn until the step resolves: the
  others only ever saw that the seat had chosen, never what. A timed decision's
  answer stands (its clock is part of the rule), and so does the answer to a
  decision any one seat answers for all (it resolves the step at once).
* A move that resolved a step of its own (a turn, a hero's activation) may be taken
  back while it is the last move of the play and it revealed nothing: the game
  declares its kind of decision quiet (``quiet_kinds``, or ``_quiet`` for a finer
  say), it drew no chance (the generator is as it was), it logged nothing for some
  seats alone (a draw, a look at a card), and it did not end the game. Moves taken
  back one after another go back to the last die roll, draw or other revealed
  information, and never past it.

Whether a move was quiet is noted as it is made, and only once a caller asks for it
(``track_undo``: a table does, a search or a simulation does not, and a clone never
does), so play elsewhere pays nothing. A move taken back is replayed away: the play
is rebuilt from its seed and its moves without it, so the state, every seat's view
and the record are exactly what they were before it; the step id goes on counting
up, so an answer meant for a step before the undo is never taken for one after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from plunder.engine.action import Action
from plunder.engine.errors import IllegalAction
from plunder.engine.frame import ANY, Frame

if TYPE_CHECKING:
    from plunder.engine.state import State


class Undo:
    """The undo machinery; ``State`` holds the fields it reads."""

    # The kinds of decision whose answers reveal nothing hidden to any seat (a model
    # moved on the board, a choice among public options); a card played from a
    # hidden hand is not quiet. The engine still checks chance, private events and
    # the end of the game for each move.
    quiet_kinds: ClassVar[frozenset[str]] = frozenset()

    # Indices into ``moves`` of the quiet moves that each resolved a step of their
    # own, in order; None while undo is not tracked.
    _takeback: list[int] | None

    def _quiet(self, seat: int, action: Action, frame: Frame) -> bool:
        """Whether ``seat``'s ``action`` answering ``frame`` shows no seat anything
        hidden; by default, whether its kind is one of ``quiet_kinds``."""
        return frame.kind in self.quiet_kinds

    def track_undo(self) -> None:
        """Note from now on which moves may be taken back (``may_undo``, ``undo``)."""
        state = self._state()
        if state._takeback is None:
            state._takeback = []

    def may_undo(self, seat: int | None) -> bool:
        """Whether ``seat`` may take a move back now (``undo``)."""
        state = self._state()
        if type(seat) is not int or state.is_over or state._determinized:
            return False
        if seat in state._commits:
            frame = state.open_frame
            return frame is not None and not frame.timed and frame.answer != ANY
        trail = state._takeback
        return (
            bool(trail)
            and not state._commits
            and trail[-1] == len(state.moves) - 1  # type: ignore[index]
            and state.moves[-1][0] == seat
        )

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s last move: its concealed choice in the open step, or
        its last quiet move (see the module); the index in ``moves`` of the move taken
        out. Raises ``IllegalAction`` otherwise, with the state unchanged."""
        state = self._state()
        if not self.may_undo(seat):
            raise IllegalAction(
                f"seat {seat} has no move it may take back now: only its own last move, "
                "while no one has moved since and it revealed nothing",
                rule="undo",
            )
        if seat in state._commits:
            return self._withdraw(seat)
        self._take_back()
        return len(state.moves)  # the last move, now gone

    def _withdraw(self, seat: int) -> int:
        state = self._state()
        del state._commits[seat]
        # The step's commits are the last moves of the play, in the order they came.
        index = max(i for i, (mover, _) in enumerate(state.moves) if mover == seat)
        del state.moves[index]
        return index

    def _take_back(self) -> None:
        state = self._state()
        rebuilt = state.game.new(seed=state.seed)
        rebuilt.track_undo()
        for seat, notation in state.moves[:-1]:
            rebuilt.act(seat, notation)
        rebuilt._steps = state._steps + 1
        state.__dict__.clear()
        state.__dict__.update(rebuilt.__dict__)

    def _note_move(
        self, seat: int, action: Action, frame: Frame, chance: Any, events: int
    ) -> None:
        """After a step ``seat`` answered alone resolved: keep its move for taking back
        if it revealed nothing. ``chance`` is the generator's state before the move and
        ``events`` the log's length."""
        state = self._state()
        assert state._takeback is not None
        if (
            state._result() is None
            and self._quiet(seat, action, frame)
            and state.rng.getstate() == chance
            and all(event.to is None for event in state.log[events:])
        ):
            state._takeback.append(len(state.moves) - 1)

    def _state(self) -> State:
        return self  # type: ignore[return-value]
