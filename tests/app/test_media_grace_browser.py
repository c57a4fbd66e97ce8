"""A film the page no longer shows is still served for a while (search_viz/ui/media_grace.py),
through the app as ``make run`` serves it.

Without the grace, Streamlit deletes a film at the end of the first run that no longer
names it, and a browser still fetching it (quick changes, a loaded server) gets a 404.
"""

import time
import urllib.error
import urllib.request

import pytest

from tests.app.film_browser import wait_for_player
from tests.app.test_browser import assert_clean

pytestmark = pytest.mark.browser

#: Seeds no other test opens: no other session keeps their films alive.
SEED = 97_531


def films_fetched(page) -> list[str]:
    """Collects the URLs of the film files the page fetches, from now on."""
    urls: list[str] = []
    page.on(
        "response",
        lambda r: urls.append(r.url) if "/media/" in r.url and r.url.endswith(".bin") else None,
    )
    return urls


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as reply:
            return reply.status
    except urllib.error.HTTPError as error:
        return error.code


def test_a_film_the_page_moved_on_from_is_still_served(page, app_url):
    fetched = films_fetched(page)
    page.goto(f"{app_url}/game-trees?tree=Random+tree&seed={SEED}")
    wait_for_player(page, timeout=120_000)
    [first] = fetched
    seed = page.get_by_label("Seed", exact=False).first
    seed.fill(str(SEED + 1))
    seed.press("Enter")
    deadline = time.monotonic() + 120  # the new tree's film fetched (a loaded machine: late)
    while len(set(fetched)) < 2:
        assert time.monotonic() < deadline, f"the new tree's film never came: {fetched}"
        page.wait_for_timeout(100)
    wait_for_player(page, timeout=120_000)
    page.wait_for_timeout(500)  # the run that dropped the first film has ended
    assert status(first) == 200  # the old one is still there for a late fetch
    assert_clean(page)
