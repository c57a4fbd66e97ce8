"""What the local-search films ask the student in practice mode, read from the events.

Hill climbing: before each steepest-ascent proposal, the move it makes (a click
on the square the queen goes to) or that it is stuck; before each decision,
whether it makes the move; when stuck, whether it restarts. Annealing: before
each proposal, the queen the notes' scheme moves next (the columns take
turns); before each decision, accept or reject (given Δ, T and the random draw
r, all in the proposal's sentence), or sometimes the chance p = e^(−Δ/T). The
genetic algorithm: before each child, the child its parents' crossover makes.

Every answer is what the algorithm did, read from its events; the lesson only
keeps a few counts of what happened so far to word the prompt and the why.

>>> import search_viz as sv
>>> from search_viz.lessons.local_search.runs import Run
>>> run = Run.record(sv.NQueens(8, state=(3, 2, 1, 4, 3, 2, 1, 2)), "hill_climbing")
>>> asking = WalkQuestions(run, squares=True)
>>> [asking.at(k, run.story.board(max(k - 1, 0))) is None for k in range(3)]
[True, False, False]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from search_viz.algorithms.genetic import Generation
from search_viz.events import Event, format_value
from search_viz.film.questions import Question, choice, pick, value
from search_viz.lessons.local_search.board import square_name
from search_viz.lessons.local_search.sentences import draw_text, pairs, signed, temperature_text

#: The named options of the questions (not in the picture).
STUCK = "stuck: no better neighbour"
SOLVED = "stop: solved"
OUT_OF_STEPS = "stop: out of steps"
TAKE, TURN_DOWN = "take it", "turn it down"
ACCEPT, REJECT = "accept", "reject"
RESTART, GIVE_UP = "restart from a random board", "stop: no restarts left"

#: A question, and for a pick the names of the scene items a click on which answers each choice.
Asked = tuple[Question, dict]

#: Annealing asks the chance p instead of accept-or-reject at every this-many-th worse move
#: (and every this-many-th better one, where p = 1) ...
WORSE_P_EVERY, BETTER_P_EVERY = 3, 5
#: ... and whenever the draw and the chance are too close to tell apart as they are written.
TOO_CLOSE = 5e-4


def board_label(rows: Sequence[int]) -> str:
    """A board (or some of its columns) as the lesson writes it: its rows as digits, spaced
    when a row has two digits.

    >>> board_label((3, 1, 4)), board_label((10, 2))
    ('314', '10 2')
    """
    spaced = any(r >= 10 for r in rows) or len(rows) > 10
    return (" " if spaced else "").join(map(str, rows))


def _columns(first: int, last: int) -> str:
    return f"column {first}" if first == last else f"columns {first}–{last}"


def _moves(k: int) -> str:
    return f"{k} move" + ("" if k == 1 else "s")


class WalkQuestions:
    """The questions of a hill-climbing or annealing film, asked in one walk over its events.

    ``squares``: whether the board's squares can be clicked (small boards). Call
    :meth:`at` once per step, in order, with the board current before it.
    """

    def __init__(self, run, squares: bool) -> None:
        self.run = run
        self.events = run.trace.events
        self.n = run.problem.n
        self.squares = squares
        self.options = run.options
        self.climbing = run.algorithm == "hill_climbing"
        self.sideways = run.options.get("sideways", 0)
        self.restarts = run.options.get("restarts", 0)
        # what has happened before the step being asked
        self.in_a_row = 0  # sideways moves in a row
        self.restarted = 0
        self.proposed = 0
        self.better = self.worse = 0  # annealing's decisions so far, by kind of move
        self._grid: tuple[tuple, list] | None = None

    def at(self, k: int, current: tuple[int, ...]) -> Asked | None:
        """What step ``k`` asks (None: nothing), the student looking at ``current``.

        ``current`` is the board after step ``k - 1``.

        >>> import search_viz as sv
        >>> from search_viz.lessons.local_search.runs import Run
        >>> run = Run.record(sv.NQueens(8, seed=0), "simulated_annealing", {"max_steps": 5})
        >>> asking = WalkQuestions(run, squares=True)
        >>> [asking.at(k, run.story.board(max(k - 1, 0))) for k in range(2)][1][0].answer
        'accept'
        """
        e = self.events[k]
        asked = None if k == 0 else self._ask(k, e, current)
        self._fold(e)
        return asked

    def follow(self, k: int) -> None:
        """Go on past step ``k`` without asking (a step a film leaves out), so that the
        steps after it ask what they would have.

        >>> import search_viz as sv
        >>> from search_viz.lessons.local_search.runs import Run
        >>> run = Run.record(sv.NQueens(8, seed=0), "simulated_annealing", {"max_steps": 5})
        >>> asking = WalkQuestions(run, squares=True)
        >>> asking.follow(0); asking.proposed
        1
        """
        self._fold(self.events[k])

    def _fold(self, e: Event) -> None:
        kind = e.kind
        if kind == "propose":
            self.proposed += 1
        elif kind == "accept":
            self.in_a_row = self.in_a_row + 1 if e.delta == 0 else 0
        elif kind == "restart":
            self.in_a_row = 0
            self.restarted += 1
        if kind in ("accept", "reject") and not self.climbing:
            if e.delta > 0:
                self.worse += 1
            else:
                self.better += 1

    def _ask(self, k: int, e: Event, current: tuple[int, ...]) -> Asked | None:
        kind = e.kind
        if self.climbing:
            if kind in ("accept", "reject"):
                return self._make(e), {}
            if kind == "restart" or (kind == "done" and e.data == "stuck"):
                return self._after_stuck(e), {}
            if self.run.variant == "steepest" and kind in ("propose", "done"):
                return self._next_move(k, e, current)
            return None
        if kind in ("accept", "reject"):
            return self._decide(e), {}
        if self.options.get("neighbour", "column-in-turn") == "column-in-turn":
            return self._next_column(e)
        return None

    # -------------------------------------------------------------- hill climbing
    def _sideways_used(self) -> str:
        if self.sideways == 0:
            return "no sideways move is allowed"
        return f"{self.in_a_row} of the {self.sideways} sideways moves allowed in a row are used"

    def _next_move(self, k: int, e: Event, current: tuple[int, ...]) -> Asked | None:
        """Steepest ascent's move (a square), or stuck, or solved."""
        if e.kind == "done":
            if e.data != "solved" or not self.squares:
                return None
            answer, why = SOLVED, "No two queens attack each other: hill climbing stops, solved."
        else:
            after = self.events[k + 1] if k + 1 < len(self.events) else None
            if after is None or after.kind not in ("accept", "reject"):
                return None  # a trace cut short: what follows is not known
            column, _, row = e.data
            here = e.value - e.delta
            if not self.squares:  # nothing to click: how good the best move is
                return self._best_value(e, 0), {}
            if after.kind == "reject":
                answer = STUCK
                if e.delta > 0:
                    why = (
                        f"No move is better than the {pairs(here)} now: the best leaves "
                        f"{e.value} (Δ = {signed(e.delta)}). A local minimum: hill climbing is "
                        "stuck."
                    )
                else:
                    why = (
                        f"No move leaves fewer than the {pairs(here)} now: the best keeps "
                        f"{here} (Δ = 0), and {self._sideways_used()}. Stuck on a plateau."
                    )
            else:
                ties = self._ties(current, e.value)
                if ties > 1:
                    return self._best_value(e, ties), {}
                answer = (column, row)
                move = f"the queen of column {column} to row {row}"
                if e.delta < 0:
                    why = (
                        f"Steepest ascent makes the move to the fewest attacking pairs: {move} "
                        f"leaves {e.value}, fewer than the {here} now (Δ = {signed(e.delta)})."
                    )
                else:
                    why = (
                        f"No move leaves fewer than the {pairs(here)} now; the best, {move}, "
                        f"keeps {here} (Δ = 0): a sideways move, and {self._sideways_used()}, "
                        "so it is made."
                    )
        n = self.n
        squares = [(c, r) for c in range(n) for r in range(n) if r != current[c]]
        question = pick(
            "Which move does steepest ascent make next? Click the square a queen moves to, "
            "or choose an option.",
            [*squares, STUCK, SOLVED],
            answer,
            why=why,
            labels=[f"column {c}, row {r}" for c, r in squares] + [STUCK, SOLVED],
        )
        return question, {s: [square_name(*s)] for s in squares}

    def _ties(self, current: tuple[int, ...], best: int) -> int:
        """How many moves leave ``best`` conflicts (as the numbers in the squares say); 0 when
        the board is too large to have its squares clicked."""
        if not self.squares:
            return 0
        grid = self.grid(current)
        n = self.n
        return sum(grid[c][r] == best for c in range(n) for r in range(n) if r != current[c])

    def grid(self, current: tuple[int, ...]) -> list[list[int]]:
        """The conflicts of each move from ``current`` (``[column][row]``, as
        ``NQueens.neighbour_conflicts`` gives them), the last board's kept: the film writes
        them in the squares too.

        >>> import search_viz as sv
        >>> from search_viz.lessons.local_search.runs import Run
        >>> asking = WalkQuestions(Run.record(sv.NQueens(4, seed=0), "hill_climbing"), True)
        >>> asking.grid((0, 2, 0, 2))[0]
        [2, 2, 4, 2]
        """
        if self._grid is None or self._grid[0] != current:
            self._grid = (tuple(current), self.run.problem.neighbour_conflicts(current))
        return self._grid[1]

    def _best_value(self, e: Event, ties: int) -> Question:
        tied = f" ({ties} moves tie for it; one is taken at random)" if ties > 1 else ""
        return value(
            "Steepest ascent looks at every move of one queen. How many attacking pairs does "
            "the best one leave?",
            e.value,
            why=f"Steepest ascent looks for the move with the fewest attacking pairs: the best "
            f"leaves {pairs(e.value)}{tied}.",
        )

    def _make(self, e: Event) -> Question:
        """Whether hill climbing makes the move just tried."""
        delta = signed(e.delta)
        if e.delta < 0:
            why = f"Hill climbing always makes a better move: Δ = {delta} < 0."
        elif e.delta > 0:
            why = f"Hill climbing never makes a worse move: Δ = {delta} > 0."
        elif e.kind == "accept":
            why = (
                "A sideways move (Δ = 0) is made while sideways moves are left: "
                f"{self._sideways_used()}."
            )
        else:
            why = (
                "A sideways move (Δ = 0) is made only while sideways moves are left: "
                f"{self._sideways_used()}."
            )
        return choice(
            "Does hill climbing make this move?",
            [TAKE, TURN_DOWN],
            TAKE if e.kind == "accept" else TURN_DOWN,
            why=why,
        )

    def _after_stuck(self, e: Event) -> Question:
        """Restart or stop, when no move is taken."""
        r, most = self.restarted, self.restarts
        if e.kind == "restart":
            why = (
                f"Stuck with a restart left ({r} of {most} used): hill climbing starts again "
                "from a random board."
            )
        else:
            why = (
                f"Stuck with no restart left ({r} of {most} used): hill climbing stops with the "
                "best board it reached."
            )
        return choice(
            "Hill climbing is stuck: no move is better. What does it do now? "
            f"(Restarts allowed: {most}; made so far: {r}.)",
            [RESTART, GIVE_UP],
            RESTART if e.kind == "restart" else GIVE_UP,
            why=why,
        )

    # ------------------------------------------------------------------ annealing
    def _next_column(self, e: Event) -> Asked | None:
        """The queen annealing tries next (the columns take turns), or why it stops."""
        n = self.n
        if e.kind == "done":
            if e.data == "solved":
                answer, why = SOLVED, "No two queens attack each other: annealing stops, solved."
            else:
                steps = self.options.get("max_steps", 10_000)
                answer, why = OUT_OF_STEPS, f"Annealing stops after max_steps = {steps:,} steps."
        elif e.kind == "propose":
            answer = e.data.column
            why = (
                f"The columns take turns: {_moves(self.proposed)} tried so far, so the next is "
                f"the queen of column {self.proposed} mod {n} = {answer}."
            )
        else:
            return None
        choices, labels = _column_choices(n)
        question = pick(
            "Which queen does annealing try to move next? Click it, or choose why it stops.",
            choices,
            answer,
            why=why,
            labels=labels,
        )
        return question, _column_items(n, self.squares)

    def _decide(self, e: Event) -> Question:
        """Accept or reject (or the chance p), given Δ, T and the draw r."""
        accepted = e.kind == "accept"
        if e.delta <= 0:
            rule = f"A move that is no worse (Δ = {signed(e.delta)} ≤ 0) is always accepted"
            if self.better % BETTER_P_EVERY == BETTER_P_EVERY - 1:
                return self._chance(e, why=f"{rule}: p = 1.")
            return choice(
                "What does annealing do with this move?",
                [ACCEPT, REJECT],
                ACCEPT if accepted else REJECT,
                why=f"{rule}.",
            )
        p, r = e.probability, e.data
        formula = (
            f"p = e^(−Δ/T) = e^(−{format_value(e.delta)}/{temperature_text(e.temperature)}) "
            f"= {p:.4f}"
        )
        close = abs(r - p) < TOO_CLOSE
        if close or self.worse % WORSE_P_EVERY == WORSE_P_EVERY - 1:
            return self._chance(e, why=f"A worse move (Δ = {signed(e.delta)} > 0): {formula}.")
        return choice(
            "What does annealing do with this move?",
            [ACCEPT, REJECT],
            ACCEPT if accepted else REJECT,
            why=f"A worse move is accepted when the random draw r is below {formula}: "
            f"r = {draw_text(r)} is {'below' if accepted else 'not below'} it.",
        )

    def _chance(self, e: Event, why: str) -> Question:
        return value(
            "What is p, the chance that annealing accepts this move? (2 decimals are enough)",
            e.probability,
            why=why,
        )


