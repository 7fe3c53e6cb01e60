"""The table page's script is a set of ES modules served as they are: every module
it imports is served, with a JavaScript type (a browser runs a module script only
with one), and no header forbids scripts from the site itself."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from plunder.server.routes.pages import STATIC

IMPORTED = re.compile(r'^import \{[^}]*\} from "\./([\w-]+\.js)";$', re.M)
MODULE = re.compile(r'<script type="module" src="(/static/[\w/-]+\.js)"></script>')


def test_the_table_page_loads_its_modules_with_a_javascript_type(client: TestClient) -> None:
    page = client.get("/t/abc")
    entries = MODULE.findall(page.text)
    assert entries == ["/static/table/main.js"]
    seen: set[str] = set()
    waiting = list(entries)
    while waiting:
        path = waiting.pop()
        if path in seen:
            continue
        seen.add(path)
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers["content-type"].split(";")[0] == "text/javascript", path
        folder = path.rsplit("/", 1)[0]
        waiting += [f"{folder}/{name}" for name in IMPORTED.findall(answer.text)]
    # The entry's imports lead to every module of the folder, and to nothing else.
    shipped = {f"/static/table/{path.name}" for path in (STATIC / "table").glob("*.js")}
    assert "/static/table/replay.js" in shipped
    assert seen == shipped


def test_no_header_keeps_the_site_s_own_scripts_from_running(client: TestClient) -> None:
    for path in ("/t/abc", "/static/table/main.js"):
        policy = client.get(path).headers.get("content-security-policy")
        # No policy at all, or one that lets the site's own scripts run.
        assert policy is None or "'self'" in policy, policy
