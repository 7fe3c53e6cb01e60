"""A table's chat: the players' own words, cleaned and bounded, never anything of the game.

A message is plain text. Control and formatting characters (which could hide
text or reorder what is shown) become spaces and the ends are trimmed; a message
left empty, or longer than the server's limit, is refused with a message saying
so. The text is never HTML: the browser inserts it as text.

A chat message carries its author's seat and name, the time and the text:
nothing drawn from the table's game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from plunder.server.connection import encode
from plunder.server.store import ChatLine
from plunder.server.table import TableError, clean_name

# Python counts it as unprintable, yet it joins emoji into one picture: kept.
ZERO_WIDTH_JOINER = "\u200d"

# What a spectator who gives no name is called in the chat.
SPECTATOR = "Spectator"


def chat_text(value: Any, limit: int) -> str:
    """The text of a chat message as it is kept and shown, or ``TableError`` saying why not."""
    if not isinstance(value, str):
        raise TableError("a chat message is text")
    cleaned = "".join(
        ch if ch.isprintable() or ch == ZERO_WIDTH_JOINER else " " for ch in value
    ).strip()
    if not cleaned.replace(ZERO_WIDTH_JOINER, "").strip():
        raise TableError("a chat message needs some words")
    if len(cleaned) > limit:
        raise TableError(
            f"a chat message is at most {limit} characters; this one has {len(cleaned)}"
        )
    return cleaned


def spectator_name(value: Any) -> str:
    """A spectator's name in the chat: the one they give, cleaned, or ``Spectator``."""
    if isinstance(value, str) and value.strip():
        return clean_name(value)
    return SPECTATOR


def chat_message(line: ChatLine) -> str:
    """The ``chat`` message telling everyone at the table of one new line."""
    return encode({"type": "chat", **line.to_json()})


def history_message(lines: Iterable[ChatLine], can_post: bool, limit: int) -> str:
    """The ``chat_history`` message a connection is sent after its hello.

    ``can_post`` says whether this connection may write; ``limit`` is the
    longest message it may send, in characters.
    """
    return encode(
        {
            "type": "chat_history",
            "messages": [line.to_json() for line in lines],
            "can_post": can_post,
            "max_length": limit,
        }
    )