# ------------------------------------------------------------------ genetic algorithm
def child_question(e: Event, generation: Generation) -> Question | None:
    """Which child the crossover of a ``propose`` event's parents makes (before any mutation).

    The choices are the child, the other child of the same cut (or mask), and
    the two parents, as digit strings; None when the child equals a parent.

    >>> from search_viz.algorithms.genetic import Offspring
    >>> g = Generation(0, ((0, 0, 0, 0), (1, 3, 0, 2)), (6, 0))
    >>> made = Offspring((0, 1), (True, False, False, False), 1, None, (0, 3, 0, 2))
    >>> q = child_question(Event("propose", (0, 3, 0, 2), data=made), g)
    >>> q.choices, q.answer
    (('0000', '0302', '1000', '1302'), '0302')
    """
    origin = e.data
    a, b = origin.parents
    x, y = generation.population[a], generation.population[b]
    n = len(x)
    if origin.cut is not None:
        cut = origin.cut
        other = (*y[:cut], *x[cut:])
        how = f"cut before column {cut}"
        name = "one-point"
        why = (
            f"One-point crossover copies x before the cut and y from it: {_columns(0, cut - 1)} "
            f"from x ({board_label(x[:cut])}), {_columns(cut, n - 1)} from y "
            f"({board_label(y[cut:])})."
        )
    else:
        other = tuple(y[c] if first else x[c] for c, first in enumerate(origin.from_first))
        mine = [str(c) for c, first in enumerate(origin.from_first) if first]
        how = f"column{'s' if len(mine) > 1 else ''} {', '.join(mine)} from x, the rest from y"
        name = "uniform"
        why = f"Uniform crossover copies each column from the parent drawn for it: {how}."
    answer = board_label(origin.crossed)
    if answer in (board_label(x), board_label(y)):
        return None  # the child is one of its parents: nothing to work out
    prompt = (
        f"Parents x = #{a}: {board_label(x)} and y = #{b}: {board_label(y)} (each column's row), "
        f"{how}. Which child does {name} crossover make, before any mutation?"
    )
    options = sorted({board_label(s) for s in (origin.crossed, other, x, y)})
    return choice(prompt, options, answer, why=why)


