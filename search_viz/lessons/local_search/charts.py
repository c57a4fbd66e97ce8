"""The chart beside the experiments: how often each algorithm solved the same seeded boards.

>>> from search_viz.algorithms.local_experiments import SETTINGS, run_setting
>>> fig = experiment_figure([run_setting(SETTINGS[0], n=6, boards=3)])
>>> fig.axes[0].get_xlabel()
'boards solved (%)'
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from search_viz.algorithms.local_experiments import Summary
from search_viz.film.style import OKABE_ITO, font_size


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
