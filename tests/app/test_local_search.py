"""The local-search page through AppTest: the film it plays, bad input, the options, the tabs.

What the film shows step by step is tested on the film's data (``tests/test_local_film.py``);
here the page must hand the player exactly the film of what its inputs ask for.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

import search_viz as sv
from search_viz.lessons.local_search.drawing import run_film
from search_viz.lessons.local_search.inputs import BoardChoice, make_problem, new_board
from search_viz.lessons.local_search.page import max_child_steps
from search_viz.lessons.local_search.runs import Run
from search_viz.problems.nqueens import EXAMPLES, parse_rows
from search_viz.ui.links import CHANGED_BY_PAGE
from tests.app import pages

PAGE = "app_pages/local_search.py"
ANNEALING = {
    "t0": 1000.0,
    "cooling": 0.99,
    "schedule": "exponential",
    "neighbour": "column-in-turn",
    "max_steps": 10_000,
    "seed": 1,
}
CLIMBING = {"variant": "steepest", "sideways": 0, "restarts": 0, "seed": 1}
GENETIC = {
    "population": 50,
    "generations": 500,
    "crossover": "one-point",
    "selection": "roulette",
    "mutation": 0.3,
    "elitism": 2,
    "seed": 1,
}


def open_page(query: dict | None = None) -> AppTest:
    return pages.open_page(PAGE, query, timeout=90)


def no_trouble(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def player(at: AppTest) -> dict:
    """What the page gave the film player (the films' ids and titles)."""
    (element,) = [e for e in at.main if type(e).__name__ == "UnknownElement"]
    return json.loads(element.proto.json)


def film_of(problem, algorithm: str, options: dict, **view):
    return run_film(Run.record(problem, algorithm, options), **view)


def summary(at: AppTest) -> str:
    return " ".join(m.value for m in at.markdown)


def test_the_default_page_plays_the_notes_annealing_film():
    at = open_page()
    no_trouble(at)
    assert at.selectbox(key="algorithm").value == "simulated_annealing"
    assert "Simulated annealing from a board with 9 attacking pairs: **solved**" in summary(at)
    data = player(at)
    assert data["titles"] == ["Simulated annealing on 8 queens"]
    run = Run.record(sv.NQueens(8, seed=0), "simulated_annealing", ANNEALING)
    opening = run_film(run, opening=True)  # 1,827 steps: shown by its first 100 first
    assert [f["id"] for f in data["films"]] == [opening.digest]
    assert (len(opening), opening.n_chunks, opening.whole) == (100, 1, 1_827)
    assert data["films"][0]["chunks"] == []  # the later 1,727 steps: made when asked for
    assert run_film(run).state(2).sentence.startswith("T = 990.")


def test_hill_climbing_on_aima_s_board_writes_the_numbers_and_takes_a_12():
    at = open_page(
        {"algorithm": "Hill climbing", "board": "AIMA figure 4.3(a): 17 attacking pairs"}
    )
    no_trouble(at)
    assert at.checkbox(key="numbers").value
    problem = sv.NQueens(8, state=EXAMPLES["aima-4.3a"])
    film = film_of(problem, "hill_climbing", CLIMBING, numbers=True)
    assert [f["id"] for f in player(at)["films"]] == [film.digest]
    assert "17 → 12 attacking pairs" in film.state(0).sentence
    at.checkbox(key="numbers").uncheck().run()
    plain = film_of(problem, "hill_climbing", CLIMBING)
    assert [f["id"] for f in player(at)["films"]] == [plain.digest]
    assert plain.meta["shape"] == film.meta["shape"]  # the numbers keep the step


def test_the_local_minimum_is_stuck_at_once():
    at = open_page(
        {"algorithm": "Hill climbing", "board": "A local minimum: 1 pair, every move worse"}
    )
    no_trouble(at)
    assert "**stuck** after 1 move tried" in summary(at)
    film = film_of(
        sv.NQueens(8, state=EXAMPLES["local-minimum"]), "hill_climbing", CLIMBING, numbers=True
    )
    assert [f["id"] for f in player(at)["films"]] == [film.digest]
    assert len(film) == 3


def test_the_genetic_algorithm_steps_each_child_or_each_generation():
    at = open_page({"algorithm": "Genetic algorithm"})
    no_trouble(at)
    children = film_of(sv.NQueens(8, seed=0), "genetic", GENETIC)
    assert [f["id"] for f in player(at)["films"]] == [children.digest]
    at.radio(key="each").set_value("generation").run()
    no_trouble(at)
    generations = film_of(sv.NQueens(8, seed=0), "genetic", GENETIC, each="generation")
    assert [f["id"] for f in player(at)["films"]] == [generations.digest]
    assert len(generations) < len(children)


def test_a_genetic_run_too_long_to_step_child_by_child_steps_by_generation_and_says_so():
    query = {
        "algorithm": "Genetic algorithm",
        "board": "A random board (choose a seed)",
        "n": 20,
        "population": 100,
        "generations": 120,
    }
    at = open_page(query)
    assert not at.exception
    (info,) = at.info
    assert f"on 20 queens (at most {max_child_steps(20):,})" in info.value
    assert "stepping one generation at a time" in info.value
    options = {**GENETIC, "population": 100, "generations": 120}
    film = film_of(sv.NQueens(20, seed=0), "genetic", options, each="generation")
    assert [f["id"] for f in player(at)["films"]] == [film.digest]


@pytest.mark.parametrize(
    ("widget", "value", "says"),
    [
        ("cooling", 1.0, "cooling must be a number strictly between 0 and 1"),
        ("cooling", 0.0, "cooling must be a number strictly between 0 and 1"),
        ("t0", 0.0, "t0 (the starting temperature) must be a number above 0"),
        ("n", 3, "n must be a whole number from 4 to 50, not 3."),
        ("n", 51, "n must be a whole number from 4 to 50, not 51."),
    ],
)
def test_bad_parameters_show_the_library_s_message_and_keep_what_was_typed(widget, value, says):
    at = open_page()
    at.number_input(key=widget).set_value(value).run()
    assert not at.exception
    assert len(at.error) == 1
    assert says in at.error[0].value
    assert at.number_input(key=widget).value == value


@pytest.mark.parametrize(
    ("rows", "says"),
    [
        ("3 2 1", "A board has 4 to 50 columns, one row typed for each: 3 rows typed."),
        (" ".join(["1"] * 51), "A board has 4 to 50 columns, one row typed for each: 51 rows"),
        (
            "3 2 1 4 3 2 1 8",
            "The row 8 in column 7 is off the board: rows are whole numbers from 0 to 7.",
        ),
        ("3 2 1 x 3 2 1 2", "'x' is not a whole number"),
        ("[3, 2", "is not a list of whole numbers"),
        ("", "Type one row per column"),
    ],
)
def test_a_bad_own_board_gets_a_message_saying_what_is_allowed(rows, says):
    at = open_page({"board": "Your own board"})
    at.text_input(key="rows").set_value(rows).run()
    assert not at.exception
    assert says in at.error[0].value
    assert at.text_input(key="rows").value == rows


def test_a_good_own_board_is_replayed():
    at = open_page({"board": "Your own board"})
    assert "n" not in [w.key for w in at.number_input]  # the board is as wide as its rows
    at.text_input(key="rows").set_value("[1, 3, 0, 2]").run()
    no_trouble(at)
    assert "from a board with 0 attacking pairs: **solved**" in summary(at)
    assert player(at)["titles"] == ["Simulated annealing on 4 queens"]


@pytest.mark.parametrize(("rows", "numbered"), [(4, True), (14, False)])
def test_a_typed_board_is_as_wide_as_its_rows_for_the_numbers_too(rows, numbered):
    """The numbers in the squares (steepest ascent) are offered on boards of at most 12
    queens: a typed board's size is its rows', not the random board's n (8)."""
    typed = " ".join(str((2 * column) % rows) for column in range(rows))
    at = open_page({"board": "Your own board", "algorithm": "Hill climbing", "rows": typed})
    no_trouble(at)
    assert player(at)["titles"][0].endswith(f"on {rows} queens")
    assert ("numbers" in [box.key for box in at.checkbox]) == numbered


@pytest.mark.parametrize(
    ("widget", "value", "says"),
    [
        ("population", 1, "population must be a whole number of at least 2"),
        ("elitism", 50, "elitism must be smaller than the population (50)"),
    ],
)
def test_bad_genetic_parameters_show_a_message(widget, value, says):
    at = open_page({"algorithm": "Genetic algorithm", "generations": "5"})
    at.number_input(key=widget).set_value(value).run()
    assert not at.exception
    assert says in at.error[0].value
    assert at.number_input(key=widget).value == value


def test_presenter_mode_leaves_the_summary_and_the_intro_to_the_picture():
    at = open_page({"present": "1"})
    no_trouble(at)
    assert "Simulated annealing from a board" not in summary(at)
    assert not [c for c in at.caption if "One queen per column" in c.value]
    assert player(at)["present"] is True


def test_the_experiments_tab_runs_every_setting_with_the_classic_figures_beside():
    at = open_page({"view": "Experiments: 100 boards", "exp_boards": "10"})
    no_trouble(at)
    assert any("The classic result" in m.value for m in at.markdown)
    at.button[-1].click().run()  # Run the experiment
    no_trouble(at)
    table = at.dataframe[0].value
    assert list(table["algorithm"])[:2] == [
        "Steepest ascent",
        "Steepest ascent, ≤ 100 sideways moves",
    ]
    assert list(table["R&N"])[:2] == ["14%", "94%"]
    assert len(table) == 7
    assert any(image for image in at.image)  # the chart


# ------------------------------------------------------- hostile input (issue 13)
ROW_TEXT = st.one_of(
    st.text(max_size=60),
    st.text(alphabet="0123456789 ,[]()-+.e_jx'\"{}:", max_size=80),
    st.builds(lambda d: "[" * d + "1" + "]" * d, st.integers(1, 200)),
    st.builds(lambda k: " ".join(["7"] * k), st.integers(0, 120)),
    st.sampled_from(["1e400", "[1e400, 2]", "9" * 400, "__import__('os')", "[True, 2, 1, 3]"]),
)


@given(text=ROW_TEXT, n=st.integers(1, 100))
@settings(max_examples=400)
def test_any_typed_board_is_a_board_or_a_message_saying_what_is_wrong(text, n):
    try:
        problem = make_problem(BoardChoice("own", n, 0, text))  # n: a random board's size
    except ValueError as error:
        message = str(error)
        assert message.endswith("."), message
        assert len(message) < len(text) + 200  # it may quote what was typed
    else:
        assert problem.n == len(problem.state) == len(parse_rows(text))


@given(text=ROW_TEXT)
@settings(max_examples=12, deadline=None)
def test_the_page_answers_any_typed_board_from_a_link_with_a_message_and_keeps_it(text):
    at = open_page({"board": "Your own board", "rows": text})
    assert not at.exception, [e.value for e in at.exception]
    kept = at.text_input(key="rows").value
    if len(text) <= 400:  # the field holds at most 400 characters
        assert kept == text
    assert at.error or player(at)["films"]


# ------------------------------------------------------------------- practice
@pytest.mark.parametrize(
    "query",
    [
        {"algorithm": "Hill climbing"},
        {"algorithm": "Hill climbing", "board_seed": 5},
        # the link's example board gives way to a random one, on purpose: no warning
        {"algorithm": "Hill climbing", "board": "AIMA figure 4.3(a): 17 attacking pairs"},
    ],
)
def test_new_problem_makes_a_fresh_random_board_and_the_page_plays_its_film(query):
    at = open_page(query)
    no_trouble(at)
    before = player(at)["films"][0]["id"]
    old_seed = at.session_state.get("board_seed", None)
    # what the player's callback does when "New problem" is clicked (ui/film_player.py)
    at.session_state[CHANGED_BY_PAGE] = True
    new_board(at.session_state)
    at.run()
    no_trouble(at)
    assert at.selectbox(key="board").value == "random"
    seed = at.number_input(key="board_seed").value
    assert seed not in (0, old_seed)
    film = film_of(sv.NQueens(8, seed=seed), "hill_climbing", CLIMBING, numbers=True)
    assert [f["id"] for f in player(at)["films"]] == [film.digest] != [before]
    assert not at.warning
    at.run()
    assert not at.warning
