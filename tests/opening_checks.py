"""What every long film's opening must be: the whole film's header and first chunk.

``opening_agrees(opening, whole)`` asserts it, for any lesson that shows a long film by its
opening first (see ``search_viz.film.film``).
"""

from __future__ import annotations

import gzip
import json

from search_viz.film.film import CHUNK_STEPS


def browser_header(film) -> dict:
    """The header as the browser reads it, its later chunks left to be fetched."""
    return json.loads(gzip.decompress(film.payload()[0]))


def opening_agrees(opening, whole) -> None:
    """``opening`` is ``whole``'s header and first chunk: the same scene, meta, step count and
    chunk count; its restyled looks the first of the whole's; only the count of questions
    (those of its own steps) may differ. Its steps are the whole's first ones."""
    assert opening.is_opening
    assert not whole.is_opening
    assert (len(opening), opening.whole) == (CHUNK_STEPS, len(whole))
    seen, full = browser_header(opening), browser_header(whole)
    assert seen["chunks"][0] == full["chunks"][0]
    assert seen["looks"] == full["looks"][: len(seen["looks"])]
    assert seen["asks"] == sum(1 for k in whole.asked_steps if k < CHUNK_STEPS)
    assert {k for k in full if seen[k] != full[k]} <= {"looks", "asks"}
    assert seen["steps"] == len(whole)
    assert len(seen["chunks"]) == whole.n_chunks
    for k in (0, 1, CHUNK_STEPS // 2, CHUNK_STEPS - 1):
        assert opening.state(k) == whole.state(k)
        assert opening.question(k) == whole.question(k)
