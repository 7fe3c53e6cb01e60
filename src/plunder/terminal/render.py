"""Drawing views for the terminal: a renderer per game, and one for any game.

A renderer reads nothing but ``state.view(seat)`` dicts (the same JSON the
server sends), so the terminal can never show what the engine kept out of a
view. ``labels`` is presentation only: how the table calls each seat ("you",
"greedy"); it holds no game information.

A game names its renderer in its manifest (``terminal``); games without one get
``GenericRenderer``, which draws any view: its scalar fields, a ``players`` list
of dicts as a table and a ``hand``.

A renderer knows a game's content (card texts, characters' abilities) only
through ``catalogue_for(view)``, the game's own ``catalogue()`` for the view's
options, and the legal actions only as the engine's structured actions
(``action.to_json()``: the game's fields plus ``notation``), so a front end never
keeps a copy of the content nor parses the notation.
"""

from __future__ import annotations

import json
import textwrap
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from plunder.engine import words
from plunder.engine.errors import IllegalAction, UnknownGame
from plunder.engine.game import catalogue_pieces
from plunder.engine.registry import load, manifest

Labels = Mapping[int, str]
# One legal action as the engine describes it: ``action.to_json()``.
ActionJson = Mapping[str, Any]

# Keys the engine adds to every view; the generic header skips them.
PROTOCOL_KEYS = frozenset(
    (
        "game", "options", "viewer", "pending", "committed", "choice", "decision", "log",
        "over", "result",
    )
)

_cache: dict[str, GenericRenderer] = {}
_catalogues: dict[tuple[str, str], dict[str, Any]] = {}


def catalogue_for(view: Mapping[str, Any]) -> dict[str, Any]:
    """The catalogue of the view's game under the view's options (kept per game and options).

    Treat it as read-only: every renderer of that table shares it.
    """
    game = str(view.get("game"))
    options = dict(view.get("options") or {})
    key = (game, json.dumps(options, sort_keys=True))
    found = _catalogues.get(key)
    if found is None:
        found = _catalogues[key] = load(game, **options).catalogue()
    return found


def forget_catalogues() -> None:
    """Drop the kept catalogues, so the next ``catalogue_for`` asks the games again."""
    _catalogues.clear()


