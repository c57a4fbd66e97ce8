"""The tic-tac-toe page: the board, the why-tree film beside it, and every move's value below.

Top to bottom: the title; the board (a move is a real server action) with the
choice of what to explain and the node to open, beside the why-tree film
(stepped in the browser); then tabs with every move's value, the nodes each
search enters, why an ideal player does not give up, and the whole game in
numbers.

Everything on screen is in the link: the options (bound widgets), the game
(``moves=``), what is explained (``explain=``), the opened node (``open=``,
the cells played from the explained position), the open tab (``view=``) and
the step (``step=``, kept by the player). Films and figures depend on a position
and a search only, so they are cached across sessions: a lecture hall on one game
costs one of each. Only the open tab is computed.
"""

from __future__ import annotations

import streamlit as st

from search_viz.algorithms.tictactoe import (
    GIVE_UP_BOARD,
    LIMITED,
    MINIMAX,
    MOVE_ORDERS,
    Opponent,
    choose_move,
    move_values,
    node_counts,
    whole_game,
)
from search_viz.events import format_value
from search_viz.film.film import Film
from search_viz.lessons.shared.figure import to_png
from search_viz.lessons.tictactoe.charts import move_values_figure
from search_viz.lessons.tictactoe.descriptions import move_values_alt
from search_viz.lessons.tictactoe.drawing import why_film
from search_viz.lessons.tictactoe.inputs import advise, board, choose_setup, game_moves
from search_viz.lessons.tictactoe.play import (
    EXPLAIN,
    Position,
    Setup,
    default_choice,
    parse_focus,
    positions,
)
from search_viz.lessons.tictactoe.search import Node, Search, TreeView, tree_view
from search_viz.lessons.tictactoe.sentences import CELL_NAMES, mover, node_name, values_story
from search_viz.problems.tictactoe import TicTacToe
from search_viz.ui.film_player import film_player
from search_viz.ui.links import link_check
from search_viz.ui.presenter import is_on as presenting
from search_viz.ui.presenter import scale

CHOICE = "ttt-explain"
CHOICE_AT = "ttt.explain.at"
FOCUS = "ttt.focus"
FOCUS_OF = "ttt.focus.of"
OPEN = "ttt-open"
PAGE = "ttt-page"
CHOICES = "ttt-choices"
OPENING = "ttt-opening"
#: The tabs under the board: the key of the open one, also the link's parameter.
VIEW = "view"

# A phone stacks the columns: the board, then the choices of what to explain and which node
# to open, and only then the replay, far below the board. There the replay comes right under
# the board (and New, Undo), the choices after it: the student steps and reads the sentence
# with the board on screen. (The columns and their blocks give their parts to the page's
# column as they are, in the order below.)
_PHONE_CSS = f"""
<style>
@media (max-width: 640px) {{
  .st-key-{PAGE} > [data-testid="stLayoutWrapper"] > [data-testid="stHorizontalBlock"] {{
    flex-direction: column; flex-wrap: nowrap; }}
  .st-key-{PAGE} [data-testid="stColumn"],
  .st-key-{PAGE} [data-testid="stColumn"] > [data-testid="stVerticalBlock"] {{
    display: contents; }}
  .st-key-{PAGE} [data-testid="stLayoutWrapper"]:has(> .st-key-{CHOICES}),
  .st-key-{PAGE} [data-testid="stLayoutWrapper"]:has(> .st-key-{OPENING}) {{ order: 1; }}
}}
</style>
"""


def body() -> None:
    """The whole page (``app_pages/tictactoe.py`` calls it)."""
    st.title("Tic-tac-toe: play a perfect player")
    with link_check(), st.sidebar:
        setup = choose_setup()
    moves = game_moves(setup)
    st.html(_PHONE_CSS)
    # on a projector the film takes more of the width: its controls fit one row, and its
    # picture is as large as the screen's height allows
    page = st.container(key=PAGE)
    play_area, why_area = page.columns([1, 5.4] if presenting() else [1, 2.6], gap="small")
    with play_area:
        board(setup, moves)
        with st.container(key=CHOICES):
            position = choose_position(setup, moves)
    view = None
    if position is not None:
        search = Search.of(setup.opponent)
        focus = opened_node(position, setup.opponent, search)
        view, film = why(position, setup.opponent.decay, search, focus, picture_size())
        with play_area, st.container(key=OPENING):
            open_controls(view)
        with why_area:
            why_header(setup, position, view)
            film_player(film, key="ttt-why")
    else:
        st.query_params.pop("explain", None)
        st.query_params.pop("open", None)
        with why_area:
            st.caption("Once the computer has moved, or when it is your move, this shows why.")
    tabs(setup, position)


