"""Experiments: each local-search setting on many seeded random boards, summed up.

Board ``i`` of an experiment is ``NQueens(n, seed=first_seed + i)`` and the
algorithm's own seed is the same number, so every row of the table is
reproducible and every setting meets the same boards.

The classic result to compare with (Russell and Norvig, *AIMA*, 3rd ed.,
section 4.1.1): on random 8-queens boards, steepest-ascent hill climbing
solves 14% (4 moves on average when it succeeds, 3 when it gets stuck);
allowing up to 100 sideways moves in a row, 94% (21 moves on success, 64 on
failure).

>>> s = run_setting(SETTINGS[0], n=8, boards=20)
>>> s.label, s.runs, 0 <= s.success_rate <= 1
('Steepest ascent', 20, True)
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from search_viz.algorithms.genetic import genetic
from search_viz.algorithms.local_search import hill_climbing, simulated_annealing
from search_viz.events import Result
from search_viz.problems.nqueens import NQueens

ALGORITHMS: dict[str, Callable[..., Any]] = {
    "hill_climbing": hill_climbing,
    "simulated_annealing": simulated_annealing,
    "genetic": genetic,
}


class Setting(NamedTuple):
    """One row of an experiment: an algorithm and its options, with a label and a step unit."""

    label: str
    algorithm: str
    options: tuple[tuple[str, Any], ...] = ()
    #: What a step is: the Result's stat that the table averages.
    unit: str = "moves"
    #: The published success rate on random 8-queens boards, where there is one.
    classic: float | None = None


#: The settings the lesson compares.
SETTINGS: tuple[Setting, ...] = (
    Setting("Steepest ascent", "hill_climbing", classic=0.14),
    Setting(
        "Steepest ascent, ≤ 100 sideways moves",
        "hill_climbing",
        (("sideways", 100),),
        classic=0.94,
    ),
    Setting("First-choice hill climbing", "hill_climbing", (("variant", "first-choice"),)),
    Setting("Steepest ascent, ≤ 100 random restarts", "hill_climbing", (("restarts", 100),)),
    Setting(
        "Simulated annealing (the notes: next column in turn)",
        "simulated_annealing",
        unit="steps",
    ),
    Setting(
        "Simulated annealing (random neighbour)",
        "simulated_annealing",
        (("neighbour", "random"),),
        unit="steps",
    ),
    Setting("Genetic algorithm (50 boards)", "genetic", unit="generations"),
)


class Summary(NamedTuple):
    """How one setting did over ``runs`` boards."""

    label: str
    runs: int
    solved: int
    mean_steps_solved: float | None
    mean_steps_failed: float | None
    mean_ms: float
    unit: str
    classic: float | None

    @property
    def success_rate(self) -> float:
        """The share of boards solved, from 0 to 1."""
        return self.solved / self.runs if self.runs else 0.0


def run_once(setting: Setting, n: int, seed: int) -> tuple[Result, float]:
    """One run of ``setting`` on board ``seed``: its Result and its seconds (events drained).

    >>> r, seconds = run_once(SETTINGS[1], 8, seed=1)
    >>> r.value
    0
    """
    gen = ALGORITHMS[setting.algorithm](NQueens(n, seed=seed), seed=seed, **dict(setting.options))
    step = gen.__next__
    start = time.perf_counter()
    try:
        while True:
            step()
    except StopIteration as stop:
        return stop.value, time.perf_counter() - start


def _mean(values: list[int]) -> float | None:
    return statistics.fmean(values) if values else None


def run_setting(
    setting: Setting,
    n: int = 8,
    boards: int = 100,
    first_seed: int = 0,
    on_board: Callable[[int], None] | None = None,
) -> Summary:
    """Run ``setting`` on ``boards`` seeded random boards; ``on_board(i)`` after each one.

    Steps are counted in the setting's ``unit``: moves made for hill climbing
    (as Russell and Norvig count them), steps (proposals) for annealing,
    generations for the genetic algorithm.

    >>> s = run_setting(SETTINGS[1], n=8, boards=10)
    >>> s.solved, s.unit
    (9, 'moves')
    """
    solved_steps: list[int] = []
    failed_steps: list[int] = []
    seconds = 0.0
    for i in range(boards):
        result, took = run_once(setting, n, first_seed + i)
        seconds += took
        (solved_steps if result.value == 0 else failed_steps).append(result.stats[setting.unit])
        if on_board is not None:
            on_board(i)
    return Summary(
        label=setting.label,
        runs=boards,
        solved=len(solved_steps),
        mean_steps_solved=_mean(solved_steps),
        mean_steps_failed=_mean(failed_steps),
        mean_ms=seconds / boards * 1e3 if boards else 0.0,
        unit=setting.unit,
        classic=setting.classic if n == 8 else None,
    )
