"""What each local-search step says: one plain sentence per event, made when it is shown.

>>> from search_viz.events import Event
>>> from search_viz.algorithms.local_search import Move
>>> e = Event("reject", (0,), value=7, temperature=0.5, delta=2, probability=0.0183, data=0.61)
>>> explain_local(e).split(": ")[1]
'its chance was e^(−2/0.5) = 0.0183 and the random draw r = 0.61 was not below it.'
"""

from __future__ import annotations

from search_viz.events import Event, format_value


def pairs(k: int) -> str:
    """``k`` attacking pairs, in words.

    >>> pairs(1), pairs(3)
    ('1 attacking pair', '3 attacking pairs')
    """
    return f"{k} attacking pair" + ("" if k == 1 else "s")


def signed(delta: float) -> str:
    """Δ with its sign.

    >>> signed(2), signed(-1), signed(0)
    ('+2', '−1', '0')
    """
    if delta > 0:
        return f"+{format_value(delta)}"
    if delta < 0:
        return f"−{format_value(-delta)}"
    return "0"


def temperature_text(t: float) -> str:
    """The temperature as the lesson writes it: to 5 significant digits, enough to work out
    e^(−Δ/T) to 2 decimals from it.

    >>> temperature_text(1000.0), temperature_text(970.299), temperature_text(0.0123456)
    ('1000', '970.3', '0.012346')
    """
    return f"{t:.5g}"


def draw_text(r: float) -> str:
    """The random draw as the lesson writes it: to 4 significant digits.

    >>> draw_text(0.61), draw_text(0.614372)
    ('0.61', '0.6144')
    """
    return f"{r:.4g}"


def _verdict(delta: float) -> str:
    return "better" if delta < 0 else ("worse" if delta > 0 else "no better, no worse")


def _move(e: Event) -> str:
    column, start, row = e.data
    return f"the queen of column {column} from row {start} to row {row}"


def _propose(
    e: Event, algorithm: str, variant: str, max_pairs: int | None, draw: float | None
) -> str:
    if algorithm == "genetic":
        return _child(e, max_pairs)
    before = e.value - e.delta
    change = f"{_move(e)}: {before} → {pairs(e.value)} (Δ = {signed(e.delta)}, {_verdict(e.delta)})"
    if algorithm == "simulated_annealing":
        s = f"T = {temperature_text(e.temperature)}. Try moving {change}."
        if draw is not None:
            s += f" The random draw is r = {draw_text(draw)}."
        return s
    if variant == "steepest":
        return f"The best move is {change}."
    return f"Try a random untried move, {change}."


def _accept(e: Event, algorithm: str) -> str:
    if e.delta < 0:
        return f"Accept: it is better (Δ = {signed(e.delta)}), and a better board is always taken."
    if e.delta == 0:
        if algorithm == "hill_climbing":
            return "Accept a sideways move (Δ = 0): no better, no worse, a way across a plateau."
        return "Accept: it is no worse (Δ = 0), and e^0 = 1."
    return (
        f"Accept the worse board: its chance was e^(−{format_value(e.delta)}/"
        f"{temperature_text(e.temperature)}) = {format_value(e.probability)} and the random "
        f"draw r = {draw_text(e.data)} was below it."
    )


def _reject(e: Event, algorithm: str, variant: str) -> str:
    if algorithm == "simulated_annealing":
        return (
            f"Reject the worse board: its chance was e^(−{format_value(e.delta)}/"
            f"{temperature_text(e.temperature)}) = {format_value(e.probability)} and the random "
            f"draw r = {draw_text(e.data)} was not below it."
        )
    if variant == "steepest":
        if e.delta > 0:
            return (
                f"Reject: even the best move is worse (Δ = {signed(e.delta)}). "
                "A local minimum: hill climbing is stuck."
            )
        return (
            "Reject: the best move is only sideways (Δ = 0) and no sideways moves are left. "
            "Stuck on a plateau."
        )
    if e.delta > 0:
        return f"Reject: it is worse (Δ = {signed(e.delta)}); hill climbing never goes downhill."
    return "Reject: it is no better (Δ = 0) and no sideways moves are left."


def _columns(first: int, last: int) -> str:
    return f"column {first}" if first == last else f"columns {first}–{last}"


def _child(e: Event, max_pairs: int | None) -> str:
    origin = e.data
    x, y = origin.parents
    n = len(origin.from_first)
    if origin.cut is not None:
        where = (
            f"{_columns(0, origin.cut - 1)} from board #{x}, {_columns(origin.cut, n - 1)} "
            f"from board #{y} (cut before column {origin.cut})"
        )
    else:
        mine = sum(origin.from_first)
        where = (
            f"each column from board #{x} or #{y} at random "
            f"({mine} from #{x}, {n - mine} from #{y})"
        )
    s = f"A child: {where}"
    if origin.mutated is not None:
        column, row = origin.mutated
        s += f"; a mutation moved the queen of column {column} to row {row}"
    s += f". It has {pairs(e.value)}"
    if max_pairs is not None:
        s += f" (fitness {max_pairs - e.value} of {max_pairs})"
    return s + "."


