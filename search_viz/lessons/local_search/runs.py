"""A recorded local-search run and the series its pictures need, derived once.

:class:`Run` records an algorithm on a board and folds its events in one pass:
the conflicts of the current board at every step, the temperature, the chance
each worse move had and whether it was taken, the restarts (a :class:`Story`),
or for the genetic algorithm each generation (an :class:`Evolution`). Every
picture of a step then only reads them.

>>> import search_viz as sv
>>> run = Run.record(sv.NQueens(8, seed=3), "simulated_annealing", {"max_steps": 50})
>>> len(run.story.objective) == len(run.trace)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from search_viz.algorithms.genetic import Generation, genetic
from search_viz.algorithms.local_search import hill_climbing, simulated_annealing
from search_viz.lessons.local_search.sentences import temperature_text
from search_viz.problems.nqueens import NQueens, State, count_conflicts
from search_viz.trace import DEFAULT_LIMIT, Trace

#: The algorithms this lesson records and films, by name.
ALGORITHMS = {
    "hill_climbing": hill_climbing,
    "simulated_annealing": simulated_annealing,
    "genetic": genetic,
}


@dataclass(frozen=True)
class Story:
    """Per-step series of a hill-climbing or annealing trace.

    ``boards``: every board that became current, the start first (and last, the
    board the run returns, which after restarts is the best one reached);
    ``board_index[k]``: which of them is current after step ``k``;
    ``objective[k]``: its conflicts; ``temperature[k]``: the event's T (NaN
    if none); ``decisions``: the steps of every accept/reject, with their
    ``deltas`` and whether they were ``accepted``; ``chances``: each
    decision's probability; ``restarts``: the steps of the restarts.
    """

    boards: list[State]
    board_index: np.ndarray
    objective: np.ndarray
    temperature: np.ndarray
    decisions: np.ndarray
    deltas: np.ndarray
    chances: np.ndarray
    accepted: np.ndarray
    restarts: np.ndarray

    @classmethod
    def of(cls, trace: Trace, start: State) -> Story:
        """Fold the events once."""
        boards = [start]
        conflicts = count_conflicts(start)
        size = len(trace)
        board_index = np.zeros(size, dtype=np.int64)
        objective = np.zeros(size, dtype=np.int64)
        temperature = np.full(size, np.nan)
        decisions, deltas, chances, accepted, restarts = [], [], [], [], []
        for k, e in enumerate(trace.events):
            kind = e.kind
            if kind in ("accept", "restart", "done"):  # done: the board the run returns
                boards.append(e.node)
                conflicts = e.value
            if kind in ("accept", "reject"):
                decisions.append(k)
                deltas.append(e.delta)
                chances.append(e.probability)
                accepted.append(kind == "accept")
            elif kind == "restart":
                restarts.append(k)
            board_index[k] = len(boards) - 1
            objective[k] = conflicts
            if e.temperature is not None:
                temperature[k] = e.temperature
        return cls(
            boards=boards,
            board_index=board_index,
            objective=objective,
            temperature=temperature,
            decisions=np.array(decisions, dtype=np.int64),
            deltas=np.array(deltas, dtype=float),
            chances=np.array(chances, dtype=float),
            accepted=np.array(accepted, dtype=bool),
            restarts=np.array(restarts, dtype=np.int64),
        )

    def board(self, step: int) -> State:
        """The current board after ``step``."""
        return self.boards[int(self.board_index[step])]

    @cached_property
    def lowest(self) -> list[int]:
        """``lowest[k]``: the fewest conflicts of the boards current up to step ``k``.

        >>> import search_viz as sv
        >>> options = {"max_steps": 6, "seed": 1}
        >>> story = Run.record(sv.NQueens(8, seed=0), "simulated_annealing", options).story
        >>> story.objective.tolist()[5:], story.lowest[5:]
        ([11, 11, 7, 7, 3, 3, 4, 4], [9, 9, 7, 7, 3, 3, 3, 3])
        """
        return np.minimum.accumulate(self.objective).tolist()


@dataclass(frozen=True)
class Evolution:
    """Per-generation series of a genetic-algorithm trace."""

    generations: list[Generation]
    steps: np.ndarray
    best: np.ndarray
    mean: np.ndarray

    @classmethod
    def of(cls, trace: Trace) -> Evolution:
        """Collect the ``generation`` events."""
        found = [(k, e.data) for k, e in enumerate(trace.events) if e.kind == "generation"]
        return cls(
            generations=[g for _, g in found],
            steps=np.array([k for k, _ in found], dtype=np.int64),
            best=np.array([min(g.conflicts) for _, g in found], dtype=float),
            mean=np.array([sum(g.conflicts) / len(g.conflicts) for _, g in found], dtype=float),
        )

    def index_at(self, step: int) -> int:
        """The latest generation completed by ``step`` (the one being bred from)."""
        return max(0, int(np.searchsorted(self.steps, step, side="right")) - 1)


@dataclass(frozen=True)
class Run:
    """A recorded run of one algorithm on one board, with what its pictures need."""

    problem: NQueens
    algorithm: str
    options: Mapping[str, Any]
    trace: Trace
    story: Story | None
    evolution: Evolution | None

    @classmethod
    def record(
        cls,
        problem: NQueens,
        algorithm: str,
        options: Mapping[str, Any] | None = None,
        limit: int = DEFAULT_LIMIT,
    ) -> Run:
        """Run ``algorithm`` ("hill_climbing", "simulated_annealing", "genetic") and fold it."""
        options = dict(options or {})
        trace = Trace.record(ALGORITHMS[algorithm](problem, **options), limit=limit)
        if algorithm == "genetic":
            return cls(problem, algorithm, options, trace, None, Evolution.of(trace))
        return cls(problem, algorithm, options, trace, Story.of(trace, problem.state), None)

    @property
    def variant(self) -> str:
        """Hill climbing's variant ("steepest" unless told otherwise)."""
        return self.options.get("variant", "steepest")

    @property
    def max_pairs(self) -> int:
        """Pairs of queens: the genetic algorithm's best fitness."""
        return self.problem.max_pairs


