"""The tic-tac-toe lesson's inputs: the options in the sidebar, and the game on the board.

The game is the list of cells played, kept in ``st.session_state`` and in the
link (``?moves=40``: X centre, O top left), so that a copied link reopens the
game. The computer answers in the same run as the click: the board a student
sees after a click already holds the computer's reply. A move is a real server
action; the search behind it is replayed in the browser (see ``page.py``).

A move is accepted only through the cells' callback, which checks it again with
:func:`~search_viz.lessons.tictactoe.play.refusal`: the cell must be free, the
game not over, and it must be the student's turn (the buttons of taken cells
are disabled too).

The options are widgets that leave the arrow keys to the player once chosen
(radio buttons and pills, not a drop-down or a slider): after an option
change, Left and Right step the replay again without a click.
"""

from __future__ import annotations

import streamlit as st

from search_viz.algorithms.tictactoe import (
    ALPHABETA,
    LIMITED,
    OPPONENTS,
    RANDOM,
    Opponent,
    choose_move,
)
from search_viz.lessons.tictactoe.play import (
    COMPUTER,
    YOU,
    Setup,
    outcome_text,
    parse_moves,
    refusal,
)
from search_viz.lessons.tictactoe.sentences import CELL_NAMES
from search_viz.problems.tictactoe import TicTacToe
from search_viz.ui.choices import choose_number, choose_one
from search_viz.ui.presenter import is_on as presenting

MOVES = "ttt.moves"
SIDES = "ttt.sides"
NOTICE = "ttt.notice"


# --------------------------------------------------------------- the sidebar
def choose_setup() -> Setup:
    """The options (in the sidebar): your mark, who starts, the computer's player, the decay.

    In a page::

        with link_check(), st.sidebar:
            setup = choose_setup()
    """
    you = choose_one("You play", ["X", "O"], default="X", key="you")
    starts = choose_one("First move", [YOU, COMPUTER], default=YOU, key="starts")
    kind = st.radio(
        "The computer plays with",
        OPPONENTS,
        index=OPPONENTS.index(ALPHABETA),
        key="ai",
        bind="query-params",
        help="Minimax and alpha-beta search to the end of the game: they never lose. The "
        "depth-limited alpha-beta looks a few plies ahead and then guesses with the static "
        "evaluation. The random player picks any free cell.",
    )
    depth, seed = 2, 0
    if kind == LIMITED:
        depth = choose_one(
            "Depth limit (plies)",
            list(range(1, 10)),
            default=2,
            key="depth",
            pills=True,
            help="How many moves ahead it searches before it evaluates; 9 reaches the end.",
        )
    if kind == RANDOM:
        seed = choose_number("Seed", 0, 99_999, 0, key="seed")
    decay = st.toggle(
        "Win fast, lose slowly (10 − d)",
        value=True,
        key="decay",
        bind="query-params",
        help="On: a win d plies ahead scores 10 − d and a loss d − 10, so the computer wins as "
        "soon as it can and, when it must lose, holds out. Off: every win is worth 10.",
    )
    return Setup(you, starts, Opponent(kind, depth=depth, decay=decay, seed=seed))


# ------------------------------------------------------------- the game state
def game_moves(setup: Setup) -> list[int]:
    """The moves of the game on the board, the computer's reply included.

    Starts a new game when the sides or the first move change; the first time,
    takes the game from the link if it has one. In a page::

        moves = game_moves(setup)
        board(setup, moves)
    """
    state = st.session_state
    sides = (setup.you, setup.starts)
    if MOVES not in state:
        moves, message = parse_moves(st.query_params.get("moves", ""), setup)
        if message:
            st.warning(message, icon=":material/link_off:")
        state[MOVES], state[SIDES] = moves, sides
    elif state.get(SIDES) != sides:
        state[MOVES], state[SIDES] = [], sides
    moves = state[MOVES]
    game = setup.game(moves)
    if not game.is_over and game.player_to_move == setup.computer:
        moves.append(computer_move(game.board, setup.first, setup.opponent))
    if moves:
        st.query_params["moves"] = "".join(str(c) for c in moves)
    else:
        st.query_params.pop("moves", None)
    return moves


@st.cache_data(max_entries=20_000, show_spinner="The computer is thinking...")
def computer_move(board: str, first: str, opponent: Opponent) -> int:
    """The computer's move on ``board`` (searched once per server for each position).

    Example: ``computer_move("X........", "X", Opponent())`` is 4, the centre.
    """
    return choose_move(TicTacToe(board, decay=opponent.decay, first=first), opponent)


def advise(setup: Setup):
    """The computer's (cached) choice on a game, for ``play.positions``."""
    return lambda game: computer_move(game.board, setup.first, setup.opponent)


def _play(setup: Setup, cell: int) -> None:
    """Callback of a cell's button: the student plays ``cell``, if that is a legal move now."""
    moves = st.session_state[MOVES]
    problem = refusal(setup, setup.game(moves), cell)
    if problem is None:
        moves.append(cell)
    else:
        st.session_state[NOTICE] = problem


