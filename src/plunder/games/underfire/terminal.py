"""Pirates Under Fire at the terminal: the 7 x 6 sea with both fleets and its
coordinates, the hand, the actions grouped, and a rules reminder read from the
game's catalogue.

Every word drawn on the sea is a whole word that ``? WORD`` explains: a space's
effect (``gold``, ``VP``, ``line``, ``diagonal``, ``mine``, ``shield``, ``repair``,
``hand``, ``reserve``), a ship's number, a mercenary's id, the marks (``*``, ``+``,
``!``) and the coordinates themselves (``? c3``: what lies there).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from plunder.engine.errors import IllegalAction
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
LETTERS = "abcdefg"
# What the marks drawn on the sea mean.
MARKS = {
    "*": "a burning ship: inactive (no adjacency, no combination, no VP); a second hit "
         "destroys it, and a ship laid on it from next to one of your active ships sinks it",
    "+": "a shielded ship: the shield takes the next hit in its place",
    "!": "a mine: the next ship or mercenary laid on the space sets it off and burns",
    ".": "an empty space without an effect",
    "-": "the line between the two halves: rows 1-3 are seat 0's, rows 4-6 seat 1's",
}
_COORDINATE = re.compile(r"^[a-g][1-6]$")
# A word as the sea draws it: a mine's !, an amount, the word, a ship's mark.
_DRAWN = re.compile(r"^!?(?:(\d+) )?([a-z0-9_ ]*?[a-z0-9_])[*+]?$")


def effect_word(code: str) -> str:
    """A space's effect as the sea shows it: a whole word, its amount first when it
    is more than 1 (``gold:2`` is ``2 gold``, ``vp`` is ``VP``)."""
    name, _, amount = code.partition(":")
    word = "VP" if name == "vp" else name
    return f"{amount} {word}" if amount and amount != "1" else word


def effect_words(catalogue: Mapping[str, Any], code: str) -> str:
    """What an effect code does, in the catalogue's words, its amount filled in."""
    name, _, amount = code.partition(":")
    effect = catalogue["effects"].get(name)
    if effect is None:
        return code
    count = amount or "1"
    return effect["text"].replace("{n}", count).replace("{s}", "" if count == "1" else "s")


def ship_label(ship: Mapping[str, Any]) -> str:
    """A ship as the sea shows it: its number, or the mercenary's id, then a mark."""
    label = str(ship["number"]) if ship["number"] else str(ship["merc"])
    return label + ("*" if ship["burning"] else ("+" if ship["shield"] else ""))


def space_mark(cell: Mapping[str, Any]) -> Text:
    """A space: the ship (its owner's colour, * burning, + shield), or the space's
    effect in a whole word; ``!`` before it for a mine."""
    ship = cell["ship"]
    if ship is not None:
        style = SEAT_STYLE[ship["owner"]] + (" dim strike" if ship["burning"] else "")
        return Text(ship_label(ship), style=style)
    word = effect_word(cell["effect"]) if cell["effect"] else ""
    if cell["mine"]:
        return Text("!" + word, style="bold red")
    return Text(word or ".", style="dim")


