"""Another commit of this repository in a temporary git worktree, for side-by-side runs.

>>> callable(checkout)
True
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def checkout(commit: str) -> Iterator[Path]:
    """``commit`` in a temporary git worktree (never committed to; removed on exit)."""
    folder = Path(tempfile.mkdtemp(prefix=f"search_viz-{commit}-"))
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), commit],
        check=True,
        capture_output=True,
    )
    try:
        yield folder
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)],
            check=False,
            capture_output=True,
        )
        shutil.rmtree(folder, ignore_errors=True)
