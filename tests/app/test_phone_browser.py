"""Every lesson on a phone (390x844, touch) in headless Chromium: it opens with a sentence on
screen, steps by tapping and by swiping the picture, keeps its controls and sentence on screen
while the picture is looked at, has tap targets of 44 px or more and picture text of 11 px or
more; a picture wider than the phone opens at its focus (local search's board, a tree's root);
tic-tac-toe steps with its board and the step's sentence on screen together, and a whole
game of tic-tac-toe is played against the perfect player by tapping.

Screenshots land in tests/artifacts/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from search_viz.lessons.local_search.sizes import BOARD_FOCUS
from tests.app.film_browser import shoot_main, shown_step, wait_for_player
from tests.app.lesson_films import LESSON_FILMS

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
#: The smallest a finger can hit (WCAG 2.5.5, Apple's and Google's guidelines), px.
TAP = 44
#: The smallest picture text a phone shows, px.
READABLE = 11
#: How much of the picture must show under the sentence while the student looks at it, px.
PICTURE_SHOWN = 250

_ROOTS = """const roots = [document, ...[...document.querySelectorAll('*')]
  .map((e) => e.shadowRoot).filter(Boolean)];
const all = (sel) => roots.flatMap((r) => [...r.querySelectorAll(sel)]);"""

# The rendered size (px) of every text shown in the pictures: matplotlib's glyph groups
# (scaled by size / 100) and the player's marks.
TEXT_SIZES = f"""() => {{
  {_ROOTS}
  const sizes = [];
  for (const svg of all('.svp-picture svg')) {{
    const texts = [...svg.querySelectorAll('g[transform*="scale("]')]
      .filter((g) => g.querySelector(':scope > use'));
    for (const g of texts) {{
      if (g.getBoundingClientRect().width === 0) continue;  // hidden at this step
      const m = g.getScreenCTM();
      sizes.push(100 * Math.hypot(m.a, m.b));
    }}
    for (const t of svg.querySelectorAll('.svp-marks text')) {{
      const m = t.getScreenCTM();
      sizes.push(Number(t.getAttribute('font-size')) * Math.hypot(m.a, m.b));
    }}
  }}
  return sizes;
}}"""

# Every control of the player a student can tap now: [what, width, height].
TAP_TARGETS = f"""() => {{
  {_ROOTS}
  return all('.svp-top button, .svp-top select, .svp-top input')
    .map((el) => [el, el.getBoundingClientRect()])
    .filter(([el, r]) => r.width > 0 && !el.closest('.svp-share-panel'))
    .map(([el, r]) => [el.className || el.type, r.width, r.height]);
}}"""

# Where the stepping bar, the first sentence and the first picture are in the window.
LAYOUT = f"""() => {{
  {_ROOTS}
  const rect = (sel) => {{ const r = all(sel)[0].getBoundingClientRect();
    return {{top: r.top, bottom: r.bottom, left: r.left, right: r.right}}; }};
  return {{bar: rect('.svp-controls'), note: rect('.svp-note'), picture: rect('.svp-picture'),
          height: innerHeight, width: innerWidth}};
}}"""

# A quick sideways swipe across the first picture (dx < 0: to the left).
SWIPE = f"""(dx) => {{
  {_ROOTS}
  const box = all('.svp-picture')[0];
  const r = box.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 150);
  const touch = (cx) => new Touch({{identifier: 1, target: box, clientX: cx, clientY: y}});
  box.dispatchEvent(new TouchEvent('touchstart', {{touches: [touch(x)],
    changedTouches: [touch(x)], bubbles: true}}));
  box.dispatchEvent(new TouchEvent('touchend', {{touches: [], changedTouches: [touch(x + dx)],
    bubbles: true}}));
}}"""


@pytest.fixture(scope="module")
def phone(browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    context.close()


def on_screen(box: dict, height: int) -> bool:
    return box["top"] >= 0 and box["bottom"] <= height + 1


def box_of(page, selector: str) -> dict:
    """The box of the first ``selector`` in the window: {top, bottom}."""
    box = page.locator(selector).first.bounding_box()
    return {"top": box["y"], "bottom": box["y"] + box["height"]}


@pytest.mark.parametrize("path", list(LESSON_FILMS))
def test_each_lesson_plays_on_a_phone(phone, app_url, path):
    page = phone
    page.goto(f"{app_url}/{path}")
    wait_for_player(page)
    height = page.viewport_size["height"]
    assert on_screen(box_of(page, ".svp-note"), height), "it opens with no sentence on screen"
    for _ in range(3):
        page.locator(".svp-forward").first.tap()
    assert shown_step(page) == 3

    # looking at the picture: the bar and the sentence stay on screen above it
    page.locator(".svp-picture").first.evaluate("(box) => box.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    at = page.evaluate(LAYOUT)
    assert on_screen(at["bar"], height), at
    assert on_screen(at["note"], height), at
    assert at["note"]["top"] >= at["bar"]["bottom"] - 1, at
    assert at["picture"]["bottom"] - max(at["note"]["bottom"], 0) >= PICTURE_SHOWN, at
    assert at["picture"]["right"] <= at["width"] + 1, "the picture pans in its own box"
    page.locator(".svp-forward").first.tap()
    assert shown_step(page) == 4
    page.evaluate(SWIPE, -120)  # to the left: forward
    assert shown_step(page) == 5
    page.evaluate(SWIPE, 120)
    assert shown_step(page) == 4

    small = [t for t in page.evaluate(TAP_TARGETS) if t[1] < TAP or t[2] < TAP]
    assert small == [], small
    for step in ("now", "last"):
        if step == "last":
            page.locator(".svp-last").first.tap()
            page.wait_for_timeout(200)
        sizes = page.evaluate(TEXT_SIZES)
        assert sizes, "no text measured"
        assert min(sizes) >= READABLE - 0.05, (step, sorted(sizes)[:5])
    shoot_main(page, f"phone-{path}")
    assert page.errors == []


@pytest.mark.parametrize("path", list(LESSON_FILMS))
def test_practising_on_a_phone_the_question_stays_on_screen_above_the_picture(phone, app_url, path):
    """Scrolled down to the picture to answer from it, the student still sees the question: it
    sticks under the bar in place of the sentence, as tall as what it says, and the picture
    shows under it."""
    page = phone
    page.goto(f"{app_url}/{path}?practice=1")
    wait_for_player(page)
    prompt = page.locator(".svp-prompt").first
    for _ in range(10):  # on to the first step that asks
        if "Your turn" in prompt.inner_text():
            break
        page.locator(".svp-forward").first.tap()
    expect(prompt).to_contain_text("Your turn")
    page.locator(".svp-picture").first.evaluate("(box) => box.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    height = page.viewport_size["height"]
    at = page.evaluate(LAYOUT)
    practice = box_of(page, ".svp-practice")
    assert on_screen(practice, height), (practice, at)
    assert practice["top"] >= at["bar"]["bottom"] - 1, (practice, at)
    assert at["picture"]["bottom"] - practice["bottom"] >= PICTURE_SHOWN, (practice, at)
    # nothing scrolled under it shows over it: the sentence, the picture
    covered = page.locator(".svp-practice").first.evaluate(
        """(box) => { const r = box.getBoundingClientRect();
        return [0.25, 0.5, 0.75].flatMap((x) => [8, r.height / 2, r.height - 8].map((y) =>
          box.getRootNode().elementFromPoint(r.left + x * r.width, r.top + y)))
          .filter((hit) => !box.contains(hit)).map((hit) => hit && hit.className); }"""
    )
    assert covered == [], covered
    shoot_main(page, f"phone-practice-{path}")
    assert page.errors == []


#: Where a picture wider than the phone opens: the middle of what shows, as a fraction of its
#: width (local search's board; a tree's root, at its middle).
FOCUS = {"local-search": BOARD_FOCUS, "informed-search": 0.5}


@pytest.mark.parametrize("path", sorted(FOCUS))
def test_a_picture_wider_than_the_phone_opens_at_its_focus(phone, app_url, path):
    page = phone
    page.goto(f"{app_url}/{path}")
    wait_for_player(page)
    box = page.locator(".svp-picture").first
    left, width, seen = box.evaluate("(b) => [b.scrollLeft, b.scrollWidth, b.clientWidth]")
    assert width > seen, "the picture fits the phone: nothing to open at"
    assert (left + seen / 2) / width == pytest.approx(FOCUS[path], abs=0.01)
    assert page.errors == []


def test_tictactoe_steps_with_the_board_and_the_sentence_on_screen(phone, app_url):
    """The replay comes right under the board on a phone (its choices after it): a student taps
    Forward and reads each step's whole sentence without scrolling away from the board."""
    page = phone
    page.goto(f"{app_url}/tictactoe")
    wait_for_player(page)
    height = page.viewport_size["height"]
    forward = page.locator(".svp-forward").first
    board = ".st-key-ttt-board"
    start = box_of(page, board)
    for step in range(4):
        if step:
            forward.tap()
        assert shown_step(page) == step
        assert page.locator(".svp-note").first.inner_text().startswith(f"Step {step}.")
        for selector in (board, ".svp-controls", ".svp-note"):
            assert on_screen(box_of(page, selector), height), (step, selector)
        assert box_of(page, board) == start, "the page scrolled away from the board"
    # the choices of what to explain and which node to open come after the replay
    choices = box_of(page, ".st-key-ttt-explain")["top"]
    assert choices > box_of(page, ".svp-picture")["bottom"]
    shoot_main(page, "phone-tictactoe-stepping")
    assert page.errors == []


def test_a_whole_tictactoe_game_against_the_perfect_player_by_tapping(phone, app_url):
    page = phone
    page.goto(f"{app_url}/tictactoe")
    wait_for_player(page)
    cells = [page.locator(f".st-key-ttt-cell-{c} button:visible") for c in range(9)]
    boxes = [cell.bounding_box() for cell in cells]
    assert len({round(b["x"]) for b in boxes}) == 3, "the board is not three columns"
    assert len({round(b["y"]) for b in boxes}) == 3, "the board is not three rows"
    assert min(min(b["width"], b["height"]) for b in boxes) >= TAP
    status = page.locator('[data-testid="stAlert"]').first
    for _ in range(5):
        if "Your move" not in status.inner_text():
            break
        free = next(c for c in range(9) if cells[c].is_enabled())
        cells[free].tap()
        cells[free].filter(has_text="X").wait_for()
        page.locator('[data-testid="stStatusWidget"]').wait_for(state="hidden")
    outcome = status.inner_text()
    assert "A draw" in outcome or "The computer wins" in outcome, outcome
    marks = [cell.inner_text().strip() for cell in cells]
    assert marks.count("X") + marks.count("O") >= 5, marks
    shoot_main(page, "phone-tictactoe-game")
    assert page.errors == []
