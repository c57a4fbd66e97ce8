"""The genetic algorithm's extra pictures in the scene: the two parents of the child being
made, and the fitness of every board of the population it is bred from.

The parents are two small boards whose queens are items moved to each
parent's rows; the population is one dot per board (x: its place ``#i``, y: its
fitness), each dot an item moved to its board's fitness in each generation,
and the two parents are ringed.

>>> import search_viz as sv
>>> from search_viz.film.sketch import Sketch
>>> from search_viz.lessons.local_search.runs import Run
>>> run = Run.record(sv.NQueens(6, seed=1), "genetic", {"population": 6, "generations": 2})
>>> sketch = Sketch(4, 3)
>>> dots = Population(sketch, run, (0.1, 0.1, 0.8, 0.3))
>>> sketch.has("board 5"), sketch.has("ring x")
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from search_viz.algorithms.genetic import Generation
from search_viz.film import Mark, MarkStyle
from search_viz.film.plain_axes import Axis, FrameStyle, draw_frame, whole_ticks
from search_viz.film.sketch import Sketch
from search_viz.film.style import OKABE_ITO
from search_viz.lessons.local_search.board import Board, FixedMark, linear_frame
from search_viz.lessons.local_search.runs import Run
from search_viz.lessons.local_search.sizes import LABEL_SIZE, TICK_SIZE

#: The parents' colours: their queens, their rings, their labels (the child's tints match).
PARENT_COLORS = {"x": OKABE_ITO["blue"], "y": OKABE_ITO["orange"]}
#: At most this many boards of a population get a dot.
DOTS = 100
#: The population's frame: left and bottom spines, short ticks close to their labels.
POPULATION_FRAME = FrameStyle(tick_size=TICK_SIZE, label_size=LABEL_SIZE, tick_length=2, tick_pad=1)


class Parents:
    """Two small boards, parent x and parent y, in ``box`` (fractions of the figure)."""

    def __init__(self, scene: Sketch, run: Run, box: Sequence[float]) -> None:
        left, bottom, width, height = box
        fig_w, fig_h = scene.get_size_inches()
        side = min(height * fig_h, width * fig_w / 2 - 0.15)  # inches
        self.boards: dict[str, Board] = {}
        for i, who in enumerate("xy"):
            centre = left + width * (0.25 + 0.5 * i)
            rect = (centre - side / fig_w / 2, bottom, side / fig_w, side / fig_h)
            ax = scene.axes(rect, xlim=(0, 1), ylim=(0, 1))
            self.boards[who] = Board(
                scene,
                ax,
                run.problem.state,
                name=f"parent {who}",
                queen_color=PARENT_COLORS[who],
                shown=False,
                labels=False,
            )
            scene.mark_style(
                f"parent {who}",
                MarkStyle(
                    color=PARENT_COLORS[who], size=LABEL_SIZE, weight="bold", ha="left", va="bottom"
                ),
            )
        self.max_pairs = run.max_pairs
        self._labels: dict[tuple[str, int], Mark] = {}  # (parent, its place) -> its label

    def show(self, builder, generation: Generation, parents: tuple[int, int]) -> list[Mark]:
        """Put the parents' boards on, from ``generation``; returns their labels (marks)."""
        marks = []
        for who, place in zip("xy", parents, strict=True):
            board = self.boards[who]
            board.show_queens(builder, True)
            board.place(builder, generation.population[place])
            marks.append(self._label(who, place))
        return marks

    def _label(self, who: str, place: int) -> Mark:
        """Parent ``who``'s label above its board, ``x = #3``: made once for each place."""
        label = self._labels.get((who, place))
        if label is None:
            point = self.boards[who].title_point()
            label = self._labels[who, place] = FixedMark.label(
                point, f"{who} = #{place}", f"parent {who}"
            )
        return label

    def hide(self, builder) -> None:
        """Take the parents' queens off (no child is being made)."""
        for board in self.boards.values():
            board.show_queens(builder, False)


class Population:
    """The fitness of each board of the population, one dot per board, in ``box``."""

    def __init__(self, scene: Sketch, run: Run, box: Sequence[float]) -> None:
        self.scene = scene
        evo = run.evolution
        self.max_pairs = pairs = run.max_pairs
        first = evo.generations[0]
        self.size = min(len(first.population), DOTS)
        lowest = min(pairs - max(g.conflicts) for g in evo.generations)
        self.ax = ax = scene.axes(box, xlim=(-1, self.size), ylim=(lowest - 1, pairs + 1))
        ax.plot(ax.get_xlim(), [pairs, pairs], color=OKABE_ITO["bluish green"], linewidth=1.2,
                linestyle=":")  # fmt: skip
        self.base = [pairs - c for c in first.conflicts[: self.size]]
        for i, fitness in enumerate(self.base):
            (dot,) = ax.plot(
                [i],
                [fitness],
                ls="none",
                marker="o",
                markersize=3.2,
                color="black",
                clip_on=False,
                zorder=3,
            )
            scene.tag(dot, f"board {i}", shown=True)
        for who, color in PARENT_COLORS.items():
            (ring,) = ax.plot(
                [0],
                [lowest],
                ls="none",
                marker="o",
                markersize=8,
                markerfacecolor="none",
                markeredgecolor=color,
                markeredgewidth=1.8,
                clip_on=False,
                zorder=4,
            )
            scene.tag(ring, f"ring {who}")
        draw_frame(
            ax,
            POPULATION_FRAME,
            x=Axis(whole_ticks(ax.get_xlim(), 6), title="board #i", labelpad=0),
            y=Axis(whole_ticks(ax.get_ylim(), 3), title="fitness", labelpad=2),
            title="population (parents ringed)",
            title_pad=2,
        )
        self._shown: int | None = 0
        self._fitness = list(self.base)  # where each dot stands now
        self._lowest = lowest
        # The axes is linear: one unit of x and of y is a fixed distance in the SVG.
        self._unit = linear_frame(ax)[1]

    def _shift(self, i: int, fitness: float, x0: float, y0: float) -> tuple[float, float]:
        """How far a dot drawn at ``(x0, y0)`` moves to ``(i, fitness)``, in points."""
        (ux, uy) = self._unit
        return ux * (i - x0), uy * (fitness - y0)

    def at(self, builder, generation: Generation) -> None:
        """Move every dot to its board's fitness in ``generation`` (once per generation)."""
        if self._shown == generation.number:
            return
        self._shown = generation.number
        for i in range(self.size):
            fitness = self.max_pairs - generation.conflicts[i]
            if fitness != self._fitness[i]:
                self._fitness[i] = fitness
                builder.move(f"board {i}", *self._shift(i, fitness, i, self.base[i]))

    def ring(self, builder, generation: Generation, parents: tuple[int, int] | None) -> None:
        """Ring the two parents' dots (None: no ring)."""
        for who, place in zip("xy", parents or (None, None), strict=True):
            name = f"ring {who}"
            if place is None or place >= self.size:
                builder.hide(name)
                continue
            builder.show(name)
            fitness = self.max_pairs - generation.conflicts[place]
            builder.move(name, *self._shift(place, fitness, 0, self._lowest))
