"""The game-trees page through AppTest: every example, the lecture answers, bad input, the quiz."""

import re

import pytest
from streamlit.testing.v1 import AppTest

from search_viz import Trace, alphabeta
from search_viz.problems.game_tree import EXAMPLES
from search_viz.ui.game_quiz import SHAPES, grade, quiz_tree
from tests.app import pages
from tests.app.pages import html_text

PAGE = "app_pages/game_trees.py"
FIRST_SHAPE = next(iter(SHAPES))


def open_page(**query) -> AppTest:
    return pages.open_page(PAGE, query, timeout=60)


def sentence(at: AppTest) -> str:
    return next(h.value for h in at.html if 'class="sv-note"' in h.value)


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_every_example_runs_and_ends_with_the_notes_value(name):
    tree = EXAMPLES[name]
    last = len(Trace.record(alphabeta(tree))) - 1
    at = open_page(tree=name, step=last)
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    assert f"Done: A = {tree.minimax_value()}." in sentence(at)


def test_notes_6_the_cut_at_e_is_explained_with_its_reason():
    at = open_page(tree="Notes §6: leaves 2 3 5 9 0 1 7 5", step=14)
    assert not at.exception
    text = sentence(at)
    assert "Prune the leaf 9 (K): at E, α = 5 ≥ β = 3." in text
    assert "9 cannot matter" in text
    assert ">leaves pruned<" in html_text(at) or "leaves pruned" in html_text(at)


def counter(at: AppTest, label: str) -> str:
    """The value shown in the counter chip called ``label``."""
    chips = next(h.value for h in at.html if 'class="sv-counters"' in h.value)
    match = re.search(re.escape(label) + r"</div><div[^>]*>([^<]*)</div>", chips)
    assert match, chips
    return match.group(1)


@pytest.mark.parametrize(
    ("name", "pruned_sentences", "pruned_leaves"),
    [
        (
            "Notes §6: leaves 2 3 5 9 0 1 7 5",
            ["Prune the leaf 9 (K): at E, α = 5 ≥ β = 3.", "Prune G: at C, α = 3 ≥ β = 1."],
            "3",
        ),
        (
            "Notes §6: MIN root, leaves 2 4 | 6 8",
            ["Prune the leaf 8 (G): at C, α = 6 ≥ β = 4."],
            "1",
        ),
        (
            "Textbook: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]",
            ["Prune the leaf 4 (I): at C, α = 3 ≥ β = 2.", "Prune the leaf 6 (J): at C"],
            "2",
        ),
    ],
)
def test_every_cut_of_the_notes_is_said_on_the_page(name, pruned_sentences, pruned_leaves):
    trace = Trace.record(alphabeta(EXAMPLES[name]))
    prune_steps = [k for k, e in enumerate(trace.events) if e.kind == "prune"]
    assert len(prune_steps) == len(pruned_sentences)
    for step, expected in zip(prune_steps, pruned_sentences, strict=True):
        assert expected in sentence(open_page(tree=name, step=step))
    at = open_page(tree=name, step=len(trace) - 1)
    assert counter(at, "leaves pruned") == pruned_leaves


def test_notes_6_min_root_prunes_8():
    at = open_page(tree="Notes §6: MIN root, leaves 2 4 | 6 8", step=13)
    assert "Prune the leaf 8 (G): at C, α = 6 ≥ β = 4." in sentence(at)


def test_notes_5_minimax_backs_up_b_equals_4():
    at = open_page(tree="Notes §5: leaves −1 4 2 6 −3 −5 0 7", algo="Minimax", step=18)
    assert not at.exception
    assert "B returns 4 to A." in sentence(at)


def test_fail_hard_is_said_and_keeps_the_root():
    tree = EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"]
    last = len(Trace.record(alphabeta(tree, fail_soft=False))) - 1
    at = open_page(soft="false", step=15)
    assert "E returns 3 to B. (E was cut off and returns β = 3" in sentence(at)
    at = open_page(soft="false", step=last)
    assert "Done: A = 3." in sentence(at)