def _generation(e: Event, max_pairs: int | None) -> str:
    g = e.data
    mean = sum(g.conflicts) / len(g.conflicts)
    if g.number == 0:
        s = (
            f"The starting population: {len(g.population)} boards, "
            f"the fittest with {pairs(e.value)}"
        )
    else:
        s = f"Generation {g.number} is complete: the fittest board has {pairs(e.value)}"
    if max_pairs is not None:
        s += (
            f" (fitness {max_pairs - e.value} of {max_pairs}); "
            f"mean fitness {format_value(round(max_pairs - mean, 1))}"
        )
    return s + "."


_DONE = {
    "solved": "Solved: no two queens attack each other.",
    "stuck": "Stuck and no restarts left: the best board reached has {pairs}.",
    "max steps": "Stopped after the last allowed step with {pairs}.",
    "max generations": "No solution by the last generation: the fittest board has {pairs}.",
}


def explain_local(
    event: Event,
    algorithm: str = "simulated_annealing",
    variant: str = "steepest",
    max_pairs: int | None = None,
    draw: float | None = None,
) -> str:
    """One sentence a student can read about a local-search event on n-queens.

    ``algorithm``: "hill_climbing", "simulated_annealing" or "genetic";
    ``variant``: hill climbing's "steepest" or "first-choice"; ``max_pairs``:
    the number of pairs of queens, to state the genetic algorithm's fitness;
    ``draw``: annealing's random draw for a worse proposal (made after it, said
    with it so that the student can decide before the decision is shown).

    >>> from search_viz.algorithms.local_search import Move
    >>> e = Event("propose", (1, 0, 3, 2), value=2, delta=-1, data=Move(0, 3, 1))
    >>> explain_local(e, "hill_climbing").split(": ")[1]
    '3 → 2 attacking pairs (Δ = −1, better).'
    """
    kind = event.kind
    if kind == "propose":
        return _propose(event, algorithm, variant, max_pairs, draw)
    if kind == "accept":
        return _accept(event, algorithm)
    if kind == "reject":
        return _reject(event, algorithm, variant)
    if kind == "restart":
        return f"Restart {event.data}: a new random board with {pairs(event.value)}."
    if kind == "generation":
        return _generation(event, max_pairs)
    if kind == "done":
        return _DONE.get(event.data, "The search is over with {pairs}.").format(
            pairs=pairs(event.value)
        )
    return event.note


#: The algorithms' names, as the page and the films call them.
TITLES = {
    "hill_climbing": "Hill climbing",
    "simulated_annealing": "Simulated annealing",
    "genetic": "Genetic algorithm",
}


def summary(run) -> str:
    """One line about the whole run (a :class:`~search_viz.lessons.local_search.runs.Run`):
    where it started, how it ended, how long it took (Markdown).

    How long is said in the algorithm's own unit, as its counters say it (moves tried,
    generations), never in steps: "step" is the player's word for a step of the replay,
    which may take two (a proposal, then its verdict) or stand for a whole generation.

    >>> import search_viz as sv
    >>> from search_viz.lessons.local_search.runs import Run
    >>> summary(Run.record(sv.NQueens(8, state=(1, 3, 5, 7, 2, 0, 6, 4)), "hill_climbing"))
    'Hill climbing from a board with 0 attacking pairs: **solved** after 0 moves tried: the \
start board is a solution.'
    >>> annealing = Run.record(sv.NQueens(8, seed=0), "simulated_annealing", {"seed": 1})
    >>> summary(annealing).split(": ")[1]
    '**solved** after 913 moves tried.'
    """
    r = run.trace.result
    start = run.problem.conflicts(run.problem.state)
    name = TITLES[run.algorithm]
    stopped = r.stats.get("stopped")
    if run.algorithm == "genetic":
        count = r.stats["generations"]
        length = f"{count:,} generation" + ("" if count == 1 else "s")
    else:
        count = r.stats["steps"]  # the algorithm's steps: one proposed move each
        length = f"{count:,} move" + (" tried" if count == 1 else "s tried")
    if stopped == "solved" and count == 0:
        where = "the start board" if run.algorithm != "genetic" else "a starting board"
        length += f": {where} is a solution"
    outcome = {
        "solved": f"**solved** after {length}",
        "stuck": f"**stuck** after {length}, best board: {pairs(r.value)}",
    }.get(stopped, f"stopped after {length} with {pairs(r.value)}")
    return f"{name} from a board with {pairs(start)}: {outcome}."
