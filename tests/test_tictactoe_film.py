"""The tic-tac-toe lesson's why-tree: the search window, its sentences, its film, its charts.

The film is checked on its data (``film.state(k)``): the lecture notes' facts
at the steps where they show, every step changing the picture, and at random
steps exactly what a fold of the trace up to that step says (computed by the
shared ``game_view.search_view``, independently of the lesson's one-pass fold).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

import search_viz as sv
from search_viz.algorithms.tictactoe import Opponent, move_values, search_for
from search_viz.film.looks import HIDDEN, SHOWN
from search_viz.lessons.shared.game_view import search_view
from search_viz.lessons.tictactoe import drawing
from search_viz.lessons.tictactoe.charts import move_values_figure, outcome_words
from search_viz.lessons.tictactoe.drawing import (
    box_look,
    film_of,
    looks_at,
    thumbnail,
    why_film,
)
from search_viz.lessons.tictactoe.play import (
    Setup,
    parse_focus,
    parse_moves,
    positions,
    went_wrong,
)
from search_viz.lessons.tictactoe.search import Search, drawn_nodes, folds, tree_view
from search_viz.lessons.tictactoe.sentences import (
    evaluation_terms,
    node_name,
    step_notes,
    value_meaning,
    values_story,
)
from search_viz.problems.tictactoe import TicTacToe

LIMITED = Opponent("Depth-limited alpha-beta", depth=3)


def full_trace(game, search: Search):
    return sv.Trace.record(search.run(search.scored(game)), limit=10_000_000)


def code(film, state, scene, name) -> int:
    """The look code of the item called ``name`` in a film's ``state``."""
    number = scene.item(name)
    return state.looks.get(number, int(film.base[number]))


def shown(film, k: int, scene, name, state=None) -> bool:
    """Whether the item called ``name`` is drawn at step ``k``."""
    return code(film, state or film.state(k), scene, name) != HIDDEN


def look_of(film, k: int, scene, name, state=None):
    """The Look (or SHOWN / HIDDEN) of item ``name`` at step ``k``."""
    value = code(film, state or film.state(k), scene, name)
    return film.looks[value] if value > SHOWN else value


def picture(film, k: int):
    state = film.state(k)
    return (state.looks, state.moves, state.marks)


@pytest.fixture(scope="module")
def default_film():
    """The page's default example: alpha-beta from the empty board, opened at the root."""
    return sv.film(sv.alphabeta, TicTacToe())


@pytest.fixture(scope="module")
def whole_minimax():
    return sv.film(sv.minimax, TicTacToe())


# ------------------------------------------------------------------ the view
def test_a_search_is_drawn_around_the_focus_two_plies_deep():
    root = tree_view(TicTacToe(), Search())
    assert len(root.nodes) == 1 + 9 + 72
    assert max(len(n) for n in root.nodes) == 2
    small = tree_view(TicTacToe("XOXOXO..."), Search(pruning=False))
    assert small.nodes == tuple(drawn_nodes(TicTacToe("XOXOXO..."), (), None))
    assert len(small.nodes) == 6  # 3 moves; after two of them, one reply each ends the game


@pytest.mark.parametrize("search", [Search(pruning=False), Search(), Search(limit=3)])
def test_the_view_keeps_exactly_the_events_about_drawn_nodes(search):
    game = TicTacToe("X...O....")
    view = tree_view(game, search)
    full = full_trace(game, search)
    kept = [e for e in full.events if e.node in view.drawn or e.kind == "done"]
    assert view.trace.events == kept
    assert view.trace.result == full.result
    stats = full.result.stats
    assert view.progress[-1] == (stats["nodes"], stats["evaluated"], stats["pruned"])
    k = full.events.index(view.trace.events[5])
    assert view.progress[5][0] == sum(e.kind == "expand" for e in full.events[: k + 1])


