"""The tic-tac-toe page through AppTest: whole games against the perfect players, illegal clicks,
undo, links (the game, what is explained, the opened node), the why-tree film and the panels.

AppTest sees the film player's Python side only: the data passed to it (the film's digest
and title), compared here with the film built directly. Stepping is tested in the browser."""

from __future__ import annotations

import json
import random

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import UnknownElement

import search_viz as sv
from search_viz.algorithms.tictactoe import Opponent, choose_move, node_counts
from search_viz.lessons.tictactoe.page import VIEW
from search_viz.lessons.tictactoe.play import Setup, refusal
from search_viz.problems.tictactoe import TicTacToe
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


def player(at: AppTest) -> dict:
    """What the page passed to the film player (films, titles)."""
    found = []

    def walk(node):
        for child in getattr(node, "children", {}).values():
            if isinstance(child, UnknownElement) and child.proto.component_name.endswith(
                "film_player"
            ):
                found.append(json.loads(child.proto.json))
            walk(child)

    walk(at._tree)
    assert len(found) == 1, found
    return found[0]


def shows(at: AppTest, film) -> bool:
    """Whether the page's player shows exactly ``film``."""
    return player(at)["films"][0]["id"] == film.digest


def text(at: AppTest) -> str:
    return " ".join(m.value for m in at.markdown)


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
    said = text(at)
    assert "**O to move.**" in said
    assert "★ The computer played **top left** (cell 0). That is a best move." in said
    assert "With best play this position is worth **0**: a draw." in said
    assert shows(at, sv.film(sv.minimax, TicTacToe("....X....")))
    assert player(at)["titles"] == ["Minimax from X at centre (O to move)"]
    assert at.query_params["explain"] == "last"
    open_tab(at, "Nodes visited")
    counts = node_counts(TicTacToe("....X...."))
    table = at.dataframe[0].value
    assert table["nodes entered"].tolist() == list(counts.values())
    assert counts["minimax"] == 55505


def test_the_default_film_offers_practice_without_a_new_problem():
    """A new game explains "your move now" on the empty board: alpha-beta's why-tree, whose
    steps ask the student (practice). The position is the game played, not a random one with
    a seed, so the player offers no "New problem"; ``?practice=1`` opens the same film."""
    film = sv.film(sv.alphabeta, TicTacToe())
    assert len(film.asked_steps) * 2 >= len(film) - 1
    for query in ({}, {"practice": 1}):
        at = open_page(**query)
        data = player(at)
        assert shows(at, film)
        assert data["newProblem"] is False
        assert data["practice"] is False  # the player reads ?practice=1 from the link itself


def test_your_move_now_explains_the_current_position():
    at = open_page(moves="40")
    at.radio(key="ttt-explain").set_value("now").run()
    assert "**X to move.**" in text(at)
    assert "★ The computer would play **top middle** (cell 1)." in text(at)
    assert shows(at, sv.film(sv.alphabeta, TicTacToe("O...X....")))
    assert at.query_params["explain"] == "now"


def test_opening_a_node_replays_the_search_around_it_and_goes_in_the_link():
    at = open_page(moves="40", explain="now")
    assert at.pills(key="ttt-open").options == [
        "top middle", "top right", "middle left", "middle right",
        "bottom left", "bottom middle", "bottom right",
    ]  # fmt: skip
    at.pills(key="ttt-open").set_value(1).run()
    assert not at.exception
    assert at.session_state["ttt.focus"] == (1,)
    assert at.query_params["open"] == "1"
    assert shows(at, sv.film(sv.alphabeta, TicTacToe("O...X...."), focus=(1,)))
    assert any("opened at X top middle" in c.value for c in at.caption)
    at.pills(key="ttt-open").set_value(2).run()
    assert at.session_state["ttt.focus"] == (1, 2)
    at.button(key="ttt-up").click().run()
    assert at.session_state["ttt.focus"] == (1,)
    at.button(key="ttt-root").click().run()
    assert at.session_state["ttt.focus"] == ()
    assert "open" not in at.query_params


