"""Lesson: informed search, greedy best-first and A* on the 8-puzzle, and what a heuristic buys."""

import streamlit as st

from search_viz.ui import link_check, replay, scale
from search_viz.ui.informed import (
    MAX_EVENTS,
    cached_trace,
    choose_instance,
    choose_search,
    compare_panel,
    figure_for,
    frame_png,
    greedy_callout,
    side_by_side_stage,
    solution_panel,
    stage,
)
from search_viz.ui.presenter import is_on as presenting

st.title("Informed search: greedy best-first and A*")
if not presenting():  # on a projector the picture needs the room
    st.markdown(
        "A heuristic **h** estimates how many moves a board still needs. Both searches expand "
        "the frontier node with the lowest f: **greedy best-first** takes f = h, the board that "
        "looks closest; **A\\*** takes f = g + h, the moves made so far plus the estimate."
    )

with link_check(), st.sidebar:
    instance = choose_instance()
    choice = choose_search()
    both = st.toggle(
        "Greedy and A* side by side",
        key="both",
        bind="query-params",
        help="Compare mode: both searches on this instance, with this heuristic and tie rule, "
        "driven by one player.",
    )

if not presenting():
    greedy_callout(instance, choice.heuristic)

if instance.error:
    st.error(instance.error, icon=":material/error:")
    st.stop()

st.caption(instance.description)
trace = cached_trace(instance.start, instance.goal, choice)
result = trace.result
if trace.truncated:
    st.warning(
        f"This search makes more events than a replay keeps: the replay shows its first "
        f"{MAX_EVENTS:,} steps; in all it expanded {result.stats['expanded']:,} nodes and found "
        f"a solution of {result.value} moves (below).",
        icon=":material/timer_off:",
    )

zoom = scale()
if both:
    n_steps, show_both = side_by_side_stage(instance, choice, zoom)
    replay(n_steps, show_both, key="informed", reset_on=(instance.key, choice, "both"))
else:
    replay(
        len(trace),
        lambda step: stage(instance, choice, step, zoom),
        key="informed",
        reset_on=(instance.key, choice),
        figure=lambda step: figure_for(instance.start, instance.goal, choice, step),
        prefetch=lambda step: frame_png(instance.start, instance.goal, choice, step, zoom),
    )
if presenting():  # on a projector the stage comes first, the callout after it
    greedy_callout(instance, choice.heuristic)
solution_panel(trace, choice.algorithm, zoom)
compare_panel(instance, choice.tie, zoom)
