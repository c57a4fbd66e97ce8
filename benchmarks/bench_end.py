"""End on a long replay's opening: how long until the last step shows, in Chromium.

A replay of more than ``VERY_LONG_FILM`` steps opens with its first 100 steps, then its
first 1,000; its whole film is made only once the student goes on past them (6-9 s of a core
for the page's two longest replays). Since parts (``Opening.part``), a far step comes in the
chunks around it, made without the words of the steps before them, and the part that holds
the end is made ahead, right after the middle. This measures what a student who presses End
sees, at ``BASELINE`` (before parts) and now, side by side in one run: the page's two longest
replays (A* on the 31-move puzzle, 60,000 steps; annealing on 50 queens, 40,001 steps),
opened in headless Chromium at 1280 x 800 on a fresh server (its films made for this page
only); End is pressed a second after the first picture shows ("at once": the page is still
making its middle, its comparison and the rest) or five seconds after the page has stopped
running ("after a look"). **Wait**: from the click to the last step's count ("Step n of n"),
the count read every 20 ms. Each checkout is served by ``streamlit run`` from a temporary git
worktree; two runs, one after the other, the 1-minute load average of this 2-core machine
beside each figure.

Run: ``python -m benchmarks.bench_end`` (needs /usr/bin/chromium and git); it writes its
table into benchmarks/README.md (section "end").
"""

from __future__ import annotations

import time

from benchmarks.bench_play import REPLAYS
from benchmarks.browser_runs import found, main
from benchmarks.tables import table
from tests.app.film_browser import last_step, wait_for_player

#: The last commit before far steps came in parts.
BASELINE = "ea53f89"
#: When End is pressed: a second after the first picture, or five seconds after the page
#: has stopped running.
CASES = ["at once", "after a look"]
#: How long End is waited for before the measurement gives up.
GIVE_UP_S = 60.0


def ended(page, url: str, when: str) -> dict:
    """Open ``url``, press End (``when``: see :data:`CASES`) and time the last step's arrival."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    count = page.locator(".svp-count")
    if when == "after a look":
        wait_for_player(page, timeout=180_000)
        page.wait_for_timeout(5000)
    else:
        count.filter(has_text="Step 0 of").wait_for(timeout=180_000)
        page.wait_for_timeout(1000)
    last = last_step(page)
    page.locator(".svp-last").click()
    start = time.monotonic()
    wait = None
    while time.monotonic() - start < GIVE_UP_S:
        if count.inner_text() == f"Step {last} of {last}":
            wait = time.monotonic() - start
            break
        page.wait_for_timeout(20)
    return {"wait": wait, "errors": errors}


def _cell(measured: list[dict]) -> str:
    return " / ".join(
        (f"{m['wait']:.1f} s" if m["wait"] is not None else f"over {GIVE_UP_S:.0f} s")
        + f" ({m['load']:.1f})"
        for m in measured
    )


def report(runs: list[tuple[list[dict], list[dict]]], now: str) -> str:
    head = (
        "Headless Chromium, 1280 x 800; each replay opened on a fresh server, End pressed a "
        "second after its first picture (at once) or five seconds after the page had stopped "
        f"running (after a look); the code at {BASELINE} (before) and at {now} (now), each "
        "from its own git worktree, in turn. **Wait**: from the click to the last step shown. "
        "Run 1 / run 2; the 1-minute load average beside each figure."
    )
    rows = []
    for (name, _), when in [(r, c) for r in REPLAYS for c in CASES]:
        cells, errors = [], 0
        for side in (0, 1):
            measured = found(runs, side, name, when)
            cells.append(_cell(measured))
            errors += sum(len(m["errors"]) for m in measured)
        rows.append([name, when, *cells, errors])
    header = ["replay", "End pressed", f"wait, {BASELINE} (load)", f"wait, {now} (load)",
              "page errors"]  # fmt: skip
    return head + "\n\n" + table(header, rows)


if __name__ == "__main__":
    main(__doc__, BASELINE, REPLAYS, CASES, ended, report, "end")
