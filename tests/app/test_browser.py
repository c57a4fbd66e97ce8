"""The real app in headless Chromium: every page draws, with no error, and is photographed.

Screenshots land in tests/artifacts/ (git-ignored) for a person to look at.
"""

import pytest

from search_viz.ui.lessons import LESSONS
from tests.app.film_browser import stage_in_view, wait_for_player
from tests.conftest import ARTIFACTS

pytestmark = pytest.mark.browser

PAGES = [("home", "")] + [(lesson.url_path, lesson.url_path) for lesson in LESSONS]


def wait_until_drawn(page, timeout: float = 90_000) -> None:
    """Until the page has drawn something and has been idle for a full second.

    Idle: no "running" indicator and no skeleton placeholders. Streamlit shows
    its indicator only some time after a run starts, so one look is not enough.
    """
    page.wait_for_selector('[data-testid="stMainBlockContainer"]', timeout=timeout)
    page.wait_for_function(
        """() => {
            const drawn = document.querySelector(
                '[data-testid="stMainBlockContainer"] [data-testid="stElementContainer"]');
            const busy = !drawn || document.querySelector('[data-testid="stStatusWidget"]')
                || document.querySelector('[data-testid="stSkeleton"]');
            const now = performance.now();
            if (busy || !window.__svIdleSince) { window.__svIdleSince = busy ? null : now; }
            return !busy && window.__svIdleSince !== null && now - window.__svIdleSince > 1000;
        }""",
        timeout=timeout,
        polling=100,
    )


def shoot(page, name: str) -> None:
    """Save the page's main area as tests/artifacts/<name>.png, for a person to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator('[data-testid="stMain"]').screenshot(path=str(ARTIFACTS / f"{name}.png"))


def assert_clean(page) -> None:
    """No Streamlit exception box on the page, no error in the browser's console."""
    assert page.locator('[data-testid="stException"]').count() == 0
    assert page.console_errors == []


@pytest.mark.parametrize(("name", "path"), PAGES, ids=[name for name, _ in PAGES])
def test_page_draws_without_errors(page, app_url, name, path):
    page.goto(f"{app_url}/{path}")
    wait_until_drawn(page)
    shoot(page, name)
    assert_clean(page)
    assert page.locator('[data-testid="stAlertContentError"]').count() == 0


def test_presenter_mode_hides_the_sidebar_and_puts_itself_in_the_link(page, app_url):
    page.goto(app_url)
    wait_until_drawn(page)
    assert page.locator('[data-testid="stSidebar"]').is_visible()
    page.get_by_text("Presenter mode").click()
    page.get_by_role("button", name="Leave presenter mode").wait_for()
    assert "present=1" in page.url
    assert not page.locator('[data-testid="stSidebar"]').is_visible()
    page.get_by_role("button", name="Leave presenter mode").click()
    page.locator('[data-testid="stSidebar"]').wait_for(state="visible")
    assert "present=1" not in page.url
    assert page.console_errors == []


def test_the_way_out_of_presenter_mode_scrolls_away_and_covers_nothing(page, app_url):
    """The button stands in the title's row and scrolls with the page: scrolled down, it
    does not float over the step's sentence."""
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{app_url}/game-trees?present=1")
    wait_for_player(page, timeout=90_000)
    leave = page.get_by_role("button", name="Leave presenter mode")
    title = page.locator("h1").first.bounding_box()
    top = leave.bounding_box()
    assert top["y"] < title["y"] + title["height"]  # beside the title
    page.mouse.move(640, 400)
    page.mouse.wheel(0, 300)
    page.wait_for_timeout(500)
    scrolled = leave.bounding_box()
    assert scrolled is None or scrolled["y"] + scrolled["height"] <= 0  # gone with the title


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.url_path for lesson in LESSONS])
@pytest.mark.parametrize(
    ("width", "height", "query"), [(1280, 800, ""), (1280, 720, "present=1&")],
    ids=["sidebar-1280x800", "presenter-1280x720"],
)  # fmt: skip
def test_the_picture_and_the_sentence_fit_one_screen(page, app_url, lesson, width, height, query):
    """At 1280x800 with the sidebar open, and in presenter mode at 1280x720, the replay's
    picture and its sentence are both on the first screen, without scrolling."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{app_url}/{lesson.url_path}?{query}step=5")
    wait_for_player(page)
    fit = stage_in_view(page)
    assert fit["fits"], fit
    name = "presenter-1280x720" if query else "1280x800"
    page.screenshot(path=str(ARTIFACTS / f"{lesson.url_path}-{name}.png"))
    assert page.console_errors == []
