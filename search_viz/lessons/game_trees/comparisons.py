"""What the comparison tabs under the game-tree replay say, computed without Streamlit.

Minimax against alpha-beta, the move orders (and how the counts grow with depth),
fail-soft against fail-hard, and the classic bug of a ``return`` inside the loop.
The page (``page.py``) lays them out.
"""

from __future__ import annotations

from search_viz.algorithms.adversarial import alphabeta
from search_viz.events import format_value
from search_viz.lessons.game_trees.charts import knuth_moore
from search_viz.lessons.shared.game_view import letters, search_view
from search_viz.problems.game_tree import GameTree, Node
from search_viz.trace import Trace, run

#: The largest tree the growth chart searches (leaves), so it stays quick.
GROWTH_LEAVES = 20_000

#: The notes' remark on move ordering in practice.
DEEP_BLUE = (
    "**In practice** programs order moves with cheap guesses (captures first, the move that "
    "was best at the last, shallower search, moves that caused cuts elsewhere), and get close "
    "to the best case: in Deep Blue, good ordering brought chess's effective branching factor "
    "down from about 35-40 (every legal move) to about 6, which is what let it search so deep."
)

BUGGY_MAX_VALUE = """\
function MAX-VALUE(s):
  if TERMINAL(s): return UTILITY(s)
  v ← −∞
  for each a in ACTIONS(s):
    t ← RESULT(s, a)
    v ← MAX(v, MIN-VALUE(t))
    return v        ▷ the bug: inside the loop"""


def move_order_text(tree: GameTree) -> str:
    """What the move orders cost on ``tree``, with b^d and the best case where they apply.

    >>> move_order_text(GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], 2))[:52]
    'This tree is uniform: branching b = 2, depth d = 3. '

    """
    if tree.is_uniform and tree.depth > 0:
        b, d = tree.branching, tree.depth
        return (
            f"This tree is uniform: branching b = {b}, depth d = {d}. Minimax evaluates every "
            f"leaf, b^d = **{b**d}**. With the best order, alpha-beta evaluates "
            f"b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = **{knuth_moore(b, d)}** (about b^(d/2) = "
            f"{format_value(b ** (d / 2))}): in the same time it can search twice as deep. "
            "With the worst order it prunes next to nothing."
        )
    return (
        "This tree is not uniform, so b^d and b^(d/2) do not apply exactly; the counts "
        'above are what each order costs here. On ragged trees "best first" is not '
        "always cheapest: a cut needs *some* child past the bound, not the best one."
    )


def growth_rows(branching: int) -> list[tuple[int, dict[str, int]]]:
    """Leaves evaluated per move order on random trees of each depth while b^d stays small.

    >>> growth_rows(2)[0]
    (1, {'given': 2, 'best': 2, 'worst': 2})
    """
    rows = []
    depth = 1
    while branching**depth <= GROWTH_LEAVES and depth <= 10:
        tree = GameTree.random(branching, depth, 0, 99, seed=1)
        counts = {
            order: run(alphabeta(tree, ordering=order)).stats["evaluated"]
            for order in ("given", "best", "worst")
        }
        rows.append((depth, counts))
        depth += 1
    return rows


def fail_soft_differences(tree: GameTree, soft: Trace, hard: Trace) -> list[dict[str, str]]:
    """The inner nodes whose value differs between fail-soft and fail-hard, and why.

    >>> from search_viz import alphabeta
    >>> tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], 2)
    >>> soft = Trace.record(alphabeta(tree))
    >>> rows = fail_soft_differences(tree, soft, Trace.record(alphabeta(tree, fail_soft=False)))
    >>> [(row["node"], row["fail-soft returns"], row["fail-hard returns"]) for row in rows]
    [('C', '1', '3'), ('E', '5', '3'), ('F', '1', '3')]
    """
    labels = letters(tree)
    soft_view = search_view(soft, len(soft) - 1, tree)
    hard_view = search_view(hard, len(hard) - 1, tree)
    return [
        {
            "node": labels[node],
            "fail-soft returns": format_value(soft_view.decided[node]),
            "fail-hard returns": format_value(hard_view.decided[node]),
            "why": "cut off" if node in soft_view.cut_nodes else "every child outside [α, β]",
        }
        for node in tree.nodes
        if node in soft_view.decided
        and not tree.is_leaf(node)
        and soft_view.decided[node] != hard_view.decided.get(node)
    ]


def buggy_answer(tree: GameTree) -> tuple[Node, float, float]:
    """The leaf the buggy search stops at, its (wrong) answer and the true root value.

    >>> buggy_answer(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    ((0, 0), 3, 3)
    """
    node: Node = ()
    while not tree.is_leaf(node):
        node = tree.children(node)[0]
    return node, tree.value(node), tree.minimax_value()
