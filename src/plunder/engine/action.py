"""Actions: small immutable values whose ``str`` is their notation."""

from __future__ import annotations


class Action:
    """Base class of every game's actions.

    A game defines its actions as frozen dataclasses deriving from this class and
    gives each a ``notation`` property; ``str(action)`` is that notation and the
    game's ``parse`` reads it back. Actions compare by value, so an action parsed
    from text equals the one ``legal`` offered.
    """

    __slots__ = ()

    @property
    def notation(self) -> str:  # pragma: no cover - every game overrides it
        raise NotImplementedError

    def __str__(self) -> str:
        return self.notation
