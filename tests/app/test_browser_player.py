"""The player in a real browser: keys, typing in a field, and a shared link."""

import pytest

from tests.app.test_browser import wait_until_drawn
from tests.conftest import ARTIFACTS, start_app

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def player_url():
    process, url = start_app("tests/app/player_app.py")
    yield url
    process.terminate()
    process.wait(timeout=10)


def shown_step(page) -> int:
    text = page.get_by_text("current step:").inner_text()
    return int(text.split(":")[1])


def wait_for_step(page, step: int) -> None:
    page.get_by_text(f"current step: {step}", exact=True).wait_for(timeout=15_000)


def test_a_shared_link_reopens_the_same_problem_and_step(page, player_url):
    page.goto(f"{player_url}/?goal=E&step=4")
    wait_until_drawn(page)
    assert shown_step(page) == 4
    assert page.locator(".sv-note").inner_text().startswith("Step 4.")
    page.get_by_role("button", name="Share").click()
    link = page.locator('[data-testid="stCode"]').inner_text()
    assert "goal=E" in link
    assert "step=4" in link
    page.screenshot(path=str(ARTIFACTS / "player-share.png"))
    assert page.console_errors == []


def test_copy_link_puts_the_link_on_the_clipboard(page, player_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"{player_url}/?goal=E&step=4")
    wait_until_drawn(page)
    page.get_by_role("button", name="Share").click()
    link = page.locator('[data-testid="stCode"]').inner_text().strip()
    copy = page.frame_locator('[data-testid="stDialog"] iframe').get_by_role("button")
    copy.filter(has_text="Copy link").click()
    copy.filter(has_text="Copied").wait_for(timeout=5_000)
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.goto(page.evaluate("navigator.clipboard.readText()"))
    wait_until_drawn(page)
    assert shown_step(page) == 4


def test_arrow_keys_step_and_space_plays(page, player_url):
    page.goto(f"{player_url}/?step=2")
    wait_until_drawn(page)
    page.keyboard.press("ArrowRight")
    wait_for_step(page, 3)
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 2)
    page.keyboard.press("Space")
    page.get_by_role("button", name="Pause").wait_for()
    page.keyboard.press("Space")
    page.get_by_role("button", name="Play").wait_for()
    assert shown_step(page) > 2


def test_typing_in_a_field_does_not_step_the_player(page, player_url):
    page.goto(f"{player_url}/?step=5")
    wait_until_drawn(page)
    field = page.get_by_label("Events kept")
    field.click()
    for key in ["ArrowLeft", "ArrowRight", "Space", "ArrowRight"]:
        page.keyboard.press(key)
    page.wait_for_timeout(1500)
    assert shown_step(page) == 5
    assert page.get_by_role("button", name="Play").is_visible()
