"""The tic-tac-toe lesson's "why": every move's value, the search replayed, the counts, the notes.

Everything here depends on a position and the computer's player only, so it is
cached across sessions: a lecture hall on the same game costs one search and
one render per picture.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from search_viz.algorithms.tictactoe import (
    GIVE_UP_BOARD,
    MINIMAX,
    MOVE_ORDERS,
    Opponent,
    choose_move,
    move_values,
    node_counts,
    whole_game,
)
from search_viz.events import format_value
from search_viz.lessons.shared.figure import to_png
from search_viz.problems.tictactoe import TicTacToe
from search_viz.render.tictactoe import move_values_figure
from search_viz.render.tictactoe_notes import CELL_NAMES, node_name, step_note, value_meaning
from search_viz.render.tictactoe_tree import tree_figure
from search_viz.render.tictactoe_view import PLIES, SMALL_TREE, TreeView, tree_view
from search_viz.ui.panels import counters, note
from search_viz.ui.player import replay
from search_viz.ui.presenter import scale
from search_viz.ui.tictactoe import Setup, computer_move

FOCUS = "ttt.focus"
LAST_MOVE, YOUR_MOVE = "The computer's last move", "Your move now"


@dataclass(frozen=True)
class Position:
    """A position to explain: the board, who started, and the move made (or advised) there.

    >>> Position("X........", "X", 4, "Your move now").game(Opponent()).player_to_move
    'O'
    """

    board: str
    first: str
    chosen: int | None
    title: str
    advice: bool = False  # ``chosen`` is what the computer would play, not what it played

    def game(self, opponent: Opponent) -> TicTacToe:
        """The position as a game, scored the way ``opponent`` scores wins."""
        return TicTacToe(self.board, decay=opponent.decay, first=self.first)


def positions(setup: Setup, moves: list[int]) -> dict[str, Position]:
    """The positions worth explaining now: before the computer's last move, and the current one.

    >>> from search_viz.ui.tictactoe import Setup
    >>> list(positions(Setup(), [4, 0]))
    ["The computer's last move", 'Your move now']
    """
    found = {}
    mine = 0 if setup.starts == "You" else 1
    theirs = [i for i in range(len(moves)) if i % 2 != mine]
    if theirs:
        k = theirs[-1]
        before = setup.game(moves[:k])
        found[LAST_MOVE] = Position(
            before.board,
            setup.first,
            moves[k],
            f"Before the computer played {CELL_NAMES[moves[k]]}",
        )
    game = setup.game(moves)
    if not game.is_over and game.player_to_move == setup.you:
        advice = computer_move(game.board, setup.first, setup.opponent)
        found[YOUR_MOVE] = Position(game.board, setup.first, advice, "Your move now", True)
    return found


# ------------------------------------------------------------------- caches
@st.cache_resource(max_entries=64, show_spinner="Searching...")
def _view(position: Position, opponent: Opponent, focus: tuple[int, ...]) -> TreeView:
    """The search of ``position`` by ``opponent``, seen from ``focus`` (shared by all sessions)."""
    return tree_view(position.game(opponent), opponent, focus)


@st.cache_data(max_entries=3000, show_spinner=False)
def _tree_png(
    position: Position, opponent: Opponent, focus: tuple[int, ...], step: int, zoom: float
) -> bytes:
    """One frame of the search replay, as PNG."""
    return to_png(tree_figure(_view(position, opponent, focus), step, scale=zoom))


@st.cache_data(max_entries=2000, show_spinner=False)
def _values_png(position: Position, opponent: Opponent, zoom: float) -> bytes:
    """Every legal move of ``position`` with its value, as PNG."""
    game = position.game(opponent)
    return to_png(
        move_values_figure(
            game,
            move_values(game, opponent),
            move_values(game),
            chosen=position.chosen,
            scale=zoom,
            title=position.title,
        )
    )


@st.cache_data(max_entries=2000, show_spinner="Counting nodes...")
def _counts_of(board: str, first: str, decay: bool) -> dict[str, int]:
    """Nodes entered from ``board`` by minimax and by alpha-beta under each move order."""
    return node_counts(TicTacToe(board, decay=decay, first=first))


@st.cache_resource(show_spinner="Searching the whole game (once per server)...")
def _whole_game():
    """The whole-game figures, searched once per server."""
    return whole_game()


# ------------------------------------------------------------------ the "why"
def explain(setup: Setup, moves: list[int]) -> Position | None:
    """Choose the position to explain, and show its moves with their values; returns it.

    In a page: ``position = explain(setup, moves)``, then ``why_tabs(setup, position)``.
    """
    found = positions(setup, moves)
    if not found:
        st.caption("Once the computer has moved, or when it is your move, this shows why.")
        return None
    names = list(found)
    choice = names[0]
    if len(names) > 1:
        choice = st.segmented_control(
            "Explain",
            names,
            default=names[0],
            required=True,
            key="ttt-explain",
            label_visibility="collapsed",
        )
    position = found[choice]
    _values(setup, position)
    return position


def _values(setup: Setup, position: Position) -> None:
    opponent = setup.opponent
    game = position.game(opponent)
    picture, words = st.columns([3, 2], gap="medium")
    picture.image(_values_png(position, opponent, scale()), width="content")
    with words:
        truth = move_values(game)
        best = max(truth.values()) if game.player_to_move == "X" else min(truth.values())
        mover = game.player_to_move
        view = _view(position, opponent, ())
        st.markdown(
            f"**{mover} to move.** Each free cell holds the board after {mover} plays there, "
            "framed by what that move leads to with best play on both sides. The number is the "
            f"value for X, as the search scores it: {_scoring(opponent)}"
        )
        st.markdown(
            f"With best play this position is worth **{format_value(best)}**: "
            f"{value_meaning(best, view)}."
        )
        if position.chosen is not None:
            if not opponent.searches:
                why = "The random player does not search: any free cell will do."
            elif truth[position.chosen] == best:
                why = "That is a best move."
            else:
                why = (
                    f"That is not a best move: the search looked only {_plies(opponent.depth)} "
                    "ahead, and the evaluation misjudged what lies beyond."
                )
            verb = "would play" if position.advice else "plays"
            st.markdown(
                f"★ The computer {verb} **{CELL_NAMES[position.chosen]}** (cell "
                f"{position.chosen}). {why}"
            )


def _plies(n: int) -> str:
    return f"{n} ply" if n == 1 else f"{n} plies"


def _scoring(opponent: Opponent) -> str:
    if opponent.kind == "Depth-limited alpha-beta":
        return (
            f"it searches {_plies(opponent.depth)} ahead; a win found within them scores 1000 − d, "
            "and a position at the limit gets the static evaluation (+10^i for each line holding "
            "i of X's marks and none of O's, −10^i the other way round)."
        )
    if opponent.decay:
        return "a win for X d plies ahead scores 10 − d, a win for O d − 10, a draw 0."
    return "a win for X scores 10, a win for O −10, a draw 0 (no decay)."


def why_tabs(setup: Setup, position: Position | None) -> None:
    """The tabs under the board: the search replayed, node counts, giving up, the whole game.

    In a page: ``why_tabs(setup, explain(setup, moves))``.
    """
    titles = [
        "The search, step by step",
        "Nodes visited",
        "An ideal player doesn't give up",
        "The whole game in numbers",
    ]
    tabs = st.tabs(titles)
    with tabs[0]:
        if position is None:
            st.caption("Nothing to replay yet: the computer has not moved.")
        else:
            _search(setup, position)
    with tabs[1]:
        if position is None:
            st.caption("Counts appear once there is a position to explain.")
        else:
            _counts(setup, position)
    with tabs[2]:
        give_up(setup.opponent.decay)
    with tabs[3]:
        whole_game_table()


# ---------------------------------------------------------- the search replay
def _search(setup: Setup, position: Position) -> None:
    opponent = setup.opponent
    shown = opponent if opponent.searches else Opponent("Alpha-beta", decay=opponent.decay)
    if not opponent.searches:
        st.caption("The random player does not search; this is the search alpha-beta would run.")
    key = (position, shown)
    state = st.session_state
    if state.get(f"{FOCUS}.of") != key:
        state[FOCUS], state[f"{FOCUS}.of"] = (), key
    focus = state[FOCUS]
    view = _view(position, shown, focus)
    _focus_controls(view)
    zoom = scale()
    replay(
        len(view.trace),
        lambda step: _stage(position, shown, view, step, zoom),
        key="ttt-why",
        reset_on=(position, shown, focus),
        figure=lambda step: tree_figure(view, step, scale=zoom),
        prefetch=lambda step: _tree_png(position, shown, view.focus, step, zoom),
    )


def _focus_controls(view: TreeView) -> None:
    """Open a node (its subtree becomes the picture), or go back up."""
    if view.whole:
        how = f"the whole subtree (at most {SMALL_TREE} nodes)"
    else:
        how = f"{PLIES} plies below it"
    st.caption(
        f"Shown: {node_name(view, view.focus)} and {how}. Step through the search's events on "
        "these nodes; values from deeper down arrive as they are backed up. Open any move to "
        "see its own subtree."
    )
    left, up, top = st.columns([4, 1, 1], vertical_alignment="bottom")
    choices = {node_name(view, n): n for n in view.openable}
    if choices:
        left.selectbox(
            "Open a node",
            ["—", *choices],
            key="ttt-open",
            on_change=_open,
            args=(choices,),
            help="Pruned moves were never searched, and leaves have nothing below them.",
        )
    up.button(
        "Up",
        icon=":material/arrow_upward:",
        key="ttt-up",
        on_click=_set_focus,
        args=(view.focus[:-1],),
        disabled=not view.focus,
        width="stretch",
    )
    top.button(
        "Root",
        icon=":material/vertical_align_top:",
        key="ttt-root",
        on_click=_set_focus,
        args=((),),
        disabled=not view.focus,
        width="stretch",
    )


def _open(choices: dict) -> None:
    picked = st.session_state.get("ttt-open")
    if picked in choices:
        _set_focus(choices[picked])


def _set_focus(focus: tuple[int, ...]) -> None:
    st.session_state[FOCUS] = focus
    st.session_state["ttt-open"] = "—"


def _stage(position: Position, opponent: Opponent, view: TreeView, step: int, zoom) -> None:
    st.image(_tree_png(position, opponent, view.focus, step, zoom), width="content")
    left, right = st.columns([3, 2], gap="medium")
    with left:
        note(step_note(view, step), step)
    with right:
        totals = view.totals(step)
        final = view.trace.result.stats
        counters({f"{k} (of {final[_STAT[k]]:,})": v for k, v in totals.items()})


_STAT = {"nodes entered": "nodes", "leaves evaluated": "evaluated", "children pruned": "pruned"}


# --------------------------------------------------------------- node counts
def _counts(setup: Setup, position: Position) -> None:
    counts = _counts_of(position.board, position.first, setup.opponent.decay)
    rows = [{"search": "minimax (every node)", "nodes entered": counts["minimax"]}]
    rows += [
        {"search": f"alpha-beta, moves tried: {name}", "nodes entered": counts[name]}
        for name in MOVE_ORDERS
    ]
    st.dataframe(
        rows,
        hide_index=True,
        column_config={"nodes entered": st.column_config.NumberColumn(format="localized")},
    )
    cheapest = min(counts[name] for name in MOVE_ORDERS)
    dearest = max(counts[name] for name in MOVE_ORDERS)
    st.markdown(
        f"From this position minimax enters **{counts['minimax']:,}** nodes; alpha-beta finds "
        f"the same value after **{cheapest:,}** to **{dearest:,}**, depending on the order it "
        "tries the moves. The centre and the corners are the strong moves, so trying them "
        "first finds good values early and cuts more; edges first is the worst of the three."
    )


# -------------------------------------------------------- an ideal player
@st.cache_data(max_entries=8, show_spinner=False)
def _give_up_png(decay: bool, zoom: float) -> bytes:
    """The give-up position with O's move values, the decay on or off."""
    game = TicTacToe(GIVE_UP_BOARD, decay=decay)
    values = move_values(game)
    chosen = choose_move(game, Opponent(MINIMAX, decay=decay))
    title = "Decay on: 10 − d" if decay else "Decay off: every win is 10"
    return to_png(move_values_figure(game, values, values, chosen=chosen, scale=zoom, title=title))


