"""The informed-search lesson's panels: the frontier table, the comparison table, the callout.

Each HTML panel has a pure ``*_html`` function, tested without Streamlit.

>>> from search_viz.render.frontier_table import FrontierRow
>>> out = frontier_html([FrontierRow("B", 1, 3, 4, "A", 2)], str, "A*", "fifo")
>>> "next" in out and "<td>4</td>" in out
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable, Sequence

import streamlit as st

from search_viz.algorithms.informed_compare import Row
from search_viz.events import format_value
from search_viz.film.style import OKABE_ITO
from search_viz.render.frontier_table import FrontierRow

_CELL = "padding:0.1em 0.55em;text-align:right"
_MONO = "font-family:ui-monospace,Menlo,Consolas,monospace"
_TIES = {"fifo": "then first in, first out", "deeper": "then larger g, then first in, first out"}


def frontier_html(
    rows: Sequence[FrontierRow],
    label: Callable[[Hashable], str],
    algorithm: str,
    tie: str,
    just_put: Hashable = None,
    *,
    limit: int = 8,
    scale: float = 1.0,
) -> str:
    """The frontier as a table sorted by f (and the tie rule): the next node to expand on top.

    Rows sharing the top row's f are marked as ties; ``just_put`` (the node
    the step put on the frontier) is highlighted, and shown even when it lands
    below the first ``limit`` rows.

    >>> rows = [FrontierRow(n, 1, 3, 4, "A", k) for k, n in enumerate("BCD")]
    >>> out = frontier_html(rows, str, "A*", "fifo", just_put="D", limit=1)
    >>> "⋮" in out, ">3</td>" in out, "… and 1 more" in out
    (True, True, True)
    """
    f_text = "g + h" if algorithm == "A*" else "h"
    title = (
        f"<b>The frontier</b>, {len(rows)} node{'s' if len(rows) != 1 else ''}, "
        f"sorted by f = {f_text}, {_TIES[tie]}"
    )
    opening = (
        f'<div class="sv-frontier" style="font-size:{0.9 * scale:.2f}rem;overflow-x:auto">{title}'
    )
    if not rows:
        return f"{opening}: empty</div>"
    lowest = rows[0].f
    shown = list(range(min(limit, len(rows))))
    put_at = next((i for i, row in enumerate(rows) if row.node == just_put), None)
    if put_at is not None and put_at >= limit:
        shown.append(put_at)  # the node just put on the frontier: where it landed
    body = []
    for i in shown:
        if i > limit:  # rows skipped before the one just put on
            body.append('<tr><td colspan="7" style="color:#555">⋮</td></tr>')
        body.append(_frontier_row(rows[i], i, lowest, rows[i].node == just_put, label))
    hidden = len(rows) - len(shown)
    more = f'<div style="color:#555">… and {hidden:,} more</div>' if hidden > 0 else ""
    head = "".join(
        f'<th style="{_CELL}">{h}</th>' for h in ("#", "board", "g", "h", "f", "parent", "")
    )
    return (
        f'{opening}<table style="border-collapse:collapse;margin-top:0.3em;text-align:center">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{more}</div>"
    )


def _frontier_row(
    row: FrontierRow, rank: int, lowest: float, just_put: bool, label: Callable
) -> str:
    marks = ["next"] if rank == 0 else (["tie"] if row.f == lowest else [])
    if just_put:
        marks.append("just put on")
    background = "#FFF3B0" if just_put else ("#E3F1FB" if rank == 0 else "")
    style = f"background:{background};" if background else ""
    weight = "font-weight:700;" if rank == 0 else ""
    parent = label(row.parent) if row.parent is not None else "(start)"
    return (
        f'<tr style="{style}{weight}"><td style="{_CELL}">{rank + 1}</td>'
        f'<td style="{_MONO};padding:0.1em 0.55em">{html.escape(label(row.node))}</td>'
        f"<td>{format_value(row.g)}</td><td>{format_value(row.h)}</td>"
        f"<td>{format_value(row.f)}</td>"
        f'<td style="{_MONO};padding:0.1em 0.55em;color:#555">{html.escape(parent)}</td>'
        f'<td style="color:{OKABE_ITO["vermillion"]};padding:0.1em 0.55em">'
        f"{', '.join(marks)}</td></tr>"
    )


def greedy_callout_text(heuristic: str, greedy_moves: int, astar_moves: int, where: str) -> str:
    """The callout: the notes' "A*" (ordered by h alone) is greedy best-first search.

    >>> text = greedy_callout_text("misplaced", 15, 11, "712/483/6_5")
    >>> "is greedy best-first search" in text, "**15 moves**" in text
    (True, True)
    """
    if greedy_moves > astar_moves:
        example = (
            f"Greedy's can be longer: on {where}, with h = {heuristic}, greedy's solution has "
            f"**{greedy_moves} moves**, A*'s **{astar_moves}**."
        )
    else:
        example = f"On {where}, with h = {heuristic}, both find {astar_moves} moves."
    return (
        '**The notes\' "A\\*" is greedy best-first search.** Ordering the frontier by h alone '
        "is greedy; A\\* orders it by f = g + h and, with an admissible h (never an "
        f"overestimate, like all three here), takes a shortest solution off it first. {example}"
    )


def compare_rows_table(rows: Sequence[Row]) -> list[dict]:
    """The comparison as table rows (what ``st.dataframe`` shows).

    >>> compare_rows_table([Row("BFS", "uninformed", 5, 35, 62, 28, 1.99, 0.0012)])[0]["b*"]
    '1.99'
    """
    return [
        {
            "search": row.name,
            "path length": row.moves if row.moves is not None else "none",
            "nodes expanded": row.expanded,
            "largest frontier": row.max_frontier,
            "b*": f"{row.branching:.2f}" if row.branching is not None else "–",
            "time (ms)": round(row.seconds * 1000, 1),
        }
        for row in rows
    ]


def show_compare_table(rows: Sequence[Row]) -> None:
    """The comparison table."""
    st.dataframe(
        compare_rows_table(rows),
        hide_index=True,
        column_config={
            "nodes expanded": st.column_config.NumberColumn(format="localized"),
            "largest frontier": st.column_config.NumberColumn(format="localized"),
            "b*": st.column_config.TextColumn(
                help="Effective branching factor: the b of a uniform tree as deep as the "
                "solution that holds as many nodes as the search generated (AIMA)."
            ),
        },
    )
