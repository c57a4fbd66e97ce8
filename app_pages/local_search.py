"""Local search on n-queens: hill climbing, simulated annealing and a genetic algorithm."""

import streamlit as st

from search_viz.ui import link_check
from search_viz.ui.local_experiments import experiments_panel
from search_viz.ui.local_search import (
    algorithm_inputs,
    board_inputs,
    cached_run,
    make_problem,
    numbers_input,
    stage,
)
from search_viz.ui.presenter import is_on as presenting

st.title("Local search: n-queens")
if not presenting():  # on a projector the picture needs the room
    st.caption(
        "One queen per column; h(board) = its attacking pairs, 0 = solved. A move takes one queen "
        "to another row of its column. Hill climbing only goes downhill, simulated annealing "
        "sometimes climbs (less often as it cools), a genetic algorithm breeds boards."
    )

with link_check(), st.sidebar:
    st.header("Board")
    choice = board_inputs()
    st.header("Algorithm")
    algorithm, options = algorithm_inputs()
    numbers = numbers_input(algorithm, options, choice.n)

step_tab, experiment_tab = st.tabs(
    ["Step through", "Experiments: 100 boards"],
    key="view",
    on_change="rerun",
    bind="query-params",
)
with step_tab:
    if step_tab.open is not False:
        try:
            problem = make_problem(choice)
            key = (problem.n, problem.state, algorithm, tuple(sorted(options.items())))
            run = cached_run(*key)
        except ValueError as error:
            st.error(str(error), icon=":material/error:")
        else:
            stage(run, key, numbers)
with experiment_tab:
    if experiment_tab.open:
        experiments_panel()
