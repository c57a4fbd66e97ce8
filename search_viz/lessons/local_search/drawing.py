"""The local-search lesson's films: the board and the curves in one scene, stepped by the events.

The scene (drawn once) holds the board with one queen item per column, the
marks of a move (tried, taken, turned down), and beside it the run's curves
with a cursor, a veil over what is still to come and a marker on each curve.
The genetic algorithm's scene also holds the two parents of the child being
made and the population's fitness. Each step then only moves queens and
markers, shows or hides a few items, and redraws the conflict lines (marks made
from the board).

>>> import search_viz as sv
>>> film = film_of(sv.simulated_annealing, sv.NQueens(8, seed=0), max_steps=20)
>>> len(film), film.state(2).counters["temperature T"]
(41, '990')
"""

from __future__ import annotations

import copy
from functools import cache, partial
from typing import Any

from matplotlib.artist import Artist
from matplotlib.figure import Figure

from search_viz.algorithms.genetic import genetic_pseudocode
from search_viz.algorithms.local_search import hill_climbing, pseudocode_for
from search_viz.film import (
    CHUNK_STEPS,
    LONG_FILM,
    OPENING_STEPS,
    Film,
    FilmBuilder,
    FilmPart,
    Mark,
    MarkStyle,
)
from search_viz.film.collector import held
from search_viz.film.sketch import Sketch
from search_viz.lessons.local_search.board import (
    MAX_CLICKABLE,
    MAX_NUMBERED,
    Board,
    Moves,
    Origins,
    attack_legend,
    legend_queen,
    move_legend,
    numbers_marks,
    origin_legend,
)
from search_viz.lessons.local_search.curves import Curves, legend_handles
from search_viz.lessons.local_search.descriptions import WalkDescriptions, genetic_description
from search_viz.lessons.local_search.edits import mark_editable
from search_viz.lessons.local_search.population import Parents, Population
from search_viz.lessons.local_search.questions import WalkQuestions, child_question
from search_viz.lessons.local_search.runs import ALGORITHMS, Run, counters
from search_viz.lessons.local_search.sentences import TITLES, explain_local
from search_viz.lessons.local_search.sizes import (
    BOARD_BOTTOM,
    BOARD_FOCUS,
    BOARD_LEFT,
    BOARD_SIDE,
    LEGEND_SIZE,
    RIGHT_LEFT,
    RIGHT_RIGHT,
    TITLE_SIZE,
    TOP,
    box,
    figure_size,
)
from search_viz.problems.nqueens import EXAMPLES, NQueens

#: What a step of the genetic algorithm's film is.
EACH = ("child", "generation")
#: Steepest ascent writes each move's conflicts in the squares only on runs this short
#: (every proposal sends a new set of numbers to the browser).
MAX_NUMBERED_STEPS = 2_000


def films(algorithm: Any, problem: Any) -> bool:
    """Whether this lesson films ``algorithm`` on ``problem`` (local search on n-queens).

    >>> import search_viz as sv
    >>> films(sv.genetic, sv.NQueens(8)), films(sv.bfs, sv.NQueens(8))
    (True, False)
    """
    return isinstance(problem, NQueens) and any(algorithm is a for a in ALGORITHMS.values())


def film_of(
    algorithm: Any,
    problem: NQueens,
    *,
    numbers: bool = False,
    each: str = "child",
    **options: Any,
) -> Film:
    """The replay of ``algorithm`` on ``problem`` with its ``options`` as a film.

    ``numbers``: steepest ascent writes in each square the conflicts of moving
    there (AIMA's figure 4.3), on boards of at most 12 queens. ``each``: the
    genetic algorithm's film makes a step of each "child" or of each
    "generation" only.

    >>> import search_viz as sv
    >>> film = film_of(sv.hill_climbing, sv.NQueens(8, state=EXAMPLES["local-minimum"]))
    >>> [film.state(k).sentence.split(":")[0] for k in range(len(film))]
    ['The best move is the queen of column 2 from row 4 to row 0', 'Reject', 'Stuck and no \
restarts left']
    """
    name = next((n for n, a in ALGORITHMS.items() if a is algorithm), None)
    if name is None:
        raise TypeError(f"the local-search lesson does not film {algorithm!r}")
    return run_film(Run.record(problem, name, options), numbers=numbers, each=each)


