"""Broken copies of the Boarding toy, one fault each, for the kit's Engine 3 checks.

Each is a mistake a game of teams, windows and frames could make; the kit must
catch every one (``test_kit_catches.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.boarding import BoardingGame, BoardingState, side_of
from plunder.engine import Frame, Result
from plunder.engine.state import State


def _game(state_class: type[BoardingState], **attributes: Any) -> type[BoardingGame]:
    """A Boarding game that deals ``state_class`` and has ``attributes``."""

    def _new_state(self: BoardingGame, seed: int) -> State:
        return state_class(self, seed)

    return type(state_class.__name__, (BoardingGame,), {"_new_state": _new_state, **attributes})


class WindowByHand(BoardingState):
    """Offers the attack's window only to seats holding a card they could play:
    who is asked tells everyone who holds one."""

    def _window_seats(self, timing: str, data: Mapping[str, Any]) -> list[int]:
        frame = Frame.of(timing, (), attacker=data["attacker"])
        return [s for s in super()._window_seats(timing, data) if self._window_plays(s, frame)]


class NoHandlers(BoardingState):
    """Opens a parley no handler answers."""

    def _side_turn(self) -> None:
        if self.round == 2:
            self.replace(Frame.of("parley", self._heroes(self.side)))
            return
        super()._side_turn()


class DefaultNotLegal(BoardingState):
    """Names a default answer for the re-roll that is not one of its answers."""

    def _offer_reroll(self) -> None:
        super()._offer_reroll()
        top = self.frames[-1]
        if top.kind == "reroll":
            self.replace(Frame.of("reroll", top.seats, "rest", **top.data))


class PaysOneTeammate(BoardingState):
    """Pays a win to the seat that scored it, not to its team."""

    def _win(self, side: int, why: str) -> None:
        seat = self.active if self.active is not None and side_of(self.active) == side else side
        teams = tuple(frozenset([s]) for s in range(self.players))
        self.finish(Result(frozenset([seat]), self._scores(), why, teams=teams))


def _overlapping(self: BoardingGame) -> list[list[int]]:
    return [[0, 1], [1, 2]] if self.players == 3 else [[0], [1]]


def _always_constant(self: BoardingGame) -> str:
    return "constant-sum"


# name -> (game class, options, the checks that may catch it)
FAULTS: dict[str, tuple[type[BoardingGame], dict[str, Any], set[str]]] = {
    "window offered by hidden information": (_game(WindowByHand), {"players": 2}, {"windows"}),
    "a decision without handlers": (_game(NoHandlers), {"players": 2}, {"dispatch"}),
    "a default answer that is not legal": (_game(DefaultNotLegal), {"players": 2}, {"decisions"}),
    "a win paid to one teammate": (_game(PaysOneTeammate), {"players": 4, "target": 1},
                                   {"teams"}),
    "teams that overlap": (_game(BoardingState, _teams=_overlapping), {"players": 3}, {"teams"}),
    "a utility that does not fit the teams": (
        _game(BoardingState, utility=_always_constant), {"players": 3}, {"teams"}),
}
