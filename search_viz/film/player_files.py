"""The player's script and style as files named by what they hold, for a server to serve.

A page of the app fetches ``served/player.<hash>.js`` (and ``.css``) once, where Streamlit
serves the package's assets (its component manifest, ``tool.streamlit.component`` in
pyproject.toml). A name made of the file's contents never holds anything else, so a browser
may keep the file for good (nginx says so: deploy/nginx.conf), and a new player comes under
a new name. Without such files the player travels inside every message that shows it.

>>> js, css = served_player_files()
>>> js.startswith("served/player.") and js.endswith(".js") and css.endswith(".css")
True
>>> (SERVED.parent / js).read_text("utf-8") == player_assets()[0]
True
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from search_viz.film.pages import ASSETS, player_assets

#: Where the named copies are written (ignored by git: made from player.js and player.css).
SERVED = Path(str(ASSETS)) / "served"


def served_player_files() -> tuple[str, str]:
    """The script's and the style's paths (relative to the assets folder), each named by a
    hash of what it holds; written there first if missing, older copies removed.

    Raises OSError where the folder cannot be written (a read-only install that was not
    given them when it was built: the Dockerfile writes them).
    """
    js, css = player_assets()
    return _named_copy(js, "js"), _named_copy(css, "css")


def _named_copy(text: str, kind: str) -> str:
    name = f"player.{hashlib.sha256(text.encode()).hexdigest()[:12]}.{kind}"
    path = SERVED / name
    if not path.is_file() or path.read_text("utf-8") != text:
        SERVED.mkdir(exist_ok=True)
        for old in SERVED.glob(f"player.*.{kind}"):
            if old.name != name:
                old.unlink(missing_ok=True)
        partial = SERVED / f".{name}.{os.getpid()}"  # whole or absent, for other processes
        partial.write_text(text, encoding="utf-8")
        partial.replace(path)
    return f"{SERVED.name}/{name}"
