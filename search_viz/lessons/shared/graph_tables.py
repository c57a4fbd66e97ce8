"""The queues beside a graph search's picture, as the small HTML tables a film step carries.

Every name in them is escaped (a student may type any name); cells are
plain table cells that the film player styles.

>>> "front" in frontier_html(["B", "C"], "queue")
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable, Mapping, Sequence

from search_viz.events import format_value
from search_viz.film.style import OKABE_ITO

MONO = "font-family:ui-monospace,Menlo,Consolas,monospace"
_FRONTIER = {
    "queue": ("Queue (first in, first out)", ("front", "back")),
    "stack": ("Stack (last in, first out)", ("top", "bottom")),
    "priority": ("Priority queue (lowest g first)", ("next", "last")),
}
_FIRST = "outline:3px solid " + OKABE_ITO["orange"]


def html_name(node: Hashable) -> str:
    """A node's name as HTML text (escaped: a typed name may hold any character).

    >>> html_name("<b>")
    '&lt;b&gt;'
    """
    return html.escape(str(node))


def frontier_html(
    nodes: Sequence[Hashable],
    discipline: str,
    name: Callable[[Hashable], str] = html_name,
    costs: Mapping[Hashable, float] | None = None,
    limit: int = 16,
    title: str | None = None,
) -> str:
    """The frontier as a queue (FIFO), a stack (LIFO) or a priority queue, the next node first.

    ``nodes`` are in the order they were put on; ``name`` gives a node's name
    as HTML; ``costs`` each node's g (priority queue only). At most ``limit``
    nodes are listed, one cell each; the next node's cell is outlined.
    ``title`` replaces the frontier's name ("Queue (first in, first out)" ...).

    >>> out = frontier_html(["B", "C"], "stack")
    >>> out.index(">C<") < out.index(">B<")  # the top of the stack first
    True
    >>> "A g=2" in frontier_html(["B", "A"], "priority", costs={"A": 2, "B": 3})
    True
    """
    name_of, (first, last) = _FRONTIER[discipline]
    title = title or name_of
    items = list(nodes)
    if discipline == "stack":
        items = items[::-1]
    elif discipline == "priority":
        items = sorted(items, key=lambda n: (costs or {}).get(n, 0))
    count = f"{len(items)} node{'s' if len(items) != 1 else ''}"
    head = f'<div class="sv-frontier"><b>{title}</b>, {count}'
    if not items:
        return head + ": <i>empty</i></div>"
    cells = []
    for i, node in enumerate(items[:limit]):
        text = name(node)
        if discipline == "priority" and costs and node in costs:
            text += f" g={format_value(costs[node])}"
        cells.append(f"<td style='{_FIRST}'><b>{text}</b></td>" if i == 0 else f"<td>{text}</td>")
    more = f"<td>… {len(items) - limit} more</td>" if len(items) > limit else ""
    return (
        f"{head}<table style='{MONO}'><tr><th>{first} →</th>{''.join(cells)}{more}"
        f"<th>← {last}</th></tr></table></div>"
    )
