"""Replays opened in headless Chromium on fresh servers of two commits, side by side.

``bench_play.py`` and ``bench_end.py`` measure what a student sees on a long replay: each
replay, in each case, is opened on a fresh ``streamlit run`` of one checkout (its films made
for that page only), at 1280 x 800.

>>> callable(on_fresh_servers) and callable(side_by_side) and callable(main)
True
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks.tables import write_section
from benchmarks.worktrees import checkout
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, start_app

#: What a measurement does on a page: ``visit(page, url, case)`` -> its figures.
Visit = Callable[..., dict]


def server_cpu(pid: int) -> float:
    """The CPU time (user and system, s) the process ``pid`` has used, from /proc.

    >>> server_cpu(os.getpid()) > 0
    True
    """
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def on_fresh_servers(
    root: Path, replays: Sequence[tuple[str, str]], cases: Sequence, visit: Visit
) -> list[dict]:
    """Each replay (name, link) in each case, each on a fresh server of the code in ``root``:
    ``visit``'s figures, with the replay's name, the case, the 1-minute load average and the
    CPU the server used from the page's opening to the visit's end (``server_cpu``, s)."""
    from playwright.sync_api import sync_playwright

    out = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, link in replays:
            for case in cases:
                process, url = start_app(root=root)
                try:
                    load = os.getloadavg()[0]
                    started = server_cpu(process.pid)
                    page = browser.new_page(viewport={"width": 1280, "height": 800})
                    result = visit(page, f"{url}/{link}", case)
                    result["server_cpu"] = server_cpu(process.pid) - started
                    page.close()
                finally:
                    process.terminate()
                    with contextlib.suppress(Exception):
                        process.wait(timeout=10)
                out.append({"replay": name, "case": case, "load": load, **result})
                print(out[-1], flush=True)
        browser.close()
    return out


def side_by_side(
    baseline: str, replays: Sequence[tuple[str, str]], cases: Sequence, visit: Visit, runs: int
) -> list[tuple[list[dict], list[dict]]]:
    """``runs`` times, every replay in every case at ``baseline`` then at HEAD, each from its
    own git worktree: [(before, now), ...] as :func:`on_fresh_servers` gives them."""
    out = []
    with checkout(baseline) as before, checkout("HEAD") as current:
        for _ in range(runs):
            out.append(
                (
                    on_fresh_servers(before, replays, cases, visit),
                    on_fresh_servers(current, replays, cases, visit),
                )
            )
    return out


def found(runs: list[tuple[list[dict], list[dict]]], side: int, name: str, case) -> list[dict]:
    """The measurement of replay ``name`` in ``case`` on ``side`` (0: before, 1: now) of
    each run.

    >>> found([([{"replay": "A", "case": 1, "x": 2}], [])], 0, "A", 1)
    [{'replay': 'A', 'case': 1, 'x': 2}]
    """
    return [next(m for m in run[side] if (m["replay"], m["case"]) == (name, case)) for run in runs]


def main(
    doc: str,
    baseline: str,
    replays: Sequence[tuple[str, str]],
    cases: Sequence,
    visit: Visit,
    report: Callable[[list, str], str],
    section: str,
) -> None:
    """A benchmark's command line: ``--runs`` side-by-side runs, their ``report`` written
    into benchmarks/README.md's ``section`` (``--no-write``: printed)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--no-write", action="store_true", help="print, do not write the README")
    args = parser.parse_args()
    now = os.popen("git rev-parse --short HEAD").read().strip()
    body = report(side_by_side(baseline, replays, cases, visit, args.runs), now)
    if args.no_write:
        print(body)
    else:
        write_section(section, body)
