"""Duel at the terminal: the table and a rules reminder (the decision's prompt and
its actions' labels are declared in ``text.ASKS`` and filled in by the table).

The cards' names and texts, and what each stops, come from the game's catalogue
(``catalogue_for(view)``), so an edited ``cards.toml`` shows at the table at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from plunder.games.duel import text
from plunder.games.duel.rules import DuelGame
from plunder.terminal.render import (
    WATCHING,
    GenericRenderer,
    Labels,
    catalogue_for,
    guide_line,
    own_row,
    step_status,
)


class DuelRenderer(GenericRenderer):
    def reveal_lines(self, event: Mapping[str, Any]) -> list[str] | None:
        if event.get("type") != "reveal":
            return None
        return [text.play(c["seat"], c["card"], c["target"]) for c in event["choices"]]

    def header(self, view: Mapping[str, Any]) -> str:
        return (
            f"Duel {view['duel']} · shootout {view['shootout']} · first to ${view['target']} · "
            f"duelling master: seat {view['master']}"
        )

    def players(self, view: Mapping[str, Any], labels: Labels) -> RenderableType:
        table = Table(box=None, pad_edge=False, show_edge=False)
        for column in ("seat", "status", "dollars", "played face up", "hand", "this shootout"):
            table.add_column(column)
        for row in view["players"]:
            seat = row["seat"]
            status = "alive" if row["alive"] else "grave"
            if seat == view["master"]:
                status += ", master"
            table.add_row(
                Text(f"{seat} ({labels[seat]})" if labels.get(seat) else str(seat)),
                Text(status, style="" if row["alive"] else "dim"),
                Text(f"${row['dollars']}"),
                Text(counted(row["played"]) or "-"),
                Text(f"{row['hand_size']} card{'' if row['hand_size'] == 1 else 's'}"),
                Text(step_status(view, seat)),
            )
        return table

    def hand(self, view: Mapping[str, Any]) -> str | None:
        hand = view.get("hand")
        if hand is None:
            return None
        return counted(hand) or "(empty)"

    def score(self, value: Any) -> str:
        return f"${int(value)}"

    def rules_help(self, view: Mapping[str, Any]) -> str:
        catalogue = catalogue_for(view)
        cards: dict[str, Any] = catalogue["cards"]
        target = view.get("target", view.get("options", {}).get("target"))
        weapons = [name for name, card in cards.items() if card.get("weapon")]
        lines = [
            "Each shootout, every living player plays one card face down; all are revealed "
            "together.",
        ]
        if weapons:
            aimed = " or ".join(f"{name}>N" for name in weapons)
            plain = " or ".join(weapons)
            lines.append(
                f"- {aimed} fires at seat N (a living player); plain {plain} fires at no one."
            )
        lines += [
            f"- Who can be hit ({reading(catalogue.get('deflection', 'seed'))}): the card you "
            "play decides which shots cannot hit you (see each card below); any other shot hits.",
            "- A hit player goes to the grave until the next duel. The last one standing wins "
            "the duel, earns $1 and becomes the duelling master; if no one is left, no one earns.",
        ]
        if target is not None:
            lines.append(f"- The first player to reach ${target} wins the game.")
        lines.append("Cards (each player's hand: " + deck(cards) + "):")
        for name, card in cards.items():
            lines.append(f"  {name}: {card['title']}: {card['text']} {stopped(card, cards)}")
        lines.append(guide_line(view))
        return "\n".join(lines)

    def mine(self, view: Mapping[str, Any]) -> list[str]:
        """``? me``: alive or in the grave, your dollars, your hand and what lies played."""
        row = own_row(view)
        if not row:
            return [WATCHING]
        cards: dict[str, Any] = catalogue_for(view)["cards"]
        state = "alive" if row["alive"] else "in the grave until the next duel"
        lines = [f"You are seat {row['seat']}: {state}, ${row['dollars']} of ${view['target']}."]
        if view.get("master") == row["seat"]:
            lines.append("You are the duelling master.")
        lines.append("Your hand:" if view.get("hand") else "Your hand: (empty)")
        for name, count in Counter(view.get("hand") or []).items():
            card = cards.get(name, {"title": name, "text": ""})
            many = f" x{count}" if count > 1 else ""
            lines.append(f"  {card['title']}{many}: {card['text']} {stopped(card, cards)}")
        played = [cards.get(c, {}).get("title", c) for c in row.get("played") or []]
        lines.append(f"Played this duel, face up: {counted(played) or 'nothing'}.")
        return lines


def reading(name: str) -> str:
    """The lobby's words for a reading of the deflection option ("A pirate who shoots
    cannot be hit"), or its name when it has none."""
    option = next(o for o in DuelGame.option_specs() if o.name == "deflection")
    words = dict(zip(option.choices, option.choice_labels, strict=True))
    return words.get(name, name)


def deck(cards: Mapping[str, Mapping[str, Any]]) -> str:
    """A player's starting hand from the catalogue: ``"Colt x3, Rifle"``.

    >>> deck({"a": {"title": "Axe", "count": 2}, "b": {"title": "Bow", "count": 1}})
    'Axe x2, Bow'
    """
    return ", ".join(
        f"{card['title']} x{card['count']}" if card["count"] > 1 else card["title"]
        for card in cards.values()
    )


def stopped(card: Mapping[str, Any], cards: Mapping[str, Mapping[str, Any]]) -> str:
    """What playing ``card`` keeps off its player, by weapon, in the catalogue's words.

    >>> axe = {"title": "Axe", "weapon": "axe", "stops": ["axe"]}
    >>> stopped(axe, {"axe": axe}), stopped({"stops": []}, {"axe": axe})
    ('(Stops: Axe.)', '(Stops nothing.)')
    """
    titles = {c["weapon"]: c["title"] for c in cards.values() if c.get("weapon")}
    stops = [titles.get(weapon, weapon) for weapon in card.get("stops") or []]
    return f"(Stops: {', '.join(stops)}.)" if stops else "(Stops nothing.)"


def counted(cards: list[str]) -> str:
    """Cards with repeats counted, in the order they first appear.

    >>> counted(["colt", "colt", "rifle", "colt"])
    'colt x3, rifle'
    """
    counts = Counter(cards)
    return ", ".join(f"{n} x{counts[n]}" if counts[n] > 1 else n for n in dict.fromkeys(cards))


__all__ = ["DuelRenderer", "counted", "deck", "stopped"]
