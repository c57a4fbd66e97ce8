"""One sentence per step of a tic-tac-toe search, naming positions by their moves.

A node is named by the moves from the searched position ("X centre → O top
left"); values are explained in the game's terms (who has three in a row and
how deep, a full board, the static evaluation at the depth limit).

>>> from search_viz.problems.tictactoe import TicTacToe
>>> from search_viz.lessons.tictactoe.search import Search, tree_view
>>> view = tree_view(TicTacToe("XX.OO...."), Search())
>>> notes = step_notes(view)
>>> notes[2]
'X has three in a row 1 ply below the root: worth 10 − 1 = 9 for X.'
>>> notes[-1]
'Done: the position is worth 9: X wins in 1 ply with best play. X plays top right (cell 2).'
"""

from __future__ import annotations

from search_viz.algorithms.tictactoe import LIMITED, LIMITED_WIN, Opponent, outcome, plies_to_end
from search_viz.events import Event, format_value
from search_viz.lessons.shared.game_view import window_text
from search_viz.lessons.tictactoe.search import (
    Fold,
    Node,
    TreeView,
    folds,
    plies,
)
from search_viz.problems.tictactoe import LINE_CELLS, OUTCOME, X_WON, TicTacToe

#: Cell names, row by row, as the sentences say them.
CELL_NAMES = (
    "top left", "top middle", "top right",
    "middle left", "centre", "middle right",
    "bottom left", "bottom middle", "bottom right",
)  # fmt: skip


def _v(x) -> str:
    text = format_value(x).replace("-", "−")
    return "+∞" if text == "∞" else text


def signed(value: float) -> str:
    """A value as the pictures write it: "+4", "0", "−6".

    >>> signed(4), signed(0), signed(-6)
    ('+4', '0', '−6')
    """
    text = format_value(value).replace("-", "−")
    return "+" + text if value > 0 else text


def mover(view: TreeView, node: Node) -> str:
    """``"X"`` or ``"O"``: who is to move at ``node``.

    >>> from search_viz.problems.tictactoe import TicTacToe
    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> view = tree_view(TicTacToe("XX.OO...."), Search())
    >>> mover(view, ()), mover(view, (5,))
    ('X', 'O')
    """
    return "X" if view.is_max(node) else "O"


def node_name(view: TreeView, node: Node) -> str:
    """The moves from the root to ``node``: "X centre → O top left"; the root is "the root".

    >>> from search_viz.problems.tictactoe import TicTacToe
    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> node_name(tree_view(TicTacToe("XX.OO...."), Search()), (5, 2))
    'X middle right → O top right'
    """
    if not node:
        return "the root"
    return " → ".join(f"{mover(view, node[:i])} {CELL_NAMES[cell]}" for i, cell in enumerate(node))


def meaning(value: float, game: TicTacToe, limit: int | None = None) -> str:
    """What a value says about the game, with ``game``'s scoring (and a search's depth limit).

    A depth-limited search scores a win found within its limit 1000 − d, so
    that it outweighs every static evaluation; a smaller value is the
    evaluation's estimate.

    >>> meaning(9, TicTacToe()), meaning(0, TicTacToe()), meaning(-6, TicTacToe())
    ('X wins in 1 ply', 'a draw', 'O wins in 4 plies')
    >>> limited = TicTacToe(win=1000)
    >>> meaning(998, limited, 3), meaning(30, limited, 3)
    ('X wins in 2 plies (a win the search found within its 3 plies)', \
'better for X, as far as the evaluation can tell')
    """
    if limit is not None and abs(value) < game.win - 9:
        if value == 0:
            return "even, as far as the evaluation can tell"
        side = "X" if value > 0 else "O"
        return f"better for {side}, as far as the evaluation can tell"
    if value == 0:
        return "a draw"
    side = "X" if value > 0 else "O"
    later = game.win - abs(int(value))
    if game.decay and later == 0:
        return f"{side} has won"
    text = f"{side} wins"
    if game.decay:
        text += f" in {plies(later)}"
    if limit is not None:
        text += f" (a win the search found within its {plies(limit)})"
    return text


def value_meaning(value: float, view: TreeView) -> str:
    """What a value of ``view``'s search says, with that search's scoring.

    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> view = tree_view(TicTacToe("XX.OO...."), Search())
    >>> value_meaning(9, view), value_meaning(0, view), value_meaning(-6, view)
    ('X wins in 1 ply', 'a draw', 'O wins in 4 plies')
    """
    return meaning(value, view.game, view.limit)


