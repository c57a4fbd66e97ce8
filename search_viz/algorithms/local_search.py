"""Local search on n-queens: hill climbing and simulated annealing, as generators of events.

Both walk from board to neighbouring board (one queen moved within its
column). Each step is a ``propose`` (the neighbour, its conflicts, ``delta`` =
how much worse it is, negative is better) followed by an ``accept`` or a
``reject`` carrying ``probability``, the chance the neighbour was accepted
with (and in annealing the ``temperature``). Hill climbing never takes a
worse board; annealing takes one with probability e^(−Δ/T).

>>> import search_viz as sv
>>> q = sv.NQueens(8, seed=3)
>>> r = sv.run(sv.simulated_annealing(q, seed=1))
>>> r.value, sv.NQueens(8).conflicts(r.state)
(0, 0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator
from typing import Any, NamedTuple

from search_viz.checks import WrongTypeError, describe, flag, whole_number
from search_viz.events import Event, Result
from search_viz.problems.nqueens import Board, NQueens

VARIANTS = ("steepest", "first-choice")
SCHEDULES = ("exponential", "linear")
NEIGHBOURS = ("column-in-turn", "random")

SearchGenerator = Generator[Event, None, Any]

STEEPEST_PSEUDOCODE = """\
current ← the start board
repeat (at most max_steps times):
    if h(current) = 0: return current
    next ← the best move of one queen
    Δ ← h(next) − h(current)
    if Δ < 0 or (Δ = 0 and sideways left):
        current ← next
    else if restarts left: restart
    else: return the best board seen"""

FIRST_CHOICE_PSEUDOCODE = """\
current ← the start board
repeat (at most max_steps times):
    if h(current) = 0: return current
    if every move was tried:
        if restarts left: restart
        else: return the best board seen
    next ← a random move not tried yet
    Δ ← h(next) − h(current)
    if Δ < 0 or (Δ = 0 and sideways left):
        current ← next"""

ANNEALING_PSEUDOCODE = """\
current ← the start board;  T ← T0
for step = 1 to max_steps:
    if h(current) = 0: return current
    next ← {neighbour}
    Δ ← h(next) − h(current)
    if Δ ≤ 0: current ← next
    else if random() < e^(−Δ/T):
        current ← next
    {cooling}
return current"""

#: h(board) in the pseudocode: the number of attacking pairs.
_NEIGHBOUR_LINES = {
    "column-in-turn": "next column's queen, new row",
    "random": "a random queen, new row",
}
_COOLING_LINES = {
    "exponential": "T ← T × cooling",
    "linear": "T ← T0 × (1 − step / max_steps)",
}

# The pseudocode line of each event, per algorithm.
_STEEPEST_LINES = {"propose": 4, "accept": 7, "reject": 6, "restart": 8, "solved": 3, "stuck": 9}
_FIRST_CHOICE_LINES = {
    "propose": 7,
    "accept": 10,
    "reject": 9,
    "restart": 5,
    "solved": 3,
    "stuck": 6,
}
_MAX_STEPS_LINE = 2


class Move(NamedTuple):
    """A proposed move: the queen of ``column`` goes from row ``start`` to ``row``."""

    column: int
    start: int
    row: int


def pseudocode_for(algorithm: str, variant: str = "steepest", **options: str) -> str:
    """The pseudocode a page shows next to the run; events' ``line`` numbers point into it.

    >>> pseudocode_for("hill_climbing", "first-choice").splitlines()[6].strip()
    'next ← a random move not tried yet'
    >>> "T × cooling" in pseudocode_for("simulated_annealing")
    True
    """
    if algorithm == "hill_climbing":
        return STEEPEST_PSEUDOCODE if variant == "steepest" else FIRST_CHOICE_PSEUDOCODE
    if algorithm == "simulated_annealing":
        return ANNEALING_PSEUDOCODE.format(
            neighbour=_NEIGHBOUR_LINES[options.get("neighbour", "column-in-turn")],
            cooling=_COOLING_LINES[options.get("schedule", "exponential")],
        )
    raise ValueError(f"no pseudocode for {algorithm!r}")


def check_count(name: str, value: object, low: int = 0) -> int:
    """``value`` as an int of at least ``low``, or a ValueError naming ``name``.

    >>> check_count("restarts", 3)
    3
    """
    return whole_number(name, value, low=low)


def check_choice(name: str, value: object, allowed: tuple[str, ...]) -> str:
    """``value`` if it is one of ``allowed``, or a ValueError listing them.

    >>> check_choice("schedule", "cubic", SCHEDULES)
    Traceback (most recent call last):
    ...
    ValueError: schedule must be one of 'exponential', 'linear', not 'cubic'.
    """
    if not isinstance(value, str) or value not in allowed:
        error = ValueError if isinstance(value, str) else WrongTypeError
        raise error(
            f"{name} must be one of {', '.join(map(repr, allowed))}, not {describe(value)}."
        )
    return value


def temperature(t0: float, cooling: float, schedule: str, step: int, max_steps: int) -> float:
    """The temperature at ``step`` (0-based) of an annealing run.

    Exponential: ``t0 · cooling^step`` (the notes: start at 1000, multiply by
    0.99 each step). Linear: from ``t0`` down to 0 at ``max_steps``.

    >>> temperature(1000, 0.99, "exponential", 2, 10_000)
    980.1
    >>> temperature(1000, 0.99, "linear", 2500, 10_000)
    750.0
    """
    if schedule == "exponential":
        return t0 * cooling**step
    return t0 * (1 - step / max_steps)


def check_queens(q: object, who: str) -> NQueens:
    """``q`` if it is an :class:`NQueens` problem, else an error naming the algorithm ``who``.

    >>> check_queens((0, 1, 2, 3), "hill climbing")
    Traceback (most recent call last):
    ...
    search_viz.checks.WrongTypeError: hill climbing needs an NQueens problem, e.g. \