def numbered(run: Run, numbers: bool) -> bool:
    """Whether this run's film writes each move's conflicts in the squares.

    >>> import search_viz as sv
    >>> run = Run.record(sv.NQueens(8, seed=0), "hill_climbing")
    >>> numbered(run, True), numbered(run, False)
    (True, False)
    """
    return (
        numbers
        and run.algorithm == "hill_climbing"
        and run.variant == "steepest"
        and run.problem.n <= MAX_NUMBERED
        and len(run.trace) <= MAX_NUMBERED_STEPS
    )


def pseudocode_of(algorithm: str, options: dict[str, Any]) -> str:
    """The pseudocode shown beside a run; the events' lines point into it.

    >>> pseudocode_of("genetic", {}).splitlines()[0]
    'population ← the start board + random ones'
    """
    if algorithm == "genetic":
        return genetic_pseudocode(options.get("crossover", "one-point"))
    return pseudocode_for(
        algorithm,
        options.get("variant", "steepest"),
        neighbour=options.get("neighbour", "column-in-turn"),
        schedule=options.get("schedule", "exponential"),
    )


# ------------------------------------------------------------------------ scene
class QueensScene(Sketch):
    """The lesson's scene (sketched: see :mod:`search_viz.film.sketch`), and the parts of it
    the film moves."""

    board: Board
    moves: Moves | None
    origins: Origins | None
    parents: Parents | None
    population: Population | None
    curves: Curves


def draw_scene(run: Run, numbers: bool = False) -> QueensScene:
    """Everything the film of ``run`` will ever show, drawn once.

    >>> import search_viz as sv
    >>> scene = draw_scene(Run.record(sv.NQueens(8, seed=0), "hill_climbing"))
    >>> scene.has("board queen 7"), scene.has("cursor"), scene.parents is None
    (True, True, True)
    """
    scene = QueensScene(*figure_size())
    ax = scene.axes(box(BOARD_LEFT, BOARD_BOTTOM, BOARD_SIDE, BOARD_SIDE), xlim=(0, 1), ylim=(0, 1))
    start = _first_board(run)
    scene.board = Board(scene, ax, start)
    scene.moves = scene.origins = scene.parents = scene.population = None
    handles = [legend_queen(), attack_legend()]
    if run.algorithm == "genetic":
        scene.origins = Origins(scene.board)
        handles += origin_legend()
        wide = RIGHT_RIGHT - RIGHT_LEFT
        scene.parents = Parents(scene, run, box(RIGHT_LEFT - 0.3, 3.02, wide + 0.3, 0.8))
        scene.population = Population(scene, run, box(RIGHT_LEFT, 2.0, wide, 0.62))
        # above the legend's third row, which the generation axis's label would touch
        curves_box = box(RIGHT_LEFT, BOARD_BOTTOM + 0.14, wide, 0.5)
    else:
        scene.moves = Moves(scene.board, _lengths(run))
        if clickable(run):
            scene.board.clickable_squares()
        handles += move_legend()
        curves_box = box(RIGHT_LEFT, BOARD_BOTTOM, RIGHT_RIGHT - RIGHT_LEFT, TOP - BOARD_BOTTOM)
    scene.curves = Curves(scene, run, curves_box)
    handles += legend_handles(run.algorithm)
    labels = [handle.get_label() for handle in handles]
    scene.legend(
        labels,
        legend_handle,
        anchor=(0.5, 0.0),
        loc="lower center",
        ncols=(len(labels) + 1) // 2 if len(labels) <= 8 else (len(labels) + 2) // 3,
        fontsize=LEGEND_SIZE,
        frameon=False,
        handlelength=1.5,
        columnspacing=1.0,
        handletextpad=0.4,
        borderaxespad=0.2,
    )
    scene.mark_style("title", MarkStyle(size=TITLE_SIZE, weight="bold", ha="left", va="bottom"))
    square = scene.board.square
    scene.mark_style("number", MarkStyle(color="#666666", size=max(6.0, 0.3 * square)))
    scene.mark_style("best number", MarkStyle(size=max(6.0, 0.3 * square), weight="bold"))
    return scene