# ------------------------------------------------------------------- counters
def counters(run: Run, stop: int | None = None) -> list[dict[str, object]]:
    """The numbers beside the picture at every step (``stop``: at the steps before that one
    only, an opening's): what has happened so far (one pass).

    >>> import search_viz as sv
    >>> run = Run.record(sv.NQueens(8, seed=1), "hill_climbing", {"sideways": 100})
    >>> counters(run)[-1]["conflicts now"], len(counters(run, 3))
    (0, 3)
    """
    if run.algorithm == "genetic":
        return _genetic_counters(run)[:stop]
    story = run.story
    annealing = run.algorithm == "simulated_annealing"
    tried = made = sideways = restarts = worse_taken = worse_turned_down = 0
    temperature = float("nan")
    written = temperature_text(temperature)  # T in words, written again only when it changes
    objective = story.objective.tolist()
    out = []
    for k, e in enumerate(run.trace.events[:stop]):
        kind = e.kind
        if kind == "propose":
            tried += 1
        elif kind == "accept":
            made += 1
            sideways += e.delta == 0
            worse_taken += e.delta > 0
        elif kind == "reject":
            worse_turned_down += e.delta > 0
        elif kind == "restart":
            restarts += 1
        if e.temperature is not None and e.temperature is not temperature:
            temperature = e.temperature  # a proposal's T is its decision's: the same number
            written = temperature_text(temperature)
        now = objective[k]
        if annealing:
            out.append(
                {
                    "temperature T": written,
                    "conflicts now": now,
                    "moves tried": tried,
                    "worse taken": worse_taken,
                    "worse turned down": worse_turned_down,
                }
            )
        else:
            out.append(
                {
                    "conflicts now": now,
                    "moves tried": tried,
                    "moves made": made,
                    "sideways": sideways,
                    "restarts": restarts,
                }
            )
    return out


def _genetic_counters(run: Run) -> list[dict[str, object]]:
    pairs = run.max_pairs
    per_generation = [
        (g.number, min(g.conflicts), round(pairs - sum(g.conflicts) / len(g.conflicts), 1))
        for g in run.evolution.generations
    ]
    children, latest = 0, -1
    out = []
    for e in run.trace.events:
        if e.kind == "generation":
            latest += 1
        children += e.kind == "propose"
        number, fewest, mean = per_generation[max(latest, 0)]
        out.append(
            {
                "generation": number,
                "children made": children,
                "fewest conflicts": fewest,
                "mean fitness": mean,
            }
        )
    return out
