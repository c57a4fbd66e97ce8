"""The tic-tac-toe lesson's play area: the options, the game in session state, the board.

The game is the list of cells played, kept in ``st.session_state`` and in the
link (``?moves=40`` : X centre, O top left), so that a copied link reopens the
game. The computer answers in the same run as the click: the board a student
sees after a click already holds the computer's reply.

A move is accepted only through the cells' callback, which checks it again with
:func:`refusal`: the
cell must be free, the game not over, and it must be the student's turn
(the buttons of taken cells are disabled too).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import streamlit as st

from search_viz.algorithms.tictactoe import (
    ALPHABETA,
    LIMITED,
    OPPONENTS,
    RANDOM,
    Opponent,
    choose_move,
)
from search_viz.problems.tictactoe import EMPTY_BOARD, TicTacToe
from search_viz.render.tictactoe_notes import CELL_NAMES

MOVES = "ttt.moves"
SETUP = "ttt.setup"
NOTICE = "ttt.notice"
YOU, COMPUTER = "You", "Computer"


@dataclass(frozen=True)
class Setup:
    """Who plays what: the student's mark, who starts, the computer's player, the scoring.

    >>> s = Setup(you="O", starts="You", opponent=Opponent())
    >>> s.first, s.computer
    ('O', 'X')
    """

    you: str = "X"
    starts: str = YOU
    opponent: Opponent = field(default_factory=Opponent)

    @property
    def computer(self) -> str:
        """The computer's mark."""
        return "O" if self.you == "X" else "X"

    @property
    def first(self) -> str:
        """The mark that moves first."""
        return self.you if self.starts == YOU else self.computer

    def game(self, moves: list[int] | tuple[int, ...] = ()) -> TicTacToe:
        """The game after ``moves`` (cells, in turn), scored with the computer's decay."""
        game = TicTacToe(EMPTY_BOARD, decay=self.opponent.decay, first=self.first)
        for cell in moves:
            game = game.play(cell)
        return game


# --------------------------------------------------------------- the sidebar
def choose_setup() -> Setup:
    """The options (in the sidebar): your mark, who starts, the computer's player, the decay.

    In a page::

        with link_check(), st.sidebar:
            setup = choose_setup()
    """
    you = st.segmented_control(
        "You play", ["X", "O"], default="X", required=True, key="you", bind="query-params"
    )
    starts = st.segmented_control(
        "First move",
        [YOU, COMPUTER],
        default=YOU,
        required=True,
        key="starts",
        bind="query-params",
    )
    kind = st.selectbox(
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
        depth = st.slider(
            "Depth limit (plies)",
            1,
            9,
            2,
            key="depth",
            bind="query-params",
            help="How many moves ahead it searches before it evaluates; 9 reaches the end.",
        )
    if kind == RANDOM:
        seed = st.number_input("Seed", 0, 99_999, 0, key="seed", bind="query-params")
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
def _parse_link(text: str, setup: Setup) -> tuple[list[int], str | None]:
    """The moves written in a link (``?moves=40``), or none and a message if they cannot be played.

    >>> _parse_link("40", Setup()), _parse_link("", Setup())
    (([4, 0], None), ([], None))
    >>> _parse_link("44", Setup())[1]
    "The link's moves='44' cannot be replayed (cell 4 is taken: ...); a new game starts."
    """
    if not text:
        return [], None
    if len(text) > 9 or not text.isdigit():
        return [], (
            f"The link's moves={text!r} is not a game: it should be up to 9 cell numbers 0-8, "
            "e.g. moves=40; a new game starts."
        )
    moves: list[int] = []
    try:
        for char in text:
            setup.game(moves).play(int(char))
            moves.append(int(char))
    except ValueError as error:
        reason = str(error).split(": the free cells")[0]
        return (
            [],
            f"The link's moves={text!r} cannot be replayed ({reason}: ...); a new game starts.",
        )
    return moves, None


def game_moves(setup: Setup) -> list[int]:
    """The moves of the game on the board, the computer's reply included.

    Starts a new game when the sides or the first move change; the first time,
    takes the game from the link if it has one. In a page::

        moves = game_moves(setup)
        board(setup, moves)
    """
    state = st.session_state
    key = (setup.you, setup.starts)
    if MOVES not in state:
        moves, message = _parse_link(st.query_params.get("moves", ""), setup)
        if message:
            st.warning(message, icon=":material/link_off:")
        state[MOVES], state[SETUP] = moves, key
    elif state.get(SETUP) != key:
        state[MOVES], state[SETUP] = [], key
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


def refusal(setup: Setup, game: TicTacToe, cell: int) -> str | None:
    """Why the student cannot play ``cell`` in ``game`` now; None if the move is legal.

    >>> refusal(Setup(), TicTacToe("O...X...."), 4)
    'Cell 4 (centre) is taken: pick a free one.'
    >>> refusal(Setup(), TicTacToe("XXXOO...."), 5)
    'The game is over: start a new game to play again.'
    >>> refusal(Setup(you="O"), TicTacToe(), 4), refusal(Setup(), TicTacToe(), 4)
    ("Wait for the computer's move.", None)
    """
    if game.is_over:
        return "The game is over: start a new game to play again."
    if game.player_to_move != setup.you:
        return "Wait for the computer's move."
    if cell not in game.moves:
        return f"Cell {cell} ({CELL_NAMES[cell]}) is taken: pick a free one."
    return None


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
    mine = 0 if setup.starts == YOU else 1
    return [i for i in range(len(moves)) if i % 2 == mine]


# ----------------------------------------------------------------- the board
_BOARD_CSS = """
<style>
.st-key-ttt-board button {
  height: 5.2rem; font-size: 2.6rem; font-weight: 800; line-height: 1;
}
.st-key-ttt-board button p { font-size: 2.6rem; font-weight: 800; }
.st-key-ttt-board [data-testid="stHorizontalBlock"] { gap: 0.4rem; }
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
    left, right = st.columns(2)
    left.button(
        "New game",
        icon=":material/restart_alt:",
        on_click=_new_game,
        key="ttt-new",
        width="stretch",
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


def outcome_text(setup: Setup, game: TicTacToe) -> str | None:
    """The announcement at the end of a game, None while it goes on.

    >>> outcome_text(Setup(), TicTacToe("XXXOO...."))
    'You win!'
    >>> outcome_text(Setup(), TicTacToe("XOXXOOOXX"))
    'A draw: the best anyone can do against a perfect player.'
    """
    if not game.is_over:
        return None
    winner = game.winner()
    if winner is None:
        if setup.opponent.is_perfect:
            return "A draw: the best anyone can do against a perfect player."
        return "A draw."
    if winner == setup.you:
        return "You win!"
    return "The computer wins."


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
