"""The tic-tac-toe page through AppTest: whole games against the perfect players, illegal clicks,
undo, links, and the "why" panels."""

from __future__ import annotations

import random

import pytest
from streamlit.testing.v1 import AppTest

from search_viz.algorithms.tictactoe import Opponent, choose_move, node_counts
from search_viz.problems.tictactoe import TicTacToe
from search_viz.ui.tictactoe import Setup, refusal
from tests.app import pages

PAGE = "app_pages/tictactoe.py"
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def open_page(**query) -> AppTest:
    at = pages.open_page(PAGE, query, timeout=120)
    assert not at.exception, [e.value for e in at.exception]
    return at


def board(at: AppTest) -> str:
    """The board as the buttons show it."""
    labels = [at.button(key=f"ttt-cell-{c}").label for c in range(9)]
    return "".join(label if label in ("X", "O") else "." for label in labels)


def winner(text: str) -> str | None:
    for a, b, c in LINES:
        if text[a] != "." and text[a] == text[b] == text[c]:
            return text[a]
    return None


def status(at: AppTest) -> str:
    return " ".join(a.value for a in [*at.success, *at.info, *at.warning])


def moves(at: AppTest) -> list[int]:
    return list(at.session_state["ttt.moves"])


def play_a_game(at: AppTest, you: str, strategy) -> str:
    """Click the student's moves until the game ends; returns the final board."""
    for _ in range(5):
        text = board(at)
        if winner(text) or "." not in text:
            return text
        free = [c for c in range(9) if text[c] == "."]
        assert all(not at.button(key=f"ttt-cell-{c}").disabled for c in free)
        assert all(at.button(key=f"ttt-cell-{c}").disabled for c in range(9) if c not in free)
        cell = strategy(text, free)
        at.button(key=f"ttt-cell-{cell}").click().run()
        assert not at.exception, [e.value for e in at.exception]
        after = board(at)
        assert after[cell] == you  # accepted ...
        assert after.count(".") in (len(free) - 1, len(free) - 2)  # ... and answered at once
    text = board(at)
    assert winner(text) or "." not in text
    return text


def first_free(text, free):
    return free[0]


def perfect(first: str):
    def strategy(text, free):
        return choose_move(TicTacToe(text, first=first), Opponent("Alpha-beta"))

    return strategy


def seeded(seed: int):
    rng = random.Random(seed)
    return lambda text, free: rng.choice(free)


@pytest.mark.parametrize(
    ("query", "strategy", "result"),
    [
        ({"you": "X", "starts": "You", "ai": "Alpha-beta"}, perfect("X"), "draw"),
        ({"you": "X", "starts": "You", "ai": "Minimax"}, first_free, "loss"),
        ({"you": "O", "starts": "Computer", "ai": "Alpha-beta"}, seeded(3), None),
        ({"you": "O", "starts": "You", "ai": "Minimax"}, perfect("O"), "draw"),
        ({"you": "X", "starts": "Computer", "ai": "Depth-limited alpha-beta", "depth": 9},
         seeded(11), None),
    ],
    ids=["X-perfect", "X-first-free", "O-random", "O-first-perfect", "X-vs-depth-9"],
)  # fmt: skip
def test_whole_games_against_the_perfect_player_are_never_won(query, strategy, result):
    at = open_page(**query)
    you = query["you"]
    final = play_a_game(at, you, strategy)
    assert winner(final) != you
    said = status(at)
    assert "You win!" not in said
    if winner(final) is None:
        assert "A draw" in said
    else:
        assert "The computer wins." in said
    if result == "draw":
        assert winner(final) is None
    elif result == "loss":
        assert winner(final) not in (None, you)
    assert all(at.button(key=f"ttt-cell-{c}").disabled for c in range(9))
    assert at.query_params["moves"] == "".join(str(c) for c in moves(at))


def test_the_computer_starts_when_asked():
    at = open_page(starts="Computer")  # you are X, so the computer's O moves first
    assert board(at).count("O") == 1
    assert "The computer played" in status(at)
    assert "you are X" in status(at)


