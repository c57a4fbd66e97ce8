"""The game-trees page through AppTest: the right film for every choice, bad input, the quiz,
practice's "New problem".

What a film shows at each step is tested on the films themselves (tests/test_game_film.py);
stepping is tested in the browser (test_game_trees_browser.py).
"""

import pytest
from streamlit.testing.v1 import AppTest

from search_viz import GameTree
from search_viz.lessons.game_trees.drawing import game_film
from search_viz.lessons.game_trees.inputs import MAX_NODES, new_random_tree
from search_viz.lessons.game_trees.quiz import LEVELS, SHAPES, next_tree, quiz_tree
from search_viz.lessons.shared.game_view import letters
from search_viz.problems.game_tree import EXAMPLES
from tests.app import pages
from tests.app.pages import film_ids

PAGE = "app_pages/game_trees.py"
FIRST_SHAPE = next(iter(SHAPES))
NOTES = "Notes §6: leaves 2 3 5 9 0 1 7 5"


def open_page(**query) -> AppTest:
    return pages.open_page(PAGE, query, timeout=60)


def clean(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_every_example_plays_its_own_alphabeta_film(name):
    at = open_page(tree=name)
    clean(at)
    assert film_ids(at) == [[game_film(EXAMPLES[name], pruning=True).digest]]


def test_the_options_reach_the_film():
    tree = EXAMPLES[NOTES]
    cases = [
        ({"soft": "false"}, game_film(tree, pruning=True, fail_soft=False)),
        ({"order": "best first"}, game_film(tree, pruning=True, ordering="best")),
        ({"order": "worst first"}, game_film(tree, pruning=True, ordering="worst")),
        ({"algo": "Minimax"}, game_film(tree, pruning=False)),
    ]
    for query, film in cases:
        at = open_page(**query)
        clean(at)
        assert film_ids(at) == [[film.digest]], query


def test_compare_mode_is_one_player_with_minimax_and_alphabeta():
    at = open_page(both="true")
    clean(at)
    tree = EXAMPLES[NOTES]
    assert film_ids(at) == [
        [game_film(tree, pruning=False).digest, game_film(tree, pruning=True).digest]
    ]
    assert pages.players(at)[0]["titles"] == ["Minimax", "Alpha-beta"]


def test_a_random_tree_is_the_one_its_seed_makes():
    at = open_page(tree="Random tree", b=3, d=4, seed=7, root="MIN")
    clean(at)
    tree = GameTree.random(3, 4, 0, 9, seed=7, root="MIN")
    assert film_ids(at) == [[game_film(tree, pruning=True).digest]]


def test_bad_tree_text_shows_a_message_and_keeps_the_text():
    text = "[[1, 2], [3, x]]"
    at = open_page(tree="Type your own", text=text)
    assert not at.exception
    assert "'x' at character 14 is not allowed" in at.error[0].value
    assert at.text_area(key="text").value == text
    assert film_ids(at) == []  # no replay of nothing


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[1, 2], [3, 4]", "never closed"),
        ("[" * 13 + "1" + "]" * 13, "at most 12 levels"),
        ("[]", "empty"),
    ],
)
def test_every_kind_of_bad_text_is_explained(text, message):
    at = open_page(tree="Type your own", text=text)
    assert not at.exception
    assert message in at.error[0].value


def test_a_random_tree_too_big_for_the_page_is_refused_with_the_limit():
    at = open_page(tree="Random tree", b=5, d=5)
    assert not at.exception
    assert f"3,906 nodes; this page draws at most {MAX_NODES:,}" in at.error[0].value


def test_a_typed_tree_is_searched():
    text = "[[3, -1.5], [2, [7, 0.5]]]"
    at = open_page(tree="Type your own", text=text, root="MIN")
    clean(at)
    tree = GameTree.parse(text, root="MIN")
    assert film_ids(at) == [[game_film(tree, pruning=True).digest]]


