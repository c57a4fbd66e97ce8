"""The real app in headless Chromium: every page draws, with no error, and is photographed.

Screenshots land in tests/artifacts/ (git-ignored) for a person to look at.
"""

import pytest

from search_viz.ui.lessons import LESSONS
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


# The sentence and the picture nearest to it (above it or beside it): their boxes. The film
# player's (.svp-note, .svp-picture svg) live in shadow roots; the old player's do not.
_STAGE_BOXES = """() => {
  const roots = [document, ...[...document.querySelectorAll('*')].map((el) => el.shadowRoot)
    .filter(Boolean)];
  const all = (selector) => roots.flatMap((root) => [...root.querySelectorAll(selector)]);
  const note = all('.svp-note, .sv-note')[0];
  if (!note) return null;
  const n = note.getBoundingClientRect();
  let best = null, gap = Infinity;
  for (const img of all('.svp-picture svg, [data-testid="stImage"] img')) {
    const r = img.getBoundingClientRect();
    const d = r.bottom < n.top ? n.top - r.bottom : (r.top > n.bottom ? r.top - n.bottom : 0);
    if (d < gap) { gap = d; best = r; }
  }
  return {top: Math.min(n.top, best.top), bottom: Math.max(n.bottom, best.bottom)};
}"""


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.url_path for lesson in LESSONS])
def test_presenter_mode_keeps_picture_and_sentence_on_one_projector_screen(page, app_url, lesson):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{app_url}/{lesson.url_path}?present=1&step=5")
    wait_until_drawn(page)
    box = page.evaluate(_STAGE_BOXES)
    assert box is not None, "no sentence on the page"
    assert box["bottom"] - box["top"] <= 720  # one screen holds both
    if lesson.url_path != "tictactoe":  # its replay sits below the game board, by design
        assert box["top"] >= 0
        assert box["bottom"] <= 720  # and it is the first screen
    page.screenshot(path=str(ARTIFACTS / f"{lesson.url_path}-presenter-1280x720.png"))
    assert page.console_errors == []
