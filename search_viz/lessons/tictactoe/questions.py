"""What each step of the why-tree film asks the student in practice mode.

The student looks at step k - 1 and answers what step k does; the answer is
always read from step k's event (or the search's result), never searched again:

* a move tried (``expand``): which cell the search tries next at the position
  (a pick of the cell, in the move order the search uses); with an order the
  picture cannot show ("best", "worst"), the α or β the node is entered with;
* a leaf (``evaluate``): what it is worth for X (10 − d for an X win d plies
  ahead, d − 10 for O, 0 a draw; at a depth limit the static evaluation);
* a value coming back (``backup``): the value a candidate move (or the opened
  position, or the root) returns, when its moves' values are all on the
  picture; else, the value given, whether MAX raises α (MIN lowers β) at the
  parent (alpha-beta: a choice);
* the first skipped move of a cut (``prune``): how many moves are skipped;
* the end (``done``): the perfect move, a pick of the cell X (or O) plays.

>>> from search_viz.problems.tictactoe import TicTacToe
>>> from search_viz.lessons.tictactoe.search import Search, tree_view
>>> from search_viz.lessons.tictactoe.drawing import questions
>>> asked = questions(tree_view(TicTacToe("XX.OO...."), Search()))
>>> asked[2].question.prompt
'The game is over at X top right. What is it worth for X?'
>>> asked[2].question.answer, asked[-1].question.answer
(9, 2)
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from search_viz.algorithms.tictactoe import centre_corners_edges, edges_corners_centre
from search_viz.events import Event, format_value
from search_viz.film.questions import Question, choice, pick, value
from search_viz.lessons.shared.game_view import window_text
from search_viz.lessons.tictactoe.search import Fold, Node, TreeView, plies
from search_viz.lessons.tictactoe.sentences import (
    CELL_NAMES,
    evaluation_terms,
    mover,
    node_name,
    signed,
    value_meaning,
)


@dataclass(frozen=True)
class Asked:
    """A step's question, and for a pick the node of the picture each choice (a cell) names.

    >>> Asked(value("What is the root worth?", 0, why="MAX takes the largest value.")).nodes
    {}
    """

    question: Question
    nodes: dict[Hashable, Node] = field(default_factory=dict)


# ------------------------------------------------------------------- words
def cell_label(cell: int) -> str:
    """How a cell reads as a choice: its name and number.

    >>> cell_label(4)
    'centre (cell 4)'
    """
    return f"{CELL_NAMES[cell]} (cell {cell})"


def plain(x: float) -> str:
    """A number as a why writes it: "3", "−2", "+∞".

    >>> plain(3), plain(-2), plain(float("inf")), plain(float("-inf"))
    ('3', '−2', '+∞', '−∞')
    """
    text = format_value(x).replace("-", "−")
    return "+∞" if text == "∞" else text


def where(view: TreeView, node: Node) -> str:
    """A node as a prompt names it: "the root" or its moves, "X centre → O top left".

    >>> from search_viz.problems.tictactoe import TicTacToe
    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> view = tree_view(TicTacToe(), Search())
    >>> where(view, ()), where(view, (4, 0))
    ('the root', 'X centre → O top left')
    """
    return node_name(view, node)


def order_rule(view: TreeView) -> str | None:
    """The order the search tries moves in, as the student can follow it; None when the
    picture cannot show it (moves sorted by values searched beforehand, or any other key).

    >>> from search_viz.problems.tictactoe import TicTacToe
    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> order_rule(tree_view(TicTacToe("XOXOXO..."), Search()))
    'in cell order, 0 to 8'
    >>> order_rule(tree_view(TicTacToe("XOXOXO..."), Search(ordering="best"))) is None
    True
    """
    ordering = view.search.ordering
    if ordering == "given":
        return "in cell order, 0 to 8"
    if ordering is centre_corners_edges:
        return "centre first, then the corners, then the edges (each in cell order)"
    if ordering is edges_corners_centre:
        return "edges first, then the corners, the centre last (each in cell order)"
    return None


def scoring_rule(view: TreeView) -> str:
    """How the search scores the end of a game.

    >>> from search_viz.problems.tictactoe import TicTacToe
    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> scoring_rule(tree_view(TicTacToe("XOXOXO..."), Search()))
    'a win for X d plies ahead scores 10 − d, a win for O d − 10, a draw 0'
    """
    win = view.game.win
    if not view.game.decay:
        return f"a win for X scores {win}, a win for O −{win}, a draw 0 (no decay)"
    return f"a win for X d plies ahead scores {win} − d, a win for O d − {win}, a draw 0"


def worth(v: float, view: TreeView) -> str:
    """What a value says, the scoring applied: "+6 = 10 − 4, X wins 4 plies below the root".

    >>> from search_viz.problems.tictactoe import TicTacToe
    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> view = tree_view(TicTacToe("XOXOXO..."), Search())
    >>> worth(6, view), worth(-7, view), worth(0, view)
    ('+6 = 10 − 4, X wins 4 plies below the root', '−7 = 3 − 10, O wins 3 plies below the root', \
'0, a draw')
    """
    game = view.game
    if view.limit is not None and abs(v) < game.win - 9:
        return f"{signed(v)}, {value_meaning(v, view)}"
    if v == 0:
        return "0, a draw"
    side = "X" if v > 0 else "O"
    if not game.decay:
        return f"{signed(v)}, {side} wins"
    d = game.win - abs(int(v))
    formula = f"{game.win} − {d}" if v > 0 else f"{d} − {game.win}"
    return f"{signed(v)} = {formula}, {side} wins {plies(d)} below the root"


def _values_seen(view: TreeView, node: Node, shown: dict) -> str:
    """The values written on ``node``'s moves at the step shown (pruned moves left out)."""
    parts = []
    for kid in view.children[node]:
        look = shown.get(kid)
        if look is not None and look.status != "pruned" and look.text:
            parts.append(f"{CELL_NAMES[kid[-1]]} {look.text}")
    return ", ".join(parts)


