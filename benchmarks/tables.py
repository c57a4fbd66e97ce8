"""Timing helpers and the writer of the results tables in benchmarks/README.md.

Each benchmark owns one section of the README, between ``<!-- name:start -->``
and ``<!-- name:end -->``; running it replaces that section with the new table
and a line saying on what machine and when it was measured.
"""

from __future__ import annotations

import datetime
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

README = Path(__file__).with_name("README.md")


def best_of(fn: Callable[[], object], repeat: int = 5) -> float:
    """The fastest of ``repeat`` runs of ``fn``, in seconds (the least disturbed one)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def median(values: Sequence[float]) -> float:
    """The median of ``values``."""
    return statistics.median(values)


def machine() -> str:
    """One line naming this machine, its Python and today's date."""
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
        f"{datetime.date.today().isoformat()}"
    )


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def write_section(name: str, body: str, readme: Path = README) -> None:
    """Replace the section ``name`` of the README with ``body`` (added at the end if new)."""
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    block = f"{start}\n_Measured: {machine()}._\n\n{body.strip()}\n{end}"
    text = readme.read_text() if readme.exists() else "# Benchmarks\n"
    if start in text and end in text:
        before, rest = text.split(start, 1)
        after = rest.split(end, 1)[1]
        text = before + block + after
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    readme.write_text(text)
    print(f"{name}:\n{body}\n")
