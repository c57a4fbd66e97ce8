"""Driving the film player in a real browser: what it shows, stepping, playing, the link.

Every lesson's browser test uses these. The player lives in a shadow root; Playwright's
CSS locators pierce it, so ``page.locator(".svp-note")`` finds the sentence.

Example::

    page.goto(f"{app_url}/game-trees?step=5")
    wait_for_player(page)
    assert shown_step(page) == 5
    press(page, "forward")
    assert sentence(page).startswith("Step 6.")
"""

from __future__ import annotations

import re

PLAYER = ".svp"


def wait_for_player(page, index: int = 0, timeout: float = 60_000) -> None:
    """Wait until player ``index`` shows a step and the page has stopped running."""
    page.locator(".svp-count").nth(index).filter(
        has_text=re.compile(r"^Step \d+ of \d+$")
    ).wait_for(timeout=timeout)
    page.locator('[data-testid="stStatusWidget"]').wait_for(state="hidden", timeout=timeout)


def shown_step(page, index: int = 0) -> int:
    """The step player ``index`` shows ("Step 12 of 40" -> 12)."""
    text = page.locator(".svp-count").nth(index).inner_text()
    return int(re.match(r"Step (\d+)", text).group(1))


def last_step(page, index: int = 0) -> int:
    """The last step of player ``index``."""
    text = page.locator(".svp-count").nth(index).inner_text()
    return int(re.search(r"of (\d+)", text).group(1))


def sentence(page, film: int = 0) -> str:
    """The sentence of film ``film`` (in compare mode there is one per film)."""
    return page.locator(".svp-note").nth(film).inner_text()


def press(page, control: str, index: int = 0) -> None:
    """Click one control of player ``index``: first, back, play, forward, last, share, export."""
    page.locator(f".svp-{control}").nth(index).click()


def end_from_the_start(page, last: int, timeout: float = 30_000) -> None:
    """On a replay at step 0 whose last step is ``last``, press End and wait until that step
    shows (a long replay's end may be on its way from the server)."""
    from playwright.sync_api import expect

    count = page.locator(".svp-count").first
    expect(count).to_have_text(f"Step 0 of {last}")
    press(page, "last")
    expect(count).to_have_text(f"Step {last} of {last}", timeout=timeout)


def picture_state(page, film: int = 0) -> str:
    """What film ``film``'s picture shows now: every item's style and the marks, as one string.

    Two equal strings are two identical pictures (how a change eased in is left out).
    """
    return (
        page.locator(".svp-picture")
        .nth(film)
        .evaluate(
            """(box) => ([...box.querySelectorAll('[id*="-sv"]')]
             .map((el) => el.id + '=' + (el.getAttribute('style') || ''))
             .join('|') + '#' + box.querySelector('.svp-marks').innerHTML)
             .replace(/svp\\d+-/g, '').replace(/;transition:[^;|#]*/g, '')"""
        )
    )


def eased_items(page, film: int = 0) -> int:
    """How many of film ``film``'s items ease in their last change (a CSS transition)."""
    return (
        page.locator(".svp-picture")
        .nth(film)
        .evaluate(
            """(box) => [...box.querySelectorAll('[id*="-sv"]')]
                 .filter((el) => parseFloat(getComputedStyle(el).transitionDuration) > 0).length"""
        )
    )


def record_steps(page, seconds: float, index: int = 0) -> list[int]:
    """The step shown at every animation frame for ``seconds`` (playback's whole story), in
    the app (the player in a shadow root) or in a film's own page (in the document)."""
    return page.evaluate(
        """([seconds, index]) => new Promise((done, fail) => {
             const roots = [document, ...[...document.querySelectorAll('*')]
               .map((el) => el.shadowRoot).filter(Boolean)];
             const box = roots.flatMap((root) => [...root.querySelectorAll('.svp-count')])[index];
             if (!box) {
               fail(new Error(`no player's step count number ${index} on the page`));
               return;
             }
             const seen = [];
             const end = performance.now() + seconds * 1000;
             const look = () => {
               const m = /Step (\\d+)/.exec(box.textContent);
               if (m) seen.push(Number(m[1]));
               if (performance.now() < end) requestAnimationFrame(look); else done(seen);
             };
             requestAnimationFrame(look);
           })""",
        [seconds, index],
    )


def set_speed(page, steps_per_second: float, index: int = 0) -> None:
    """Choose the playing speed (0.5, 1, 2, 4, 10 or 30 steps a second)."""
    page.locator(".svp-speed").nth(index).select_option(f"{steps_per_second:g}")


def watch_frames(page) -> dict:
    """Count the websocket messages the page sends to the server (call before ``goto``).

    ``sent = watch_frames(page)``, then compare ``sent["count"]`` before and after
    stepping: a script rerun is one such message; a step in the browser sends none.
    """
    sent = {"count": 0}

    def count(_frame) -> None:
        sent["count"] += 1

    page.on("websocket", lambda socket: socket.on("framesent", count))
    return sent


