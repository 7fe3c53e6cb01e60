"""The browser table: ``plunder serve`` and its protocol (see ``docs/server.md``)."""