def _expand(e: Event, view: TreeView) -> str:
    node = e.node
    who = mover(view, node)
    kind, takes = ("MAX", "the largest") if who == "X" else ("MIN", "the smallest")
    window = e.alpha is not None
    if not node:
        s = (
            f"Start at the root, the position searched: {who} is to move, so it is a {kind} "
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


def evaluation_terms(board: str) -> str:
    """The static evaluation of ``board`` written out, line by line: "10 + 100 − 10 = 100".

    >>> evaluation_terms("X.X.O....")
    '100 + 10 + 10 − 10 − 10 = +100'
    >>> evaluation_terms("XO.......")
    '10 + 10 − 10 = +10'
    """
    mine, theirs = [], []
    for cells in LINE_CELLS:
        x = sum(board[c] == "X" for c in cells)
        o = sum(board[c] == "O" for c in cells)
        if x and not o:
            mine.append(10**x)
        if o and not x:
            theirs.append(10**o)
    if not mine and not theirs:
        return "0"
    mine.sort(reverse=True)
    theirs.sort(reverse=True)
    text = " + ".join(str(v) for v in mine)
    for v in theirs:
        text += f" − {v}" if text else f"−{v}"
    return f"{text} = {signed(sum(mine) - sum(theirs))}"


def _evaluate(e: Event, view: TreeView) -> str:
    v = _v(e.value)
    if e.data == "limit":
        return (
            f"The depth limit ({plies(view.limit)}) is reached: the search stops and guesses with "
            "the static evaluation (+10^i for each line holding i of X's marks and none of O's, "
            f"−10^i the other way round): {evaluation_terms(view.board(e.node))}."
        )
    state = view.states[e.node]
    game = view.game
    if e.value == 0:
        return "The board is full and nobody has three in a row: a draw, worth 0."
    winner = "X" if OUTCOME[state] == X_WON else "O"
    d = len(e.node)
    where = f"{plies(d)} below the root"
    if not game.decay:
        return f"{winner} has three in a row {where}: worth {v} for X (no decay)."
    formula = f"{game.win} − {d}" if winner == "X" else f"{d} − {game.win}"
    text = f"{winner} has three in a row {where}: worth {formula} = {v} for X"
    if view.limit is not None:
        text += " (a real win: scored from 1000, so that it outweighs every evaluation)"
    return text + "."


def _backup(e: Event, view: TreeView, fold: Fold, after: Event | None) -> str:
    child, parent, v = e.node, e.parent, e.value
    if parent is None:
        return f"Back at the root: it is worth {_v(v)}."
    text = f"{node_name(view, child)} is worth {_v(v)}"
    if child in view.cut:
        bound = "at least" if view.is_max(child) else "at most"
        how = (
            "fail-soft returns the best value seen"
            if view.search.fail_soft
            else "fail-hard returns the bound that cut it"
        )
        text += f" ({bound}: its search was cut off, and {how})"
    text += f"; back at {node_name(view, parent)}"
    is_max = e.data == "MAX"
    if e.alpha is None:
        keeps = "largest" if is_max else "smallest"
        best = fold.partial.get(parent)
        return text + f", {mover(view, parent)} keeps the {keeps} value so far: {_v(best)}."
    before = fold.before or (e.alpha, e.beta)
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


def step_note(view: TreeView, step: int, fold: Fold) -> str:
    """The sentence for ``step`` of the view's replay; ``fold`` is what is known after it."""
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


def step_notes(view: TreeView) -> list[str]:
    """Every step's sentence, in one pass over the replay.

    >>> from search_viz.lessons.tictactoe.search import Search, tree_view
    >>> view = tree_view(TicTacToe("XX.OO...."), Search())
    >>> step_notes(view)[2]
    'X has three in a row 1 ply below the root: worth 10 − 1 = 9 for X.'
    """
    return [step_note(view, k, fold) for k, fold in enumerate(folds(view.trace))]


# ------------------------------------------------------- the page's texts
def scoring(opponent: Opponent) -> str:
    """How the computer's search scores a position, as the page says it.

    >>> scoring(Opponent())
    'a win for X d plies ahead scores 10 − d, a win for O d − 10, a draw 0.'
    """
    if opponent.kind == LIMITED:
        return (
            f"it searches {plies(opponent.depth)} ahead. A win it finds within them is proven and "
            "scores 1000 − d (so +998 is a win for X in 2 plies); a position at its horizon gets "
            "the static evaluation, an estimate (+10^i for each line holding i of X's marks and "
            "none of O's, −10^i the other way round)."
        )
    if opponent.decay:
        return "a win for X d plies ahead scores 10 − d, a win for O d − 10, a draw 0."
    return "a win for X scores 10, a win for O −10, a draw 0 (no decay)."


def _phrase(value: float, game: TicTacToe) -> str:
    """A true value as an outcome for the side to move: "a loss in 4 plies", "a draw"."""
    if value == 0:
        return "a draw"
    result = outcome(value, game)
    later = plies_to_end(value, game)
    return f"a {result} for {game.player_to_move}" + (f" in {plies(later)}" if later else "")


def values_story(
    game: TicTacToe,
    opponent: Opponent,
    values: dict[int, float],
    truth: dict[int, float],
    chosen: int | None = None,
    advice: bool = False,
) -> list[str]:
    """The paragraphs beside every move's value: what the numbers mean, what the position is
    worth with best play, and whether the computer's move was a best one (and if not, why).

    ``values``: each move's value as the computer's search sees it; ``truth``:
    with perfect play (``game``'s own scoring).

    >>> from search_viz.algorithms.tictactoe import move_values
    >>> game = TicTacToe("XX.XO...O")  # O to move: every move loses
    >>> limited = Opponent("Depth-limited alpha-beta", depth=3)
    >>> story = values_story(game, limited, move_values(game, limited), move_values(game), 2)
    >>> story[1]
    'With best play this position is worth **8**: X wins in 2 plies.'
    >>> print(story[2])
    Its search reached the end of the game here: +998 is a proven win for X in 2 plies, not an \
estimate. The search scores a win 1000 − d where best play above scores it 10 − d, so that a win \
it proves outweighs every estimate.
    """
    mover = game.player_to_move
    if not opponent.searches:
        numbers = "The random player does not search; the numbers are the moves' true values: "
        numbers += scoring(Opponent(decay=opponent.decay))
    elif opponent.kind == LIMITED:
        numbers = "The number is what the computer's depth-limited search makes of the move: "
        numbers += scoring(opponent)
    else:
        numbers = "The number is the move's value for X, as the computer's search scores it: "
        numbers += scoring(opponent)
    story = [
        f"**{mover} to move.** Each free cell holds the board after {mover} plays there, framed "
        "by what that move leads to with best play on both sides. " + numbers
    ]
    pick = max if mover == "X" else min
    best = pick(truth.values())
    story.append(f"With best play this position is worth **{_v(best)}**: "
                 f"{meaning(best, game)}.")  # fmt: skip
    if opponent.kind == LIMITED:
        proven = [v for v in values.values() if abs(v) >= LIMITED_WIN - 9]
        if proven:
            v = pick(proven)
            side = "X" if v > 0 else "O"
            when = f" in {plies(LIMITED_WIN - abs(int(v)))}" if opponent.decay else ""
            story.append(
                f"Its search reached the end of the game here: {signed(v)} is a proven win for "
                f"{side}{when}, not an estimate. {_scales(game, opponent)}"
            )
    if chosen is not None:
        story.append(_choice(game, opponent, values, truth, chosen, advice))
    return story


def _scales(game: TicTacToe, opponent: Opponent) -> str:
    """Why a depth-limited search's win and the value with best play are different numbers.

    >>> print(_scales(TicTacToe(), Opponent("Depth-limited alpha-beta", depth=3)))
    The search scores a win 1000 − d where best play above scores it 10 − d, so that a win \
it proves outweighs every estimate.
    """
    d = " − d" if opponent.decay else ""
    return (
        f"The search scores a win {LIMITED_WIN}{d} where best play above scores it "
        f"{game.win}{d}, so that a win it proves outweighs every estimate."
    )


def _choice(game, opponent, values, truth, chosen: int, advice: bool) -> str:
    mover = game.player_to_move
    verb = "would play" if advice else "played"
    text = f"★ The computer {verb} **{CELL_NAMES[chosen]}** (cell {chosen}). "
    rank = {"loss": 0, "draw": 1, "win": 2}
    best_rank = max(rank[outcome(v, game)] for v in truth.values())
    pick = max if mover == "X" else min
    if not opponent.searches:
        text += "The random player does not search: any free cell will do."
        if rank[outcome(truth[chosen], game)] < best_rank:
            text += f" This one leads to {_phrase(truth[chosen], game)} with best play."
        return text
    if truth[chosen] == pick(truth.values()):
        return text + "That is a best move."
    better = [c for c, v in truth.items() if rank[outcome(v, game)] == best_rank]
    text += (
        f"That is not a best move: with best play it leads to {_phrase(truth[chosen], game)}, "
        f"while {CELL_NAMES[better[0]]} leads to {_phrase(truth[better[0]], game)}."
    )
    if opponent.kind != LIMITED:
        return text
    horizon = opponent.depth
    ahead = plies_to_end(truth[chosen] if outcome(truth[chosen], game) == "loss"
                         else truth[better[0]], game)  # fmt: skip
    if ahead is not None and ahead > horizon:
        what = "the loss" if outcome(truth[chosen], game) == "loss" else "the win it missed"
        text += (
            f" The search looked only {plies(horizon)} ahead, and {what} comes {plies(ahead)} "
            "ahead: beyond its horizon."
        )
    else:
        text += (
            f" The search looked only {plies(horizon)} ahead: what decides the game lies beyond."
        )
    return text + (
        f" There the static evaluation scored this move {signed(values[chosen])}, "
        f"the best {mover} could see."
    )


__all__ = [
    "CELL_NAMES",
    "evaluation_terms",
    "meaning",
    "mover",
    "node_name",
    "scoring",
    "step_note",
    "step_notes",
    "value_meaning",
    "values_story",
]
