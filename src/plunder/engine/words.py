"""What a decision asks, in words: one declaration per kind, filled the same way by
every front end.

A game declares, in its word module, each kind of decision it opens with an
``Ask``: the ``prompt`` a deciding seat reads and the ``label`` of each of its
actions, as templates over data. The game's catalogue serves them under
``"asks"``; the terminal fills them with ``fill`` below, the browser with the
same few lines in ``static/words.js``, so a new kind of decision needs no
front-end code.

The template language (the same in both):

- ``{path}`` is a value: dotted keys into the scope (``{target}``,
  ``{view.duel}``); a number picks from a list; where a key meets an id that
  names an entry of the catalogue (a card's id: the pieces first, then the other
  sections' entries), the path goes on into it (``{card.title}``, ``{effect.text}``).
- ``{path|filter|...}`` passes it through filters: ``seat`` (a seat as the
  front end names it), ``seats`` (several), ``title`` (an id as its piece's
  title), ``list`` (items joined with commas), ``capital`` (its first letter
  upper case), ``if`` (nothing: the value only has to be there).
- A filter may take an argument, a path after a colon: ``at:PATH`` picks the
  item of a list (or a mapping) whose index (key) is PATH's value in the scope
  (``{view.area|at:slot|title}``); ``seat:PATH`` and ``seats:PATH`` name a seat
  with, in brackets, PATH's value in its row of the view's ``players`` (the row
  whose ``seat`` it is): ``{target|seat:pirate.short}`` is "seat 2 (Kidd)". A
  value a filter does not find (``at`` past the list's end) is not there.
- A template may be a list of templates: the first whose every value is there
  (not missing, null, false, empty) is used; none: the empty string.
- An ``Ask`` may choose its label by the value of one field of the action
  (``by="verb"``, ``labels={"move": ..., "attack": ...}``), ``label`` otherwise.
- ``[path]`` inside a path is replaced by that path's value, so one value
  can pick from another (``{view.heroes.[hero].hero|title}``: the hero whose
  index the decision names; ``{skill.level[level]}``: ``level1`` or ``level2``).
- Some filters take a word after a colon: ``plural:WORD`` (a count and the word,
  ``2 coins``; ``plural:die/dice`` where the plural is not an ``s`` more),
  ``after:PREFIX`` (what follows the prefix; not there unless the value starts
  with it), ``say:NAME`` (the game's phrase NAME, a template served in the
  catalogue's ``"phrases"``, filled with the value as ``{it}``: a name the game
  builds from the view, written once for both front ends), ``each:NAME`` (the
  phrase for each item of a list, joined with commas), ``is:VALUE`` (the
  value, there only when it equals VALUE), ``not:VALUE`` (there only when it
  does not), ``add:N`` (a number plus N).

The scope of a prompt is the open decision's fields (``kind``, ``seats`` and
the frame's data) and ``view``; a label's adds the action's fields.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

# A template, or templates of which the first that fills is used.
Template = str | tuple[str, ...]

_PLACE = re.compile(r"\{([^{}|]+)((?:\|[a-z]+(?::[^{}|]*)?)*)\}")
# A path inside a path: ``[hero]`` in ``view.heroes.[hero].hero`` (innermost first).
_INNER = re.compile(r"\[([^\[\]]+)\]")

# The filters a front end provides: how it names seats.
SeatNamer = Callable[[Any], str]

_MISSING = object()


@dataclass(frozen=True)
class Ask:
    """One kind of decision in words: its prompt and each action's label (templates)."""

    prompt: Template
    label: Template = ""
    # Labels chosen by the value of one of the action's fields (``by="verb"``:
    # ``labels={"move": ..., "attack": ...}``); ``label`` for any other value.
    by: str = ""
    labels: Mapping[str, Template] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"prompt": _listed(self.prompt), "label": _listed(self.label)}
        if self.by:
            out["by"] = self.by
            out["labels"] = {value: _listed(each) for value, each in self.labels.items()}
        return out


