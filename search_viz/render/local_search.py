"""Pictures of a local-search run on n-queens: the board at a step and the curves beneath it.

A :class:`Run` records an algorithm once and derives, in one pass over the
events, every series the pictures need: the conflicts of the current board,
the temperature, the chance each worse move had and whether it was taken, the
restarts, and for the genetic algorithm each generation's fitness. Each step
then only draws.

>>> import search_viz as sv
>>> run = Run.record(sv.NQueens(8, seed=3), "simulated_annealing", {"max_steps": 50})
>>> len(run.story.objective) == len(run.trace)
True
>>> fig = curves_figure(run, step=10)
>>> [ax.get_ylabel() for ax in fig.axes]
['conflicts', 'temperature T', 'chance to take\\na worse move']
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle
from matplotlib.ticker import MaxNLocator
from PIL import Image

from search_viz.algorithms.genetic import Generation, genetic
from search_viz.algorithms.local_experiments import Summary
from search_viz.algorithms.local_search import hill_climbing, simulated_annealing
from search_viz.problems.nqueens import NQueens, State, count_conflicts
from search_viz.render.figure import DPI
from search_viz.render.queens import (
    FIRST_PARENT,
    SECOND_PARENT,
    Marks,
    board_height,
    board_legend,
    board_title,
    draw_board,
    draw_population,
)
from search_viz.render.style import DARK_GREY, GREY, OKABE_ITO, STATUS, font_size
from search_viz.trace import DEFAULT_LIMIT, Trace

ALGORITHMS = {
    "hill_climbing": hill_climbing,
    "simulated_annealing": simulated_annealing,
    "genetic": genetic,
}

CONFLICT_COLOR = OKABE_ITO["blue"]
TEMPERATURE_COLOR = OKABE_ITO["black"]
CURSOR_COLOR = OKABE_ITO["orange"]
RESTART_COLOR = OKABE_ITO["reddish purple"]


@dataclass(frozen=True)
class Story:
    """Per-step series of a hill-climbing or annealing trace.

    ``boards``: every board that became current, the start first;
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
            if kind in ("accept", "restart"):
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


# ---------------------------------------------------------------------- board
def board_at(run: Run, step: int, numbers: bool = False) -> tuple[State, Marks, str]:
    """The board to draw at ``step``, what to mark on it, and its title.

    ``numbers``: write in each square the conflicts that moving there would
    give, when steepest ascent is choosing its move (AIMA's figure 4.3).
    """
    events = run.trace.events
    e = events[step]
    n = run.problem.n
    if run.algorithm == "genetic":
        if e.kind == "propose":
            o = e.data
            marks = Marks(from_first=o.from_first, cut=o.cut, mutated=o.mutated, parents=o.parents)
            return e.node, marks, board_title(e.node, "Child: ")
        if e.kind == "generation":
            g = e.data
            best = min(range(len(g.conflicts)), key=g.conflicts.__getitem__)
            return (
                g.population[best],
                Marks(),
                board_title(g.population[best], f"Generation {g.number}, fittest #{best}: "),
            )
        return e.node, Marks(), board_title(e.node, "Result: ")
    story = run.story
    board = story.board(step)
    if e.kind == "propose":
        grid = None
        if numbers and run.algorithm == "hill_climbing" and run.variant == "steepest" and n <= 12:
            grid = run.problem.neighbour_conflicts(board)
        return board, Marks(move=e.data, decision="propose", numbers=grid), board_title(board)
    if e.kind in ("accept", "reject"):
        move = events[step - 1].data
        return board, Marks(move=move, decision=e.kind), board_title(board)
    if e.kind == "restart":
        return board, Marks(), board_title(board, f"Restart {e.data}: ")
    if e.kind == "done":
        return e.node, Marks(), board_title(e.node, "Result: ")
    return board, Marks(), board_title(board)


