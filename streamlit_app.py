"""search_viz: the entry point. `streamlit run streamlit_app.py` serves the app."""

import streamlit as st

from search_viz.film.collector import full_collections_when_quiet, held_and_collected_later
from search_viz.film.svg_writer import prepare_fonts
from search_viz.ui.film_player import keep_pending_edits
from search_viz.ui.layout import page_styles
from search_viz.ui.lessons import LESSONS
from search_viz.ui.media_grace import keep_dropped_media
from search_viz.ui.memory import freeze_imported_modules
from search_viz.ui.presenter import presenter_controls

st.set_page_config(page_title="search_viz", page_icon="🔎", layout="wide")
prepare_fonts()  # once per process, and frozen with the rest: a first film sets up none
freeze_imported_modules(lesson.package for lesson in LESSONS)  # once per process
full_collections_when_quiet()  # once per process: see the function
keep_dropped_media()  # once per process: a quick rerun does not break a picture

# Python's collector makes the collections this run is due after it, apart (see the function)
with held_and_collected_later():
    home = st.Page("app_pages/home.py", title="Home", icon=":material/home:", default=True)
    lessons = [
        st.Page(lesson.page, title=lesson.title, icon=lesson.icon, url_path=lesson.url_path)
        for lesson in LESSONS
    ]
    page = st.navigation({"": [home], "Lessons": lessons} if lessons else [home])
    keep_pending_edits()  # every run, before the page's widgets: see the function
    presenter_controls()
    page_styles()
    page.run()
