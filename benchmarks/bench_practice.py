"""Practice mode: how much each lesson asks, and how fast the browser grades an answer.

For every lesson page, with its default example and ``?practice=1``, in headless Chromium:

* whether the page offers practice (its film asks something: the Practice button shows);
* the share of the default film's steps that ask something (Python, ``film.asked_steps``);
* answer to painted feedback: for up to ``ANSWERS`` questions, a wrong answer (a wrong
  choice, or the right number plus one), then the right one, each by a real click or key
  (Playwright's trusted input), timed by Chromium's own Event Timing API: from the input
  to the next frame painted (the measure behind Interaction to Next Paint). The player
  paints the verdict first and plays the step it unlocks in the next frame;
* the messages the page sent to the server while answering (a script rerun is one).

The peer sites (alpha-beta practice pages, OpenDSA's exercises) grade in their own
browsers too but cannot be served here, so the targets are the issue's absolute ones.

Run: ``python -m benchmarks.bench_practice`` (needs /usr/bin/chromium); it writes its
table into benchmarks/README.md.
"""

from __future__ import annotations

import os

from benchmarks.tables import median, percentile, table, write_section
from tests.app.film_browser import right_answers, wait_for_player, wait_for_question
from tests.app.lesson_films import LESSON_FILMS, page_film_ids
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, start_app

#: Questions answered per lesson page (each one wrong, then right).
ANSWERS = 25
#: How long the simulated student reads a question, or the rule after a wrong answer, before
#: answering (ms): by then the step before has finished its animations, as it has for a
#: person (the 0.25 s of a step, the 0.5 s blink of a wrong pick).
READ_MS = 600

# Chromium's Event Timing API: for each click or key a person makes (trusted input), the time
# from the input to the next frame painted after it was handled, as the browser itself
# measures it (the metric behind Interaction to Next Paint). Entries under the threshold
# (16 ms, the least it allows) are not reported: those interactions were faster.
_OBSERVE = """
() => {
  window.__svInteractions = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) window.__svInteractions.push([e.startTime, e.duration]);
    }
  }).observe({type: 'event', durationThreshold: 16, buffered: true});
}
"""
THRESHOLD_MS = 16


def _choices(film, step: int) -> int:
    question = film.question(step)
    return max(1, len(question.choices))


def _give(page, film, step: int, kind: str, answer) -> None:
    """One answer, as a person gives it: a click (in the picture when the choice is there), or
    a number typed and Enter."""
    if kind == "value":
        field = page.locator(".svp-value").first
        field.fill(str(answer))
        field.press("Enter")
        return
    items = page.locator(f'.svp-picture svg .svp-pickable[data-choice="{answer}"]')
    height = page.viewport_size["height"]
    for i in range(items.count()):
        box = items.nth(i).bounding_box()
        if box and box["width"] and 70 < box["y"] + box["height"] / 2 < height:
            # where the choice is drawn, in view: the mouse goes there, as a hand does
            # before it clicks (the item lights up), then clicks (the topmost item of that
            # choice takes the click)
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            page.mouse.move(x, y)
            page.wait_for_timeout(150)
            page.mouse.click(x, y)
            return
    page.locator(f'.svp-choice[data-choice="{answer}"]').first.click()


def _wrong(film, step: int, kind: str, answer):
    if kind == "value":
        return float(answer) + 1 if abs(float(answer)) != float("inf") else 0
    return (answer + 1) % _choices(film, step)


def answer_timed(page, film, answers: list) -> dict:
    """Each question answered wrong, then right, by trusted clicks and keys; for each, the
    browser's own input-to-next-paint time (``THRESHOLD_MS`` where it was under that)."""
    page.evaluate(_OBSERVE)
    now = "() => performance.now()"
    windows = {"wrong": [], "right": []}
    for step, kind, answer, _ in answers:
        wait_for_question(page, step)
        for verdict, given in (("wrong", _wrong(film, step, kind, answer)), ("right", answer)):
            page.wait_for_timeout(READ_MS)  # the student reads the question, or the rule
            start = page.evaluate(now)
            _give(page, film, step, kind, given)
            page.wait_for_timeout(150)
            windows[verdict].append((start, page.evaluate(now)))
    page.wait_for_timeout(300)
    seen = page.evaluate("() => window.__svInteractions")
    times = {}
    for verdict, spans in windows.items():
        times[verdict] = [
            max([d for t, d in seen if a <= t <= b] or [THRESHOLD_MS]) for a, b in spans
        ]
    return times


