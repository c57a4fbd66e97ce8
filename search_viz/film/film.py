"""A film: one replay as plain data, computed once and stepped anywhere.

A :class:`Film` holds

* the **scene**: an SVG drawn once by matplotlib, its changing parts numbered
  (:mod:`search_viz.film.scene`);
* the **steps**: per step only what changes (items' looks, moves, marks) and
  the **panels** that change (the sentence, the pseudocode line, the counters,
  small HTML tables);
* the **meta**: title, pseudocode, layout, sizes;
* the **questions**: what a step asks the student before it plays
  (:mod:`search_viz.film.questions`, practice mode);
* the **edits**: what clicking a part of the picture may change in the problem
  (:mod:`search_viz.film.edits`, edit mode).

A long film may be made first as its **opening** (``FilmBuilder.film(whole=n)``): its
first :data:`OPENING_STEPS` steps, with the header of the whole film of ``n`` steps (its
steps cut in chunks of :data:`OPENING_STEPS`). A page shows it at once and sends the whole
film once the student goes on (see :class:`search_viz.ui.film_player.Opening`); the player
then steps on in the whole film's chunks. A film of more than :data:`VERY_LONG_FILM` steps
comes in stages: its opening, its **middle** (its first :data:`MIDDLE_STEPS` steps, in
the whole film's chunks, made in a blink beside the whole), then the whole film; or, where
its lesson can write them, **parts** (:class:`FilmPart`) instead of the whole film: the
whole film's chunks around a step far beyond the middle (End), or just beyond what the
player holds, written without the words of the steps before them
(``FilmBuilder.skip_to``).

It plays in the browser (the Streamlit player, a notebook, a standalone HTML
page: all one player, ``assets/player.js``), and :meth:`Film.figure` draws any
step with matplotlib for PNG, SVG and GIF export: the same scene, the same
step, two hosts.

The data the browser reads (``Film.header`` and ``Film.chunk``) is JSON: the header
carries the scene, the meta and the first chunk's steps (:data:`CHUNK_STEPS`, or an
opening's :data:`OPENING_STEPS`); each further chunk starts with a keyframe (the whole
state at its first step) so the player can jump anywhere after one download.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path
from typing import Any

import numpy as np
import orjson
from matplotlib.figure import Figure
from zlib_ng import gzip_ng

from search_viz.film.collector import held
from search_viz.film.edits import Edit, editable_data
from search_viz.film.looks import HIDDEN, SHOWN, Look, MarkStyle
from search_viz.film.questions import Question
from search_viz.film.sketch import Sketch

#: Steps per chunk: a film longer than this is sent in pieces, fetched ahead of need.
CHUNK_STEPS = 500
#: Version of the data the browser reads (2: a chunk's marks and question parts shared; 3: a
#: step's tables written as edits of the step before's).
FORMAT = 3
#: A chunk writes a step's table as an edit of the same table at the step before when that is
#: this many characters shorter (see :func:`text_edit`).
EDIT_SAVES = 32
#: A page shows a film of more steps than this by its opening first (see the module's
#: docstring): building the rest waits until the student goes on.
LONG_FILM = 2 * CHUNK_STEPS
#: The steps of an opening: few, so that a long film's first picture (a new problem, an
#: edit) is made in a blink. The player asks for the rest as the student nears their end
#: (``REST_AHEAD`` steps before it, in ``assets/player.js``).
OPENING_STEPS = 100
#: The steps of a very long film's middle stage: enough for a student who plays at the
#: player's fastest (30 steps a second) to watch for half a minute while the whole film is
#: made (A* on a 31-move puzzle, 60,000 steps, takes 7-12 s), and few enough to be made in
#: about a second, in the background, as soon as the opening shows. Whole chunks, as the
#: whole film cuts them.
MIDDLE_STEPS = 2 * CHUNK_STEPS
#: A page sends a film of more steps than this in stages (its opening, its middle, then its
#: whole film or its parts): a shorter one's whole film is made within seconds of the
#: student going on.
VERY_LONG_FILM = 10 * CHUNK_STEPS


@dataclass(frozen=True)
class Delta:
    """What one step changes: ``looks`` (item, code, ...), ``moves`` (item, dx, dy, ...),
    ``marks`` (the new list, or None if unchanged), ``panel`` (changed fields)."""

    looks: tuple = ()
    moves: tuple = ()
    marks: list | None = None
    panel: dict = field(default_factory=dict)

    def data(self) -> dict:
        """The step as the browser reads it (empty fields left out)."""
        out: dict[str, Any] = {}
        if self.looks:
            out["v"] = list(self.looks)
        if self.moves:
            out["t"] = list(self.moves)
        if self.marks is not None:
            out["m"] = self.marks
        if self.panel:
            out["p"] = self.panel
        return out


@dataclass
class Keyframe:
    """The whole state at one step: every item's look code, the moves, marks and panel."""

    looks: np.ndarray
    moves: dict
    marks: list
    panel: dict


