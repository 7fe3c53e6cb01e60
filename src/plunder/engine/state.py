"""The state of one play, and the engine's handling of decisions.

A game's state derives from ``State`` and supplies the rules through a handful of
hooks (``_deciders``, ``_legal_actions``, ``_resolve``, ``_view``, ``_result``).
The base class owns everything the protocol promises for every game alike:

* Simultaneous decisions. A *step* is the set of seats that owe a decision; each
  ``act`` commits one seat's choice (hidden from the others) and the step resolves
  when the last seat commits. A sequential turn is a step of one seat.
* Validation before mutation, so a rejected action leaves the state unchanged.
* The move list behind ``record`` and the filtered event log behind ``view``.
* Chance from one seeded generator held in the state and never shown.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from plunder.engine.action import Action
from plunder.engine.errors import IllegalAction, PlunderError, RecordError
from plunder.engine.record import make_record
from plunder.engine.result import Result

if TYPE_CHECKING:
    from plunder.engine.game import Game

# An event visible to every seat and to spectators.
PUBLIC: None = None


class Event:
    """One entry of the event log: what happened, and who may see it (``None``: everyone).

    The data is never changed once logged, so clones share events; its JSON text is
    made the first time a view needs it, keeping random playouts free of encoding.
    """

    __slots__ = ("_text", "data", "to")

    def __init__(self, to: frozenset[int] | None, data: dict[str, Any]) -> None:
        self.to = to
        self.data = data
        self._text: str | None = None

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = json.dumps(self.data)
        return self._text


class State:
    """The whole truth of one play of a game.

    Public protocol: ``pending``, ``legal``, ``act``, ``view``, ``is_over``,
    ``result``, ``clone``, ``determinize``, ``record``.
    """

    game: Game

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.moves: list[tuple[int, str]] = []
        self.log: list[Event] = []
        self._commits: dict[int, Action] = {}
        self._step: frozenset[int] = frozenset()
        self._legal_cache: dict[int, list[Action]] = {}
        self._determinized = False

    # ----------------------------------------------------------------- hooks
    def _deciders(self) -> frozenset[int]:
        """Seats that owe a decision in the current step (empty when over)."""
        raise NotImplementedError

    def _legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now; only called for deciding seats."""
        raise NotImplementedError

    def _resolve(self, commits: dict[int, Action]) -> None:
        """Apply a complete step; ``commits`` keeps the order choices arrived in."""
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict[str, Any]:
        """The game's part of ``view``: only what ``seat`` may know."""
        raise NotImplementedError

    def _result(self) -> Result | None:
        """The result once the game is over, else ``None``."""
        raise NotImplementedError

    def _explain(self, seat: int, action: Action) -> str:
        """Why ``action`` is not legal for ``seat`` now (for the error message)."""
        return f"{action} is not a legal action for seat {seat} now"

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Resample what ``seat`` cannot see (hands, decks) for ``determinize``."""

    def _timeout_action(self, seat: int) -> Action | None:
        """What a seat plays when it lets a timed decision pass (see ``timeout_action``)."""
        return None

    # ------------------------------------------------------------- protocol
    def _open_step(self) -> None:
        """Start a new step; games call it at the end of set-up and the base after each resolve."""
        self._legal_cache = {}
        self._step = frozenset() if self._result() is not None else self._deciders()

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def pending(self) -> frozenset[int]:
        """Seats that owe a decision now and have not yet committed it."""
        if not self._commits:
            return self._step
        return self._step.difference(self._commits)

    @property
    def committed(self) -> frozenset[int]:
        """Seats that have committed in the current step (never what they chose)."""
        return frozenset(self._commits)

    @property
    def is_over(self) -> bool:
        return not self._step and self._result() is not None

    @property
    def result(self) -> Result | None:
        return self._result()

    def legal(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now; empty when it owes no decision."""
        if type(seat) is not int or seat not in self._step or seat in self._commits:
            return []
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_cache[seat] = self._legal_actions(seat)
        return list(cached)

    def act(self, seat: int, action: Action | str) -> None:
        """Commit ``seat``'s decision (an ``Action`` or its notation).

        Raises ``IllegalAction`` naming the problem, with the state unchanged.
        """
        # The common case in one test (play is hot in searches and simulations);
        # ``type(...) is int`` also keeps out ``True`` and unhashable values.
        if type(seat) is not int or seat not in self._step or seat in self._commits:
            self._refuse_seat(seat)
        legal = self._legal_cache.get(seat)
        if legal is None:
            legal = self._legal_cache[seat] = self._legal_actions(seat)
        if isinstance(action, str):
            action = self.game.parse(action, legal=[str(a) for a in legal])
        elif not isinstance(action, Action):
            raise IllegalAction(
                f"{action!r} is neither an action nor its notation",
                rule="notation",
                legal=[str(a) for a in legal],
            )
        if action not in legal:
            raise IllegalAction(self._explain(seat, action), legal=[str(a) for a in legal])
        self._commits[seat] = action
        self.moves.append((seat, action.notation))
        if len(self._commits) == len(self._step):
            commits, self._commits = self._commits, {}
            self._resolve(commits)
            self._open_step()

    def _refuse_seat(self, seat: object) -> None:
        """Raise the ``IllegalAction`` that says why ``seat`` may not act now."""
        if self.is_over:
            raise IllegalAction("the game is over", rule="end")
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(
                f"{seat!r} is not a seat of this game (seats are 0..{self.players - 1})",
                rule="seats",
            )
        if seat in self._commits:
            raise IllegalAction(
                f"seat {seat} has already committed its choice this step; "
                f"waiting for {_seats(self.pending)}",
                rule="one decision per step",
            )
        raise IllegalAction(
            f"seat {seat} owes no decision now; waiting for {_seats(self.pending)}",
            rule="turn order",
        )

    def timeout_action(self, seat: int) -> Action | None:
        """The legal action ``seat`` is taken to play if it lets its decision's time run out.

        ``None`` for an ordinary decision, which has no time limit in the rules (a
        table may still put a clock on it). A decision the rules time, such as a
        gesture made as the cards are revealed, names the action that stands for
        no answer; a table with a clock plays it when the time is up.
        """
        if type(seat) is not int or seat not in self.pending:
            return None
        return self._timeout_action(seat)

    def view(self, seat: int | None = None, *, log: bool = True) -> dict[str, Any]:
        """Everything ``seat`` may know, as JSON-ready data (``None``: a spectator).

        ``log=False`` leaves out the event log, for callers (bots, learners) that
        look at many positions and read only the table.
        """
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players
        ):
            raise IllegalAction(
                f"{seat!r} is not a seat of this game (seats are 0..{self.players - 1}, "
                "or None for a spectator)",
                rule="seats",
            )
        out = self._view(seat)
        result = self._result()
        out["game"] = self.game.name
        out["options"] = dict(self.game.options)
        out["viewer"] = seat
        out["pending"] = sorted(self.pending)
        out["committed"] = sorted(self._commits)
        if seat is not None and seat in self._commits:
            out["choice"] = self._commits[seat].notation
        if log:
            # Decoding the events' JSON text hands out fresh copies: no caller can
            # change the log through a view.
            out["log"] = json.loads(
                "[" + ",".join(e.text for e in self.log if e.to is None or seat in e.to) + "]"
            )
        out["over"] = result is not None
        out["result"] = None if result is None else result.to_json()
        return out

    def clone(self) -> State:
        """An independent copy: acting on it never changes this state."""
        new = copy.copy(self)
        # Random.__new__ skips seeding from the OS, which setstate overwrites anyway.
        new.rng = random.Random.__new__(random.Random)
        new.rng.setstate(self.rng.getstate())
        new.moves = list(self.moves)
        new.log = list(self.log)  # events are never mutated once logged
        new._commits = dict(self._commits)
        new._legal_cache = dict(self._legal_cache)
        self._clone_into(new)
        return new

    def _clone_into(self, new: State) -> None:
        """Copy the game's own mutable fields into ``new`` (deep enough to be independent)."""
        for name, value in vars(self).items():
            if name not in _BASE_FIELDS:
                setattr(new, name, copy.deepcopy(value))

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        """A clone in which everything ``seat`` cannot see is resampled.

        Other seats' committed but unrevealed choices are redrawn from their legal
        actions, the game resamples its hidden parts, and the chance generator is
        reseeded, so the result is one possible truth consistent with
        ``view(seat)``. A determinized state has no replayable record.
        """
        new = self.clone()
        new.rng = random.Random(rng.getrandbits(64))
        new._determinized = True
        # Hidden parts first: another seat's legal actions may depend on its hidden
        # hand, so its concealed choice is redrawn in the resampled world.
        new._resample_hidden(seat, rng)
        new._legal_cache = {s: a for s, a in new._legal_cache.items() if s == seat}
        if new._commits:
            arrival = list(new._commits)
            for other in arrival:
                if other != seat:
                    options = new._legal_cache[other] = new._legal_actions(other)
                    new._commits[other] = rng.choice(options)
            new.moves[-len(arrival) :] = [(s, new._commits[s].notation) for s in arrival]
        return new

    @property
    def record(self) -> dict[str, Any]:
        """JSON-ready record (game, options, seed, moves); ``plunder.replay`` rebuilds the state."""
        if self._determinized:
            raise RecordError("a determinized state has no record: its hidden parts were resampled")
        return make_record(self.game.name, self.game.options, self.seed, self.moves)

    # ------------------------------------------------------------- helpers
    def emit(self, event: dict[str, Any], to: Iterable[int] | None = PUBLIC) -> None:
        """Add an event to the log, visible to ``to`` (default: everyone)."""
        self.log.append(Event(None if to is None else frozenset(to), event))

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"pending={sorted(self.pending)}"
        return f"<{type(self).__name__} {self.game.name} moves={len(self.moves)} {status}>"

    def to_json(self) -> str:
        """The spectator view as JSON text (handy in a REPL)."""
        return json.dumps(self.view(None))


_BASE_FIELDS = frozenset(
    ("game", "seed", "rng", "moves", "log", "_commits", "_step", "_legal_cache", "_determinized")
)


def _seats(seats: Iterable[int]) -> str:
    listed = sorted(seats)
    if not listed:
        return "no one"
    return (
        "seat " + ", ".join(str(s) for s in listed)
        if len(listed) == 1
        else ("seats " + ", ".join(str(s) for s in listed))
    )


__all__ = ["PUBLIC", "Event", "PlunderError", "State"]
