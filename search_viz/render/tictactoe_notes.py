"""One sentence per step of a tic-tac-toe search, naming positions by their moves.

A node is named by the moves from the searched position ("X centre → O top
left"); values are explained in the game's terms (who has three in a row and
how deep, a full board, the static evaluation at the depth limit).

>>> from search_viz.algorithms.tictactoe import Opponent
>>> from search_viz.problems.tictactoe import TicTacToe
>>> from search_viz.render.tictactoe_view import tree_view
>>> view = tree_view(TicTacToe("XX.OO...."), Opponent("Alpha-beta"))
>>> step_note(view, 2)
'X has three in a row 1 ply below the root: worth 10 − 1 = 9 for X.'
>>> step_note(view, len(view.trace) - 1)
'Done: the position is worth 9: X wins in 1 ply with best play. X plays top right (cell 2).'
"""

from __future__ import annotations

from search_viz.events import Event, format_value
from search_viz.lessons.shared.game_view import SearchView, search_view, window_text
from search_viz.problems.tictactoe import OUTCOME, X_WON
from search_viz.render.tictactoe_view import Node, TreeView

#: Cell names, row by row, as the sentences say them.
CELL_NAMES = (
    "top left", "top middle", "top right",
    "middle left", "centre", "middle right",
    "bottom left", "bottom middle", "bottom right",
)  # fmt: skip
#: |value| at least this, in a depth-limited search (a win is 1000 - d), means a win was found.
LIMITED_WIN_FLOOR = 1000 - 9


def _v(x) -> str:
    text = format_value(x)
    return "+∞" if text == "∞" else text


def mover(view: TreeView, node: Node) -> str:
    """``"X"`` or ``"O"``: who is to move at ``node``.

    >>> from search_viz.algorithms.tictactoe import Opponent
    >>> from search_viz.problems.tictactoe import TicTacToe
    >>> from search_viz.render.tictactoe_view import tree_view
    >>> view = tree_view(TicTacToe("XX.OO...."), Opponent())
    >>> mover(view, ()), mover(view, (5,))
    ('X', 'O')
    """
    return "X" if view.is_max(node) else "O"


def node_name(view: TreeView, node: Node) -> str:
    """The moves from the root to ``node``: "X centre → O top left"; the root is "the root".

    >>> from search_viz.algorithms.tictactoe import Opponent
    >>> from search_viz.problems.tictactoe import TicTacToe
    >>> from search_viz.render.tictactoe_view import tree_view
    >>> node_name(tree_view(TicTacToe("XX.OO...."), Opponent()), (5, 2))
    'X middle right → O top right'
    """
    if not node:
        return "the root"
    return " → ".join(f"{mover(view, node[:i])} {CELL_NAMES[cell]}" for i, cell in enumerate(node))


def value_meaning(value: float, view: TreeView) -> str:
    """What a value says about the game, with this search's scoring.

    >>> from search_viz.algorithms.tictactoe import Opponent
    >>> from search_viz.problems.tictactoe import TicTacToe
    >>> from search_viz.render.tictactoe_view import tree_view
    >>> view = tree_view(TicTacToe("XX.OO...."), Opponent())
    >>> value_meaning(9, view), value_meaning(0, view), value_meaning(-6, view)
    ('X wins in 1 ply', 'a draw', 'O wins in 4 plies')
    """
    game = view.game
    if view.limit is not None and abs(value) < LIMITED_WIN_FLOOR:
        if value == 0:
            return "even, as far as the evaluation can tell"
        side = "X" if value > 0 else "O"
        return f"better for {side}, as far as the evaluation can tell"
    if value == 0:
        return "a draw"
    side = "X" if value > 0 else "O"
    if not game.decay:
        return f"{side} wins"
    plies = game.win - abs(int(value))
    return f"{side} wins in {plies} pl{'y' if plies == 1 else 'ies'}"


def _expand(e: Event, view: TreeView) -> str:
    node = e.node
    who = mover(view, node)
    kind, takes = ("MAX", "the largest") if who == "X" else ("MIN", "the smallest")
    window = e.alpha is not None
    if not node:
        s = (
            f"Start at the root, the position on the board: {who} is to move, so it is a {kind} "
            f"node and takes {takes} value below it."
        )
        return s + (" Its window [α, β] is [−∞, +∞]: nothing is known yet." if window else "")
    played = f"{mover(view, node[:-1])} {CELL_NAMES[node[-1]]}"
    if len(node) > 1:
        played += f" ({node_name(view, node)})"
    if view.is_terminal(node):
        return f"Try {played}: the game ends here."
    s = f"Try {played}: {who} to move, a {kind} node"
    if window:
        s += f", with the window [α, β] = {window_text((e.alpha, e.beta))}"
    return s + "."