sv.NQueens(8, seed=1), not (0, 1, 2, 3) (a tuple).
    """
    if not isinstance(q, NQueens):
        raise WrongTypeError(
            f"{who} needs an NQueens problem, e.g. sv.NQueens(8, seed=1), "
            f"not {describe(q)} (a {type(q).__name__})."
        )
    return q


def _best_move(board: Board, rng: random.Random) -> tuple[int, int, int]:
    """Steepest ascent's choice: the move with the lowest delta, ties broken at random."""
    best, ties = None, []
    rows, n, delta = board.rows, board.n, board.delta
    for column in range(n):
        here = rows[column]
        for row in range(n):
            if row == here:
                continue
            d = delta(column, row)
            if best is None or d < best:
                best, ties = d, [(column, row)]
            elif d == best:
                ties.append((column, row))
    column, row = ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]
    return column, row, best  # type: ignore[return-value]


def hill_climbing(
    q: NQueens,
    variant: str = "steepest",
    sideways: int = 0,
    restarts: int = 0,
    seed: int = 1,
    max_steps: int = 10_000,
) -> SearchGenerator:
    """Hill climbing on n-queens: move to a better neighbour until none is better.

    ``variant``: "steepest" proposes the best neighbour (ties broken at
    random); "first-choice" proposes random untried neighbours until one is
    better. ``sideways``: how many moves in a row may keep the conflicts equal
    (a way off a plateau). ``restarts``: how many times to start again from a
    random board when stuck. ``max_steps`` bounds the proposals.

    Yields ``propose`` then ``accept`` (probability 1) or ``reject``
    (probability 0): it never takes a worse board. Returns a Result whose
    ``state`` is the best board reached and ``value`` its conflicts; ``stats``
    counts ``steps`` (proposals), ``moves``, ``sideways``, ``restarts``.

    >>> import search_viz as sv
    >>> r = sv.run(sv.hill_climbing(sv.NQueens(8, seed=1)))
    >>> r.stats["stopped"], r.value
    ('stuck', 1)
    >>> sv.run(sv.hill_climbing(sv.NQueens(8, seed=1), sideways=100)).value
    0
    """
    check_queens(q, "hill climbing")
    check_choice("variant", variant, VARIANTS)
    sideways = check_count("sideways", sideways)
    restarts = check_count("restarts", restarts)
    max_steps = check_count("max_steps", max_steps, low=1)
    seed = whole_number("seed", seed)
    return _hill_climbing(q, variant, sideways, restarts, seed, max_steps)


