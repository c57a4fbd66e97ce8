"""The film format: scenes with numbered items, steps as changes, chunks, the offline hosts."""

from __future__ import annotations

import gzip
import io
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

from search_viz.film import CHUNK_STEPS, FilmBuilder, Look, Mark, MarkStyle, Scene
from search_viz.film.demo import demo_film
from search_viz.film.export import MAX_GIF_FRAMES, gif, png, svg
from search_viz.film.film import read_chunk
from search_viz.film.looks import HIDDEN, SHOWN
from search_viz.lessons.shared.figure import to_png
from search_viz.lessons.shared.graph_cases import MAZE, build_case, record
from search_viz.lessons.uninformed.drawing import uninformed_film
from search_viz.lessons.uninformed.looks import search_for

LOOKS = [Look(fill="#E69F00"), Look(stroke="#000000", width=3), Look(opacity=0.3)]


def grid_scene(n_points: int = 6, n_texts: int = 3) -> Scene:
    """Points (restylable one by one) and texts (shown or hidden, moved), some shown at start."""
    fig = Figure(figsize=(3, 2))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(-1, n_points)
    ax.set_ylim(-1, 2)
    scene = Scene(fig)
    shown = [i % 2 == 0 for i in range(n_points)]
    scene.tag_each(ax.scatter(range(n_points), [0] * n_points), list(range(n_points)), shown=shown)
    for t in range(n_texts):
        scene.tag(ax.text(t, 1, f"t{t}"), f"text {t}", shown=t == 0)
    scene.mark_style("line", MarkStyle(color="red", width=2))
    return scene


operation = st.one_of(
    st.tuples(st.just("show"), st.integers(0, 5), st.integers(0, len(LOOKS))),
    st.tuples(st.just("hide"), st.integers(0, 5)),
    st.tuples(st.just("text"), st.integers(0, 2), st.booleans()),
    st.tuples(st.just("move"), st.integers(0, 2), st.integers(-20, 20)),
    st.tuples(st.just("marks"), st.integers(0, 2)),
)


def build(steps: list[list[tuple]]):
    """A film from random operations, and the state each step should show, kept by hand."""
    writer, expected = written(steps)
    return writer.film(), expected


def written(steps: list[list[tuple]], asks: dict | None = None):
    """The builder with the random operations written, and the states kept by hand;
    ``asks``: step -> (question, items) asked before that step."""
    asks = asks or {}
    writer = FilmBuilder(grid_scene, title="random")
    truth_looks = dict.fromkeys(writer.scene.base, SHOWN)
    truth_moves: dict[int, tuple] = {}
    truth_marks: list = []
    expected = []
    for k, ops in enumerate(steps):
        if k in asks:
            writer.ask(*asks[k])
        for op in ops:
            if op[0] == "show":
                look = SHOWN if op[2] == 0 else LOOKS[op[2] - 1]
                writer.show(op[1], look)
                truth_looks[op[1]] = look
            elif op[0] == "hide":
                writer.hide(op[1])
                truth_looks[op[1]] = HIDDEN
            elif op[0] == "text":
                name, number = f"text {op[1]}", writer.scene.item(f"text {op[1]}")
                (writer.show if op[2] else writer.hide)(name)
                truth_looks[number] = SHOWN if op[2] else HIDDEN
            elif op[0] == "move":
                number = writer.scene.item(f"text {op[1]}")
                writer.move(f"text {op[1]}", op[2], -op[2])
                truth_moves[number] = (float(op[2]), float(-op[2]))
                if op[2] == 0:
                    truth_moves.pop(number)
            else:
                marks = [Mark.line((0, i), (10, i), "line") for i in range(op[1])]
                writer.marks(marks)
                truth_marks = [m.data() for m in marks]
        writer.step(f"step {k}", line=k % 3 + 1, counters={"k": k})
        base = set(writer.scene.base)
        looks = {
            n: look for n, look in truth_looks.items() if look != (SHOWN if n in base else HIDDEN)
        }
        expected.append((looks, dict(truth_moves), list(truth_marks)))
    return writer, expected


