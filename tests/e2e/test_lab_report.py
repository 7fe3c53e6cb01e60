"""The lab's report.html in Chromium: every plot shows, and no request leaves the page.

The page is opened from disk with every request recorded: the only one allowed
is the page's own file. Its plots are data: addresses, which load nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from e2e.driving import DESKTOP
from plunder.lab.report import write_report
from plunder.lab.run import Backend
from plunder.lab.study import LabSpec, run_lab


def written(folder: Path, spec: LabSpec) -> Path:
    write_report(run_lab(spec, Backend(jobs=1)), folder)
    return folder / "report.html"


def open_offline(browser: Any, page_file: Path) -> tuple[Any, list[str], Any]:
    """The page opened in a fresh context; the requests it made; the context."""
    context = browser.new_context(viewport=DESKTOP)
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    # Anything but the page itself is refused, so a stray address cannot load.
    own = page_file.resolve().as_uri()
    context.route(
        "**/*",
        lambda route: route.continue_() if route.request.url == own else route.abort(),
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(own)
    page.wait_for_load_state("load")
    assert not errors
    return page, requests, context


@pytest.mark.parametrize(
    "spec",
    [
        LabSpec("swordplay", ("greedy", "random"), 8, {}, seed=3),
        LabSpec("swordplay", ("greedy", "random"), 4, {}, seed=3,
                sweep=("turn_limit", (8, 40))),
    ],
    ids=["study", "sweep"],
)
def test_the_report_shows_every_plot_offline(
    browser: Any, tmp_path: Path, screenshots: Path, spec: LabSpec
) -> None:
    page_file = written(tmp_path, spec)
    page, requests, context = open_offline(browser, page_file)
    try:
        remote = [url for url in requests if not url.startswith(("file:", "data:"))]
        assert remote == [], remote
        assert [url for url in requests if url.startswith("file:")] == [
            page_file.resolve().as_uri()
        ]
        shown = page.eval_on_selector_all(
            "img",
            "imgs => imgs.map(i => [i.title, i.complete && i.naturalWidth > 0, "
            "i.src.startsWith('data:image/png;base64,')])",
        )
        plots = {path.stem for path in tmp_path.glob("*.png")}
        assert plots
        assert {title for title, _, _ in shown} == plots
        assert all(loaded and embedded for _, loaded, embedded in shown), shown
        assert "Win share by seat" in page.inner_text("body")
        page.screenshot(path=str(screenshots / f"lab-report-{len(plots)}.png"), full_page=True)
    finally:
        context.close()