def legend_handle(label: str) -> Artist:
    """The handle of the legend's entry ``label`` (a sketch's legend names its entries): a
    copy of the one the process made for that label.

    >>> legend_handle("attacking pair").get_linewidth()
    2.0
    """
    return copy.copy(_handles()[label])


@cache
def _handles() -> dict[str, Artist]:
    """Every legend entry's handle, by its label (the first made for a label), made once: a
    legend is made of a few of them, and making them all took 1-3 ms for each entry."""
    handles = [legend_queen(), attack_legend(), *move_legend(), *origin_legend()]
    for algorithm in ALGORITHMS:
        handles += legend_handles(algorithm)
    by_label: dict[str, Artist] = {}
    for handle in handles:
        by_label.setdefault(handle.get_label(), handle)
    return by_label


def clickable(run: Run) -> bool:
    """Whether the board's squares can be clicked to answer a practice question (small boards
    of hill climbing and annealing).

    >>> import search_viz as sv
    >>> clickable(Run.record(sv.NQueens(8, seed=0), "hill_climbing"))
    True
    """
    return run.algorithm != "genetic" and run.problem.n <= MAX_CLICKABLE


def _first_board(run: Run) -> tuple[int, ...]:
    if run.algorithm == "genetic":
        first = run.evolution.generations[0]
        return first.population[min(range(len(first.conflicts)), key=first.conflicts.__getitem__)]
    return run.problem.state


def _lengths(run: Run) -> set[int]:
    """How far (in rows, up or down) the moves tried in ``run`` go: one arrow each."""
    return {e.data.row - e.data.start for e in run.trace.events if e.kind == "propose"}


# ------------------------------------------------------------------------- film
def run_film(
    run: Run,
    numbers: bool = False,
    each: str = "child",
    opening: bool = False,
    first: int | None = None,
) -> Film:
    """The film of a recorded run (see :func:`film_of`).

    ``opening``: only its opening (its first ``OPENING_STEPS`` steps, see
    :mod:`search_viz.film.film`), for a run that :func:`opens` (hill climbing or annealing,
    longer than ``LONG_FILM`` steps); ``first``: only so many of its first steps
    (``MIDDLE_STEPS``: its middle, for a run of more than ``VERY_LONG_FILM``).

    >>> import search_viz as sv
    >>> run = Run.record(sv.NQueens(8, seed=0), "genetic", {"generations": 2})
    >>> len(run_film(run, each="generation")) == run.trace.result.stats["generations"] + 2
    True
    >>> run = Run.record(sv.NQueens(8, state=(0,) * 8), "simulated_annealing", {"seed": 2})
    >>> opens(run), run_film(run, opening=True)
    (True, <Film 'Simulated annealing on 8 queens': 100 steps (the opening of 3199), 97 items>)
    """
    if opening:
        first = OPENING_STEPS
    if first and not opens(run):
        raise ValueError("only a long run of hill climbing or annealing is filmed by its opening")
    builder = _builder(run, numbers, each)
    if run.algorithm == "genetic":
        _genetic_steps(builder, run, children=each == "child")
    else:
        mark_editable(builder, run.problem.state)  # what a click changes in edit mode
        _walk_steps(builder, run, numbered(run, numbers), first)
        builder.outcome(walk_outcome(run))  # what edit mode says an edit changed
    return builder.film(whole=len(run.trace) if first else None)


@held()  # a long walk's steps make as many objects as its run
def run_part(run: Run, chunks: range, numbers: bool = False) -> FilmPart:
    """Chunks ``chunks`` of the film of a walk (hill climbing or annealing, see
    :func:`run_film`), made without the words of the steps before them: where a student
    jumps far into a long walk's film whose whole is still being made.

    >>> import search_viz as sv
    >>> run = Run.record(sv.NQueens(8, state=(0,) * 8), "simulated_annealing", {"seed": 2})
    >>> part = run_part(run, range(4, 5))
    >>> part.steps, part.chunks[4] == run_film(run).chunk(4)
    (range(2000, 2500), True)
    """
    if run.algorithm == "genetic":
        raise ValueError("a genetic algorithm's film is made whole, not in parts")
    builder = _builder(run, numbers, "child")
    mark_editable(builder, run.problem.state)
    builder.skip_to(chunks.start * CHUNK_STEPS)
    stop = min(len(run.trace), chunks.stop * CHUNK_STEPS)
    _walk_steps(builder, run, numbered(run, numbers), stop)
    return builder.part(len(run.trace))


