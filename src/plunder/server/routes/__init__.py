"""The browser table's routes, one router per concern.

``plunder.server.app.create_app`` includes them all. What their handlers share
(the hub, the settings, the limits per client) reaches each one through
``context.Context``, a dependency that reads the one ``ServerContext`` kept on
``app.state``; no router holds state of its own at module level.

- ``pages``: the HTML pages, the service worker, the web manifest and each game's
  renderer and rules, for the browser to load.
- ``games``: what the lobby reads of the games (their options, seats, catalogue).
- ``lobby``: tables made, listed, joined, rematched and closed.
- ``notices``: where a seat's notices go, and the Web Push key.
- ``records``: a finished table's record and replay, and a seat's log pages.
- ``socket``: the WebSocket a tab plays through (``asks`` answers its messages).
"""
