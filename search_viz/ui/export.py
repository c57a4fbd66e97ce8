"""Export from the film player: a step as PNG or SVG, a range of steps as a GIF, a web page.

The player's Export button opens :func:`film_export_dialog` at the step on screen.
Every picture is drawn from the film itself (``search_viz/film/export.py``): the
scene the browser shows, with that step's looks applied by matplotlib.
"""

from __future__ import annotations

import streamlit as st

GIF_SPEEDS = {"1 step/s": 1.0, "2 steps/s": 2.0, "4 steps/s": 4.0}


# ------------------------------------------------------------ export from a film
@st.dialog("Export", width="medium")
def film_export_dialog(films: list, step: int, name: str) -> None:
    """The downloads of step ``step`` of ``films``: PNG, SVG, a GIF of a range, a web page.

    The player opens it when the student presses Export; in compare mode the
    student chooses which picture.
    """
    from search_viz.film import export as film_export
    from search_viz.film.pages import standalone_page

    film = films[0]
    if len(films) > 1:
        titles = [f.title or f"Replay {i + 1}" for i, f in enumerate(films)]
        chosen = st.segmented_control(
            "Picture", titles, default=titles[0], required=True, key=f"{name}.export_which"
        )
        film = films[titles.index(chosen)]
    own = min(step, len(film) - 1)
    slug = f"{name}-{film.title}".lower().replace(" ", "-").replace("/", "-") or name
    st.caption(f"Step {own} as a picture:")
    left, right = st.columns(2)
    left.download_button("PNG", data=lambda: film_export.png(film, own),
                         file_name=f"{slug}-step-{own}.png", mime="image/png",
                         icon=":material/image:", key=f"{name}.png")  # fmt: skip
    right.download_button("SVG", data=lambda: film_export.svg(film, own),
                          file_name=f"{slug}-step-{own}.svg", mime="image/svg+xml",
                          icon=":material/draw:", key=f"{name}.svg")  # fmt: skip
    st.download_button(
        "The whole replay as a web page (plays offline)",
        data=lambda: standalone_page(films, title=" / ".join(f.title for f in films)).encode(),
        file_name=f"{name}-replay.html",
        mime="text/html",
        icon=":material/web:",
        key=f"{name}.html",
    )
    _film_gif(film, own, name, slug)


def _film_gif(film, step: int, name: str, slug: str) -> None:
    """A range of steps as a narrated GIF, made when asked for."""
    from search_viz.film import export as film_export

    n = len(film)
    if n < 2:
        return
    limit = film_export.MAX_GIF_FRAMES
    first = max(0, min(step, n - 1 - min(n - 1, 99)))
    default = (first, min(n - 1, first + 99))
    low, high = st.slider("Steps in the GIF", 0, n - 1, default, key=f"{name}.gif_range")
    speed = st.segmented_control("GIF speed", list(GIF_SPEEDS), default="2 steps/s",
                                 key=f"{name}.gif_speed", required=True)  # fmt: skip
    frames = high - low + 1
    if frames > limit:
        st.warning(f"A GIF holds at most {limit} steps; this range has {frames}. "
                   "Choose a shorter range.")  # fmt: skip
        return
    wanted = (film.digest, low, high, speed)
    made = st.session_state.get(f"{name}.gif")
    if st.button(f"Make a GIF of {frames} steps", icon=":material/movie:", key=f"{name}.make_gif"):
        bar = st.progress(0.0, text="Drawing the frames…")
        data = film_export.gif(
            film,
            low,
            high,
            fps=GIF_SPEEDS[speed],
            on_frame=lambda done, total: bar.progress(done / total, text=f"Frame {done} / {total}"),
        )
        bar.empty()
        made = st.session_state[f"{name}.gif"] = (wanted, data)
    if made is not None and made[0] == wanted:
        st.download_button(
            f"Download the GIF ({len(made[1]) // 1024} KB)",
            data=made[1],
            file_name=f"{slug}-steps-{low}-{high}.gif",
            mime="image/gif",
            icon=":material/download:",
            key=f"{name}.gif_download",
        )