def _builder(run: Run, numbers: bool, each: str) -> FilmBuilder:
    """The builder of the film of ``run``, its scene drawn (see :func:`run_film`)."""
    if each not in EACH:
        raise ValueError(f"each must be one of {', '.join(map(repr, EACH))}, not {each!r}.")
    numbers = numbered(run, numbers)
    options = dict(run.options)
    name = TITLES[run.algorithm]
    return FilmBuilder(
        partial(draw_scene, run, numbers),
        title=f"{name} on {run.problem.n} queens",
        pseudocode=pseudocode_of(run.algorithm, options),
        layout="side",
        shape=_shape(run, each),
        focus=round(BOARD_FOCUS, 3),
    )


def walk_outcome(run: Run) -> dict[str, object]:
    """What a walk (hill climbing, annealing) comes to, as its last step's counters say it:
    known from the run, so that a long walk's opening says it too.

    >>> import search_viz as sv
    >>> walk_outcome(Run.record(sv.NQueens(8, seed=0), "hill_climbing"))
    {'conflicts now': 2, 'moves tried': 5}
    """
    result = run.trace.result
    return {"conflicts now": result.value, "moves tried": result.stats["steps"]}


def opens(run: Run) -> bool:
    """Whether a page shows the film of ``run`` by its opening first: a walk (hill climbing,
    annealing) of more than ``LONG_FILM`` steps, one per event.

    >>> import search_viz as sv
    >>> opens(Run.record(sv.NQueens(8, seed=0), "hill_climbing"))
    False
    """
    return run.algorithm != "genetic" and len(run.trace) > LONG_FILM


def _shape(run: Run, each: str) -> str:
    """Films of one run's steps keep the step when one replaces the other (numbers on or off)."""
    options = ",".join(f"{k}={v}" for k, v in sorted(run.options.items()))
    steps = f":{each}" if run.algorithm == "genetic" else ""
    return f"local:{run.algorithm}:{run.problem.n}:{run.problem.state}:{options}{steps}"


def _title(scene: QueensScene, state, prefix: str = "") -> Mark:
    return scene.board.title_mark(state, prefix)


def _walk_steps(builder: FilmBuilder, run: Run, numbers: bool, stop: int | None = None) -> None:
    """Hill climbing and annealing: each proposal, then its decision (``stop``: only the
    steps before that one).

    With ``numbers``, each board that becomes current has its moves' conflicts
    written in the squares (the best in bold once the move is proposed): what
    the student reads to say which move steepest ascent makes.
    """
    scene: QueensScene = builder.scene
    board, moves, curves = scene.board, scene.moves, scene.curves
    events = run.trace.events
    variant = run.variant
    shown = counters(run, stop)
    asking = WalkQuestions(run, squares=clickable(run))
    describing = WalkDescriptions(run, board.attacks)
    current = run.problem.state
    builder.marks([*board.attack_marks(current), _title(scene, current)])
    # The steps the builder skips (see FilmBuilder.skip_to) ask nothing, and all but the last
    # of them leave out what only that step shows: the queens, the marks, the curves' cursor
    skipped = builder.first_written
    for k, e in enumerate(events[:stop]):
        quiet = k < skipped - 1
        if k < skipped:
            asking.follow(k)
        else:
            asked = asking.at(k, current)
            if asked is not None:
                builder.ask(*asked)
        kind = e.kind
        decision = None
        if kind == "propose":
            column, start, row = e.data
            moves.tried(builder, column, start, row)
            if numbers and not quiet:
                builder.marks(_numbered(scene, asking, current, "best number"))
        elif kind in ("accept", "reject"):
            column, start, row = events[k - 1].data
            if kind == "accept":
                current = e.node
                if not quiet:
                    board.place(builder, current)
                moves.taken(builder, column, start, row)
            else:
                moves.turned_down(builder, column, row)
            if not quiet and numbers and kind == "accept":
                builder.marks(_numbered(scene, asking, current, "number"))
            elif not quiet:
                builder.marks([*board.attack_marks(current), _title(scene, current)])
            if run.algorithm == "hill_climbing":
                decision = (k, e.delta)
            elif e.delta > 0:
                decision = (k, e.probability)
        elif kind in ("restart", "done"):
            current = e.node
            if not quiet:
                board.place(builder, current)
            moves.clear(builder)
            prefix = f"Restart {e.data}: " if kind == "restart" else "Result: "
            if not quiet:
                marks = [*board.attack_marks(current), _title(scene, current, prefix)]
                if numbers and kind == "restart":
                    marks += _numbers(scene, asking, current, "number")
                builder.marks(marks)
        if quiet:
            if decision is not None:  # the ring stays where the last decision put it
                curves.at(builder, k, decision)
            builder.step("")
            continue
        if k < skipped:  # the last step skipped: the queens where the steps before it left them
            board.place(builder, current)
        curves.at(builder, k, decision)
        builder.step(
            explain_local(e, run.algorithm, variant, run.max_pairs, draw=_draw(events, k)),
            line=e.line,
            counters=shown[k],
            description=describing.at(k, current),
        )


