"""Checks every lesson's practice questions must pass, whatever the lesson asks.

Each lesson's practice tests call :func:`check_questions` on its films, then
check its own answers against the trace (what the algorithm did at that step).

Example::

    film = sv.film(sv.bfs, problem)
    check_questions(film)
    assert asked_share(film) >= 0.5
"""

from __future__ import annotations

import math

from search_viz.film.film import Film, read_chunk
from search_viz.film.questions import KINDS


def asked_share(film: Film) -> float:
    """The share of the film's steps after the first that ask something (step 0 cannot)."""
    return len(film.asked_steps) / max(1, len(film) - 1)


def check_questions(film: Film) -> None:
    """Every question of ``film`` is well formed, and the browser's copy says the same.

    A pick's answer can be clicked in the picture shown just before it (step
    k - 1), and every choice that names a node of the picture has an item there.
    """
    header = film.header()
    browser = {k: q for chunk in header["chunks"] for k, q in read_chunk(chunk).get("q", [])}
    assert header["asks"] == len(film.asked_steps) == len(browser)
    assert 0 not in browser
    for k in film.asked_steps:
        question = film.question(k)
        data = browser[k]
        assert question.kind in KINDS
        assert question.prompt.strip()
        assert question.why.strip()
        assert question.why.strip().lower() not in {"wrong", "wrong.", "no", "incorrect"}
        assert data["k"] == question.kind
        assert data["p"] == question.prompt
        if question.kind == "value":
            assert isinstance(question.answer, (int, float))
            assert not math.isnan(question.answer)
            continue
        assert question.answer in question.choices
        assert data["c"][data["a"]] == question.label(question.answer)
        labels = [question.label(c) for c in question.choices]
        assert len(set(labels)) == len(labels), f"step {k}: two choices read alike: {labels}"
        if question.kind == "pick":
            before = film.state(k - 1)
            right = data["i"][data["a"]]
            shown = [n for n in right if before.looks.get(n, int(film.base[n])) != 0]  # 0: hidden
            named_only = not right
            assert named_only or shown, (
                f"step {k}: the answer {question.answer!r} cannot be clicked at step {k - 1}"
            )
