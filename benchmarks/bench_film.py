"""The film against the rerun-per-step player it replaced: stepping, playback, builds, GIFs.

Side by side in one run, on this machine:

* **before**: the app at ``BASELINE`` (the last commit before the film), checked out in a
  temporary git worktree and served on its own port: every step reruns the player's
  fragment on the server and sends a new PNG;
* **after**: the app as it is now: the film steps in the browser.

For every lesson page (its default example), in headless Chromium:

* click on Forward to the new picture painted, 50 clicks, p50 and p95, timed in the page
  (before: until the new PNG has loaded; after: until the step's DOM change has been
  painted, two animation frames after the click);
* messages the page sent to the server while stepping through the 50 steps (a script
  rerun is one; the film should send none);
* playback at 10 steps/s: distinct frames painted per second; at 30 steps/s, whether a
  step ever went backwards and whether playback stopped before the end.

In Python: the build time and the gzipped size of each lesson's default film and of the
largest replay its page offers, with its chunks; and the time to make a 100-step GIF.

Run: ``python -m benchmarks.bench_film`` (needs /usr/bin/chromium and git); it writes
its tables into benchmarks/README.md.
"""

from __future__ import annotations

import contextlib
import itertools
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from benchmarks.tables import median, percentile, table, write_section
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, start_app

#: The last commit before the film: the rerun-per-step player, for the "before" column.
BASELINE = "1e44e4a"
CLICKS = 50

# Old player: click "Forward" (a Streamlit button) and wait for the step's new picture to
# load. Where the old player drew two steps alike (the same PNG: the walk-through's IDDFS
# push-then-pop), no new picture comes: that step ends when its sentence ("Step k.") shows.
_OLD_CLICKS = """
async (n) => {
  const img = () => document.querySelector(
      '[data-testid="stMainBlockContainer"] [data-testid="stImage"] img');
  const forward = () => [...document.querySelectorAll('button')]
      .find(b => b.innerText.trim().startsWith('Forward'));
  const step = () => {
    const m = /Step (\\d+)\\./.exec(document.body.innerText);
    return m ? Number(m[1]) : -1;
  };
  const times = [];
  for (let i = 0; i < n && !forward().disabled; i++) {  // Forward is disabled at the end
    const before = img() ? img().src : null, was = step();
    const t0 = performance.now();
    let told = null;  // when the new sentence showed
    forward().click();
    await new Promise((resolve, reject) => {
      const check = () => {
        const el = img(), now = performance.now();
        if (el && el.src !== before && el.complete && el.naturalWidth > 0) return resolve(now);
        if (told === null && step() !== was) told = now;
        if (told !== null && now - told > 1500) return resolve(told);  // the same picture
        if (now - t0 > 20000) return reject(new Error('no new step'));
        setTimeout(check, 2);
      };
      check();
    }).then(done => times.push(done - t0));
    await new Promise(r => setTimeout(r, 100));
  }
  return times;
}
"""

# Film player: click Forward (in the player's shadow root), wait until the count shows the
# next step, then two animation frames: the second runs after the first has been painted.
_FILM_CLICKS = """
async (n) => {
  const roots = [...document.querySelectorAll('*')].map(e => e.shadowRoot).filter(Boolean);
  const find = sel => roots.flatMap(r => [...r.querySelectorAll(sel)])[0];
  const forward = find('.svp-forward'), count = find('.svp-count');
  const step = () => Number(/Step (\\d+)/.exec(count.textContent)[1]);
  const frame = () => new Promise(r => requestAnimationFrame(() => r()));
  const times = [];
  for (let i = 0; i < n && !forward.disabled; i++) {
    const want = step() + 1;
    const t0 = performance.now();
    forward.click();
    while (step() !== want) {
      await new Promise(r => setTimeout(r, 1));
      if (performance.now() - t0 > 20000) throw new Error('no step');
    }
    await frame();
    await frame();
    times.push(performance.now() - t0);
    await new Promise(r => setTimeout(r, 60));
  }
  return times;
}
"""


@contextlib.contextmanager
def baseline_app() -> Iterator[str]:
    """The app at BASELINE, served from a temporary worktree; yields its URL."""
    folder = Path(tempfile.mkdtemp(prefix="search_viz-before-"))
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), BASELINE],
                   check=True, capture_output=True)  # fmt: skip
    process = None
    try:
        process, url = start_app(root=folder)
        yield url
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=10)
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)],
                       check=False, capture_output=True)  # fmt: skip
        shutil.rmtree(folder, ignore_errors=True)


