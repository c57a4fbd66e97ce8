"""The game-trees page through AppTest: the right film for every choice, bad input, the quiz.

What a film shows at each step is tested on the films themselves (tests/test_game_film.py);
stepping is tested in the browser (test_game_trees_browser.py).
"""

import pytest
from streamlit.testing.v1 import AppTest

from search_viz import GameTree, Trace, alphabeta
from search_viz.lessons.game_trees.drawing import game_film
from search_viz.lessons.game_trees.inputs import MAX_NODES
from search_viz.lessons.game_trees.quiz import SHAPES, grade, pruned_leaves, quiz_tree
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


# ----------------------------------------------------------------- the quiz
def quiz_key(number: int = 1, level: str = "root") -> str:
    return f"{FIRST_SHAPE}#{number}#{level}"


def check(at: AppTest, values: dict) -> AppTest:
    for node, value in values.items():
        at.number_input(key=f"quiz.value.{quiz_key()}.{node}").set_value(value)
    at.run()
    return at.button(key="quiz.check").click().run()


def markdown(at: AppTest) -> str:
    return " ".join(m.value for m in at.markdown)


def test_the_quiz_hides_the_replay_until_checked():
    at = open_page(mode="Quiz")
    clean(at)
    assert len(film_ids(at)) == 1  # the answer sheet only
    assert pages.players(at)[0]["controls"] is False
    assert "no tree checked yet" in markdown(at)


def test_checking_a_blank_answer_scores_nothing():
    at = check(open_page(mode="Quiz"), {})
    assert not at.exception
    tree = quiz_tree(FIRST_SHAPE, 1)
    pruned = len(pruned_leaves(tree, Trace.record(alphabeta(tree))))
    assert f"This tree: **0 of {1 + pruned}**" in markdown(at)
    assert "no answer" in at.warning[0].value


def test_a_right_root_value_scores_its_point_and_opens_the_replay_at_the_first_cut():
    tree = quiz_tree(FIRST_SHAPE, 1)
    trace = Trace.record(alphabeta(tree))
    at = check(open_page(mode="Quiz"), {(): trace.result.value})
    pruned = len(pruned_leaves(tree, trace))
    assert f"This tree: **1 of {1 + pruned}**" in markdown(at)
    assert at.success[0].value.startswith("The root: right")
    replay = pages.players(at)[1]
    first_cut = next(k for k, e in enumerate(trace.events) if e.kind == "prune")
    assert replay["start"]["step"] == first_cut
    assert "Why each cut happens" in markdown(at)


def test_the_harder_level_asks_every_inner_node():
    at = open_page(mode="Quiz", qlevel="Harder: every node's value too")
    clean(at)
    tree = quiz_tree(FIRST_SHAPE, 1)
    inner = [n for n in tree.nodes if not tree.is_leaf(n)]
    keys = {ni.key for ni in at.number_input}
    for node in inner:
        assert f"quiz.value.{quiz_key(level='harder')}.{node}" in keys


def test_grading_counts_claims_not_omissions():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    trace = Trace.record(alphabeta(tree))
    everything = set(tree.leaves())
    assert grade(tree, trace, {(): None}, set()).points == 0
    assert grade(tree, trace, {(): None}, everything).points == 0  # marking all earns nothing
    best = grade(tree, trace, {(): 3}, {(1, 1), (1, 2)})
    assert (best.points, best.possible) == (3, 3)


def test_a_checked_answer_is_locked_and_new_tree_moves_on():
    at = check(open_page(mode="Quiz"), {(): 0})
    assert at.button(key="quiz.check").disabled
    assert at.number_input(key=f"quiz.value.{quiz_key()}.()").disabled
    at.button(key="quiz.new").click().run()
    assert not at.exception
    assert at.number_input(key="qtree").value == 2
    assert not at.button(key="quiz.check").disabled
    assert "over 1 tree" in markdown(at)  # the score stays