def test_opening_a_node_shows_its_moves_and_the_path_to_it():
    game = TicTacToe()
    root = tree_view(game, Search())
    assert (4,) in root.openable
    opened = tree_view(game, Search(), (4,))
    assert opened.path == [(), (4,)]
    assert opened.nodes[:2] == ((), (4,))
    assert {n for n in opened.nodes if len(n) == 2} == {(4, c) for c in range(9) if c != 4}
    assert max(len(n) for n in opened.nodes) == 3
    backups = {e.node: e.value for e in opened.trace.events if e.kind == "backup"}
    assert backups[(4,)] == next(
        e.value for e in root.trace.events if e.kind == "backup" and e.node == (4,)
    )


def test_pruned_and_leaf_nodes_cannot_be_opened_and_bad_focuses_are_refused():
    view = tree_view(TicTacToe(), Search())
    pruned = {e.node for e in view.trace.events if e.kind == "prune"}
    assert pruned
    assert not pruned & set(view.openable)
    limited = tree_view(TicTacToe(), Search(limit=2))
    assert limited.openable
    assert all(len(n) < 2 for n in limited.openable)
    with pytest.raises(ValueError, match="cell 4 cannot be played"):
        tree_view(TicTacToe(), Search(), (4, 4))
    with pytest.raises(ValueError, match="below the search's depth limit 1"):
        tree_view(TicTacToe(), Search(limit=1), (4, 0))
    with pytest.raises(ValueError, match="the depth limit is a number of plies"):
        Search(limit=0)


def test_the_one_pass_fold_equals_search_view_at_every_step():
    view = tree_view(TicTacToe("X...O...."), Search())
    for k, fold in enumerate(folds(view.trace)):
        direct = search_view(view.trace, k)
        assert (fold.entered, fold.decided, fold.leaf_values) == (
            direct.entered,
            direct.decided,
            direct.leaf_values,
        )
        assert (fold.open, fold.windows, fold.partial, fold.before, fold.done) == (
            direct.open,
            direct.windows,
            direct.partial,
            direct.before,
            direct.done,
        )
        assert fold.pruned == direct.pruned


# ------------------------------------------------------------- the sentences
def test_every_step_has_a_sentence_and_the_last_one_names_the_move():
    view = tree_view(TicTacToe("XO..X...."), Search())
    notes = step_notes(view)
    assert notes[0].startswith("Start at the root, the position searched: O is to move")
    assert notes[-1] == (
        "Done: the position is worth 6: X wins in 4 plies with best play. "
        "O plays bottom right (cell 8)."
    )
    empty = tree_view(TicTacToe(), Search())
    empty_notes = step_notes(empty)
    prunes = [empty_notes[k] for k, e in enumerate(empty.trace.events) if e.kind == "prune"]
    full = full_trace(TicTacToe(), Search())
    assert len(prunes) == sum(e.kind == "prune" and len(e.node) <= 2 for e in full.events) > 0
    for sentence in prunes:
        assert sentence.startswith("Skip ")
        assert "≥ β =" in sentence
        assert sentence.endswith("never lets the game get there.")


def test_sentences_say_what_a_leaf_is_worth_and_why():
    view = tree_view(TicTacToe("XX.OO....", decay=False), Search(pruning=False))
    assert "X has three in a row 1 ply below the root: worth 10 for X (no decay)." in step_notes(
        view
    )
    limited = tree_view(TicTacToe(), Search(limit=1))
    notes = step_notes(limited)
    assert any("The depth limit (1 ply) is reached" in s for s in notes)
    # X in the centre: four lines hold one X and no O
    assert any(s.endswith("10 + 10 + 10 + 10 = +40.") for s in notes)
    cut = tree_view(TicTacToe("XO..X...."), Search())
    assert any("at most: its search was cut off, and fail-soft" in s for s in step_notes(cut))
    hard = tree_view(TicTacToe("XO..X...."), Search(fail_soft=False))
    assert any("fail-hard returns the bound that cut it" in s for s in step_notes(hard))


def test_the_static_evaluation_is_written_out_line_by_line():
    assert evaluation_terms("X.X.O....") == "100 + 10 + 10 − 10 − 10 = +100"
    assert evaluation_terms(".........") == "0"
    assert evaluation_terms("O...X....") == "10 + 10 + 10 − 10 − 10 = +10"


