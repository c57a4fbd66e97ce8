"""The frontier of a best-first search, in the order the search will take its nodes off.

Two ways to the same rows, kept apart on purpose:

* :func:`frontier_rows` folds a trace up to a step (plain and slow: the
  reference the tests hold the film to);
* :class:`Frontier` follows the events one by one (what a film of 60,000
  steps needs: each step costs a binary search, not a pass over the trace).

Both sort exactly as the search's priority queue orders its nodes: by f, then
by the tie rule (first in, first out; or deeper g first, then first in, first
out). The first row is the node the next ``expand`` takes.
:func:`frontier_html` writes the top rows as the table beside the picture.

>>> import search_viz as sv
>>> from search_viz.problems.eight_puzzle import NOTES_START, compact
>>> tr = sv.Trace.record(sv.astar(sv.EightPuzzle(NOTES_START), heuristic="misplaced"))
>>> [(compact(r.node), r.g, r.h, r.f) for r in frontier_rows(tr, 4)]
[('283/1_4/765', 1, 3, 4), ('283/164/_75', 1, 5, 6), ('283/164/75_', 1, 5, 6)]
"""

from __future__ import annotations

import bisect
import html
from collections.abc import Callable, Hashable, Sequence
from typing import NamedTuple

from search_viz.events import Event, format_value
from search_viz.trace import Trace

#: The rows the frontier table shows (and the one just put on, wherever it lands).
TABLE_ROWS = 5
#: How each tie rule orders nodes of equal f, as the table's title says it.
TIE_ORDER = {
    "fifo": "then first in, first out",
    "deeper": "then larger g, then first in, first out",
}


class FrontierRow(NamedTuple):
    """A node waiting on the frontier: its g, h, f, parent, and the step that put it there."""

    node: Hashable
    g: float
    h: float | None
    f: float
    parent: Hashable
    step: int

    def sort_key(self, tie: str) -> tuple:
        """Where the priority queue puts this node under the tie rule ``tie``.

        >>> FrontierRow("B", 2, 3, 5, "A", 7).sort_key("deeper")
        (5, -2, 7)
        """
        if tie == "deeper":
            return (self.f, -self.g, self.step)
        return (self.f, self.step)


def row_of(event: Event, step: int) -> FrontierRow:
    """The frontier row a ``generate`` event at ``step`` puts on.

    >>> row_of(Event("generate", "B", parent="A", g=1, h=3, value=4), 2)
    FrontierRow(node='B', g=1, h=3, f=4, parent='A', step=2)
    """
    return FrontierRow(event.node, event.g, event.h, event.value, event.parent, step)


def frontier_rows(trace: Trace, step: int, tie: str = "fifo") -> list[FrontierRow]:
    """The nodes on the frontier after event ``step``, in the order they will be expanded.

    A node put on the frontier again (reached by a cheaper path) is listed once,
    with its latest g, h and f: the search skips its old entry.
    """
    waiting: dict[Hashable, FrontierRow] = {}
    for k, e in enumerate(trace.events[: step + 1]):
        if e.kind == "generate":
            waiting[e.node] = row_of(e, k)
        elif e.kind in ("expand", "goal"):
            waiting.pop(e.node, None)
    return sorted(waiting.values(), key=lambda row: row.sort_key(tie))