def measure_lesson(browser, url: str, path: str) -> dict:
    """Answer the default film's first questions on one lesson page; see the module's docstring."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    sent = {"count": 0}

    def count(_frame) -> None:
        sent["count"] += 1

    page.on("websocket", lambda socket: socket.on("framesent", count))
    page.goto(f"{url}/{path}?practice=1")
    wait_for_player(page, timeout=180_000)
    page.wait_for_timeout(1000)
    offered = page.locator(".svp-practice-toggle").is_visible()
    film = LESSON_FILMS[path]()
    shown = page_film_ids(page)
    answers = [
        [k, kind, answer, _choices(film, k)]
        for k, kind, answer in right_answers(film)[:ANSWERS]
        if kind == "value" or _choices(film, k) > 1
    ]
    before = sent["count"]
    times = answer_timed(page, film, answers) if offered else {"wrong": [], "right": []}
    page.wait_for_timeout(800)
    page.close()
    return {
        "offered": offered,
        "same film": shown[:1] == [film.digest],  # compare mode: the first is practised
        "steps": len(film),
        "asked": len(film.asked_steps),
        "times": times,
        "sent": sent["count"] - before,
        "answers": len(times["wrong"]) + len(times["right"]),
    }


def _ms(value: float) -> str:
    """A time in ms as the table shows it: "≤ 16" under the browser's reporting threshold."""
    return f"≤ {THRESHOLD_MS}" if value <= THRESHOLD_MS else f"{value:.0f}"


def rows() -> list[tuple]:
    from playwright.sync_api import sync_playwright

    from search_viz.ui.lessons import LESSONS

    process, url = start_app()
    found = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for lesson in LESSONS:
                load = os.getloadavg()[0]
                result = measure_lesson(browser, url, lesson.url_path)
                found.append((lesson.title, result, load))
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    out = []
    for title, r, load in found:
        every = r["times"]["wrong"] + r["times"]["right"]  # the verdicts
        share = r["asked"] / max(1, r["steps"] - 1)
        p95 = percentile(every, 95) if every else float("nan")
        out.append((
            title,
            "yes" if r["offered"] else "**no**",
            f"{r['asked']} of {r['steps'] - 1} ({share:.0%})" + ("" if share >= 0.5 else " **no**"),
            r["answers"],
            f"{_ms(median(r['times']['wrong']))} / {_ms(percentile(r['times']['wrong'], 95))}",
            f"{_ms(median(r['times']['right']))} / {_ms(percentile(r['times']['right'], 95))}",
            "yes" if p95 < 50 else "**no**",
            r["sent"],
            f"{load:.1f}",
        ))  # fmt: skip
        if not r["same film"]:
            raise SystemExit(f"{title}: the page shows another film than tests/app/lesson_films.py")
    return out


def main() -> None:
    runs = [rows(), rows()]  # twice: the machine is shared
    body = (
        "Headless Chromium (software rendering), 1280 x 800, the app served by `streamlit run`, "
        "each lesson page with its default example and `?practice=1`. "
        f"Up to {ANSWERS} questions per page, each answered first wrong, then right, by "
        "Playwright's real clicks and keys (a pick clicked in the picture where its choice "
        f"is drawn), {READ_MS} ms after the question or the rule showed. Times: Chromium's "
        "own Event Timing (input to the next frame painted, the measure behind Interaction "
        'to Next Paint), in ms; it reports nothing under 16 ms ("≤ 16"). A right answer\'s '
        "next frame is its verdict; the step it unlocks plays in the frame after. Targets: "
        "every lesson offers practice; at least half of the steps of each default film ask "
        "something; answer to painted feedback p95 under 50 ms; no server message per "
        "answer. Two runs, one after the other; the load average (1 min) beside each.\n\n"
    )
    header = ["lesson", "offers practice", "steps that ask", "answers",
              "wrong answer p50 / p95 ms", "right answer p50 / p95 ms", "p95 < 50 ms",
              "messages to the server", "load"]  # fmt: skip
    for n, run in enumerate(runs, start=1):
        body += f"Run {n}:\n\n" + table(header, run) + "\n\n"
    write_section("practice", body.rstrip() + "\n")


if __name__ == "__main__":
    main()