def test_names_and_meanings():
    view = tree_view(TicTacToe("X...O...."), Search())
    assert node_name(view, ()) == "the root"
    assert node_name(view, (8, 2)) == "X bottom right → O top right"
    assert value_meaning(7, view) == "X wins in 3 plies"
    limited = tree_view(TicTacToe(), Search(limit=2))
    assert value_meaning(30, limited) == "better for X, as far as the evaluation can tell"
    assert value_meaning(998, limited) == (
        "X wins in 2 plies (a win the search found within its 2 plies)"
    )


# ---------------------------------------------------------------- the film
def test_the_default_film_is_small_and_every_step_changes_the_picture(default_film):
    film = sv.film(sv.alphabeta, TicTacToe())
    assert len(film) == 123
    assert len(film.payload()[0]) < 300_000
    for k in range(1, len(film)):
        assert picture(film, k) != picture(film, k - 1), f"step {k} looks like step {k - 1}"


@pytest.mark.parametrize(
    ("algorithm", "board", "options"),
    [
        (sv.minimax, "XO..X....", {}),
        (sv.alphabeta, "X...O....", {"fail_soft": False}),
        (sv.alphabeta, ".........", {"limit": 3}),
        (sv.alphabeta, ".........", {"focus": (4, 0)}),
        (sv.alphabeta, ".........", {"ordering": "worst"}),
    ],
)
def test_every_step_changes_the_picture_on_other_searches(algorithm, board, options):
    film = sv.film(algorithm, TicTacToe(board), **options)
    for k in range(1, len(film)):
        assert picture(film, k) != picture(film, k - 1), f"step {k} looks like step {k - 1}"


def test_the_scene_holds_every_item_a_step_touches(default_film):
    ids = {int(n) for n in re.findall(r'id="sv(\d+)"', default_film.svg)}
    assert ids == set(range(len(default_film.base)))
    for delta in default_film.deltas:
        assert all(0 <= n < len(default_film.base) for n in delta.looks[::2])


def test_x_is_max_and_perfect_play_is_a_draw(default_film):
    film = default_film
    scene = film.scene()
    assert "X is to move, so it is a MAX node" in film.state(0).sentence
    assert look_of(film, 0, scene, ("box", ())).stroke is not None  # the root is this step
    last = len(film) - 1
    assert film.state(last).sentence.startswith("Done: the position is worth 0: a draw")
    assert shown(film, last, scene, ("text", (), "0"))
    # every first move is a draw: the chosen one is worth 0, the others at most 0 (cut off)
    assert shown(film, last, scene, ("text", (0,), "0"))
    for cell in range(1, 9):
        assert shown(film, last, scene, ("text", (cell,), "≤ 0")), cell
    # the best line, X top left then O centre, is outlined in green at the end only
    assert look_of(film, last, scene, ("box", (0,))).stroke == drawing.PV_COLOUR
    assert look_of(film, last, scene, ("box", (0, 4))).stroke == drawing.PV_COLOUR
    assert look_of(film, last - 1, scene, ("box", (0, 4))).stroke != drawing.PV_COLOUR


def test_the_whole_game_tree_has_549946_nodes_and_255168_games(whole_minimax):
    counters = whole_minimax.state(-1).counters
    assert counters["nodes entered (of 549,946)"] == 549946
    assert counters["leaves evaluated (of 255,168)"] == 255168
    assert whole_minimax.state(-1).sentence.startswith("Done: the position is worth 0: a draw")
    assert whole_minimax.state(0).counters["nodes entered (of 549,946)"] == 1


