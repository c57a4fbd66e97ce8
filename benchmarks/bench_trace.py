"""``trace.state(k)`` on a recorded trace of a million events: time and memory.

Run: ``python -m benchmarks.bench_trace`` (rewrites its table in benchmarks/README.md).
"""

from __future__ import annotations

import random
import time
import tracemalloc

from benchmarks.tables import median, percentile, table, write_section
from benchmarks.trees import frontier_search, random_tree
from search_viz import Trace

NODES = 500_000  # a generate and an expand per node: 1,000,000 events
SAMPLES = 1000


def typical_step(trace: Trace, k: int) -> None:
    """What a page asks of one step: the state, its counters, the current node's story."""
    s = trace.state(k)
    s.counts  # noqa: B018
    s.status(s.current)
    s.value(s.current)
    s.latest("expand")


def main() -> None:
    children = random_tree(NODES, seed=3)

    start = time.perf_counter()
    trace = Trace.record(frontier_search(children), limit=2_000_000)
    record_s = time.perf_counter() - start
    n = len(trace)
    start = time.perf_counter()
    typical_step(trace, 0)  # builds the indexes
    index_s = time.perf_counter() - start

    rng = random.Random(0)
    times = []
    for _ in range(SAMPLES):
        k = rng.randrange(n)
        start = time.perf_counter()
        typical_step(trace, k)
        times.append(time.perf_counter() - start)
    fold_k = n // 2
    start = time.perf_counter()
    trace.state(fold_k).statuses  # noqa: B018
    fold_s = time.perf_counter() - start
    del trace

    # Memory, measured apart: tracemalloc slows every allocation down.
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    trace = Trace.record(frontier_search(children), limit=2_000_000)
    events_only = tracemalloc.get_traced_memory()[0] - before
    typical_step(trace, 0)
    with_index = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()

    med, p95 = median(times) * 1e3, percentile(times, 95) * 1e3
    rows = [
        ("events recorded", f"{n:,}", "", ""),
        ("recording (`Trace.record`)", f"{record_s:.2f} s", "", ""),
        ("building the indexes (first `state` call)", f"{index_s:.2f} s", "", ""),
        ("`state(k)` at a random k: median", f"{med:.3f} ms", "under 5 ms", _ok(med < 5)),
        ("`state(k)` at a random k: p95", f"{p95:.3f} ms", "", ""),
        ("memory per event: events only", f"{events_only / n:.0f} B", "", ""),
        (
            "memory per event: events + indexes",
            f"{with_index / n:.0f} B",
            "under 200 B",
            _ok(with_index / n < 200),
        ),
        (
            f"every node's status at step {fold_k:,} (a linear fold)",
            f"{fold_s * 1e3:.0f} ms",
            "",
            "",
        ),
    ]
    body = table(["measure", "value", "target", "met"], rows)
    body += (
        "\n\nThe trace is a depth-first search with a frontier over a random tree of "
        f"{NODES:,} nodes (`benchmarks/trees.py`); a step's work is `state(k)` plus its "
        "counters, the current node's status and value, and the latest `expand`. "
        "Memory is what `tracemalloc` sees allocated by recording (the tree itself excluded)."
    )
    write_section("trace-state", body)


def _ok(met: bool) -> str:
    return "yes" if met else "**no**"


if __name__ == "__main__":
    main()
