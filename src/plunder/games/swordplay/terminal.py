"""Swordplay at the terminal: each fighter's life, armor, items and stance; the hand;
the actions grouped by what they do (their labels declared in ``text.ASKS``); a rules
reminder from the catalogue.

Card titles and texts come from the catalogue (``catalogue_for(view)``), so an
edited ``cards.toml`` shows at the table at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from plunder.terminal.render import (
    WATCHING,
    ActionJson,
    GenericRenderer,
    Labels,
    catalogue_for,
    guide_line,
    hand_lines,
    own_row,
    step_status,
)

# The answers that play no card and head no group of their own.
PLAIN = ("pass", "no")


def title(view: Mapping[str, Any], card: str | None) -> str:
    if not card:
        return "-"
    return catalogue_for(view)["cards"].get(card, {}).get("title", card)


class SwordplayRenderer(GenericRenderer):
    def header(self, view: Mapping[str, Any]) -> str:
        decision = view.get("decision") or {}
        what = decision.get("kind", "over")
        if "attacker" in decision:  # an attack being answered: what it is
            where = decision.get("location") or "no location"
            what = (
                f"seat {decision['target']} answers seat {decision['attacker']}'s "
                f"{title(view, decision['card'])} ({where}, {decision['damage']} damage)"
            )
        decks = ", ".join(f"{side} deck {n}" for side, n in view["decks"].items())
        if view.get("over"):
            # At the end no one is to play: the turn it ended on, and that it did.
            return f"{turn_text(view)} · the fight is over · {decks}"
        return f"{turn_text(view)} · seat {view['active']} to play · {what} · {decks}"

    def players(self, view: Mapping[str, Any], labels: Labels) -> RenderableType:
        table = Table(box=None, pad_edge=False, show_edge=False)
        for column in ("seat", "fighter", "life", "armor", "items", "stance", "hand", "now"):
            table.add_column(column)
        fighters = catalogue_for(view)["fighters"]
        for row in view["fighters"]:
            seat = row["seat"]
            armor = row["armor"]
            armor_text = "-"
            if armor:
                value = catalogue_for(view)["cards"][armor["card"]]["value"]
                armor_text = f"{title(view, armor['card'])} {value - armor['taken']}/{value}"
            items = ", ".join(
                title(view, g["card"]) + (f" (used {g['used']})" if g["used"] else "")
                for g in row["gear"]
            )
            name = fighters.get(row["fighter"], {}).get("title", row["fighter"])
            table.add_row(
                Text(f"{seat} ({labels[seat]})" if labels.get(seat) else str(seat)),
                Text(name, style="" if row["alive"] else "dim strike"),
                Text(str(row["life"]) if row["alive"] else "defeated"),
                Text(armor_text),
                Text(items or "-"),
                Text(title(view, row["stance"])),
                Text(f"{row['hand_size']} cards"),
                Text(step_status(view, seat)),
            )
        return table

    def hand(self, view: Mapping[str, Any]) -> str | None:
        hand = view.get("hand")
        if hand is None:
            return None
        counts = Counter(hand)
        return ", ".join(
            f"{title(view, c)} x{n}" if n > 1 else title(view, c) for c, n in counts.items()
        ) or "(empty)"

    def actions(self, legal: Sequence[ActionJson], view: Mapping[str, Any]) -> list[str]:
        """The actions in the order of their numbers, each with its label and the text of
        the card it plays, a heading where the verb changes (Discard, Drop, Ready...)."""
        cards = catalogue_for(view)["cards"]
        lines: list[str] = []
        last = None
        for index, action in enumerate(legal, 1):
            verb = str(action.get("verb", ""))
            heading = "" if verb in PLAIN else verb.capitalize()
            if verb != last and heading:
                lines.append(f"{heading}:")
            last = verb
            words = self.describe(action, view)
            card = cards.get(action.get("name") or "")
            if card is not None:
                words += f": {card['text']}"
            item = f"{index}) {action['notation']}" + (f"  {words}" if words else "")
            lines.append(("  " if heading else "") + item)
        return lines

    def rules_help(self, view: Mapping[str, Any]) -> str:
        catalogue = catalogue_for(view)
        lines = [
            "A turn: Discard (one card, or pass), Draw (up to five), Ready (drop items, then "
            "ready one item or stance: no attack that turn), Combat (one attack at a target).",
            "The target answers with a defence that fits the attack's location, a ready cloak "
            "or shield (guard:...), or takes it (no). Some defences counter-attack at once.",
            "Damage: base + every ready weapon + the card's bonus; armor takes it first.",
            "The last fighter standing wins.",
            "Cards:",
        ]
        for name, card in catalogue["cards"].items():
            lines.append(f"  {name}: {card['title']}: {card['text']}")
        lines.append("Fighters:")
        for fighter in catalogue["fighters"].values():
            gifts = "; ".join(a["text"] for a in fighter["abilities"])
            lines.append(f"  {fighter['id']}: {fighter['title']} ({stats(fighter)}) {gifts}")
        lines.append(guide_line(view))
        return "\n".join(lines)

    def mine(self, view: Mapping[str, Any]) -> list[str]:
        """``? me``: your fighter and its ability, life, armor, items, stance and hand."""
        row = own_row(view)
        if not row:
            return [WATCHING]
        catalogue = catalogue_for(view)
        cards = catalogue["cards"]
        fighter = catalogue["fighters"].get(row["fighter"], {"title": row["fighter"]})
        life = f"{row['life']} life" if row["alive"] else "defeated"
        lines = [f"You are seat {row['seat']}: {fighter['title']}, {life}."]
        if "life" in fighter:
            lines.append(f"  At the start: {stats(fighter)}.")
        lines += [f"  {a['text']}" for a in fighter.get("abilities") or []]
        armor = row.get("armor")
        if armor:
            card = cards[armor["card"]]
            lines.append(
                f"Armor: {card['title']}, {card['value'] - armor['taken']} of {card['value']} "
                "damage still to absorb."
            )
        for item in row.get("gear") or []:
            card = cards[item["card"]]
            used = f" (used {item['used']})" if item["used"] else ""
            lines.append(f"Ready: {card['title']}{used}: {card['text']}")
        if row.get("stance"):
            card = cards[row["stance"]]
            lines.append(f"Stance: {card['title']}: {card['text']}")
        lines += hand_lines(view.get("hand") or [], catalogue)
        return lines


def turn_text(view: Mapping[str, Any]) -> str:
    """``"Turn 12"``, never the turn limit: it only stops play that would never end,
    and beside the turn it would read as the game's length.

    >>> turn_text({"turn": 12, "turn_limit": 300}), turn_text({"turn": 295, "turn_limit": 300})
    ('Turn 12', 'Turn 295')
    """
    return f"Turn {view['turn']}"


def stats(fighter: Mapping[str, Any]) -> str:
    """A fighter's life, damage and hands, in words.

    >>> stats({"life": 10, "damage": 2, "hands": 1})
    '10 life, 2 damage, 1 hand'
    """
    hands = fighter["hands"]
    return f"{fighter['life']} life, {fighter['damage']} damage, {hands} hand{'s' * (hands != 1)}"


__all__ = ["SwordplayRenderer"]
