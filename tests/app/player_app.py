"""A test-only page: the shared player and panels replaying the toy DFS."""

import sys
from pathlib import Path

import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root, for tests.toy

from search_viz import Trace
from search_viz.lessons.shared.figure import new_figure
from search_viz.ui import counters, legend, link_check, note, pseudocode, replay
from search_viz.ui.compare import Side, side_by_side
from tests.toy import PSEUDOCODE, toy_dfs

with link_check(), st.sidebar:
    goal = st.selectbox("Goal", ["F", "E", "D"], key="goal", bind="query-params")
    limit = st.number_input("Events kept", 1, 50, 50, key="limit", bind="query-params")
trace = Trace.record(toy_dfs(goal=goal), limit=limit)


def show(step: int) -> None:
    state = trace.state(step)
    st.markdown(f"current step: {step}")
    left, right = st.columns(2)
    with left:
        note(state.event.note, step)
        counters({"expanded": state.counts.get("expand", 0), "frontier": len(state.frontier)})
        legend(["frontier", "explored", "goal"])
    with right:
        pseudocode(PSEUDOCODE, state.event.line)


def figure_for(step: int):
    """The toy picture: the step's sentence, big (enough to test the export)."""
    fig, ax = new_figure(4, 2)
    ax.text(0.5, 0.5, f"step {step}: {trace.events[step].kind}", ha="center", fontsize=14)
    return fig


if st.sidebar.toggle("Compare with goal D", key="compare"):
    other = Trace.record(toy_dfs(goal="D"))

    def show_other(step: int) -> None:
        st.markdown(f"other step: {step}")
        note(other.events[step].note, step)

    n_steps, show_both = side_by_side(
        Side(f"Goal {goal}", len(trace), show), Side("Goal D", len(other), show_other)
    )
    replay(n_steps, show_both, key="toy", reset_on=(goal, limit, "compare"))
else:
    replay(len(trace), show, key="toy", reset_on=(goal, limit), figure=figure_for)