def test_a_win_d_plies_ahead_scores_10_minus_d_and_a_loss_d_minus_10():
    game = TicTacToe("XX.OO....")  # X to move
    film = sv.film(sv.minimax, game)
    scene = film.scene()
    events = tree_view(game, Search(pruning=False)).trace.events
    win = next(k for k, e in enumerate(events) if e.kind == "evaluate" and e.node == (2,))
    assert film.state(win).sentence == (
        "X has three in a row 1 ply below the root: worth 10 − 1 = 9 for X."
    )
    assert shown(film, win, scene, ("text", (2,), "+9"))
    assert not shown(film, win - 1, scene, ("text", (2,), "+9"))
    loss = next(k for k, e in enumerate(events) if e.kind == "evaluate" and e.node == (6, 5))
    assert film.state(loss).sentence == (
        "O has three in a row 2 plies below the root: worth 2 − 10 = −8 for X."
    )
    assert shown(film, loss, scene, ("text", (6, 5), "−8"))
    assert shown(film, len(film) - 1, scene, ("text", (), "+9"))


def test_the_depth_limited_film_shows_the_static_evaluation_at_its_horizon():
    film = sv.film(sv.alphabeta, TicTacToe(), limit=2)
    scene = film.scene()
    view = tree_view(TicTacToe(), Search(limit=2))
    k, e = next((k, e) for k, e in enumerate(view.trace.events) if e.kind == "evaluate")
    assert e.data == "limit"
    assert len(e.node) == 2
    value = TicTacToe().evaluate(TicTacToe().state_after(e.node))
    assert film.state(k).sentence.startswith("The depth limit (2 plies) is reached")
    assert film.state(k).sentence.endswith(f"= {drawing.signed(value)}.")
    assert shown(film, k, scene, ("text", e.node, drawing.signed(value)))
    leaf = look_of(film, k, scene, ("box", e.node))
    assert leaf.fill == drawing.LEAF_TINT
    assert leaf.stroke == drawing.ORANGE


def test_a_prune_step_hatches_the_skipped_move(default_film):
    film, scene = default_film, default_film.scene()
    view = tree_view(TicTacToe(), Search())
    k, e = next((k, e) for k, e in enumerate(view.trace.events) if e.kind == "prune")
    assert film.state(k).sentence.startswith(f"Skip {'O' if len(e.node) == 2 else 'X'} ")
    assert shown(film, k, scene, ("hatch", e.node))
    assert not shown(film, k - 1, scene, ("hatch", e.node))
    assert not shown(film, k, scene, ("box", e.node))


CONSISTENCY_CASES = [
    ("XO..X....", Search()),
    ("X........", Search(pruning=False)),
    (".........", Search(limit=3)),
    ("X...O....", Search(fail_soft=False)),
]


@pytest.fixture(scope="module")
def built():
    """Each case's view, film, scene, and every text each node ever shows (built once)."""
    cases = []
    for board, search in CONSISTENCY_CASES:
        view = tree_view(TicTacToe(board), search)
        every_text = {node: set() for node in view.nodes}
        for fold in folds(view.trace):
            for node, look in looks_at(view, fold).items():
                every_text[node].add(look.text)
        film = why_film(view)
        cases.append((view, film, film.scene(), every_text))
    return cases


@settings(max_examples=60, deadline=None)
@given(case=st.integers(0, len(CONSISTENCY_CASES) - 1), where=st.floats(0, 1))
def test_at_any_step_the_film_shows_what_a_fold_of_the_trace_says(built, case, where):
    """The film's accumulated changes equal the looks computed directly from the events up to k."""
    view, film, scene, every_text = built[case]
    k = min(len(film) - 1, int(where * len(film)))
    direct = looks_at(view, search_view(view.trace, k))
    state = film.state(k)
    for node, look in direct.items():
        depth = len(node) - len(view.focus)
        hatched = scene.has(("hatch", node)) and shown(film, k, scene, ("hatch", node), state)
        assert hatched == (look.status == "pruned"), (k, node)
        if depth <= 0 or look.status not in ("pruned", "unreached"):
            box = look_of(film, k, scene, ("box", node), state)
            assert box == box_look(view, node, look), (k, node)
        elif look.status == "unreached" and depth == 1:
            assert shown(film, k, scene, ("dotted", node), state)
        else:
            assert not shown(film, k, scene, ("box", node), state)
        written = [
            text
            for text in every_text[node]
            if text and shown(film, k, scene, ("text", node, text), state)
        ]
        assert written == ([look.text] if look.text else []), (k, node)