def _hill_climbing(
    q: NQueens, variant: str, sideways: int, restarts: int, seed: int, max_steps: int
) -> SearchGenerator:
    board = Board(q.state)
    rng = random.Random(seed)
    lines = _STEEPEST_LINES if variant == "steepest" else _FIRST_CHOICE_LINES
    steps = moves = sideways_moves = restarts_done = 0
    in_a_row = 0  # sideways moves in a row
    best_state, best_value = board.state(), board.conflicts
    untried: list[tuple[int, int]] = []
    fresh = True  # first-choice: `untried` must be refilled for the current board
    stopped = "max steps"
    while steps < max_steps:
        if board.conflicts == 0:
            stopped = "solved"
            break
        if variant == "steepest":
            column, row, delta = _best_move(board, rng)
        else:
            if fresh:
                untried = [
                    (c, r) for c in range(board.n) for r in range(board.n) if r != board.rows[c]
                ]
                fresh = False
            if not untried:
                column = None
            else:
                pick = rng.randrange(len(untried))
                untried[pick], untried[-1] = untried[-1], untried[pick]
                column, row = untried.pop()
                delta = board.delta(column, row)
        if column is not None:
            steps += 1
            neighbour = board.moved(column, row)
            value = board.conflicts + delta
            yield Event(
                "propose",
                neighbour,
                value=value,
                delta=delta,
                data=Move(column, board.rows[column], row),
                line=lines["propose"],
            )
            if delta < 0 or (delta == 0 and in_a_row < sideways):
                in_a_row = in_a_row + 1 if delta == 0 else 0
                sideways_moves += delta == 0
                moves += 1
                board.move(column, row)
                fresh = True
                yield Event(
                    "accept",
                    neighbour,
                    value=value,
                    delta=delta,
                    probability=1.0,
                    line=lines["accept"],
                )
                continue
            yield Event(
                "reject", neighbour, value=value, delta=delta, probability=0.0, line=lines["reject"]
            )
            if variant == "first-choice":
                continue
        # Stuck: no neighbour is better (a local minimum, or a plateau with no sideways left).
        if board.conflicts < best_value:
            best_state, best_value = board.state(), board.conflicts
        if restarts_done == restarts:
            stopped = "stuck"
            break
        restarts_done += 1
        in_a_row = 0
        board = Board(q.random_state(rng))
        fresh = True
        yield Event(
            "restart",
            board.state(),
            value=board.conflicts,
            data=restarts_done,
            line=lines["restart"],
        )
    if board.conflicts <= best_value:
        best_state, best_value = board.state(), board.conflicts
    done_line = {"solved": lines["solved"], "stuck": lines["stuck"]}.get(stopped, _MAX_STEPS_LINE)
    yield Event("done", best_state, value=best_value, data=stopped, line=done_line)
    return Result(
        value=best_value,
        state=best_state,
        stats={
            "steps": steps,
            "moves": moves,
            "sideways": sideways_moves,
            "restarts": restarts_done,
            "stopped": stopped,
        },
    )


def simulated_annealing(
    q: NQueens,
    t0: float = 1000,
    cooling: float = 0.99,
    schedule: str = "exponential",
    max_steps: int = 10_000,
    seed: int = 1,
    neighbour: str = "column-in-turn",
    stop_when_solved: bool = True,
) -> SearchGenerator:
    """Simulated annealing on n-queens, the notes' scheme by default.

    Each step proposes a neighbour: with ``neighbour="column-in-turn"`` (the
    notes) a new random row for the queen of the next column in turn (column
    ``step mod n``); with ``"random"`` (the classic scheme) a random queen and
    a random new row. A better or equal neighbour is always accepted, a worse
    one (Δ > 0) with probability e^(−Δ/T). The temperature starts at ``t0``;
    ``schedule="exponential"`` multiplies it by ``cooling`` each step,
    ``"linear"`` lowers it evenly to 0 at ``max_steps`` (and ignores
    ``cooling``). The run stops when the board is solved (unless
    ``stop_when_solved`` is False) or after ``max_steps`` steps.

    Yields ``propose`` (with the temperature and Δ) and then ``accept`` or
    ``reject`` with ``temperature``, ``delta`` and ``probability``; for a
    worse move ``data`` is the random draw compared with the probability.
    Returns a Result with the final ``state`` and its conflicts as ``value``.

    >>> import search_viz as sv
    >>> tr = sv.Trace.record(sv.simulated_annealing(sv.NQueens(8, seed=3), max_steps=3))
    >>> [(e.kind, round(e.temperature, 1)) for e in tr.events if e.kind != "done"]
    [('propose', 1000.0), ('accept', 1000.0), ('propose', 990.0), ('accept', 990.0), \
('propose', 980.1), ('accept', 980.1)]
    """
    check_queens(q, "simulated annealing")
    t0 = _positive_float(t0)
    if isinstance(cooling, bool) or not isinstance(cooling, (int, float)) or not 0 < cooling < 1:
        error = ValueError if isinstance(cooling, (int, float)) else WrongTypeError
        raise error(
            f"cooling must be a number strictly between 0 and 1 (the notes use 0.99), "
            f"not {describe(cooling)}."
        )
    check_choice("schedule", schedule, SCHEDULES)
    check_choice("neighbour", neighbour, NEIGHBOURS)
    max_steps = check_count("max_steps", max_steps, low=1)
    seed = whole_number("seed", seed)
    stop_when_solved = flag("stop_when_solved", stop_when_solved)
    return _simulated_annealing(
        q, t0, cooling, schedule, max_steps, seed, neighbour, stop_when_solved
    )


