"""Practice on the game-tree films: every answer is what the search did at that step, the notes'
worked examples give the notes' answers, the default films ask at least half their steps."""

from __future__ import annotations

import functools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from search_viz import GameTree
from search_viz.film.film import read_chunk
from search_viz.lessons.game_trees.drawing import game_film, record
from search_viz.lessons.game_trees.questions import NO_CUT, NO_MORE, Questions
from search_viz.lessons.game_trees.quiz import LEVEL_QUESTIONS, LEVELS, SHAPES, quiz_tree
from search_viz.lessons.shared.game_view import letters, search_views
from search_viz.problems.game import MAX
from search_viz.problems.game_tree import EXAMPLES
from tests.practice_checks import asked_share, check_questions

NOTES_AB = EXAMPLES["Notes §6: leaves 2 3 5 9 0 1 7 5"]  # the page's default tree
MIN_ROOT = EXAMPLES["Notes §6: MIN root, leaves 2 4 | 6 8"]
TEXTBOOK = EXAMPLES["Textbook: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]"]
NOTES_MM = EXAMPLES["Notes §5: leaves −1 4 2 6 −3 −5 0 7"]
NOTES_MM2 = EXAMPLES["Notes §5: leaves 1 2 5 7 0 1 6 4"]
QUIZ = quiz_tree(next(iter(SHAPES)), 1)  # the quiz's default tree

numbers = st.integers(-9, 9)
trees = st.recursive(
    numbers, lambda children: st.lists(children, min_size=1, max_size=3), max_leaves=14
).filter(lambda nested: isinstance(nested, list))


def node(tree: GameTree, letter: str):
    return next(n for n, name in letters(tree).items() if name == letter)


# ------------------------------------------------------------ the default films
DEFAULT_FILMS = {
    "alpha-beta on the page's tree": lambda: game_film(NOTES_AB, pruning=True),
    "minimax on the page's tree": lambda: game_film(NOTES_AB, pruning=False),
    "the quiz, harder": lambda: game_film(QUIZ, pruning=True, questions=LEVEL_QUESTIONS[LEVELS[1]]),
    "the quiz, standard": lambda: game_film(
        QUIZ, pruning=True, questions=LEVEL_QUESTIONS[LEVELS[0]]
    ),
}


@pytest.mark.parametrize("name", list(DEFAULT_FILMS))
def test_every_default_film_asks_well_formed_questions(name):
    film = DEFAULT_FILMS[name]()
    check_questions(film)
    check_every_choice_clickable(film)
    if name != "the quiz, standard":  # that level asks the root and the cuts only
        assert asked_share(film) >= 0.5, asked_share(film)


def test_the_quiz_standard_level_asks_the_root_and_every_cut_check():
    film = DEFAULT_FILMS["the quiz, standard"]()
    trace = record(QUIZ, pruning=True)
    events = trace.events
    for k in film.asked_steps:
        assert film.question(k).kind == "pick" or events[k].node == ()
    prunes = [k for k, e in enumerate(events) if e.kind == "prune"]
    checks = [
        k
        for k, e in enumerate(events)
        if e.kind == "expand"
        and events[k - 1].kind == "backup"
        and events[k - 1].parent == e.node[:-1]
    ]
    root = next(k for k, e in enumerate(events) if e.kind == "backup" and e.node == ())
    assert prunes, "the quiz's default tree has a cut"
    assert set(film.asked_steps) == {*prunes, *checks, root}


