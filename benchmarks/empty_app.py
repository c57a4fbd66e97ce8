"""A near-empty Streamlit page: the baseline of the latency benchmark."""

import streamlit as st

st.session_state.setdefault("count", 0)


def _next() -> None:
    st.session_state.count += 1


st.button("Next", key="next", on_click=_next)
st.markdown(f"count {st.session_state.count}")
