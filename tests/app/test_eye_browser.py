"""Where the eye must go, in headless Chromium at 1280x800 and on a 1280x720 projector: the lit
pseudocode line is in view on every step of each lesson's default film, the picture never
moves as steps change, the IDDFS table and the bidirectional sentences show with the
picture, no picture text is smaller than 9 px, and on the projector than 14 px (in compare
mode, two pictures side by side: 7 px and 10 px).

Every step is taken with the Forward button, as a student would, inside the browser (one
``evaluate`` per film: the checks read the layout after each click). Local search's default
film has 1,827 steps, whose walk alone would take most of a minute: it walks its first 200
and its last 30, and the test shows that these light every line the whole film lights.
"""

from __future__ import annotations

import pytest

from tests.app.film_browser import shoot_main, wait_for_player
from tests.app.lesson_films import LESSON_FILMS
from tests.app.test_phone_browser import TEXT_SIZES

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PROJECTOR = {"width": 1280, "height": 720}

#: The smallest picture text the back of a hall reads on a 1280x720 projector, px.
PROJECTED = 14
#: The smallest picture text a student's laptop shows at 1280x800 with the sidebar open, px
#: (informed search's tree draws each node's board with its digits: 9.3 px there).
ON_A_LAPTOP = 9
#: The same in compare mode, two pictures side by side (game trees' leaves; informed search's
#: numbers under the markers of A*'s tree, made smaller to fit between them), on a laptop and
#: on a projector, px.
COMPARED = {"laptop": 7, "projector": 10}

#: Steps walked at the start and at the end of a long film (every step of a shorter one).
LONG_FILM_START, LONG_FILM_END = 200, 30

# Step with Forward to the last step (or over the first `start` steps, then from `end` steps
# before the last, reached with the slider); after each step, check what the eye needs.
WALK = """async ([start, end]) => {
  const roots = [document, ...[...document.querySelectorAll('*')].map((e) => e.shadowRoot)
    .filter(Boolean)];
  const all = (sel) => roots.flatMap((r) => [...r.querySelectorAll(sel)]);
  const find = (sel) => all(sel)[0];
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const count = find('.svp-count');
  const forward = find('.svp-forward');
  const slider = find('.svp-slider');
  const shown = () => Number((/^Step (\\d+) of \\d+$/.exec(count.textContent) || [0, -1])[1]);
  const last = Number(/of (\\d+)/.exec(count.textContent)[1]);
  const box = (el) => { const r = el.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height].map((v) => Math.round(v)).join(','); };
  const pictures = all('.svp-picture svg');
  const first = pictures.map(box);
  const problems = [];
  const litOutOfView = () => {
    const code = find('.svp-code');
    const lit = code && !code.hidden ? code.querySelector('.svp-lit') : null;
    if (!lit) return null;
    const c = code.getBoundingClientRect();
    const l = lit.getBoundingClientRect();
    const inBox = l.top >= c.top - 1 && l.bottom <= c.bottom + 1;
    const inWindow = l.top >= 0 && l.bottom <= innerHeight + 1;
    return inBox && inWindow ? null : `line ${lit.textContent.slice(0, 30)} at ${Math.round(l.top)}`
      + `-${Math.round(l.bottom)}, box ${Math.round(c.top)}-${Math.round(c.bottom)}`;
  };
  const walked = [];
  for (let k = 0; k <= last; k++) {
    if (k <= start || k >= last - end) walked.push(k);
  }
  const lines = new Set();
  let lits = 0;
  for (const [i, k] of walked.entries()) {
    if (i > 0 && k === walked[i - 1] + 1) forward.click();
    else if (i > 0) { slider.value = String(k); slider.dispatchEvent(new Event('input')); }
    for (let wait = 0; shown() !== k && wait < 600; wait++) await frame(); // a chunk loading
    if (shown() !== k) { problems.push(`step ${k} never shown`); break; }
    let out = litOutOfView();
    if (out) { await frame(); out = litOutOfView(); } // the box scrolls before the next paint
    const lit = find('.svp-lit');
    if (lit) { lits += 1; lines.add(Number(lit.querySelector('.svp-number').textContent)); }
    if (out) problems.push(`step ${k}: ${out}`);
    pictures.forEach((svg, i) => {
      const now = box(svg);
      if (now !== first[i]) problems.push(`step ${k}: picture ${i} at ${now}, not ${first[i]}`);
    });
    for (const note of all('.svp-note')) {
      const r = note.getBoundingClientRect();
      if (r.bottom > innerHeight + 1) problems.push(`step ${k}: sentence ends at ${r.bottom}`);
    }
    for (const table of all('.sv-iddfs')) {
      const r = table.getBoundingClientRect();
      if (r.bottom > innerHeight + 1) problems.push(`step ${k}: IDDFS table ends at ${r.bottom}`);
    }
  }
  return {last, walked: walked.length, lits, lines: [...lines].sort((a, b) => a - b), problems};
}"""


@pytest.fixture(scope="module")
def laptop(browser):
    context = browser.new_context(viewport=LAPTOP)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("path", list(LESSON_FILMS))