# ------------------------------------------------------------ what to explain
def choose_position(setup: Setup, moves: list[int]) -> Position | None:
    """The Explain choice (the computer's last move, your move now, where it went wrong).

    It follows the game: after each move it goes back to the default
    (:func:`~search_viz.lessons.tictactoe.play.default_choice`); the first
    time, it comes from the link (``explain=now``).
    """
    found = positions(setup, moves, advise(setup))
    if not found:
        return None
    state = st.session_state
    at = tuple(moves)
    if CHOICE_AT not in state:  # the session's first run: the link says what to explain
        asked = st.query_params.get("explain")
        if asked is not None and asked not in found:
            st.warning(
                f"The link's explain={asked!r} is not available here (it is one of "
                f"{', '.join(found)}); showing {default_choice(setup, moves, found)}.",
                icon=":material/link_off:",
            )
        state[CHOICE] = asked if asked in found else default_choice(setup, moves, found)
    elif state[CHOICE_AT] != at or state.get(CHOICE) not in found:
        state[CHOICE] = default_choice(setup, moves, found)
    state[CHOICE_AT] = at
    choice = st.radio("Explain", list(found), format_func=EXPLAIN.__getitem__, key=CHOICE)
    st.query_params["explain"] = choice
    return found[choice]


# ------------------------------------------------------------ the opened node
def opened_node(position: Position, opponent: Opponent, search: Search) -> Node:
    """The node the why-tree is opened at: from the link the first time, then the student's.

    A new position opens at the root. A node the current search never entered
    (alpha-beta pruned it, say) is refused with a message and the root shown.
    """
    state = st.session_state
    key = (position.board, position.first)
    if FOCUS_OF not in state:
        state[FOCUS] = _focus_from_link(position, opponent, search)
    elif state[FOCUS_OF] != key:
        state[FOCUS] = ()
    state[FOCUS_OF] = key
    focus = state[FOCUS]
    if focus and not _searched(position, opponent, search, focus):
        st.caption(f"{search.name.capitalize()} never entered the opened node: back at the root.")
        focus = state[FOCUS] = ()
    if focus:
        st.query_params["open"] = "".join(str(c) for c in focus)
    else:
        st.query_params.pop("open", None)
    return focus


def _focus_from_link(position: Position, opponent: Opponent, search: Search) -> Node:
    text = st.query_params.get("open", "")
    focus, problem = parse_focus(text, search.scored(position.game(opponent)), search.limit)
    if focus and not _searched(position, opponent, search, focus):
        focus, problem = (), f"{search.name} never entered that node"
    if problem:
        st.warning(f"The link's open={text!r} cannot be opened ({problem}); showing the root.",
                   icon=":material/link_off:")  # fmt: skip
    return focus


def _searched(position: Position, opponent: Opponent, search: Search, focus: Node) -> bool:
    view, _ = why(position, opponent.decay, search, focus, picture_size())
    return any(e.kind == "expand" and e.node == focus for e in view.trace.events)


def open_controls(view: TreeView) -> None:
    """Open one of the opened position's moves (its board becomes the big one), go up one
    level, or back to the root.

    The moves are pills, not a drop-down: a chosen pill leaves the arrow keys to the
    player, so the new replay steps with Left and Right at once.
    """
    focus = view.focus
    kids = [node[-1] for node in view.openable if len(node) == len(focus) + 1]
    st.pills(
        f"Open a move of {mover(view, focus)}'s",
        kids,
        format_func=CELL_NAMES.__getitem__,
        key=OPEN,
        on_change=_open,
        args=(focus,),
        disabled=not kids,
        wrap=True,
        help="Its board becomes the big one, with its own moves and their replies, and the "
        "replay shows the search around it. Pruned moves were never searched, and leaves "
        "have nothing below them.",
    )
    up, top = st.columns(2)
    up.button("Up", icon=":material/arrow_upward:", key="ttt-up", on_click=_set_focus,
              args=(focus[:-1],), disabled=not focus, width="stretch")  # fmt: skip
    top.button("Root", icon=":material/vertical_align_top:", key="ttt-root", on_click=_set_focus,
               args=((),), disabled=not focus, width="stretch")  # fmt: skip


