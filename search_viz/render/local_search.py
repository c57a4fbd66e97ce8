"""Pictures of a local-search run on n-queens: the board at a step, the population, the
experiments' chart, and everything at one step in one figure (for export).

>>> import search_viz as sv
>>> run = Run.record(sv.NQueens(8, seed=3), "hill_climbing")
>>> board_at(run, 0)[2]
'8 queens · 6 attacking pairs'
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from search_viz.algorithms.local_experiments import Summary
from search_viz.film.style import OKABE_ITO, font_size
from search_viz.problems.nqueens import State
from search_viz.render.local_curves import draw_curves
from search_viz.render.local_run import Run
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
    draw_curves(bottom, run, scale).place(step)
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