def board_figure_at(
    run: Run, step: int, *, scale: float = 1.0, numbers: bool = False, width: float = 5.0
) -> Figure:
    """The board at ``step`` with its legend."""
    _, marks, _ = board_at(run, step, numbers)
    fig = Figure(figsize=(width, board_height(width, marks, scale)), layout="constrained")
    _draw_board_at(fig, run, step, scale=scale, numbers=numbers, width=width)
    return fig


def _draw_board_at(fig, run: Run, step: int, *, scale: float, numbers: bool, width: float) -> None:
    state, marks, title = board_at(run, step, numbers)
    ax = fig.add_subplot()
    draw_board(
        ax, state, marks, scale=scale, points_per_square=width * 72 * 0.8 / len(state), title=title
    )
    board_legend(fig, marks, scale=scale)


# --------------------------------------------------------------------- curves
# The curves are drawn in two parts: everything that is the same at every step
# (drawn once), and the few artists that follow the step (the cursor, the veil
# over what is still to come, a marker on each curve). ``curves_figure`` draws
# both; ``CurvesCanvas`` draws the first once and only moves the second, which
# makes a step about ten times cheaper to render.


@dataclass
class _Moving:
    """The artists that follow the step, and the series their markers ride on."""

    cursors: list[Line2D]
    veils: list[Rectangle]
    markers: list[tuple[Line2D, np.ndarray]]
    at: Callable[[int], int]  # step -> x on the axes
    last: float

    def artists(self) -> list:
        return [*self.veils, *self.cursors, *(m for m, _ in self.markers)]

    def place(self, step: int) -> None:
        """Put every moving artist at ``step``."""
        x = self.at(step)
        for cursor in self.cursors:
            cursor.set_xdata([x, x])
        for veil in self.veils:
            veil.set_x(x)
            veil.set_width(max(0.0, self.last + 1 - x))
        for marker, ys in self.markers:
            y = ys[x]
            shown = bool(np.isfinite(y) and y > 0) if marker.axes.get_yscale() == "log" else True
            marker.set_data([x], [y])
            marker.set_visible(shown)


def _now_marker(ax: Axes, animated: bool) -> Line2D:
    (marker,) = ax.plot(
        [0],
        [0],
        marker=STATUS["current"].marker,
        color=CURSOR_COLOR,
        markeredgecolor="black",
        markersize=9,
        zorder=6,
        animated=animated,
    )
    return marker


def _cursor_and_veil(ax: Axes, animated: bool) -> tuple[Line2D, Rectangle]:
    """The cursor, and a white veil over what comes later (still readable through it)."""
    cursor = ax.axvline(0, color=CURSOR_COLOR, linewidth=2.2, zorder=5, animated=animated)
    veil = Rectangle(
        (0, 0),
        0,
        1,
        transform=ax.get_xaxis_transform(),
        facecolor="white",
        alpha=0.55,
        linewidth=0,
        zorder=4,
        animated=animated,
    )
    ax.add_patch(veil)
    return cursor, veil


def _style_axes(ax: Axes, ylabel: str, scale: float) -> None:
    ax.set_ylabel(ylabel, fontsize=font_size("label", scale))
    ax.tick_params(labelsize=font_size("legend", scale))
    ax.grid(True, color="#DDDDDD", linewidth=0.6)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


def _legend(ax: Axes, handles: list, scale: float) -> None:
    """The panel's legend, outside on its right, so it never hides a point."""
    ax.legend(
        handles=handles,
        loc="upper left",
        bbox_to_anchor=(1.01, 1.0),
        fontsize=font_size("legend", scale),
        frameon=False,
        handlelength=1.6,
    )


_NOW = Line2D(
    [],
    [],
    color=CURSOR_COLOR,
    linewidth=2.2,
    marker="D",
    markeredgecolor="black",
    label="now (the current step)",
)


