"""Calling the browser's word filler (``static/words.js``) from a test, through node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

WORDS_JS = Path(__file__).resolve().parents[1] / "src/plunder/server/static/words.js"

# Reads the calls as JSON on stdin, answers each in order as JSON on stdout; seats are
# named "seat N" as the terminal names them, so both front ends' words can be compared.
_RUNNER = """
const words = require(process.argv[1]);
let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const out = JSON.parse(input).map(([how, catalogue, ...rest]) => {
    if (how === "fill") return words.filler(catalogue).fill(rest[0], rest[1]);
    if (how === "prompt") return words.prompt(catalogue, rest[0]);
    return words.label(catalogue, rest[0], rest[1]);
  });
  process.stdout.write(JSON.stringify(out));
});
"""


def run_js(calls: list[list[Any]]) -> list[str]:
    """Each call (``["fill", catalogue, template, scope]``, ``["prompt", catalogue,
    view]`` or ``["label", catalogue, action, view]``) answered by words.js."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("the browser's word filler is checked with node; install nodejs", pytrace=False)
    done = subprocess.run(
        [node, "-e", _RUNNER, str(WORDS_JS)],
        input=json.dumps(calls),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    answers: list[str] = json.loads(done.stdout)
    return answers