class Frontier:
    """The frontier, kept sorted while a trace is read event by event.

    >>> frontier = Frontier("fifo")
    >>> for k, (node, f) in enumerate([("A", 3), ("B", 2), ("C", 3)]):
    ...     frontier.put(FrontierRow(node, 0, f, f, None, k))
    >>> [row.node for row in frontier.top(5)], frontier.ties("A"), frontier.rank("C")
    (['B', 'A', 'C'], 1, 2)
    >>> frontier.take("B"); len(frontier)
    2
    """

    def __init__(self, tie: str = "fifo") -> None:
        self.tie = tie
        self._keys: list[tuple] = []
        self._rows: dict[tuple, FrontierRow] = {}
        self._key_of: dict[Hashable, tuple] = {}
        self._with_f: dict[float, int] = {}  # f -> how many nodes on the frontier have it

    def __len__(self) -> int:
        return len(self._keys)

    def put(self, row: FrontierRow) -> None:
        """Put ``row`` on (replacing the node's older entry, as the search skips that one)."""
        self.take(row.node)
        key = row.sort_key(self.tie)
        bisect.insort(self._keys, key)
        self._rows[key] = row
        self._key_of[row.node] = key
        self._with_f[row.f] = self._with_f.get(row.f, 0) + 1

    def take(self, node: Hashable) -> None:
        """Take ``node`` off (nothing happens if it is not on)."""
        key = self._key_of.pop(node, None)
        if key is None:
            return
        del self._keys[bisect.bisect_left(self._keys, key)]
        del self._rows[key]
        self._with_f[key[0]] -= 1

    def top(self, n: int) -> list[FrontierRow]:
        """The first ``n`` rows, in the order the search takes them."""
        return [self._rows[key] for key in self._keys[:n]]

    def keys(self, n: int) -> tuple:
        """The sort keys of the first ``n`` rows (equal keys, equal rows: each holds its step)."""
        return tuple(self._keys[:n])

    def rank(self, node: Hashable) -> int | None:
        """Where ``node`` stands (0: taken next), or None if it is not on the frontier."""
        key = self._key_of.get(node)
        return None if key is None else bisect.bisect_left(self._keys, key)

    def row(self, rank: int) -> FrontierRow:
        """The row at ``rank``."""
        return self._rows[self._keys[rank]]

    def ties(self, node: Hashable) -> int:
        """How many other nodes on the frontier share ``node``'s f (0 if it is not on)."""
        key = self._key_of.get(node)
        return 0 if key is None else self._with_f[key[0]] - 1


def frontier_html(
    frontier: Frontier,
    label: Callable[[Hashable], str],
    algorithm: str,
    just_put: Hashable = None,
    *,
    limit: int = TABLE_ROWS,
) -> str:
    """The frontier as a table sorted by f (and the tie rule): the next node to expand on top.

    Rows sharing the top row's f are marked as ties; ``just_put`` (the node
    the step put on the frontier) is highlighted, and shown even when it lands
    below the first ``limit`` rows. The HTML is kept short: a long replay
    carries one table per step (a film writes them with one :class:`FrontierTable`).

    >>> frontier = Frontier("fifo")
    >>> for k, n in enumerate("BCD"):
    ...     frontier.put(FrontierRow(n, 1, 3, 4, "A", k))
    >>> out = frontier_html(frontier, str, "A*", just_put="D", limit=1)
    >>> "⋮" in out, "next" in out, "… and 1 more" in out
    (True, True, True)
    """
    return FrontierTable(frontier, label, algorithm, limit=limit).html(just_put)