def decoded(film, state):
    """A state's looks with restyled looks as Look objects, to compare with the truth."""
    return {n: (film.looks[c] if c > SHOWN else c) for n, c in state.looks.items()}


@given(st.lists(st.lists(operation, max_size=4), min_size=1, max_size=30))
def test_every_step_is_what_its_changes_made(steps):
    film, expected = build(steps)
    assert len(film) == len(steps)
    for k, (looks, moves, marks) in enumerate(expected):
        state = film.state(k)
        assert decoded(film, state) == looks
        assert state.moves == moves
        assert state.marks == marks
        assert state.sentence == f"step {k}"
        assert state.counters == {"k": k}


WORDS = ["accept", "reject", "expand", "cut off"]

asked = st.one_of(
    st.tuples(
        st.just("choice"),
        st.sampled_from(["Accept?", "Which?"]),
        st.lists(st.sampled_from(WORDS), min_size=2, max_size=4, unique=True),
    ),
    st.tuples(
        st.just("pick"),
        st.sampled_from(["Which point?", "Which?"]),
        st.lists(st.integers(0, 5), min_size=2, max_size=4, unique=True),
    ),
    st.tuples(st.just("value"), st.sampled_from(["f?", "Which?"]), st.integers(-9, 9)),
)


def question_of(spec):
    """A question from a drawn spec, with the builder's items for a pick."""
    from search_viz.film.questions import choice, pick, value

    kind, prompt, what = spec
    if kind == "value":
        return value(prompt, what, why="the rule"), None
    if kind == "choice":
        return choice(prompt, what, what[-1], why="the rule"), None
    points = {f"point {n}": [n] for n in what}
    return pick(prompt, list(points), f"point {what[0]}", why="the rule"), points


#: Pieces of panel texts: markup, letters, a letter JavaScript counts as two, spaces.
PIECES = ["<tr>", "</tr>", "A", "B", "é", "\U0001f600", " ", "(0, 1) "]


def texts(most: int):
    """Texts of at most ``most`` pieces."""
    return st.lists(st.sampled_from(PIECES), max_size=most).map("".join)


edits = st.lists(
    st.tuples(st.floats(0, 1), st.floats(0, 1), texts(6)),
    min_size=1,
    max_size=40,
)


def edited(text: str, where: float, cut: float, piece: str) -> str:
    """``text`` with a piece put in at ``where`` (a fraction of it) and a ``cut`` of what
    follows taken out."""
    at = int(where * len(text))
    gone = int(cut * (len(text) - at) * 0.2)
    return text[:at] + piece + text[at + gone :]


@given(edits, texts(30))
def test_a_chunks_panel_texts_read_back_whole_at_every_step(changes, start):
    """Written as edits of the step before's (a table that grows by a row, a sentence that
    changes a word), each step's sentence, description and tables read back (the JSON read as
    the player reads it) exactly as the film holds them."""
    writer = FilmBuilder(partial_scene, title="texts")
    table, words = start, start[::-1]
    writer.step(start, tables={"t": table, "u": words}, description=start)
    for k, (where, cut, piece) in enumerate(changes):
        table = edited(table, where, cut, piece)
        words = edited(words, 1 - where, cut, piece * 3) if k % 3 else words
        writer.step(table + words, tables={"t": table, "u": words}, description=words)
    film = writer.film()
    read = read_chunk(json.loads(json.dumps(film.chunk(0))))
    panel = dict(read["key"]["p"])
    assert panel == as_sent(film.state(0).panel)
    for k, step in enumerate(read["steps"], start=1):
        panel.update(step.get("p", {}))
        assert panel == as_sent(film.state(k).panel), k


