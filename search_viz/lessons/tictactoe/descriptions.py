"""The tic-tac-toe search picture in words, step by step, for a screen reader.

The picture shows the searched position, a box per move with the value (or
[α, β] window) the search has for it, and inside each box the replies. A
description says the same from each node's look at the step
(:class:`~search_viz.lessons.tictactoe.drawing.NodeLook`): the position, the
current node, what was just pruned, each move's value or window grouped by
status, and the replies under the move being searched.

>>> from search_viz.problems.tictactoe import TicTacToe
>>> from search_viz.lessons.tictactoe.drawing import walk
>>> from search_viz.lessons.tictactoe.search import Search, tree_view
>>> view = tree_view(TicTacToe("XX.OO...."), Search())
>>> said = [tictactoe_description(view, k, looks) for k, (_, looks, _) in enumerate(walk(view))]
>>> print(said[7])  # doctest: +NORMALIZE_WHITESPACE
The searched position: X at top left, top middle; O at middle left, centre; X to move; the root:
window 9 to +∞. Just pruned: X middle right → O bottom left. Current node: X middle right,
window 9 to 0. X's moves: evaluated: top right +9; being searched: middle right (window 9 to 0);
not reached: bottom left, bottom middle, bottom right. Replies under middle right: decided: top
right 0; pruned: bottom left; not reached: bottom middle, bottom right.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from search_viz.lessons.tictactoe.search import Node, TreeView
from search_viz.lessons.tictactoe.sentences import (
    CELL_NAMES,
    meaning,
    mover,
    node_name,
    signed,
    value_meaning,
)
from search_viz.problems.tictactoe import TicTacToe

if TYPE_CHECKING:  # the drawing imports this module
    from search_viz.lessons.tictactoe.drawing import NodeLook

#: The statuses of a node's look, in the order a description lists them, and how it says each.
STATUS_WORDS = {
    "decided": "decided",
    "evaluated": "evaluated",
    "open": "being searched",
    "pruned": "pruned",
    "unreached": "not reached",
}


def tictactoe_description(
    view: TreeView, step: int, looks: Mapping[Node, NodeLook], position: str | None = None
) -> str:
    """What the picture of ``view``'s search shows at ``step``, every drawn node in ``looks``
    (``position``: :func:`searched_position` of ``view``, if a film has it at hand).

    >>> from search_viz.problems.tictactoe import TicTacToe
    >>> from search_viz.lessons.tictactoe.drawing import walk
    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> view = tree_view(TicTacToe("XX.OO...."), Search())
    >>> *_, (_, looks, _) = walk(view)
    >>> print(tictactoe_description(view, len(view.trace.events) - 1, looks).split(". ")[1])
    The search is over: worth +9, X wins in 1 ply with best play; the best line: X top right
    """
    e = view.trace.events[step]
    focus = view.focus
    if position is None:
        position = searched_position(view)
    parts = [f"{position}; {'the opened node' if focus else 'the root'}: {_state(looks[focus])}"]
    if e.kind == "done":
        line = [n for n in view.nodes if len(n) > len(focus) and looks[n].principal]
        best = f"; the best line: {node_name(view, line[-1])}" if line else ""
        value = view.trace.result.value
        parts.append(
            f"The search is over: worth {signed(value)}, "
            f"{value_meaning(value, view)} with best play{best}"
        )
    elif e.kind == "prune" and e.node in looks:
        parts.append(f"Just pruned: {node_name(view, e.node)}")
    current = next((n for n, look in looks.items() if look.current), None)
    if current is not None:
        parts.append(f"Current node: {node_name(view, current)}, {_state(looks[current])}")
    moves = view.children[focus]
    if moves:
        parts.append(f"{mover(view, focus)}'s moves: {_grouped(moves, looks, _cell)}")
    searched = next((m for m in moves if looks[m].status == "open"), None)
    replies = view.children[searched] if searched is not None else []
    if replies:
        parts.append(f"Replies under {_cell(searched)}: {_grouped(replies, looks, _cell)}")
    return ". ".join(parts) + "."


def searched_position(view: TreeView) -> str:
    """The searched board in words: whose marks are where, and who moves (the same at every
    step of a film).

    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> searched_position(tree_view(TicTacToe("X...O...."), Search()))
    'The searched position: X at top left; O at centre; X to move'
    """
    opened = f" (opened at {node_name(view, view.focus)})" if view.focus else ""
    where = board_text(view.board(view.focus))
    return f"The searched position{opened}: {where}; {mover(view, view.focus)} to move"


def board_text(board: str) -> str:
    """A board of 9 characters in words: whose marks are where.

    >>> board_text("X...O...."), board_text(".........")
    ('X at top left; O at centre', 'the empty board')
    """
    cells = {mark: [CELL_NAMES[i] for i, c in enumerate(board) if c == mark] for mark in "XO"}
    placed = [f"{mark} at {', '.join(names)}" for mark, names in cells.items() if names]
    return "; ".join(placed) if placed else "the empty board"


def move_values_alt(
    game: TicTacToe,
    values: Mapping[int, float],
    truth: Mapping[int, float],
    chosen: int | None,
    title: str | None = None,
) -> str:
    """The ``alt`` of the picture of every legal move with its value (and, where the player's
    search sees it otherwise, what it is worth with perfect play).

    >>> from search_viz.algorithms.tictactoe import move_values
    >>> game = TicTacToe("XO..X....")
    >>> print(move_values_alt(game, move_values(game), move_values(game), 8, "O to move"))
    ... # doctest: +NORMALIZE_WHITESPACE
    O to move. The board: X at top left, centre; O at top middle; O to move. Each move's value
    for X: top right +8 (X wins in 2 plies), middle left +8 (X wins in 2 plies), middle right +8
    (X wins in 2 plies), bottom left +8 (X wins in 2 plies), bottom middle +8 (X wins in 2
    plies), bottom right +6 (X wins in 4 plies). Starred, the move chosen: bottom right.
    """
    said = []
    for cell, value in values.items():
        worth = f"{signed(value)} ({meaning(truth[cell], game)}"
        if truth[cell] != value:
            worth += f"; {signed(truth[cell])} with perfect play"
        said.append(f"{CELL_NAMES[cell]} {worth})")
    head = f"{title}. " if title else ""
    text = (
        f"{head}The board: {board_text(game.board)}; {game.player_to_move} to move. "
        f"Each move's value for X: {', '.join(said)}."
    )
    if chosen is not None:
        text += f" Starred, the move chosen: {CELL_NAMES[chosen]}."
    return text


def _cell(node: Node) -> str:
    return CELL_NAMES[node[-1]]


@lru_cache(maxsize=1024)
def _spoken(text: str) -> str:
    """A node's text as said aloud: "[0, +∞]" as a window, "≥ +3" as "at least +3"."""
    text = text.replace("-", "−")
    if text.startswith("["):
        low, high = text.strip("[]").split(", ")
        return f"window {low} to {high}"
    return text.replace("≥ ", "at least ").replace("≤ ", "at most ")


def _state(look: NodeLook) -> str:
    """A node's look in words: "worth +3", "window 0 to +∞", "being searched", "pruned"."""
    if look.status in ("pruned", "unreached") or not look.text:
        return STATUS_WORDS[look.status]
    spoken = _spoken(look.text)
    return spoken if spoken.startswith("window") else f"worth {spoken}"


def _with_value(name: str, look: NodeLook) -> str:
    """A node in a list: "top left +3", "top middle at most 0", "centre (window 0 to +∞)"."""
    if not look.text:
        return name
    spoken = _spoken(look.text)
    return f"{name} ({spoken})" if spoken.startswith("window") else f"{name} {spoken}"


def _grouped(nodes, looks: Mapping[Node, NodeLook], name) -> str:
    """Nodes grouped by status, each with its value or window: "decided: top left 0; ..."."""
    said: dict[str, list[str]] = {status: [] for status in STATUS_WORDS}
    for n in nodes:
        look = looks[n]
        said[look.status].append(_with_value(name(n), look))
    return "; ".join(
        f"{words}: {', '.join(said[status])}"
        for status, words in STATUS_WORDS.items()
        if said[status]
    )
