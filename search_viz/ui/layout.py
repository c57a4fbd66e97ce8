"""The page's own layout on a narrow screen (a phone): a smaller title, less space above it.

Streamlit's defaults are made for a laptop: at 390 px its title takes three lines and
pushes the lesson's picture and sentence below the screen. :func:`page_styles` is
called once per run, before the page (``streamlit_app.py`` does).
"""

from __future__ import annotations

import streamlit as st

#: Below this width (px) Streamlit stacks columns: the layout of a phone.
NARROW = 640

_CSS = f"""
<style>
@media (max-width: {NARROW}px) {{
  [data-testid="stMainBlockContainer"] {{ padding-top: 4.25rem !important; }}
  [data-testid="stMainBlockContainer"] h1 {{ font-size: 1.75rem !important;
    padding: 0 0 0.25rem 0 !important; }}
}}
</style>
"""


def page_styles() -> None:
    """Add the narrow-screen styles to the page (call once per run, before the page runs).

    In ``streamlit_app.py``: ``page_styles()`` after ``st.set_page_config``.
    """
    st.html(_CSS)
