"""Stepping latency: what a student waits for after pressing Forward.

Browser: the game-trees page with a 40-node tree (branching 3, depth 3) in
headless Chromium; Forward is clicked 50 times and each click is timed inside
the page, from the click to the new picture loaded. Twice: the first pass draws
every frame (a cold server), the second finds them in the cache (every later
student of a lecture hall). A near-empty page (a button and a number) gives
Streamlit's own round trip on this machine.

Server: the work of one step, timed with AppTest on ``stage_app.py`` (the
player and the game-trees stage alone: what the fragment reruns on a click),
cold (every frame drawn) and warm (frames cached), against the near-empty
page's rerun.

Run: ``python -m benchmarks.bench_latency`` (needs /usr/bin/chromium).
"""

from __future__ import annotations

import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from benchmarks.tables import median, percentile, table, write_section
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, start_app

CLICKS = 50
TREE = "game-trees?tree=Random+tree&b=3&d=3&seed=7&algo=Alpha-beta"
EMPTY_APP = Path(__file__).with_name("empty_app.py")
STAGE_APP = Path(__file__).with_name("stage_app.py")

# Clicks Forward n times; each time waits for the picture's src to change and load.
_CLICK_AND_WAIT = """
async ({n, button, picture}) => {
  const img = () => document.querySelector(picture);
  const find = () => [...document.querySelectorAll('button')]
      .find(b => b.innerText.trim().startsWith(button));
  const times = [];
  for (let i = 0; i < n; i++) {
    const before = img() ? (img().src || img().innerText) : null;
    const t0 = performance.now();
    find().click();
    await new Promise((resolve, reject) => {
      const check = () => {
        const el = img();
        const now = el ? (el.src || el.innerText) : null;
        const loaded = el && (el.tagName !== 'IMG' || (el.complete && el.naturalWidth > 0));
        if (now !== null && now !== before && loaded) return resolve();
        if (performance.now() - t0 > 15000) return reject(new Error('no new picture'));
        setTimeout(check, 2);
      };
      check();
    });
    times.push(performance.now() - t0);
    await new Promise(r => setTimeout(r, 100));
  }
  return times;
}
"""


def wait_idle(page) -> None:
    from tests.app.test_browser import wait_until_drawn

    wait_until_drawn(page)


def browser_latency() -> dict[str, list[float]]:
    """Milliseconds per click: the lesson cold, the lesson warm, the near-empty page."""
    from playwright.sync_api import sync_playwright

    results: dict[str, list[float]] = {}
    lesson, lesson_url = start_app()
    empty, empty_url = start_app(str(EMPTY_APP.relative_to(ROOT)))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            picture = '[data-testid="stMainBlockContainer"] [data-testid="stImage"] img'
            for label in ("cold", "warm"):
                page.goto(f"{lesson_url}/{TREE}&step=0")
                wait_idle(page)
                results[label] = page.evaluate(
                    _CLICK_AND_WAIT, {"n": CLICKS, "button": "Forward", "picture": picture}
                )
            page.goto(empty_url)
            wait_idle(page)
            results["empty"] = page.evaluate(
                _CLICK_AND_WAIT,
                {"n": CLICKS, "button": "Next", "picture": '[data-testid="stMarkdown"] p'},
            )
            browser.close()
    finally:
        for process in (lesson, empty):
            process.terminate()
            process.wait(timeout=10)
    return results


def server_reruns() -> dict[str, list[float]]:
    """Seconds per step: the stage cold and warm, and the near-empty page's rerun."""
    times: dict[str, list[float]] = {}
    stage = AppTest.from_file(str(STAGE_APP), default_timeout=60).run()
    for label in ("cold", "warm"):
        if not stage.button(key="game.first").disabled:
            stage.button(key="game.first").click().run()
        times[label] = []
        for _ in range(CLICKS):
            start = time.perf_counter()
            stage.button(key="game.forward").click().run()
            times[label].append(time.perf_counter() - start)
    empty = AppTest.from_file(str(EMPTY_APP), default_timeout=60).run()
    times["empty"] = []
    for _ in range(CLICKS):
        start = time.perf_counter()
        empty.button(key="next").click().run()
        times["empty"].append(time.perf_counter() - start)
    return times


def main() -> None:
    clicks = browser_latency()
    server = server_reruns()
    rows = []
    for label, name in [
        ("cold", "game trees, 40 nodes: first pass (frames drawn, next one prefetched)"),
        ("warm", "game trees, 40 nodes: second pass (frames cached)"),
        ("empty", "near-empty page (a button and a number)"),
    ]:
        times = clicks[label]
        p95 = percentile(times, 95)
        target, met = (
            ("under 250 ms", "yes" if p95 < 250 else "**no**") if label != "empty" else ("", "")
        )
        rows.append((name, f"{median(times):.0f}", f"{p95:.0f}", target, met))
    body = "Click on Forward to the new picture loaded, timed in the page, 50 clicks:\n\n"
    body += table(["page", "p50 ms", "p95 ms", "target (p95)", "met"], rows)
    empty = median(server["empty"])
    rows = []
    for label, name in [
        ("cold", "game-trees step, frame drawn"),
        ("warm", "game-trees step, frame cached"),
        ("empty", "near-empty page"),
    ]:
        ratio = median(server[label]) / empty
        target, met = (
            ("under 3x", "yes" if ratio < 3 else "**no**") if label == "warm" else ("", "")
        )
        rows.append((name, f"{median(server[label]) * 1e3:.1f}", f"{ratio:.1f}x", target, met))
    body += "\n\nServer work per step (AppTest reruns of the stage alone, 50 steps):\n\n"
    body += table(["rerun", "median ms", "vs near-empty", "target", "met"], rows)
    write_section("latency", body)


if __name__ == "__main__":
    main()