def number(value: Any) -> str:
    """A score without a needless ``.0``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def seats_text(seats: Iterable[int]) -> str:
    """``"seat 2"`` or ``"seats 0, 3"`` or ``"no one"``."""
    listed = sorted(seats)
    if not listed:
        return "no one"
    prefix = "seat " if len(listed) == 1 else "seats "
    return prefix + ", ".join(str(s) for s in listed)


def seat_name(seat: int, labels: Labels) -> str:
    label = labels.get(seat)
    return f"seat {seat} ({label})" if label else f"seat {seat}"


# The mark before the last move's lines, and how many lines of the screen they take at most.
LAST_MOVE = "Last move:"
LAST_MOVE_LINES = 2


class GenericRenderer:
    """Draws any game's view; game renderers override the parts they know better."""

    # What the result's scores are called (a game renderer may say what they count).
    scores_label = "Scores"

    def header(self, view: Mapping[str, Any]) -> str:
        """One line of the game's situation (round, turn, scores to reach...)."""
        parts = [str(view.get("game", "game"))]
        for key, value in view.items():
            if key in PROTOCOL_KEYS or key in ("players", "hand"):
                continue
            if isinstance(value, (str, int, float, bool)) or value is None:
                parts.append(f"{key}: {value}")
        return " · ".join(parts)

    def players(self, view: Mapping[str, Any], labels: Labels) -> RenderableType | None:
        """The seats around the table, from ``view["players"]`` when it is a list of dicts."""
        rows = view.get("players")
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            return None
        columns: list[str] = []
        for row in rows:
            columns.extend(key for key in row if key not in columns and key != "seat")
        table = Table(box=None, pad_edge=False, show_edge=False)
        table.add_column("seat")
        for column in columns:
            table.add_column(column.replace("_", " "))
        table.add_column("this step")
        for index, row in enumerate(rows):
            seat = row.get("seat", index)
            cells = [seat_name(seat, labels)]
            cells += [_cell(row.get(column)) for column in columns]
            cells.append(step_status(view, seat))
            table.add_row(*(Text(c) for c in cells))
        return table

    def hand(self, view: Mapping[str, Any]) -> str | None:
        """The viewer's own hand in words, or ``None`` when the view has none."""
        hand = view.get("hand")
        if hand is None:
            return None
        return _cell(hand) or "(empty)"

    def table(self, view: Mapping[str, Any], labels: Labels) -> RenderableType:
        """The whole table as the view's seat sees it."""
        parts: list[RenderableType] = [Text(self.header(view), style="bold")]
        players = self.players(view, labels)
        if players is not None:
            parts.append(players)
        hand = self.hand(view)
        if hand is not None:
            parts.append(Text(f"Your hand: {hand}"))
        if view.get("choice") is not None:
            parts.append(Text(f"Your choice this step (hidden from the others): {view['choice']}"))
        parts.append(Text(self.waiting(view)))
        return Group(*parts)

    def last_move(self, events: Sequence[Mapping[str, Any]], width: int) -> Text | None:
        """The last move marked: its events' lines after a highlighted "Last move:",
        at most ``LAST_MOVE_LINES`` lines of ``width`` (the log above holds them all);
        ``None`` when there is none yet."""
        words = " ".join(line for line in (self.event(e) for e in events) if line)
        if not words:
            return None
        width = max(20, width)
        lines = textwrap.wrap(f"{LAST_MOVE} {words}", width)
        if len(lines) > LAST_MOVE_LINES:
            lines = lines[:LAST_MOVE_LINES]
            lines[-1] = lines[-1][: width - 1].rstrip() + "…"
        shown = "\n".join(lines)
        text = Text(LAST_MOVE, style="bold black on yellow")
        text.append(shown[len(LAST_MOVE):], style="bold")
        return text

    def waiting(self, view: Mapping[str, Any]) -> str:
        """Who has chosen this step and who is still choosing (never what they chose)."""
        if view.get("over"):
            return "The game is over."
        committed = view.get("committed") or []
        pending = view.get("pending") or []
        text = f"Still to choose: {seats_text(pending)}."
        if committed:
            text += f" Chosen already: {seats_text(committed)}."
        return text

    def event(self, event: Mapping[str, Any]) -> str:
        """One log event as a line of text."""
        text = event.get("text")
        if isinstance(text, str):
            return text
        fields = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
        return f"{event.get('type', 'event')}: {fields}" if fields else str(event.get("type"))

    def explain(self, term: str, view: Mapping[str, Any]) -> list[str] | None:
        """What ``term`` is, from the game's catalogue: a card, a pirate, a ship... by its
        id or its name, or the viewer's own ("me", "my pirate", see ``mine``); ``None``
        if nothing is."""
        catalogue = catalogue_for(view)
        wanted = " ".join(term.lower().split())
        if wanted in ("me", "mine", "myself") or wanted.startswith("my "):
            return self.mine(view)
        for section, entries in catalogue.items():
            if not isinstance(entries, Mapping) or section == "asks":
                continue
            for key, entry in entries.items():
                if not isinstance(entry, Mapping):
                    continue
                names = {str(key).lower(), str(entry.get("title", "")).lower()}
                if wanted in names:
                    return _entry_lines(entry)
        return None

    def mine(self, view: Mapping[str, Any]) -> list[str]:
        """``? me``: the viewer's own pieces in words, from its view and the catalogue.

        By default: the pieces its own row of the table names (its pirate, its
        fighter), then its hand, each piece with its text. A game renderer says more
        (counts, what lies in front of the player) by overriding this.
        """
        viewer = view.get("viewer")
        if viewer is None:
            return [WATCHING]
        catalogue = catalogue_for(view)
        lines = [f"You are seat {viewer}."]
        for field, entry in _own_entries(view, catalogue):
            lines.append(f"Your {field.replace('_', ' ')}:")
            lines += ["  " + line for line in _entry_lines(entry)]
        hand = view.get("hand")
        if isinstance(hand, list):
            lines += hand_lines(hand, catalogue)
        return lines

    def reveal_lines(self, event: Mapping[str, Any]) -> list[str] | None:
        """A reveal (what each seat played in a simultaneous step) as one line per seat,
        for the table to print as a block of its own; ``None``: the event is no reveal."""
        return None

    def describe(self, action: ActionJson, view: Mapping[str, Any]) -> str:
        """A few words saying what ``action`` (structured, with its ``notation``) does:
        its label as the game's word module declares it for the open decision ("" when
        it declares none)."""
        catalogue = catalogue_for(view)
        return words.label(catalogue, action, view, words.Filler(catalogue))

    def prompt(self, view: Mapping[str, Any]) -> str:
        """What the open decision asks, as the game's word module declares it ("" when
        it declares none)."""
        catalogue = catalogue_for(view)
        return words.prompt(catalogue, view, words.Filler(catalogue))

    def actions(self, legal: Sequence[ActionJson], view: Mapping[str, Any]) -> list[str]:
        """The legal actions (structured, each with its ``notation``) as the items of the
        list shown at a human's turn.

        By default each action's notation with its number; a game with many actions
        may group them.
        """
        return [f"{index}) {action['notation']}" for index, action in enumerate(legal, 1)]

    def actions_hint(self, view: Mapping[str, Any], legal: Sequence[ActionJson] = ()) -> str:
        """The line under the actions, saying what to type; ``legal`` is what the seat
        may play now, structured, for a renderer that gives an example (which must be
        one of them)."""
        return "Type an action or its number (? help, q save and quit)."

    def refusal(
        self, error: IllegalAction, view: Mapping[str, Any], legal: Sequence[ActionJson]
    ) -> list[str]:
        """What a human is told when the engine refuses their input: a message, then
        items laid out in lines after it (by default the engine's message alone).
        ``legal`` is what the seat may play now, structured."""
        return [str(error)]

    def result(self, view: Mapping[str, Any], labels: Labels) -> RenderableType:
        """The end of the game: winners, scores and why it ended."""
        result = view.get("result")
        if not result:
            return Text("The game is not over.")
        winners = result.get("winners") or []
        if winners:
            who = ", ".join(seat_name(s, labels) for s in winners)
            headline = f"Winner{'s' if len(winners) > 1 else ''}: {who}"
        else:
            headline = "No one wins"
        lines = [Text(f"{headline} — {result.get('reason', '')}".rstrip(" —"), style="bold")]
        scores = result.get("scores") or []
        shown = ", ".join(
            f"{seat_name(seat, labels)} {self.score(score)}" for seat, score in enumerate(scores)
        )
        if shown:
            lines.append(Text(f"{self.scores_label}: {shown}"))
        lines += self.breakdown(result, labels)
        return Group(*lines)

    def breakdown(self, result: Mapping[str, Any], labels: Labels) -> list[Text]:
        """How each seat's score came about: its parts, which add up to its score (seats
        with the same parts, teammates, in one line)."""
        lines: list[Text] = []
        shown: list[Any] = []
        for seat, parts in enumerate(result.get("breakdown") or []):
            if parts in shown:
                continue
            shown.append(parts)
            mates = [s for s, p in enumerate(result["breakdown"]) if p == parts]
            who = ", ".join(seat_name(s, labels) for s in mates)
            told = ", ".join(f"{name} {self.score(amount)}" for name, amount in parts.items())
            lines.append(Text(f"  {who}: {told or 'nothing scored'}"
                              f" = {self.score(result['scores'][seat])}"))
        return lines

    def score(self, value: Any) -> str:
        return number(value)

    def timing(self, kind: str, view: Mapping[str, Any]) -> str:
        """A window's timing in players' words: what the game's catalogue says of the
        decision, else its kind."""
        named = catalogue_for(view).get("decisions", {}).get(kind)
        return str(named) if named else kind.replace("_", " ")

    def rules_help(self, view: Mapping[str, Any]) -> str:
        """A short reminder of the rules; by default only where the player's guide is."""
        return guide_line(view)


