"""What every route shares, kept once on ``app.state`` and handed out by ``Depends``.

The hub starts with the application (its lifespan) while the routes are made
before: a handler asks the context for the hub when it runs. The limits per
client live here too, so that every route counts against the same buckets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from plunder.server.limits import Buckets
from plunder.server.listing import OthersListing
from plunder.server.live import Hub
from plunder.server.owners import Ownership
from plunder.server.settings import Settings


@dataclass
class ServerContext:
    """The hub once started, the settings, and the state the limits keep per client."""

    settings: Settings
    # With an ownership the process shares its store with others (relayed requests
    # carry ``relay_secret``); None for a process alone.
    ownership: Ownership | None
    relay_secret: str
    started: Hub | None = None
    others: OthersListing = field(default_factory=OthersListing)
    # Open WebSockets per client (the digest of its address).
    sockets_of: dict[str, int] = field(default_factory=dict)
    creations: Buckets = field(init=False)
    listings: Buckets = field(init=False)

    def __post_init__(self) -> None:
        self.creations = Buckets(self.settings.create_rate / 60.0, self.settings.create_burst)
        self.listings = Buckets(self.settings.mine_rate / 60.0, self.settings.mine_burst)

    @property
    def hub(self) -> Hub:
        """The running hub (a route is never served before the lifespan starts it)."""
        assert self.started is not None, "the hub is not started"
        return self.started


def server_context(connection: HTTPConnection) -> ServerContext:
    """The application's context, for a request or a WebSocket alike."""
    found: ServerContext = connection.app.state.context
    return found


Context = Annotated[ServerContext, Depends(server_context)]