def _objective_panel(ax: Axes, story: Story, scale: float) -> np.ndarray:
    x = np.arange(len(story.objective))
    ax.plot(x, story.objective, drawstyle="steps-post", color=CONFLICT_COLOR, linewidth=1.8)
    for r in story.restarts:
        ax.axvline(r, color=RESTART_COLOR, linestyle=":", linewidth=2, zorder=2)
    ax.set_ylim(-0.3, max(1, int(story.objective.max())) * 1.15 + 0.5)
    _style_axes(ax, "conflicts", scale)
    handles = [
        Line2D([], [], color=CONFLICT_COLOR, linewidth=1.8, label="conflicts of the current board"),
        _NOW,
    ]
    if len(story.restarts):
        handles.append(
            Line2D(
                [],
                [],
                color=RESTART_COLOR,
                linestyle=":",
                linewidth=2,
                label=f"restart ({len(story.restarts)} in all)",
            )
        )
    _legend(ax, handles, scale)
    return story.objective.astype(float)


def _temperature_panel(ax: Axes, story: Story, scale: float) -> np.ndarray:
    x = np.arange(len(story.temperature))
    t = story.temperature
    shown = t > 0
    ax.plot(x[shown], t[shown], color=TEMPERATURE_COLOR, linewidth=1.8)
    ax.set_yscale("log")
    _style_axes(ax, "temperature T", scale)
    _legend(
        ax,
        [
            Line2D([], [], color=TEMPERATURE_COLOR, linewidth=1.8, label="temperature (log scale)"),
            _NOW,
        ],
        scale,
    )
    return t


def _chance_panel(ax: Axes, story: Story, scale: float) -> None:
    worse = story.deltas > 0
    taken = worse & story.accepted
    turned_down = worse & ~story.accepted
    t = story.temperature
    x = np.arange(len(t))
    shown = ~np.isnan(t)
    with np.errstate(divide="ignore", over="ignore"):
        reference = np.exp(-1 / t[shown])
    ax.plot(x[shown], reference, color=DARK_GREY, linestyle="--", linewidth=1.4)
    accepted, rejected = STATUS["accepted"], STATUS["rejected"]
    ax.plot(
        story.decisions[turned_down],
        story.chances[turned_down],
        ls="none",
        marker="x",
        markersize=5,
        color=rejected.color,
        markeredgewidth=1.3,
        alpha=0.8,
    )
    ax.plot(
        story.decisions[taken],
        story.chances[taken],
        ls="none",
        marker="o",
        markersize=5,
        color=accepted.color,
        markeredgecolor="black",
        markeredgewidth=0.4,
        alpha=0.9,
    )
    ax.set_ylim(-0.05, 1.12)
    _style_axes(ax, "chance to take\na worse move", scale)
    _legend(
        ax,
        [
            Line2D(
                [],
                [],
                ls="none",
                marker="o",
                color=accepted.color,
                markeredgecolor="black",
                label=f"worse move taken ({int(np.sum(taken))} in all)",
            ),
            Line2D(
                [],
                [],
                ls="none",
                marker="x",
                color=rejected.color,
                markeredgewidth=1.5,
                label=f"worse move rejected ({int(np.sum(turned_down))})",
            ),
            Line2D([], [], color=DARK_GREY, linestyle="--", label="e^(−1/T): chance if Δ = 1"),
        ],
        scale,
    )


def _delta_panel(ax: Axes, story: Story, scale: float) -> None:
    accepted, rejected = STATUS["accepted"], STATUS["rejected"]
    taken = story.accepted
    ax.axhline(0, color=GREY, linewidth=1)
    ax.plot(
        story.decisions[~taken],
        story.deltas[~taken],
        ls="none",
        marker="x",
        markersize=6,
        color=rejected.color,
        markeredgewidth=1.5,
    )
    ax.plot(
        story.decisions[taken],
        story.deltas[taken],
        ls="none",
        marker="o",
        markersize=6,
        color=accepted.color,
        markeredgecolor="black",
        markeredgewidth=0.4,
    )
    if len(story.deltas):
        low, high = float(story.deltas.min()), float(story.deltas.max())
        ax.set_ylim(min(low, -1) - 0.6, max(high, 1) * 1.5 + 0.6)
    _style_axes(ax, "Δ of each move\ntried (< 0: better)", scale)
    _legend(
        ax,
        [
            Line2D(
                [],
                [],
                ls="none",
                marker="o",
                color=accepted.color,
                markeredgecolor="black",
                label="taken (never worse)",
            ),
            Line2D(
                [],
                [],
                ls="none",
                marker="x",
                color=rejected.color,
                markeredgewidth=1.5,
                label="rejected",
            ),
        ],
        scale,
    )