# ------------------------------------------------------- answers from the trace
def check_answers(tree: GameTree, pruning: bool, fail_soft: bool, ordering: str, level: str):
    """Every question's answer is the event's own fact, and the steps that must ask do."""
    trace = record(tree, pruning, fail_soft, ordering)
    events = trace.events
    ask = Questions(tree, trace, fail_soft=fail_soft, level=level)
    asked = {}
    for view in search_views(trace, tree):
        got = ask.at(view)
        if got is not None:
            asked[view.step] = got
    for k, got in asked.items():
        e, q = events[k], got.question
        if q.kind == "pick":
            assert q.answer in q.choices
            assert set(got.nodes) == {c for c in q.choices if c not in (NO_CUT, NO_MORE)}
        if e.kind == "backup" and e.parent is None:
            assert got.topic == "root"
            assert q.answer == e.value
        elif e.kind == "backup" and tree.is_leaf(e.node):
            assert pruning
            assert got.topic == "bound"
            assert q.answer == (e.alpha if tree.player(e.parent) == MAX else e.beta)
        elif e.kind == "backup":
            assert got.topic == "value"
            assert q.answer == e.value
        elif e.kind == "prune":
            assert got.topic == "cut"
            assert q.answer == e.node
            assert all(c in tree.children(e.parent) for c in got.nodes)
        elif e.kind == "expand" and q.kind == "pick" and pruning:
            assert q.answer == NO_CUT
            assert e.node in q.choices
            assert events[k - 1].kind == "backup"
            assert events[k - 1].parent == e.node[:-1]
        elif e.kind == "expand" and q.kind == "pick":
            assert got.topic == "order"
            assert q.answer == e.node
        elif e.kind == "expand":
            assert got.topic == "bound"
            assert q.answer in (e.alpha, e.beta)
        else:
            raise AssertionError(f"step {k} ({e.kind}) asks {q}")
    prunes = [k for k, e in enumerate(events) if e.kind == "prune"]
    assert all(k in asked for k in prunes), "every cut is asked"
    root = next(k for k, e in enumerate(events) if e.kind == "backup" and e.parent is None)
    assert root in asked
    if level == "all":
        inner_backups = [
            k
            for k, e in enumerate(events)
            if e.kind == "backup" and e.parent is not None and not tree.is_leaf(e.node)
        ]
        assert all(k in asked for k in inner_backups), "every inner node's value is asked"
    return asked


@settings(max_examples=60, deadline=None)
@given(
    trees,
    st.booleans(),
    st.booleans(),
    st.sampled_from(["given", "best", "worst"]),
    st.sampled_from(["all", "cuts"]),
    st.sampled_from(["MAX", "MIN"]),
)
def test_every_answer_is_what_the_search_did(nested, pruning, fail_soft, ordering, level, root):
    tree = GameTree.from_nested(nested, root=root)
    if not pruning:
        fail_soft, ordering = True, "given"
    check_answers(tree, pruning, fail_soft, ordering, level)


def check_every_choice_clickable(film) -> None:
    """Not only the answer: every node a pick offers can be clicked the step before."""
    header = film.header()
    asks = {k: q for chunk in header["chunks"] for k, q in read_chunk(chunk).get("q", [])}
    for k, data in asks.items():
        if data["k"] != "pick":
            continue
        before = film.state(k - 1)
        for label, items in zip(data["c"], data["i"], strict=True):
            if label in (NO_CUT, NO_MORE):
                assert not items
                continue
            shown = [n for n in items if before.looks.get(n, int(film.base[n])) != 0]
            assert shown, f"step {k}: {label} cannot be clicked"


@settings(max_examples=8, deadline=None)
@given(trees, st.booleans(), st.sampled_from(["all", "cuts"]))
def test_films_of_random_trees_ask_answerable_questions(nested, pruning, level):
    film = game_film(GameTree.from_nested(nested), pruning=pruning, questions=level)
    check_questions(film)
    check_every_choice_clickable(film)


def test_the_step_through_films_of_every_option_ask_what_they_should():
    for tree in (NOTES_AB, TEXTBOOK, MIN_ROOT):
        for fail_soft in (True, False):
            for ordering in ("given", "best", "worst"):
                check_answers(tree, True, fail_soft, ordering, "all")


# ------------------------------------------------- the notes' worked examples
@functools.cache
def film_and_trace(tree: GameTree, pruning: bool, fail_soft: bool):
    return game_film(tree, pruning=pruning, fail_soft=fail_soft), record(tree, pruning, fail_soft)


def asked_at(tree: GameTree, kind: str, letter: str, *, pruning: bool = True, fail_soft=True):
    """The question of the step where the search does ``kind`` at the node ``letter``."""
    film, trace = film_and_trace(tree, pruning, fail_soft)
    target = node(tree, letter)
    k = next(k for k, e in enumerate(trace.events) if e.kind == kind and e.node == target)
    question = film.question(k)
    assert question is not None, f"nothing asked where the search does {kind} at {letter}"
    return question