def test_films_of_one_shape_keep_the_step():
    with_decay = sv.film(sv.minimax, TicTacToe("XO..X...."))
    without = sv.film(sv.minimax, TicTacToe("XO..X....", decay=False))
    assert with_decay.meta["shape"] == without.meta["shape"]
    assert with_decay.state(-1).sentence != without.state(-1).sentence
    pruning = sv.film(sv.alphabeta, TicTacToe("X...O...."))
    assert pruning.meta["shape"] != sv.film(sv.minimax, TicTacToe("X...O....")).meta["shape"]
    soft_hard = sv.film(sv.alphabeta, TicTacToe("X...O...."), fail_soft=False)
    assert soft_hard.meta["shape"] == pruning.meta["shape"]  # the same nodes, in the same order


def test_the_page_and_projector_films_step_alike_with_no_text_under_10_4_pt():
    """The page's film and presenter mode's (issue 20: 14 px at 1280x720): the same steps and
    sentences; every text 10.4 pt or more in both, each legend inside its picture. The page's
    picture is as narrow as its board allows (it shows about 320 px wide at 1280x800: 10 px
    text), the projector's about as tall as it is wide (it fills ~600 x 560 px)."""
    view = tree_view(TicTacToe(), Search())
    page, projector = why_film(view), why_film(view, "projector")
    assert len(page) == len(projector) == 123
    assert [page.state(k).sentence for k in (0, 60, 122)] == [
        projector.state(k).sentence for k in (0, 60, 122)
    ]
    assert page.meta["shape"] == projector.meta["shape"]  # switching keeps the step

    def smallest_text(film):
        scene = film.scene()
        texts = [t for t in scene.figure.findobj(Text) if t.get_text().strip()]
        return min(t.get_fontsize() for t in texts)

    assert smallest_text(page) >= 10.4
    assert smallest_text(projector) >= 10.4
    assert 10.4 * 320 / page.size[0] >= 10  # its text, the picture 320 px wide: 10 px or more
    assert 1.3 <= page.size[1] / page.size[0] <= 1.4
    assert 0.9 <= projector.size[1] / projector.size[0] <= 1.0
    for film in (page, projector):
        figure = film.scene().figure
        renderer = FigureCanvasAgg(figure).get_renderer()
        legend = figure.legends[0].get_window_extent(renderer)
        assert 0 <= legend.x0 < legend.x1 <= figure.bbox.width
        # a small cell's bound is written tight, so that it fits its 27-37 px cell
        written_texts = {t.get_text() for t in figure.findobj(Text)}
        assert "≥3" in written_texts
        assert "≥ +3" not in written_texts


def test_sv_film_checks_its_options():
    with pytest.raises(TypeError, match="minimax takes the options ordering, limit, focus"):
        film_of(sv.minimax, TicTacToe(), fail_soft=False)
    with pytest.raises(TypeError, match="focus is a tuple of cells"):
        film_of(sv.alphabeta, TicTacToe(), focus="40")
    with pytest.raises(ValueError, match="cell 4 cannot be played"):
        sv.film(sv.alphabeta, TicTacToe(), focus=(4, 4))
    with pytest.raises(TypeError, match="no lesson films bfs on a TicTacToe"):
        sv.film(sv.bfs, TicTacToe())


def test_the_film_exports_and_plays_offline(default_film):
    from search_viz.film import export

    figure = default_film.figure(40)
    assert len(figure.legends) == 1
    assert export.png(default_film, 40)[:4] == b"\x89PNG"
    assert b"<svg" in export.svg(default_film, 40)
    assert export.gif(default_film, 38, 41)[:6] == b"GIF89a"
    html = default_film.to_html()
    assert html.startswith("<!DOCTYPE html>")
    assert "Alpha-beta from the empty board (X to move)" in html


