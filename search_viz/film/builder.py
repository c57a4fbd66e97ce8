"""Writing a film: a lesson walks its trace once and says, step by step, what changes.

>>> from matplotlib.figure import Figure
>>> from search_viz.film.scene import Scene
>>> def draw():
...     fig = Figure(figsize=(2, 1)); ax = fig.add_axes((0, 0, 1, 1))
...     scene = Scene(fig)
...     scene.tag_each(ax.scatter([0.2, 0.8], [0.5, 0.5]), ["A", "B"], shown=False)
...     return scene
>>> writer = FilmBuilder(draw, title="Two dots")
>>> writer.show("A"); writer.step("A appears.")
>>> writer.show("B"); writer.hide("A"); writer.step("B replaces A.", counters={"shown": 1})
>>> film = writer.film()
>>> len(film), film.state(1).looks
(2, {1: 1})
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Iterable, Mapping
from itertools import chain
from typing import Any, NamedTuple

import numpy as np
from matplotlib.figure import Figure

from search_viz.film.collector import Hold
from search_viz.film.edits import Edit
from search_viz.film.film import (
    CHUNK_STEPS,
    MIDDLE_STEPS,
    OPENING_STEPS,
    Delta,
    Film,
    FilmPart,
    Keyframe,
    changed_looks,
    scene_looks,
)
from search_viz.film.looks import HIDDEN, SHOWN, Look, Mark
from search_viz.film.questions import Question, item_rows
from search_viz.film.scene import Scene


class _Numbers(NamedTuple):
    """A pick's items as the scene numbers them: by choice, as a key, and as the pick's rows
    (:func:`~search_viz.film.questions.item_rows`), each worked out once per mapping."""

    by_choice: dict[Hashable, list[int]]
    key: tuple
    rows: tuple | None


#: What a question that is not a pick is asked with.
_NO_NUMBERS = _Numbers({}, (), None)


class FilmBuilder:
    """Collects a film's steps: changes to the scene's items, marks, and the panels.

    ``draw`` makes the scene (it is called again whenever a step is exported,
    so it must draw the same scene every time). Between two :meth:`step`
    calls, :meth:`show`, :meth:`hide`, :meth:`choose`, :meth:`move` and
    :meth:`marks` say what the next step changes; :meth:`step` closes it with
    its sentence, pseudocode line, counters and tables.

    ``meta`` are the film's other facts for the player (see :class:`Film`):
    ``title``, ``pseudocode`` (the text whose lines the steps light),
    ``layout`` ("side": panels beside the picture; "below": under it),
    ``shape`` (films of one shape keep the step when one replaces the other) and
    ``focus`` (where a picture wider than a phone's screen opens, as a fraction of its
    width: 0.5, its middle, unless told).

    From its start until :meth:`film` (or until it is gone), a builder holds Python's
    cycle collector off (see :mod:`search_viz.film.collector`).
    """

    def __init__(self, draw: Callable[[], Scene], **meta: Any) -> None:
        self._hold = Hold()
        weakref.finalize(self, self._hold.release)  # a build that fails lets go too
        self.draw = draw
        self.scene = draw()  # a Scene, or a Sketch (see search_viz.film.sketch)
        self.meta = meta
        n = len(self.scene)
        self._base = np.zeros(n, dtype=np.int16)
        self._base[self.scene.base] = SHOWN
        self._look = self._base.tolist()  # a list: read and written item by item, each step
        self._moves: dict[int, tuple[float, float]] = {}
        self._marks: list = []
        self._panel: dict[str, Any] = {}
        self._chosen: dict[Hashable, int] = {}
        self._looks: dict[Look, int] = {}  # restyled looks -> their code (2, 3, ...)
        self._codes_by_id: dict[int, tuple[Look, int]] = {}  # id of a Look -> it, its code
        self._pending_looks: dict[int, int] = {}
        self._pending_moves: dict[int, tuple[float, float]] = {}
        self._pending_marks: list | None = None
        self._deltas: list[Delta] = []
        self._keyframes: list[Keyframe] = []
        self._pending_question: tuple[Question, _Numbers] | None = None
        self._questions: dict[int, Question] = {}
        self._asks: dict[int, dict] = {}
        self._asked: dict[tuple, dict] = {}  # (question, its item numbers) -> its data
        self._numbers_of: dict[int, tuple] = {}  # id of an items mapping -> its numbers
        # (item numbers, what they are, their edits, drag role, paint role) per editable part
        self._editable: list[tuple[list[int], str, tuple[Edit, ...], str | None, str | None]] = []
        self._skip = 0  # the steps before this one change the picture only (see skip_to)

    # --------------------------------------------------------- what changes
    def show(self, name: Hashable, look: int | Look = SHOWN) -> None:
        """Show the item ``name`` (as drawn, or restyled by ``look``) from the next step on."""
        self._set(self.scene.item(name), self._code(look))

    def hide(self, name: Hashable) -> None:
        """Hide the item ``name`` from the next step on."""
        self._set(self.scene.item(name), HIDDEN)

    def choose(self, group: Hashable, name: Hashable | None, look: int | Look = SHOWN) -> None:
        """Show ``name`` and hide whatever was chosen last in ``group`` (None: hide it only).

        For items that stand for the looks of one thing (a node drawn once per
        status): exactly one of them is shown.
        """
        before = self._chosen.get(group)
        number = None if name is None else self.scene.item(name)
        if before is not None and before != number:
            self._set(before, HIDDEN)
        if number is None:
            self._chosen.pop(group, None)
            return
        self._chosen[group] = number
        self._set(number, self._code(look))

    def move(self, name: Hashable, dx: float, dy: float) -> None:
        """Shift the item ``name`` by (dx, dy) points from where the scene drew it."""
        number = self.scene.item(name)
        shift = (round(float(dx), 2), round(float(dy), 2))
        if self._moves.get(number, (0.0, 0.0)) == shift:
            self._pending_moves.pop(number, None)
        else:
            self._pending_moves[number] = shift

    def outcome(self, entries: Mapping[str, object]) -> None:
        """What the search comes to, in its counters' words (``{"path length": 18}``), kept in
        the film's meta: edit mode says what an edit changed there ("path length 18 → 20").

        >>> from search_viz.film.demo import demo_writer
        >>> writer = demo_writer()
        >>> writer.outcome({"lit": 2, "last": "B"}); writer.film().meta["outcome"]
        [['lit', '2'], ['last', 'B']]
        """
        self.meta["outcome"] = [[str(k), str(_plain(v))] for k, v in entries.items()]

    @property
    def counters(self) -> dict[str, object]:
        """The counters the last step written shows (none before the first).

        >>> from search_viz.film.demo import demo_writer
        >>> writer = demo_writer(1)  # one step: the dot lit
        >>> writer.counters
        {'lit': 1}
        """
        return dict(self._panel.get("c", ()))

    def marks(self, marks: Iterable[Mark]) -> None:
        """The marks drawn from data at the next step (they stay until changed)."""
        data = [m.data() for m in marks]
        self._pending_marks = data if data != self._marks else None

    def ask(
        self, question: Question, items: Mapping[Hashable, Iterable[Hashable]] | None = None
    ) -> None:
        """What the next step asks the student before it plays (practice mode).

        ``items``: for a pick, the names of the scene's items a click on which
        answers each choice (a node drawn once per look has several; a named
        option such as "no cut" has none); a mapping asked with is read once, so it
        must not change afterwards. The first step asks nothing: there is nothing
        before it to answer from.

        >>> from search_viz.film.demo import demo_writer
        >>> from search_viz.film.questions import pick
        >>> writer = demo_writer(2)
        >>> writer.ask(pick("Which dot goes dark?", ["A", "B"], "B", why="The last lit."),
        ...            {"A": ["A"], "B": ["B"]})
        >>> writer.hide("B lit"); writer.step("B goes dark.")
        >>> writer.film().question(2).answer
        'B'
        """
        if not self._deltas:
            raise ValueError("the first step asks nothing: there is nothing before it")
        if self.skipping:
            return
        if question.kind == "pick":
            numbers = self._item_numbers(question.choices, items or {})
            if not any(numbers.by_choice.values()):
                raise ValueError("a pick question needs items of the picture to click")
        else:
            numbers = _NO_NUMBERS
        self._pending_question = (question, numbers)

    def _item_numbers(self, choices: tuple, items: Mapping) -> _Numbers:
        """Each choice's item numbers, looked up once for a mapping the lesson asks with
        again (a long film asks one question of the same items at thousands of steps)."""
        known = self._numbers_of.get(id(items))
        if known is not None and known[0] is items and known[1] == choices:
            return known[2]
        by_choice = {c: [self.scene.item(n) for n in items.get(c, ())] for c in choices}
        numbers = _Numbers(
            by_choice,
            tuple((c, tuple(n)) for c, n in by_choice.items()),
            item_rows(choices, by_choice),
        )
        if len(self._numbers_of) >= 256:
            self._numbers_of.clear()
        self._numbers_of[id(items)] = (items, choices, numbers)  # the mapping kept: its id too
        return numbers

    def editable(
        self,
        names: Iterable[Hashable],
        what: str,
        edits: Iterable[Edit],
        *,
        drag: str | None = None,
        paint: str | None = None,
    ) -> None:
        """Clicking the items ``names`` in edit mode offers ``edits`` (changes to the problem).

        ``what`` says which part of the problem the items stand for ("leaf E, value 3"): a
        screen reader hears it, and the player's small form is headed by it. One edit that
        asks no number happens at a click; otherwise the player offers the edits in a form.
        ``drag`` and ``paint`` let a mouse drag the part (see
        :func:`~search_viz.film.edits.editable_data`); every change stays a click away too.
        The film's steps are not affected: the page applies a change and shows a new film.

        >>> from search_viz.film.demo import demo_writer
        >>> from search_viz.film.edits import Edit
        >>> writer = demo_writer()
        >>> writer.editable(["A", "A lit"], "dot A", [Edit("Remove A", {"do": "remove"})])
        >>> [edit.label for edit in writer.film().edits_of("A")]
        ['Remove A']
        """
        numbers = [self.scene.item(name) for name in names]
        edits = tuple(edits)
        if not numbers or not edits:
            raise ValueError("an editable part of the picture needs items and edits")
        self._editable.append((numbers, what, edits, drag, paint))

    # --------------------------------------------------------- a part of a film
    def skip_to(self, step: int) -> None:
        """Write only the steps from ``step`` on: the film's part that begins there (see
        :meth:`part`). Before it, each step still changes the picture (the lesson says what
        changes, as always) but keeps no sentence, panel or question: the lesson may leave
        their words out while :attr:`skipping` (a long film's later part, made without the
        cost of its earlier steps' words). ``step`` starts a chunk.

        >>> from search_viz.film.demo import blinking_writer
        >>> writer = blinking_writer(0)
        >>> writer.skip_to(500); writer.skipping
        True
        """
        if self._deltas or step % CHUNK_STEPS:
            raise ValueError(f"a part starts a chunk of {CHUNK_STEPS} steps, before any step")
        self._skip = step

    @property
    def first_written(self) -> int:
        """The first step written in full: 0, or the step :meth:`skip_to` set."""
        return self._skip

    @property
    def skipping(self) -> bool:
        """Whether the next step is one that :meth:`skip_to` leaves out (its words unused)."""
        return len(self._deltas) < self._skip

    def _skipped_step(self) -> None:
        """Close a step left out: its changes to the picture are kept, nothing else."""
        self._apply_pending()
        if len(self._deltas) % CHUNK_STEPS == 0:
            self._keyframes.append(None)  # its chunk is not written
        self._deltas.append(None)
        self._pending_looks, self._pending_moves, self._pending_marks = {}, {}, None
        self._pending_question = None

    def part(self, whole: int) -> FilmPart:
        """The chunks written since :meth:`skip_to`'s step, of a film of ``whole`` steps, as
        the browser reads them.

        >>> from search_viz.film.demo import blinking_film, blinking_writer
        >>> part = blinking_writer(1100, skip=500).part(1100)
        >>> sorted(part.chunks), part.chunks[1] == blinking_film(1100).chunk(1)
        ([1, 2], True)
        """
        self._check_closed()
        self._hold.release()
        if len(self._deltas) <= self._skip:
            raise ValueError("a part holds a step at least: write one beyond skip_to's")
        film = self._made(whole if len(self._deltas) < whole else None, part=True)
        first = self._skip // CHUNK_STEPS
        return FilmPart(whole, {c: film.chunk(c) for c in range(first, film.n_chunks)})

    def _code(self, look: int | Look) -> int:
        if look.__class__ is int:  # hidden or shown
            return look
        if isinstance(look, Look):
            # a lesson restyles with a few Look objects thousands of times: each is hashed
            # (all its fields) once, then known by its id (kept, so that the id stays its own)
            known = self._codes_by_id.get(id(look))
            if known is not None and known[0] is look:
                return known[1]
            code = self._looks.setdefault(look, 2 + len(self._looks))
            if len(self._codes_by_id) >= 4096:
                self._codes_by_id.clear()
            self._codes_by_id[id(look)] = (look, code)
            return code
        return int(look)

    def _set(self, number: int, code: int) -> None:
        if self._look[number] == code:
            self._pending_looks.pop(number, None)
        else:
            self._pending_looks[number] = code

    # --------------------------------------------------------- closing a step
    def step(
        self,
        sentence: str,
        *,
        line: int | None = None,
        counters: Mapping[str, object] | None = None,
        tables: Mapping[str, str] | None = None,
        description: str | None = None,
    ) -> None:
        """Close the step: its sentence, pseudocode line, counters and tables (HTML).

        Counters and tables stay as they were when not given. ``description`` says in
        words what the picture shows after the step (what is current, the frontier, the
        values), for a screen reader; None: the step has none.

        >>> from search_viz.film.demo import demo_writer
        >>> writer = demo_writer(2)
        >>> writer.hide("B lit"); writer.step("B goes dark.", description="A is lit, B dark.")
        >>> writer.film().state(2).description
        'A is lit, B dark.'
        """
        if self.skipping:
            self._skipped_step()
            return
        panel = {"s": sentence, "l": line}
        if description is not None or "d" in self._panel:
            panel["d"] = description or ""
        if counters is not None:
            # tuples of plain values, which Python's cycle collector stops walking: a long
            # film holds thousands of these, and JSON writes them as lists
            panel["c"] = tuple((str(k), _plain(v)) for k, v in counters.items())
        if tables is not None:
            panel["h"] = dict(tables)
        changed = {k: v for k, v in panel.items() if self._panel.get(k, _UNSET) != v}
        self._panel.update(panel)
        self._apply_pending()
        delta = Delta(
            looks=tuple(chain.from_iterable(sorted(self._pending_looks.items()))),
            moves=tuple(
                x for n, (dx, dy) in sorted(self._pending_moves.items()) for x in (n, dx, dy)
            ),
            marks=self._pending_marks,
            panel=changed,
        )
        if self._pending_question is not None:
            question, numbers = self._pending_question
            self._questions[len(self._deltas)] = question
            self._asks[len(self._deltas)] = self._question_data(question, numbers)
            self._pending_question = None
        if len(self._deltas) % CHUNK_STEPS == 0:
            self._keyframes.append(
                Keyframe(_codes(self._look), dict(self._moves), self._marks[:], dict(self._panel))
            )
        self._deltas.append(delta)
        self._pending_looks, self._pending_moves, self._pending_marks = {}, {}, None

    def _apply_pending(self) -> None:
        """Make the step's changes to the items' looks, their moves and the marks the state."""
        look = self._look
        for number, code in self._pending_looks.items():
            look[number] = code
        for number, shift in self._pending_moves.items():
            if shift == (0.0, 0.0):
                self._moves.pop(number, None)
            else:
                self._moves[number] = shift
        if self._pending_marks is not None:
            self._marks = self._pending_marks

    def _question_data(self, question: Question, numbers: _Numbers) -> dict:
        """``question.data(...)``, written once for each question the film asks again."""
        key = (question, numbers.key)
        data = self._asked.get(key)
        if data is None:
            data = self._asked[key] = question.data(numbers.by_choice, numbers.rows)
        return data

    def film(self, whole: int | None = None) -> Film:
        """The finished film; ``whole``: it is the opening of a film of ``whole`` steps (see
        :mod:`search_viz.film.film`), made of exactly its first :data:`OPENING_STEPS` steps,
        or its middle, made of its first :data:`MIDDLE_STEPS`.

        >>> from search_viz.film.demo import demo_writer
        >>> demo_writer().film(whole=600)
        Traceback (most recent call last):
        ValueError: an opening is the first 100 or 1000 steps of a longer film: 3 steps of 600
        """
        try:
            return self._made(whole)
        finally:
            self._hold.release()

    def _made(self, whole: int | None, part: bool = False) -> Film:
        self._check_closed()
        made = len(self._deltas)
        if self._skip and not part:
            raise ValueError("a film written from a later step is a part: make it with part()")
        if (
            whole is not None
            and not part
            and not (made in (OPENING_STEPS, MIDDLE_STEPS) and made < whole)
        ):
            raise ValueError(
                f"an opening is the first {OPENING_STEPS} or {MIDDLE_STEPS} steps of a longer "
                f"film: {made} steps of {whole}"
            )
        return Film(
            draw=self.draw,
            svg="" if part else self.scene.svg(),  # a part's chunks carry no scene
            base=self._base,
            looks=self._look_list(),
            mark_styles=dict(self.scene.mark_styles),
            size=self.scene.size,
            deltas=self._deltas,
            keyframes=self._keyframes,
            meta=self.meta,
            names=self.scene.names(),
            questions=self._questions,
            asks=self._asks,
            editable=self._editable,
            whole=whole,
        )

    def last_picture(self) -> Figure:
        """The scene as the last step left it: a picture of the end, without a film.

        The same picture as ``film().figure(-1)`` at half the cost: that writes the
        film's SVG and draws the scene again. The figure is the builder's own scene,
        so ask for it once, after the last step.

        >>> from search_viz.film.demo import demo_writer
        >>> picture = demo_writer().last_picture()  # the three dots, all lit
        >>> [t.get_visible() for t in picture.axes[0].texts if t.get_text() == "lit"]
        [True, True, True]
        """
        self._check_closed()
        looks = scene_looks(changed_looks(_codes(self._look), self._base), self._look_list())
        scene = self.scene if isinstance(self.scene, Scene) else self.scene.scene()
        scene.apply(looks, dict(self._moves), list(self._marks))
        return scene.figure

    def _check_closed(self) -> None:
        if (
            self._pending_looks
            or self._pending_moves
            or self._pending_marks is not None
            or self._pending_question is not None
        ):
            raise ValueError("changes were made after the last step: close it with step()")

    def _look_list(self) -> list[Look | None]:
        """The restyled looks by code (codes 0 and 1 are hidden and shown)."""
        return [None, None] + [look for look, _ in sorted(self._looks.items(), key=lambda x: x[1])]


_UNSET = object()


def _codes(looks: list[int]) -> np.ndarray:
    """Look codes as the film keeps them (one small integer per item)."""
    return np.array(looks, dtype=np.int16)


def _plain(value: object) -> object:
    """A counter's value as JSON holds it (numbers stay numbers)."""
    kind = type(value)
    if kind is int or kind is str or kind is float:  # the usual ones, as they are
        return value
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return float(value)
    return str(value)
