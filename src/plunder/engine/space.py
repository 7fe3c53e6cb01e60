"""A game's action space: every action it can ever offer under its options, in a fixed order.

Learners see actions as indices into this list; ``state.legal_mask(seat)`` marks
the legal ones. The order is the game's, fixed by its options alone, so an
index means the same action in every state of every play with those options.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from plunder.engine.action import Action
from plunder.engine.errors import PlunderError


class ActionSpace:
    """An ordered, duplicate-free list of actions with a reverse index."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self._index = {action: i for i, action in enumerate(self.actions)}
        self._by_notation = {action.notation: i for i, action in enumerate(self.actions)}
        if len(self._index) != len(self.actions) or len(self._by_notation) != len(self.actions):
            raise PlunderError("an action space lists an action (or a notation) twice")

    def __len__(self) -> int:
        return len(self.actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def __contains__(self, action: object) -> bool:
        return action in self._index

    def index(self, action: Action | str) -> int:
        """The index of ``action`` (an Action or its notation); ``KeyError`` if it is not here."""
        if isinstance(action, str):
            return self._by_notation[action]
        return self._index[action]

    def positions(self, actions: Iterable[Action]) -> list[int]:
        """The indices of ``actions``, in their order (looked up by their notation,
        whose hash a string keeps: the quick way for a whole legal list)."""
        at = self._by_notation
        return [at[action.notation] for action in actions]

    def action(self, index: int) -> Action:
        """The action at ``index``; ``IndexError`` outside ``0..len-1``."""
        if not 0 <= index < len(self.actions):
            raise IndexError(f"action index {index} is outside 0..{len(self.actions) - 1}")
        return self.actions[index]

    def notations(self) -> list[str]:
        return [a.notation for a in self.actions]


__all__ = ["ActionSpace"]