# ------------------------------------------------------------- per event kind
def _expand(view: TreeView, fold: Fold, e: Event) -> Asked | None:
    node = e.node
    parent = node[:-1]
    if not node or len(parent) < len(view.focus):
        return None  # a node on the path to the opened one: its siblings are not drawn
    rule = order_rule(view)
    kids = view.children[parent]
    if rule is None or len(kids) < 2:
        return _window_down(view, fold, e)
    search, who = view.search.name, mover(view, parent)
    tried = [kid for kid in kids if kid in fold.entered]
    when = "next" if tried else "first"
    if parent == view.focus:
        prompt = f"{who} to move at {where(view, parent)}: which move does {search} try {when}? "
        prompt += "Click its cell."
    else:
        prompt = (
            f"At {where(view, parent)} (the small board in {CELL_NAMES[parent[-1]]}), which reply "
            f"of {who}'s does {search} try {when}? Click its small cell."
        )
    why = f"{search.capitalize()} tries the moves {rule}. "
    if tried:
        names = ", ".join(CELL_NAMES[kid[-1]] for kid in tried)
        why += f"At {where(view, parent)} it has tried {names}; next comes {cell_label(node[-1])}."
    else:
        why += f"At {where(view, parent)} the first is {cell_label(node[-1])}."
    cells = [kid[-1] for kid in kids]
    question = pick(prompt, cells, node[-1], why=why, labels=[cell_label(c) for c in cells])
    return Asked(question, {kid[-1]: kid for kid in kids})


def _window_down(view: TreeView, fold: Fold, e: Event) -> Asked | None:
    """The α (a MIN node) or β (a MAX node) a node is entered with: alpha-beta only."""
    parent = e.node[:-1]
    if e.alpha is None or parent not in fold.windows:
        return None
    is_max = view.is_max(e.node)
    name, answer = ("β", e.beta) if is_max else ("α", e.alpha)
    prompt = (
        f"{view.search.name.capitalize()} enters {where(view, e.node)}. What {name} does it bring "
        f"down from {where(view, parent)}?"
    )
    why = (
        "α and β go down the tree: a node is entered with its parent's window, here "
        f"[α, β] = {window_text(fold.windows[parent])} at {where(view, parent)}, so {name} = "
        f"{plain(answer)}."
    )
    return Asked(value(prompt, answer, why=why))


def _evaluate(view: TreeView, e: Event) -> Asked:
    name, v = where(view, e.node), e.value
    if e.data == "limit":
        prompt = (
            f"{name} is at the depth limit ({plies(view.limit)}). What does the static evaluation "
            "give?"
        )
        why = (
            "At the depth limit the search guesses with the static evaluation: +10^i for each "
            "line holding i of X's marks and none of O's, −10^i the other way round: "
            f"{evaluation_terms(view.board(e.node))}."
        )
        return Asked(value(prompt, v, why=why))
    prompt = f"The game is over at {name}. What is it worth for X?"
    why = f"The scoring: {scoring_rule(view)}. Here {worth(v, view)}."
    if v == 0:
        why = f"The board is full and nobody has three in a row: a draw scores 0 ({why[:-1]})."
    return Asked(value(prompt, v, why=why))


def _decided(view: TreeView, node: Node) -> bool:
    """Whether the values ``node`` backs up from are all on the picture."""
    focus = view.focus
    return node[: len(focus)] == focus and len(node) - len(focus) <= 1 and not view.is_leaf(node)