def test_a_link_reopens_what_is_explained_and_the_opened_node():
    """Issue 13: the Explain choice and the opened node are in the link."""
    at = open_page(moves="40", explain="now", open="12", step=5)
    assert at.radio(key="ttt-explain").value == "now"
    assert at.session_state["ttt.focus"] == (1, 2)
    assert shows(at, sv.film(sv.alphabeta, TicTacToe("O...X...."), focus=(1, 2)))
    assert not at.warning


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"moves": "40", "explain": "wrong"}, "The link's explain='wrong' is not available"),
        ({"moves": "40", "open": "44"}, "The link's open='44' cannot be opened (((4, 4),)"),
        ({"moves": "40", "open": "x"}, "The link's open='x' cannot be opened (it should be"),
        ({"moves": "40", "open": "1234567890"}, "cannot be opened (it should be"),
    ],
)
def test_a_bad_explain_or_open_in_the_link_is_explained(query, message):
    at = open_page(**query)
    warned = " ".join(w.value for w in at.warning).replace("((4, 4),)", "(4, 4)")
    assert message.replace("((4, 4),)", "(4, 4)") in warned
    assert at.session_state["ttt.focus"] == ()


def test_a_pruned_node_in_the_link_is_refused():
    view_events = sv.Trace.record(sv.alphabeta(TicTacToe("O...X....", first="X"))).events
    pruned = next(e.node for e in view_events if e.kind == "prune" and len(e.node) == 2)
    at = open_page(moves="40", explain="now", open="".join(map(str, pruned)))
    assert "alpha-beta never entered that node" in " ".join(w.value for w in at.warning)


def test_when_the_computer_loses_the_page_shows_where_it_went_wrong():
    """Issue 13: depth 3; you play 1, 3, 0, 6 and win. Show the move that lost, and the horizon."""
    at = open_page(ai="Depth-limited alpha-beta", depth=3, moves="1438026")
    assert "You win!" in status(at)
    assert at.radio(key="ttt-explain").value == "wrong"
    said = text(at)
    assert "★ The computer played **bottom right** (cell 8). That is not a best move" in said
    assert "beyond its horizon" in said
    assert "as far as the evaluation can tell" not in said
    assert shows(at, sv.film(sv.alphabeta, TicTacToe(".X.XO...."), limit=3))
    assert at.query_params["explain"] == "wrong"
    at.radio(key="ttt-explain").set_value("last").run()
    said = text(at)
    assert "worth **8**: X wins in 2 plies." in said
    assert "+998 is a proven win for X in 2 plies, not an estimate" in said


def test_the_depth_limited_and_random_players_run():
    at = open_page(ai="Depth-limited alpha-beta", depth=1, moves="0")
    assert not at.error
    assert "searches 1 ply ahead" in text(at)
    at = open_page(ai="Random", seed=5, starts="Computer")
    assert board(at).count("O") == 1
    assert any("the random player does not search" in c.value for c in at.caption)


def test_the_whole_game_figures_and_the_give_up_position_are_shown():
    at = open_page(view="The whole game in numbers")
    table = at.dataframe[-1].value
    assert table["value"].tolist() == [549946, 255168, 5478, 18297, 20866]
    open_tab(at, "An ideal player doesn't give up")
    said = text(at)
    assert "minimax takes the first one, top right" in said
    assert "the block in bottom right scores 6, every other move 8" in said
    open_tab(at, "Nodes visited")
    assert "Deep Blue's effective branching factor fell from about 35-40 to about 6" in text(at)


TABS = [
    "Every move's value",
    "Nodes visited",
    "An ideal player doesn't give up",
    "The whole game in numbers",
]


def open_tab(at: AppTest, label: str) -> None:
    """Open the tab ``label`` under the board, as a click on it does: the page runs again with
    the tab's value, which the browser also writes into the link (AppTest sends its link on
    every run, so a tab named there would win)."""
    at.session_state[VIEW] = label
    at.query_params[VIEW] = label
    at.run()
    assert not at.exception, [e.value for e in at.exception]


def tab_contents(at: AppTest) -> dict[str, list[str]]:
    """Each tab under the board: the kinds of the elements it holds (none when not computed)."""
    tabs = [tab for tab in at.tabs if tab.label in TABS]
    assert [tab.label for tab in tabs] == TABS

    def kinds(node) -> list[str]:
        found = []
        for child in getattr(node, "children", {}).values():
            found += [child.type] if not getattr(child, "children", None) else kinds(child)
        return found

    return {tab.label: kinds(tab) for tab in tabs}