class FrontierTable:
    """The table of one frontier, written step after step as a film reads its trace.

    The same HTML as :func:`frontier_html`, cheaper over many steps: each row's
    cells are written once, and the first rows are written again only when they
    change (most steps put a node further down).

    >>> frontier = Frontier("fifo")
    >>> table = FrontierTable(frontier, str, "A*")
    >>> frontier.put(FrontierRow("B", 1, 3, 4, "A", 0)); first = table.html("B")
    >>> frontier.put(FrontierRow("C", 1, 4, 5, "A", 1))
    >>> table.html("C") == frontier_html(frontier, str, "A*", "C")
    True
    """

    def __init__(
        self,
        frontier: Frontier,
        label: Callable[[Hashable], str],
        algorithm: str,
        *,
        limit: int = TABLE_ROWS,
    ) -> None:
        self.frontier = frontier
        self.label = label
        self.limit = limit
        f_text = "g + h" if algorithm == "A*" else "h"
        self._by = f"by f = {f_text}, {TIE_ORDER[frontier.tie]}"
        self._cells: dict[int, str] = {}  # a row's step -> its board, g, h and f cells
        self._top: tuple = ()  # (the first rows' keys, where the node just put on is)
        self._top_html = ""  # the table's head and those rows, written
        self._titles: dict[int, str] = {}  # frontier size -> the title
        self._mores: dict[int, str] = {}  # rows left out -> the line saying so

    def html(self, just_put: Hashable = None) -> str:
        """The table now; ``just_put``: the node this step put on the frontier, if any."""
        frontier, limit = self.frontier, self.limit
        n = len(frontier)
        if not n:
            return f'<div class="sv-frontier">{self._title(0)}: empty.</div>'
        put_at = frontier.rank(just_put) if just_put is not None else None
        top = (frontier.keys(limit), put_at if put_at is not None and put_at < limit else None)
        if top != self._top:
            rows = self._rows(range(min(limit, n)), put_at)
            self._top, self._top_html = top, f"<table>{_HEAD}<tbody>{rows}"
        shown = min(limit, n)
        below = ""
        if put_at is not None and put_at >= limit:  # the node just put on: where it landed
            below = self._rows([put_at], put_at)
            shown += 1
        return (
            f'<div class="sv-frontier">{self._title(n)}{self._top_html}{below}</tbody>'
            f"</table>{self._more(n - shown)}</div>"
        )

    def _title(self, n: int) -> str:
        """The table's title for a frontier of ``n`` nodes (a long film writes each n often)."""
        title = self._titles.get(n)
        if title is None:
            title = self._titles[n] = (
                f"<b>The frontier</b>: {n:,} node{'s' if n != 1 else ''}, {self._by}"
            )
        return title

    def _more(self, hidden: int) -> str:
        """The line under the table: how many rows it leaves out."""
        if hidden <= 0:
            return ""
        more = self._mores.get(hidden)
        if more is None:
            more = self._mores[hidden] = f"<div>… and {hidden:,} more</div>"
        return more

    def _rows(self, ranks, put_at: int | None) -> str:
        """The rows at ``ranks``, marked: next, tie (the top row's f), just put on."""
        frontier = self.frontier
        lowest = frontier.row(0).f
        body = []
        for i in ranks:
            if i > self.limit:  # rows skipped before the one just put on
                body.append('<tr><td colspan="6">⋮</td></tr>')
            row = frontier.row(i)
            style, note = _MARKED[i == 0, i != 0 and row.f == lowest, i == put_at]
            body.append(f"<tr{style}><td>{i + 1}</td>{self._cells_of(row)}<td>{note}</td></tr>")
        return "".join(body)

    def _cells_of(self, row: FrontierRow) -> str:
        """The cells of a row that do not depend on where it stands: board, g, h, f."""
        cells = self._cells.get(row.step)
        if cells is None:
            cells = self._cells[row.step] = (
                f"<td><code>{html.escape(self.label(row.node))}</code></td>"
                f"<td>{format_value(row.g)}</td><td>{format_value(row.h)}</td>"
                f"<td>{format_value(row.f)}</td>"
            )
        return cells


_HEAD = (
    "<thead><tr><th>#</th><th>board</th><th>g</th><th>h</th><th>f</th><th>note</th></tr></thead>"
)
#: A row's style and note, by whether it is next, ties with the next (f) and was just put on.
_MARKED = {
    (next_, tie, put): (
        ' style="background:#FFF3B0"' if put else ' style="background:#E3F1FB"' if next_ else "",
        ", ".join(
            (["next"] if next_ else ["tie"] if tie else []) + (["just put on"] if put else [])
        ),
    )
    for next_ in (True, False)
    for tie in (True, False)
    for put in (True, False)
}


def ties_at_expansion(trace: Trace, step: int, tie: str = "fifo") -> int:
    """At an ``expand`` event: how many other frontier nodes had the same f (the slow reference).

    0 when the expanded node's f was the only lowest one (or ``step`` is not an expansion).

    >>> import search_viz as sv
    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> tr = sv.Trace.record(sv.astar(sv.EightPuzzle(NOTES_START), heuristic="misplaced"))
    >>> [ties_at_expansion(tr, k) for k in tr.positions("expand").tolist()]
    [0, 0, 1, 1, 0, 0, 0]
    """
    event = trace.events[step]
    if event.kind != "expand" or step == 0:
        return 0
    before: Sequence[FrontierRow] = frontier_rows(trace, step - 1, tie)
    return sum(1 for row in before if row.f == event.value and row.node != event.node)