def test_every_step_keeps_the_lit_line_in_view_and_the_picture_still(laptop, app_url, path):
    page = laptop
    page.goto(f"{app_url}/{path}")
    wait_for_player(page)
    long = path == "local-search"
    walked = page.evaluate(WALK, [LONG_FILM_START, LONG_FILM_END] if long else [10**6, 0])
    assert walked["last"] > 10
    if path != "bidirectional-search":  # compare mode shows no pseudocode
        assert walked["lits"] > walked["walked"] // 2, "few steps light a line"
    if long:  # the steps walked light every line the film lights
        film = LESSON_FILMS[path]()
        assert walked["last"] == len(film) - 1
        assert walked["lines"] == sorted({film.state(k).line for k in range(len(film))} - {None})
    assert walked["problems"] == [], walked["problems"][:8]
    shoot_main(page, f"eye-{path}-last")


def in_view(page, selector: str) -> dict:
    """The first ``selector``'s box against the window: {top, bottom, height (window)}."""
    box = page.locator(selector).first.bounding_box()
    return {
        "top": box["y"],
        "bottom": box["y"] + box["height"],
        "height": page.viewport_size["height"],
    }


def test_on_a_projector_the_iddfs_table_and_the_bidirectional_sentences_show_with_the_picture(
    browser, app_url
):
    """At 1280x800 the walk above checks them on every step; here presenter mode at 1280x720."""
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    try:
        for path, last in (("uninformed-search", 103), ("bidirectional-search", 383)):
            page.goto(f"{app_url}/{path}?step={last}&present=1")
            wait_for_player(page)
            page.wait_for_timeout(300)
            shown = [".svp-picture svg", ".svp-note"]
            shown.append(".sv-iddfs" if path == "uninformed-search" else ".svp-note >> nth=1")
            for selector in shown:
                box = in_view(page, selector)
                assert box["top"] >= 0, (path, selector, box)
                assert box["bottom"] <= box["height"] + 1, (path, selector, box)
            if path == "uninformed-search":
                rows = page.locator(".sv-iddfs tbody tr").all_inner_texts()
                assert len(rows) == 5
                assert rows[-1].split()[1:-1] == list("ABEIFJKOPCGLR")
            else:
                assert "Stop:" in page.locator(".svp-note").first.inner_text()
            shoot_main(page, f"eye-{path}-presenter")
    finally:
        context.close()


@pytest.fixture(scope="module")
def projector(browser):
    context = browser.new_context(viewport=PROJECTOR)
    yield context.new_page()
    context.close()


def smallest_texts(page, url: str) -> dict[str, list[float]]:
    """The five smallest picture texts (px) of the page at ``url``, at its first and last step."""
    page.goto(url)
    wait_for_player(page)
    smallest = {}
    for step in ("first", "last"):
        if step == "last":
            page.locator(".svp-last").first.click()
            page.wait_for_timeout(200)
        sizes = sorted(page.evaluate(TEXT_SIZES))
        assert sizes, "no text measured"
        smallest[step] = sizes[:5]
    return smallest


@pytest.mark.parametrize("path", list(LESSON_FILMS))
def test_on_a_projector_every_picture_text_is_large_enough(projector, app_url, path):
    """In presenter mode at 1280x720 no text in the default picture, first or last step, is
    smaller than ``PROJECTED`` px."""
    smallest = smallest_texts(projector, f"{app_url}/{path}?present=1")
    assert all(sizes[0] >= PROJECTED - 0.05 for sizes in smallest.values()), smallest


@pytest.mark.parametrize("path", list(LESSON_FILMS))
def test_on_a_laptop_every_picture_text_is_large_enough(laptop, app_url, path):
    """At 1280x800 with the sidebar open no text in the default picture, first or last step, is
    smaller than ``ON_A_LAPTOP`` px (tic-tac-toe's was 7.6 px before its page picture was
    drawn narrower, informed search's legend 8.5 px before it was drawn larger)."""
    smallest = smallest_texts(laptop, f"{app_url}/{path}")
    assert all(sizes[0] >= ON_A_LAPTOP - 0.05 for sizes in smallest.values()), smallest


#: Each compare mode's page: two pictures side by side.
COMPARE_PAGES = [
    "informed-search?both=true",
    "game-trees?both=true",
    "bidirectional-search?problem=The+notes%27+tree",
]


@pytest.mark.parametrize("screen", list(COMPARED))
@pytest.mark.parametrize("path", COMPARE_PAGES)
def test_in_compare_mode_every_picture_text_is_large_enough(
    laptop, projector, app_url, path, screen
):
    """Two pictures side by side, first and last step: no picture text is smaller than
    ``COMPARED`` px (informed search's was 4.4 px on a laptop and 5.4 px on a projector when
    each half drew its boards in the tree and its board panel under it)."""
    page, present = (laptop, "") if screen == "laptop" else (projector, "&present=1")
    smallest = smallest_texts(page, f"{app_url}/{path}{present}")
    assert page.locator(".svp-picture svg").count() == 2
    assert all(sizes[0] >= COMPARED[screen] - 0.05 for sizes in smallest.values()), smallest
