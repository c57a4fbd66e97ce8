"""WCAG 2.1 AA in the browser: axe-core finds no serious or critical violation on any page, nor
a heading that skips a level (``heading-order``, moderate: a screen reader's list of headings
with a hole in it), and the film's picture is described in words that follow the step.

axe-core runs inside the page (``axe-playwright-python`` bundles it: no npm) over the whole
document, the player's shadow root included. One part is left out:

* ``[data-testid="stSidebarNav"]``, Streamlit's own list of pages in the sidebar. Its
  ``<ul>`` wraps each ``<li>`` in a ``<div>``, which axe reports as ``list`` and ``listitem``
  violations (serious); the markup is Streamlit's and the app cannot change it.

Everything else is checked, the rest of the sidebar (presenter mode, each lesson's inputs)
included: the theme's contrast (``.streamlit/config.toml``), every image's ``alt``, the
player's controls, panels and code box.
"""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.app.film_browser import press, shown_step, wait_for_player

PAGES = [
    "/",
    "/uninformed-search",
    "/bidirectional-search",
    "/informed-search",
    "/local-search",
    "/game-trees",
    "/tictactoe",
]
#: Streamlit's own page navigation: not the app's content (see the module's docstring).
STREAMLIT_NAVIGATION = '[data-testid="stSidebarNav"]'
SERIOUS = ("serious", "critical")
#: Rules of a lesser impact that fail the tests too.
ALSO_FAILING = ("heading-order", "empty-table-header")


def open_page(page, url: str) -> None:
    """Open ``url`` (an app's address and a page's path) and wait until it is drawn."""
    page.goto(url)
    wait_until_drawn(page, url)


def wait_until_drawn(page, url: str) -> None:
    """Wait until the page of ``url`` is drawn: a lesson's player shows a step, the home page
    shows its cards."""
    path = re.sub(r"^https?://[^/]+", "", url).split("?")[0]
    if path.strip("/"):
        wait_for_player(page)
    else:
        page.get_by_role("img").first.wait_for(timeout=60_000)
        page.locator('[data-testid="stStatusWidget"]').wait_for(state="hidden", timeout=60_000)


def serious_violations(page) -> list[str]:
    """Each serious or critical axe violation on the page outside Streamlit's navigation, and
    each of the rules in ``ALSO_FAILING`` (a heading that skips a level, a table's column
    without a heading)."""
    results = Axe().run(page, context={"exclude": [[STREAMLIT_NAVIGATION]]})
    return [
        f"{v['impact']} {v['id']} ({v['help']}): "
        + "; ".join(str(node["target"]) for node in v["nodes"][:5])
        for v in results.response["violations"]
        if v["impact"] in SERIOUS or v["id"] in ALSO_FAILING
    ]


@pytest.fixture
def laptop(page):
    """The shared browser page at a laptop's 1280x800."""
    page.set_viewport_size({"width": 1280, "height": 800})
    return page


@pytest.mark.timeout(300)
def test_no_serious_violation_on_any_page(app_url, laptop):
    # every page opens at once, each in its own tab, so that the server draws one page while
    # the browser lays out another; then axe checks them one by one
    tabs = [laptop] + [laptop.context.new_page() for _ in PAGES[1:]]
    for tab, path in zip(tabs, PAGES, strict=True):
        tab.goto(app_url + path, wait_until="commit")
    found = {}
    for tab, path in zip(tabs, PAGES, strict=True):
        wait_until_drawn(tab, path)
        violations = serious_violations(tab)
        if violations:
            found[path] = violations
    assert found == {}


@pytest.mark.timeout(120)
def test_no_serious_violation_in_practice_mode(app_url, laptop):
    # tic-tac-toe's first question is a pick: its answers are items of the picture, buttons
    # that a screen reader must reach (a picture of role "img" would hide them)
    open_page(laptop, f"{app_url}/tictactoe?practice=1")
    laptop.locator(".svp-practice .svp-prompt").filter(has_text="Your turn").wait_for()
    laptop.locator(".svp-pickable").first.wait_for()
    assert laptop.locator(".svp-picture svg").first.get_attribute("role") == "group"
    assert not serious_violations(laptop)


@pytest.mark.timeout(120)
def test_the_picture_is_described_and_the_description_follows_the_step(app_url, laptop):
    open_page(laptop, f"{app_url}/game-trees?step=3")
    description = laptop.locator(".svp-description")
    # read by a screen reader after the picture, not shown on screen
    assert description.evaluate("(el) => el.getBoundingClientRect().width") <= 1
    # the notes' tree (leaves 2 3 5 9 0 1 7 5): step 3 goes down to the leaf H
    assert description.text_content().startswith("Current node: the leaf H, reached.")
    press(laptop, "forward")
    assert shown_step(laptop) == 4
    assert description.text_content().startswith("Current node: the leaf H, evaluated: 2.")
    # the step is announced once stepping stops: its number, its sentence, then the description
    spoken = laptop.locator(".svp-spoken")
    assert spoken.get_attribute("aria-live") == "polite"
    expect(spoken).to_have_text(
        re.compile(
            r"^Step 4\. .+ Current node: the leaf H, evaluated: 2\..*Leaves evaluated: H = 2"
        ),
        timeout=5_000,
    )