def test_a_taken_cell_cannot_be_clicked():
    at = open_page(moves="40")
    assert board(at) == "O...X...."
    assert at.button(key="ttt-cell-4").disabled
    assert at.button(key="ttt-cell-0").disabled
    assert not at.button(key="ttt-cell-8").disabled
    # what the click's callback checks again, for a click from a stale page
    assert (
        refusal(Setup(), TicTacToe("O...X...."), 4) == "Cell 4 (centre) is taken: pick a free one."
    )


def test_no_move_can_be_made_after_the_end():
    at = open_page(you="X", moves="4082167")  # X completes the middle column
    final = board(at)
    assert winner(final) == "X"
    assert "You win!" in status(at)
    assert all(at.button(key=f"ttt-cell-{c}").disabled for c in range(9))
    game = Setup().game([4, 0, 8, 2, 1, 6, 7])
    assert refusal(Setup(), game, 3) == "The game is over: start a new game to play again."


def test_undo_takes_back_your_move_and_the_reply_and_new_game_clears():
    at = open_page(moves="40")
    assert at.button(key="ttt-undo").disabled is False
    at.button(key="ttt-cell-8").click().run()
    assert len(moves(at)) == 4
    at.button(key="ttt-undo").click().run()
    assert moves(at) == [4, 0]
    at.button(key="ttt-undo").click().run()
    assert moves(at) == []
    assert at.button(key="ttt-undo").disabled
    at.button(key="ttt-cell-0").click().run()
    at.button(key="ttt-new").click().run()
    assert board(at) == "........."
    assert "moves" not in at.query_params


def test_changing_sides_starts_a_new_game():
    at = open_page(moves="40")
    at.segmented_control(key="you").set_value("O").run()
    assert not at.exception
    assert moves(at) == []  # you (O) start: an empty board
    assert board(at) == "........."


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("44", "The link's moves='44' cannot be replayed (cell 4 is taken"),
        ("4x", "The link's moves='4x' is not a game"),
        ("031425", "cannot be replayed (the game is over"),
    ],
)
def test_a_bad_game_in_the_link_is_explained_and_a_new_game_starts(link, message):
    at = open_page(moves=link)
    assert message in " ".join(w.value for w in at.warning)
    assert board(at) == "........."


def test_the_why_panel_explains_the_computers_last_move():
    at = open_page(moves="40", ai="Minimax")
    text = " ".join(m.value for m in at.markdown)
    assert "**O to move.**" in text
    assert "★ The computer plays **top left** (cell 0). That is a best move." in text
    assert "With best play this position is worth **0**: a draw." in text
    notes = [h.value for h in at.html if 'class="sv-note"' in h.value]
    assert "Start at the root, the position on the board: O is to move" in notes[0]
    counts = node_counts(TicTacToe("....X...."))
    table = at.dataframe[0].value
    assert table["nodes entered"].tolist() == list(counts.values())
    assert counts["minimax"] == 55505


def test_your_move_now_explains_the_current_position():
    at = open_page(moves="40")
    at.segmented_control(key="ttt-explain").set_value("Your move now").run()
    text = " ".join(m.value for m in at.markdown)
    assert "**X to move.**" in text
    assert "★ The computer would play **top middle** (cell 1)." in text


def test_opening_a_node_replays_its_subtree():
    at = open_page(moves="40", step=0)
    at.selectbox(key="ttt-open").set_value("O top middle").run()
    assert not at.exception
    assert at.session_state["ttt.focus"] == (1,)
    assert any("Opened" in c.value or "O top middle" in c.value for c in at.caption)
    at.button(key="ttt-root").click().run()
    assert at.session_state["ttt.focus"] == ()


def test_the_depth_limited_and_random_players_run():
    at = open_page(ai="Depth-limited alpha-beta", depth=1, moves="0")
    assert not at.error
    assert "searches 1 ply ahead" in " ".join(m.value for m in at.markdown)
    at = open_page(ai="Random", seed=5, starts="Computer")
    assert board(at).count("O") == 1
    assert any("The random player does not search" in c.value for c in at.caption)


def test_the_whole_game_figures_and_the_give_up_position_are_shown():
    at = open_page()
    table = at.dataframe[-1].value
    assert table["value"].tolist() == [549946, 255168, 5478, 18297, 20866]
    text = " ".join(m.value for m in at.markdown)
    assert "minimax takes the first one, top right" in text
    assert "the block in bottom right scores 6, every other move 8" in text
