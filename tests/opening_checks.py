"""What every long film's opening must be: the whole film's header and first chunk.

``opening_agrees(opening, whole)`` asserts it, for any lesson that shows a long film by its
opening first (see ``search_viz.film.film``), and ``middle_agrees(middle, whole)`` the same
of a very long film's middle.
"""

from __future__ import annotations

import gzip
import json

from search_viz.film.film import CHUNK_STEPS, MIDDLE_STEPS, OPENING_STEPS, read_chunk


def browser_header(film) -> dict:
    """The header as the browser reads it, its later chunks left to be fetched."""
    return json.loads(gzip.decompress(film.payload()[0]))


def opening_agrees(opening, whole) -> None:
    """``opening`` is ``whole``'s header with the first steps of its first chunk: the same
    scene, meta and step count; its steps cut in chunks of ``OPENING_STEPS`` (the whole's in
    chunks of ``CHUNK_STEPS``); its restyled looks the first of the whole's; only the count
    of questions (those of its own steps) may differ. Its steps are the whole's first ones."""
    assert opening.is_opening
    assert not whole.is_opening
    assert (len(opening), opening.whole) == (OPENING_STEPS, len(whole))
    seen, full = browser_header(opening), browser_header(whole)
    assert (seen["chunkSteps"], full["chunkSteps"]) == (OPENING_STEPS, CHUNK_STEPS)
    assert len(seen["chunks"]) == -(-len(whole) // OPENING_STEPS)
    assert seen["chunks"][1:] == [""] * (len(seen["chunks"]) - 1)  # sent once asked for
    first, whole_first = read_chunk(seen["chunks"][0]), read_chunk(full["chunks"][0])
    assert first["key"] == whole_first["key"]
    assert first["steps"] == whole_first["steps"][: OPENING_STEPS - 1]
    assert first.get("q", []) == [q for q in whole_first.get("q", []) if q[0] < OPENING_STEPS]
    assert seen["looks"] == full["looks"][: len(seen["looks"])]
    assert seen["asks"] == sum(1 for k in whole.asked_steps if k < OPENING_STEPS)
    assert {k for k in full if seen[k] != full[k]} <= {"looks", "asks", "chunkSteps", "chunks"}
    assert seen["steps"] == len(whole)
    for k in (0, 1, OPENING_STEPS // 2, OPENING_STEPS - 1):
        assert opening.state(k) == whole.state(k)
        assert opening.question(k) == whole.question(k)


def middle_agrees(middle, whole) -> None:
    """``middle`` is ``whole``'s header and first chunks, as the whole film cuts them: the
    same scene, meta and step count; chunks of ``CHUNK_STEPS``, its first ``MIDDLE_STEPS``
    steps' ones made (the same as the whole's, byte for byte), the later ones left to be
    asked for; its restyled looks the first of the whole's; only the count of questions
    (those of its own steps) may differ."""
    assert middle.is_opening
    assert (len(middle), middle.whole) == (MIDDLE_STEPS, len(whole))
    seen, full = browser_header(middle), browser_header(whole)
    assert seen["chunkSteps"] == full["chunkSteps"] == CHUNK_STEPS
    sent = MIDDLE_STEPS // CHUNK_STEPS
    assert len(seen["chunks"]) == len(full["chunks"])
    assert seen["chunks"][0] == full["chunks"][0]
    assert seen["chunks"][1:] == full["chunks"][1:]  # each fetched from where the page says
    assert middle.payload()[1] == whole.payload()[1][: sent - 1]  # the later ones it has
    assert seen["looks"] == full["looks"][: len(seen["looks"])]
    assert seen["asks"] == sum(1 for k in whole.asked_steps if k < MIDDLE_STEPS)
    assert {k for k in full if seen[k] != full[k]} <= {"looks", "asks", "chunks"}
    for k in (0, OPENING_STEPS, CHUNK_STEPS, MIDDLE_STEPS - 1):
        assert middle.state(k) == whole.state(k)
        assert middle.question(k) == whole.question(k)
