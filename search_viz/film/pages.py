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
import hashlib
import html
import itertools
import json
from functools import cache
from importlib.resources import files

ASSETS = files("search_viz.film") / "assets"


@cache
def player_assets() -> tuple[str, str]:
    """The player's JavaScript and CSS, as shipped in the package."""
    return (ASSETS / "player.js").read_text("utf-8"), (ASSETS / "player.css").read_text("utf-8")


def streamlit_loader() -> str:
    """The script a Streamlit page's component runs: it loads the player from the file its
    data names (``search_viz/film/assets/streamlit_loader.js``).

    >>> "import(" in streamlit_loader()
    True
    """
    return (ASSETS / "streamlit_loader.js").read_text("utf-8")


def inline_data(films, titles=None, *, url_step: bool = True) -> dict:
    """What the player reads, with every film and chunk inside it (later chunks gzipped)."""
    specs = []
    for film in films:
        film._check_whole("play without a server")
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
<p class="svp-made">Made with search_viz. Keys: Left and Right step, Home and End go to the
first and last step, Space plays and pauses.</p>
<script type="application/json" id="film-data">{data}</script>
<script type="module">
{js}
mountPlayer(document.getElementById("player"),
            JSON.parse(document.getElementById("film-data").textContent), {{}});
</script>
</body>
</html>
"""


# ------------------------------------------------------------------ notebooks
# Jupyter runs a cell's HTML as it is only when the notebook is trusted (the cell was run
# here). Otherwise it sanitizes the HTML (JupyterLab and Notebook 7: sanitize-html with
# Google Caja's lists): <iframe>, <script> and <style> go, while <img> with a data: URI,
# <div>, <p> and inline styles stay. So a cell holds the player in a frame, and after it
# the film's first picture and a line saying how to make it play; a <style> that only a
# trusted notebook keeps hides those two while the player is there.

#: Said under the first picture when the notebook is not trusted (hidden while it plays).
UNTRUSTED_NOTE = (
    "This notebook is not trusted, so Jupyter does not run the film's player: above is its "
    "first step as a picture. To make it play, trust the notebook (JupyterLab: File ▸ Trust "
    "Notebook; Notebook 7: the command palette, “Trust notebook”; or the command jupyter "
    "trust on the file) and reopen it, or run the cell again. film.figure(k) draws any step."
)
UNTRUSTED_STYLE = "font: 13px sans-serif; color: #444; margin: 4px 0 0 0"
#: Resolution of the first picture a notebook shows without trust.
STILL_DPI = 100


def still_png(film) -> bytes:
    """The film's first step as PNG bytes: what a notebook shows without trust.

    >>> from search_viz.film.demo import demo_film
    >>> still_png(demo_film())[:4]
    b'\x89PNG'
    """
    from search_viz.film.export import png

    return png(film, 0, dpi=STILL_DPI)


def still_alt(film) -> str:
    """The first picture's text for a screen reader: the title, the sentence, the picture in
    words.

    >>> from search_viz.film.demo import demo_film
    >>> still_alt(demo_film())
    'Dots, step 0: A is lit first.'
    """
    state = film.state(0)
    words = " ".join(part for part in (state.sentence, state.description) if part)
    return f"{film.title}, step 0: {words}".strip()


def notebook_output(films, titles=None) -> dict[str, str]:
    """A notebook cell's output for ``films``: the MIME bundle Jupyter chooses from.

    ``text/html`` holds the player (in a frame) and, for a notebook that is not trusted,
    each film's first picture with the line :data:`UNTRUSTED_NOTE`; ``image/png`` the
    first film's first picture, for a front end that shows no HTML; ``text/plain`` names
    the films.

    >>> from search_viz.film.demo import demo_film
    >>> bundle = notebook_output([demo_film()])
    >>> sorted(bundle), bundle["text/plain"]
    (['image/png', 'text/html', 'text/plain'], "<Film 'Dots': 3 steps, 6 items>")
    """
    stills = [base64.b64encode(still_png(film)).decode("ascii") for film in films]
    bundle = {
        "text/html": notebook_frame(films, titles, stills),
        "text/plain": " / ".join(repr(film) for film in films),
    }
    if stills:
        bundle["image/png"] = stills[0]
    return bundle


def notebook_frame(films, titles=None, stills: list[str] | None = None) -> str:
    """The player for a notebook cell: the standalone page in a frame of its own.

    A frame keeps the player's styles and keys apart from the notebook's. After it,
    ``stills`` (each film's first picture, base64 PNG) and :data:`UNTRUSTED_NOTE`, hidden
    by a style that a notebook drops when it is not trusted, as it drops the frame.

    >>> from search_viz.film.demo import demo_film
    >>> cell = notebook_frame([demo_film()])
    >>> "<iframe srcdoc=" in cell and "not trusted" in cell
    True
    """
    page = standalone_page(films, title=" / ".join(f.title for f in films), titles=titles,
                           url_step=False)  # fmt: skip
    height = max(frame_height(film) for film in films) if films else 200
    # one class per output: a trusted cell's style must not hide another cell's picture
    token = "svp-nb-" + hashlib.sha1("".join(f.digest for f in films).encode()).hexdigest()[:8]
    token += f"-{next(_OUTPUTS)}"
    pictures = "".join(
        f'<div style="display:inline-block;vertical-align:top;max-width:100%">'
        f'<img src="data:image/png;base64,{still}" alt="{html.escape(still_alt(film))}" '
        'style="max-width:100%;height:auto">'
        f'<p style="{UNTRUSTED_STYLE}"><b>Step 0.</b> {html.escape(film.state(0).sentence)}</p>'
        "</div>"
        for film, still in zip(films, stills or [], strict=False)
    )
    return (
        f'<div class="{token}">'
        f"<style>.{token} > .svp-untrusted {{ display: none; }}</style>"
        f'<iframe srcdoc="{html.escape(page, quote=True)}" title="search_viz film" '
        f'style="width:100%;height:{height}px;border:0" loading="lazy"></iframe>'
        f'<div class="svp-untrusted">{pictures}'
        f'<p style="{UNTRUSTED_STYLE}">{html.escape(UNTRUSTED_NOTE)}</p></div>'
        "</div>"
    )


#: Numbers each notebook output of this process (see :func:`notebook_frame`).
_OUTPUTS = itertools.count(1)


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