def as_sent(panel: dict) -> dict:
    """A panel as JSON carries it (the counters' pairs as lists)."""
    return json.loads(json.dumps(panel))


def partial_scene() -> Scene:
    return grid_scene(2, 1)


def test_a_mazes_tables_are_written_as_edits_and_read_back_whole():
    """Iterative deepening on a 7 x 7 maze: its table gains a name each step, so each step
    writes the change, not the table; every step of every chunk reads back whole."""
    from search_viz.film.film import text_edit

    case = build_case(MAZE, (7, 0.25, 1))
    trace = record(search_for(case.problem, "IDDFS", 20, bounded_dfs=False))
    film = uninformed_film(trace, "IDDFS", case.view, limit=20)
    assert film.n_chunks == 3  # 1,071 steps
    written = read = 0
    for c in range(film.n_chunks):
        chunk = film.chunk(c)
        back = read_chunk(json.loads(json.dumps(chunk)))
        panel = dict(back["key"]["p"])
        for offset, step in enumerate(back["steps"], start=1):
            panel.update(step.get("p", {}))
            assert panel == as_sent(film.state(c * CHUNK_STEPS + offset).panel)
        for step in chunk["steps"]:
            for html in step.get("p", {}).get("h", {}).values():
                written += len(json.dumps(html))
        for step in back["steps"]:
            for html in step.get("p", {}).get("h", {}).values():
                read += len(json.dumps(html))
    assert written * 5 < read, (written, read)
    assert text_edit("x" * 40, "x" * 40 + "y") == [40, 0, "y"]


@given(
    st.lists(st.lists(operation, max_size=4), min_size=2, max_size=30),
    st.dictionaries(st.integers(1, 29), asked, max_size=10),
)
def test_the_browsers_copy_of_a_chunk_reads_back_to_every_steps_marks_and_question(steps, asks):
    """Sent as JSON and read as the player reads it (marks and question parts shared in the
    chunk), each step shows the marks the film holds and asks the question it holds."""
    asks = {k: question_of(spec) for k, spec in asks.items() if k < len(steps)}
    writer, expected = written(steps, asks)
    film = writer.film()
    chunk = film.chunk(0)
    read = read_chunk(json.loads(json.dumps(chunk)))
    marks = read["key"]["m"]
    assert marks == expected[0][2]
    for k, step in enumerate(read["steps"], start=1):
        marks = step.get("m", marks)
        assert marks == expected[k][2] == film.state(k).marks
    questions = dict(read.get("q", []))
    assert sorted(questions) == sorted(asks) == film.asked_steps
    for k, data in questions.items():
        question, points = asks[k]
        assert data["k"] == question.kind
        assert data["p"] == question.prompt
        if question.kind == "value":
            assert data["a"] == question.answer
            continue
        assert data["c"] == [question.label(c) for c in question.choices]
        assert data["c"][data["a"]] == question.label(question.answer)
        if points is not None:
            assert data["i"] == [[film.item(n) for n in points[c]] for c in question.choices]
    written_once = [json.dumps(v) for v in chunk["shared"]]
    assert len(written_once) == len(set(written_once))  # nothing shared twice


def test_long_films_come_in_chunks_that_open_with_their_own_state():
    steps = [[("show", k % 6, k % 4), ("move", k % 3, k % 7)] for k in range(2 * CHUNK_STEPS + 7)]
    film, _expected = build(steps)
    assert film.n_chunks == 3
    header, later = film.payload()
    assert len(later) == 2
    data = json.loads(gzip.decompress(header))
    assert data["chunks"][1:] == ["", ""]
    assert data["steps"] == len(film)
    for c in range(3):
        chunk = json.loads(gzip.decompress(later[c - 1])) if c else data["chunks"][0]
        first = c * CHUNK_STEPS
        assert chunk["first"] == first
        state = film.state(first)
        key = chunk["key"]
        assert dict(zip(key["v"][::2], key["v"][1::2], strict=True)) == state.looks
        # replaying the chunk's steps the way the player does gives each step's state
        looks = dict(state.looks)
        for offset, delta in enumerate(chunk["steps"], start=1):
            values = delta.get("v", [])
            for n, code in zip(values[::2], values[1::2], strict=True):
                looks[n] = code
            base = dict.fromkeys(film.header()["base"], SHOWN)
            now = {n: c for n, c in looks.items() if c != base.get(n, HIDDEN)}
            assert now == film.state(first + offset).looks


