"""Playing a long replay fast: the longest the player stops, waiting for the rest of the film.

A replay of more than ``LONG_FILM`` steps opens with its first 100 steps; the rest is made
in the background once the student goes on. A replay of more than ``VERY_LONG_FILM`` steps
now has its first ``MIDDLE_STEPS`` made first, then the whole film. This measures what a
student who presses Play at a fast speed sees, at ``BASELINE`` (before the middle) and now,
side by side in one run: the page's two longest replays (A* on the 31-move puzzle, 60,000
steps; annealing on 50 queens, 40,001 steps), opened in headless Chromium at 1280 x 800 on
a fresh server (its films made for this page only), played from step 0 for ``WATCH_S``
seconds at so many steps a second (``CASES``), once the page has stopped running or a
second after the first picture shows (until e88e2ed, the informed page's run went on for
seconds after its picture, finishing the search and comparing eight searches on the
instance; a player's ask waited for it). The step
counter is read every 50 ms: **longest stop**, the longest time it showed one step (or
"Loading k...") while playing, and where; **reached**, the step shown at the end. Each
checkout is served by ``streamlit run`` from a temporary git worktree; two runs, one after
the other, the 1-minute load average of this 2-core machine beside each figure.

Run: ``python -m benchmarks.bench_play`` (needs /usr/bin/chromium and git); it writes its
table into benchmarks/README.md (section "play").
"""

from __future__ import annotations

import re
import time

from benchmarks.browser_runs import found, main
from benchmarks.tables import table
from tests.app.film_browser import wait_for_player

#: The last commit before a very long replay's middle was made first.
BASELINE = "53c2c71"
#: The replays played: (name, the page's link).
REPLAYS = [
    (
        "A* on the 31-move puzzle (60,000 steps)",
        "informed-search?instance=31+moves%3A+867%2F254%2F3_1&heuristic=misplaced",
    ),
    (
        "Annealing on 50 queens (40,001 steps)",
        "local-search?board=random&n=50&board_seed=0&t0=1000000000&cooling=0.9999&max_steps=20000",
    ),
]
#: How each replay is played: at so many steps a second (the player's fastest, and the one
#: before it), and when: once the page has stopped running ("settled"), or a second after
#: the first picture shows ("at once").
CASES = [("30", "settled"), ("10", "settled"), ("30", "at once")]
#: How long each replay is watched while it plays: at 30 steps a second, past its middle's end.
WATCH_S = 45.0


def played(page, url: str, case: tuple[str, str]) -> dict:
    """Open ``url``, play it from step 0 at a speed and from a moment (``case``: see
    :data:`CASES`) and watch the step counter."""
    speed, when = case
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    if when == "settled":
        wait_for_player(page, timeout=180_000)
    page.locator(".svp-count").filter(has_text="Step 0 of").wait_for(timeout=180_000)
    page.wait_for_timeout(1000)
    page.locator(".svp-speed").select_option(speed)
    page.locator(".svp-play").click()
    start = time.monotonic()
    seen: list[tuple[float, int]] = []
    while time.monotonic() - start < WATCH_S:
        number = re.search(r"\d+", page.locator(".svp-count").inner_text())
        seen.append((time.monotonic() - start, int(number.group(0)) if number else -1))
        page.wait_for_timeout(50)
    longest, at, since, step = 0.0, 0, 0.0, seen[0][1]
    for moment, shown in [*seen, (seen[-1][0], None)]:
        if shown != step:
            if moment - since > longest:
                longest, at = moment - since, step
            since, step = moment, shown
    return {"longest": longest, "at": at, "reached": seen[-1][1], "errors": errors}


def report(runs: list[tuple[list[dict], list[dict]]], now: str) -> str:
    head = (
        f"Headless Chromium, 1280 x 800; each replay opened on a fresh server and played from "
        f"step 0 for {WATCH_S:.0f} s, once the page had stopped running or a second after its "
        f"first picture; the code at {BASELINE} (before) and at {now} (now), "
        "each from its own git worktree, in turn. **Longest stop**: the longest time the step "
        "counter showed one step while playing (s), and that step. **Reached**: the step "
        "shown at the end. Run 1 / run 2; the 1-minute load average beside each figure."
    )
    rows = []
    for (name, _), (speed, when) in [(r, c) for r in REPLAYS for c in CASES]:
        cells, errors = [], 0
        for side in (0, 1):
            measured = found(runs, side, name, (speed, when))
            cells.append(
                " / ".join(
                    f"{m['longest']:.2f} s at {m['at']:,} ({m['load']:.1f})" for m in measured
                )
            )
            cells.append(" / ".join(f"{m['reached']:,}" for m in measured))
            errors += sum(len(m["errors"]) for m in measured)
        rows.append([name, f"{speed} / s, {when}", *cells, errors])
    header = [
        "replay",
        "speed, played",
        f"longest stop, {BASELINE} (load)",
        f"reached, {BASELINE}",
        f"longest stop, {now} (load)",
        f"reached, {now}",
        "page errors",
    ]
    return head + "\n\n" + table(header, rows)


if __name__ == "__main__":
    main(__doc__, BASELINE, REPLAYS, CASES, played, report, "play")
