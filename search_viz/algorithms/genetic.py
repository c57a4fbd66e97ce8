"""A genetic algorithm on n-queens, as a generator of events.

A population of boards evolves: the fittest few are kept (elitism), the rest
of the next generation are children of two parents picked by fitness, made by
crossover (columns from one parent, the rest from the other) and sometimes a
mutation (one queen moved to a random row). Fitness is the number of pairs of
queens that do *not* attack each other, as in AIMA: ``n (n - 1) / 2`` means
solved.

Events: one ``generation`` for the starting population (number 0) and after
each new one (``value``: the best conflicts, ``data``: a :class:`Generation`),
one ``propose`` per child (``value``: its conflicts, ``data``: an
:class:`Offspring` saying where each column came from), ``done`` at the end.

>>> import search_viz as sv
>>> r = sv.run(sv.genetic(sv.NQueens(8, seed=4), seed=4))
>>> r.value, r.stats["generations"], r.state
(0, 52, (1, 7, 5, 0, 2, 4, 6, 3))
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Generator, Sequence
from itertools import accumulate
from typing import Any, NamedTuple

from search_viz.algorithms.local_search import check_choice, check_count, check_queens
from search_viz.checks import WrongTypeError, describe, whole_number
from search_viz.events import Event, Result
from search_viz.problems.nqueens import NQueens, State, count_conflicts

CROSSOVERS = ("one-point", "uniform")
#: The largest population (each generation is one event per child, and a board per child).
MAX_POPULATION = 10_000
SELECTIONS = ("roulette", "tournament")
#: Boards drawn for each tournament.
TOURNAMENT_SIZE = 3

GENETIC_PSEUDOCODE = """\
population ← the start board + random ones
for generation = 1 to G:
    next ← the E fittest boards (elitism)
    while next has fewer than P boards:
        x, y ← parents picked by fitness
        child ← {crossover}
        with chance m: mutate(child)
        add child to next
    population ← next
    if a board has h = 0: return it
