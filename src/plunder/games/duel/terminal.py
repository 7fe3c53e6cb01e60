"""Duel at the terminal: the table, the actions in words and a rules reminder."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from plunder.terminal.render import GenericRenderer, Labels, step_status

WEAPONS = ("colt", "rifle")
CARD_TITLES = {"colt": "Colt", "rifle": "Rifle", "barricade": "Barricade", "reload": "Reload"}


class DuelRenderer(GenericRenderer):
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

    def describe(self, notation: str, view: Mapping[str, Any]) -> str:
        card, _, target = notation.partition(">")
        title = CARD_TITLES.get(card, card)
        if card in WEAPONS:
            return f"fire a {title} at seat {target}" if target else f"fire a {title} at no one"
        if card == "barricade":
            return "hide behind the barricade"
        if card == "reload":
            return "reload: take back every played card if not hit"
        return ""

    def score(self, value: Any) -> str:
        return f"${int(value)}"

    def rules_help(self, view: Mapping[str, Any]) -> str:
        options = view.get("options", {})
        target = view.get("target", options.get("target", 5))
        if options.get("deflection", "seed") == "per-weapon":
            deflection = (
                "Deflection (per-weapon reading): a card stops only the weapon it shows: a Colt "
                "stops Colts, a Rifle stops Rifles, a Barricade stops Colts; a player reloading "
                "is hit by any attack."
            )
        else:
            deflection = (
                "Deflection (seed reading): a player who fires a Colt or Rifle cannot be hit; "
                "a Barricade stops Colts but not a Rifle; a player reloading is hit by any attack."
            )
        return "\n".join(
            [
                "Each shootout, every living player plays one card face down; all are revealed "
                "together.",
                "- colt>N or rifle>N fires at seat N (a living player); plain colt or rifle fires "
                "at no one.",
                f"- {deflection}",
                "- Fired Colts and Rifles stay face up in front of you. A Barricade comes back to "
                "your hand if you were not hit; Reload brings every card you played this duel back "
                "if you were not hit.",
                "- A hit player goes to the grave until the next duel. The last one standing wins "
                "the duel, earns $1 and becomes the duelling master; if no one is left, no one "
                "earns.",
                f"- The first player to reach ${target} wins the game.",
                "Full rules and notation: docs/rules/duel.md",
            ]
        )


def counted(cards: list[str]) -> str:
    """Cards with repeats counted, in the order they first appear.

    >>> counted(["colt", "colt", "rifle", "colt"])
    'colt x3, rifle'
    """
    counts = Counter(cards)
    return ", ".join(f"{n} x{counts[n]}" if counts[n] > 1 else n for n in dict.fromkeys(cards))


__all__ = ["DuelRenderer", "counted"]