def test_notes_alphabeta_example_gives_the_notes_answers():
    """D = 3; B gets β = 3; at E, 5 gives α = 5 ≥ β = 3: 9 is pruned; B = 3; the root gets
    α = 3; F = 1; at C, β = 1 ≤ α = 3: G is pruned; root 3."""
    tree = NOTES_AB
    assert asked_at(tree, "backup", "D").answer == 3
    entering_e = asked_at(tree, "expand", "E")  # E inherits B's window
    assert "β" in entering_e.prompt
    assert entering_e.answer == 3
    at_e = asked_at(tree, "backup", "J")
    assert "α at E" in at_e.prompt
    assert at_e.answer == 5
    cut = asked_at(tree, "prune", "K")
    assert cut.answer == node(tree, "K")
    assert NO_CUT in cut.choices
    assert cut.label(cut.answer) == "K (9)"
    assert asked_at(tree, "backup", "B").answer == 3
    entering_c = asked_at(tree, "expand", "C")  # the root's α = 3 comes down to C
    assert "α" in entering_c.prompt
    assert entering_c.answer == 3
    assert asked_at(tree, "backup", "F").answer == 1
    assert asked_at(tree, "prune", "G").answer == node(tree, "G")
    assert asked_at(tree, "backup", "A").answer == 3


def test_notes_min_root_example_gives_the_notes_answers():
    """The first MAX node is 4, so β = 4; the second reads 6 ≥ β and prunes 8; root 4."""
    tree = MIN_ROOT
    assert asked_at(tree, "backup", "B").answer == 4
    entering_c = asked_at(tree, "expand", "C")
    assert "β" in entering_c.prompt
    assert entering_c.answer == 4
    reads_6 = asked_at(tree, "backup", "F")
    assert "α at C" in reads_6.prompt
    assert reads_6.answer == 6
    cut = asked_at(tree, "prune", "G")
    assert cut.label(cut.answer) == "G (8)"
    assert asked_at(tree, "backup", "A").answer == 4


def test_textbook_example_prunes_4_and_6_after_2():
    tree = TEXTBOOK
    first = asked_at(tree, "prune", "I")
    assert first.label(first.answer) == "I (4)"
    assert first.choices == (node(tree, "I"), node(tree, "J"), NO_CUT)
    second = asked_at(tree, "prune", "J")
    assert second.label(second.answer) == "J (6)"
    assert NO_MORE in second.choices
    assert asked_at(tree, "backup", "A").answer == 3
    # after 14 at D, a cut could happen (α = 3, β = 14) and does not
    no_cut = asked_at(tree, "expand", "L")
    assert no_cut.answer == NO_CUT
    assert "α = 3 < β = 14" in no_cut.why


@pytest.mark.parametrize(
    ("tree", "values"),
    [
        (NOTES_MM, {"D": 4, "E": 6, "F": -3, "G": 7, "B": 4, "C": -3, "A": 4}),
        (NOTES_MM2, {"D": 2, "E": 7, "F": 1, "G": 6, "B": 2, "C": 1, "A": 2}),
    ],
)
def test_notes_minimax_examples_back_up_the_notes_values(tree, values):
    for letter, wanted in values.items():
        assert asked_at(tree, "backup", letter, pruning=False).answer == wanted, letter


def test_fail_hard_cut_nodes_return_the_bound_that_cut_them():
    """Fail-hard: E (cut by β = 3) returns 3 and C (cut by α = 3) returns 3."""
    e = asked_at(NOTES_AB, "backup", "E", fail_soft=False)
    assert e.answer == 3
    assert "Fail-hard" in e.why
    assert asked_at(NOTES_AB, "backup", "C", fail_soft=False).answer == 3


@pytest.mark.parametrize("pruning", [True, False])
def test_no_prompt_gives_its_answer_away(pruning):
    for tree in (NOTES_AB, TEXTBOOK):
        film, _ = film_and_trace(tree, pruning, False)
        for k in film.asked_steps:
            q = film.question(k)
            assert "=" not in q.prompt, q.prompt  # no prompt states a value worked out
            if q.kind == "pick" and q.answer not in (NO_CUT, NO_MORE):
                word = rf"(?<!\w){re.escape(q.label(q.answer))}(?!\w)"
                assert not re.search(word, q.prompt), q.prompt