def _positive_float(t0: object) -> float:
    """The starting temperature as a float above 0, or an error saying what it must be."""
    allowed = f"t0 (the starting temperature) must be a number above 0, not {describe(t0)}."
    if isinstance(t0, bool) or not isinstance(t0, (int, float)):
        raise WrongTypeError(allowed)
    try:
        value = float(t0)
    except OverflowError:  # a whole number beyond every float
        value = math.inf
    if not 0 < value < math.inf:
        raise ValueError(allowed)
    return value


def _simulated_annealing(
    q: NQueens,
    t0: float,
    cooling: float,
    schedule: str,
    max_steps: int,
    seed: int,
    neighbour: str,
    stop_when_solved: bool,
) -> SearchGenerator:
    board = Board(q.state)
    rng = random.Random(seed)
    n = board.n
    in_turn = neighbour == "column-in-turn"
    accepted = worse_accepted = rejected = 0
    stopped = "max steps"
    step = 0
    while step < max_steps:
        t = temperature(t0, cooling, schedule, step, max_steps)
        if stop_when_solved and board.conflicts == 0:
            stopped = "solved"
            break
        column = step % n if in_turn else rng.randrange(n)
        start = board.rows[column]
        row = rng.randrange(n - 1)
        if row >= start:
            row += 1  # a new row: any but the queen's own
        delta = board.delta(column, row)
        candidate = board.moved(column, row)
        value = board.conflicts + delta
        yield _walk_event("propose", candidate, value, t, delta, None, 4, _move(column, start, row))
        if delta <= 0:
            board.move(column, row)
            accepted += 1
            yield _walk_event("accept", candidate, value, t, delta, 1.0, 6, None)
        else:
            chance = math.exp(-delta / t) if t > 0 else 0.0  # T underflows on long runs
            draw = rng.random()
            if draw < chance:
                board.move(column, row)
                accepted += 1
                worse_accepted += 1
                kind = "accept"
            else:
                rejected += 1
                kind = "reject"
            line = 8 if kind == "accept" else 7
            yield _walk_event(kind, candidate, value, t, delta, chance, line, draw)
        step += 1
    final = board.state()
    yield Event(
        "done",
        final,
        value=board.conflicts,
        temperature=temperature(t0, cooling, schedule, step, max_steps),
        data=stopped,
        line=3 if stopped == "solved" else 10,
    )
    return Result(
        value=board.conflicts,
        state=final,
        stats={
            "steps": step,
            "accepted": accepted,
            "worse accepted": worse_accepted,
            "rejected": rejected,
            "stopped": stopped,
        },
    )


_new_tuple = tuple.__new__


def _walk_event(kind: str, node, value, temperature, delta, probability, line: int, data) -> Event:
    """An annealing step's Event, its fields passed in order: a walk of 10,000 steps makes
    20,000 of them, and the keywords' way costs about a quarter of the walk.

    >>> _walk_event("accept", (0, 1), 3, 9.5, 1, 0.9, 8, 0.2) == Event(
    ...     "accept", (0, 1), value=3, temperature=9.5, delta=1, probability=0.9, line=8, data=0.2)
    True
    """
    fields = (kind, node, None, value, None, None, None, None, None, None, temperature, delta,
              probability, line, data)  # fmt: skip
    return _new_tuple(Event, fields)


def _move(column: int, start: int, row: int) -> Move:
    """``Move(column, start, row)``, made without the keywords' way.

    >>> _move(2, 0, 5) == Move(2, 0, 5)
    True
    """
    return _new_tuple(Move, (column, start, row))
