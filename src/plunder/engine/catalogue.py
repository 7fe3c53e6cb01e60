"""The content's entries as a game's catalogue serves them: JSON, field by field.

A ``Schema`` declares every field of a table's entries; ``Shown`` turns the
entries it built into their catalogue section, so the catalogue follows the
content with no field written twice. Each declared field appears under its own
name, its value made JSON (``as_json``: an effect step as its code, a set as a
sorted list, a record as a table); an entry's name appears under ``id``. A game
declares beside its Schema what differs: fields to ``hide`` (the rules' own, or
folded into another), fields to ``rename``, and fields ``computed`` from the
built entry (added, or replacing a declared field's value).

>>> from plunder.engine.content import Field, Schema
>>> CARDS = Schema("cards", title=Field(str), cost=Field(int), secret=Field(str))
>>> shown = Shown.of(CARDS, hide=("secret",), rename={"cost": "price"},
...                  dear=lambda card: card["cost"] > 2)
>>> shown.section({"ace": {"title": "Ace", "cost": 3, "secret": "x"}})
{'ace': {'id': 'ace', 'title': 'Ace', 'price': 3, 'dear': True}}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from plunder.engine.content import Schema
from plunder.engine.effects import Step

# A field computed from a built entry.
Compute = Callable[[Any], Any]


def as_json(value: Any) -> Any:
    """``value`` as the catalogue holds it: plain JSON types, in a stable order.

    >>> as_json((Step("hit", 2), frozenset({"b", "a"}), {"n": None}))
    ['hit:2', ['a', 'b'], {'n': None}]
    """
    if isinstance(value, Step):
        return value.code
    if isinstance(value, (set, frozenset)):
        return sorted(as_json(item) for item in value)
    if isinstance(value, (list, tuple)):
        return [as_json(item) for item in value]
    if isinstance(value, Mapping):
        return {key: as_json(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: as_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def _read(entry: Any, name: str) -> Any:
    """A built entry's field: a key of a table, else an attribute of a record."""
    return entry[name] if isinstance(entry, Mapping) else getattr(entry, name)


@dataclass(frozen=True)
class Shown:
    """How the entries of one Schema appear in the catalogue.

    ``fields`` are the declared fields, in order; ``id`` the key that gives the
    entry's name (``None``: none); ``hide``, ``rename`` and ``computed`` as the
    module says.
    """

    fields: tuple[str, ...]
    hide: frozenset[str] = frozenset()
    rename: Mapping[str, str] = field(default_factory=dict)
    computed: Mapping[str, Compute] = field(default_factory=dict)
    id: str | None = "id"

    def __post_init__(self) -> None:
        unknown = (set(self.hide) | set(self.rename)) - set(self.fields)
        if unknown:
            raise ValueError(f"{sorted(unknown)} are not fields of {self.fields}")

    @classmethod
    def of(
        cls,
        schema: Schema | Iterable[str],
        *,
        hide: Collection[str] = (),
        rename: Mapping[str, str] | None = None,
        id: str | None = "id",
        **computed: Compute,
    ) -> Shown:
        """The catalogue form of ``schema``'s entries (or of entries with these fields)."""
        fields = tuple(schema.fields) if isinstance(schema, Schema) else tuple(schema)
        return cls(fields, frozenset(hide), dict(rename or {}), computed, id)

    def key(self, field_name: str) -> str:
        """The catalogue's key for declared field ``field_name``."""
        return self.rename.get(field_name, field_name)

    def entry(self, name: Any, entry: Any, **more: Compute) -> dict[str, Any]:
        """One built entry called ``name``, as the catalogue shows it; ``more``: fields
        computed here, beside the declared ones (from the game's options, say)."""
        computed = {**self.computed, **more}
        out: dict[str, Any] = {} if self.id is None else {self.id: name}
        for declared in self.fields:
            if declared in self.hide:
                continue
            if declared in computed:
                out[self.key(declared)] = computed[declared](entry)
            else:
                out[self.key(declared)] = as_json(_read(entry, declared))
        for extra, compute in computed.items():
            if extra not in self.fields:
                out[extra] = compute(entry)
        return out

    def section(self, entries: Mapping[Any, Any], **more: Compute) -> dict[Any, dict[str, Any]]:
        """The catalogue section of ``entries`` (name -> built entry), in their order."""
        return {name: self.entry(name, entry, **more) for name, entry in entries.items()}


def section_by(
    entries: Mapping[Any, Any], shown: Callable[[Any], Shown], **more: Compute
) -> dict[Any, dict[str, Any]]:
    """The section of ``entries`` whose fields depend on the entry (a card's type, say):
    each shown as ``shown(entry)`` says."""
    return {name: shown(entry).entry(name, entry, **more) for name, entry in entries.items()}


def named(texts: Mapping[str, Any], field_name: str = "text") -> dict[str, dict[str, Any]]:
    """A table of words (name -> text) as a section: ``{name: {"id": name, field: text}}``.

    >>> named({"sun": "Sun camp"}, "title")
    {'sun': {'id': 'sun', 'title': 'Sun camp'}}
    """
    return {name: {"id": name, field_name: as_json(text)} for name, text in texts.items()}


def worded(names: Iterable[str], texts: Mapping[str, str]) -> list[dict[str, str]]:
    """``names`` (abilities, say) with their words, sorted: ``[{"id", "text"}, ...]``."""
    return [{"id": name, "text": texts[name]} for name in sorted(names)]


__all__ = ["Compute", "Shown", "as_json", "named", "section_by", "worded"]
