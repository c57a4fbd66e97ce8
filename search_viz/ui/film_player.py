"""The film player in a Streamlit page: every step happens in the browser.

``film_player(film, key=...)`` shows a :class:`~search_viz.film.Film` with the
one player (``search_viz/film/assets/player.js``, a custom component v2): first,
back, play/pause, forward, last, the step slider, the speed, the keys (Left,
Right, Space), ``?step=`` in the URL, Share and Export. A click never reaches
the server: the films travel once, as gzipped files served by Streamlit's media
endpoint (shared by every session on the same film, fetched by the browser
ahead of need; an edit's film comes in the answer to the edit), the player's
script too (the component's own script is a small loader, which Streamlit
sends with every message that shows the player), and the page
hears from the player only when the student asks for an export or a new
practice problem, or, with ``report=True``, the step where the student paused.

Practice mode (the Practice button, ``?practice=1`` in the link, or
``practice=True`` here): the student answers each step's question
(``film.question(k)``) before it plays, graded in the browser.

Two films make compare mode: one player steps both, side by side.

A long film may be given as its :class:`Opening`: the player shows its first steps at once,
and asks for the rest (the page then builds the whole film) when the student nears their
end, jumps past it, or follows a link to a later step. A very long film's rest comes in two
stages: its middle (its first thousand steps, made in a blink) and then the whole film.

Edit mode (the Edit button, where a page passes ``edit=Editing(...)`` and its films offer
edits, :mod:`search_viz.film.edits`): the student changes the problem by clicking the
picture; the page's widgets take the changed problem (so the link holds it), the page runs
again with the new films, and Undo puts the previous problem back. With ``Editing.films``
the player is a fragment: an edit reruns it alone with the edited problem's films, and the
player, once their picture is painted, has the whole page run (``settle``), so that the
rest of it catches up.

Example, in a page::

    film = cached_film(problem_key)          # an st.cache_resource'd Film
    film_player(film, key="game")
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import streamlit as st
from streamlit.errors import StreamlitAPIException
from streamlit.runtime.scriptrunner import get_script_run_ctx

from search_viz.film import CHUNK_STEPS, MIDDLE_STEPS, VERY_LONG_FILM, Film, FilmPart
from search_viz.film.collector import held_and_collected_later
from search_viz.film.edits import apply_change
from search_viz.film.pages import player_assets, streamlit_loader
from search_viz.ui.export import film_export_dialog
from search_viz.ui.links import CHANGED_BY_PAGE
from search_viz.ui.presenter import is_on as presenting
from search_viz.ui.spinners import quiet

_PLAYER, _CSS = player_assets()
_PLAYER_BYTES = _PLAYER.encode("utf-8")
# The component's script is a small loader: Streamlit sends it in every message that shows
# the player; the player itself is a file on the media endpoint, fetched once per page.
_COMPONENT = st.components.v2.component("search_viz.film_player", js=streamlit_loader(), css=_CSS)
_MIME = "application/octet-stream"
_SCRIPT_MIME = "text/javascript"
_starts = itertools.count(1)
#: How many edits Undo can take back, one at a time.
MAX_UNDO = 50


@dataclass(frozen=True)
class Editing:
    """How a page lets the student change its problem in the picture (the player's edit mode).

    ``problem``: the problem the films show; ``edit(problem, change)``: that problem with a
    change the film offers made (a lesson's ``edits.edited``), or a ValueError whose message
    the player shows (the problem stays); ``widgets(problem)``: the values of the page's
    widgets (their session-state keys, bound to the URL) that choose a problem, so that the
    link holds an edited one; ``hint``: what a click on the picture does, in a sentence.

    ``films(problem)``, if given: the film (or the films, in compare mode; each may be an
    :class:`Opening`) the page shows for ``problem``, with its other choices as they are.
    Then an edit reruns the player alone (a fragment: the new picture sooner), and the rest
    of the page once it is painted.
    Without it, an edit reruns the whole page.

    Example, in a page::

        editing = Editing(tree, edited, lambda t: {"tree": OWN, "text": t.text()}, HINT,
                          films=lambda t: cached_film(search.but(text=t.text())))
        film_player(film, key="game", edit=editing)
    """

    problem: Any
    edit: Callable[[Any, Any], Any]
    widgets: Callable[[Any], Mapping[str, object]]
    hint: str
    films: Callable[[Any], Film | Opening | Sequence[Film | Opening]] | None = None


@dataclass(frozen=True)
class Opening:
    """A long film shown by its opening first: ``film`` is the opening (the first steps, made
    by ``FilmBuilder.film(whole=n)``), ``whole()`` makes the whole film, and ``middle()``, if
    given, its middle (its first ``MIDDLE_STEPS`` steps), which the player sends first for a
    film of more than ``VERY_LONG_FILM`` steps. ``whole`` and ``middle`` run in a background
    thread: they may call cached functions, but must not show anything (no spinner).

    The player asks for the rest once the student goes on. The whole film is then made in
    the background, once for every session, while the player stays as it is (the student
    steps through the opening); the player asks again until it is made, and takes it as the
    rest of the film it shows (the step, practice and play go on). With a middle, the
    middle is made as soon as the opening is shown, and sent once the student goes on (the
    whole film is made after it, once asked for); a student who goes on past the middle
    before the whole film is made waits for it there, not at the end of the opening.
    With ``part``, such a film's whole film is made for an export only (:func:`in_parts`): a
    step asked for beyond the middle (a jump, or the next steps of a student who plays on)
    comes in a part, the chunks around it, made in the background within about a second and
    sent with the middle.
    Example, in a page whose run is long::

        film_player(Opening(cached_opening(key), partial(cached_film, key)), key="walk")
    """

    film: Film
    whole: Callable[[], Film]
    middle: Callable[[], Film] | None = None
    #: Makes some chunks of the whole film (a range of chunk numbers) without the steps
    #: before them: past the middle of a very long film, the player is sent those chunks
    #: (see :data:`PART_CHUNKS`). None: it waits for the whole film.
    part: Callable[[range], FilmPart] | None = None


def film_player(
    films: Film | Opening | Sequence[Film | Opening],
    *,
    key: str,
    titles: Sequence[str] | None = None,
    start: int | None = None,
    report: bool = False,
    export: bool = True,
    url_step: bool = True,
    practice: bool = False,
    new_problem: Callable[[], None] | None = None,
    edit: Editing | None = None,
) -> int | None:
    """Show ``films`` (one, or two for compare mode; each a Film or an :class:`Opening`) in the
    browser player.

    ``start``: move the player to this step now (once per call that passes it;
    a link's ``?step=`` is read by the player itself). ``report``: return the
    step where the student last paused (this costs a rerun per pause; without
    it the page never hears the step and returns None). ``export``: offer the
    Export dialog (PNG, SVG, GIF, a web page). ``url_step``: keep the step in the
    link's ``?step=`` (one player per page may: give the others False).
    ``practice``: open in practice mode (the link's ``?practice=1`` does too).
    ``new_problem``: called (before the page runs again) when the student asks
    for a new practice problem; it changes the page's problem, typically its
    seed in ``st.session_state``. Without it the player offers no "New problem".
    ``edit``: let the student change the problem in the picture (see :class:`Editing`);
    without it, or where the films offer no edits, the player has no Edit button.

    A new film of the same ``shape`` (its meta) keeps the step, so flipping an
    option that does not change the replay's length stays at the same moment.
    """
    options = {
        "titles": titles, "start": start, "report": report, "export": export,
        "url_step": url_step, "practice": practice, "new_problem": new_problem,
    }  # fmt: skip
    if edit is not None and edit.films is not None and not report:
        _edited_in_place(_as_list(films), key, edit, options)
        return None
    return _player(_as_list(films), key=key, edit=edit, in_place=False, **options)


def _as_list(films: Film | Opening | Sequence[Film | Opening]) -> list[Film | Opening]:
    return [films] if isinstance(films, (Film, Opening)) else list(films)


@st.fragment
def _edited_in_place(films: list[Film | Opening], key: str, edit: Editing, options: dict) -> None:
    """The player of a page whose edits rerun the player alone (see :class:`Editing`).

    In a rerun of this fragment, the problem is the one the last edit (or Undo) made, and
    its films are the page's ``edit.films`` of it; in a run of the whole page, the page's
    own (its widgets hold that problem by then).
    """
    with held_and_collected_later():  # as the whole page's run: see streamlit_app.py
        _edited_or_shown(films, key, edit, options)


def _edited_or_shown(films: list[Film | Opening], key: str, edit: Editing, options: dict) -> None:
    pending = _pending_edits().get(key)
    if not _running_alone():
        if pending is not None and not pending.shown:  # its widgets hold the problem now
            _pending_edits()[key] = replace(pending, shown=True, at=time.monotonic())
        st.session_state.pop(_catch_up_key(key), None)
    elif st.session_state.pop(_catch_up_key(key), False):
        st.rerun()  # the whole page, with the widgets' values the edits wrote
    elif pending is not None and not pending.shown:
        _restore_pending(key)
        problem = pending.problem
        edit = replace(edit, problem=problem)
        with quiet():  # the player says it is making the new replay
            films = _as_list(edit.films(problem))
    _player(films, key=key, edit=edit, in_place=True, **options)


def _running_alone() -> bool:
    """Whether this run is a fragment's alone (not the whole page's)."""
    ctx = get_script_run_ctx()
    return bool(ctx and ctx.fragment_ids_this_run)


def _player(
    shown: list[Film | Opening],
    *,
    key: str,
    titles: Sequence[str] | None,
    start: int | None,
    report: bool,
    export: bool,
    url_step: bool,
    practice: bool,
    new_problem: Callable[[], None] | None,
    edit: Editing | None,
    in_place: bool,
) -> int | None:
    """The player itself (see :func:`film_player`); ``in_place``: it is a fragment's, whose
    triggers rerun it alone."""
    films = [_film_of(film) for film in shown]
    if not films or any(len(film) == 0 for film in films):
        st.info("This search has no steps to replay.")
        return None
    stage = _stage_asked(shown, key)
    alone = _running_alone()
    inline = in_place and alone  # an edit's (or Undo's) films: no fetch to wait for
    far = _far_asked(key)
    data = {
        "player": _media(_PLAYER_BYTES, "player", _SCRIPT_MIME),
        "films": [_spec(film, stage, f"{key}.{i}", inline, far) for i, film in enumerate(shown)],
        "titles": list(titles or [film.title for film in films]),
        "present": presenting(),
        "share": True,
        "export": export,
        "report": report,
        "urlStep": url_step,
        "practice": practice,
        "newProblem": new_problem is not None,
    }
    if edit is not None:
        # caughtUp: the whole page ran (its widgets, so the link, hold the problem shown)
        data["edit"] = _edit_data(edit, key) | {"settle": in_place, "caughtUp": not alone}
    if start is not None:
        data["start"] = {"step": int(start), "nonce": next(_starts)}
    callbacks = {
        "on_export_change": _ignore,
        "on_new_problem_change": (
            partial(_new_problem, new_problem, key if in_place else None)
            if new_problem
            else _ignore
        ),
        "on_edit_change": partial(_edit, edit, key, in_place) if edit else _ignore,
        "on_settle_change": partial(_catch_up, key) if in_place else _ignore,
        "on_more_change": partial(_more, key),
    }
    if report:
        callbacks["on_step_change"] = _ignore
    result = _COMPONENT(key=key, data=data, height="content", **callbacks)
    asked = _read(result, "export")
    if asked is not None and export:
        film_export_dialog(_exported(shown), int(asked), key)
    if not report:
        return None
    step = _read(result, "step")
    return None if step is None else int(step)


# ---------------------------------------------------------------- openings
def _more_key(key: str) -> str:
    return f"search_viz.film_player.{key}.more"


#: How many openings' rests a player remembers being asked for (the latest ones).
MAX_REMEMBERED_OPENINGS = 16


def _more(key: str) -> None:
    """The player asked for the rest of the opening (or middle) it shows (``{"id": its
    digest}``): from now on this session is sent the next stage of that film, once it is
    made."""
    more = _read(st.session_state.get(key) or {}, "more")
    asked = more.get("id") if isinstance(more, dict) else None
    if not isinstance(asked, str):
        return
    step = more.get("step")
    if isinstance(step, int) and not isinstance(step, bool) and step >= 0:
        far = st.session_state.setdefault(_far_key(key), {})
        far.pop(asked, None)  # the latest last
        far[asked] = step
        for old in list(far)[:-MAX_REMEMBERED_OPENINGS]:
            del far[old]
    wanted = st.session_state.setdefault(_more_key(key), [])
    if asked not in wanted:
        wanted.append(asked)
        del wanted[:-MAX_REMEMBERED_OPENINGS]


def _far_key(key: str) -> str:
    return f"search_viz.film_player.{key}.far"


def _far_asked(key: str) -> dict[str, int]:
    """The step the player last asked for beyond what it holds, by the film it asked it of
    (its opening's or its middle's digest; compare mode asks of two films at once)."""
    return st.session_state.get(_far_key(key), {})


def _film_of(film: Film | Opening) -> Film:
    """The film a player starts from (its title, its first steps): an opening's opening."""
    return film.film if isinstance(film, Opening) else film


def _whole(film: Film | Opening) -> Film:
    """The whole film (an export's): an opening's waits for its rest to be made."""
    return _rest(film).whole.result() if isinstance(film, Opening) else film


def _exported(shown: list[Film | Opening]) -> list[Film]:
    """The whole films of ``shown``, for an export. A film whose steps come in parts has none
    until then (seconds for the longest): a note in the corner, where it is seen whatever
    the page shows, says that it is being made."""
    making = [
        film.film.whole
        for film in shown
        if in_parts(film) and not _rest(film, whole=False).whole_made()
    ]
    if not making:
        return [_whole(film) for film in shown]
    note = st.toast(
        f"Making the whole replay ({max(making):,} steps) to export it: a few seconds…",
        icon=":material/hourglass_top:",
        duration="long",
    )
    wholes = [_whole(film) for film in shown]
    # said at once, so that the note left in the corner as the export opens is not stale
    note.toast(
        f"Made: the whole replay, {max(making):,} steps.", icon=":material/check:", duration=3
    )
    return wholes


#: How far the player has asked an opening to go: not at all, to its middle (or its whole
#: film, where it has no middle), to its whole film.
NOT_ASKED, PAST_OPENING, PAST_MIDDLE = 0, 1, 2


def _stage_asked(shown: list[Film | Opening], key: str) -> int:
    """How far the player asked the openings it shows to go (see :data:`PAST_OPENING`): the
    furthest any went, for all of them (compare mode steps both at once)."""
    wanted = st.session_state.get(_more_key(key), ())
    stage = NOT_ASKED
    for film in shown:
        if isinstance(film, Opening) and film.film.digest in wanted:
            middle = _rest(film, whole=False).made_middle()
            stage = max(stage, PAST_MIDDLE if middle and middle.digest in wanted else PAST_OPENING)
    return stage


def _spec(
    film: Film | Opening,
    stage: int,
    where: str,
    inline: bool = False,
    far: Mapping[str, int] | None = None,
) -> dict:
    """What the player needs to fetch ``film`` (``stage``: how far an opening was asked to go,
    see :func:`_stage_asked`).

    An opening asked to go on: its whole film once it is made (waited on for up to
    ``REST_WAIT_S``), said to be the rest of the opening and of its middle (``opens``: their
    digests); until then, its middle once that is made (waited on likewise when the player
    shows the opening); until then the opening. While the stage asked for is still being
    made, the spec says ``making`` (the player asks again: the time it was said makes each
    answer new to the player), or why it could not be made (``restError``: the player says
    so instead of waiting). ``inline``: the film's header travels in the spec itself (see
    :func:`_publish`). ``far``: the step the player last asked for beyond what it holds, by
    film (see :func:`_far_asked`); until the whole film is made, the spec of a middle carries
    the part of the whole film around that step (see :func:`part_chunks`) as ``extra``
    chunks (their number -> URL), made in the background and waited on for up to
    ``PART_WAIT_S``. A film in parts (:func:`in_parts`) is sent as its middle (``parts``:
    the player asks for the next part ahead) until an export makes its whole film."""
    if not isinstance(film, Opening):
        return _publish(film, where, inline)
    if stage == NOT_ASKED:
        if _staged(film) and not inline:
            # the middle is made at once (about a second), so that it is ready when the
            # student goes on past the opening (3 s at 30 steps a second). Not for an
            # edit's film: the student is editing, and the next edit would wait for it
            _rest(film, whole=False)
            if film.part is not None:  # then the part End asks for, the likeliest jump
                steps = film.film.whole
                _part(film, part_chunks(steps - 1, steps, MIDDLE_STEPS), _MAKER)
        return _publish(film.film, where, inline)
    rest = _rest(film, whole=False)
    parted = in_parts(film)
    part = _far_part(film, rest, far)
    if part is not None:
        wait([part], timeout=PART_WAIT_S)
    if not parted:
        _rest(film)  # the whole film
    asked = rest.middle if (parted or stage == PAST_OPENING) and rest.middle else rest.whole
    if part is None:
        wait([asked], timeout=REST_WAIT_S)  # a short film's rest comes in this answer
    middle = rest.made_middle()
    opened = [film.film.digest] + ([middle.digest] if middle else [])
    if rest.whole_made() and rest.whole.exception() is None:
        return _publish(rest.whole.result(), where) | {"opens": opened}
    shown = {"opens": opened[:1]} if middle else {}
    spec = _publish(middle or film.film, where) | shown | ({"parts": True} if parted else {})
    if part is not None and part.done() and middle is not None:
        if part.exception() is not None:
            why = f"this part of the replay could not be made: {part.exception()}"
            return spec | {"restError": why}
        spec["extra"] = {str(c): _media(data, f"{where}.{c}") for c, data in part.result().items()}
    elif part is not None and not (rest.middle.done() and middle is None):
        return spec | {"making": time.time()}  # the part, or the middle it is sent with
    if asked is None or not asked.done():
        return spec | {"making": time.time()}
    if asked.exception() is not None:
        why = f"the rest of this replay could not be made: {asked.exception()}"
        return spec | {"restError": why}
    return spec


#: What makes the whole films of openings, away from the pages' runs (one at a time: the
#: server's other work goes on beside it).
_MAKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="search_viz.rest")


class _Rest:
    """The rest of an opening, made or being made in the background: its middle (None for a
    film without one) and its whole film (None until the player asks for it)."""

    def __init__(self, middle: Future | None) -> None:
        self.middle = middle
        self.whole: Future | None = None

    def made_middle(self) -> Film | None:
        """The middle, if it has been made."""
        made = self.middle is not None and self.middle.done() and not self.middle.exception()
        return self.middle.result() if made else None

    def whole_made(self) -> bool:
        """Whether the whole film has been made (or failed)."""
        return self.whole is not None and self.whole.done()

    def idle(self) -> bool:
        """Whether nothing of it is being made (then the server may forget it)."""
        return all(made is None or made.done() for made in (self.middle, self.whole))


#: The rests made or being made, by their opening's digest (the latest ones).
_RESTS: dict[str, _Rest] = {}
_RESTS_LOCK = threading.Lock()
#: How many whole films the server keeps made for the players asking again.
MAX_RESTS = 16
#: How long a run that answers a player's ask waits for the rest before it says it is still
#: being made: a film of a few thousand steps is made within it (0.25-0.6 s for the local
#: search page's default annealing), and comes in that answer instead of at the player's
#: next ask (``REST_POLL_MS`` in player.js). In Chromium, Last on that page's opening showed
#: the last step 0.8-0.9 s after the click, against 1.4-1.5 s without the wait.
REST_WAIT_S = 1.0


def _rest(opening: Opening, whole: bool = True) -> _Rest:
    """The rest of ``opening`` (its middle, then, with ``whole``, its whole film), made in the
    background once for every session."""
    digest = opening.film.digest
    with _RESTS_LOCK:
        rest = _RESTS.get(digest)
        if rest is None:
            idle = [d for d, made in _RESTS.items() if made.idle()]
            for old in idle[: max(0, len(_RESTS) - MAX_RESTS + 1)]:
                del _RESTS[old]
            middle = _MAKER.submit(_sendable, opening.middle) if _staged(opening) else None
            rest = _RESTS[digest] = _Rest(middle)
        if whole and rest.whole is None:
            rest.whole = _MAKER.submit(_sendable, opening.whole)
    return rest


def in_parts(opening: Film | Opening) -> bool:
    """Whether the steps of ``opening``'s film past its middle come only in parts, each made
    when the player asks for it (a step far on, or the next steps of a student who plays
    on): a film of more than ``VERY_LONG_FILM`` steps that can be made in parts. Its whole
    film is made for an export only (4-7 s of a core for the longest the pages offer).

    >>> from search_viz.film.demo import blinking_writer
    >>> opening = blinking_writer(100).film(whole=6_000)
    >>> made = lambda *_: None  # what would make the middle, the whole film, a part
    >>> in_parts(Opening(opening, whole=made, middle=made, part=made))
    True
    >>> in_parts(Opening(opening, whole=made, middle=made))
    False
    """
    return isinstance(opening, Opening) and opening.part is not None and _staged(opening)


def _staged(opening: Opening) -> bool:
    """Whether ``opening``'s rest comes in two stages: its middle, then its whole film."""
    return opening.middle is not None and opening.film.whole > VERY_LONG_FILM


#: The chunks of a part: the one holding the step asked for, the one before (a step back
#: from the end) and the one after (a student who plays on).
PART_CHUNKS = 3
#: How long a run that answers a player's ask for a far step waits for its part: made in
#: about a second, it comes in that answer.
PART_WAIT_S = 3.0
#: What makes the parts of long films, beside the maker of middles and whole films (a part
#: is asked for while a middle, or an export's whole film, is being made).
_PART_MAKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="search_viz.part")
#: The parts made or being made, by (their opening's digest, their chunks): the latest ones.
_PARTS: dict[tuple[str, range], Future] = {}
#: How many parts the server keeps.
MAX_PARTS = 16


def part_chunks(step: int, steps: int, held: int) -> range:
    """The chunks of the part sent for ``step`` of a film of ``steps`` steps whose first
    ``held`` steps the player holds: :data:`PART_CHUNKS` of them from the one before the
    step's, within the film and after those held (none when the step is held).

    >>> part_chunks(59_999, 60_000, 1000), part_chunks(1000, 60_000, 1000)
    (range(118, 120), range(2, 5))
    >>> part_chunks(700, 60_000, 1000)
    range(2, 2)
    """
    chunk, last = step // CHUNK_STEPS, (steps - 1) // CHUNK_STEPS
    lowest = -(-held // CHUNK_STEPS)
    if chunk < lowest:
        return range(lowest, lowest)
    first = max(lowest, chunk - 1)
    return range(first, min(last + 1, first + PART_CHUNKS))


def _far_part(film: Opening, rest: _Rest, far: Mapping[str, int] | None) -> Future | None:
    """The part of ``film``'s whole film around the step ``far`` says was asked of it (see
    :func:`_far_asked`, :data:`Opening.part`), made or being made; None where none is
    wanted: no step asked beyond the middle, a film without parts or middle, or a whole film
    made."""
    if not far or not in_parts(film) or rest.whole_made():
        return None
    middle = rest.made_middle()
    step = far.get(middle.digest) if middle is not None else None
    step = far.get(film.film.digest) if step is None else step  # asked of the middle: later
    if step is None:
        return None
    chunks = part_chunks(step, film.film.whole, MIDDLE_STEPS)
    return _part(film, chunks) if chunks else None


def _part(opening: Opening, chunks: range, maker: ThreadPoolExecutor = _PART_MAKER) -> Future:
    """The gzipped chunks ``chunks`` of ``opening``'s whole film, made in the background (by
    ``maker``) once for every session."""
    key = (opening.film.digest, chunks)
    with _RESTS_LOCK:
        made = _PARTS.get(key)
        if made is None:
            made = _PARTS[key] = maker.submit(lambda: opening.part(chunks).gzipped())
            for old in list(_PARTS)[: max(0, len(_PARTS) - MAX_PARTS)]:
                del _PARTS[old]
    return made


def _sendable(make: Callable[[], Film]) -> Film:
    """``make()``, its bytes for the browser made too (in the background, not in the run
    that sends it)."""
    film = make()
    film.payload()
    return film


def _read(result, name: str):
    """A state or trigger value of the component's result (None when unset)."""
    if hasattr(result, "get"):
        return result.get(name)
    return getattr(result, name, None)


def _new_problem(change: Callable[[], None], in_place: str | None) -> None:
    """The student asked for a new practice problem: the page changes it (before its run).

    The link still holds the old problem's parameters when that run begins; they were
    changed on purpose, so ``link_check`` is told not to call them dropped. ``in_place``:
    the key of a player that reruns alone, which then has the whole page run.
    """
    st.session_state[CHANGED_BY_PAGE] = True
    if in_place is not None:
        _catch_up(in_place)
    change()


# ------------------------------------------------------------------ edit mode
def _undo_key(key: str) -> str:
    return f"search_viz.film_player.{key}.undo"


def _answer_key(key: str) -> str:
    return f"search_viz.film_player.{key}.edit"


def _pending_edits() -> dict[str, _Pending]:
    """Each player's (by its key) last :class:`_Pending` edit."""
    return st.session_state.setdefault("search_viz.film_player.pending", {})


#: How long after an edit made while only its player ran the browser may still send its
#: widgets' old values: a message it sent before the whole page's run reached it (a choice
#: made in the sidebar at once) carries them. Until then the edit's values are written over
#: them; a widget changed to a value it never held keeps it.
STALE_SECONDS = 5.0

#: A widget's old value in :attr:`_Pending.stale` when the widget had none (not on the page).
_ABSENT = object()


@dataclass(frozen=True)
class _Pending:
    """The last edit (or Undo) of a player that reruns alone.

    ``problem``: the problem it made; ``values``: the widgets' values that choose it;
    ``missing``: widgets it gives their defaults again; ``stale``: each of those widgets'
    values since the edits in a row began (``_ABSENT``: none), which the browser may still
    send; ``page``: the page it was made on (Streamlit's hash of it); ``at``: when
    (``time.monotonic``) it was made, then when the whole page first ran with it;
    ``shown``: the whole page has run since.
    """

    problem: Any
    values: Mapping[str, object]
    missing: Sequence[str]
    stale: Mapping[str, tuple[object, ...]]
    page: str
    at: float
    shown: bool = False

    def recent(self) -> bool:
        """Whether the browser may still send the widgets' old values."""
        return not self.shown or time.monotonic() - self.at < STALE_SECONDS


def _catch_up_key(key: str) -> str:
    """Set when the player, run alone, is to have the whole page run."""
    return f"search_viz.film_player.{key}.catch_up"


def _edit_data(editing: Editing, key: str) -> dict:
    """What the player needs for edit mode: the hint, whether Undo has something to take
    back, and the answer to the last edit it sent (``{"at": its time, "error": None or why}``).

    Undo forgets the edits once the problem was changed some other way (in the sidebar).
    """
    stack = st.session_state.get(_undo_key(key), [])
    if stack and any(st.session_state.get(k) != v for k, v in stack[-1]["after"].items()):
        stack.clear()
    return {
        "hint": editing.hint,
        "undo": bool(stack),
        "answer": st.session_state.get(_answer_key(key)),
    }


def _edit(editing: Editing, key: str, in_place: bool) -> None:
    """The player sent an edit (or Undo): change the page's widgets before the page runs again.

    An edit the lesson refuses leaves every widget as it was; its message goes back to the
    player with the edit's time (``at``), which the player matches with what it sent.
    ``in_place``: only the player runs next, showing the changed problem (kept for it).
    """
    asked = _read(st.session_state.get(key) or {}, "edit")
    if not isinstance(asked, dict):
        return
    _restore_pending(key)
    earlier = _pending_edits().get(key)  # restored: a recent one, or none
    stack = st.session_state.setdefault(_undo_key(key), [])
    try:
        if asked.get("undo"):
            if not stack:
                raise ValueError("There is no edit to undo.")
            last = stack.pop()
            changed, values, missing = last["problem"], last["before"], last["missing"]
        else:
            changed = apply_change(editing.edit, editing.problem, asked.get("change"))
            values, missing = dict(editing.widgets(changed)), []
            stack.append({
                "before": {k: st.session_state[k] for k in values if k in st.session_state},
                "missing": [k for k in values if k not in st.session_state],
                "after": values,
                "problem": editing.problem,
            })  # fmt: skip
            del stack[:-MAX_UNDO]
        if in_place:  # what the browser's widgets may hold until the page catches up
            stale = dict(earlier.stale) if earlier else {}
            for k in [*values, *missing]:
                now = st.session_state.get(k, _ABSENT)
                stale[k] = (*stale.get(k, ()), now)
            made = _Pending(changed, values, missing, stale, _page(), time.monotonic())
            _pending_edits()[key] = made
        _set_widgets(values, missing)
        st.session_state[CHANGED_BY_PAGE] = True
        error = None
    except ValueError as problem:
        error = str(problem)
    st.session_state[_answer_key(key)] = {"at": asked.get("at"), "error": error}


def _catch_up(key: str) -> None:
    """The whole page runs next (the player ``key`` ran alone until now), so that the rest of
    it (the sidebar's widgets, what the page says about the problem) shows the problem the
    player shows: once an edit's picture is painted (the player's ``settle``), or for a new
    practice problem."""
    _restore_pending(key)
    st.session_state[_catch_up_key(key)] = True


def _restore_pending(key: str) -> None:
    """Write again the widgets' values of the last edit made while only the player ran.

    Until the whole page's run with it has reached the browser, the browser's widgets still
    hold their values from before, and it sends them with each interaction: those stale
    values are written over. A widget the student has changed to another value keeps it.
    """
    pending = _pending_edits().get(key)
    if pending is None:
        return
    if not pending.recent():
        del _pending_edits()[key]
        return
    stale = [k for k, old in pending.stale.items() if _held(st.session_state.get(k, _ABSENT), old)]
    _set_widgets(
        {k: v for k, v in pending.values.items() if k in stale},
        [k for k in pending.missing if k in stale],
    )


def keep_pending_edits() -> None:
    """At the top of a run of the whole page (before its widgets): keep the edits made while
    only a player ran, when the browser sent its widgets' stale values with another
    interaction (a choice made in the sidebar before the page had caught up with them).

    Called once per run by the app's entry point (``streamlit_app.py``)::

        keep_pending_edits()
        page.run()
    """
    if not _running_alone():
        page = _page()  # the widgets of another lesson's page may have the same keys
        for key in [k for k, made in _pending_edits().items() if made.page == page]:
            _restore_pending(key)


def _page() -> str:
    """Which page of the app this run runs (Streamlit's hash of it)."""
    ctx = get_script_run_ctx()
    return ctx.page_script_hash if ctx else ""


def _held(value: object, olds: tuple[object, ...]) -> bool:
    """Whether a widget's ``value`` is one of its ``olds`` (any may be ``_ABSENT``)."""
    if value is _ABSENT:
        return any(old is _ABSENT for old in olds)
    return any(old is not _ABSENT and value == old for old in olds)


def _set_widgets(values: Mapping[str, object], missing: Sequence[str]) -> None:
    """Give the page's widgets these values, and those ``missing`` their defaults again.

    The link is written too: Streamlit 1.67 writes a bound widget's value set this way to
    the link only if the widget was on the page in the run before (a tree typed for the
    first time would be missing from Share's link). A parameter Streamlit already keeps
    for its widget cannot be set here, and need not be.
    """
    for k, value in values.items():
        st.session_state[k] = value
    for k in missing:
        st.session_state.pop(k, None)
    _write_link({k: str(value) for k, value in values.items()}, missing)


def _write_link(values: Mapping[str, str], missing: Sequence[str]) -> None:
    """The link's parameters ``values`` set and those ``missing`` taken out, where they differ.

    Each change of the link is a message that the page handles before the next one (a new
    edit's films wait behind them): the values go in one message, and none is sent for
    parameters that already hold them (an edit's values are written again at each run until
    the page has caught up with it). A parameter Streamlit keeps for its widget is left to it.
    """
    changed = {k: v for k, v in values.items() if st.query_params.get(k) != v}
    while changed:
        try:
            st.query_params.update(changed)  # one message for all
            break
        except StreamlitAPIException as refused:  # bound: Streamlit names it, and sets nothing
            bound = [k for k in changed if f"'{k}'" in str(refused)]
            if not bound:  # not said how it was expected: one at a time, as the others allow
                for k, value in changed.items():
                    with contextlib.suppress(StreamlitAPIException):
                        st.query_params[k] = value
                break
            del changed[bound[0]]
    for k in missing:
        if k in st.query_params:
            with contextlib.suppress(StreamlitAPIException):
                del st.query_params[k]


def _ignore() -> None:
    """The component's callbacks: the page reads the result after the rerun."""


def _publish(film: Film, where: str, inline: bool = False) -> dict:
    """The film's files on the media endpoint, and what the player needs to fetch them.

    Equal films give equal files, stored once for every session that shows them. ``inline``:
    the header (the scene and the first steps) is sent in the spec itself, base64, not as a
    file: the player mounts it without another round trip to the server, as an edit asks
    (its later chunks stay files, fetched ahead of need).
    """
    header, later = film.payload()
    chunks = [_media(chunk, f"{where}.{c}") for c, chunk in enumerate(later, start=1)]
    found = {"chunks": chunks, "id": film.digest}
    if inline:
        return found | {"inline": base64.b64encode(header).decode("ascii")}
    return found | {"url": _media(header, where)}


def _media(data: bytes, where: str, mimetype: str = _MIME) -> str:
    from streamlit import runtime

    url = runtime.get_instance().media_file_mgr.add(data, mimetype, f"search_viz.film.{where}")
    base = (st.get_option("server.baseUrlPath") or "").strip("/")
    return f"/{base}{url}" if base else url