def test_every_item_a_step_touches_is_in_the_scene():
    film = demo_film()
    ids = {int(n) for n in re.findall(r'id="sv(\d+)"', film.svg)}
    assert ids == set(range(len(film.base)))
    for delta in film.deltas:
        assert set(delta.looks[::2]) <= ids


@settings(max_examples=15, deadline=None)  # two PNGs each: 16 s of CI at 40
@given(st.lists(st.lists(operation, max_size=4), min_size=1, max_size=12))
def test_the_last_picture_is_the_films_last_step_and_leaves_the_film_as_it_was(steps):
    writer, _ = written(steps)
    picture = to_png(writer.last_picture())
    film = writer.film()
    assert picture == to_png(film.figure(-1))
    assert film.digest == build(steps)[0].digest


def test_a_film_is_the_same_every_time_it_is_built():
    assert demo_film().header_bytes == demo_film().header_bytes
    assert demo_film().digest == demo_film().digest


def test_the_figure_of_a_step_shows_what_the_step_shows():
    film = demo_film()
    first = film.figure(0)
    visible = [t.get_visible() for t in first.axes[0].texts if t.get_text() == "lit"]
    assert visible == [True, False, False]
    last = film.figure(2)
    assert [t.get_visible() for t in last.axes[0].texts if t.get_text() == "lit"] == [True] * 3
    assert len(last.artists) == 1  # the mark drawn from data
    faces = last.axes[0].collections[0].get_facecolor()
    assert [tuple(f.round(3)) for f in faces] == [(0.902, 0.624, 0.0, 1.0)] * 3


def test_steps_export_as_png_svg_and_a_captioned_gif():
    film = demo_film()
    assert png(film, 1)[:4] == b"\x89PNG"
    assert b"<svg" in svg(film, 2)
    data = gif(film, 0, 2, fps=4)
    image = Image.open(io.BytesIO(data))
    assert image.n_frames == 3
    plain = Image.open(io.BytesIO(png(film, 0, dpi=80)))
    assert image.size[1] > plain.size[1]  # the caption band under the picture
    with pytest.raises(ValueError, match="at most"):
        gif(build([[]] * (MAX_GIF_FRAMES + 1))[0], 0, MAX_GIF_FRAMES)


def test_the_standalone_page_fetches_nothing():
    page = demo_film().to_html()
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"(src|href)=\"https?:", page)
    assert "fetch(" in page  # the player can fetch, but this page carries its chunks inline
    data = re.search(r'<script type="application/json" id="film-data">(.*?)</script>', page, re.S)
    films = json.loads(data.group(1))["films"]
    assert films[0]["header"]["steps"] == 3


def test_bad_steps_are_refused_with_the_range():
    film = demo_film()
    with pytest.raises(IndexError, match="0 to 2"):
        film.state(3)
    with pytest.raises(TypeError, match="whole number"):
        film.state(1.5)
    assert film.state(-1).sentence == film.state(2).sentence


def test_changes_left_open_after_the_last_step_are_an_error():
    writer = FilmBuilder(grid_scene)
    writer.step("one")
    writer.show(1)
    with pytest.raises(ValueError, match="after the last step"):
        writer.film()


