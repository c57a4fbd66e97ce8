"""The one replay player every lesson page shares.

``replay(n_steps, show)`` draws first / back / play-pause / forward / last, a
step slider and a speed control, then calls ``show(step)`` to draw the stage
for the current step. The step lives in ``st.session_state`` and in the URL
(``?step=N``), so a copied link reopens the same moment.

The stage runs inside an ``st.fragment``: stepping reruns only the stage, not
the whole page, and while playing the fragment's timer advances one step per
tick. Play/pause and speed sit outside the fragment because they change the
timer itself, which takes a full rerun.

Keyboard: the Left and Right arrow keys step, Space plays and pauses.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import streamlit as st
from matplotlib.figure import Figure
from streamlit.runtime.scriptrunner import add_script_run_ctx, get_script_run_ctx

from search_viz.ui.export import export_dialog, share_dialog

#: One background worker for the whole server draws the frame a student will most
#: likely ask for next, while the browser is still showing this one. One worker and a
#: short queue bound the CPU it takes from the pages being served.
_PREFETCHER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="search_viz-prefetch")
_PREFETCH_QUEUE_MAX = 2
#: How many steps ahead of the one shown the worker draws.
PREFETCH_AHEAD = 3
_prefetch_pending = 0
_prefetch_lock = threading.Lock()

#: Seconds per step for each speed the user can choose.
SPEEDS: dict[str, float] = {"0.5×": 2.0, "1×": 1.0, "2×": 0.5, "4×": 0.25}
DEFAULT_SPEED = "1×"


@dataclass(frozen=True)
class _Keys:
    """The session-state keys of one player."""

    prefix: str

    @property
    def step(self) -> str:
        return f"{self.prefix}.step"

    @property
    def playing(self) -> str:
        return f"{self.prefix}.playing"

    @property
    def speed(self) -> str:
        return f"{self.prefix}.speed"

    @property
    def slider(self) -> str:
        return f"{self.prefix}.slider"

    @property
    def reset_on(self) -> str:
        return f"{self.prefix}.reset_on"

    @property
    def stop(self) -> str:
        return f"{self.prefix}.stop"


def step_from_url(n_steps: int) -> tuple[int, str | None]:
    """The step asked for by ``?step=`` and a message if it cannot be used.

    Falls back to step 0 when the parameter is missing, not a whole number, or
    outside ``0 .. n_steps - 1``.
    """
    raw = st.query_params.get("step")
    if raw is None:
        return 0, None
    try:
        step = int(raw)
    except ValueError:
        return 0, f"The link's step {raw!r} is not a whole number; showing step 0."
    if not 0 <= step < n_steps:
        return 0, f"The link's step {step} is outside 0–{n_steps - 1}; showing step 0."
    return step, None


def _start(keys: _Keys, n_steps: int, reset_on: Hashable) -> None:
    """Put the player at its starting step the first time, or when the problem changes."""
    state = st.session_state
    first_time = keys.step not in state
    if not first_time and state.get(keys.reset_on) == reset_on:
        return
    step = 0
    if first_time:
        step, message = step_from_url(n_steps)
        if message:
            st.warning(message, icon=":material/link_off:")
    state[keys.step] = step
    state[keys.playing] = False
    state[keys.reset_on] = reset_on


def _go(keys: _Keys, step: int, n_steps: int) -> None:
    """Callback: move to ``step`` (clamped) and pause."""
    st.session_state[keys.step] = max(0, min(step, n_steps - 1))
    if st.session_state.get(keys.playing):
        st.session_state[keys.playing] = False
        st.session_state[keys.stop] = True  # the timer must go: rerun the whole page


def prefetch_next(draw: Callable[[int], object], step: int, n_steps: int) -> None:
    """Draw the next few steps in the background, so that Forward finds them in the frame cache.

    ``draw`` is the page's cached frame function (an ``st.cache_data`` one): calling
    it is what fills the cache; a frame already there costs a lookup. Skipped at
    the end, or when the worker is behind.
    """
    global _prefetch_pending
    ahead = range(step + 1, min(step + 1 + PREFETCH_AHEAD, n_steps))
    if not ahead:
        return
    with _prefetch_lock:
        if _prefetch_pending >= _PREFETCH_QUEUE_MAX:
            return
        _prefetch_pending += 1
    context = get_script_run_ctx()

    def work() -> None:
        global _prefetch_pending
        add_script_run_ctx(threading.current_thread(), context)
        try:
            for later in ahead:
                draw(later)
        finally:
            with _prefetch_lock:
                _prefetch_pending -= 1

    _PREFETCHER.submit(work)


def _step_by(keys: _Keys, delta: int, n_steps: int) -> None:
    _go(keys, st.session_state[keys.step] + delta, n_steps)


def _from_slider(keys: _Keys, n_steps: int) -> None:
    _go(keys, st.session_state[keys.slider], n_steps)


def _toggle_play(keys: _Keys, n_steps: int) -> None:
    state = st.session_state
    if state[keys.playing]:
        state[keys.playing] = False
        return
    if state[keys.step] >= n_steps - 1:
        state[keys.step] = 0  # play from the start again
    state[keys.playing] = True


def replay(
    n_steps: int,
    show: Callable[[int], None],
    *,
    key: str = "replay",
    reset_on: Hashable = None,
    figure: Callable[[int], Figure] | None = None,
    prefetch: Callable[[int], object] | None = None,
) -> None:
    """Draw the player for ``n_steps`` steps and call ``show(step)`` for the current one.

    ``reset_on`` identifies what is being replayed (the problem and the
    algorithm): when it changes, the player goes back to step 0, paused.
    ``key`` keeps two players on one page apart. With ``figure`` (the function
    that draws one step as a matplotlib figure) the player also offers the step
    as PNG and SVG and a range of steps as a GIF. With ``prefetch`` (the page's
    cached frame function, taking the step) the next step is drawn in the
    background while this one is shown.

    Example, in a page::

        trace = sv.Trace.record(sv.bfs(problem))
        replay(len(trace), lambda k: st.write(trace.events[k].note), reset_on="bfs")
    """
    if n_steps <= 0:
        st.info("This search has no steps to replay.")
        return
    keys = _Keys(key)
    _start(keys, n_steps, reset_on)
    state = st.session_state
    playing = state[keys.playing]
    at_end = state[keys.step] >= n_steps - 1

    row = st.container(horizontal=True, vertical_alignment="center", gap="small")
    before_play = row.container(horizontal=True, width="content", gap="small")
    row.button(
        "Pause" if playing else ("Replay" if at_end else "Play"),
        key=f"{key}.play",
        icon=":material/pause:" if playing else ":material/play_arrow:",
        type="primary",
        on_click=_toggle_play,
        args=(keys, n_steps),
        shortcut="Space",
        help="Play or pause (Space)",
    )
    after_play = row.container(horizontal=True, width="content", gap="small")
    state.setdefault(keys.speed, DEFAULT_SPEED)
    row.segmented_control(
        "Speed",
        options=list(SPEEDS),
        key=keys.speed,
        required=True,
        label_visibility="collapsed",
        help="Speed while playing (steps per second)",
    )
    extras = row.container(horizontal=True, width="content", gap="small")
    speed = state.get(keys.speed) or DEFAULT_SPEED

    @st.fragment(run_every=SPEEDS[speed] if playing else None)
    def stage() -> None:
        if state.pop(keys.stop, False):
            st.rerun()
        if state[keys.playing]:
            if state[keys.step] < n_steps - 1:
                state[keys.step] += 1
            if state[keys.step] >= n_steps - 1:
                state[keys.playing] = False
                st.rerun()  # reached the end: rebuild the play button, stop the timer
        step = state[keys.step]
        _step_buttons(keys, step, n_steps, before_play, after_play)
        _slider(keys, step, n_steps)
        st.query_params["step"] = str(step)
        if extras.button("Share", icon=":material/link:", key=f"{key}.share",
                         help="A link to this very step"):  # fmt: skip
            share_dialog()
        if figure is not None and extras.button(
            "Export", icon=":material/download:", key=f"{key}.export", help="PNG, SVG or GIF"
        ):
            export_dialog(figure, n_steps, step, key)
        show(step)
        if prefetch is not None:
            prefetch_next(prefetch, step, n_steps)

    stage()


def _step_buttons(keys: _Keys, step: int, n_steps: int, before, after) -> None:
    """First and Back into ``before`` (left of Play), Forward and Last into ``after``."""
    at_start, at_end = step == 0, step >= n_steps - 1
    buttons = [
        (before, "First", ":material/first_page:", None, _go, (keys, 0, n_steps), at_start),
        (
            before,
            "Back",
            ":material/chevron_left:",
            "Left",
            _step_by,
            (keys, -1, n_steps),
            at_start,
        ),
        (
            after,
            "Forward",
            ":material/chevron_right:",
            "Right",
            _step_by,
            (keys, 1, n_steps),
            at_end,
        ),
        (after, "Last", ":material/last_page:", None, _go, (keys, n_steps - 1, n_steps), at_end),
    ]
    for where, label, icon, shortcut, callback, args, disabled in buttons:
        where.button(
            label,
            key=f"{keys.prefix}.{label.lower()}",
            icon=icon,
            icon_position="right" if where is after else "left",
            on_click=callback,
            args=args,
            disabled=disabled,
            shortcut=shortcut,
            help=f"{label} step" + (f" ({shortcut} arrow key)" if shortcut else ""),
        )


def _slider(keys: _Keys, step: int, n_steps: int) -> None:
    """The step slider, set to the current step before it is drawn."""
    st.session_state[keys.slider] = step
    st.slider(
        f"Step {step} of {n_steps - 1}",
        min_value=0,
        max_value=max(n_steps - 1, 1),
        key=keys.slider,
        on_change=_from_slider,
        args=(keys, n_steps),
        disabled=n_steps == 1,
        label_visibility="collapsed",
    )