@dataclass(frozen=True)
class FilmPart:
    """Some chunks of a film of ``whole`` steps, as the browser reads them (``chunks``: chunk
    number -> :meth:`Film.chunk`'s data), made without the steps before them (see
    :meth:`~search_viz.film.builder.FilmBuilder.skip_to`): the player fetches them where the
    student jumps far into a long film whose whole is still being made.

    >>> from search_viz.film.demo import blinking_writer
    >>> part = blinking_writer(1200, skip=1000).part(1200)
    >>> part.steps, sorted(part.gzipped())
    (range(1000, 1200), [2])
    """

    whole: int
    chunks: dict[int, dict]

    @property
    def steps(self) -> range:
        """The steps its chunks hold."""
        first, last = min(self.chunks), max(self.chunks)
        return range(first * CHUNK_STEPS, min(self.whole, (last + 1) * CHUNK_STEPS))

    def gzipped(self) -> dict[int, bytes]:
        """Each chunk as gzipped JSON, by its number."""
        with held():
            return {c: gzip_json(chunk) for c, chunk in self.chunks.items()}


@dataclass
class State:
    """What the picture and panels show at one step.

    ``looks``: items whose look differs from the scene's start, with their code;
    ``moves``: moved items and their shift; ``marks``; ``panel`` (``s`` the
    sentence, ``l`` the pseudocode line, ``c`` the counters, ``h`` the tables, ``d`` the
    description of the picture for a screen reader).
    """

    looks: dict[int, int]
    moves: dict[int, tuple[float, float]]
    marks: list
    panel: dict

    @property
    def sentence(self) -> str:
        """The step's sentence."""
        return self.panel.get("s", "")

    @property
    def description(self) -> str:
        """What the picture shows at this step, in words ("" when the film has none)."""
        return self.panel.get("d", "")

    @property
    def line(self) -> int | None:
        """The pseudocode line lit at this step."""
        return self.panel.get("l")

    @property
    def counters(self) -> dict[str, object]:
        """The counters shown at this step."""
        return dict(self.panel.get("c", []))


