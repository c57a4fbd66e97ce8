"""Practice on the tic-tac-toe why-tree: what each step asks, checked against the trace.

Step k of a why-tree film is event k of its view's trace, so every answer is
compared here with that event (or the search's result): the cell tried, the
leaf's value, the value or the window a backup brings, the number of moves a
cut skips, the move played.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import search_viz as sv
from search_viz.algorithms.tictactoe import (
    GIVE_UP_BOARD,
    OPPONENTS,
    Opponent,
    centre_corners_edges,
    edges_corners_centre,
)
from search_viz.lessons.tictactoe.drawing import questions, why_film
from search_viz.lessons.tictactoe.questions import order_rule, plain
from search_viz.lessons.tictactoe.search import Search, tree_view
from search_viz.problems.tictactoe import TicTacToe
from tests.practice_checks import asked_share, check_questions


def page_film(kind: str, board: str = "........."):
    """The film the page shows for a computer player ``kind`` (its search, at the root)."""
    view = tree_view(TicTacToe(board), Search.of(Opponent(kind)))
    return view, why_film(view)


@pytest.fixture(scope="module")
def default_films():
    """The page's films of the empty board: alpha-beta (the default), minimax, depth-limited
    alpha-beta (2 plies) and the random player's (alpha-beta again)."""
    return {kind: page_film(kind) for kind in OPPONENTS}


# ------------------------------------------------------------ default films
def test_the_default_films_ask_at_least_half_their_steps(default_films):
    shares = {}
    for kind, (_, film) in default_films.items():
        check_questions(film)
        shares[kind] = asked_share(film)
        assert shares[kind] >= 0.5, (kind, shares[kind])
    assert shares["Alpha-beta"] > 0.7  # 88 of 122 steps
    assert sv.film(sv.alphabeta, TicTacToe()).digest == default_films["Alpha-beta"][1].digest


def yes_and_no_differ(question) -> bool:
    """Whether a "does MAX raise α / MIN lower β" question's two choices say different things:
    "yes: β = 3" beside "no: β stays 3" would both be right."""
    yes, no = question.choices
    return not yes.endswith(f" = {no.rsplit(' ', 1)[-1]}")


def test_yes_and_no_never_say_the_same_window(default_films):
    """The empty board, alpha-beta: at step 5 the top middle returns +3 to O at top left, whose
    β is 3 already: "yes: β falls below 3" against "no: β stays 3" (not "yes: β = 3")."""
    _, film = default_films["Alpha-beta"]
    q = film.question(5)
    assert q.choices == ("yes: β falls below 3", "no: β stays 3")
    assert q.answer == "no: β stays 3"
    for _, film in default_films.values():
        for k in film.asked_steps:
            q = film.question(k)
            if q.kind == "choice" and len(q.choices) == 2 and q.choices[1].startswith("no:"):
                assert yes_and_no_differ(q), (k, q.choices)


def test_every_kind_of_step_asks_in_the_default_film(default_films):
    view, film = default_films["Alpha-beta"]
    asked = {}
    for k in film.asked_steps:
        event = view.trace.events[k]
        asked.setdefault((event.kind, film.question(k).kind), k)
    assert set(asked) == {
        ("expand", "pick"),
        ("backup", "choice"),
        ("backup", "value"),
        ("prune", "value"),
        ("done", "pick"),
    }
    first = film.question(1)
    assert first.prompt == "X to move at the root: which move does alpha-beta try first? " \
        "Click its cell."  # fmt: skip
    assert first.answer == 0
    assert first.label(0) == "top left (cell 0)"
    cut = film.question(asked[("prune", "value")])
    assert cut.answer == 7  # O's replies at X top middle after top left: all but two cells
    assert "every move not tried yet is pruned" in cut.why


def test_the_perfect_move_is_a_pick_of_the_cell_at_the_end(default_films):
    view, film = default_films["Alpha-beta"]
    last = film.question(len(film) - 1)
    assert last.kind == "pick"
    assert last.choices == tuple(range(9))
    assert last.answer == view.trace.result.move == 0
    assert "of equal values it keeps the one tried first" in last.why


# ------------------------------------------------------ the lecture notes
def test_perfect_play_is_a_draw_the_root_is_worth_0(default_films):
    for kind in ("Alpha-beta", "Minimax"):
        _, film = default_films[kind]
        root = film.question(len(film) - 2)  # the root's backup, then done
        assert root.prompt.endswith("What is the root worth?")
        assert root.answer == 0
        assert "0, a draw" in root.why


def test_an_ideal_player_does_not_give_up():
    """The notes: O to move in XO..X.... loses whatever it does; with the decay (10 − d) the
    block in the bottom right holds out longest: worth 6 (X wins in 4), every other move 8."""
    view = tree_view(TicTacToe(GIVE_UP_BOARD), Search(pruning=False))
    film = why_film(view)
    values = {}
    for k in film.asked_steps:
        q, e = film.question(k), view.trace.events[k]
        if e.kind == "backup" and e.parent == ():
            values[e.node[-1]] = q.answer
            assert "plies below the root" in q.why
            assert "10 − d" in q.why
    assert values == {2: 8, 3: 8, 5: 8, 6: 8, 7: 8, 8: 6}
    assert film.question(len(film) - 1).answer == 8
    # a win d plies ahead scores 10 − d: X's immediate reply on the diagonal is worth 10 − 2
    leaf = next(k for k in film.asked_steps if view.trace.events[k].kind == "evaluate")
    assert film.question(leaf).answer == 8
    assert "+8 = 10 − 2, X wins 2 plies below the root" in film.question(leaf).why
    # without the decay every O move scores +10: minimax plays the first, top right
    flat = sv.film(sv.minimax, TicTacToe(GIVE_UP_BOARD, decay=False))
    assert flat.question(len(flat) - 1).answer == 2