return the fittest board"""

_CROSSOVER_LINES = {
    "one-point": "x up to a random cut, then y",
    "uniform": "each column from x or y",
}


class Offspring(NamedTuple):
    """Where a child came from.

    ``parents``: the two parents' places in the previous population;
    ``from_first``: for each column, whether it came from the first parent;
    ``cut``: the one-point crossover's cut (columns before it from the first
    parent), None for uniform crossover; ``mutated``: ``(column, row)`` of the
    queen a mutation moved, else None; ``crossed``: the child the crossover
    made, before any mutation (a practice question asks for it).
    """

    parents: tuple[int, int]
    from_first: tuple[bool, ...]
    cut: int | None
    mutated: tuple[int, int] | None
    crossed: State = ()


class Generation(NamedTuple):
    """A complete population: its ``number`` (0 = the start), boards and their conflicts."""

    number: int
    population: tuple[State, ...]
    conflicts: tuple[int, ...]


def genetic_pseudocode(crossover: str = "one-point") -> str:
    """The pseudocode a page shows next to the run; events' ``line`` numbers point into it.

    >>> genetic_pseudocode("uniform").splitlines()[5].strip()
    'child ← each column from x or y'
    """
    return GENETIC_PSEUDOCODE.format(crossover=_CROSSOVER_LINES[crossover])


def _check_rate(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        error = ValueError if isinstance(value, (int, float)) else WrongTypeError
        raise error(f"{name} must be a probability from 0 to 1, not {describe(value)}.")
    return float(value)


def genetic(
    q: NQueens,
    population: int = 50,
    generations: int = 500,
    seed: int = 1,
    crossover: str = "one-point",
    mutation: float = 0.3,
    elitism: int = 2,
    selection: str = "roulette",
) -> Generator[Event, None, Any]:
    """A genetic algorithm on n-queens, starting from ``q.state`` and random boards.

    ``population``: boards per generation (2 to :data:`MAX_POPULATION`);
    ``generations``: how many to breed at most; ``crossover``: "one-point" or "uniform";
    ``mutation``: the chance a child has one queen moved; ``elitism``: how
    many of the fittest boards pass unchanged into the next generation (0 to
    ``population − 1``); ``selection``: "roulette" (chance proportional to
    fitness, as in AIMA) or "tournament" (the fittest of 3 random boards, or of all if fewer).
    Stops after the first generation holding a solution.

    Returns a Result whose ``state`` is the fittest board of the last
    generation and ``value`` its conflicts; ``stats`` counts ``generations``
    and ``children``.

    >>> import search_viz as sv
    >>> tr = sv.Trace.record(sv.genetic(sv.NQueens(8, seed=1), population=4, generations=1))
    >>> [e.kind for e in tr.events]
    ['generation', 'propose', 'propose', 'generation', 'done']
    >>> tr.events[0].data.population[0] == sv.NQueens(8, seed=1).state
    True
    """
    check_queens(q, "the genetic algorithm")
    size = check_count("population", population, low=2)
    if size > MAX_POPULATION:
        raise ValueError(
            f"population must be at most {MAX_POPULATION:,} boards, not {describe(size)}."
        )
    generations = check_count("generations", generations)
    check_choice("crossover", crossover, CROSSOVERS)
    check_choice("selection", selection, SELECTIONS)
    mutation = _check_rate("mutation", mutation)
    elitism = check_count("elitism", elitism)
    if elitism >= size:
        raise ValueError(
            f"elitism must be smaller than the population ({size}): "
            f"at least one child must be bred each generation, not {elitism}."
        )
    seed = whole_number("seed", seed)
    return _genetic(q, size, generations, seed, crossover, mutation, elitism, selection)


def _genetic(
    q: NQueens,
    size: int,
    generations: int,
    seed: int,
    crossover: str,
    mutation: float,
    elitism: int,
    selection: str,
) -> Generator[Event, None, Any]:
    rng = random.Random(seed)
    n = q.n
    pairs = q.max_pairs
    boards = [q.state] + [q.random_state(rng) for _ in range(size - 1)]
    conflicts = [count_conflicts(b) for b in boards]
    yield Event(
        "generation",
        value=min(conflicts),
        data=Generation(0, tuple(boards), tuple(conflicts)),
        line=1,
    )
    number = children = 0
    while number < generations and min(conflicts) > 0:
        number += 1
        pick = _selector(selection, [pairs - c for c in conflicts], rng)
        ranked = sorted(range(size), key=conflicts.__getitem__)
        next_boards = [boards[i] for i in ranked[:elitism]]
        next_conflicts = [conflicts[i] for i in ranked[:elitism]]
        while len(next_boards) < size:
            a, b = pick(), pick()
            child, origin = _breed(boards[a], boards[b], (a, b), crossover, mutation, n, rng)
            value = count_conflicts(child)
            children += 1
            yield Event("propose", child, value=value, data=origin, line=8)
            next_boards.append(child)
            next_conflicts.append(value)
        boards, conflicts = next_boards, next_conflicts
        yield Event(
            "generation",
            value=min(conflicts),
            data=Generation(number, tuple(boards), tuple(conflicts)),
            line=9,
        )
    best = min(range(size), key=conflicts.__getitem__)
    solved = conflicts[best] == 0
    yield Event(
        "done",
        boards[best],
        value=conflicts[best],
        data="solved" if solved else "max generations",
        line=10 if solved else 11,
    )
    return Result(
        value=conflicts[best],
        state=boards[best],
        stats={
            "steps": number,
            "generations": number,
            "children": children,
            "stopped": "solved" if solved else "max generations",
        },
    )


def _selector(selection: str, fitness: Sequence[int], rng: random.Random):
    """A function that picks one parent's place in the population."""
    places = range(len(fitness))
    if selection == "tournament":
        entrants = min(TOURNAMENT_SIZE, len(fitness))
        return lambda: max(rng.sample(places, entrants), key=fitness.__getitem__)
    if sum(fitness) == 0:  # every board attacks everywhere: pick uniformly
        return lambda: rng.randrange(len(fitness))
    cumulative = list(accumulate(fitness))
    total = cumulative[-1]
    return lambda: bisect_right(cumulative, rng.random() * total)


def _breed(
    x: State,
    y: State,
    parents: tuple[int, int],
    crossover: str,
    mutation: float,
    n: int,
    rng: random.Random,
) -> tuple[State, Offspring]:
    """A child of ``x`` and ``y``, and where each of its columns came from."""
    if crossover == "one-point":
        cut = rng.randrange(1, n)
        from_first = (True,) * cut + (False,) * (n - cut)
        rows = [*x[:cut], *y[cut:]]
    else:
        cut = None
        from_first = tuple(rng.random() < 0.5 for _ in range(n))
        rows = [x[c] if first else y[c] for c, first in enumerate(from_first)]
    crossed = tuple(rows)
    mutated = None
    if rng.random() < mutation:
        column = rng.randrange(n)
        row = rng.randrange(n - 1)
        if row >= rows[column]:
            row += 1  # a mutation always moves the queen
        rows[column] = row
        mutated = (column, row)
    return tuple(rows), Offspring(parents, from_first, cut, mutated, crossed)