class UnderFireRenderer(GenericRenderer):
    scores_label = "VP"

    def header(self, view: Mapping[str, Any]) -> str:
        decision = view.get("decision") or {}
        if not decision:
            return "Pirates Under Fire · the game is over"
        current = view["current"]
        turn = view["players"][current]["turns"]
        what = self.timing(decision["kind"], view)
        options = view.get("options") or {}
        # 16 turns each when every turn draws, or when the game ends after 16 (R39).
        of = " of 16" if options.get("draw") == "every" or options.get("end") == "sixteen" else ""
        return f"Pirates Under Fire · seat {current} to play · turn {turn}{of} · {what}"

    def sea(self, view: Mapping[str, Any]) -> RenderableType:
        """The sea, seat 1's side at the top, with its columns (a-g) above and below
        and its rows (1-6) on both sides."""
        table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1),
                      show_footer=True)
        table.add_column("", footer="")
        for letter in LETTERS:
            table.add_column(letter, footer=letter, justify="center", min_width=4,
                             no_wrap=True)
        table.add_column("", footer="")
        cells = view["sea"]
        for row in range(6, 0, -1):
            marks = [space_mark(c) for c in cells if int(c["at"][1:]) == row]
            table.add_row(Text(str(row)), *marks, Text(str(row)))
            if row == 4:
                table.add_row(Text(""), *[Text("----") for _ in LETTERS], Text(""))
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
        return Group(self.sea(view), Text(self.legend(), style="dim"), table,
                     Text(f"For hire: {market or 'no one'}"))

    @staticmethod
    def legend() -> str:
        return ("Seat 0 plays from row 1 (cyan), seat 1 from row 6 (magenta). On a space: a "
                "ship's number or a mercenary's name, * burning, + shielded, ! a mine; "
                "otherwise the space's effect: gold, VP, line (fire along the row or column), "
                "diagonal (fire along a diagonal), mine, shield, repair, hand (hand limit +1), "
                "reserve (a ship from the reserve). ? WORD explains a word, ? c3 a space.")

    def hand(self, view: Mapping[str, Any]) -> str | None:
        hand = view.get("hand")
        if hand is None:
            return None
        ships = catalogue_for(view)["ships"]
        return ", ".join(f"{n} {ships[str(n)]['title']}" for n in hand) or "(empty)"

    def actions(self, legal: Sequence[ActionJson], view: Mapping[str, Any]) -> list[str]:
        """The actions aimed at a space grouped by what their notation says before the
        ``@`` (a ship laid, a mercenary hired, an effect aimed): one line each, with
        what the piece does and the spaces listed."""
        groups: dict[str, list[str]] = {}
        pieces: dict[str, Mapping[str, Any] | None] = {}
        singles: list[str] = []
        catalogue = catalogue_for(view)
        for action in legal:
            head, aimed, space = str(action["notation"]).partition("@")
            if not aimed:
                singles.append(action["notation"])
                continue
            key = f"{head}@"
            groups.setdefault(key, []).append(space)
            # What the ship or the mercenary laid does, from the catalogue.
            pieces[key] = catalogue["ships"].get(str(action.get("ship"))) or catalogue[
                "mercenaries"
            ].get(str(action.get("merc")))
        lines = []
        for key, spaces in groups.items():
            piece = pieces[key]
            words = f"  ({piece['text']})" if piece and piece.get("text") else ""
            lines.append(f"{key}SPACE{words} at: {' '.join(spaces)}")
        return lines + singles

    def actions_hint(self, view: Mapping[str, Any], legal: Sequence[ActionJson] = ()) -> str:
        """Examples taken from ``legal``, so none is refused: the first of each of the
        first two kinds of action (a ship laid and a hire, on a turn)."""
        examples: dict[str, str] = {}
        for action in legal:
            examples.setdefault(str(action.get("verb", "")), str(action["notation"]))
        example = " or ".join(list(examples.values())[:2])
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

    def refusal(
        self, error: IllegalAction, view: Mapping[str, Any], legal: Sequence[ActionJson]
    ) -> list[str]:
        """Why the rules refuse it, then what may be played now, grouped."""
        refused = [f"Refused: {error.reason}."]
        if error.legal and legal:
            refused += ["Legal now:", *self.actions(legal, view)]
        return refused

    def explain(self, term: str, view: Mapping[str, Any]) -> list[str] | None:
        """``? WORD``: a space (``c3``), a mark (``*``), an effect as the sea writes it
        (``2 gold``, ``!mine``), a ship's number with its mark (``7*``), a mercenary,
        or whatever else the catalogue names."""
        catalogue = catalogue_for(view)
        wanted = " ".join(term.lower().split())
        if _COORDINATE.match(wanted):
            return [self._space(wanted, view, catalogue)]
        if wanted in MARKS or set(wanted) == {"-"}:
            return [f"{wanted}: {MARKS[wanted[0]]}"]
        drawn = _DRAWN.match(wanted)
        if drawn is None:
            return super().explain(term, view)
        amount, name = drawn.group(1), drawn.group(2)
        if name in catalogue["effects"]:
            code = f"{name}:{amount}" if amount else name
            return [f"{effect_word(code)} (the effect of a space or a ship): "
                    f"{effect_words(catalogue, code)}"]
        return super().explain(f"{amount or ''} {name}".strip(), view)

    @staticmethod
    def _space(at: str, view: Mapping[str, Any], catalogue: Mapping[str, Any]) -> str:
        """What lies on a space: its half, its effect, a ship and a mine."""
        cell = next(c for c in view["sea"] if c["at"] == at)
        code = cell["effect"]
        parts = [f"{at}: seat {cell['half']}'s half",
                 f"{effect_word(code)} ({effect_words(catalogue, code)})" if code
                 else "no effect"]
        ship = cell["ship"]
        if ship is not None:
            if ship["merc"]:
                title = catalogue["mercenaries"][ship["merc"]]["title"]
            else:
                number = ship["number"]
                title = f"ship {number} ({catalogue['ships'][str(number)]['title']})"
            state = "burning" if ship["burning"] else (
                "active, shielded" if ship["shield"] else "active")
            parts.append(f"seat {ship['owner']}'s {title}, {state}")
        if cell["mine"]:
            parts.append("a mine lies here")
        return "; ".join(parts) + "."

    def rules_help(self, view: Mapping[str, Any]) -> str:
        catalogue = catalogue_for(view)
        lines = [
            "Each turn: lay a ship from your hand on your first row or next to one of your "
            "active ships (a burning ship's space too, when next to yours: it sinks); apply "
            "the space's and the ship's effects in the order you choose. Before or after, hire "
            "one mercenary. Then draw a ship. 16 turns each.",
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
        lines.append(self.legend())
        lines.append(super().rules_help(view))
        return "\n".join(lines)

    def score(self, value: Any) -> str:
        return f"{int(value)} VP"