def test_the_depth_limit_asks_for_the_static_evaluation():
    view, film = page_film("Depth-limited alpha-beta")
    k = next(k for k in film.asked_steps if view.trace.events[k].kind == "evaluate")
    q = film.question(k)
    assert "depth limit" in q.prompt
    assert q.answer == view.trace.events[k].value
    assert "10^i" in q.why


# ------------------------------------------------- answers are the trace's
def played(draw, fewest: int, most: int = 7) -> TicTacToe:
    """A game ``fewest`` to ``most`` random moves in (fewer if it ends), either player first,
    with or without decay (for ``st.composite`` strategies)."""
    game = TicTacToe(first=draw(st.sampled_from("XO")), decay=draw(st.booleans()))
    for _ in range(draw(st.integers(fewest, most))):
        if game.is_over:
            break
        game = game.play(draw(st.sampled_from(game.moves)))
    return game


@st.composite
def problems(draw):
    """A position 3 to 7 moves into a game, not over; a search; the root or an opened node."""
    game = played(draw, 3)
    pruning = draw(st.booleans())
    search = Search(
        pruning=pruning,
        fail_soft=draw(st.booleans()) or not pruning,
        ordering=draw(st.sampled_from(["given", centre_corners_edges, edges_corners_centre,
                                       "best"])),
        limit=draw(st.sampled_from([None, None, 1, 2, 3])),
    )  # fmt: skip
    view = tree_view(game, search)
    if view.openable and draw(st.booleans()):
        view = tree_view(game, search, draw(st.sampled_from(view.openable)))
    return view


def expected(view, k: int, question):
    """What the trace says step ``k`` did, in the terms its question asks about."""
    events = view.trace.events
    e = events[k]
    if e.kind == "expand":
        if question.kind == "pick":
            return e.node[-1]
        return e.beta if view.is_max(e.node) else e.alpha
    if e.kind == "evaluate":
        return e.value
    if e.kind == "backup":
        if question.kind == "choice":  # does MAX raise α (MIN lower β) at the parent?
            now = e.alpha if e.data == "MAX" else e.beta
            before = window_before(view, k, e.parent)[0 if e.data == "MAX" else 1]
            return question.choices[0 if now != before else 1]
        return e.value
    if e.kind == "prune":
        skipped = 0
        for later in events[k:]:
            if later.kind != "prune" or later.parent != e.parent:
                break
            skipped += 1
        return skipped
    return view.trace.result.move


def window_before(view, k: int, node) -> tuple:
    """``node``'s [α, β] before step ``k``: from the last event that set it (its entry, or a
    value coming back to it)."""
    for e in reversed(view.trace.events[:k]):
        if (e.kind == "expand" and e.node == node) or (e.kind == "backup" and e.parent == node):
            return e.alpha, e.beta
    raise AssertionError(f"{node} was never entered")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_every_answer_is_what_the_search_did(view):
    film = why_film(view)
    check_questions(film)
    asked = questions(view)
    assert [k for k, a in enumerate(asked) if a] == film.asked_steps
    for k in film.asked_steps:
        q, e = film.question(k), view.trace.events[k]
        assert q.answer == expected(view, k, q), (k, e, q)
        if e.kind in ("evaluate", "backup") and q.kind == "value":  # no number given away
            assert not re.search(r"\d", re.sub(r"\(\d+ pl(y|ies)\)", "", q.prompt)), q.prompt
        if q.kind == "choice":
            assert q.label(q.answer).endswith(plain(e.alpha if e.data == "MAX" else e.beta))
            assert yes_and_no_differ(q), (k, q.choices)
        if q.kind == "pick":
            assert q.answer in q.choices
            assert asked[k].nodes[q.answer][-1] == q.answer
            if e.kind == "expand":
                assert asked[k].nodes[q.answer] == e.node
                assert order_rule(view) is not None  # the student can follow the order
        if e.kind == "evaluate" and e.data == "terminal":
            assert ("d plies ahead" in q.why) == view.game.decay


@settings(max_examples=10, deadline=None)
@given(
    st.lists(st.integers(0, 8), min_size=3, max_size=6),
    st.sampled_from(OPPONENTS),
    st.integers(1, 9),
)
def test_the_pages_films_at_the_root_ask_at_least_half_their_steps(cells, kind, depth):
    game = TicTacToe()
    for cell in cells:
        if not game.is_over and cell in game.moves:
            game = game.play(cell)
    if game.is_over or len(game.moves) < 2:
        return
    view = tree_view(game, Search.of(Opponent(kind, depth=depth)))
    film = why_film(view)
    check_questions(film)
    assert asked_share(film) >= 0.5


def test_a_candidate_moves_value_names_the_rule_and_the_plies():
    film = sv.film(sv.minimax, TicTacToe("XX.OO...."))
    view = tree_view(TicTacToe("XX.OO...."), Search(pruning=False))
    events = view.trace.events
    k = next(k for k in film.asked_steps if events[k].kind == "evaluate" and events[k].node == (2,))
    q = film.question(k)
    assert q.prompt == "The game is over at X top right. What is it worth for X?"
    assert q.answer == 9
    assert "a win for X d plies ahead scores 10 − d, a win for O d − 10, a draw 0" in q.why
    assert "+9 = 10 − 1, X wins 1 ply below the root" in q.why