def _numbered(scene: QueensScene, asking: WalkQuestions, current, best: str) -> list[Mark]:
    """The board's lines and title, and each move's conflicts in its square."""
    board = scene.board
    return [
        *board.attack_marks(current),
        _title(scene, current),
        *_numbers(scene, asking, current, best),
    ]


def _numbers(scene: QueensScene, asking: WalkQuestions, current, best: str) -> list[Mark]:
    """Each move's conflicts in its square, the lowest in the ``best`` style (the grid the
    questions read too)."""
    return numbers_marks(scene.board, current, asking.grid(current), "number", best)


def _draw(events, k: int) -> float | None:
    """Annealing's random draw for the worse move proposed at step ``k``, else None: it is
    made at the decision, and shown with the proposal so that the student can decide."""
    e = events[k]
    if e.kind != "propose" or k + 1 >= len(events):
        return None
    decision = events[k + 1]
    if decision.kind in ("accept", "reject") and decision.temperature is not None:
        return decision.data
    return None


def _genetic_steps(builder: FilmBuilder, run: Run, children: bool) -> None:
    """The genetic algorithm: each generation's fittest board, then each child as it is made
    (or, without ``children``, the generations only)."""
    scene: QueensScene = builder.scene
    board, origins, curves = scene.board, scene.origins, scene.curves
    parents, population = scene.parents, scene.population
    generations = run.evolution.generations
    shown = counters(run)
    latest = -1  # the latest generation completed: the one children are bred from
    for k, e in enumerate(run.trace.events):
        latest += e.kind == "generation"
        generation = generations[max(latest, 0)]
        if e.kind == "propose" and not children:
            continue
        if e.kind == "propose":
            question = child_question(e, generation)
            if question is not None:
                builder.ask(question)
            child, origin = e.node, e.data
            board.place(builder, child)
            origins.show(builder, origin.from_first, origin.cut, origin.mutated)
            marks = [*board.attack_marks(child), _title(scene, child, "Child: ")]
            marks += parents.show(builder, generation, origin.parents)
            population.ring(builder, generation, origin.parents)
        else:
            if e.kind == "generation":
                g = e.data
                best = min(range(len(g.conflicts)), key=g.conflicts.__getitem__)
                state, prefix = g.population[best], f"Generation {g.number}'s fittest: "
            else:
                state, prefix = e.node, "Result: "
            board.place(builder, state)
            origins.show(builder, None, None, None)
            marks = [*board.attack_marks(state), _title(scene, state, prefix)]
            parents.hide(builder)
            population.ring(builder, generation, None)
        population.at(builder, generation)
        builder.marks(marks)
        curves.at(builder, k)
        builder.step(
            explain_local(e, "genetic", max_pairs=run.max_pairs),
            line=e.line,
            counters=shown[k],
            description=genetic_description(run, k, generation, board.attacks),
        )


# -------------------------------------------------------------------- thumbnail
def thumbnail() -> Figure:
    """The home page's card: steepest ascent's first move on AIMA's 17-pair board (from its film).

    >>> len(thumbnail().axes) >= 3
    True
    """
    film = film_of(hill_climbing, NQueens(8, state=EXAMPLES["aima-4.3a"]))
    return film.figure(0)
