"""Opening a hard 8-puzzle: the page names what it builds while it builds it, and a film's
bytes for the browser are encoded once (the fingerprint is taken from them)."""

from __future__ import annotations

import contextlib
import importlib

import pytest

from search_viz.film import VERY_LONG_FILM
from search_viz.film.demo import blinking_film
from search_viz.lessons.informed import page
from search_viz.lessons.informed.drawing import film_from_trace
from search_viz.problems.eight_puzzle import HARDEST_STARTS, NOTES_GOAL, NOTES_START, ORDERED_GOAL
from search_viz.ui.film_player import Opening
from tests.opening_checks import middle_agrees, opening_agrees

#: The module, not ``sv.film`` (the function that makes a film shadows its package's name).
film_module = importlib.import_module("search_viz.film.film")


@pytest.fixture
def said(monkeypatch) -> list[str]:
    """The messages the page shows while it works (its spinners' texts), in order."""
    texts: list[str] = []

    @contextlib.contextmanager
    def spinner(text, **options):
        texts.append(text)
        yield

    monkeypatch.setattr(page.st, "spinner", spinner)
    return texts


def test_the_search_and_the_replay_are_built_under_messages_naming_them(said):
    film = page.film_of(NOTES_START, NOTES_GOAL, "A*", "misplaced", "fifo", "wide")
    assert len(film) > 1
    searching, drawing = said
    assert searching == "Searching with A* (h = misplaced) from 283/164/7_5 to 123/8_4/765…"
    assert drawing.startswith("Drawing the replay of 23 search events: A* on 283/164/7_5")
    assert "a 5-move solution" in drawing


#: 19 moves from the ordered goal on the 31-move puzzle's solution: A* with misplaced tiles
#: makes 5,409 events of it, a film shown by its opening first.
LONG_START = (8, 3, 6, 2, 5, 7, 1, 0, 4)


def test_a_long_search_is_shown_by_its_opening_the_whole_films_header_and_first_chunk(said):
    shown = page.film_of(LONG_START, ORDERED_GOAL, "A*", "misplaced", "fifo", "wide")
    assert isinstance(shown, Opening)
    assert said[-1].startswith("Drawing the first 100 steps of the replay of 5,409 search events")
    asked = len(said)
    whole = shown.whole()  # made in the background: no message
    assert len(said) == asked
    assert whole is page.cached_film(LONG_START, ORDERED_GOAL, "A*", "misplaced", "fifo", "wide")
    opening_agrees(shown.film, whole)
    assert len(whole) > VERY_LONG_FILM  # sent in three stages: its middle before the whole
    middle_agrees(shown.middle(), whole)
    assert len(said) == asked
    short = page.film_of(NOTES_START, NOTES_GOAL, "A*", "misplaced", "fifo", "wide")
    assert not isinstance(short, Opening)


def test_only_a_long_search_has_an_opening():
    trace = page.cached_trace(NOTES_START, NOTES_GOAL, "A*", "misplaced", "fifo")
    with pytest.raises(ValueError, match=f"more than {film_module.LONG_FILM} events"):
        film_from_trace(trace, NOTES_GOAL, "A*", "misplaced", "fifo", opening=True)


def test_the_31_move_puzzle_is_named_by_its_board():
    text = page.searching_text(HARDEST_STARTS[0], (1, 2, 3, 4, 5, 6, 7, 8, 0), "A*", "misplaced")
    assert "from 867/254/3_1 to 123/456/78_" in text


def test_a_films_fingerprint_costs_no_second_encoding(monkeypatch):
    steps = film_module.CHUNK_STEPS + 3
    film = blinking_film(steps)
    assert film.n_chunks == 2
    film.payload()
    encoded = []
    original = film_module.gzip_json
    monkeypatch.setattr(film_module, "gzip_json", lambda data: encoded.append(1) or original(data))
    assert len(film.digest) == 16
    assert encoded == []
    assert film.digest == blinking_film(steps).digest != blinking_film(steps - 1).digest


def test_a_search_longer_than_a_replay_keeps_shows_its_opening_before_it_has_ended(
    said, monkeypatch
):
    """The opening is made from the search's first events (``Trace.begin``), before the search
    has run to its end; it is the very opening the whole trace makes, and the whole film
    follows from it as ever."""
    monkeypatch.setattr(page, "MAX_EVENTS", 3_000)  # the replay keeps 3,000 of its events
    key = (LONG_START, ORDERED_GOAL, "A*", "misplaced", "deeper")
    recording = page.cached_recording(*key)
    assert recording.truncated
    assert not recording.head.finished
    assert recording._rest is not None
    shown = page.film_of(*key, "wide")
    assert isinstance(shown, Opening)
    assert recording._rest is not None  # shown, and the search has not run on yet
    assert said[-1].startswith("Drawing the first 100 steps of the replay of 3,000 search events")
    assert "solution" not in said[-1]  # not known yet
    trace = page.cached_trace(*key)  # the search runs to its end
    assert trace.truncated
    assert trace.finished
    assert trace.events is recording.head.events
    from_whole = film_from_trace(trace, ORDERED_GOAL, "A*", "misplaced", "deeper", opening=True)
    assert shown.film.payload() == from_whole.payload()
    opening_agrees(shown.film, shown.whole())