def _open(focus: Node) -> None:
    cell = st.session_state.get(OPEN)
    if cell is not None:
        _set_focus((*focus, cell))


def _set_focus(focus: Node) -> None:
    st.session_state[FOCUS] = focus
    st.session_state[OPEN] = None


# ------------------------------------------------------------------ the film
def picture_size() -> str:
    """The why-tree's picture: "projector" in presenter mode (larger text), else "page"."""
    return "projector" if presenting() else "page"


@st.cache_resource(max_entries=32, ttl=3600, show_spinner="Searching...")
def why(
    position: Position, decay: bool, search: Search, focus: Node, size: str = "page"
) -> tuple[TreeView, Film]:
    """The search of ``position``, seen from ``focus``, and its film with a picture of ``size``
    ("page", or "projector" in presenter mode), shared by all sessions."""
    game = TicTacToe(position.board, decay=decay, first=position.first)
    view = tree_view(game, search, focus)
    return view, why_film(view, size)


def why_header(setup: Setup, position: Position, view: TreeView) -> None:
    """One line over the film: which position, whose search, opened where."""
    where = "the root" if not view.focus else node_name(view, view.focus)
    text = f"**{position.title}** · {view.search.name}, opened at {where}"
    if not setup.opponent.searches:
        text += " (the random player does not search: this is what alpha-beta would do)"
    st.caption(text)


# ------------------------------------------------------------------ the tabs
def tabs(setup: Setup, position: Position | None) -> None:
    """Under the board and the film: every move's value, node counts, giving up, the whole game.

    Only the open tab is computed (a tab's searches cost more than the rest of a rerun); the
    open tab is in the link (``view=``), so that Share reopens it. For example, at the end
    of :func:`body`, ``tabs(setup, position)`` with ``?view=Nodes+visited`` in the link
    counts the nodes from ``position`` and searches nothing for the other three tabs.
    """
    views = {
        "Every move's value": lambda: _values_tab(setup, position),
        "Nodes visited": lambda: _counts_tab(setup, position),
        "An ideal player doesn't give up": lambda: give_up(setup.opponent.decay),
        "The whole game in numbers": whole_game_table,
    }
    shown = st.tabs(list(views), key=VIEW, on_change="rerun", bind="query-params")
    for tab, draw in zip(shown, views.values(), strict=True):
        if tab.open:
            with tab:
                draw()


def _values_tab(setup: Setup, position: Position | None) -> None:
    if position is None:
        st.caption("Values appear once there is a position to explain.")
    else:
        values(setup, position)
    if not presenting():
        st.caption(
            "X is MAX, O is MIN. The computer searches the game tree from the position on "
            "the board and plays the move with the best backed-up value."
        )


def _counts_tab(setup: Setup, position: Position | None) -> None:
    if position is None:
        st.caption("Counts appear once there is a position to explain.")
    else:
        counts(setup, position)


@st.cache_data(max_entries=2000, show_spinner=False)
def _values(position: Position, opponent: Opponent) -> tuple[dict, dict]:
    """Each move's value as ``opponent``'s search sees it, and with perfect play."""
    game = position.game(opponent)
    return move_values(game, opponent), move_values(game)


@st.cache_data(max_entries=2000, show_spinner=False)
def _values_png(position: Position, opponent: Opponent, zoom: float) -> bytes:
    """Every legal move of ``position`` with its value, as PNG."""
    game = position.game(opponent)
    mine, truth = _values(position, opponent)
    label = "search" if opponent.kind == LIMITED else "value"
    figure = move_values_figure(game, mine, truth, chosen=position.chosen, scale=zoom,
                                title=position.title, value_label=label)  # fmt: skip
    return to_png(figure)


