"""The pages a browser loads: the lobby, a table, "my tables", the service worker,
the web manifest, the icon, and each game's renderer, styles and rules.

These are files, not API: none is in the OpenAPI schema. The service worker is
served from the root so that its scope is the whole site.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response
from markdown_it import MarkdownIt
from starlette.exceptions import HTTPException as StarletteHTTPException

from plunder.engine.errors import UnknownGame
from plunder.engine.registry import manifest

STATIC = Path(str(resources.files("plunder.server") / "static"))

router = APIRouter(include_in_schema=False)


@functools.lru_cache(maxsize=16)
def _rendered(path: Path, modified: float) -> str:
    # Raw HTML in the document is shown as text, never run (html=False).
    return (
        MarkdownIt("commonmark", {"html": False})
        .enable("table")
        .render(path.read_text(encoding="utf-8"))
    )


def rules_html(path: Path) -> str:
    """A rules document (Markdown) as HTML, rendered once per version of the file."""
    return _rendered(path, path.stat().st_mtime)


@router.get("/")
async def lobby_page() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/t/{table_id}")
async def table_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")


@router.get("/my")
async def my_tables_page() -> FileResponse:
    return FileResponse(STATIC / "mine.html")


@router.get("/sw.js")
async def service_worker() -> FileResponse:
    """The service worker, served from the root so that its scope is the whole site."""
    return FileResponse(STATIC / "sw.js", media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})


@router.get("/manifest.webmanifest")
async def web_manifest() -> FileResponse:
    """What makes the site an installable web app."""
    return FileResponse(STATIC / "manifest.webmanifest",
                        media_type="application/manifest+json")


@router.get("/favicon.ico")
async def favicon() -> Response:
    icon = STATIC / "favicon.svg"
    if icon.exists():
        return FileResponse(icon, media_type="image/svg+xml")
    return Response(status_code=204)


def shipped(name: str, suffix: str) -> Path | None:
    """The game's browser renderer file with ``suffix`` (its script, its styles)."""
    try:
        own = manifest(name)
    except UnknownGame:
        raise StarletteHTTPException(404, "no such game") from None
    if own.browser is None:
        return None
    return own.file(str(Path(own.browser).with_suffix(suffix)))


@router.get("/games/{name}/renderer.js")
async def game_renderer(name: str) -> Response:
    """A game's browser renderer, served from the game's own package."""
    found = shipped(name, ".js")
    if found is None:
        # The generic renderer draws a game that brings none of its own.
        return Response("", media_type="text/javascript")
    return FileResponse(found, media_type="text/javascript")


@router.get("/games/{name}/renderer.css")
async def game_styles(name: str) -> Response:
    """The styles of a game's renderer: the stylesheet beside its script, if any."""
    found = shipped(name, ".css")
    if found is None:
        return Response("", media_type="text/css")
    return FileResponse(found, media_type="text/css")


@router.get("/games/{name}/rules")
async def game_rules(name: str) -> Response:
    """The player's guide (or, for a game without one, its rules document) as an HTML
    fragment, for the table's rules panel."""
    try:
        found = manifest(name).guide_file()
    except UnknownGame:
        raise StarletteHTTPException(404, "no such game") from None
    if found is None:
        raise StarletteHTTPException(404, "this game ships no rules document")
    return Response(rules_html(found), media_type="text/html; charset=utf-8")
