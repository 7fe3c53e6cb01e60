"""The trigger queue: effects that happen at a timing, ordered by the active seat.

Rules say that some things happen *at* a moment: a condition's damage after each
action, a passive power, an objective's reward, the effect of the space a ship is
laid on and that of the ship itself. When several arise at once, the seed's rule
is that the active player decides their order. The engine keeps them in a queue:

* ``raise_triggers(triggers, then=...)`` queues the triggers that arose at one
  timing and runs them; ``then`` names the continuation, ``_after_<then>()``,
  called once the queue is empty, so a game writes what follows in one place.
* With one trigger queued it fires at once, through ``_fire_<name>(trigger)``.
  With several, the active seat (``_trigger_orderer``) is asked which fires next:
  an ``order`` decision over the queued triggers' public labels, answered with
  the game's own actions (``_order_action(index, trigger)``), so the game keeps
  its notation. The rest are asked again after each, until one is left.
* A trigger may open a decision of its own (an effect that needs a target). The
  queue then waits; the game calls ``run_triggers()`` when that decision is
  answered, and the queue goes on.

Triggers are public values (their labels are shown in the ``order`` frame).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from plunder.engine.action import Action
from plunder.engine.errors import PlunderError
from plunder.engine.frame import Frame, freeze, thaw

if TYPE_CHECKING:
    from plunder.engine.result import Result


@dataclass(frozen=True, slots=True)
class Trigger:
    """Something that happens at a timing: ``_fire_<name>`` applies it for ``seat``.

    ``label`` is what the ``order`` decision shows of it; ``data`` is public JSON
    data (held frozen, so a trigger is an immutable value clones share).
    """

    name: str
    seat: int
    label: str = ""
    fields: Any = ()

    @classmethod
    def of(cls, name: str, seat: int, label: str = "", **data: Any) -> Trigger:
        return cls(name, seat, label or name, freeze(data))

    @property
    def data(self) -> dict[str, Any]:
        return thaw(self.fields) if self.fields else {}


class Triggers:
    """The trigger queue machinery, part of every ``State``."""

    if TYPE_CHECKING:  # what the machinery uses of the State it is part of
        frames: list[Frame]
        _over: Result | None
        _queue: list[Trigger]
        _then: str
        _order_data: dict[str, Any]

        def push(self, frame: Frame) -> None: ...
        def pop(self) -> Frame: ...

    # ----------------------------------------------------------- the game's hooks
    def _trigger_orderer(self, triggers: list[Trigger]) -> int:
        """The seat that orders triggers that arose together: the active seat.

        By default the triggers' own seat when they all belong to one."""
        seats = {t.seat for t in triggers}
        if len(seats) == 1:
            return seats.pop()
        raise NotImplementedError(
            f"{type(self).__name__} raises triggers of several seats at once but has no "
            "_trigger_orderer naming the active seat"
        )

    def _order_action(self, index: int, trigger: Trigger) -> Action:
        """The action that fires ``trigger`` (the ``index``-th queued) next."""
        raise NotImplementedError(f"{type(self).__name__} orders triggers but has no _order_action")

    # ----------------------------------------------------------- the machinery
    def raise_triggers(
        self, triggers: Iterable[Trigger], *, then: str, **data: Any
    ) -> None:
        """Queue ``triggers`` (arisen at one timing) and run them; ``_after_<then>()``
        follows once they have all fired. ``data`` is public data the ``order``
        decision shows beside the triggers' labels (where they arose, say)."""
        if getattr(self, f"_after_{then}", None) is None:
            raise PlunderError(f"{type(self).__name__} has no _after_{then} to go on with")
        if self._queue:
            raise PlunderError("triggers were raised while others still wait to fire")
        self._queue = list(triggers)
        for trigger in self._queue:
            self._firing(trigger)
        self._then = then
        self._order_data = data
        self.run_triggers()

    def run_triggers(self) -> None:
        """Fire queued triggers until one opens a decision, the active seat must
        order several, or none is left (then the continuation runs)."""
        while self._queue:
            if len(self._queue) > 1:
                seat = self._trigger_orderer(self._queue)
                self.push(Frame.of("order", [seat], **self._order_data,
                                   triggers=[t.label for t in self._queue]))
                return
            if self._fire(self._queue.pop(0)):
                return
        if self._over is not None:
            return
        then, self._then = self._then, ""
        if then:
            getattr(self, f"_after_{then}")()

    def _fire(self, trigger: Trigger) -> bool:
        """Fire one trigger; True when it opened a decision (or ended the game)."""
        depth, top = len(self.frames), self.frames[-1] if self.frames else None
        self._firing(trigger)(trigger)
        if self._over is not None:
            self._queue = []
            return True
        return len(self.frames) != depth or (bool(self.frames) and self.frames[-1] is not top)

    def _firing(self, trigger: Trigger) -> Any:
        fire = getattr(self, f"_fire_{trigger.name}", None)
        if fire is None:
            raise PlunderError(f"{type(self).__name__} has no _fire_{trigger.name} for its "
                               f"{trigger.name!r} trigger")
        return fire

    def _legal_order(self, seat: int, frame: Frame) -> list[Action]:
        return [self._order_action(i, t) for i, t in enumerate(self._queue)]

    def _on_order(self, seat: int, action: Action, frame: Frame) -> None:
        index = self._legal_order(seat, frame).index(action)
        self.pop()
        trigger = self._queue.pop(index)
        if not self._fire(trigger):
            self.run_triggers()


__all__ = ["Trigger", "Triggers"]