def test_move_orders_and_random_trees_run():
    for query in [
        {"order": "best first"},
        {"order": "worst first"},
        {"tree": "Random tree", "b": 3, "d": 4, "seed": 7, "root": "MIN"},
    ]:
        at = open_page(**query)
        assert not at.exception, (query, [e.value for e in at.exception])
        assert not at.error, query


def test_bad_tree_text_shows_a_message_and_keeps_the_text():
    text = "[[1, 2], [3, x]]"
    at = open_page(tree="Type your own", text=text)
    assert not at.exception
    assert "'x' at character 14 is not allowed" in at.error[0].value
    assert at.text_area(key="text").value == text
    assert not any('class="sv-note"' in h.value for h in at.html)  # no replay of nothing


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
    assert "3,906 nodes; this page draws at most 2,000" in at.error[0].value


def test_a_typed_tree_is_searched():
    at = open_page(tree="Type your own", text="[[3, -1.5], [2, [7, 0.5]]]", root="MIN", step=0)
    assert not at.exception
    assert not at.error
    assert "Start at the root A, a MIN node" in sentence(at)


# ----------------------------------------------------------------- the quiz
def quiz_key(number: int = 1) -> str:
    return f"{FIRST_SHAPE}#{number}"


def answer(at: AppTest, value, leaves) -> AppTest:
    key = quiz_key()
    at.number_input(key=f"quiz.value.{key}").set_value(value)
    at.button_group(key=f"quiz.leaves.{key}").set_value(list(leaves))
    at.run()
    return at.button(key="quiz.check").click().run()


def test_the_quiz_hides_the_replay_until_checked():
    at = open_page(mode="Quiz")
    assert not at.exception
    assert not any('class="sv-note"' in h.value for h in at.html)
    assert "no tree checked yet" in " ".join(m.value for m in at.markdown)


def test_the_quiz_scores_a_right_answer():
    tree = quiz_tree(FIRST_SHAPE, 1)
    trace = Trace.record(alphabeta(tree))
    pruned = [leaf for leaf in tree.leaves() if grade(tree, trace, None, set()).missed.count(leaf)]
    at = answer(open_page(mode="Quiz"), trace.result.value, pruned)
    assert not at.exception
    text = " ".join(m.value for m in at.markdown)
    total = 1 + len(tree.leaves())
    assert f"This tree: **{total} of {total}**" in text
    assert f"Score this session: **{total} of {total}** over 1 tree" in text
    assert at.success[0].value.startswith("Root value: right")
    assert any('class="sv-note"' in h.value for h in at.html)  # the replay is open


def test_the_quiz_scores_a_wrong_answer():
    tree = quiz_tree(FIRST_SHAPE, 1)
    trace = Trace.record(alphabeta(tree))
    pruned = {leaf for leaf in tree.leaves() if leaf in grade(tree, trace, None, set()).missed}
    evaluated = next(leaf for leaf in tree.leaves() if leaf not in pruned)
    wrong_value = trace.result.value + 1
    at = answer(open_page(mode="Quiz"), wrong_value, [evaluated])
    text = " ".join(m.value for m in at.markdown)
    # value wrong, one leaf wrongly marked, every pruned leaf missed
    points = len(tree.leaves()) - 1 - len(pruned)
    assert f"This tree: **{points} of {1 + len(tree.leaves())}**" in text
    assert f"you said {wrong_value}" in at.warning[0].value
    assert "✗ Wrong" in text


def test_a_checked_answer_is_locked_and_new_tree_moves_on():
    at = answer(open_page(mode="Quiz"), 0, [])
    assert at.button(key="quiz.check").disabled
    assert at.number_input(key=f"quiz.value.{quiz_key()}").disabled
    at.button(key="quiz.new").click().run()
    assert not at.exception
    assert at.number_input(key="qtree").value == 2
    assert not at.button(key="quiz.check").disabled
    assert "over 1 tree" in " ".join(m.value for m in at.markdown)  # the score stays
