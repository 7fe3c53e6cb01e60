"""The error types of plunder.

Every error a user can cause is a ``PlunderError`` and, because each one is a
rejected value, also a ``ValueError`` (or ``LookupError`` for unknown names), so
callers may catch the broad built-in type. Messages say what was wrong and, where
there is a short list, what would have been accepted.
"""

from __future__ import annotations

from collections.abc import Iterable


class PlunderError(Exception):
    """Base class of every error plunder raises on purpose."""


class IllegalAction(PlunderError, ValueError):
    """An action that the rules do not allow now; the state is unchanged.

    ``rule`` names the rule that refused it, ``legal`` lists the notation of what
    that seat could have played instead (empty when the seat owes nothing).
    """

    def __init__(self, message: str, *, rule: str = "", legal: Iterable[str] = ()) -> None:
        self.rule = rule
        self.legal = tuple(legal)
        self.reason = message
        text = message
        if rule:
            text = f"{message} [{rule}]"
        if self.legal:
            shown = ", ".join(self.legal[:24])
            more = f" … ({len(self.legal)} in all)" if len(self.legal) > 24 else ""
            text = f"{text}; legal now: {shown}{more}"
        super().__init__(text)


class NotationError(IllegalAction):
    """Text that is not the notation of any action of the game."""


class OptionError(PlunderError, ValueError):
    """A game option that is unknown or out of range; ``field`` names it."""

    def __init__(self, message: str, *, field: str = "") -> None:
        self.field = field
        super().__init__(message)


class RecordError(PlunderError, ValueError):
    """A game record that cannot be read or replayed; ``field`` names the part at fault."""

    def __init__(self, message: str, *, field: str = "") -> None:
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)


class ContentError(PlunderError, ValueError):
    """A content data file that fails validation: file, entry and field are named."""

    def __init__(
        self,
        message: str,
        *,
        file: str = "",
        entry: str = "",
        field: str = "",
        line: int | None = None,
    ) -> None:
        self.file, self.entry, self.field, self.line = file, entry, field, line
        where = file
        if line is not None:
            where = f"{where}:{line}"
        named = (where, entry and f"entry {entry!r}", field and f"field {field!r}")
        parts = [part for part in named if part]
        super().__init__(f"{', '.join(parts)}: {message}" if parts else message)


class UnknownGame(PlunderError, LookupError):
    """A game name that is not registered."""