def lesson_paths() -> list[tuple[str, str]]:
    """Each lesson's title and URL path."""
    from search_viz.ui.lessons import LESSONS

    return [(lesson.title, lesson.url_path) for lesson in LESSONS]


def _count(sent: dict) -> None:
    sent["count"] += 1


def _wait(page, film: bool) -> None:
    if film:
        from tests.app.film_browser import wait_for_player

        wait_for_player(page, timeout=180_000)
    else:
        from tests.app.test_browser import wait_until_drawn

        wait_until_drawn(page, timeout=180_000)


def measure_page(browser, url: str, film: bool) -> dict:
    """Click latency, messages sent while stepping and playback, for one lesson page
    (``film``: the app as it is now; else the old player's)."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    sent = {"count": 0}
    page.on("websocket", lambda s: s.on("framesent", lambda _: _count(sent)))
    page.goto(url)
    _wait(page, film)
    page.wait_for_timeout(1000)
    before = sent["count"]
    times = page.evaluate(_FILM_CLICKS if film else _OLD_CLICKS, CLICKS)
    page.wait_for_timeout(800)
    result = {"film": film, "times": times, "sent": sent["count"] - before}
    if film:
        result.update(_playback(page))
    page.close()
    return result


def _playback(page) -> dict:
    from tests.app.film_browser import last_step, press, record_steps, set_speed

    out = {}
    press(page, "first")
    set_speed(page, 10)
    window = min(3.0, (last_step(page) - 1) / 10)  # a short film ends sooner than 3 s
    press(page, "play")
    seen = record_steps(page, window)
    press(page, "play")
    out["fps10"] = (len(set(seen)) - 1) / window  # new frames painted per second
    press(page, "first")
    set_speed(page, 30)
    press(page, "play")
    end = last_step(page)
    seen = record_steps(page, min(8.0, end / 30 + 1.5))
    out["backwards"] = any(b < a for a, b in itertools.pairwise(seen))
    out["reached_end"] = seen[-1] == end or seen[-1] >= 30 * 5  # long films: it kept going
    out["last_seen"], out["end"] = seen[-1], end
    return out


def browser_rows() -> list[tuple]:
    from playwright.sync_api import sync_playwright

    now_process, now_url = start_app()
    rows = []
    try:
        with baseline_app() as before_url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for title, path in lesson_paths():
                old = measure_page(browser, f"{before_url}/{path}", film=False)
                new = measure_page(browser, f"{now_url}/{path}", film=True)
                rows.append((title, old, new))
            browser.close()
    finally:
        now_process.terminate()
        now_process.wait(timeout=10)
    return rows


# ------------------------------------------------------------ builds and GIFs
def default_films() -> list[tuple[str, Callable]]:
    """Each lesson's default example and the largest replay its page offers (``sv.film``)."""
    import search_viz as sv
    from search_viz.lessons.bidirectional.inputs import DEFAULTS
    from search_viz.lessons.shared.graph_cases import MAZE, MAZE_SIZES, build_case, notes_tree
    from search_viz.problems.eight_puzzle import HARDEST_STARTS, NOTES_START, ORDERED_GOAL
    from search_viz.problems.game_tree import EXAMPLES

    notes = EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"]
    size = DEFAULTS["maze_size"]
    maze = build_case(MAZE, (size, 0.25, 1)).problem
    largest = MAZE_SIZES[1]  # seed 2: with seed 1, S sits in a pocket of a few cells
    big_maze = build_case(MAZE, (largest, 0.25, 2)).problem
    hardest = sv.EightPuzzle(HARDEST_STARTS[0], goal=ORDERED_GOAL)  # the page's longest replay
    notes_graph = sv.GraphProblem(notes_tree(), "A", "R")
    annealing_50 = {"t0": 1e9, "cooling": 0.9999, "max_steps": 20_000}  # the page's largest
    return [
        ("uninformed: IDDFS on the notes' tree",
         lambda: sv.film(sv.iddfs, notes_graph, max_depth=20)),
        (f"uninformed: BFS on the {largest} x {largest} maze", lambda: sv.film(sv.bfs, big_maze)),
        (f"bidirectional: the {size} x {size} maze", lambda: sv.film(sv.bidirectional_bfs, maze)),
        (f"bidirectional: the {largest} x {largest} maze",
         lambda: sv.film(sv.bidirectional_bfs, big_maze)),
        ("informed: A* on the notes' 8-puzzle",
         lambda: sv.film(sv.astar, sv.EightPuzzle(NOTES_START), heuristic="misplaced")),
        ("informed: A* on a 31-move puzzle, misplaced tiles (60,000 events kept)",
         lambda: sv.film(sv.astar, hardest, heuristic="misplaced")),
        ("local search: annealing on 8 queens",
         lambda: sv.film(sv.simulated_annealing, sv.NQueens(8, seed=0))),
        ("local search: annealing on 50 queens, 20,000 steps",
         lambda: sv.film(sv.simulated_annealing, sv.NQueens(50, seed=0), **annealing_50)),
        ("game trees: the notes' tree, alpha-beta", lambda: sv.film(sv.alphabeta, notes)),
        ("game trees: 511 nodes, minimax",
         lambda: sv.film(sv.minimax, sv.GameTree.random(2, 8, 0, 9, seed=1))),
        ("tic-tac-toe: alpha-beta after X and O",
         lambda: sv.film(sv.alphabeta, sv.TicTacToe("X...O...."))),
    ]  # fmt: skip


