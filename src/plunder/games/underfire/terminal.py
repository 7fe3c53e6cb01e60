"""Pirates Under Fire at the terminal: the 7 x 6 sea with both fleets, the hand,
the actions grouped, and a rules reminder read from the game's catalogue."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from plunder.terminal.render import (
    WATCHING,
    ActionJson,
    GenericRenderer,
    Labels,
    catalogue_for,
    own_row,
    seat_name,
)

SEAT_STYLE = ("bold cyan", "bold magenta")


def effect_words(catalogue: Mapping[str, Any], code: str) -> str:
    name, _, amount = code.partition(":")
    effect = catalogue["effects"].get(name)
    if effect is None:
        return code
    return effect["text"].replace("{n}", amount or "1")


def space_mark(cell: Mapping[str, Any]) -> Text:
    """A space in five characters: the ship (owner colour, * burning, + shield), or the
    space's effect, and a mine as !."""
    ship = cell["ship"]
    if ship is not None:
        label = str(ship["number"]) if ship["number"] else (ship["merc"] or "?")[:3].upper()
        label += "*" if ship["burning"] else ("+" if ship["shield"] else "")
        style = SEAT_STYLE[ship["owner"]] + (" dim strike" if ship["burning"] else "")
        return Text(f"{label:^5}", style=style)
    code = cell["effect"].replace("diagonal", "diag").replace("reserve", "rsv")
    if cell["mine"]:
        return Text(f"{'!' + code[:4]:^5}", style="bold red")
    return Text(f"{code[:5]:^5}" if code else "  .  ", style="dim")