def _fitness_panel(ax: Axes, run: Run, scale: float) -> np.ndarray:
    evo = run.evolution
    pairs = run.max_pairs
    x = np.arange(len(evo.best))
    marker = "o" if len(x) < 40 else None
    ax.plot(x, pairs - evo.best, color=CONFLICT_COLOR, linewidth=2, marker=marker)
    ax.plot(x, pairs - evo.mean, color=OKABE_ITO["vermillion"], linewidth=1.8, linestyle="--")
    ax.axhline(pairs, color=OKABE_ITO["bluish green"], linewidth=1.5, linestyle=":")
    ax.set_ylim(pairs - max(evo.mean.max(), evo.best.max()) - 1, pairs + 1.5)
    _style_axes(ax, "fitness (pairs\nnot attacking)", scale)
    ax.set_xlabel("generation", fontsize=font_size("label", scale))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    _legend(
        ax,
        [
            Line2D([], [], color=CONFLICT_COLOR, linewidth=2, label="best fitness"),
            Line2D([], [], color=OKABE_ITO["vermillion"], linestyle="--", label="mean fitness"),
            Line2D(
                [], [], color=OKABE_ITO["bluish green"], linestyle=":", label=f"{pairs}: solved"
            ),
            _NOW,
        ],
        scale,
    )
    return (pairs - evo.best).astype(float)


def _draw_curves(fig, run: Run, scale: float, animated: bool = False) -> _Moving:
    """The curves of ``run`` on ``fig`` (a Figure or a SubFigure), one shared step axis.

    Draws what is the same at every step and returns the artists that follow
    it, not yet placed.
    """
    if run.algorithm == "genetic":
        ax = fig.add_subplot()
        best = _fitness_panel(ax, run, scale)
        last = max(1, len(best) - 1) + 0.5
        ax.set_xlim(-0.5, last)
        cursor, veil = _cursor_and_veil(ax, animated)
        return _Moving(
            [cursor], [veil], [(_now_marker(ax, animated), best)], run.evolution.index_at, last
        )
    story = run.story
    panels = 3 if run.algorithm == "simulated_annealing" else 2
    axes = fig.subplots(panels, 1, sharex=True)
    markers = [(_now_marker(axes[0], animated), _objective_panel(axes[0], story, scale))]
    if panels == 3:
        temperature = _temperature_panel(axes[1], story, scale)
        markers.append((_now_marker(axes[1], animated), temperature))
        _chance_panel(axes[2], story, scale)
    else:
        _delta_panel(axes[1], story, scale)
    last = max(1, len(story.objective) - 1)
    cursors, veils = [], []
    for ax in axes:
        cursor, veil = _cursor_and_veil(ax, animated)
        cursors.append(cursor)
        veils.append(veil)
        ax.set_xlim(0, last)
    axes[-1].set_xlabel(
        "step (the player's step: each proposal, then its decision)",
        fontsize=font_size("label", scale),
    )
    return _Moving(cursors, veils, markers, lambda step: step, last)


def _curves_size(run: Run, scale: float, width: float) -> tuple[float, float]:
    if run.algorithm == "genetic":
        return width, 2.6 + 0.4 * scale
    panels = 3 if run.algorithm == "simulated_annealing" else 2
    return width, (1.55 + 0.25 * scale) * panels + 0.5


