"""Where an attack's hits went, as the browser's dice panel words it: each kind of log
event the panel shows is one phrase of the game's (``outcome``), filled alike by the
terminal's filler and the browser's, and reading as the panel read before the phrase
existed."""

from __future__ import annotations

from typing import Any

import plunder
from plunder.engine.words import Filler
from words_js import run_js

# Heroes 0-2 of the Deep Sea Lords, 3-5 of the Marea de la Muerte: short names taken
# from a title's last word after a hyphen (Oona) and from one with an accent (Pólvora).
HEROES = "carcharius,ishmael,oona;calavera,demarco,polvora"

# A sample event of each kind the panel shows, with the words the panel gave it,
# worked out by hand from its former code: a hero by the word of its title that is its
# id, any other target as the game names it with a capital, then the damage.
EXPECTED: list[tuple[dict[str, Any], str]] = [
    ({"type": "hit", "target": "hero0", "hero": 0, "zone": "c5", "amount": 2}, "Carcharius −2"),
    ({"type": "hit", "target": "hero2", "hero": 2, "zone": "c5", "amount": 1}, "Oona −1"),
    ({"type": "hit", "target": "hero5", "hero": 5, "zone": None, "amount": 3}, "Pólvora −3"),
    ({"type": "hit", "target": "deckhand", "side": 1, "zone": "d4", "amount": 1},
     "A deckhand −1"),
    ({"type": "hit", "target": "bosun", "side": 0, "zone": "d4", "amount": 2}, "A bosun −2"),
    ({"type": "hit", "target": "kraken", "zone": "e1", "amount": 4}, "The Kraken −4"),
    ({"type": "hit", "target": "mainmast", "side": 0, "zone": "c3", "amount": 2},
     "The Mainmast −2"),
    ({"type": "hit", "target": "giant_crab", "zone": "a1", "amount": 1}, "The Giant Crab −1"),
    ({"type": "crew_ko", "side": 1, "zone": "d4", "kind": "deckhand"}, "deckhand KO'd"),
    ({"type": "crew_ko", "side": 1, "zone": "d4", "kind": "crew"}, "crew KO'd"),
    ({"type": "hero_ko", "hero": 3, "coin": "gold"}, "Calavera KO'd"),
    ({"type": "hero_ko", "hero": 5, "lives": 2}, "Pólvora KO'd"),
    ({"type": "destroyed", "side": 0, "zone": "c3", "objective": "helm"}, "Helm destroyed"),
    ({"type": "monster_ko", "monster": "sea_serpent", "zone": "a2"}, "Sea Serpent KO'd"),
    ({"type": "kraken_ko", "zone": "e1"}, "the Kraken KO'd"),
    ({"type": "reaction", "hero": 1, "skill": "brace"}, "Brace!"),
    ({"type": "condition", "hero": 4, "condition": "stun"}, "stun"),
    ({"type": "blast", "zone": "c3", "amount": 1}, "blast on c3"),
    ({"type": "push", "model": "hero4", "zone": "c4", "to": "c5"}, "pushed to c5"),
    ({"type": "push", "model": "deckhand", "zone": "c4"}, "push"),
]


def test_every_outcome_reads_as_the_panel_read_it_in_both_front_ends() -> None:
    state = plunder.load("rumbones", heroes=HEROES).new(seed=1)
    view = state.view(0)
    catalogue = state.game.catalogue()
    assert [row["hero"] for row in view["heroes"]] == HEROES.replace(";", ",").split(",")
    filler = Filler(catalogue)
    scopes = [{"it": event, "view": view} for event, _ in EXPECTED]
    python = [filler.fill("{it|say:outcome}", scope) for scope in scopes]
    browser = run_js([["fill", catalogue, "{it|say:outcome}", scope] for scope in scopes])
    expected = [words for _, words in EXPECTED]
    assert python == expected
    assert browser == expected
    # Every kind of event the panel shows (its OUTCOMES) has a sample above.
    shown = {"hit", "crew_ko", "hero_ko", "destroyed", "monster_ko", "kraken_ko", "reaction",
             "push", "condition", "blast"}
    assert {event["type"] for event, _ in EXPECTED} == shown


def test_a_short_name_is_the_word_of_the_title_that_is_the_id() -> None:
    catalogue = plunder.load("rumbones").catalogue()
    shorts = {name: catalogue["heroes"][name]["short"]
              for name in ("carcharius", "oona", "polvora", "hueso", "ink")}
    assert shorts == {"carcharius": "Carcharius", "oona": "Oona", "polvora": "Pólvora",
                      "hueso": "Hueso", "ink": "Ink"}
    factions = {name: entry["short"] for name, entry in catalogue["factions"].items()}
    assert factions == {"lords": "Lords", "marea": "Marea"}
