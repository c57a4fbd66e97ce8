"""The README's code blocks, as a reader meets them.

Every fenced block names its language. Blocks marked ``python`` run, in order, in one
namespace (as cells of one notebook would), in an empty folder; a block marked
``python sketch`` shows the shape of code with names the reader supplies, so it is only
compiled; ``sh`` and ``text`` blocks are commands and listings. A block with no language,
or another one, fails: no block is skipped without saying so.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
#: A fenced block: its indent, its info string, its text (up to the fence closing it).
FENCE = re.compile(r"^( *)```([^\n`]*)\n(.*?)^\1```[ \t]*$", re.S | re.M)
RUN, SKETCH, OTHER = "python", "python sketch", {"sh", "text"}


def blocks() -> list[tuple[int, str, str]]:
    """(line, info string, code with the block's indent removed) of every fenced block."""
    text = README.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        indent, info, body = len(match.group(1)), match.group(2).strip(), match.group(3)
        code = "\n".join(line[indent:] for line in body.splitlines())
        found.append((text.count("\n", 0, match.start()) + 1, info, code))
    return found


def test_every_block_says_whether_it_runs():
    found = blocks()
    assert sum(info == RUN for _, info, _ in found) >= 2
    for line, info, _ in found:
        assert info in {RUN, SKETCH, *OTHER}, f"README line {line}: fence {info!r}"


def test_the_python_blocks_run_in_order(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # what they write (a page, a GIF) lands here
    namespace: dict = {"__name__": "readme"}
    for line, info, code in blocks():
        if info == RUN:
            try:
                # the project's own README, as a reader would paste it (never user input)
                exec(compile(code, f"README.md:{line}", "exec"), namespace)
            except Exception as error:  # name the block that failed
                pytest.fail(f"the python block at README line {line} fails: {error!r}")
    film = namespace["film"]
    assert (tmp_path / "alphabeta.html").read_text(encoding="utf-8") == film.to_html()
    assert (tmp_path / "alphabeta.gif").read_bytes()[:6] == b"GIF89a"


def test_the_sketches_are_python():
    sketches = [(line, code) for line, info, code in blocks() if info == SKETCH]
    for line, code in sketches:
        compile(code, f"README.md:{line}", "exec")
