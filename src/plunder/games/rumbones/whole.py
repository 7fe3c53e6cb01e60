"""What each part of Rum & Bones' state uses of the whole, declared for the type checker.

``BonesState`` (rules.py) is made of parts, ``Selection``, ``Skills``, ``Combat``,
``Crews`` and ``TideAndSea``, that read the state's fields and call one another.
To the type checker each part is a ``Whole``: an engine ``State`` with the fields
of ``BonesState`` and the methods one part calls on another, with their types. At
run time ``Whole`` is ``object`` and the parts are plain mixins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from plunder.engine.dice import DicePool
    from plunder.engine.result import Result
    from plunder.engine.state import State
    from plunder.games.rumbones.content import Configuration, Profile
    from plunder.games.rumbones.game import BonesGame
    from plunder.games.rumbones.pieces import Crew, Kraken, Monster, Reserve, Standing, Strike
    from plunder.games.rumbones.seating import Seating

    class Whole(State):
        """The fields of ``BonesState``, and the methods its parts call on one another."""

        acting: int | None
        acting_monster: str
        actions_left: int
        advancing: list[tuple[int, int]]
        activated: list[bool]
        attack: dict[str, Any]
        began_near: list[str]
        bled_by: list[int | None]
        bosuns_placed: int
        captains: list[int | None]
        choices: list[list[Any]]
        coin: list[str | None]
        coins: list[int]
        conditions: list[list[str]]
        crew: list[list[Crew]]
        crew_by: int
        crew_done: list[bool]
        damage: list[int]
        dealt: list[list[str]]
        deck: list[list[str]]
        discarding: int
        discards: list[list[str]]
        enemies_cleared: bool
        factions: list[str]
        first: int
        game: BonesGame
        hand: list[list[str]]
        hero: list[str]
        hits: int
        jammed: list[bool]
        kraken: Kraken | None
        kraken_dead: bool
        last_zone: str
        levels: list[dict[str, int]]
        monsters: dict[str, Monster]
        mp: int
        mustered: bool
        objectives: list[dict[str, Standing]]
        owner: list[int]
        picks: list[list[str]]
        pool: DicePool | None
        pools: list[int]
        raids: list[str]
        rerolls: int
        reserve: list[Reserve]
        routes: tuple[tuple[tuple[str, ...], ...], ...]
        seating: Seating
        side: int
        spent: list[list[str]]
        strikes: list[Strike]
        striking: Strike | None
        summoned: list[str]
        unlocked: list[list[str]]
        vp: list[int]
        wrecked: dict[str, str]
        zone: list[str | None]

        def _ask_turn(self) -> None: ...
        def _declare_attack(
            self, side: int, zone: str, profile: Profile, *, who: str, hero: int | None,
            then: str, to_hit: int | None = None, coins: bool = True, skill: str = "",
            modifier: int = 0, monster: str = "", source: str = "", seat: int,
        ) -> None: ...
        def _deploy_crew(self, side: int, zone: str, deckhands: int, bosuns: int) -> None: ...
        def _gain_vp(self, side: int, amount: int, why: str) -> None: ...
        def _hurt_crew(
            self, side: int, zone: str, kind: str, amount: int, by: int | None
        ) -> None: ...
        def _hurt_hero(self, hero: int, amount: int, by: int | None) -> None: ...
        def _hurt_monster(self, name: str, amount: int, by: int | None) -> None: ...
        def _knock_overboard(self, hero: int) -> None: ...
        def _ko_rewards(self, side: int, by: int | None) -> None: ...
        def _muster_points(self, side: int) -> list[str]: ...
        def _next_turn(self) -> None: ...
        def _place_crew(self, side: int, zone: str, deckhands: int, bosuns: list[int]) -> None: ...
        def _recover(self) -> None: ...
        def _roll_attack(self) -> None: ...
        def _run(self, hero: int, skill: str, use: str) -> None: ...
        def _start(self) -> None: ...
        def attack_zones(self, side: int, origin: str, reach: int) -> list[str]: ...
        def blocks(self, side: int, zone: str) -> bool: ...
        def by_seat(self, seat: int) -> dict[str, int]: ...
        @property
        def config(self) -> Configuration: ...
        def crew_in(self, side: int, zone: str) -> tuple[int, int]: ...
        def crew_zone(self, side: int, group: Crew) -> str: ...
        def deployment(self, side: int) -> tuple[str, ...]: ...
        def enemies_in(self, side: int, zone: str) -> bool: ...
        def foes(self, side: int) -> tuple[int, ...]: ...
        def gain_coins(self, hero: int, amount: int, why: str) -> None: ...
        def has_passive(self, hero: int, effect: str) -> bool: ...
        def heal(self, hero: int, amount: int) -> None: ...
        def heroes_in(self, side: int, zone: str) -> list[int]: ...
        def heroes_of(self, side: int) -> range: ...
        def hurt_kraken(self, amount: int, by: int | None) -> None: ...
        def max_hp(self, hero: int) -> int: ...
        def passive(self, hero: int, effect: str) -> int: ...
        def run_effect(self, name: str, subject: Any, amount: int) -> None: ...
        def seat_side(self, seat: int) -> int: ...
        def side_of(self, hero: int) -> int: ...
        def side_result(self, winners: Sequence[int], reason: str) -> Result: ...
        def silenced(self, hero: int) -> bool: ...
        def who(self, side: int) -> str: ...
else:
    Whole = object