# What ``? me`` says to a spectator.
WATCHING = "You are watching: you hold no seat and no pieces of your own."


def guide_file(view: Mapping[str, Any]) -> Path | None:
    """The player's guide of the view's game (its rules document where it has no guide)."""
    try:
        return manifest(str(view.get("game"))).guide_file()
    except UnknownGame:
        return None


def shown_path(path: Path) -> str:
    """A path as a player can open it: relative to the current folder when inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def guide_line(view: Mapping[str, Any]) -> str:
    """Where the player's guide is, and the command that shows it at the table."""
    found = guide_file(view)
    if found is None:
        return "This game ships no guide; the actions above are what you may do."
    return f"How to play: {shown_path(found)} (type rules to read it here)."


def piece(catalogue: Mapping[str, Any], key: Any) -> Mapping[str, Any] | None:
    """The piece called ``key`` (its id) in the catalogue, if any."""
    for section in catalogue_pieces(catalogue).values():
        entry = section.get(str(key))
        if entry is not None:
            return entry
    return None


def own_row(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The viewer's row of the view's table of players (``{}`` for a spectator or none)."""
    viewer = view.get("viewer")
    if viewer is None:
        return {}
    for rows in view.values():
        if isinstance(rows, list) and rows and all(isinstance(r, Mapping) for r in rows):
            row = next((r for r in rows if r.get("seat") == viewer), None)
            if row is not None:
                return row
    return {}


def _own_entries(
    view: Mapping[str, Any], catalogue: Mapping[str, Any]
) -> list[tuple[str, Mapping[str, Any]]]:
    """The pieces the viewer's own row of the table names (its pirate, its fighter),
    with the field that names each."""
    found: list[tuple[str, Mapping[str, Any]]] = []
    for field, value in own_row(view).items():
        if field == "seat" or not isinstance(value, str):
            continue
        entry = piece(catalogue, value)
        if entry is not None and all(entry is not e for _, e in found):
            found.append((field, entry))
    return found


def hand_lines(
    hand: Sequence[Any], catalogue: Mapping[str, Any], title: str = "Your hand"
) -> list[str]:
    """A hand of pieces in words: a heading, then each piece once with its count and text."""
    if not hand:
        return [f"{title}: (empty)"]
    lines = [f"{title}:"]
    counts = Counter(str(item) for item in hand)
    for key, count in counts.items():
        entry = piece(catalogue, key)
        if entry is None:
            lines.append(f"  {key}" + (f" x{count}" if count > 1 else ""))
            continue
        first, *rest = _entry_lines(entry)
        name, sep, text = first.partition(": ")
        name += f" x{count}" if count > 1 else ""
        lines.append(f"  {name}{sep}{text}")
        lines += ["  " + line for line in rest]
    return lines


def _entry_lines(entry: Mapping[str, Any]) -> list[str]:
    """A catalogue entry in words: its name and text, then its abilities, one a line."""
    title = str(entry.get("title") or entry.get("id") or "")
    text = str(entry.get("text") or "")
    lines = [f"{title}: {text}" if text else title]
    for ability in entry.get("abilities") or []:
        if isinstance(ability, Mapping) and ability.get("text"):
            lines.append(f"  {ability['text']}")
    return lines


def step_status(view: Mapping[str, Any], seat: int) -> str:
    """What the view says of a seat in the current step: chosen, choosing or nothing."""
    if seat in (view.get("committed") or []):
        if seat == view.get("viewer") and view.get("choice"):
            return f"chosen: {view['choice']}"
        return "chosen"
    if seat in (view.get("pending") or []):
        return "choosing"
    return ""


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_cell(v)}" for k, v in value.items())
    if value is None:
        return ""
    return number(value)


def renderer_for(game: str) -> GenericRenderer:
    """The renderer of the game called ``game``; the generic one when it has none."""
    found = _cache.get(game)
    if found is None:
        try:
            own = manifest(game)
        except UnknownGame:
            own = None
        found = own.part(own.terminal)() if own and own.terminal else GenericRenderer()
        _cache[game] = found
    return found


__all__ = [
    "WATCHING",
    "ActionJson",
    "GenericRenderer",
    "Labels",
    "catalogue_for",
    "forget_catalogues",
    "guide_file",
    "guide_line",
    "hand_lines",
    "own_row",
    "piece",
    "renderer_for",
    "seat_name",
    "seats_text",
    "shown_path",
    "step_status",
]
