"""Any-time windows: moments at which seats may play a card out of turn, or pass.

Some rules let a player act "any time" at a named timing: a Tide card "when a
hero attacks", a defence "when you are attacked". The engine models such a moment
as a *window*: a frame whose kind is the timing, offered to every seat that could
act there *by public information*, each of which plays something or passes.

* **Offered by public information.** ``pending`` is public, so a window must not
  tell who holds an answer. The game names the seats in ``_window_seats(timing,
  data)`` from what every seat may know (a hand that is not empty, a deck list
  that holds cards for this timing), never from a hand's content. A seat with
  nothing to play is asked all the same and may only pass; no one can tell. The
  conformance kit catches a window offered by hidden information: a state
  determinized for another seat would offer it to other seats.
* **Always a pass.** The window's default answer is the pass; every seat asked
  may play it. ``timed`` (the default) lets a live table's reflex clock pass for
  a seat that does not answer in time.
* **Open until everyone passes.** The seats answer at once; the plays are
  resolved in seat order from the active seat (``_window_first``), each through
  ``_window_play``, after a public ``window`` event that says what every seat
  answered. If anyone played, the window opens again (``opening`` counts
  up), to the seats ``_window_seats`` names now, because a card played may be
  answered by another. When every seat asked passes, the window closes and the
  game goes on in ``_after_<timing>(frame)``; the same happens at once when no
  seat is offered the window at all, so a game writes what follows a window in
  one place.
* A play may end the window itself (``close_window``): a defence that stops an
  attack, say. The game then goes on from the play, and ``_after_<timing>`` is
  not called.

A game writes ``_window_seats``, ``_window_plays(seat, frame)`` (what the seat
may play, besides the pass), ``_window_play(seat, action, frame)`` and one
``_after_<timing>`` per timing it opens; a game with windows at several timings
writes them per timing instead (``_seats_<timing>(data)``, ``_plays_<timing>(seat,
frame)``, ``_play_<timing>(seat, action, frame)``), so it never asks which
window is open.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from plunder.engine.action import Action
from plunder.engine.errors import PlunderError
from plunder.engine.frame import Frame

if TYPE_CHECKING:
    from plunder.engine.game import Game
    from plunder.engine.result import Result
    from plunder.engine.state import State


class Windows:
    """The window machinery, part of every ``State``."""

    if TYPE_CHECKING:  # what the machinery uses of the State it is part of
        game: Game
        frames: list[Frame]
        _over: Result | None

        @property
        def players(self) -> int: ...

        def push(self, frame: Frame) -> None: ...
        def pop(self) -> Frame: ...
        def replace(self, frame: Frame) -> None: ...
        def emit(self, event: dict[str, Any], to: Iterable[int] | None = None) -> None: ...

    # ----------------------------------------------------------- the game's hooks
    # A game with one kind of window writes these three; a game with several may
    # write ``_seats_<timing>``, ``_plays_<timing>`` and ``_play_<timing>`` instead,
    # which these find by the window's timing.
    def _window_seats(self, timing: str, data: Mapping[str, Any]) -> Iterable[int]:
        """The seats offered a window at ``timing``, judged by public information only."""
        return self._by_timing("_seats_", timing)(data)

    def _window_plays(self, seat: int, frame: Frame) -> Sequence[Action]:
        """What ``seat`` may play in the open window, besides the pass."""
        return self._by_timing("_plays_", frame.kind)(seat, frame)

    def _window_play(self, seat: int, action: Action, frame: Frame) -> None:
        """Resolve one play made in the window."""
        self._by_timing("_play_", frame.kind)(seat, action, frame)

    def _by_timing(self, prefix: str, timing: str) -> Any:
        found = getattr(self, f"{prefix}{timing}", None)
        if found is None:
            raise NotImplementedError(
                f"{type(self).__name__} opens {timing!r} windows but has no {prefix}{timing} "
                f"(nor _window_{prefix.strip('_')})"
            )
        return found

    def _window_first(self, frame: Frame) -> int:
        """The seat whose plays in a window resolve first (the active seat); then
        the others in seat order after it."""
        return 0

    # ----------------------------------------------------------- the machinery
    def open_window(
        self, timing: str, passing: Action, *, timed: bool = True, **data: Any
    ) -> None:
        """Open a window at ``timing`` over the decision on top, with ``passing`` as
        every seat's pass; ``data`` is the window's public data. With no seat to
        offer it to, the game goes on at once in ``_after_<timing>``."""
        after = getattr(self, f"_after_{timing}", None)
        if after is None:
            raise PlunderError(f"{type(self).__name__} opens a {timing!r} window "
                               f"but has no _after_{timing}")
        seats = sorted(self._window_seats(timing, data))
        frame = Frame.of(timing, seats, passing.notation, timed=timed, window=True, opening=1,
                         **data)
        if not seats:
            after(frame)
            return
        self.push(frame)

    def close_window(self) -> Frame:
        """End the window on top from inside a play; ``_after_<timing>`` is not called."""
        frame = self.frames[-1]
        if not frame.window:
            raise PlunderError(f"the decision on top ({frame.kind!r}) is not a window")
        return self.pop()

    def _window_legal(self, seat: int, frame: Frame) -> list[Action]:
        passing = self.game.parse(frame.default or "")
        return [passing, *(a for a in self._window_plays(seat, frame) if a != passing)]

    def _window_resolve(self, answers: dict[int, Action], frame: Frame) -> None:
        first = self._window_first(frame)
        n = self.players
        passing = frame.default
        plays = sorted(
            ((seat, action) for seat, action in answers.items() if action.notation != passing),
            key=lambda item: (item[0] - first) % n,
        )
        # What each seat answered is public once all are in (a play is made face up).
        said = {seat: answers[seat].notation for seat in sorted(answers)}
        words = [
            f"seat {seat} " + ("passes" if notation == passing else f"plays {notation}")
            for seat, notation in said.items()
        ]
        self.emit({
            "type": "window",
            "timing": frame.kind,
            "opening": frame.data["opening"],
            "choices": {str(seat): notation for seat, notation in said.items()},
            "text": f"{frame.kind}: " + "; ".join(words) + ".",
        })
        for seat, action in plays:
            self._window_play(seat, action, frame)
            if self._over is not None or not self.frames or self.frames[-1] is not frame:
                return  # the game ended, or a play closed the window
        data = dict(frame.data)
        timing = frame.kind
        if plays:
            data["opening"] = data["opening"] + 1
            seats = sorted(self._window_seats(timing, data))
            if seats:
                self.replace(Frame.of(timing, seats, frame.default, timed=frame.timed,
                                      window=True, **data))
                return
        self.pop()
        getattr(self, f"_after_{timing}")(frame)


# A window's timing as a table takes it from a player: a decision kind's name.
TIMING = re.compile(r"[A-Za-z0-9_-]{1,32}")
# The most timings one setting names (a game opens windows at a few timings).
MAX_TIMINGS = 32
# How a stored setting writes "every window" among its timings (never a timing's name).
EVERY = "*"
# How a stored setting writes that decisions with one answer wait for the player (never
# a timing's name either; a setting stored without it plays them, as every seat's did).
ASK_FORCED = "!"


@dataclass(frozen=True)
class AutoPass:
    """A seat's private auto-pass: the window timings a table passes for it, or every
    window; and whether a decision with one legal answer is played for it (``forced``,
    its autoplay: on unless the player turns it off).

    It is the player's own choice, never part of the game: no view, event or
    record holds it. A table plays the pass (``passing``) for the seat only while
    the seat owes an answer to an open window this setting covers, and the one
    legal answer (``playing``) only while the seat owes a decision that has no other.
    """

    every: bool = False
    timings: frozenset[str] = frozenset()
    forced: bool = True

    def __bool__(self) -> bool:
        """Whether any window is passed (autoplay aside)."""
        return self.every or bool(self.timings)

    def covers(self, frame: Frame | None) -> bool:
        """Whether ``frame`` is a window this setting passes."""
        return (
            frame is not None and frame.window and (self.every or frame.kind in self.timings)
        )

    def passing(self, state: State, seat: int) -> Action | None:
        """The pass to play for ``seat`` now, or None: the open window's default, where
        the window is covered and the seat owes it an answer."""
        if not self.covers(state.decision):
            return None
        return state.default_action(seat)

    def playing(self, state: State, seat: int) -> Action | None:
        """What a table plays for ``seat`` now, or None: the pass of a window this
        setting covers, else, with ``forced``, the seat's one legal answer to a
        decision it owes (a window where it may only pass among them)."""
        passing = self.passing(state, seat)
        if passing is not None or not self.forced or seat not in state.pending:
            return passing
        frame = state.decision
        if frame is not None and frame.race:
            return None  # in a race, when the answer comes is the player's to choose
        legal = state.legal(seat)
        return legal[0] if len(legal) == 1 else None

    def to_json(self) -> dict[str, Any]:
        return {"every": self.every, "timings": sorted(self.timings), "forced": self.forced}

    def to_text(self) -> str:
        """The setting in one line, as a store keeps it: its timings, ``*`` for every window,
        ``!`` where decisions with one answer wait for the player.

        >>> AutoPass(True, frozenset({"tide", "hits"})).to_text()
        '* hits tide'
        >>> AutoPass(forced=False).to_text()
        '!'
        """
        return " ".join([ASK_FORCED] * (not self.forced) + [EVERY] * self.every
                        + sorted(self.timings))

    @classmethod
    def from_text(cls, text: str | None) -> AutoPass:
        """The setting ``to_text`` wrote (nothing: no auto-pass); words that are not
        timings are dropped.

        >>> AutoPass.from_text("* tide") == AutoPass(True, frozenset({"tide"}))
        True
        >>> AutoPass.from_text("! tide") == AutoPass(False, frozenset({"tide"}), forced=False)
        True
        """
        words = (text or "").split()
        timings = frozenset(w for w in words if TIMING.fullmatch(w))
        return cls(EVERY in words, frozenset(sorted(timings)[:MAX_TIMINGS]),
                   forced=ASK_FORCED not in words)


__all__ = ["AutoPass", "Windows"]