def give_up(decay: bool) -> None:
    """The lecture notes' "an ideal player doesn't give up", computed: decay off, then on.

    In a page: ``give_up(setup.opponent.decay)`` (which decay the game uses, for the caption).
    """
    off_game, on_game = TicTacToe(GIVE_UP_BOARD, decay=False), TicTacToe(GIVE_UP_BOARD)
    off = choose_move(off_game, Opponent(MINIMAX, decay=False))
    on = choose_move(on_game, Opponent(MINIMAX, decay=True))
    on_values = move_values(on_game)
    after = off_game.play(off)
    x_off = choose_move(after, Opponent(MINIMAX, decay=False))
    x_on = choose_move(after.but(decay=True), Opponent(MINIMAX, decay=True))
    st.markdown(
        "X has the corner and the centre, and O answered on an edge: **O loses whatever it "
        f"does**. Without the decay every O move scores +10 for X, so minimax takes the first "
        f"one, {CELL_NAMES[off]}, and leaves the diagonal open. With the decay a loss later is "
        "worth more to O (a win d plies ahead scores 10 − d): the block in "
        f"{CELL_NAMES[on]} scores {format_value(on_values[on])}, every other move "
        f"{format_value(max(on_values.values()))}, so O blocks and holds out two more plies."
    )
    st.markdown(
        "The winner needs the decay too: after O's give-up move, every X win is worth 10 "
        f"without it, and X plays the first winning move in cell order, {CELL_NAMES[x_off]}, "
        f"instead of the immediate win in {CELL_NAMES[x_on]} that it takes with the decay."
    )
    left, right = st.columns(2)
    left.image(_give_up_png(False, scale()), width="content")
    right.image(_give_up_png(True, scale()), width="content")
    st.caption(
        "Your game uses the decay "
        + ("on" if decay else "off")
        + " (the sidebar's toggle): "
        + (
            "the computer wins as fast as it can and never gives up."
            if decay
            else "the computer may drag out a win or give up a lost game."
        )
    )


