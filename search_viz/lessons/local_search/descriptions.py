"""The local-search picture in words, step by step, for a screen reader.

The picture shows the board (a queen per column, lines between attacking
queens, the move tried, taken or turned down) beside the run's curves with a
marker at the step. A description says the same: where each queen stands, the
attacking pairs, the move of the step and what became of it, the temperature,
and how the conflicts have gone so far (the curve up to the marker). The genetic
algorithm's describes the board shown (a child, or a generation's fittest), its
parents and the population.

>>> import search_viz as sv
>>> from search_viz.lessons.local_search.runs import Run
>>> run = Run.record(sv.NQueens(4, state=(0, 0, 0, 0)), "hill_climbing")
>>> print(walk_description(run, 0, run.problem.state))  # doctest: +NORMALIZE_WHITESPACE
Being tried: the queen of column 1 from row 0 to row 3, giving 3 attacking pairs (Δ = −3). The
board: queens in rows 0, 0, 0, 0 (columns 0 to 3); 6 attacking pairs: columns 0 with 1, 0 with
2, 0 with 3, 1 with 2, 1 with 3, 2 with 3. Conflicts so far: 6 at the start, 6 now.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from search_viz.algorithms.genetic import Generation
from search_viz.algorithms.local_experiments import Summary
from search_viz.lessons.local_search.board import attacking_pairs
from search_viz.lessons.local_search.runs import Run
from search_viz.lessons.local_search.sentences import pairs, signed, temperature_text
from search_viz.lessons.shared.word_lists import listed

#: A description names the attacking pairs up to this many; beyond, it counts them.
PAIRS_NAMED = 8


def walk_description(run: Run, step: int, current: Sequence[int]) -> str:
    """What the picture of hill climbing or annealing shows at ``step``, ``current`` the board.

    >>> import search_viz as sv
    >>> run = Run.record(sv.NQueens(8, seed=0), "simulated_annealing", {"seed": 1})
    >>> board = run.story.boards[run.story.board_index[3]]  # the board after step 3
    >>> print(walk_description(run, 3, board))  # doctest: +NORMALIZE_WHITESPACE
    Just taken: the queen of column 1 moved from row 6 to row 4. Temperature T = 990. The board:
    queens in rows 1, 4, 0, 4, 7, 6, 4, 7 (columns 0 to 7); 10 attacking pairs: columns 0 with
    3, 0 with 5, 1 with 3, 1 with 4, 1 with 6, 2 with 6, 3 with 5, 3 with 6 and 2 more.
    Conflicts so far: 9 at the start, 10 now.
    """
    return WalkDescriptions(run).at(step, current)


class WalkDescriptions:
    """The descriptions of a hill-climbing or annealing film, step by step (see
    :func:`walk_description`): each board put in words once, however many steps show it.

    Call :meth:`at` with each step's board, in any order; the steps of a board in a row
    share its words. ``attacks`` finds a board's attacking pairs, ``(a, b, ...)`` each in
    order (a film's :meth:`~search_viz.lessons.local_search.board.Board.attacks` finds them
    from the board before).
    """

    def __init__(self, run: Run, attacks: Callable[[tuple], Sequence] = attacking_pairs) -> None:
        self.run = run
        self.attacks = attacks
        self._board: tuple[int, ...] | None = None
        self._words = ""
        story = run.story
        # The story's series as plain lists: read one number a step.
        self._temperature = story.temperature.tolist()
        self._objective = story.objective.tolist()
        self._so_far: dict[tuple[int, int], str] = {}  # (now, lowest) -> its words

    def at(self, step: int, current: Sequence[int]) -> str:
        """What the picture shows at ``step``, ``current`` the board.

        >>> import search_viz as sv
        >>> run = Run.record(sv.NQueens(4, state=(0, 0, 0, 0)), "hill_climbing")
        >>> WalkDescriptions(run).at(1, (0, 3, 0, 0)).split(". ")[0]
        'Just taken: the queen of column 1 moved from row 0 to row 3'
        """
        run = self.run
        parts = _step_words(run.trace.events, step)
        temperature = self._temperature[step]
        if temperature == temperature:  # not NaN: annealing
            parts.append(f"Temperature T = {temperature_text(temperature)}")
        board = tuple(current)
        if board != self._board:
            self._board, self._words = board, _queens_words(board, self.attacks(board))
        parts.append(self._words)
        parts.append(self._conflicts_so_far(step))
        return ". ".join(parts) + "."

    def _conflicts_so_far(self, step: int) -> str:
        """:func:`_so_far`, its words made once for each (now, lowest) the film has."""
        key = (self._objective[step], self.run.story.lowest[step])
        words = self._so_far.get(key)
        if words is None:
            words = self._so_far[key] = _so_far(self.run, step)
        return words


def _step_words(events: Sequence, step: int) -> list[str]:
    """What the event of ``step`` did to the board, in words (nothing for some)."""
    e = events[step]
    if e.kind == "propose":
        column, start, row = e.data
        return [
            f"Being tried: the queen of column {column} from row {start} to row {row}, giving "
            f"{pairs(e.value)} (Δ = {signed(e.delta)})"
        ]
    if e.kind in ("accept", "reject") and step > 0 and events[step - 1].kind == "propose":
        column, start, row = events[step - 1].data
        if e.kind == "accept":
            return [f"Just taken: the queen of column {column} moved from row {start} to row {row}"]
        return [
            f"Turned down: moving the queen of column {column} to row {row}; "
            f"it stays in row {start}"
        ]
    if e.kind == "restart":
        return [f"Restart {e.data}: a new random board"]
    if e.kind == "done":
        return ["The search is over: the board returned"]
    return []


def genetic_description(
    run: Run,
    step: int,
    generation: Generation,
    attacks: Callable[[tuple], Sequence] | None = None,
) -> str:
    """What the genetic algorithm's picture shows at ``step``: the board shown, its parents (a
    child) or the population (``generation``, the latest complete one).

    >>> import search_viz as sv
    >>> run = Run.record(sv.NQueens(4, seed=1), "genetic", {"population": 4, "seed": 2})
    >>> print(genetic_description(run, 0, run.evolution.generations[0]))
    ... # doctest: +NORMALIZE_WHITESPACE
    Generation 0: 4 boards, the fittest shown. The board: queens in rows 1, 0, 2, 0 (columns 0
    to 3); 2 attacking pairs: columns 0 with 1, 1 with 3. The population's attacking pairs,
    board by board: 2, 4, 4, 4.

    ``attacks`` finds a board's attacking pairs (as :class:`WalkDescriptions` takes it);
    None: :func:`queens_words` puts the board in words.
    """
    e = run.trace.events[step]
    parts = []
    if e.kind == "propose":
        board = e.node
        x, y = e.data.parents
        mutated = e.data.mutated
        mutation = (
            ""
            if mutated is None
            else f", the queen of column {mutated[0]} mutated to row {mutated[1]}"
        )
        parts.append(f"A child of boards #{x} and #{y}{mutation}")
    elif e.kind == "generation":
        generation = e.data  # the one just completed
        conflicts = generation.conflicts
        board = generation.population[min(range(len(conflicts)), key=conflicts.__getitem__)]
        parts.append(
            f"Generation {generation.number}: {len(generation.population)} boards, "
            "the fittest shown"
        )
    else:
        board = e.node
        parts.append("The search is over: the board returned")
    board = tuple(board)
    parts.append(queens_words(board) if attacks is None else _queens_words(board, attacks(board)))
    if e.kind != "propose":
        shown = listed([str(c) for c in generation.conflicts], most=20)
        parts.append(f"The population's attacking pairs, board by board: {shown}")
    return ". ".join(parts) + "."


@lru_cache(maxsize=1024)  # a board stays while moves are tried and turned down
def queens_words(board: tuple[int, ...]) -> str:
    """A board in words: each column's queen's row, and the attacking pairs.

    >>> queens_words((1, 3, 0, 2))
    'The board: queens in rows 1, 3, 0, 2 (columns 0 to 3); solved: no attacking pair'
    """
    return _queens_words(board, attacking_pairs(board))


def _queens_words(board: Sequence[int], found: Sequence) -> str:
    """:func:`queens_words` of ``board``, its attacking pairs ``found`` (``(a, b, ...)`` each)."""
    rows = ", ".join(map(str, board))
    if not found:
        attacks = "solved: no attacking pair"
    else:
        named = [f"{pair[0]} with {pair[1]}" for pair in found[:PAIRS_NAMED]]
        attacks = (
            f"{pairs(len(found))}: columns {listed(named, most=PAIRS_NAMED, total=len(found))}"
        )
    return f"The board: queens in rows {rows} (columns 0 to {len(board) - 1}); {attacks}"


def _so_far(run: Run, step: int) -> str:
    """The conflicts curve up to the step: where it started, its lowest, where it is now."""
    story = run.story
    # step 0 proposes a move from the start board, or ends on it: its board is the start
    start, now, lowest = int(story.objective[0]), int(story.objective[step]), story.lowest[step]
    low = "" if lowest in (start, now) else f", lowest {lowest}"
    return f"Conflicts so far: {start} at the start{low}, {now} now"


def experiment_alt(summaries: Sequence[Summary]) -> str:
    """The ``alt`` of the experiment's chart: each setting's share of boards solved.

    >>> from search_viz.algorithms.local_experiments import Summary
    >>> experiment_alt([Summary("Hill climbing", 100, 14, 3.9, 3.1, 0.2, "moves", 0.14)])
    'Bar chart of the share of boards each setting solved: Hill climbing 14% (14 of 100, \
published 14%). The table below gives the steps and times.'
    """
    said = []
    for s in summaries:
        classic = "" if s.classic is None else f", published {100 * s.classic:.0f}%"
        said.append(f"{s.label} {100 * s.success_rate:.0f}% ({s.solved} of {s.runs}{classic})")
    return (
        f"Bar chart of the share of boards each setting solved: {'; '.join(said)}. "
        "The table below gives the steps and times."
    )