class UnderFireRenderer(GenericRenderer):
    scores_label = "VP"

    def header(self, view: Mapping[str, Any]) -> str:
        decision = view.get("decision") or {}
        return (f"Pirates under fire · seat {view['current']} to play · "
                f"turn {decision.get('turn', '-')} · {decision.get('kind', 'over')}")

    def sea(self, view: Mapping[str, Any]) -> RenderableType:
        table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
        table.add_column("")
        for letter in "abcdefg":
            table.add_column(letter, justify="center")
        cells = view["sea"]
        for row in range(6, 0, -1):  # seat 1's side at the top
            marks = [space_mark(c) for c in cells if int(c["at"][1:]) == row]
            table.add_row(Text(f"{row} "), *marks)
            if row == 4:
                table.add_row(Text("  "), *[Text("-----") for _ in range(7)])
        return table

    def players(self, view: Mapping[str, Any], labels: Labels) -> RenderableType:
        catalogue = catalogue_for(view)
        table = Table(box=None, pad_edge=False, show_edge=False)
        for column in ("seat", "gold", "VP tokens", "hand", "limit", "pile", "reserve", "turns"):
            table.add_column(column)
        for row in view["players"]:
            seat = row["seat"]
            table.add_row(Text(seat_name(seat, labels), style=SEAT_STYLE[seat]),
                          str(row["gold"]), str(row["vp"]), str(row["hand_size"]),
                          str(row["hand_limit"]), str(row["pile"]), str(row["reserve"]),
                          str(row["turns"]) + (" (last)" if row["final"] else ""))
        market = ", ".join(f"{catalogue['mercenaries'][m]['title']} ({m}, "
                           f"{catalogue['mercenaries'][m]['cost']} gold)" for m in view["market"])
        legend = ("Seat 0 plays from row 1, seat 1 from row 6. A number is a ship, "
                  "* burning, + shielded, ! a mine, letters a mercenary.")
        return Group(self.sea(view), Text(legend, style="dim"), table,
                     Text(f"For hire: {market or 'no one'}"))

    def hand(self, view: Mapping[str, Any]) -> str | None:
        hand = view.get("hand")
        if hand is None:
            return None
        ships = catalogue_for(view)["ships"]
        return ", ".join(f"{n} {ships[str(n)]['title']}" for n in hand) or "(empty)"

    def describe(self, action: ActionJson, view: Mapping[str, Any]) -> str:
        catalogue = catalogue_for(view)
        if action.get("verb") == "play":
            return catalogue["ships"][str(action["ship"])]["text"]
        if action.get("verb") == "buy":
            return catalogue["mercenaries"][action["merc"]]["text"]
        return ""

    def actions(self, legal: Sequence[ActionJson], view: Mapping[str, Any]) -> list[str]:
        """Plays grouped by ship, hires by mercenary: one line each, spaces listed."""
        groups: dict[str, list[str]] = {}
        singles: list[str] = []
        for action in legal:
            verb = action.get("verb")
            if verb in ("play", "buy") or (action.get("at") and verb not in ("first",)):
                key = (f"{action['ship']}@" if verb == "play" else
                       f"buy:{action['merc']}@" if verb == "buy" else f"{verb}@")
                groups.setdefault(key, []).append(action["at"])
            else:
                singles.append(action["notation"])
        lines = []
        for key, spaces in groups.items():
            sample = {"verb": "play", "ship": int(key[0])} if key[0].isdigit() else (
                {"verb": "buy", "merc": key[4:-1]} if key.startswith("buy:") else {})
            words = self.describe(sample, view) if sample else ""
            lines.append(f"{key}SPACE  ({words}) at: {' '.join(spaces)}" if words
                         else f"{key}SPACE at: {' '.join(spaces)}")
        lines += singles
        return lines

    def actions_hint(self, view: Mapping[str, Any], legal: Sequence[ActionJson] = ()) -> str:
        """Examples taken from ``legal``, so none is refused: a ship laid and a hire
        where they are legal, else the first legal action."""
        play = next((a["notation"] for a in legal if a.get("verb") == "play"), "")
        buy = next((a["notation"] for a in legal if a.get("verb") == "buy"), "")
        example = " or ".join(filter(None, (play, buy))) or (legal[0]["notation"] if legal else "")
        shown = f", e.g. {example}" if example else ""
        return f"Type an action{shown} (? help, q save and quit)."

    def mine(self, view: Mapping[str, Any]) -> list[str]:
        """``? me``: your side of the sea, gold, VP tokens, hand limit, pile and reserve,
        your ships and mercenaries at sea, and the ships in your hand."""
        row = own_row(view)
        if not row:
            return [WATCHING]
        catalogue = catalogue_for(view)
        seat = row["seat"]
        near, far = ((1, 3), (6, 4))[seat]
        lines = [
            f"You are seat {seat}: you lay ships from row {near}, your half is rows "
            f"{min(near, far)}-{max(near, far)}.",
            f"Gold {row['gold']}, VP tokens {row['vp']}, hand {row['hand_size']} of "
            f"{row['hand_limit']}, draw pile {row['pile']}, reserve {row['reserve']}, "
            f"turns begun {row['turns']}.",
        ]
        ours = [c for c in view["sea"] if c["ship"] is not None and c["ship"]["owner"] == seat]
        active = [c["at"] for c in ours if c["ship"]["number"] and not c["ship"]["burning"]]
        burning = [c["at"] for c in ours if c["ship"]["burning"]]
        lines.append(
            f"At sea: {len(active)} active ship{'s' * (len(active) != 1)}"
            + (f" ({' '.join(active)})" if active else "")
            + (f", burning: {' '.join(burning)}" if burning else "")
            + "."
        )
        for cell in ours:
            merc = catalogue["mercenaries"].get(cell["ship"]["merc"] or "")
            if merc is not None:
                lines.append(f"Your mercenary on {cell['at']}: {merc['title']}: {merc['text']}")
        hand = Counter(str(n) for n in view.get("hand") or [])
        lines.append("Your hand (type the number to lay it):" if hand else "Your hand: (empty)")
        for number, count in sorted(hand.items()):
            ship = catalogue["ships"][number]
            lines.append(f"  {number} {ship['title']}{f' x{count}' * (count > 1)}: {ship['text']}")
        return lines

    def rules_help(self, view: Mapping[str, Any]) -> str:
        catalogue = catalogue_for(view)
        lines = [
            "Each turn: lay a ship from your hand on your first row or next to one of your "
            "active ships (a burning ship's space too, when next to yours: it sinks); apply "
            "the space's and the ship's effects in the order you choose. Before or after, hire "
            "one mercenary. Then draw.",
            "Ships:",
        ]
        lines += [f"  {n} {s['title']}: {s['text']}" for n, s in catalogue["ships"].items()]
        lines.append("Mercenaries:")
        lines += [f"  {m['title']} ({m['id']}, {m['cost']} gold): {m['text']}"
                  for m in catalogue["mercenaries"].values()]
        scoring = catalogue["scoring"]
        lines.append("Scoring: same number side by side " + ", ".join(
            f"{k}: {v} VP" for k, v in scoring["same"].items()) + "; sequences " + ", ".join(
            f"{k}: {v} VP" for k, v in scoring["sequence"].items())
            + f"; {scoring['raider']} VP per active ship on the enemy's half; VP tokens.")
        lines.append(super().rules_help(view))
        return "\n".join(lines)

    def score(self, value: Any) -> str:
        return f"{int(value)} VP"
