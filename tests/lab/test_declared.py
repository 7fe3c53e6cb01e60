"""The lab measures what a game declares: who moved first and which side each seat
played. A toy game with an edge planted for the first mover, or for one side, shows
that the lab finds the planted edge and does not mistake one for the other."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from plunder.engine import (
    Action,
    Frame,
    Game,
    Manifest,
    Option,
    Result,
    State,
    action_type,
    registry,
)
from plunder.engine.game import notation_error
from plunder.lab.run import Backend
from plunder.lab.study import LabSpec, run_lab


@action_type
class Go(Action):
    word: str

    def spell(self) -> str:
        return self.word


GO = Go.of("go")
RED, BLUE = "red", "blue"


class TiltState(State):
    """Two seats, one of each side (``red`` or ``blue``, as the option ``seat0`` says
    for seat 0). Chance draws who moves first, independently of the sides; the first
    mover says "go", and chance draws the winner: seat 0 wins with probability
    1/2, plus ``first_edge`` percent if it moved first (less if it did not), plus
    ``red_edge`` percent if it plays red (less if blue)."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.first = self.randrange(2)
        self.sides = (game.options["seat0"], BLUE if game.options["seat0"] == RED else RED)
        self.replace(Frame.of("go", (self.first,)))
        self._open_step()

    def _legal_go(self, seat: int, frame: Frame) -> list[Action]:
        return [GO]

    def _on_go(self, seat: int, action: Action, frame: Frame) -> None:
        options = self.game.options
        edge = options["first_edge"] if self.first == 0 else -options["first_edge"]
        edge += options["red_edge"] if self.sides[0] == RED else -options["red_edge"]
        winner = 0 if self.randrange(1000) < 500 + 10 * edge else 1
        self.finish(Result(frozenset({winner}), (1.0 - winner, float(winner)), "drawn"))

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"first": self.first, "sides": list(self.sides)}

    def first_movers(self) -> tuple[frozenset[int], ...]:
        return (frozenset({self.first}),)

    def seat_sides(self) -> tuple[str, ...]:
        return self.sides


class TiltGame(Game):
    name = "tilt"
    title = "Tilt"
    min_players = max_players = default_players = 2
    extra_options = (
        Option("seat0", RED, "seat 0's side", choices=(RED, BLUE)),
        Option("first_edge", 0, "percent added to the first mover's chance", minimum=0,
               maximum=50),
        Option("red_edge", 0, "percent added to red's chance", minimum=0, maximum=50),
    )

    def _new_state(self, seed: int) -> State:
        return TiltState(self, seed)

    def _all_actions(self) -> Sequence[Action]:
        return (GO,)

    def _max_decisions(self) -> int:
        return 1

    def side_rotation(self) -> tuple[dict[str, Any], ...]:
        return ({"seat0": RED}, {"seat0": BLUE})

    def parse(self, text: str, legal: Sequence[str] = ()) -> Action:
        if text == "go":
            return GO
        raise notation_error(str(text), "go", legal)


@pytest.fixture
def tilt(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[Game]]:
    manifest = Manifest(TiltGame)
    monkeypatch.setitem(registry._manifests, TiltGame.name, manifest)
    monkeypatch.setattr(TiltGame, "manifest", manifest, raising=False)
    yield TiltGame


def study(games: int, mirror: bool = False, **options: Any) -> dict[str, Any]:
    spec = LabSpec("tilt", ("random",), games, options, seed=1, mirror=mirror)
    return run_lab(spec, Backend(jobs=1))["studies"][0]


def excludes_zero(found: dict[str, Any]) -> bool:
    low, high = found["ci95"]
    return low > 0 or high < 0


def test_the_lab_finds_a_first_player_edge_and_no_side_edge(tilt: type[Game]) -> None:
    found = study(2000, first_edge=10)
    m = found["measures"]
    first = m["first_player"]["advantage"]
    # Planted: the first mover wins 60%, 10 points over the mean side's 50%.
    assert excludes_zero(first)
    assert first["ci95"][0] <= 0.10 <= first["ci95"][1]
    # The sides were rotated across the seats, and neither has an edge.
    assert found["schedule"]["sides"] == [{"seat0": RED}, {"seat0": BLUE}]
    assert set(m["sides"]) == {RED, BLUE}
    assert not excludes_zero(m["sides"][RED]["advantage"])
    assert not excludes_zero(m["sides"][BLUE]["advantage"])
    # Who moved first was drawn by chance, so seat 0 has no edge either.
    low, high = m["first_seat_advantage_ci95"]
    assert low <= 0 <= high


def test_the_lab_finds_a_side_edge_and_no_first_player_edge(tilt: type[Game]) -> None:
    found = study(2000, red_edge=10)
    m = found["measures"]
    red, blue = m["sides"][RED], m["sides"][BLUE]
    # Planted: red wins 60%, 10 points over the mean side's 50%; blue 10 under.
    assert excludes_zero(red["advantage"]) and excludes_zero(blue["advantage"])
    assert red["advantage"]["ci95"][0] <= 0.10 <= red["advantage"]["ci95"][1]
    assert blue["advantage"]["ci95"][0] <= -0.10 <= blue["advantage"]["ci95"][1]
    assert red["ci95"][0] <= 0.60 <= red["ci95"][1]
    assert not excludes_zero(m["first_player"]["advantage"])
    # Red sat at seat 0 in half the games: seat 0 gains nothing from it.
    low, high = m["first_seat_advantage_ci95"]
    assert low <= 0 <= high


def test_a_side_fixed_by_the_run_is_not_rotated_and_its_edge_lands_on_its_seat(
    tilt: type[Game],
) -> None:
    found = study(1000, red_edge=10, seat0=RED)
    m = found["measures"]
    assert found["schedule"]["sides"] is None
    assert set(m["sides"]) == {RED, BLUE}
    # Red is always seat 0: the seat and the side are one, and both show the edge.
    assert m["sides"][RED]["wins"] == m["seats"][0]["wins"]
    assert m["first_seat_advantage_ci95"][0] > 0


def test_a_mirrored_study_plays_each_deal_with_the_sides_swapped(tilt: type[Game]) -> None:
    found = study(400, mirror=True, first_edge=10)
    m = found["measures"]
    assert m["intervals"] == "paired"
    # One bot: a deal is played twice, red at seat 0 and then blue. With no side edge,
    # the same draw picks the same seat, so red wins exactly one game of each pair:
    # its share is one half with no spread at all, and pairing removed all its variance.
    red = m["sides"][RED]
    assert (red["share"], red["ci95"]) == (0.5, [0.5, 0.5])
    removed = {e["measure"]: e for e in m["mirror"]["measures"]}
    assert removed["side red"]["variance_removed"] == 1.0
    assert removed["side red"]["se_games"] > 0
    assert (m["mirror"]["groups"], m["mirror"]["games"]) == (200, 400)
    # Both games of a pair have the same first mover, who wins both or neither: the
    # pairing takes nothing away from its spread there.
    assert removed["first player"]["variance_removed"] <= 0
    assert excludes_zero(m["first_player"]["advantage"])
