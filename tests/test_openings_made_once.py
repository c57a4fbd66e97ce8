"""An opening's whole film is made in the background, once for every session that asks,
and the server keeps a bounded number of them."""

from __future__ import annotations

import importlib
import threading
from functools import partial

import pytest

from search_viz.film import CHUNK_STEPS, MIDDLE_STEPS, OPENING_STEPS, VERY_LONG_FILM
from search_viz.film.demo import blinking_film
from search_viz.ui.film_player import Opening
from tests.opening_checks import middle_agrees

#: The module, not the function of the same name that ``search_viz.ui`` exports.
film_player = importlib.import_module("search_viz.ui.film_player")
NOT_ASKED, PAST_OPENING, PAST_MIDDLE = (
    film_player.NOT_ASKED,
    film_player.PAST_OPENING,
    film_player.PAST_MIDDLE,
)


def test_the_whole_film_is_made_once_away_from_the_page_for_every_session_that_asks():
    whole = blinking_film(CHUNK_STEPS + 40)
    opening = blinking_film(OPENING_STEPS, whole=len(whole))
    made = []

    def make():
        made.append(threading.current_thread().name)
        return whole

    first = film_player._rest(Opening(opening, make))
    again = film_player._rest(Opening(opening, make))  # another session, the same opening
    assert again is first
    assert first.middle is None  # a film of at most VERY_LONG_FILM steps
    assert first.whole.result(timeout=30) is whole
    assert len(made) == 1
    assert made[0].startswith("search_viz.rest")
    assert film_player._whole(Opening(opening, make)) is whole  # an export waits for it
    assert len(made) == 1


def test_the_server_keeps_a_bounded_number_of_whole_films():
    for n in range(film_player.MAX_RESTS + 5):
        opening = blinking_film(OPENING_STEPS, whole=CHUNK_STEPS + 1 + n)  # a film of its own
        film_player._rest(Opening(opening, partial(blinking_film, 4))).whole.result(timeout=30)
    assert len(film_player._RESTS) <= film_player.MAX_RESTS


def test_a_rest_made_quickly_comes_in_the_answer_to_the_ask_and_a_slow_one_is_said_making(
    monkeypatch,
):
    monkeypatch.setattr(
        film_player, "_publish", lambda film, where, inline=False: {"id": film.digest}
    )
    whole = blinking_film(CHUNK_STEPS + 40)
    quick = blinking_film(OPENING_STEPS, whole=len(whole))
    spec = film_player._spec(Opening(quick, lambda: whole), PAST_OPENING, "test.quick")
    assert spec == {"id": whole.digest, "opens": [quick.digest]}
    release = threading.Event()

    def slow():
        release.wait(30)
        return blinking_film(CHUNK_STEPS + 41)

    opening = blinking_film(OPENING_STEPS, whole=CHUNK_STEPS + 41)
    spec = film_player._spec(Opening(opening, slow), PAST_OPENING, "test.slow")
    assert spec.keys() == {"id", "making"}
    assert spec["id"] == opening.digest
    release.set()
    film_player._rest(Opening(opening, slow)).whole.result(timeout=30)


@pytest.fixture
def specs_by_id(monkeypatch):
    """``_spec`` answering with the film's id alone (no media endpoint outside a server)."""
    monkeypatch.setattr(
        film_player, "_publish", lambda film, where, inline=False: {"id": film.digest}
    )


def test_a_very_long_films_middle_comes_first_then_its_whole_film_as_the_rest_of_both(
    specs_by_id,
):
    """A film of more than VERY_LONG_FILM steps: asked past its opening, the middle (made
    first, in a blink) comes, said to go on from the opening; asked past the middle while
    the whole film is still being made, the middle stays, said to be making it; then the whole
    film comes, said to go on from either. The middle is made as soon as the opening is
    shown; the whole film once it is asked for."""
    steps = VERY_LONG_FILM + 700
    opening = blinking_film(OPENING_STEPS, whole=steps)
    release = threading.Event()

    def slow_whole():
        release.wait(30)
        return blinking_film(steps)

    staged = Opening(opening, slow_whole, partial(blinking_film, MIDDLE_STEPS, steps))
    try:
        # shown, not asked for: its middle is made at once, its whole film not yet
        assert film_player._spec(staged, NOT_ASKED, "test.staged") == {"id": opening.digest}
        assert film_player._rest(staged, whole=False).whole is None
        film_player._rest(staged, whole=False).middle.result(timeout=30)
        spec = film_player._spec(staged, PAST_OPENING, "test.staged")
        middle = film_player._rest(staged).made_middle()
        assert middle is not None
        assert spec == {"id": middle.digest, "opens": [opening.digest]}
        spec = film_player._spec(staged, PAST_MIDDLE, "test.staged")
        assert spec.keys() == {"id", "opens", "making"}
        assert spec["id"] == middle.digest
    finally:
        release.set()
    whole = film_player._rest(staged).whole.result(timeout=30)
    spec = film_player._spec(staged, PAST_MIDDLE, "test.staged")
    assert spec == {"id": whole.digest, "opens": [opening.digest, middle.digest]}
    middle_agrees(middle, whole)


def test_the_stage_asked_is_the_furthest_any_opening_shown_was_asked_to_go(monkeypatch):
    steps = VERY_LONG_FILM + 1
    opening = blinking_film(OPENING_STEPS, whole=steps)
    staged = Opening(
        opening, partial(blinking_film, steps), partial(blinking_film, MIDDLE_STEPS, steps)
    )
    short = Opening(blinking_film(OPENING_STEPS, whole=1200), partial(blinking_film, 1200))
    wanted: list[str] = []
    monkeypatch.setattr(film_player.st, "session_state", {film_player._more_key("k"): wanted})
    assert film_player._stage_asked([staged, short], "k") == film_player.NOT_ASKED
    wanted.append(short.film.digest)  # compare mode: the other film goes on with it
    assert film_player._stage_asked([staged, short], "k") == PAST_OPENING
    wanted.append(opening.digest)
    assert film_player._stage_asked([staged], "k") == PAST_OPENING
    film_player._rest(staged).middle.result(timeout=30)
    wanted.append(film_player._rest(staged).made_middle().digest)
    assert film_player._stage_asked([staged, short], "k") == PAST_MIDDLE


def test_an_edits_very_long_film_makes_its_middle_only_once_asked(specs_by_id):
    """An edit's films come inline: the student goes on editing, and a middle made then would
    take the server from the next edit."""
    steps = VERY_LONG_FILM + 3
    opening = blinking_film(OPENING_STEPS, whole=steps)
    edited = Opening(
        opening, partial(blinking_film, steps), partial(blinking_film, MIDDLE_STEPS, steps)
    )
    film_player._spec(edited, NOT_ASKED, "test.edited", inline=True)
    assert opening.digest not in film_player._RESTS
    film_player._spec(edited, NOT_ASKED, "test.edited")  # the page's own run, once it catches up
    assert film_player._rest(edited, whole=False).middle is not None


def test_a_film_of_at_most_very_long_film_steps_has_no_middle_made(specs_by_id):
    opening = blinking_film(OPENING_STEPS, whole=VERY_LONG_FILM)
    never = Opening(opening, partial(blinking_film, VERY_LONG_FILM), lambda: 1 / 0)
    film_player._spec(never, NOT_ASKED, "test.never")  # shown: nothing made yet
    assert opening.digest not in film_player._RESTS
    rest = film_player._rest(never)
    assert rest.middle is None
    assert len(rest.whole.result(timeout=30)) == VERY_LONG_FILM
