"""The panels beside an uninformed search's picture: the sentence, the counters, the frontier,
and iterative deepening's table of the notes (one row per depth limit).

:class:`Panels` follows a trace event by event and closes each film step
with what the panels show then. The tables are HTML that a step carries (the
player shows them under the counters); every name in them is escaped, since
a student may type any name.

>>> "front" in frontier_html(["B", "C"], "queue")
True
>>> "A B C D" in iddfs_row_html(1, ["A", "B", "C", "D"])
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import search_viz as sv
from search_viz.events import Event, format_value
from search_viz.lessons.shared.graph_tables import MONO, frontier_html, html_name
from search_viz.lessons.uninformed.descriptions import uninformed_description
from search_viz.lessons.uninformed.looks import TREE_SEARCH
from search_viz.lessons.uninformed.sentences import uninformed_sentence


def iddfs_row_html(
    limit: int,
    visited: Sequence[Hashable],
    current: Hashable = None,
    name: Callable[[Hashable], str] = html_name,
    shown: int = 24,
) -> str:
    """One row of the notes' table: the limit, the nodes visited in order, how many.

    ``current``, when it is the last node visited, is marked; ``name`` gives
    a node's name as HTML. A row of more than ``shown`` nodes keeps its first
    few and its last ones.

    >>> iddfs_row_html(1, ["A", "B"], current="B").count("<b")
    1
    >>> "…" in iddfs_row_html(9, list(range(40)))
    True
    """
    kept = list(visited) if len(visited) <= shown else [*visited[:6], *visited[6 - shown :]]
    names = [name(node) for node in kept]
    if names and current is not None and visited[-1] == current:
        names[-1] = f"<b style='background:#FFE2A8;padding:0 0.2em'>{names[-1]}</b>"
    if len(visited) > shown:
        names.insert(6, "…")
    return (
        f"<tr><td style='text-align:center'>{limit}</td>"
        f"<td style='{MONO}'>{' '.join(names)}</td>"
        f"<td style='text-align:right'>{len(visited)}</td></tr>"
    )


def iddfs_table_html(rows_html: Sequence[str]) -> str:
    """The notes' table around its rows (see :func:`iddfs_row_html`).

    >>> iddfs_table_html([iddfs_row_html(0, ["A"])]).count("<tr>")
    2
    """
    return (
        '<table class="sv-iddfs"><thead><tr><th>limit</th><th>depth-limited search visits, '
        f"in order</th><th>visits</th></tr></thead><tbody>{''.join(rows_html)}</tbody></table>"
    )


class Panels:
    """What the panels show, kept up to date event by event (see :meth:`step`).

    ``algorithm`` is "BFS", "DFS", "DLS", "IDDFS" or "UCS"; ``limit`` its
    depth limit, largest limit or bound (for the sentences); ``frontier`` and
    ``rows`` the frontier (in the order put on, with each node's g) and the
    IDDFS table so far. A tree search (DLS, IDDFS) may hold one node on its
    stack twice, reached along two paths: ``stack`` keeps every entry, and the
    panels show those (:meth:`waiting`).

    >>> from search_viz.problems.graph_examples import notes_tree
    >>> trace = sv.Trace.record(sv.iddfs(sv.GraphProblem(notes_tree(), "A", "R"), 10))
    >>> panels = Panels(trace, "IDDFS", "stack", limit=10, start="A")
    >>> for e in trace.events[:10]:
    ...     panels.see(e)
    >>> panels.rows, list(panels.frontier)
    ([(0, ['A']), (1, ['A'])], ['D', 'C', 'B'])
    """

    def __init__(
        self,
        trace: sv.Trace,
        algorithm: str,
        discipline: str,
        *,
        limit: int | None = None,
        start: Hashable = None,
        label: Callable[[Any], str] = str,
        shown: int = 16,
    ) -> None:
        self.trace = trace
        self.algorithm = algorithm
        self.discipline = discipline
        self.limit = limit
        self.start = start
        self.label = label
        self._names: dict[Hashable, str] = {}
        self.shown = shown
        self.frontier: dict[Hashable, Any] = {}
        self.stack: list | None = [] if algorithm in TREE_SEARCH else None
        self.rows: list[tuple[int, list]] = []
        self.taken = 0  # nodes taken off the frontier and goal-tested (`expand` events)
        self.cut = 0  # nodes taken off at the depth limit: their children were not generated
        self.depth_limit = limit if algorithm == "DLS" else None
        self._finished: list[str] = []  # the HTML of the rows of finished iterations

    def see(self, e: Event) -> None:
        """Take the event ``e`` into the frontier, the counts and the table."""
        if e.kind == "iterate":
            if self.rows:
                self._finished.append(iddfs_row_html(*self.rows[-1], name=self.html_name))
            self.frontier = {}
            self.stack = []
            self.rows.append((e.value, []))
            self.depth_limit = e.value
        elif e.kind == "generate":
            self.frontier.pop(e.node, None)
            self.frontier[e.node] = e.g
            if self.stack is not None:
                self.stack.append(e.node)
        elif e.kind == "expand":
            self.frontier.pop(e.node, None)
            if self.stack:  # the top of the stack: the newest entry of the node
                del self.stack[len(self.stack) - 1 - self.stack[::-1].index(e.node)]
            self.taken += 1
            if self.rows:
                self.rows[-1][1].append(e.node)
        elif e.kind == "cutoff":
            self.cut += 1

    def waiting(self) -> list:
        """The nodes on the frontier, in the order put on (a tree search's every entry).

        >>> import networkx as nx
        >>> G = nx.DiGraph([("A", "B"), ("A", "D"), ("B", "D"), ("D", "E")])
        >>> trace = sv.Trace.record(sv.dls(sv.GraphProblem(G, "A", "E"), limit=2))
        >>> panels = Panels(trace, "DLS", "stack", limit=2)
        >>> for e in trace.events[:6]:
        ...     panels.see(e)
        >>> panels.waiting(), list(panels.frontier)  # D twice: under A and under B
        (['D', 'D'], ['D'])
        """
        return list(self.stack) if self.stack is not None else list(self.frontier)

    def html_name(self, node: Hashable) -> str:
        """``node``'s label as HTML, worked out once per node."""
        text = self._names.get(node)
        if text is None:
            text = self._names[node] = html.escape(self.label(node))
        return text

    def stopped_sentence(self) -> str:
        """What the last step of a search stopped by the cap says."""
        return (
            f"Stopped after {self.trace.result.stats['stopped']:,} steps: the search would go "
            "on too long to replay, so it has no answer here."
        )

    def sentence(self, e: Event) -> str:
        """What the step of ``e`` says."""
        return uninformed_sentence(
            e,
            self.algorithm,
            label=self.label,
            path=self.trace.result.path,
            limit=self.limit,
            start=self.start,
        )

    def counters(self, e: Event) -> dict[str, object]:
        """The counters at the step of ``e``.

        A node is counted when it is taken off the frontier and goal-tested (an
        ``expand`` event, as ``r.stats["expanded"]`` counts them). A depth-limited
        search takes a node at the limit off too, but cuts it off instead of
        expanding it: there the counters say "visited" (the notes' word, as in
        the IDDFS table) and how many of those were cut off, never "expanded".

        >>> from search_viz.problems.graph_examples import notes_tree
        >>> trace = sv.Trace.record(sv.dls(sv.GraphProblem(notes_tree(), "A", "R"), limit=1))
        >>> panels = Panels(trace, "DLS", "stack", limit=1)
        >>> for e in trace.events:
        ...     panels.see(e)
        >>> panels.counters(trace.events[-1])
        {'visited': 4, 'cut off': 3, 'on the frontier': 0, 'depth limit': 1, 'depth': '–'}
        """
        counters: dict[str, object] = (
            {"visited": self.taken, "cut off": self.cut}
            if self.algorithm in TREE_SEARCH
            else {"expanded": self.taken}
        )
        counters["on the frontier"] = len(self.waiting())
        if self.depth_limit is not None:
            counters["depth limit"] = self.depth_limit
        counters["depth"] = e.depth if e.depth is not None else "–"
        path = self.trace.result.path
        if e.kind == "done" and path:
            counters["path length"] = len(path) - 1
            if self.algorithm == "UCS":
                counters["path cost"] = format_value(self.trace.result.value)
        return counters

    def tables(self, e: Event) -> dict[str, str]:
        """The tables at the step of ``e``: the frontier, and the IDDFS table."""
        tables = {
            "frontier": frontier_html(
                self.waiting(), self.discipline, self.html_name, self.frontier, self.shown
            )
        }
        if self.algorithm == "IDDFS" and self.rows:
            current = e.node if e.kind == "expand" else None
            last = iddfs_row_html(*self.rows[-1], current=current, name=self.html_name)
            tables["iddfs"] = iddfs_table_html([*self._finished, last])
        return tables

    def step(self, builder, e: Event) -> None:
        """Close the builder's step of event ``e`` (call :meth:`see` first)."""
        builder.step(
            self.sentence(e),
            line=e.line,
            counters=self.counters(e),
            tables=self.tables(e),
            description=uninformed_description(e, self),
        )
