"""Every text a student can type, and every link parameter, against hostile input (issue 13).

Each text field of a page is read by one parser; each parser gets arbitrary text
(hypothesis): it returns what it read or raises ValueError with a sentence that says
what is wrong, within 5 s (a guard against hangs, not a speed target). The normal run
tries 300 texts per field, ``make test-slow`` 1,000. Through the pages themselves
(AppTest), every link parameter of every lesson gets arbitrary text too: no page
raises, a text field keeps what was typed, and the page says what it cannot use.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from search_viz.lessons.local_search.inputs import BoardChoice, make_problem
from search_viz.lessons.tictactoe.play import Setup, parse_moves
from search_viz.problems.edge_list import parse_edge_list
from search_viz.problems.game_tree import GameTree
from search_viz.problems.puzzle_input import parse_board
from search_viz.ui.lessons import LESSONS
from tests.app.test_links import TEXTS, bound, open_lesson, parameters
from tests.conftest import HANG_SECONDS

HOSTILE = st.one_of(
    st.text(max_size=200),
    st.text(alphabet="0123456789 ,.-+e[](){}:;'\"\\$_xXoO#\n\t", max_size=300),
    st.builds(lambda d: "[" * d + "1" + "]" * d, st.integers(1, 400)),
    st.builds(lambda k: "9" * k, st.integers(1, 1000)),
    st.sampled_from(["1e400", "nan", "inf", "-inf", "__import__('os')", "$x$", "\\foo", "\x00"]),
)


def reads(parse, text: str) -> None:
    """``parse(text)`` reads it or says in a sentence what is wrong, within HANG_SECONDS."""
    started = time.monotonic()
    try:
        parse(text)
    except ValueError as error:
        message = str(error).strip()
        assert 10 <= len(message) < 2_000, message  # a sentence, even for a huge text
    assert time.monotonic() - started < HANG_SECONDS


PARSERS = {
    "game trees: the typed tree": lambda text: GameTree.parse(text, max_nodes=600, max_depth=12),
    "uninformed and bidirectional: the edge list": parse_edge_list,
    "informed: the start board": parse_board,
    "informed: the goal board": lambda text: parse_board(text, role="goal"),
    "local search: the typed board": lambda text: make_problem(BoardChoice("own", 8, 0, text)),
    "tic-tac-toe: the moves in a link": lambda text: _moves(text),
}


def _moves(text: str) -> None:
    _moves_read, problem = parse_moves(text, Setup())
    if problem is not None:
        raise ValueError(problem)


@pytest.mark.parametrize("field", list(PARSERS))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=HOSTILE)
def test_every_typed_field_reads_any_text_or_says_what_is_wrong(field, text):
    reads(PARSERS[field], text)


@pytest.mark.slow
@pytest.mark.parametrize("field", list(PARSERS))
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=HOSTILE)
def test_every_typed_field_reads_a_thousand_texts(field, text):
    reads(PARSERS[field], text)


LINK_CASES = [
    pytest.param(lesson.page, key, id=f"{lesson.url_path}:{key}")
    for lesson in LESSONS
    for key in parameters(lesson.page)
]


def opens(page: str, key: str, text: str) -> None:
    """The page opened with ``key=text`` in its link: no exception, a text field keeps the
    text (up to its maximum length)."""
    parameter = parameters(page)[key]
    at = open_lesson(page, {**dict(parameter.context), key: text})
    assert not at.exception, (key, text, [e.value for e in at.exception])
    if parameter.kind in TEXTS and len(text) <= 400:
        field = bound(at)[key][1]
        kept = text[: field.proto.max_chars] if field.proto.max_chars else text
        assert field.value == kept, (key, text)  # a field with max_chars keeps that many


@pytest.mark.parametrize(("page", "key"), LINK_CASES)
def test_an_empty_link_parameter_opens_the_page_with_its_default(page, key):
    opens(page, key, "")  # Streamlit gives None for a required choice bound to "?key="


@pytest.mark.parametrize(("page", "key"), LINK_CASES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=HOSTILE)
def test_any_text_in_any_link_parameter_opens_the_page(page, key, text):
    opens(page, key, text)


@pytest.mark.slow
@pytest.mark.parametrize(("page", "key"), LINK_CASES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=HOSTILE)
def test_forty_texts_in_every_link_parameter_open_the_page(page, key, text):
    opens(page, key, text)