def curves_figure(run: Run, step: int, *, scale: float = 1.0, width: float = 11.0) -> Figure:
    """The curves beneath the board, on one shared step axis with a cursor at ``step``.

    Annealing: conflicts, temperature, and the chance of each worse move
    (taken or rejected). Hill climbing: conflicts (restarts marked) and the Δ
    of each move tried. The genetic algorithm: best and mean fitness per
    generation, the cursor at the generation of ``step``.
    """
    fig = Figure(figsize=_curves_size(run, scale, width), layout="constrained")
    _draw_curves(fig, run, scale).place(step)
    return fig


class CurvesCanvas:
    """The curves of one run drawn once; each step only redraws the moving artists.

    The same drawing as :func:`curves_figure`, rendered by blitting: the fixed
    part is rasterised once, and a step restores it and draws the cursor, the
    veil and the markers on top. One lock per canvas: it may serve several
    sessions at once.

    >>> import search_viz as sv
    >>> run = Run.record(sv.NQueens(8, seed=3), "simulated_annealing", {"max_steps": 50})
    >>> CurvesCanvas(run).png(10)[:4] == b"\\x89PNG"
    True
    """

    def __init__(self, run: Run, *, scale: float = 1.0, width: float = 11.0) -> None:
        self.figure = Figure(figsize=_curves_size(run, scale, width), dpi=DPI, layout="constrained")
        self.canvas = FigureCanvasAgg(self.figure)
        self.moving = _draw_curves(self.figure, run, scale, animated=True)
        self.moving.place(0)
        self.canvas.draw()
        self.figure.set_layout_engine("none")  # freeze the layout: the background is fixed
        self.background = self.canvas.copy_from_bbox(self.figure.bbox)
        self.lock = threading.Lock()

    def png(self, step: int) -> bytes:
        """The curves at ``step`` as PNG bytes."""
        with self.lock:
            self.canvas.restore_region(self.background)
            self.moving.place(step)
            for artist in self.moving.artists():
                artist.axes.draw_artist(artist)
            pixels = np.asarray(self.canvas.buffer_rgba()).copy()
        buffer = io.BytesIO()
        Image.fromarray(pixels).save(buffer, format="png", compress_level=3)
        return buffer.getvalue()


#: At most this many boards of a population are drawn.
POPULATION_SHOWN = 50