def test_a_gif_frame_is_the_figure_of_its_step():
    import numpy as np

    from search_viz.film.export import GIF_DPI, _pictures, _rgba

    film = demo_film(6)
    for k, picture in _pictures(film, [0, 3, 5]):
        plain = np.asarray(_rgba(film.figure(k), GIF_DPI).convert("RGB")).astype(int)
        assert np.abs(np.asarray(picture).astype(int) - plain).max() <= 2, k


def test_a_moved_patch_lands_where_the_browser_puts_it():
    from matplotlib.patches import Rectangle

    def draw():
        fig = Figure(figsize=(2, 2))
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, 2)
        ax.set_ylim(0, 2)
        scene = Scene(fig)
        scene.tag(ax.add_patch(Rectangle((0, 0), 0.5, 0.5)), "square", shown=True)
        return scene

    writer = FilmBuilder(draw)
    writer.move("square", 72, -72)  # one inch right, one inch up (SVG y grows downwards)
    writer.step("moved")
    figure = writer.film().figure(0)
    box = figure.axes[0].patches[0].get_window_extent(FigureCanvasAgg(figure).get_renderer())
    dpi = figure.dpi
    assert (round(box.x0 / dpi, 2), round(box.y0 / dpi, 2)) == (1.0, 1.0)
    assert (round(box.width / dpi, 2), round(box.height / dpi, 2)) == (0.5, 0.5)


def test_an_empty_collection_is_no_item_and_no_trouble():
    def draw():
        fig = Figure(figsize=(2, 1))
        ax = fig.add_axes((0, 0, 1, 1))
        scene = Scene(fig)
        assert scene.tag_each(ax.scatter([], []), [], shown=True) == []
        scene.tag_each(ax.scatter([0.5], [0.5]), ["dot"], shown=False)
        return scene

    writer = FilmBuilder(draw)
    writer.show("dot")
    writer.step("the dot")
    film = writer.film()
    assert 'id="sv0"' in film.svg
    assert film.shows(0, "dot")


def test_a_question_asked_again_is_written_alike_and_other_items_are_not_confused():
    """The builder reads an items mapping and writes a question's data once: a pick asked
    at two steps with the same mapping reads the same, one with other items its own."""
    from search_viz.film.demo import demo_writer
    from search_viz.film.questions import pick

    writer = demo_writer(2)
    question = pick("Which dot goes dark?", ["A", "B"], "B", why="The last lit.")
    items = {"A": ["A"], "B": ["B"]}
    writer.ask(question, items)
    writer.hide("B lit")
    writer.step("B goes dark.")
    writer.ask(question, items)
    writer.show("B lit")
    writer.step("B lights again.")
    writer.ask(question, {"A": ["A lit"], "B": ["B lit"]})
    writer.hide("B lit")
    writer.step("B goes dark again.")
    film = writer.film()
    asked = dict(read_chunk(film.chunk(0))["q"])  # step -> the question as the browser reads it
    first, again, other = (asked[k] for k in (2, 3, 4))
    assert first == again
    assert other["i"] != first["i"]
    assert other["i"] == ((film.item("A lit"),), (film.item("B lit"),))


def test_a_builder_holds_the_collector_off_until_its_film_is_made():
    """Python's cycle collector waits while a film is built (it would walk the growing film
    again and again), and runs again once the film is made, or the failed build is gone."""
    import gc

    from search_viz.film.demo import demo_writer
    from tests.test_collector import collector_running

    assert collector_running()  # a page's run tested before may hold it off a moment longer
    first = demo_writer(2)  # built, not yet made into a film
    second = demo_writer(2)
    assert not gc.isenabled()
    first.film()
    assert not gc.isenabled()  # the other build is still under way
    second.film()
    assert gc.isenabled()
    failing = demo_writer(2)
    failing.show("A")
    with pytest.raises(ValueError, match="changes were made after the last step"):
        failing.film()
    assert gc.isenabled()
    abandoned = demo_writer(2)
    assert not gc.isenabled()
    del abandoned  # a build left unfinished (an error in the lesson's code)
    assert gc.isenabled()
