"""How many leaves alpha-beta evaluates as trees grow, per move order, against b^d and b^(d/2).

>>> rows = [(1, {"given": 3, "best": 3, "worst": 3}), (2, {"given": 7, "best": 5, "worst": 9})]
>>> fig = growth_figure(rows, branching=3)
>>> [t.get_text() for t in fig.legends[0].get_texts()][:2]
['b^d: every leaf (minimax)', 'b^⌈d/2⌉ + b^⌊d/2⌋ − 1: the best case']
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from matplotlib.figure import Figure

from search_viz.film.style import DARK_GREY, OKABE_ITO, font_size

#: How each move order is drawn: colour, marker, line style.
ORDER_STYLE = {
    "worst": (OKABE_ITO["vermillion"], "v", "-"),
    "given": (OKABE_ITO["blue"], "o", "-"),
    "best": (OKABE_ITO["bluish green"], "^", "-"),
}
ORDER_LABEL = {"worst": "worst first", "given": "as given (random)", "best": "best first"}


def knuth_moore(branching: int, depth: int) -> int:
    """Leaves alpha-beta evaluates with perfect move ordering on a uniform tree.

    >>> knuth_moore(2, 3), knuth_moore(3, 2), knuth_moore(4, 8)
    (5, 5, 511)
    """
    return branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1


def growth_figure(
    rows: Sequence[tuple[int, Mapping[str, int]]], branching: int, scale: float = 1.0
) -> Figure:
    """Leaves evaluated against depth (log scale): one line per move order, and the two bounds."""
    depths = [d for d, _ in rows]
    fig = Figure(figsize=(8.5, 3.8), layout="constrained")
    ax = fig.add_subplot()
    # the two bounds as wide pale bands, so that a line running along them stays visible
    ax.plot(depths, [branching**d for d in depths], color=DARK_GREY, lw=7, alpha=0.3,
            solid_capstyle="round", label="b^d: every leaf (minimax)")  # fmt: skip
    ax.plot(depths, [knuth_moore(branching, d) for d in depths], color=OKABE_ITO["sky blue"],
            lw=9, alpha=0.45, solid_capstyle="round",
            label="b^⌈d/2⌉ + b^⌊d/2⌋ − 1: the best case")  # fmt: skip
    for order in ("worst", "given", "best"):
        colour, marker, style = ORDER_STYLE[order]
        counts = [by_order[order] for _, by_order in rows]
        ax.plot(depths, counts, color=colour, marker=marker, ls=style, lw=2, markersize=7,
                label=f"alpha-beta, {ORDER_LABEL[order]}")  # fmt: skip
    ax.set_yscale("log")
    ax.set_xticks(depths)
    ax.set_xlabel("depth d", fontsize=font_size("label", scale))
    ax.set_ylabel("leaves evaluated (log scale)", fontsize=font_size("label", scale))
    ax.tick_params(labelsize=font_size("legend", scale))
    ax.grid(True, which="major", alpha=0.3)
    ax.set_title(
        f"Random uniform trees, branching b = {branching}", fontsize=font_size("title", scale)
    )
    fig.legend(loc="outside right center", fontsize=font_size("legend", scale), frameon=False)
    return fig
