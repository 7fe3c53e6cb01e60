"""A game's manifest: everything a front end, a bot or the server needs to know about it.

Each game package declares ``MANIFEST = Manifest(...)`` in its ``__init__.py``.
Every consumer reads the game from there and names no game in its own code, so
adding a game touches the game's folder and nothing else.

Parts are named as ``"module:attribute"`` relative to the game's package (for
example ``"terminal:DuelRenderer"``) and imported only when a consumer asks for
them: loading a game for a simulation never imports its terminal renderer.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from plunder.engine.errors import PlunderError

if TYPE_CHECKING:
    from plunder.engine.game import Game
    from plunder.engine.lesson import Lesson


@dataclass(frozen=True)
class Manifest:
    """What a game offers beyond its rules, by name, inside its own package.

    * ``game``: the ``Game`` class;
    * ``terminal``: its terminal renderer class (default: the generic renderer);
    * ``browser``: the file name of its browser renderer, a script in the package
      (default: the generic browser renderer);
    * ``bots``: bot name -> factory, for bots of its own (``greedy``, ``solver``);
    * ``evaluate`` and ``search_depth``: the searching bots' helpers (see docs/bots.md);
    * ``rollout``: a cheap playout policy for the searching bots,
      ``rollout(state, seat, legal, rng)`` -> an action of ``legal`` or ``None``
      (uniformly at random); for a long game's small sub-decisions (assigning
      hits, re-rolls, passing windows) where random play wastes a playout;
    * ``search_exploration``: UCB's exploration constant for the searching bots'
      sequential steps, where the game's evaluation tells choices apart by less
      than a win from a loss (``None``: the bots' default; see docs/bots.md);
    * ``encoder``: the observation encoder class (``observation(seat)``);
    * ``batch``: the game's rules over arrays (``plunder.engine.batch``), a
      ``BatchRules`` class stepping thousands of plays at once;
    * ``timed``: the option values under which the rules time some decisions
      (``{}``: always; ``None``: never), so a lobby can offer the reflex clock;
    * ``rules``: the file name of the game's rules document, a Markdown file in
      the package or a path relative to the project: the numbered rules, for
      developers and for checking a ruling;
    * ``guide``: the player's guide, a Markdown file in the package (``"guide.md"``):
      how a turn goes, what each piece does and how to win, in plain words. The
      front ends show it (the browser's Rules panel, the terminal's ``?``), or the
      rules document for a game without a guide.
    * ``stats``: the content statistics of a finished play, ``stats(state)`` ->
      ``plunder.engine.stats.ContentStats`` (its length in its own rounds or turns,
      whether a limit cut it off, each seat's pieces, plays and points by source),
      which the balance lab sums up without knowing the game (see docs/lab.md).
    * ``lesson``: a guided first game, a TOML file in the package (``"lesson.toml"``,
      read by ``plunder.engine.lesson``): a set deal against a gentle bot and the
      steps the table hints at, one after another.
    * ``tunables``: a TOML file in the package declaring the numbers a search may
      change, with their bounds (``plunder.engine.tuning``; ``plunder lab tune``).
    """

    game: type[Game]
    terminal: str | None = None
    browser: str | None = None
    bots: Mapping[str, str] = field(default_factory=dict)
    evaluate: str | None = None
    search_depth: str | None = None
    rollout: str | None = None
    search_exploration: float | None = None
    encoder: str | None = None
    batch: str | None = None
    timed: Mapping[str, Any] | None = None
    rules: str | None = None
    guide: str | None = None
    stats: str | None = None
    lesson: str | None = None
    tunables: str | None = None

    @property
    def package(self) -> str:
        """The game's package (where its parts live)."""
        module = self.game.__module__
        return module.rsplit(".", 1)[0] if "." in module else module

    def part(self, ref: str | None) -> Any:
        """The attribute ``ref`` (``"module:attribute"``) names in the game's package."""
        if ref is None:
            return None
        module, sep, attribute = ref.partition(":")
        if not sep or not module or not attribute:
            raise PlunderError(f"manifest of {self.game.name!r}: {ref!r} is not 'module:attribute'")
        found = importlib.import_module(f"{self.package}.{module}")
        try:
            return getattr(found, attribute)
        except AttributeError:
            raise PlunderError(
                f"manifest of {self.game.name!r}: {self.package}.{module} has no {attribute!r}"
            ) from None

    def file(self, name: str | None) -> Path | None:
        """A file shipped in the game's package (its browser renderer, its rules)."""
        if name is None:
            return None
        found = Path(str(resources.files(self.package) / name))
        return found if found.is_file() else None

    def rules_file(self) -> Path | None:
        """The game's rules document, wherever it is found: in the game's package, among
        the rules documents a built plunder ships (``plunder/docs/rules``), or in the
        project it was installed from (``rules`` relative to the project's root)."""
        if self.rules is None:
            return None
        name = Path(self.rules).name
        shipped = Path(str(resources.files("plunder"))) / "docs" / "rules" / name
        project = Path(__file__).resolve().parents[3] / self.rules
        for found in (self.file(self.rules), self.file(name), shipped, project):
            if found is not None and found.is_file():
                return found
        return None

    def guide_file(self) -> Path | None:
        """What a player reads: the game's guide, shipped in its package, or where the
        game has none (a game kept outside the project, say), its rules document."""
        found = self.file(self.guide)
        return found if found is not None else self.rules_file()

    def lesson_of(self) -> Lesson | None:
        """The game's guided first game, read from its lesson file (else None)."""
        from plunder.engine.lesson import read_lesson  # the lesson needs the engine's state

        found = self.file(self.lesson)
        return None if found is None else read_lesson(found, self.game.name)

    def timed_under(self, options: Mapping[str, Any]) -> bool:
        """Whether a table with ``options`` meets decisions the rules time."""
        return self.timed is not None and all(options.get(k) == v for k, v in self.timed.items())


__all__ = ["Manifest"]