# ------------------------------------------------------------ practice wiring
def test_new_problem_in_the_step_through_mode_is_a_random_tree_with_the_next_seed():
    at = open_page()
    clean(at)
    assert pages.players(at)[0]["newProblem"] is True
    new_random_tree(at.session_state)  # what the player's "New problem" calls
    at.run()
    clean(at)
    assert film_ids(at) == [[game_film(GameTree.random(2, 3, 0, 9, seed=1), pruning=True).digest]]
    new_random_tree(at.session_state)
    at.run()
    clean(at)
    assert film_ids(at) == [[game_film(GameTree.random(2, 3, 0, 9, seed=2), pruning=True).digest]]


def test_new_problem_keeps_the_random_trees_shape():
    at = open_page(tree="Random tree", b=3, d=2, seed=7, root="MIN")
    new_random_tree(at.session_state)
    at.run()
    clean(at)
    tree = GameTree.random(3, 2, 0, 9, seed=8, root="MIN")
    assert film_ids(at) == [[game_film(tree, pruning=True).digest]]


# ----------------------------------------------------------------- the quiz
def test_the_quiz_is_practice_on_the_quiz_trees_film():
    at = open_page(mode="Quiz")
    clean(at)
    player = pages.players(at)[0]
    assert (player["practice"], player["newProblem"]) == (True, True)
    standard = game_film(quiz_tree(FIRST_SHAPE, 1), pruning=True, questions="cuts")
    assert film_ids(at) == [[standard.digest]]


def test_the_harder_level_asks_every_inner_node_and_the_windows():
    at = open_page(mode="Quiz", qlevel=LEVELS[1])
    clean(at)
    tree = quiz_tree(FIRST_SHAPE, 1)
    harder = game_film(tree, pruning=True, questions="all")
    assert film_ids(at) == [[harder.digest]]
    prompts = " ".join(harder.question(k).prompt for k in harder.asked_steps)
    for node in tree.nodes:
        if node and not tree.is_leaf(node):
            assert f"What value does {letters(tree)[node]} return" in prompts


def test_new_problem_in_the_quiz_is_the_next_tree():
    at = open_page(mode="Quiz", qshape=list(SHAPES)[1], qtree=41)
    clean(at)
    next_tree(at.session_state)  # what the player's "New problem" calls
    at.run()
    clean(at)
    assert at.number_input(key="qtree").value == 42
    tree = quiz_tree(list(SHAPES)[1], 42)
    assert film_ids(at) == [[game_film(tree, pruning=True, questions="cuts").digest]]


TEXTBOOK = "Textbook: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


def comparison_captions(at: AppTest) -> list[str]:
    return [c.value for c in at.caption if "alpha-beta never changes the answer" in c.value]


def test_the_comparisons_are_searched_only_when_opened():
    at = open_page(tree=TEXTBOOK)
    clean(at)
    assert comparison_captions(at) == []
    assert len(at.get("image")) == 0  # no comparison picture drawn while the panel is shut


def test_opened_comparisons_show_what_alpha_beta_skips_on_the_notes_tree():
    """Notes: on the textbook tree, after 2 the leaves 4 and 6 are pruned: 2 of 9 skipped."""
    at = open_page(tree=TEXTBOOK, comparisons="true")
    clean(at)
    assert comparison_captions(at) == [
        "The same root value: alpha-beta never changes the answer, only the work. Here it "
        "skips 2 leaves that cannot change the root's value."
    ]
    assert len(at.get("image")) == 2  # minimax's end and alpha-beta's, side by side
    assert at.query_params["comparisons"] == "true"  # the link holds it open


def test_opened_comparisons_show_the_tab_the_link_names():
    at = open_page(tree=TEXTBOOK, comparisons="true", compare="Move order")
    clean(at)
    assert comparison_captions(at) == []
    assert len(at.get("image")) == 4  # as given, best first, worst first; and how counts grow