def _evaluate(e: Event, view: TreeView) -> str:
    v = _v(e.value)
    if e.data == "limit":
        return (
            f"The depth limit ({view.limit} pl{'y' if view.limit == 1 else 'ies'}) is reached: "
            "the static evaluation (+10^i for "
            f"each line holding i of X's marks and none of O's, −10^i the other way round) "
            f"gives {v}."
        )
    state = view.states[e.node]
    game = view.game
    if e.value == 0:
        return "The board is full and nobody has three in a row: a draw, worth 0."
    winner = "X" if OUTCOME[state] == X_WON else "O"
    d = len(e.node)
    where = f"{d} pl{'y' if d == 1 else 'ies'} below the root"
    if not game.decay:
        return f"{winner} has three in a row {where}: worth {v} for X (no decay)."
    formula = f"{game.win} − {d}" if winner == "X" else f"{d} − {game.win}"
    return f"{winner} has three in a row {where}: worth {formula} = {v} for X."


def _backup(e: Event, view: TreeView, s: SearchView, after: Event | None) -> str:
    child, parent, v = e.node, e.parent, e.value
    if parent is None:
        return f"Back at the root: it is worth {_v(v)}."
    text = f"{node_name(view, child)} is worth {_v(v)}"
    if child in view.cut:
        bound = "at least" if view.is_max(child) else "at most"
        text += f" ({bound}: its search was cut off, and fail-soft returns the best value seen)"
    text += f"; back at {node_name(view, parent)}"
    is_max = e.data == "MAX"
    if e.alpha is None:
        keeps = "largest" if is_max else "smallest"
        best = s.partial.get(parent)
        return text + f", {mover(view, parent)} keeps the {keeps} value so far: {_v(best)}."
    before = s.before or (e.alpha, e.beta)
    if is_max and e.alpha != before[0]:
        text += f", X raises α to {_v(e.alpha)}"
    elif not is_max and e.beta != before[1]:
        text += f", O lowers β to {_v(e.beta)}"
    else:
        text += f": no change to [α, β] = {window_text((e.alpha, e.beta))}"
    text += "."
    if e.alpha >= e.beta and after is not None and after.kind == "prune":
        text += f" Now α = {_v(e.alpha)} ≥ β = {_v(e.beta)}: the other moves there cannot matter."
    return text


def _prune(e: Event, view: TreeView) -> str:
    at, a, b = node_name(view, e.parent), _v(e.alpha), _v(e.beta)
    skipped = f"{mover(view, e.parent)} {CELL_NAMES[e.node[-1]]}"
    if e.data == "MAX":
        why = (
            f"X can already get {a} or more there, but O can hold X to {b} higher up, so O never "
            "lets the game get there"
        )
    else:
        why = (
            f"O can already hold X to {b} or less there, but X can get {a} higher up, so X never "
            "lets the game get there"
        )
    return f"Skip {skipped} at {at}: α = {a} ≥ β = {b}. {why}."


def _done(view: TreeView) -> str:
    r = view.trace.result
    s = f"Done: the position is worth {_v(r.value)}: {value_meaning(r.value, view)} with best play."
    if r.move is not None:
        s += f" {mover(view, ())} plays {CELL_NAMES[r.move]} (cell {r.move})."
    return s


def step_note(view: TreeView, step: int, fold: SearchView | None = None) -> str:
    """The sentence for ``step`` of the view's replay (``fold``: its search_view, if made)."""
    fold = fold if fold is not None else search_view(view.trace, step)
    e = fold.event
    if e.kind == "expand":
        return _expand(e, view)
    if e.kind == "evaluate":
        return _evaluate(e, view)
    if e.kind == "backup":
        events = view.trace.events
        return _backup(e, view, fold, events[step + 1] if step + 1 < len(events) else None)
    if e.kind == "prune":
        return _prune(e, view)
    return _done(view)


__all__ = ["CELL_NAMES", "mover", "node_name", "step_note", "value_meaning"]