def asks_json(asks: Mapping[str, Ask]) -> dict[str, dict[str, Any]]:
    """The catalogue's ``"asks"`` section."""
    return {kind: ask.to_json() for kind, ask in asks.items()}


def phrases_json(phrases: Mapping[str, Template]) -> dict[str, list[str]]:
    """The catalogue's ``"phrases"`` section: each phrase's templates."""
    return {name: _listed(phrase) for name, phrase in phrases.items()}


def _listed(template: Template) -> list[str]:
    return [template] if isinstance(template, str) else list(template)


def _pieces(catalogue: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """Every entry of the catalogue by id: the pieces first (the sections whose entries
    have titles), then the entries of the other sections (effects' words...)."""
    sections = [
        section for name, section in catalogue.items()
        if name not in ("asks", "phrases") and isinstance(section, Mapping) and section
        and all(isinstance(entry, Mapping) for entry in section.values())
    ]
    titled = [s for s in sections if all("title" in entry for entry in s.values())]
    found: dict[str, Mapping[str, Any]] = {}
    for section in titled + [s for s in sections if s not in titled]:
        for key, entry in section.items():
            found.setdefault(str(key), entry)
    return found


class Filler:
    """Fills templates against a catalogue, naming seats as its front end does."""

    def __init__(self, catalogue: Mapping[str, Any], seat: SeatNamer | None = None) -> None:
        self.pieces = _pieces(catalogue)
        # The game's phrases (``say:NAME``): names it builds from the view, as templates.
        self.phrases: Mapping[str, Any] = catalogue.get("phrases") or {}
        self.seat_name: SeatNamer = seat or (lambda seat: f"seat {seat}")

    def value(self, path: str, scope: Mapping[str, Any]) -> Any:
        path = path.strip()
        while (inner := _INNER.search(path)) is not None:
            found = self.value(inner.group(1), scope)
            if found is _MISSING or found is None:
                return _MISSING
            path = path[: inner.start()] + _text(found) + path[inner.end() :]
        current: Any = scope
        for key in path.split("."):
            if isinstance(current, (str, int)) and not isinstance(current, bool):
                current = self.pieces.get(str(current), _MISSING)
            if isinstance(current, Mapping):
                current = current.get(key, _MISSING)
            elif isinstance(current, list) and key.isdigit() and int(key) < len(current):
                current = current[int(key)]
            else:
                return _MISSING
            if current is _MISSING:
                return _MISSING
        return current

    def apply(
        self, name: str, value: Any, arg: str = "", scope: Mapping[str, Any] | None = None
    ) -> Any:
        """A filter, with its argument (what follows its colon), applied to a value;
        ``_MISSING`` where it leaves nothing there (``after``, ``is``, ``not``, a
        ``say`` that fills no phrase, an ``at`` that finds no item)."""
        if name == "at":
            return self.at(value, self.value(arg, scope or {}))
        if name == "seat" and arg:
            return self.seat_with(value, arg, scope or {})
        if name == "seats" and arg:
            return ", ".join(self.seat_with(seat, arg, scope or {}) for seat in value)
        word = arg
        if name == "plural":
            one, _, many = word.partition("/")
            # (true is no count of one, as it is not in the browser)
            single = value == 1 and not isinstance(value, bool)
            return f"{_text(value)} {one if single else many or one + 's'}"
        if name == "after":
            text = _text(value)
            return text[len(word) :] if text.startswith(word) and len(text) > len(word) \
                else _MISSING
        if name == "is":
            return value if _text(value) == word else _MISSING
        if name == "not":
            return value if _text(value) != word else _MISSING
        if name == "add":
            return value + int(word)
        if name in ("say", "each"):
            phrase = self.phrases.get(word)
            if phrase is None:
                raise ValueError(f"no phrase is called {word!r}")
            items = value if name == "each" and isinstance(value, list) else [value]
            filled = [self.fill(phrase, {**(scope or {}), "it": item}) for item in items]
            return ", ".join(each for each in filled if each) or _MISSING
        if name == "seat":
            return self.seat_name(value)
        if name == "seats":
            return ", ".join(self.seat_name(seat) for seat in value)
        if name == "title":
            return self.pieces.get(_text(value), {}).get("title", value)
        if name == "capital":
            text = _text(value)
            return text[:1].upper() + text[1:]
        if name == "list":
            return ", ".join(_text(item) for item in value)
        if name == "if":
            return ""
        raise ValueError(f"no template filter is called {name!r}")

    @staticmethod
    def at(items: Any, key: Any) -> Any:
        """The item of a list (by an index, a number or its digits) or of a mapping (by
        key) that ``key`` names; missing where there is none."""
        if key is _MISSING or key is None or isinstance(key, bool):
            return _MISSING
        if isinstance(items, list):
            index = _text(key)
            return items[int(index)] if index.isdigit() and int(index) < len(items) else _MISSING
        if isinstance(items, Mapping):
            return items.get(_text(key), _MISSING)
        return _MISSING

    def seat_with(self, seat: Any, path: str, scope: Mapping[str, Any]) -> str:
        """A seat as the front end names it, and in brackets ``path``'s value in the
        seat's row of the view's players (the seat alone where that is not there)."""
        rows = self.value("view.players", scope)
        row = next(
            (r for r in rows if isinstance(r, Mapping) and r.get("seat") == seat), None
        ) if isinstance(rows, list) else None
        found = self.value(path, row) if row is not None else _MISSING
        named = self.seat_name(seat)
        return named if _absent(found) else f"{named} ({_text(found)})"

    def one(self, template: str, scope: Mapping[str, Any]) -> str | None:
        """One template filled, or ``None`` where one of its values is not there."""
        out: list[str] = []
        at = 0
        for match in _PLACE.finditer(template):
            value = self.value(match.group(1), scope)
            if _absent(value):
                return None
            for each in match.group(2).split("|")[1:]:
                name, _, arg = each.partition(":")
                value = self.apply(name, value, arg, scope)
                if value is _MISSING or value is None:  # a filter that found nothing
                    return None
            out += [template[at : match.start()], _text(value)]
            at = match.end()
        out.append(template[at:])
        return "".join(out)

    def fill(self, template: Template | Sequence[str], scope: Mapping[str, Any]) -> str:
        """The first of the templates that fills ("" when none does)."""
        for each in _listed(template) if isinstance(template, str) else template:
            filled = self.one(each, scope)
            if filled is not None:
                return filled
        return ""


def _absent(value: Any) -> bool:
    """Whether a value is not there: missing, null, false or empty."""
    return value is _MISSING or value is None or value is False or value in ("", [])


def _text(value: Any) -> str:
    """A value written out as the browser's filler writes it: a flag or null as its JSON
    word (``true``, ``null``), a whole float without its point, a list's items joined
    with commas."""
    if value is None or isinstance(value, bool):
        return "null" if value is None else "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return ", ".join(_text(item) for item in value)
    return str(value)


def decision_scope(view: Mapping[str, Any]) -> dict[str, Any]:
    """A prompt's scope: the open decision's fields and the view."""
    return {**(view.get("decision") or {}), "view": view}


def prompt(catalogue: Mapping[str, Any], view: Mapping[str, Any], filler: Filler) -> str:
    """The open decision's prompt as the game words it ("" when it declares none)."""
    kind = (view.get("decision") or {}).get("kind")
    ask = (catalogue.get("asks") or {}).get(kind)
    return filler.fill(ask["prompt"], decision_scope(view)) if ask else ""


def label(
    catalogue: Mapping[str, Any], action: Mapping[str, Any], view: Mapping[str, Any],
    filler: Filler,
) -> str:
    """An action of the open decision in the game's words ("" when it declares none)."""
    kind = (view.get("decision") or {}).get("kind")
    ask = (catalogue.get("asks") or {}).get(kind)
    if not ask:
        return ""
    templates = ask["label"]
    if ask.get("by"):
        templates = ask["labels"].get(str(action.get(ask["by"])), templates)
    return filler.fill(templates, {**decision_scope(view), **action})


__all__ = [
    "Ask", "Filler", "Template", "asks_json", "decision_scope", "label", "phrases_json", "prompt",
]
