"""Practice mode: how much each lesson asks, and how fast the browser grades an answer.

For every lesson page, with its default example and ``?practice=1``, in headless Chromium:

* whether the page offers practice (its film asks something: the Practice button shows);
* the share of the default film's steps that ask something (Python, ``film.asked_steps``);
* answer to painted feedback, timed in the page: for up to ``ANSWERS`` questions, first a
  wrong answer (a wrong choice, or the right number plus one) until its feedback is
  painted, then the right one until the step it unlocks is painted (two animation frames
  after the click: the second runs once the first has been painted);
* the messages the page sent to the server while answering (a script rerun is one).

The peer sites (alpha-beta practice pages, OpenDSA's exercises) grade in their own
browsers too but cannot be served here, so the targets are the issue's absolute ones.

Run: ``python -m benchmarks.bench_practice`` (needs /usr/bin/chromium); it writes its
table into benchmarks/README.md.
"""

from __future__ import annotations

import os

from benchmarks.tables import machine, median, percentile, table, write_section
from tests.app.film_browser import right_answers, wait_for_player
from tests.app.lesson_films import LESSON_FILMS, page_film_ids
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, start_app

#: Questions answered per lesson page (each one wrong, then right).
ANSWERS = 40

# Answer each question wrong, then right, timing each to its painted feedback.
_ANSWER = """
async (answers) => {
  const roots = [...document.querySelectorAll('*')].map(e => e.shadowRoot).filter(Boolean);
  const find = sel => roots.flatMap(r => [...r.querySelectorAll(sel)])[0];
  const all = sel => roots.flatMap(r => [...r.querySelectorAll(sel)]);
  const frame = () => new Promise(r => requestAnimationFrame(() => r()));
  const painted = async () => { await frame(); await frame(); };
  const count = () => find('.svp-count').textContent;
  const wrong = [], right = [];
  for (const [step, kind, answer, choices] of answers) {
    const t = performance.now();
    while (!find('.svp-prompt').textContent.includes(`(step ${step})`)) {
      if (performance.now() - t > 20000) throw new Error(`step ${step} never asked`);
      await new Promise(r => setTimeout(r, 2));
    }
    await new Promise(r => setTimeout(r, 30));
    const give = (value) => {
      if (kind === 'value') {
        const field = find('.svp-value');
        field.value = String(value);
        field.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
        return;
      }
      const item = all(`svg .svp-pickable[data-choice="${value}"]`)
        .find(n => n.getBoundingClientRect().width > 0);
      if (item) item.dispatchEvent(new MouseEvent('click', {bubbles: true}));
      else find(`.svp-choice[data-choice="${value}"]`).click();
    };
    const feedback = find('.svp-feedback');
    let t0 = performance.now();
    give(kind === 'value' ? Number(answer) + 1 : (answer + 1) % choices);
    if (!feedback.textContent) throw new Error('no feedback');
    await painted();
    wrong.push(performance.now() - t0);
    const before = count();
    t0 = performance.now();
    give(answer);
    while (count() === before) {
      if (performance.now() - t0 > 20000) throw new Error('the step did not play');
      await new Promise(r => setTimeout(r, 0));
    }
    await painted();
    right.push(performance.now() - t0);
  }
  return {wrong, right};
}
"""


def _choices(film, step: int) -> int:
    question = film.question(step)
    return max(1, len(question.choices))


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
    times = page.evaluate(_ANSWER, answers) if offered else {"wrong": [], "right": []}
    page.wait_for_timeout(800)
    page.close()
    return {
        "offered": offered,
        "same film": shown == [film.digest],
        "steps": len(film),
        "asked": len(film.asked_steps),
        "times": times,
        "sent": sent["count"] - before,
        "answers": len(times["wrong"]) + len(times["right"]),
    }


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
        every = r["times"]["wrong"] + r["times"]["right"]
        share = r["asked"] / max(1, r["steps"] - 1)
        p95 = percentile(every, 95) if every else float("nan")
        out.append((
            title,
            "yes" if r["offered"] else "**no**",
            f"{r['asked']} of {r['steps'] - 1} ({share:.0%})" + ("" if share >= 0.5 else " **no**"),
            r["answers"],
            f"{median(r['times']['wrong']):.1f} / {percentile(r['times']['wrong'], 95):.1f}",
            f"{median(r['times']['right']):.1f} / {percentile(r['times']['right'], 95):.1f}",
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
        f"_Measured: {machine()}; headless Chromium, 1280 x 800, the app served by "
        "`streamlit run`, each lesson page with its default example and `?practice=1`._\n\n"
        f"Up to {ANSWERS} questions per page, each answered first wrong, then right; times "
        "from the click to the feedback painted (two animation frames), in ms. Targets: "
        "every lesson offers practice; at least half of the steps of each default film ask "
        "something; answer to painted feedback p95 under 50 ms; no server message per "
        "answer. Two runs, one after the other; the load average (1 min) beside each.\n\n"
    )
    header = ["lesson", "offers practice", "steps that ask", "answers", "wrong p50 / p95 ms",
              "right p50 / p95 ms", "p95 < 50 ms", "messages to the server", "load"]  # fmt: skip
    for n, run in enumerate(runs, start=1):
        body += f"Run {n}:\n\n" + table(header, run) + "\n\n"
    write_section("practice", body.rstrip() + "\n")


if __name__ == "__main__":
    main()
