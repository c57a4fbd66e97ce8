"""The real app in headless Chromium: every page draws, with no error, and is photographed.

Screenshots land in tests/artifacts/ (git-ignored) for a person to look at.
"""

import pytest

from search_viz.ui.lessons import LESSONS
from tests.conftest import ARTIFACTS

pytestmark = pytest.mark.browser

PAGES = [("home", "")] + [(lesson.url_path, lesson.url_path) for lesson in LESSONS]


def wait_until_drawn(page, timeout: float = 60_000) -> None:
    """Until the main block is there and Streamlit's 'running' indicator has gone."""
    page.wait_for_selector('[data-testid="stMain"]', timeout=timeout)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
        " && document.querySelector('[data-testid=\"stMainBlockContainer\"]')",
        timeout=timeout,
    )
    page.wait_for_timeout(500)  # let the last images paint


@pytest.mark.parametrize(("name", "path"), PAGES, ids=[name for name, _ in PAGES])
def test_page_draws_without_errors(page, app_url, name, path):
    page.goto(f"{app_url}/{path}")
    wait_until_drawn(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator('[data-testid="stMain"]').screenshot(path=str(ARTIFACTS / f"{name}.png"))
    assert page.locator('[data-testid="stException"]').count() == 0
    assert page.locator('[data-testid="stAlertContentError"]').count() == 0
    assert page.console_errors == []