# ------------------------------------------- where it went wrong: the horizon
def test_the_depth_limited_player_that_loses_is_shown_where_it_went_wrong():
    """Issue 13: depth 3, you play 1, 3, 0, 6 and win: O's bottom right lost the game."""
    setup = Setup(opponent=LIMITED)
    moves = [1, 4, 3, 8, 0, 2, 6]
    game = setup.game(moves)
    assert game.winner() == "X"
    assert went_wrong(setup, moves) == 3
    found = positions(setup, moves)
    wrong = found["wrong"]
    before = wrong.game(LIMITED)
    story = values_story(
        before, LIMITED, move_values(before, LIMITED), move_values(before), wrong.chosen
    )
    text = " ".join(story)
    assert "With best play this position is worth **0**: a draw." in text
    assert "That is not a best move: with best play it leads to a loss for O in 4 plies" in text
    assert "the loss comes 4 plies ahead: beyond its horizon" in text
    assert "the static evaluation scored this move −110" in text


def test_a_proven_win_is_not_called_an_estimate():
    """Issue 13: the pictures say +998 and the text must not say 'as far as the evaluation'."""
    game = TicTacToe("XX.XO...O")  # O to move: X wins whatever O does
    mine, truth = move_values(game, LIMITED), move_values(game)
    assert set(mine.values()) == {998}
    assert set(truth.values()) == {8}
    text = " ".join(values_story(game, LIMITED, mine, truth, 2))
    assert "worth **8**: X wins in 2 plies." in text
    assert "+998 is a proven win for X in 2 plies, not an estimate" in text
    assert "as far as the evaluation can tell" not in text
    assert "That is a best move." in text


def test_perfect_players_never_go_wrong():
    for kind in ("Minimax", "Alpha-beta"):
        setup = Setup(opponent=Opponent(kind))
        game, moves = setup.game(), []
        while not game.is_over:
            cell = search_for_move(game, setup)
            moves.append(cell)
            game = game.play(cell)
        assert went_wrong(setup, moves) is None
        assert "wrong" not in positions(setup, moves)


def search_for_move(game, setup):
    """Both sides play the first cell that keeps the best outcome (a perfect, dull game)."""
    return sv.run(search_for(game, setup.opponent)).move


# --------------------------------------------------------------- the charts
def test_the_move_values_picture_has_a_board_and_words_per_move():
    game = TicTacToe("X...O...X")
    found = move_values(game)
    fig = move_values_figure(game, found, found, chosen=1)
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert sum("\nvalue" in t for t in texts) == len(game.moves)
    assert "loss in 4\nvalue +6" in texts  # a corner lets X fork
    assert texts.count("draw\nvalue 0") == 4
    assert "★" in texts
    labels = [t.get_text() for t in fig.legends[0].get_texts()]
    assert labels[:3] == ["win for O", "draw", "loss for O"]
    limited = move_values_figure(game, move_values(game, LIMITED), found, value_label="search")
    assert sum("\nsearch" in t.get_text() for t in limited.axes[0].texts) == len(game.moves)


def test_outcome_words_without_decay_have_no_timing():
    assert outcome_words(10, 10, TicTacToe("XX.OO....", decay=False)) == "win\nvalue +10"


def test_the_thumbnail_is_small():
    assert thumbnail().get_figwidth() < 6


# ------------------------------------------------------------ links, fuzzed
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12) | st.text("0123456789", max_size=12))
def test_any_text_in_a_link_gives_a_game_or_a_message(text):
    """``moves=`` and ``open=`` never raise: a legal game or node, or a message that quotes
    the text and says what is allowed."""
    moves, message = parse_moves(text, Setup())
    if message is None:
        assert "".join(map(str, moves)) == text
        Setup().game(moves)  # playable
    else:
        assert moves == []
        assert repr(text) in message
    game = TicTacToe("O...X....")
    focus, problem = parse_focus(text, game)
    if problem is None:
        assert "".join(map(str, focus)) == text
        tree_view(game, Search(), focus)  # a node of the search's tree
    else:
        assert focus == ()
        assert "cells" in problem or "cannot be played" in problem or "not a node" in problem