@cache
def _column_choices(n: int) -> tuple[tuple, tuple[str, ...]]:
    """The choices of annealing's next-column question and their labels: each column, then
    why it stops. The same for every question of a film, so made once.

    >>> _column_choices(2)
    ((0, 1, 'stop: solved', 'stop: out of steps'), ('column 0', 'column 1', 'stop: solved', \
'stop: out of steps'))
    """
    columns = tuple(range(n))
    return (*columns, SOLVED, OUT_OF_STEPS), (
        *(f"column {c}" for c in columns),
        SOLVED,
        OUT_OF_STEPS,
    )


@cache
def _column_items(n: int, squares: bool) -> dict[int, tuple[str, ...]]:
    """What a click names for each column's queen: the queen, and (``squares``) its squares.

    The same for every question of a film (annealing asks one at each proposal), so made once.

    >>> _column_items(2, squares=True)[1]
    ('board queen 1', 'square 1 0', 'square 1 1')
    """
    return {
        c: (f"board queen {c}", *(square_name(c, r) for r in range(n) if squares)) for c in range(n)
    }


__all__ = [
    "ACCEPT",
    "GIVE_UP",
    "OUT_OF_STEPS",
    "REJECT",
    "RESTART",
    "SOLVED",
    "STUCK",
    "TAKE",
    "TURN_DOWN",
    "WalkQuestions",
    "board_label",
    "child_question",
]
