"""Playing a long replay fast: the longest the player stops, and the server's CPU meanwhile.

A replay of more than ``LONG_FILM`` steps opens with its first 100 steps; the rest is made
in the background once the student goes on. A replay of more than ``VERY_LONG_FILM`` steps
has its first ``MIDDLE_STEPS`` made first. Until ``BASELINE`` its whole film was made
behind them (4-7 s of a core for the page's two longest replays), and a step far beyond
them came in a part before it; now, where its lesson writes parts, its later steps come only
in parts (the next one asked for 300 steps ahead of a student who plays on), its whole film
made for an export only. This measures what a student who presses Play at 30 steps a second
sees, and what it costs the server, before and now, side by side in one run: the page's two
longest replays (A* on the 31-move puzzle, 60,000 steps; annealing on 50 queens, 40,001
steps), opened in headless Chromium at 1280 x 800 on a fresh server (its films made for this
page only), played for ``WATCH_S`` seconds (``CASES``): from step 0, once the page has
stopped running or a second after the first picture shows, and from step 2,300 (a link), on
past step 3,000, where the player's part around 2,300 ends. The step counter is read every
50 ms: **longest stop**, the longest time it showed one step (or "Loading k...") while
playing, and where; **reached**, the step shown at the end; **server CPU**, what the
server's process used from the page's opening to the end of the watch (its search, its
films, its parts, the whole film made behind them before). Each checkout is served by
``streamlit run`` from a temporary git worktree; two runs, one after the other, the 1-minute
load average of this 2-core machine beside each figure.

Run: ``python -m benchmarks.bench_play`` (needs /usr/bin/chromium and git); it writes its
table into benchmarks/README.md (section "play").
"""

from __future__ import annotations

import re
import time

from benchmarks.browser_runs import found, main
from benchmarks.tables import table
from tests.app.film_browser import wait_for_player

#: The last commit at which a very long replay's whole film was made behind its middle.
BASELINE = "b4efd46"
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
#: How each replay is played: at so many steps a second (the player's fastest), from where
#: and when: from step 0 once the page has stopped running ("settled") or a second after the
#: first picture shows ("at once"); from :data:`FAR_STEP`, opened by a link, once the page
#: has stopped running ("from 2,300").
CASES = [("30", "settled"), ("30", "at once"), ("30", "from 2,300")]
#: Where the case "from 2,300" opens the replay: the part sent for it ends at step 2,999.
FAR_STEP = 2300
#: How long each replay is watched while it plays: at 30 steps a second, past its middle's
#: end (from step 0) or its part's (from step 2,300).
WATCH_S = 45.0


def played(page, url: str, case: tuple[str, str]) -> dict:
    """Open ``url``, play it at a speed, from a step and a moment (``case``: see
    :data:`CASES`) and watch the step counter."""
    speed, when = case
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    first = FAR_STEP if when == "from 2,300" else 0
    page.goto(f"{url}&step={first}" if first else url)
    if when != "at once":
        wait_for_player(page, timeout=180_000)
    page.locator(".svp-count").filter(has_text=f"Step {first} of").wait_for(timeout=180_000)
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
        f"Headless Chromium, 1280 x 800; each replay opened on a fresh server and played for "
        f"{WATCH_S:.0f} s from step 0, once the page had stopped running or a second after its "
        f"first picture, or from step {FAR_STEP:,} (a link), once the page had stopped "
        f"running; the code at {BASELINE} (before) and at {now} (now), each from its own git "
        "worktree, in turn. **Longest stop**: the longest time the step counter showed one step "
        "while playing (s), and that step. **Reached**: the step shown at the end. **Server "
        "CPU**: what the server's process used from the page's opening to the end of the watch "
        "(s). Run 1 / run 2; the 1-minute load average beside each stop."
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
            cells.append(" / ".join(f"{m['server_cpu']:.1f} s" for m in measured))
            errors += sum(len(m["errors"]) for m in measured)
        rows.append([name, f"{speed} / s, {when}", *cells, errors])
    header = [
        "replay",
        "speed, played",
        f"longest stop, {BASELINE} (load)",
        f"reached, {BASELINE}",
        f"server CPU, {BASELINE}",
        f"longest stop, {now} (load)",
        f"reached, {now}",
        f"server CPU, {now}",
        "page errors",
    ]
    return head + "\n\n" + table(header, rows)


if __name__ == "__main__":
    main(__doc__, BASELINE, REPLAYS, CASES, played, report, "play")