# ---------------------------------------------------------- the whole game
def whole_game_table() -> None:
    """The lecture notes' figures for the whole game, computed by searches (once per server).

    In a page: ``whole_game_table()``.
    """
    figures = _whole_game()
    rows = [
        {
            "figure": "nodes in the full game tree (minimax enters all)",
            "value": figures.minimax_nodes,
        },
        {"figure": "complete games (its leaves)", "value": figures.games},
        {
            "figure": "distinct positions (a transposition table's entries)",
            "value": figures.positions,
        },
        {
            "figure": "nodes alpha-beta enters (cells 0-8, no decay)",
            "value": figures.alphabeta_nodes,
        },
        {
            "figure": "nodes alpha-beta enters (cells 0-8, with the decay)",
            "value": figures.alphabeta_nodes_decay,
        },
    ]
    st.dataframe(
        rows,
        hide_index=True,
        column_config={"value": st.column_config.NumberColumn(format="localized")},
    )
    st.markdown(
        f"The empty board is worth **{format_value(figures.value)}**: with perfect play on both "
        f"sides, tic-tac-toe is a draw. A transposition table (remembering positions already "
        f"searched) shrinks the {figures.minimax_nodes:,} nodes to {figures.positions:,} "
        f"positions; alpha-beta alone enters {figures.alphabeta_nodes:,}, "
        f"{figures.minimax_nodes / figures.alphabeta_nodes:.0f} times fewer than minimax."
    )
