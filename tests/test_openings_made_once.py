"""An opening's whole film is made in the background, once for every session that asks,
and the server keeps a bounded number of them."""

from __future__ import annotations

import importlib
import threading

from search_viz.film import CHUNK_STEPS, OPENING_STEPS
from search_viz.film.demo import blinking_film
from search_viz.ui.film_player import Opening

#: The module, not the function of the same name that ``search_viz.ui`` exports.
film_player = importlib.import_module("search_viz.ui.film_player")


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
    assert first.result(timeout=30) is whole
    assert len(made) == 1
    assert made[0].startswith("search_viz.rest")
    assert film_player._whole(Opening(opening, make)) is whole  # an export waits for it
    assert len(made) == 1


def test_the_server_keeps_a_bounded_number_of_whole_films():
    for n in range(film_player.MAX_RESTS + 5):
        opening = blinking_film(OPENING_STEPS, whole=CHUNK_STEPS + 1 + n)  # a film of its own
        film_player._rest(Opening(opening, lambda: None)).result(timeout=30)
    assert len(film_player._RESTS) <= film_player.MAX_RESTS


def test_a_rest_made_quickly_comes_in_the_answer_to_the_ask_and_a_slow_one_is_said_making(
    monkeypatch,
):
    monkeypatch.setattr(
        film_player, "_publish", lambda film, where, inline=False: {"id": film.digest}
    )
    whole = blinking_film(CHUNK_STEPS + 40)
    quick = blinking_film(OPENING_STEPS, whole=len(whole))
    spec = film_player._spec(Opening(quick, lambda: whole), True, "test.quick")
    assert spec == {"id": whole.digest, "opens": quick.digest}
    release = threading.Event()

    def slow():
        release.wait(30)
        return blinking_film(CHUNK_STEPS + 41)

    opening = blinking_film(OPENING_STEPS, whole=CHUNK_STEPS + 41)
    spec = film_player._spec(Opening(opening, slow), True, "test.slow")
    assert spec.keys() == {"id", "making"}
    assert spec["id"] == opening.digest
    release.set()
    film_player._rest(Opening(opening, slow)).result(timeout=30)
