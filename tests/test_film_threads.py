"""Films made in two threads at once (a page's and the rest of a long film, made in the
background) are the films each would be alone."""

from __future__ import annotations

import contextlib
import threading

import matplotlib as mpl

import search_viz as sv
from search_viz.film import legend_pack, sketch_text

TREE = [[[2, 12], [5, 9]], [[0, 1], [7, 5]]]


def test_a_films_ids_do_not_depend_on_the_salt_another_thread_left_set(monkeypatch, tmp_path):
    """Another thread's ``rc_context``, ending while this one draws, puts matplotlib's own
    salt back (none: random ids). The film, its legend drawn again then, is the same."""
    tree = sv.GameTree.from_nested(TREE)
    alone = sv.film(sv.alphabeta, tree)
    assert 'id="m' in alone.svg or 'id="p' in alone.svg  # ids that are salted
    sketch_text._LEGENDS.clear()  # the legend is drawn again, under the salt left set,
    monkeypatch.setattr(legend_pack, "PACK", tmp_path)  # not read from the legend pack
    monkeypatch.setitem(mpl.rcParams, "svg.hashsalt", None)
    monkeypatch.setattr(mpl, "rc_context", lambda rc=None: contextlib.nullcontext())
    again = sv.film(sv.alphabeta, tree)
    assert again.svg == alone.svg
    assert again.digest == alone.digest


def test_films_made_in_threads_at_once_are_the_films_made_alone():
    trees = [TREE, [[3, 12, 8], [2, 4, 6], [14, 5, 2]], [[1, 9], [4, 4], [8, 0]]]
    alone = [sv.film(sv.alphabeta, sv.GameTree.from_nested(t)).digest for t in trees]
    made: dict[int, list[str]] = {i: [] for i in range(len(trees))}

    def make(i: int) -> None:
        for _ in range(6):
            made[i].append(sv.film(sv.alphabeta, sv.GameTree.from_nested(trees[i])).digest)

    threads = [threading.Thread(target=make, args=(i,)) for i in range(len(trees))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [set(made[i]) for i in range(len(trees))] == [{d} for d in alone]
