"""Presenter mode, for a projector: larger fonts and pictures, no sidebar.

On with the sidebar toggle or a link with ``?present=1``; off with the button
at the top of the page. Pages ask :func:`scale` for how much to enlarge what
they draw (the text of the page grows with the root font size).
"""

from __future__ import annotations

import streamlit as st

PARAM = "present"
KEY = "presenter"
#: How much presenter mode enlarges fonts in pictures.
SCALE = 1.5

# On a 1280x720 projector the picture and the sentence beside it must fit one screen:
# no Streamlit header, little padding, a smaller title, pictures no taller than the
# screen leaves room for, less space between the page's parts, and the way out floating in the
# corner instead of a row.
_CSS = """
<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"],
[data-testid="stExpandSidebarButton"], [data-testid="stHeader"] { display: none !important; }
html { font-size: 125% !important; --svp-sticky-top: 0px; }
[data-testid="stMainBlockContainer"] {
    padding: 0.6rem 1.2rem 1rem 1.2rem !important; max-width: 100% !important; }
[data-testid="stMainBlockContainer"] h1 {
    font-size: 1.5rem !important; padding: 0 0 0.2rem 0 !important; }
[data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"] { gap: 0.6rem; }
button kbd { display: none !important; }
[data-testid="stImage"] img {
    max-height: calc(100vh - 18rem); width: auto !important; max-width: 100%;
    object-fit: contain; }
.st-key-presenter-leave {  /* in the title's row: it scrolls away, and covers nothing */
    align-self: flex-end; width: auto !important; margin-bottom: -2.6rem; z-index: 1; }
</style>
"""


def is_on() -> bool:
    """Whether presenter mode is on in this session."""
    return bool(st.session_state.get(KEY, False))


def scale() -> float:
    """How much to enlarge fonts in pictures: ``SCALE`` in presenter mode, else 1."""
    return SCALE if is_on() else 1.0


def _set(on: bool) -> None:
    st.session_state[KEY] = on
    if on:
        st.query_params[PARAM] = "1"
    else:
        st.query_params.pop(PARAM, None)


def _from_toggle() -> None:
    _set(st.session_state[f"{KEY}.toggle"])


def presenter_controls() -> None:
    """The toggle in the sidebar, and in presenter mode the styles and the way out.

    Call once per run, before the page runs (``streamlit_app.py`` does).
    """
    if st.query_params.get(PARAM) in ("1", "true", "True"):
        st.session_state[KEY] = True
    on = is_on()
    if on and PARAM not in st.query_params:
        st.query_params[PARAM] = "1"  # keep it in links copied from any page
    st.session_state[f"{KEY}.toggle"] = on
    st.sidebar.toggle(
        "Presenter mode",
        key=f"{KEY}.toggle",
        on_change=_from_toggle,
        help="For a projector: larger fonts and pictures, no sidebar (link: ?present=1)",
    )
    if on:
        st.html(_CSS)
        with st.container(key="presenter-leave"):
            st.button(
                "Leave presenter mode",
                icon=":material/close_fullscreen:",
                on_click=_set,
                args=(False,),
                key=f"{KEY}.leave",
                type="tertiary",
            )