def _backup(view: TreeView, fold: Fold, shown: dict, e: Event) -> Asked | None:
    child, parent, v = e.node, e.parent, e.value
    if _decided(view, child):
        return _backed_up(view, fold, shown, e)
    if e.alpha is None or parent is None or len(parent) < len(view.focus):
        # minimax keeps no window; above the opened node the picture misses the other moves
        return None
    is_max = e.data == "MAX"
    alpha, beta = fold.windows[parent]
    if view.is_leaf(child):
        given = f"{where(view, child)} is worth {signed(v)}."
    else:
        given = f"The search below {where(view, child)} returns {signed(v)}."
    who, at = mover(view, parent), where(view, parent)
    if is_max:
        name, old, new, verb, rule = "α", alpha, e.alpha, "raise", "rises only to a larger value"
        how = f"α = max({plain(alpha)}, {plain(v)}) = {plain(e.alpha)}"
    else:
        name, old, new, verb, rule = "β", beta, e.beta, "lower", "falls only to a smaller value"
        how = f"β = min({plain(beta)}, {plain(v)}) = {plain(e.beta)}"
    yes, no = f"yes: {name} = {plain(new)}", f"no: {name} stays {plain(old)}"
    if new == old:  # the wrong "yes" names a change: the value returned, if it is another
        moved = "rises above" if is_max else "falls below"
        yes = f"yes: {name} = {plain(v)}" if v != old else f"yes: {name} {moved} {plain(old)}"
    prompt = f"{given} Does {who} {verb} {name} at {at}?"
    why = f"{who} is {'MAX' if is_max else 'MIN'} at {at}: {name} {rule}, {how}."
    return Asked(choice(prompt, [yes, no], yes if new != old else no, why=why))


def _backed_up(view: TreeView, fold: Fold, shown: dict, e: Event) -> Asked | None:
    """The value a node returns, its moves' values all on the picture."""
    node, parent, v = e.node, e.parent, e.value
    if parent is None and node != view.focus:
        return None
    who = mover(view, node)
    kind, takes = ("MAX", "largest") if who == "X" else ("MIN", "smallest")
    if parent is None:
        prompt = f"Every move of {who}'s at the root is searched. What is the root worth?"
    else:
        prompt = (
            f"{where(view, node)} is searched. What value does it return to {where(view, parent)}?"
        )
    why = (
        f"{who} is to move at {where(view, node)} ({kind}) and takes the {takes} of its moves' "
        f"values ({_values_seen(view, node, shown)})"
    )
    if e.alpha is not None and not view.search.fail_soft and node in fold.windows:
        why += f"; fail-hard clips it to the window [α, β] = {window_text(fold.windows[node])}"
    elif node in view.cut:
        why += "; its other moves were cut off, and fail-soft returns the best value seen"
    why += f": {signed(v)}."
    if node not in view.cut:
        why += f" As a result: {worth(v, view)} (the scoring: {scoring_rule(view)})."
    return Asked(value(prompt, v, why=why))


def _prune(view: TreeView, step: int, fold: Fold, e: Event) -> Asked | None:
    events = view.trace.events
    before = events[step - 1]
    if before.kind == "prune" and before.parent == e.parent:
        return None  # asked at the first move of the cut
    skipped = []
    for later in events[step:]:
        if later.kind != "prune" or later.parent != e.parent:
            break
        skipped.append(later.node)
    at = where(view, e.parent)
    prompt = (
        f"α = {plain(e.alpha)} ≥ β = {plain(e.beta)} at {at}. How many of "
        f"{mover(view, e.parent)}'s moves there does alpha-beta skip?"
    )
    why = (
        "Once α ≥ β, every move not tried yet is pruned: at "
        f"{at} that is {', '.join(CELL_NAMES[n[-1]] for n in skipped)}: {len(skipped)}."
    )
    return Asked(value(prompt, len(skipped), why=why))


def _done(view: TreeView, shown: dict) -> Asked | None:
    move, kids = view.trace.result.move, view.children[()]
    if view.focus or move is None or len(kids) < 2:
        return None  # opened deeper, the root's other moves are not drawn
    who = mover(view, ())
    kind, largest = ("MAX", "largest") if who == "X" else ("MIN", "smallest")
    prompt = f"The search is over. Which cell does {who} play? Click it."
    why = (
        f"{who} is {kind} and plays a move with the {largest} value; of equal values it keeps the "
        "one tried first (a later move must be strictly better to replace it). The values: "
        f"{_values_seen(view, (), shown)}. So {who} plays {cell_label(move)}."
    )
    cells = [kid[-1] for kid in kids]
    question = pick(prompt, cells, move, why=why, labels=[cell_label(c) for c in cells])
    return Asked(question, {kid[-1]: kid for kid in kids})


def ask(view: TreeView, step: int, fold: Fold, shown: dict, event: Event) -> Asked | None:
    """What ``step`` asks (None: nothing), its ``event`` the answer; ``fold`` and ``shown``
    (node -> NodeLook) are what step ``step - 1`` knows and shows.

    >>> from search_viz.problems.tictactoe import TicTacToe
    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> from search_viz.lessons.tictactoe.drawing import questions
    >>> asked = questions(tree_view(TicTacToe("XOXOXO..."), Search()))
    >>> asked[1].question.prompt
    'X to move at the root: which move does alpha-beta try first? Click its cell.'
    >>> asked[1].question.answer, asked[1].nodes[6]
    (6, (6,))
    """
    if step == 0:
        return None
    kind = event.kind
    if kind == "expand":
        return _expand(view, fold, event)
    if kind == "evaluate":
        return _evaluate(view, event)
    if kind == "backup":
        return _backup(view, fold, shown, event)
    if kind == "prune":
        return _prune(view, step, fold, event)
    return _done(view, shown)


__all__ = [
    "Asked",
    "ask",
    "cell_label",
    "order_rule",
    "plain",
    "scoring_rule",
    "where",
    "worth",
]
