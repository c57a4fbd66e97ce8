"""The comparison under the replay: every search on the instance, as a chart and as a table.

:func:`compare_chart` draws the nodes each search expanded and the length of
its path; :func:`compare_rows` gives the table, with the effective branching
factor b* (one definition: :func:`~search_viz.algorithms.measures.effective_branching`,
stated in :data:`B_STAR`) next to the two numbers it is computed from.

>>> from search_viz.algorithms.informed_compare import Row
>>> rows = [Row("BFS", "uninformed", 5, 35, 62, 28, 1.99, 0.001),
...         Row("A*, manhattan", "A*", 5, 6, 12, 7, 1.28, 0.0001)]
>>> [t.get_text() for t in compare_chart(rows).axes[0].get_yticklabels()]
['BFS', 'A*, manhattan']
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import NullLocator

from search_viz.algorithms.informed_compare import Row
from search_viz.algorithms.measures import effective_branching
from search_viz.film.style import DARK_GREY, OKABE_ITO, font_size
from search_viz.lessons.shared.figure import new_figure

#: Each family's bars: colour and hatching (the second channel), and its legend label.
FAMILY_STYLE: dict[str, tuple[str, str | None, str]] = {
    "uninformed": (DARK_GREY, "..", "uninformed (no h)"),
    "greedy": (OKABE_ITO["orange"], "//", "greedy best-first: f = h"),
    "A*": (OKABE_ITO["blue"], None, "A*: f = g + h"),
}


def compare_chart(
    rows: Sequence[Row], *, scale: float = 1.0, width: float = 8.0, height: float = 3.6
) -> Figure:
    """Nodes expanded by each search (log scale); on the right, the length of each one's path.

    Bars are coloured and hatched by family; the shortest length is in bold,
    a longer one says how many moves it wastes.
    """
    fig, ax = new_figure(width * scale**0.5, height * scale**0.5)
    ax.set_axis_on()
    names = [row.name for row in rows]
    best = min((row.moves for row in rows if row.moves is not None), default=None)
    ys = list(range(len(rows)))[::-1]
    notes, weights = [], []
    for y, row in zip(ys, rows, strict=True):
        color, hatch, _ = FAMILY_STYLE[row.family]
        ax.barh(
            y,
            max(row.expanded, 1),
            color=color,
            hatch=hatch,
            edgecolor="white" if hatch else color,
            height=0.7,
        )
        if row.moves is None:
            notes.append("no solution")
        elif row.moves == best:
            notes.append(f"{row.moves} moves (shortest)")
        else:
            notes.append(f"{row.moves} moves ({row.moves - best} too many)")
        weights.append("bold" if row.moves == best else "normal")
        ax.text(
            max(row.expanded, 1) * 1.15,
            y,
            f"{row.expanded:,}",
            va="center",
            ha="left",
            fontsize=font_size("legend", scale),
        )
    ax.set_yticks(ys, names, fontsize=font_size("label", scale))
    # The path lengths, as a second column of labels on the right.
    lengths = ax.twinx()
    lengths.set_ylim(ax.get_ylim())
    lengths.set_yticks(ys, notes, fontsize=font_size("label", scale))
    for label, weight in zip(lengths.get_yticklabels(), weights, strict=True):
        label.set_fontweight(weight)
    lengths.tick_params(axis="y", length=0)
    ax.set_xscale("log")
    # Each bar says its count; the log axis's unlabelled minor ticks would add nothing but
    # a third of the chart's drawing time (the page draws it for every new puzzle).
    ax.xaxis.set_minor_locator(NullLocator())
    most = max((row.expanded for row in rows), default=1)
    ax.set_xlim(0.8, most * 12)
    ax.set_xlabel("nodes expanded (log scale)", fontsize=font_size("label", scale))
    ax.tick_params(axis="x", labelsize=font_size("legend", scale))
    for axes in (ax, lengths):
        axes.spines[["top"]].set_visible(False)
    ax.grid(axis="x", alpha=0.3)
    families = [f for f in FAMILY_STYLE if any(row.family == f for row in rows)]
    ax.legend(
        handles=[
            Patch(
                facecolor=FAMILY_STYLE[f][0],
                hatch=FAMILY_STYLE[f][1],
                edgecolor="white",
                label=FAMILY_STYLE[f][2],
            )
            for f in families
        ],
        loc="lower center",
        bbox_to_anchor=(0.5, 1.0),
        ncols=len(families),
        fontsize=font_size("legend", scale),
        frameon=False,
    )
    return fig


#: What b* is, where the table shows it.
B_STAR = (
    "b*, the effective branching factor: the branching factor of a uniform tree as deep as "
    "the solution (d moves) that holds as many nodes as the search generated, the start not "
    "counted (N): N = b* + b*² + … + b*^d. Close to 1: the search went almost straight to "
    "the goal."
)


def compare_rows(rows: Sequence[Row]) -> list[dict]:
    """The comparison as table rows: path length d, nodes generated N, and b* from N and d.

    >>> row = Row("BFS", "uninformed", 5, 35, 62, 28, 1.99, 0.0012)
    >>> table = compare_rows([row])[0]
    >>> table["d (path length)"], table["N (generated, start not counted)"], table["b*"]
    (5, 61, '1.99')
    """
    table = []
    for row in rows:
        generated = row.generated - 1
        b = effective_branching(generated, row.moves) if row.moves else None
        table.append(
            {
                "search": row.name,
                "d (path length)": row.moves if row.moves is not None else "none",
                "nodes expanded": row.expanded,
                "N (generated, start not counted)": generated,
                "b*": f"{b:.2f}" if b is not None else "–",
                "largest frontier": row.max_frontier,
                "time (ms)": round(row.seconds * 1000, 1),
            }
        )
    return table


def tie_rows(effect: dict[str, dict[str, int]], ties: dict[str, str]) -> list[dict]:
    """The tie rule's table: nodes A* expands with each heuristic under each rule.

    >>> tie_rows({"misplaced": {"fifo": 7, "deeper": 6}}, {"fifo": "first in", "deeper": "deeper"})
    [{'heuristic': 'misplaced', 'first in': 7, 'deeper': 6}]
    """
    return [
        {"heuristic": name, **{ties[t]: counts[t] for t in ties}} for name, counts in effect.items()
    ]