def test_only_the_open_tab_is_computed():
    at = open_page(moves="40", ai="Minimax")
    shown = tab_contents(at)
    assert shown["Every move's value"][:1] == ["image"]  # the values' picture, then the words
    assert [shown[label] for label in TABS[1:]] == [[], [], []]
    assert "Each move's value for X: top left 0 (a draw)" in at.image[0].proto.imgs[0].alt
    assert len(at.dataframe) == 0
    open_tab(at, "Nodes visited")
    shown = tab_contents(at)
    assert shown["Nodes visited"] == ["dataframe", "markdown"]
    assert [shown[label] for label in TABS if label != "Nodes visited"] == [[], [], []]
    assert not at.image  # neither the values' picture nor the give-up pictures
    assert at.dataframe[0].value["nodes entered"].tolist()[0] == 55505  # minimax from there
    open_tab(at, "An ideal player doesn't give up")
    shown = tab_contents(at)
    assert shown["An ideal player doesn't give up"].count("image") == 2  # decay off, on
    assert not at.dataframe
    open_tab(at, "The whole game in numbers")
    assert at.dataframe[0].value["value"].tolist()[0] == 549946
    assert not at.image


def test_a_link_reopens_the_open_tab():
    at = open_page(moves="40", view="Nodes visited")
    shown = tab_contents(at)
    assert shown["Nodes visited"] == ["dataframe", "markdown"]
    assert shown["Every move's value"] == []
    assert at.query_params[VIEW] == "Nodes visited"
    assert not at.warning


def _choose_everything(at: AppTest, rng: random.Random) -> None:
    """Set every input of the page to a value drawn by ``rng``, through its widget."""
    at.segmented_control(key="you").set_value(rng.choice(["X", "O"])).run()
    at.segmented_control(key="starts").set_value(rng.choice(["You", "Computer"])).run()
    kind = rng.choice(["Minimax", "Alpha-beta", "Depth-limited alpha-beta", "Random"])
    at.radio(key="ai").set_value(kind).run()
    if kind == "Depth-limited alpha-beta":
        at.pills(key="depth").set_value(rng.randint(1, 9)).run()
    if kind == "Random":
        at.number_input(key="seed").set_value(rng.randint(1, 99)).run()
    at.toggle(key="decay").set_value(rng.random() < 0.5).run()
    for _ in range(rng.randint(1, 2)):  # play a move or two
        free = [c for c in range(9) if not at.button(key=f"ttt-cell-{c}").disabled]
        if free:
            at.button(key=f"ttt-cell-{rng.choice(free)}").click().run()
    open_tab(at, rng.choice(TABS))
    choices = at.radio(key="ttt-explain").options
    at.radio(key="ttt-explain").set_value(_option(rng.choice(choices))).run()
    for _ in range(2):  # open a move, and maybe one of its moves
        moves = at.pills(key="ttt-open").options
        if moves and not at.pills(key="ttt-open").disabled:
            at.pills(key="ttt-open").set_value(_cell(rng.choice(moves))).run()


def _option(label: str) -> str:
    from search_viz.lessons.tictactoe.play import EXPLAIN

    return next(code for code, text in EXPLAIN.items() if text == label)


def _cell(label: str) -> int:
    from search_viz.lessons.tictactoe.sentences import CELL_NAMES

    return CELL_NAMES.index(label)


@pytest.mark.parametrize("seed", range(4))
def test_the_link_holds_every_input(seed):
    """Issue 13: set every input to a drawn value; the link alone reopens the same screen."""
    at = open_page()
    _choose_everything(at, random.Random(seed))
    assert not at.exception, [e.value for e in at.exception]
    link = {key: at.query_params[key] for key in at.query_params}
    # The browser writes the bound widgets (the sidebar) into the link; AppTest does not.
    for key in ("you", "starts", "ai", "depth", "seed", "decay", VIEW):
        if key in at.session_state:
            value = at.session_state[key]
            link[key] = str(value).lower() if isinstance(value, bool) else str(value)
    again = open_page(**link)
    assert board(again) == board(at)
    assert again.radio(key="ttt-explain").value == at.radio(key="ttt-explain").value
    assert again.session_state["ttt.focus"] == at.session_state["ttt.focus"]
    assert player(again) == player(at)  # the same film, by its digest
    assert tab_contents(again) == tab_contents(at)  # the same tab open
    assert not [w.value for w in again.warning if "The link" in w.value]