def values(setup: Setup, position: Position) -> None:
    """Every move of the explained position with its value, and what the values say."""
    opponent = setup.opponent
    picture, words = st.columns([3, 2], gap="medium")
    picture.image(
        _values_png(position, opponent, scale()),
        width="content",
        alt=move_values_alt(
            position.game(opponent), *_values(position, opponent), position.chosen, position.title
        ),
    )
    mine, truth = _values(position, opponent)
    game = position.game(opponent)
    with words:
        for paragraph in values_story(game, opponent, mine, truth, position.chosen,
                                      position.advice):  # fmt: skip
            st.markdown(paragraph)


@st.cache_data(max_entries=2000, show_spinner="Counting nodes...")
def _counts_of(board: str, first: str, decay: bool) -> dict[str, int]:
    """Nodes entered from ``board`` by minimax and by alpha-beta under each move order."""
    return node_counts(TicTacToe(board, decay=decay, first=first))


def counts(setup: Setup, position: Position) -> None:
    """How many nodes minimax and alpha-beta (three move orders) enter from the position."""
    found = _counts_of(position.board, position.first, setup.opponent.decay)
    rows = [{"search": "minimax (every node)", "nodes entered": found["minimax"]}]
    rows += [
        {"search": f"alpha-beta, moves tried: {name}", "nodes entered": found[name]}
        for name in MOVE_ORDERS
    ]
    st.dataframe(
        rows,
        hide_index=True,
        column_config={"nodes entered": st.column_config.NumberColumn(format="localized")},
    )
    cheapest = min(found[name] for name in MOVE_ORDERS)
    dearest = max(found[name] for name in MOVE_ORDERS)
    st.markdown(
        f"From this position minimax enters **{found['minimax']:,}** nodes; alpha-beta finds "
        f"the same value after **{cheapest:,}** to **{dearest:,}**, depending on the order it "
        "tries the moves. The centre and the corners are the strong moves, so trying them "
        "first finds good values early and cuts more; edges first is the worst of the three. "
        "In chess the same idea is worth more still: with good move ordering, Deep Blue's "
        "effective branching factor fell from about 35-40 to about 6."
    )


# ------------------------------------------------------------ giving up
@st.cache_data(max_entries=8, show_spinner=False)
def _give_up_png(decay: bool, zoom: float) -> bytes:
    """The give-up position with O's move values, the decay on or off."""
    game, found, chosen, title = _give_up(decay)
    return to_png(move_values_figure(game, found, found, chosen=chosen, scale=zoom, title=title))


def _give_up(decay: bool) -> tuple[TicTacToe, dict[int, int], int, str]:
    """The give-up position, its moves' values, minimax's choice and the picture's title."""
    game = TicTacToe(GIVE_UP_BOARD, decay=decay)
    found = move_values(game)
    chosen = choose_move(game, Opponent(MINIMAX, decay=decay))
    title = "Decay on: 10 − d" if decay else "Decay off: every win is 10"
    return game, found, chosen, title


def _give_up_alt(decay: bool) -> str:
    game, found, chosen, title = _give_up(decay)
    return move_values_alt(game, found, found, chosen, title)


def give_up(decay: bool) -> None:
    """The lecture notes' "an ideal player doesn't give up", computed: decay off, then on."""
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
    left.image(_give_up_png(False, scale()), width="content", alt=_give_up_alt(False))
    right.image(_give_up_png(True, scale()), width="content", alt=_give_up_alt(True))
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
@st.cache_resource(max_entries=1, show_spinner="Searching the whole game (once per server)...")
def _whole_game():
    """The whole-game figures, searched once per server."""
    return whole_game()


def whole_game_table() -> None:
    """The lecture notes' figures for the whole game, computed by searches (once per server)."""
    figures = _whole_game()
    rows = [
        {"figure": "nodes in the full game tree (minimax enters all)",
         "value": figures.minimax_nodes},
        {"figure": "complete games (its leaves)", "value": figures.games},
        {"figure": "distinct positions (a transposition table's entries)",
         "value": figures.positions},
        {"figure": "nodes alpha-beta enters (cells 0-8, no decay)",
         "value": figures.alphabeta_nodes},
        {"figure": "nodes alpha-beta enters (cells 0-8, with the decay)",
         "value": figures.alphabeta_nodes_decay},
    ]  # fmt: skip
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


__all__ = ["body"]
