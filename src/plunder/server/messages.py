"""What a client may send on a table's socket: one schema per message type.

Every field a handler uses is checked here, by type, before the handler runs:
a yes-or-no field is the JSON ``true`` or ``false`` and nothing else (``"true"``,
``1`` or a list are refused, never read as one or the other), a whole number is
a JSON integer (not ``true``, not ``1.0``), a text is a JSON string. A message
that fails is refused with an ``error`` naming the field, and changes nothing.
Fields a type does not name are ignored: no handler reads them.

What a value must be beyond its type (a chat line's length, a seat that exists,
an action that is legal) is the handler's to say, as before.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError


class Message(BaseModel):
    # Strict: no coercion of "1" to 1 or of 1 to true.
    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)


class Held(Message):
    """The events of a seat's log a client already holds."""

    seat: int | None
    events: Annotated[int, Field(ge=0)]


class Hello(Message):
    type: Literal["hello"]
    token: str | None = None
    held: Held | None = None


class Ping(Message):
    type: Literal["ping"]


class Act(Message):
    type: Literal["act"]
    action: str
    step: int


class Chat(Message):
    type: Literal["chat"]
    text: str
    name: str | None = None
    team: bool = False


class Handover(Message):
    type: Literal["handover"]
    seat: int


class Takeback(Message):
    type: Literal["takeback"]


class Undo(Message):
    """Take back the sender's last move, where it cannot leak (not ``takeback``, which
    takes a seat back from the bot standing in)."""

    type: Literal["undo"]
    # How many moves the table held in the state message the undo answers: an undo
    # sent twice, or after another seat's move, is refused rather than take more back.
    move: int


class Close(Message):
    type: Literal["close"]


class Finish(Message):
    type: Literal["finish"]


class Leave(Message):
    type: Literal["leave"]


class Seen(Message):
    """The page showed its player the state of ``step`` (for notices)."""

    type: Literal["seen"]
    step: int


class Autopass(Message):
    type: Literal["autopass"]
    every: bool = False
    timings: list[str] = []
    # Absent or null: the seat's autoplay stays as it is.
    forced: bool | None = None


ClientMessage = Annotated[
    Hello | Ping | Act | Chat | Handover | Takeback | Undo | Close | Finish | Leave | Autopass
    | Seen,
    Field(discriminator="type"),
]
MESSAGE_TYPES: tuple[type[Message], ...] = (
    Hello, Ping, Act, Chat, Handover, Takeback, Undo, Close, Finish, Leave, Autopass, Seen,
)
_READER: TypeAdapter[Any] = TypeAdapter(ClientMessage)

# What a field must be, in a player's words, where the generic sentence would say
# less (these are the sentences the protocol has always answered with).
WORDS = {
    ("act", "action"): "an action is its notation, a non-empty string",
    ("act", "step"): "a move names the step it answers: step, as the state message gave it",
    ("chat", "text"): "a chat message is text",
    ("chat", "team"): "team: true or false (a line for the author's team alone)",
    ("chat", "name"): "name: a text, or absent",
    ("handover", "seat"): "no seat of that kind: seat is a seat's number",
    ("autopass", "every"): "autopass: every is true or false",
    ("autopass", "timings"): "autopass: timings is a list of window timings",
    ("autopass", "forced"): "autopass: forced is true or false (or absent)",
    ("undo", "move"): "an undo names the move it takes back: move, as the state message gave it",
    ("seen", "step"): "seen names the step of the state shown: step, as the state message gave it",
}

# The generic sentence for a field of a kind, by pydantic's error type.
KINDS = {
    "bool_type": "true or false",
    "int_type": "a whole number",
    "string_type": "a text",
    "list_type": "a list",
    "model_type": "an object",
    "greater_than_equal": "0 or more",
    "missing": "required",
}


class BadMessage(ValueError):
    """A message that is not of its type's schema, with a sentence for its sender."""


def read_message(data: Any) -> Message:
    """``data`` (a parsed JSON value) as the message its ``type`` names, or ``BadMessage``."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadMessage("not a JSON message with a type")
    kind = data["type"]
    try:
        return _READER.validate_python(data)
    except ValidationError as exc:
        raise BadMessage(_sentence(kind, exc)) from None


def _sentence(kind: str, exc: ValidationError) -> str:
    error = exc.errors(include_url=False)[0]
    if error["type"] == "union_tag_invalid":
        return f"unknown message type {kind[:40]!r}"
    # The location starts with the tag of the message type the data was read as.
    field = [str(part) for part in error["loc"][1:]]
    if not field:
        return f"{kind}: not a message of that type"
    words = WORDS.get((kind, field[0]))
    if words is not None:
        return words
    return f"{kind}: {'.'.join(field)} must be {KINDS.get(error['type'], 'of another kind')}"