def _undo(setup: Setup) -> None:
    """Callback: take back the student's last move and the computer's reply to it."""
    moves = st.session_state[MOVES]
    yours = _your_moves(setup, moves)
    if yours:
        del moves[yours[-1] :]


def _new_game() -> None:
    """Callback: an empty board (the computer moves first if it starts)."""
    st.session_state[MOVES] = []


def _your_moves(setup: Setup, moves: list[int]) -> list[int]:
    """The indexes in ``moves`` of the student's moves."""
    return [k for k in range(len(moves)) if not setup.computer_moved(k)]


# ----------------------------------------------------------------- the board
_BOARD_CSS = """
<style>
.st-key-ttt-board button {
  height: 3.9rem; min-height: 3.9rem; font-size: 2.2rem; font-weight: 800; line-height: 1;
  padding: 0;
}
.st-key-ttt-board button p { font-size: 2.2rem; font-weight: 800; }
.st-key-ttt-board [data-testid="stHorizontalBlock"] { gap: 0.35rem; flex-wrap: nowrap; }
.st-key-ttt-board { gap: 0.35rem; }
/* a row stays a row on a phone (Streamlit stacks columns below 640 px): a 3 x 3 grid, and
   New beside Undo; the cells a little lower there (still 44 px or more), so that the replay's
   bar and sentence show under the board */
.st-key-ttt-board [data-testid="stColumn"], .st-key-ttt-game [data-testid="stColumn"] {
  min-width: 0 !important; flex: 1 1 0 !important; }
.st-key-ttt-game [data-testid="stHorizontalBlock"] { flex-wrap: nowrap; }
@media (max-width: 640px) {
  .st-key-ttt-board button { height: 3.2rem; min-height: 3.2rem; }
}
%s
</style>
"""


def _cell_css(game: TicTacToe, last: int | None) -> str:
    rules = []
    for cell, mark in enumerate(game.board):
        colour = {"X": "#0072B2", "O": "#D55E00"}.get(mark)
        if colour:  # a taken cell is disabled: keep its mark in its own colour, not greyed
            rules.append(
                f".st-key-ttt-cell-{cell} button, .st-key-ttt-cell-{cell} button:disabled "
                f"{{ color: {colour} !important; opacity: 1; }}"
            )
    if last is not None:
        rules.append(
            f".st-key-ttt-cell-{last} button {{ background: #FFE3A3 !important; "
            "border: 3px solid #E69F00 !important; }"
        )
    line = game.winning_line()
    for cell in line or ():
        rules.append(
            f".st-key-ttt-cell-{cell} button {{ background: #D5F0E6 !important; "
            "border: 3px solid #009E73 !important; }"
        )
    return "\n".join(rules)


def board(setup: Setup, moves: list[int]) -> TicTacToe:
    """The 3 x 3 board as buttons, the status line, New game and Undo; returns the game.

    In a page: ``game = board(setup, game_moves(setup))``.
    """
    game = setup.game(moves)
    your_turn = not game.is_over and game.player_to_move == setup.you
    st.html(_BOARD_CSS % _cell_css(game, moves[-1] if moves else None))
    with st.container(key="ttt-board"):
        for row in range(3):
            for column, cell in zip(st.columns(3), range(3 * row, 3 * row + 3), strict=True):
                mark = game.board[cell]
                column.button(
                    mark if mark != "." else "\u2800",  # a blank that keeps the button's height
                    key=f"ttt-cell-{cell}",
                    on_click=_play,
                    args=(setup, cell),
                    disabled=mark != "." or not your_turn,
                    width="stretch",
                    help=f"cell {cell}: {CELL_NAMES[cell]}",
                )
    notice = st.session_state.pop(NOTICE, None)
    if notice:
        st.warning(notice, icon=":material/block:")
    _status(setup, game, moves)
    # a projector's narrow column: one under the other, so that their words fit
    game_buttons = st.container(key="ttt-game")
    if presenting():
        left, right = game_buttons.container(), game_buttons.container()
    else:
        left, right = game_buttons.columns(2)
    left.button(
        "New",
        icon=":material/restart_alt:",
        on_click=_new_game,
        key="ttt-new",
        width="stretch",
        help="A new game (the computer moves first if it starts)",
    )
    right.button(
        "Undo",
        icon=":material/undo:",
        on_click=_undo,
        args=(setup,),
        key="ttt-undo",
        disabled=not _your_moves(setup, moves),
        width="stretch",
        help="Take back your last move and the computer's reply",
    )
    return game


def _status(setup: Setup, game: TicTacToe, moves: list[int]) -> None:
    text = outcome_text(setup, game)
    if text is None:
        last = f"The computer played {CELL_NAMES[moves[-1]]}. " if moves else ""
        st.info(f"{last}Your move: you are {setup.you}.", icon=":material/touch_app:")
    elif game.winner() == setup.you:
        st.success(text, icon=":material/emoji_events:")
    elif game.winner() is None:
        st.info(text, icon=":material/handshake:")
    else:
        st.warning(text, icon=":material/sentiment_dissatisfied:")