def population_figure(run: Run, step: int, *, scale: float = 1.0, width: float = 12.0) -> Figure:
    """The population being bred from at ``step`` as small boards; a child's parents framed."""
    evo = run.evolution
    g = evo.generations[evo.index_at(step)]
    e = run.trace.events[step]
    highlight = {}
    if e.kind == "propose":
        x, y = e.data.parents
        highlight = {y: SECOND_PARENT, x: FIRST_PARENT}
    shown = min(len(g.population), POPULATION_SHOWN)
    columns = 10
    rows = -(-shown // columns)
    fig = Figure(figsize=(width, 1.25 * rows + 0.7), layout="constrained")
    ax = fig.add_subplot()
    draw_population(
        ax,
        g.population[:shown],
        g.conflicts[:shown],
        highlight=highlight,
        columns=columns,
        scale=scale,
    )
    more = f" (the first {shown} of {len(g.population)})" if shown < len(g.population) else ""
    title = f"Generation {g.number}: board #i and its conflicts{more}"
    if highlight:
        title += f"; the child's parents framed: #{e.data.parents[0]} and #{e.data.parents[1]}"
    ax.set_title(title, fontsize=font_size("label", scale))
    return fig


def figure_for(run: Run, step: int, *, scale: float = 1.0, numbers: bool = False) -> Figure:
    """Everything at ``step`` in one figure, the board above its curves (for export)."""
    fig = Figure(figsize=(12, 14), layout="constrained")
    top, bottom = fig.subfigures(2, 1, height_ratios=[1.6, 1])
    _draw_board_at(top, run, step, scale=scale, numbers=numbers, width=7)
    _draw_curves(bottom, run, scale).place(step)
    return fig


# ---------------------------------------------------------------- experiments
def experiment_figure(summaries: Sequence[Summary], *, scale: float = 1.0) -> Figure:
    """Success rates as horizontal bars, each labelled; the published rate marked where known."""
    fig = Figure(figsize=(11, 0.55 * len(summaries) + 1.7), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(len(summaries))[::-1]
    rates = [100 * s.success_rate for s in summaries]
    ax.barh(y, rates, color=OKABE_ITO["sky blue"], edgecolor="black", height=0.6)
    for yi, rate, s in zip(y, rates, summaries, strict=True):
        ax.text(
            max(rate, 100 * (s.classic or 0)) + 2.5,
            yi,
            f"{rate:.0f}% ({s.solved}/{s.runs})",
            va="center",
            fontsize=font_size("legend", scale),
        )
    published = [(yi, 100 * s.classic) for yi, s in zip(y, summaries, strict=True) if s.classic]
    handles = [
        Line2D(
            [],
            [],
            color=OKABE_ITO["sky blue"],
            marker="s",
            ls="none",
            markersize=10,
            markeredgecolor="black",
            label="solved here",
        )
    ]
    if published:
        ax.plot(
            [p for _, p in published],
            [yi for yi, _ in published],
            ls="none",
            marker="D",
            markersize=10,
            color=OKABE_ITO["vermillion"],
            markeredgecolor="black",
            zorder=4,
        )
        handles.append(
            Line2D(
                [],
                [],
                ls="none",
                marker="D",
                markersize=10,
                color=OKABE_ITO["vermillion"],
                markeredgecolor="black",
                label="Russell & Norvig's figure (8 queens)",
            )
        )
    ax.set_yticks(y, [s.label for s in summaries], fontsize=font_size("legend", scale))
    ax.set_xlim(0, 118)
    ax.set_xticks(range(0, 101, 20))
    ax.set_xlabel("boards solved (%)", fontsize=font_size("label", scale))
    ax.tick_params(labelsize=font_size("legend", scale))
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.legend(
        handles=handles,
        loc="upper center",
        bbox_to_anchor=(0.5, -0.22 if len(summaries) < 5 else -0.12),
        ncols=2,
        frameon=False,
        fontsize=font_size("legend", scale),
    )
    return fig


# ------------------------------------------------------------------- counters
def counters_at(run: Run, step: int) -> dict[str, object]:
    """The numbers beside the picture at ``step``: what has happened so far.

    >>> import search_viz as sv
    >>> run = Run.record(sv.NQueens(8, seed=1), "hill_climbing", {"sideways": 100})
    >>> counters_at(run, len(run.trace) - 1)["conflicts now"]
    0
    """
    counts = run.trace.state(step).counts
    if run.algorithm == "genetic":
        evo = run.evolution
        g = evo.generations[evo.index_at(step)]
        mean = sum(g.conflicts) / len(g.conflicts)
        return {
            "generation": g.number,
            "children made": counts.get("propose", 0),
            "fewest conflicts": min(g.conflicts),
            "mean fitness": round(run.max_pairs - mean, 1),
        }
    story = run.story
    seen = int(np.searchsorted(story.decisions, step, side="right"))
    deltas, accepted = story.deltas[:seen], story.accepted[:seen]
    now = int(story.objective[step])
    if run.algorithm == "simulated_annealing":
        known = story.temperature[: step + 1]
        known = known[~np.isnan(known)]
        return {
            "moves tried": counts.get("propose", 0),
            "temperature T": float(known[-1]) if len(known) else float("nan"),
            "conflicts now": now,
            "worse taken": int(np.sum((deltas > 0) & accepted)),
            "worse rejected": int(np.sum((deltas > 0) & ~accepted)),
        }
    return {
        "moves tried": counts.get("propose", 0),
        "moves made": int(np.sum(accepted)),
        "sideways": int(np.sum((deltas == 0) & accepted)),
        "restarts": counts.get("restart", 0),
        "conflicts now": now,
    }
