"""What a player can ask at the terminal table, in every game: ``?`` (the actions, a
reminder and where the player's guide is), ``rules`` (the guide itself), ``? me``
(the player's own pieces), and the examples the prompt gives."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.console import Console

import plunder
from plunder.bots import get as get_bot
from plunder.engine.registry import manifest
from plunder.terminal.render import WATCHING, catalogue_for, own_row, piece, renderer_for
from plunder.terminal.table import QuitRequested, TerminalTable

# One table per game, seat 0 a human; pirates and fighters named so the words are known.
TABLES: dict[str, dict[str, Any]] = {
    "duel": {"players": 3},
    "rumble": {"players": 3, "pirates": "kidd,chingshih,read"},
    "underfire": {},
    "swordplay": {"players": 2, "pirates": "hollis,grady"},
    "rumbones": {},
}
# What ``? me`` says first, in each game.
FIRST_LINES = {
    "duel": "You are seat 0: alive, $0 of $5.",
    "rumble": "You are seat 0: William Kidd.",
    "underfire": "You are seat 0: you lay ships from row 1, your half is rows 1-3.",
    "swordplay": "You are seat 0: One-Hand Hollis, 10 life.",
    "rumbones": "You lead the Deep Sea Lords (seat 0).",
}


def flat(text: str) -> str:
    return " ".join(text.split())


def run_table(game: str, answers: list[str], seed: int = 1) -> tuple[str, plunder.State]:
    """Seat 0 types ``answers`` (then ``q``) at its first turn; bots hold the other seats."""
    state = plunder.load(game, **TABLES[game]).new(seed=seed)
    bots = {seat: get_bot("random", game) for seat in range(1, state.players)}
    screen = io.StringIO()
    typed = iter([*answers, "q"])
    table = TerminalTable(
        state, bots, Console(file=screen, width=200), random.Random(seed),
        read_line=lambda prompt: next(typed),
    )
    with pytest.raises(QuitRequested):
        table.run()
    return screen.getvalue(), state


@pytest.mark.parametrize("game", sorted(TABLES))
def test_question_mark_offers_me_and_the_guide_and_rules_shows_the_guide(game: str) -> None:
    out, _ = run_table(game, ["?", "rules"])
    shown = flat(out)
    assert "? me: your own pieces" in shown
    assert "How to play: " in shown and f"plunder/games/{game}/guide.md" in shown
    assert "docs/rules/" not in shown  # the developers' document is not the player's
    guide = manifest(game).guide_file()
    assert guide is not None and guide.name == "guide.md"
    title = guide.read_text(encoding="utf-8").splitlines()[0].lstrip("# ")
    assert title in out  # "rules" drew the guide at the table
    assert "Playing at a table" in out


@pytest.mark.parametrize("game", sorted(TABLES))
def test_question_mark_me_explains_your_own_pieces_in_every_game(game: str) -> None:
    out, state = run_table(game, ["? me"])
    assert "Nothing here is called" not in out
    assert FIRST_LINES[game] in out
    view = state.view(0, log=False)
    catalogue = catalogue_for(view)
    # Every piece in the hand, and the pirate or fighter the seat plays, by name.
    held = [*(view.get("hand") or []), *(view.get("golden") or [])]
    row = own_row(view)
    named = [piece(catalogue, item) for item in held]
    named += [piece(catalogue, row[key]) for key in ("pirate", "fighter") if row.get(key)]
    # (Rum & Bones deals its Tide hands after the heroes are drafted.)
    assert held or game == "rumbones"
    assert all(entry is not None for entry in named)
    for entry in named:
        assert entry is not None and entry["title"] in out, entry["title"]


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_spectator_has_nothing_of_its_own(game: str) -> None:
    state = plunder.load(game, **TABLES[game]).new(seed=1)
    assert renderer_for(game).explain("me", state.view(None, log=False)) == [WATCHING]


def test_me_in_under_fire_counts_gold_hand_and_ships_at_sea() -> None:
    state = plunder.load("underfire").new(seed=3)
    rng = random.Random(3)
    while len(state.moves) < 20:
        seat = min(state.pending)
        state.act(seat, rng.choice(state.legal(seat)))
    view = state.view(0, log=False)
    mine = renderer_for("underfire").explain("me", view)
    assert mine is not None
    row = own_row(view)
    assert f"Gold {row['gold']}, VP tokens {row['vp']}, hand {row['hand_size']} of " in mine[1]
    ours = [c["at"] for c in view["sea"]
            if c["ship"] and c["ship"]["owner"] == 0 and c["ship"]["number"]
            and not c["ship"]["burning"]]
    assert mine[2].startswith(f"At sea: {len(ours)} active ship")
    assert view["hand"]
    for number in view["hand"]:
        assert f"  {number} {catalogue_for(view)['ships'][str(number)]['title']}" in "\n".join(mine)


def test_me_in_rumble_says_whether_the_others_see_your_camp() -> None:
    state = plunder.load(
        "rumble", players=5, mode="camp", pirates="kidd,chingshih,read,zheng,roberts"
    ).new(seed=1)
    renderer = renderer_for("rumble")
    for seat in range(5):
        mine = "\n".join(renderer.explain("me", state.view(seat, log=False)) or [])
        public = state.view(None)["players"][seat]["camp"] is not None
        assert ("face up: everyone knows it" in mine) == public, mine
        assert ("hidden from the others" in mine) != public, mine


def examples(hint: str) -> list[str]:
    """The actions a prompt offers as examples: ``e.g. A or B (...)``.

    >>> examples("Type one action, e.g. shoot>2 or shoot2>1,2 (? help)")
    ['shoot>2', 'shoot2>1,2']
    >>> examples("Type one action, e.g. gesture>duck, the gesture of your card (? help)")
    ['gesture>duck']
    >>> examples("Type an action or its number (? help, q save and quit).")
    []
    """
    found = re.search(r"e\.g\. (.*?) \(", hint)
    if found is None:
        return []
    return [part.split(", ")[0] for part in found.group(1).split(" or ")]


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("duel", {"players": 3}),
        ("rumble", {"players": 5}),
        ("rumble", {"players": 4, "gestures": True, "pirates": "zheng,pargo,read,chingshih"}),
        ("rumble", {"players": 3, "pirates": "draft"}),
        ("underfire", {}),
        ("swordplay", {"players": 3}),
        ("rumbones", {}),
    ],
)
def test_the_examples_in_the_prompt_are_legal_at_that_moment(
    game: str, options: dict[str, Any]
) -> None:
    renderer = renderer_for(game)
    offered = 0
    for seed in range(4):
        state = plunder.load(game, **options).new(seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over and steps < 150:
            for seat in sorted(state.pending):
                legal = [action.to_json() for action in state.legal(seat)]
                hint = renderer.actions_hint(state.view(seat, log=False), legal)
                notations = {action["notation"] for action in legal}
                for example in examples(hint):
                    offered += 1
                    assert example in notations, (seed, steps, seat, hint)
            seat = min(state.pending)
            state.act(seat, rng.choice(state.legal(seat)))
            steps += 1
    if game in ("rumble", "underfire", "rumbones"):  # the games whose prompt gives examples
        assert offered > 0
