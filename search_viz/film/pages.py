"""The film's offline hosts: a standalone HTML page and a notebook's output.

Both carry the one player (``assets/player.js`` and ``player.css``) and the
films themselves inside the page: nothing is fetched from a network, so the
page steps from ``file://``, on a laptop with no connection, or in a notebook.

>>> from search_viz.film.pages import player_assets
>>> js, css = player_assets()
>>> "export function mountPlayer" in js and ".svp-controls" in css
True
"""

from __future__ import annotations

import base64
import html
import json
from functools import cache
from importlib.resources import files

ASSETS = files("search_viz.film") / "assets"


@cache
def player_assets() -> tuple[str, str]:
    """The player's JavaScript and CSS, as shipped in the package."""
    return (ASSETS / "player.js").read_text("utf-8"), (ASSETS / "player.css").read_text("utf-8")


def inline_data(films, titles=None, *, url_step: bool = True) -> dict:
    """What the player reads, with every film and chunk inside it (later chunks gzipped)."""
    specs = []
    for film in films:
        _, later = film.payload()
        header = film.header(
            chunk_urls=["b64:" + base64.b64encode(chunk).decode("ascii") for chunk in later]
        )
        specs.append({"header": header, "id": film.digest})
    return {
        "films": specs,
        "titles": list(titles or [film.title for film in films]),
        "urlStep": url_step,
        "share": False,
        "export": False,
    }


def _script_json(data: dict) -> str:
    """JSON that is safe inside a <script> element (no "</" can end it early)."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def standalone_page(films, *, title: str, titles=None, url_step: bool = True) -> str:
    """A whole HTML page that plays ``films`` (one, or two side by side) offline.

    >>> page = standalone_page([], title="Nothing")
    >>> page.startswith("<!DOCTYPE html>") and "<title>Nothing</title>" in page
    True
    """
    js, css = player_assets()
    data = _script_json(inline_data(films, titles, url_step=url_step))
    heading = html.escape(title)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{heading}</title>
<style>
body {{ margin: 1rem 1.5rem; background: #fff; }}
h1 {{ font-family: system-ui, -apple-system, "Segoe UI", sans-serif; font-size: 1.4rem;
  margin: 0 0 0.6rem 0; }}
.svp-made {{ font-family: system-ui, sans-serif; font-size: 0.8rem; color: #666;
  margin-top: 1rem; }}
{css}
</style>
</head>
<body>
<h1>{heading}</h1>
<div id="player"></div>
<p class="svp-made">Made with search_viz. Keys: Left and Right step, Space plays and pauses.</p>
<script type="application/json" id="film-data">{data}</script>
<script type="module">
{js}
mountPlayer(document.getElementById("player"),
            JSON.parse(document.getElementById("film-data").textContent), {{}});
</script>
</body>
</html>
"""


#: Said under a notebook's player: an untrusted notebook strips the frame and shows only this.
UNTRUSTED_NOTE = (
    "search_viz film player. If no player shows above, this notebook is not trusted: "
    "trust it (JupyterLab: File ▸ Trust Notebook; Notebook 7: the command palette, "
    "“Trust notebook”) or run the cell again; film.figure(k) shows one step as a picture."
)
UNTRUSTED_STYLE = "font: 12px sans-serif; color: #555; margin: 2px 0 0 0"


def notebook_frame(films, titles=None) -> str:
    """The player for a notebook cell: the standalone page in a frame of its own.

    A frame keeps the player's styles and keys apart from the notebook's. Under it, a
    line says what to do when the notebook is not trusted (Jupyter then drops the frame).

    >>> from search_viz.film.demo import demo_film
    >>> cell = notebook_frame([demo_film()])
    >>> cell.startswith("<iframe srcdoc=") and "not trusted" in cell
    True
    """
    page = standalone_page(films, title=" / ".join(f.title for f in films), titles=titles,
                           url_step=False)  # fmt: skip
    height = max(frame_height(film) for film in films) if films else 200
    return (
        f'<iframe srcdoc="{html.escape(page, quote=True)}" title="search_viz film" '
        f'style="width:100%;height:{height}px;border:0" loading="lazy"></iframe>'
        f'<p style="{UNTRUSTED_STYLE}">{UNTRUSTED_NOTE}</p>'
    )


def frame_height(film) -> int:
    """Pixels a notebook frame needs for ``film``: title, controls, picture and panels.

    >>> class Film:
    ...     size, meta = (400.0, 300.0), {"pseudocode": "a\\nb"}
    >>> frame_height(Film())
    560
    """
    width, height = film.size
    picture = height * 4 / 3 * min(1.0, 560 / (width * 4 / 3))
    code = len(film.meta.get("pseudocode", "").splitlines()) * 19 + 20
    panels = 120 + 110 + code  # the sentence, the counters, the code
    if film.meta.get("layout") == "below":
        stage = picture + max(120 + 110, code)
    else:
        stage = max(picture, panels)
    return int(stage + 160)