def build_rows() -> list[tuple]:
    rows = []
    for name, make in default_films():
        start = time.perf_counter()
        film = make()
        seconds = time.perf_counter() - start
        header, later = film.payload()
        size = len(header) + sum(map(len, later))
        rows.append((name, f"{len(film):,}", f"{seconds:.2f}", f"{size / 1024:,.0f}",
                     f"{len(later) + 1}"))  # fmt: skip
    return rows


def gif_row() -> tuple:
    import search_viz as sv
    from search_viz.film.export import gif

    film = sv.film(sv.minimax, sv.GameTree.random(3, 3, 0, 9, seed=7))
    start = time.perf_counter()
    data = gif(film, 0, 99, fps=4)
    return ("100 steps of minimax on a 40-node tree", f"{time.perf_counter() - start:.1f}",
            f"{len(data) / 1024:,.0f}")  # fmt: skip


def _playback_verdict(result: dict) -> str:
    if not result["film"]:
        return "–"
    if not result["backwards"] and result["reached_end"]:
        return "never backwards, ran to the end"
    return f"backwards: {result['backwards']}; stopped at {result['last_seen']} of {result['end']}"


def main() -> None:
    builds, gifs = build_rows(), [gif_row()]  # first: quick, and no browser is running
    rows = []
    for title, old, new in browser_rows():
        kind = "film" if new["film"] else "old player"
        p95 = percentile(new["times"], 95)
        rows.append((
            title,
            f"{len(old['times'])} / {len(new['times'])}",
            f"{median(old['times']):.0f} / {percentile(old['times'], 95):.0f}",
            f"{median(new['times']):.0f} / {p95:.0f} ({kind})",
            "yes" if new["film"] and p95 < 50 else "**no**",
            f"{old['sent']} / {new['sent']}",
            f"{new.get('fps10', 0):.1f}" if new["film"] else "–",
            _playback_verdict(new),
        ))  # fmt: skip
    body = (
        f"Before: the app at commit {BASELINE} (a server rerun per step). After: the film "
        "(every step in the browser). Each lesson's page with its default example, "
        f"headless Chromium, up to {CLICKS} clicks on Forward (fewer when the replay "
        "ends sooner: the clicks column says how many).\n\n"
    )
    body += table(
        ["lesson", "clicks, before / after", "before p50 / p95 ms", "after p50 / p95 ms",
         "p95 < 50 ms", "messages to the server, before / after", "frames/s at 10 steps/s",
         "at 30 steps/s"],
        rows,
    )  # fmt: skip
    body += "\n\nFilm builds (Python, cold) and what the browser downloads:\n\n"
    body += table(["replay", "steps", "build s", "gzipped KB", "chunks"], builds)
    body += "\n\nGIF export from the film (frames drawn by matplotlib, captioned):\n\n"
    body += table(["GIF", "seconds", "KB"], gifs)
    write_section("film", body)


if __name__ == "__main__":
    main()
