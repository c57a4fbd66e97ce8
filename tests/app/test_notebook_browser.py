"""A film in a notebook cell, trusted and not (issue 20).

Jupyter runs a cell's HTML as it is only in a trusted notebook. Otherwise JupyterLab and
Notebook 7 sanitize it (``packages/apputils/src/sanitizer.ts``: sanitize-html with the
tags and attributes Google Caja allows): the frame, scripts and styles go. :func:`untrusted`
does the same to the cell's HTML here, and Chromium shows both versions: trusted, the player
plays and the still picture is hidden; untrusted, the first step shows as a picture with the
line that says how to make it play.
"""

from __future__ import annotations

import base64
import io
from html.parser import HTMLParser

import pytest
from PIL import Image

from search_viz.film.demo import demo_film
from search_viz.film.export import png
from search_viz.film.pages import STILL_DPI

pytestmark = pytest.mark.browser

#: Tags JupyterLab keeps in an untrusted output (a subset of its allowedTags: those a
#: film's cell could hold). <iframe>, <script> and <style> are not among them.
KEPT_TAGS = {"a", "b", "br", "code", "div", "em", "i", "img", "p", "pre", "span", "strong"}
#: sanitize-html's nonTextTags: dropped with everything inside them.
DROPPED_WITH_CONTENT = {"script", "style", "textarea", "option", "noscript"}
#: Attributes kept: on every tag, and on <img>.
KEPT_ATTRIBUTES = {"class", "dir", "hidden", "id", "lang", "style", "title"}
IMG_ATTRIBUTES = {"align", "alt", "border", "height", "src", "width"}


class _Sanitizer(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.out: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in DROPPED_WITH_CONTENT:
            self.skipping += 1
        if self.skipping or tag not in KEPT_TAGS:
            return
        allowed = KEPT_ATTRIBUTES | (IMG_ATTRIBUTES if tag == "img" else set())
        kept = "".join(f' {k}="{v}"' for k, v in attrs if k in allowed and v is not None)
        self.out.append(f"<{tag}{kept}>")

    def handle_endtag(self, tag):
        if tag in DROPPED_WITH_CONTENT:
            self.skipping -= 1
        elif not self.skipping and tag in KEPT_TAGS and tag != "img":
            self.out.append(f"</{tag}>")

    def handle_data(self, data):
        if not self.skipping:
            self.out.append(data)

    def handle_entityref(self, name):
        self.handle_data(f"&{name};")

    def handle_charref(self, name):
        self.handle_data(f"&#{name};")


def untrusted(cell_html: str) -> str:
    """``cell_html`` as an untrusted notebook shows it (see the module's docstring)."""
    sanitizer = _Sanitizer()
    sanitizer.feed(cell_html)
    sanitizer.close()
    return "".join(sanitizer.out)


def test_the_bundle_carries_the_first_step_as_a_picture_jupyter_shows_without_trust():
    film = demo_film()
    bundle = film._repr_mimebundle_()
    assert set(bundle) == {"text/html", "image/png", "text/plain"}
    picture = base64.b64decode(bundle["image/png"])
    assert picture == png(film, 0, dpi=STILL_DPI)
    assert Image.open(io.BytesIO(picture)).size[0] > 100
    assert f"data:image/png;base64,{bundle['image/png']}" in bundle["text/html"]
    shown = untrusted(bundle["text/html"])
    assert "<iframe" not in shown
    assert "<style" not in shown
    assert f"data:image/png;base64,{bundle['image/png']}" in shown
    assert "not trusted" in shown


def test_untrusted_the_first_picture_and_the_line_show_trusted_the_player(browser):
    film = demo_film()
    cell = film._repr_mimebundle_()["text/html"]
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.set_content(f"<html><body>{untrusted(cell)}</body></html>")
    still = page.locator("img")
    assert still.is_visible()
    assert page.evaluate("() => document.querySelector('img').naturalWidth") > 100
    assert still.get_attribute("alt") == "Dots, step 0: A is lit first."
    note = page.locator("p", has_text="not trusted")
    assert note.is_visible()
    assert "trust the notebook" in note.inner_text()
    page.set_content(f"<html><body>{cell}</body></html>")
    player = page.frame_locator("iframe")
    player.locator(".svp-count").filter(has_text="Step 0 of 2").wait_for(timeout=20_000)
    player.locator(".svp-forward").click()
    player.locator(".svp-count").filter(has_text="Step 1 of 2").wait_for()
    assert not page.locator("img").first.is_visible()
    assert not page.locator("p", has_text="not trusted").is_visible()
    context.close()