def stage_in_view(page, film: int = 0) -> dict:
    """Where film ``film``'s picture and sentence are, against the window (no scrolling).

    Returns the boxes' bottoms and the window's height; a test asserts both
    bottoms are within it (``fits`` says so).
    """
    return page.evaluate(
        """(film) => {
             const roots = [...document.querySelectorAll('*')].map((el) => el.shadowRoot)
               .filter(Boolean);
             const find = (sel) => roots.flatMap((r) => [...r.querySelectorAll(sel)])[film];
             const svg = find('.svp-picture svg').getBoundingClientRect();
             const note = find('.svp-note').getBoundingClientRect();
             const h = window.innerHeight;
             return {picture: svg.bottom, note: note.bottom, height: h, width: svg.width,
                     fits: svg.bottom <= h + 1 && note.bottom <= h + 1 && svg.top >= 0};
           }""",
        film,
    )


def shoot_main(page, name: str) -> None:
    """Save the visible window as tests/artifacts/<name>.png, for a person to look at."""
    from tests.conftest import ARTIFACTS

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


# ------------------------------------------------------------------ practice
def right_answers(film) -> list[list]:
    """Each asked step's right answer, read from ``film.question(k)`` in Python.

    ``[step, kind, answer]``: for a pick or a choice the answer's place among the
    choices, for a value the number as a student types it ("-inf" for −∞).
    """
    answers = []
    for k in film.asked_steps:
        q = film.question(k)
        if q.kind == "value":
            infinite = abs(q.answer) == float("inf")
            typed = ("inf" if q.answer > 0 else "-inf") if infinite else q.answer
            answers.append([k, q.kind, str(typed)])
        else:
            answers.append([k, q.kind, q.choices.index(q.answer)])
    return answers


def answer_in_browser(
    page, answers: list[list], *, to_end: bool = True, timeout: float = 240
) -> dict:
    """Answer ``answers`` (see :func:`right_answers`) in the practice player, one by one.

    Each answer waits until the player asks that step, then answers as a student
    would: a pick by clicking its item in the picture when it has one (else its
    button), a choice by its button, a value typed and checked with Enter; then
    (``to_end``) steps Forward to the last step. Returns what the player showed at
    the end: ``{"step", "summary", "asked"}`` (the steps whose question was on
    screen when answered).
    """
    return page.evaluate(
        """async ([answers, toEnd, timeout]) => {
             const roots = [document, ...[...document.querySelectorAll('*')]
               .map((el) => el.shadowRoot).filter(Boolean)];  // the player may sit in a shadow root
             const find = (sel) => roots.flatMap((r) => [...r.querySelectorAll(sel)])[0];
             const all = (sel) => roots.flatMap((r) => [...r.querySelectorAll(sel)]);
             const frame = () => new Promise((r) => requestAnimationFrame(r));
             const end = performance.now() + timeout * 1000;
             const asked = [];
             for (const [step, kind, answer] of answers) {
               while (!(find('.svp-prompt') || {}).textContent?.includes(`(step ${step})`)) {
                 // steps that ask nothing: the student presses Forward (it stops at a question)
                 const forward = find('.svp-forward');
                 if (forward && !forward.disabled) forward.click();
                 if (performance.now() > end) {
                   return {error: `step ${step} was never asked`, asked,
                           prompt: (find('.svp-prompt') || {}).textContent,
                           count: find('.svp-count').textContent};
                 }
                 await frame();
               }
               asked.push(step);
               if (kind === 'value') {
                 const field = find('.svp-value');
                 field.value = answer;
                 field.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
               } else {
                 const inPicture = all(`svg .svp-pickable[data-choice="${answer}"]`)
                   .filter((node) => node.getBoundingClientRect().width > 0);
                 const click = new MouseEvent('click', {bubbles: true});
                 if (inPicture[0]) inPicture[0].dispatchEvent(click);
                 else find(`.svp-choice[data-choice="${answer}"]`).click();
               }
             }
             const last = Number(/of (\\d+)/.exec(find('.svp-count').textContent)[1]);
             const shown = () => {
               const m = /^Step (\\d+)/.exec(find('.svp-count').textContent);
               return m ? Number(m[1]) : -1;
             };
             while (toEnd && shown() < last) {
               const forward = find('.svp-forward');
               if (performance.now() > end) break;
               if (!forward.disabled) forward.click();
               await frame();
             }
             return {step: shown(),
                     summary: find('.svp-prompt').textContent, asked};
           }""",
        [answers, to_end, timeout],
    )


def wait_for_question(page, step: int, timeout: float = 60) -> None:
    """Press Forward over the steps that ask nothing until the question of ``step`` shows."""
    import time

    end = time.monotonic() + timeout
    prompt = page.locator(".svp-prompt").first
    while f"(step {step})" not in prompt.inner_text():
        assert time.monotonic() < end, f"step {step} was never asked: {prompt.inner_text()!r}"
        forward = page.locator(".svp-forward").first
        if forward.is_enabled():
            forward.click()
        page.wait_for_timeout(50)


def practice_prompt(page) -> str:
    """The practice box's prompt (the question asked now, or the summary)."""
    return page.locator(".svp-prompt").first.inner_text()


def feedback(page) -> str:
    """What the practice box said about the last answer."""
    return page.locator(".svp-feedback").first.inner_text()