class Film:
    """One replay, ready for every host (see the module's docstring).

    Built by :class:`~search_viz.film.builder.FilmBuilder`; ``len(film)`` is
    its number of steps, ``film.state(k)`` what step ``k`` shows,
    ``film.figure(k)`` step ``k`` as a matplotlib figure, ``film.to_html()`` a
    page that plays it offline; in a notebook a film shows its player.
    """

    def __init__(
        self,
        *,
        draw: Callable[[], Any],
        svg: str,
        base: np.ndarray,
        looks: list[Look | None],
        mark_styles: dict[str, MarkStyle],
        size: tuple[float, float],
        deltas: list[Delta],
        keyframes: list[Keyframe],
        meta: dict[str, Any],
        names: dict | None = None,
        questions: dict[int, Question] | None = None,
        asks: dict[int, dict] | None = None,
        editable: list[tuple[list[int], str, tuple[Edit, ...], str | None, str | None]]
        | None = None,
        whole: int | None = None,
    ) -> None:
        self._draw = draw
        self.whole = len(deltas) if whole is None else whole
        self._editable = editable or []
        self._names = names or {}
        self._questions = questions or {}
        self._asks = asks or {}
        self.svg = svg
        self.base = base
        self.looks = looks
        self.mark_styles = mark_styles
        self.size = size
        self.deltas = deltas
        self.keyframes = keyframes
        self.meta = meta

    def __len__(self) -> int:
        return len(self.deltas)

    def __repr__(self) -> str:
        title = self.meta.get("title", "film")
        stage = "opening" if len(self) == OPENING_STEPS else "first steps"
        opening = f" (the {stage} of {self.whole})" if self.is_opening else ""
        return f"<Film {title!r}: {len(self)} steps{opening}, {len(self.base)} items>"

    @property
    def is_opening(self) -> bool:
        """Whether this is a long film's opening (or its middle): its first steps, the rest to
        be sent later.

        ``len(film)`` is the steps it holds, ``film.whole`` the whole film's.

        >>> from search_viz.film.demo import demo_film
        >>> demo_film().is_opening, demo_film().whole
        (False, 3)
        """
        return self.whole > len(self)

    def item(self, name) -> int:
        """The number of the scene's item called ``name`` (as the lesson tagged it).

        >>> from search_viz.film.demo import demo_film
        >>> film = demo_film()
        >>> film.state(0).looks[film.item("A lit")]
        1
        """
        return self._names[name]

    def has(self, name) -> bool:
        """Whether the scene has an item called ``name``."""
        return name in self._names

    def names(self) -> list:
        """Every item's name, in item order."""
        return sorted(self._names, key=self._names.__getitem__)

    def shows(self, k: int, name) -> bool:
        """Whether step ``k`` shows the item called ``name``.

        >>> from search_viz.film.demo import demo_film
        >>> demo_film().shows(0, "B lit"), demo_film().shows(1, "B lit")
        (False, True)
        """
        number = self._names[name]
        code = self.state(k).looks.get(number, int(self.base[number]))
        return code != HIDDEN

    @property
    def title(self) -> str:
        """The film's title."""
        return str(self.meta.get("title", ""))

    # ------------------------------------------------------------- stepping
    def state(self, k: int) -> State:
        """What step ``k`` shows (``k`` from 0 to ``len(film) - 1``; negative counts back)."""
        k = self._index(k)
        key = self.keyframes[k // CHUNK_STEPS]
        looks = key.looks.copy()
        moves, marks, panel = dict(key.moves), list(key.marks), dict(key.panel)
        for delta in self.deltas[k - k % CHUNK_STEPS + 1 : k + 1]:
            _apply(delta, looks, moves)
            if delta.marks is not None:
                marks = delta.marks
            panel.update(delta.panel)
        return State(changed_looks(looks, self.base), moves, marks, panel)

    def _index(self, k: int) -> int:
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
            raise TypeError(f"a step is a whole number, not {type(k).__name__}")
        n = len(self)
        if not -n <= k < n:
            raise IndexError(f"step {k} is outside this film's steps 0 to {n - 1}")
        return int(k) % n

    # ------------------------------------------------------------- practice
    def question(self, k: int) -> Question | None:
        """What step ``k`` asks the student before it plays, or None where it only shows.

        The answer is what the algorithm did at step ``k``; the student answers
        it looking at step ``k - 1``.

        >>> from search_viz.film.demo import demo_film
        >>> demo_film().question(1).prompt
        'Which dot is lit next?'
        >>> demo_film().question(0) is None
        True
        """
        return self._questions.get(self._index(k))

    def for_practice(self, on: bool = True) -> Film:
        """This film opening in practice mode (``on``) or in plain replay: a copy, the data shared.

        >>> from search_viz.film.demo import demo_film
        >>> demo_film().for_practice().meta["practice"]
        True
        """
        copy = object.__new__(Film)
        copy.__dict__.update(self.__dict__)
        for cached in ("header_bytes", "_payload", "digest"):  # they hold the meta
            copy.__dict__.pop(cached, None)
        copy.meta = {**self.meta, "practice": bool(on)}
        return copy

    # ---------------------------------------------------------------- edits
    def edits_of(self, name) -> tuple[Edit, ...]:
        """What clicking the item called ``name`` may change in the problem (edit mode).

        >>> from search_viz.film.demo import demo_film
        >>> demo_film().edits_of("A")
        ()
        """
        number = self._names[name]
        return next((part[2] for part in self._editable if number in part[0]), ())

    @property
    def asked_steps(self) -> list[int]:
        """The steps that ask something, in order.

        >>> from search_viz.film.demo import demo_film
        >>> demo_film().asked_steps
        [1, 2]
        """
        return sorted(self._questions)

    # --------------------------------------------------------------- drawing
    def figure(self, k: int) -> Figure:
        """Step ``k`` as a matplotlib figure: the scene drawn anew, with that step applied.

        The figure is the caller's (export it with ``savefig``). In a notebook it shows
        as its picture even without ``%matplotlib inline``.

        >>> from search_viz.film.demo import demo_film
        >>> demo_film().figure(1)._repr_png_()[:4]
        b'\x89PNG'
        """
        scene = self.scene()
        self.apply(scene, k)
        figure = scene.figure
        # A bare matplotlib Figure has no picture of its own for IPython; pyplot's inline
        # backend, where it is on, takes precedence over this (it is registered by type).
        figure._repr_png_ = partial(_png, figure)
        return figure

    def apply(self, scene, k: int) -> None:
        """Put step ``k`` on a scene drawn by this film's drawing (reused for many frames)."""
        state = self.state(k)
        scene.apply(scene_looks(state.looks, self.looks), state.moves, state.marks)

    def scene(self):
        """A fresh copy of the film's scene as matplotlib draws it (for drawing several
        steps in turn; a sketched scene is replayed on a figure)."""
        drawn = self._draw()
        return drawn.scene() if isinstance(drawn, Sketch) else drawn

    def drawing(self):
        """A fresh copy of the film's drawing as its lesson makes it: a
        :class:`~search_viz.film.scene.Scene`, or a sketch of one
        (:class:`~search_viz.film.sketch.Sketch`, whose SVG the film carries).

        >>> from search_viz.film.demo import demo_film
        >>> type(demo_film().drawing()).__name__
        'Scene'
        """
        return self._draw()

    # ------------------------------------------------------- the browser's data
    def header(self, chunk_urls: list[str] | None = None) -> dict:
        """The film as the player first reads it: the scene, the meta and the first chunk.

        ``chunk_urls`` say where the later chunks are fetched from; without
        them every chunk is inline (the standalone page, the notebook). An opening's
        header is the whole film's, its later chunks left out ("": still to come).
        """
        chunks: list[Any] = [self.chunk(0)]
        later = range(1, self.n_chunks)
        if chunk_urls is None:
            self._check_whole("carry every chunk inline")
            chunks += [self.chunk(c) for c in later]
        else:
            chunks += chunk_urls
            chunks += [""] * (-(-self.whole // self.chunk_steps) - len(chunks))
        return {
            "format": FORMAT,
            "meta": {**self.meta, "size": list(self.size)},
            "svg": self.svg,
            "items": len(self.base),
            "base": np.nonzero(self.base == SHOWN)[0].tolist(),
            "looks": [look.css() if look else "" for look in self.looks],
            "markStyles": {name: s.data() for name, s in sorted(self.mark_styles.items())},
            "steps": self.whole,
            "asks": len(self._questions),
            "chunkSteps": self.chunk_steps,
            "chunks": chunks,
            **self._edits_header(),
        }

    def _edits_header(self) -> dict:
        """The header's ``edits``: [[item numbers], record] per editable part (none: left out)."""
        if not self._editable:
            return {}
        edits = [
            [numbers, editable_data(what, edits, drag, paint)]
            for numbers, what, edits, drag, paint in self._editable
        ]
        return {"edits": edits}

    def _check_whole(self, what: str) -> None:
        """A ValueError where an opening cannot do ``what`` (it lacks the later steps)."""
        if self.is_opening:
            raise ValueError(
                f"an opening (the first {len(self)} of {self.whole} steps) cannot {what}: "
                "make the whole film"
            )

    @property
    def chunk_steps(self) -> int:
        """The steps per chunk of the header the browser reads: an opening's, or a film's (a
        middle's too: its chunks are the whole film's first ones).

        >>> from search_viz.film.demo import blinking_film
        >>> blinking_film(100, whole=6000).chunk_steps, blinking_film(1000, whole=6000).chunk_steps
        (100, 500)
        """
        return OPENING_STEPS if self.is_opening and len(self) == OPENING_STEPS else CHUNK_STEPS

    @property
    def n_chunks(self) -> int:
        """How many chunks the steps it holds are cut into."""
        return len(self.keyframes)

    def chunk(self, c: int) -> dict:
        """Chunk ``c`` as the browser reads it: its keyframe, then the changes of each
        following step, and the questions its steps ask.

        A mark, or a question's prompt, choices or items, is written once in the chunk's
        ``shared`` list and stands as its place there (a long walk shows the same lines
        and asks the same question at thousands of steps), and a step's table as an edit
        of the step before's where that is shorter (a table that gains a name a step);
        :func:`read_chunk` puts them back, as the player does.

        >>> from search_viz.film.demo import demo_film
        >>> chunk = demo_film().chunk(0)
        >>> chunk["key"]["m"], read_chunk(chunk)["key"]["m"]
        ([], [])
        """
        first = c * CHUNK_STEPS
        key = self.keyframes[c]
        shared = _Shared()
        changed = np.nonzero(key.looks != self.base)[0]
        keyframe = {
            "v": [int(x) for n in changed for x in (n, key.looks[n])],
            "t": [x for n, (dx, dy) in sorted(key.moves.items()) for x in (n, dx, dy)],
            "m": shared.marks(key.marks),
            "p": key.panel,
        }
        steps = []
        tables = key.panel.get("h") or {}
        for delta in self.deltas[first + 1 : first + CHUNK_STEPS]:
            step = delta.data()
            if delta.marks is not None:
                step["m"] = shared.marks(delta.marks)
            if "h" in delta.panel:
                step["p"] = {**delta.panel, "h": write_tables(tables, delta.panel["h"])}
                tables = delta.panel["h"]
            steps.append(step)
        out = {"first": first, "key": keyframe, "steps": steps}
        asks = [
            [k, shared.question(self._asks[k])]
            for k in range(first, first + CHUNK_STEPS)
            if k in self._asks
        ]
        if asks:
            out["q"] = asks  # [step, question] for the steps of this chunk that ask
        out["shared"] = shared.values
        return out

    @cached_property
    def header_bytes(self) -> bytes:
        """The header with every chunk inline, as gzipped JSON."""
        with held():
            return gzip_json(self.header())

    def payload(self) -> tuple[bytes, list[bytes]]:
        """The header (the later chunks left to be fetched) and each later chunk, gzipped."""
        return self._payload

    @cached_property
    def _payload(self) -> tuple[bytes, list[bytes]]:
        with held():  # the chunks' dicts are freed as they are written
            later = [gzip_json(self.chunk(c)) for c in range(1, self.n_chunks)]
            return gzip_json(self.header(chunk_urls=[""] * len(later))), later

    @cached_property
    def digest(self) -> str:
        """A short fingerprint of the film's data: equal films, equal digests.

        Taken from the bytes the browser is sent (:meth:`payload`), which a page makes
        anyway: a long film is encoded and compressed once, not twice.

        >>> from search_viz.film.demo import demo_film
        >>> demo_film().digest == demo_film().digest != demo_film(4).digest
        True
        """
        header, later = self._payload
        fingerprint = hashlib.sha1(header)
        for chunk in later:
            fingerprint.update(chunk)
        return fingerprint.hexdigest()[:16]

    def frames(self, steps) -> Iterator[tuple[int, Figure]]:
        """Each of ``steps`` drawn in turn on one scene (fast: for GIFs)."""
        scene = self.scene()
        for k in steps:
            self.apply(scene, k)
            yield k, scene.figure

    # ------------------------------------------------------------- the hosts
    def to_html(self, *, title: str | None = None, practice: bool | None = None) -> str:
        """One self-contained page that plays the film offline (nothing fetched).

        ``practice=True`` opens it in practice mode (the student answers each
        step's question before it plays); the page's Practice button, or
        ``?practice=1`` in its address, does too. :meth:`save` writes it to a file.

        >>> from search_viz.film.demo import demo_film
        >>> "<title>Dots</title>" in demo_film().to_html()
        True
        """
        from search_viz.film.pages import standalone_page

        self._check_whole("play offline")
        film = self if practice is None else self.for_practice(practice)
        return standalone_page([film], title=title or self.title)

    def save(self, path, *, title: str | None = None, practice: bool | None = None) -> Path:
        """Write :meth:`to_html` to ``path`` (a ``.html`` file): a page that plays offline.

        Returns the path written.

        >>> import tempfile
        >>> from search_viz.film.demo import demo_film
        >>> path = demo_film().save(Path(tempfile.mkdtemp()) / "dots.html")
        >>> path.name, path.read_text(encoding="utf-8")[:15]
        ('dots.html', '<!DOCTYPE html>')
        """
        path = Path(path)
        if path.suffix.lower() not in (".html", ".htm"):
            raise ValueError(
                f"a film is saved as a web page, a .html file, not {path.name!r}: for a picture "
                "use film.figure(k).savefig(...), for a GIF search_viz.film.export.gif"
            )
        path.write_text(self.to_html(title=title, practice=practice), encoding="utf-8")
        return path

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict[str, str]:
        """What a notebook shows: the player, and without trust the first picture and what
        to do (:func:`~search_viz.film.pages.notebook_output`)."""
        from search_viz.film.pages import notebook_output

        return notebook_output([self])

    def _repr_html_(self) -> str:
        from search_viz.film.pages import notebook_output

        return notebook_output([self])["text/html"]


def _apply(delta: Delta, looks: np.ndarray, moves: dict) -> None:
    values = delta.looks
    for i in range(0, len(values), 2):
        looks[values[i]] = values[i + 1]
    shifts = delta.moves
    for i in range(0, len(shifts), 3):
        shift = (shifts[i + 1], shifts[i + 2])
        if shift == (0.0, 0.0):
            moves.pop(shifts[i], None)
        else:
            moves[shifts[i]] = shift


def _png(figure: Figure) -> bytes:
    """``figure`` as PNG bytes, at 100 dots per inch (a notebook's picture)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100)
    return buffer.getvalue()


def changed_looks(looks: np.ndarray, base: np.ndarray) -> dict[int, int]:
    """The items whose look code differs from the scene's start, with their code.

    >>> changed_looks(np.array([1, 0, 2]), np.array([1, 1, 0]))
    {1: 0, 2: 2}
    """
    return {int(n): int(looks[n]) for n in np.nonzero(looks != base)[0]}


def scene_looks(codes: dict[int, int], looks: list[Look | None]) -> dict[int, int | Look]:
    """Items' look codes as :meth:`Scene.apply` takes them: a restyled code becomes its Look.

    ``looks`` lists the film's restyled looks by code (codes 0 and 1, hidden and
    shown, stay as they are).

    >>> scene_looks({4: 0, 5: 2}, [None, None, Look(fill="red")])
    {4: 0, 5: Look(fill='red', stroke=None, width=None, opacity=None)}
    """
    return {n: (looks[c] if c > SHOWN else c) for n, c in codes.items()}


class _Shared:
    """The values a chunk writes once (its ``shared`` list), each then named by its place."""

    def __init__(self) -> None:
        self.values: list = []
        self._places: dict = {}
        self._by_id: dict[int, int] = {}  # a film's marks are made once and kept: ids hold

    def _place(self, value: Any, key: Hashable) -> int:
        place = self._places.get(key)
        if place is None:
            place = self._places[key] = len(self.values)
            self.values.append(value)
        return place

    def marks(self, marks: list) -> list[int]:
        """The places of ``marks`` (each a mark's data list)."""
        places = []
        for mark in marks:
            place = self._by_id.get(id(mark))
            if place is None:
                place = self._by_id[id(mark)] = self._place(mark, tuple(mark))
            places.append(place)
        return places

    def question(self, data: dict) -> dict:
        """``data`` (a question as :meth:`Question.data` writes it) with its prompt, choices
        and items as places."""
        out = dict(data)
        out["p"] = self._place(data["p"], data["p"])
        if "c" in data:
            out["c"] = self._place(data["c"], ("c", data["c"]))
        if "i" in data:
            out["i"] = self._place(data["i"], ("i", data["i"]))
        return out


def text_edit(old: str, new: str) -> str | list:
    """``new`` written after ``old``: ``[kept, kept_end, middle]`` (the first ``kept``
    characters of ``old``, then ``middle``, then its last ``kept_end``) when that is
    ``EDIT_SAVES`` characters shorter, else ``new`` itself.

    A text with a character JavaScript counts as two (an emoji) is written whole: the
    player counts in its own units.

    >>> old = "<tr>A</tr>" * 10
    >>> text_edit(old, old + "<tr>B</tr>")
    [100, 0, '<tr>B</tr>']
    >>> text_edit("short", "shorter"), text_edit("x" * 40, "x" * 40 + "\U0001f600")
    ('shorter', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx😀')
    """
    if len(new) < EDIT_SAVES:
        return new
    if old == new:
        return [len(old), 0, ""]
    if old.isascii() and new.isascii():
        a, b, width = old.encode("latin-1"), new.encode("latin-1"), 1
    else:  # two bytes a character, unless one is outside the Basic Multilingual Plane
        a, b, width = old.encode("utf-16-le"), new.encode("utf-16-le"), 2
        if len(a) != 2 * len(old) or len(b) != 2 * len(new):
            return new
    kept, kept_end = _kept_ends(a, b, width)
    if kept + kept_end < EDIT_SAVES:
        return new
    return [kept, kept_end, new[kept : len(new) - kept_end]]


def _kept_ends(a: bytes, b: bytes, width: int) -> tuple[int, int]:
    """How many characters of ``width`` bytes the texts ``a`` and ``b`` begin alike, and then
    end alike (in what the beginning leaves).

    The bytes are read as one number each, their exclusive or's highest bit the first byte
    that differs: a comparison in C, not a loop in Python.

    >>> _kept_ends(b"abcd", b"abxd", 1), _kept_ends(b"ab", b"ab", 1), _kept_ends(b"a", b"", 1)
    ((2, 1), (2, 0), (0, 0))
    >>> _kept_ends("aé".encode("utf-16-le"), "aéé".encode("utf-16-le"), 2)
    (2, 0)
    """
    n = min(len(a), len(b))
    differ = int.from_bytes(a[:n], "big") ^ int.from_bytes(b[:n], "big")
    kept = (n - (differ.bit_length() + 7) // 8) // width
    rest = n - kept * width
    differ = int.from_bytes(a[len(a) - rest :], "little") ^ int.from_bytes(
        b[len(b) - rest :], "little"
    )
    return kept, (rest - (differ.bit_length() + 7) // 8) // width


def text_read(old: str, written: str | list) -> str:
    """The text :func:`text_edit` wrote after ``old``.

    >>> text_read("<tr>A</tr>", [10, 0, "<tr>B</tr>"])
    '<tr>A</tr><tr>B</tr>'
    """
    if isinstance(written, str):
        return written
    kept, kept_end, middle = written
    return old[:kept] + middle + old[len(old) - kept_end :]


def write_tables(before: dict, tables: dict) -> dict:
    """A step's tables (name -> HTML) as a chunk writes them after the step before's
    (``before``): each as an edit of its own (:func:`text_edit`).

    A table tends to change a row or a cell a step (the frontier, iterative deepening's
    visits): a maze's 1,071 steps write 220 kB of tables instead of 3 MB.

    >>> write_tables({"t": "<tr>A</tr>" * 10}, {"t": "<tr>A</tr>" * 10 + "<tr>B</tr>"})
    {'t': [100, 0, '<tr>B</tr>']}
    """
    return {name: text_edit(before.get(name) or "", html) for name, html in tables.items()}


def read_tables(before: dict, written: dict) -> dict:
    """The tables :func:`write_tables` wrote after ``before``, whole.

    >>> read_tables({"t": "<tr>A</tr>"}, {"t": [10, 0, "<tr>B</tr>"], "u": "<p>new</p>"})
    {'t': '<tr>A</tr><tr>B</tr>', 'u': '<p>new</p>'}
    """
    return {name: text_read(before.get(name) or "", html) for name, html in written.items()}


def read_chunk(chunk: dict) -> dict:
    """``chunk`` (see :meth:`Film.chunk`) with its shared values put back in their places,
    as the player reads it: each mark as its data, each question whole, each table
    whole.

    >>> from search_viz.film.questions import choice
    >>> shared = _Shared()
    >>> asked = shared.question(choice("Accept?", ["yes", "no"], "no", why="worse").data())
    >>> asked["p"], asked["c"]
    (0, 1)
    >>> chunk = {"key": {"m": shared.marks([["line", 0, 0, 1, 1, "s"]])}, "steps": [{}],
    ...          "q": [[1, asked]], "shared": shared.values}
    >>> read = read_chunk(chunk)
    >>> read["key"]["m"], read["q"][0][1]["c"], read["q"][0][1]["p"]
    ([['line', 0, 0, 1, 1, 's']], ('yes', 'no'), 'Accept?')
    """
    shared = chunk.get("shared", [])

    def marks(places):
        return [shared[n] for n in places]

    steps, tables = [], chunk["key"].get("p", {}).get("h") or {}
    for step in chunk["steps"]:
        step = {**step, "m": marks(step["m"])} if "m" in step else step
        if "h" in step.get("p", {}):
            tables = read_tables(tables, step["p"]["h"])
            step = {**step, "p": {**step["p"], "h": tables}}
        steps.append(step)
    asked = [
        [k, {**q, **{part: shared[q[part]] for part in ("p", "c", "i") if part in q}}]
        for k, q in chunk.get("q", [])
    ]
    out = {**chunk, "key": {**chunk["key"], "m": marks(chunk["key"]["m"])}, "steps": steps}
    if asked:
        out["q"] = asked
    out.pop("shared", None)
    return out


def gzip_json(data: object) -> bytes:
    """``data`` as compact JSON, gzipped the same way every time.

    Written by orjson, several times quicker than the standard library on a film's
    thousands of steps (51 ms against 7 ms for the local-search default's chunks), the same
    JSON: NumPy numbers as Python's, keys that are not strings as strings (a NaN, which the
    json module refuses, is written as null; the libraries' films hold none). Gzipped by
    zlib-ng, about twice as quick as the standard library's zlib at the same level, and a
    little smaller (bidirectional search's default film: 8 -> 4 ms).

    >>> import gzip
    >>> gzip.decompress(gzip_json({"a": 1, 2: (np.float64(0.5), np.int64(3))}))
    b'{"a":1,"2":[0.5,3]}'
    """
    text = orjson.dumps(data, default=_plain, option=orjson.OPT_NON_STR_KEYS)
    return gzip_ng.compress(text, compresslevel=6, mtime=0)


def _plain(value: object) -> object:
    """A NumPy number or array as plain Python data (what orjson asks of what it cannot write)."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(f"{type(value).__name__} is not JSON data")


__all__ = [
    "CHUNK_STEPS",
    "HIDDEN",
    "MIDDLE_STEPS",
    "OPENING_STEPS",
    "SHOWN",
    "VERY_LONG_FILM",
    "Delta",
    "Film",
    "Keyframe",
    "Question",
    "State",
    "gzip_json",
    "read_chunk",
]
