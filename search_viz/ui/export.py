"""Export and share: the current step as PNG or SVG, a range of steps as a GIF, the link.

The player shows these when the page gives it ``figure=``, the function that
draws one step as a matplotlib figure (the one the page's picture comes from).
They open as dialogs: their content is drawn only when asked for, not at every
step (each element a step redraws costs the browser time; see
benchmarks/README.md, "Stepping latency").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from urllib.parse import urlencode, urlsplit

import streamlit as st
import streamlit.components.v1 as components
from matplotlib.figure import Figure

from search_viz.lessons.shared.figure import to_png, to_svg
from search_viz.render.animation import MAX_FRAMES, gif_bytes

GIF_SPEEDS = {"1 step/s": 1.0, "2 steps/s": 2.0, "4 steps/s": 4.0}


def current_link() -> str | None:
    """The URL that reopens this moment: this page with all its query parameters.

    None outside a browser session (AppTest has no URL).
    """
    base = st.context.url
    if not base:
        return None
    if not urlsplit(base).path:
        base += "/"
    query = [(key, value) for key in st.query_params for value in st.query_params.get_all(key)]
    return f"{base}?{urlencode(query)}" if query else base


@st.dialog("Share this step")
def share_dialog() -> None:
    """The dialog with the link to this moment."""
    share_link()


@st.dialog("Export", width="medium")
def export_dialog(figure_for: Callable[[int], Figure], n_steps: int, step: int, name: str) -> None:
    """The dialog with the downloads of this step and of a range of steps."""
    export_panel(figure_for, n_steps, step, name=name)


def share_link() -> None:
    """The link to this moment, with a copy button."""
    link = current_link()
    if link is None:
        st.caption("The link appears here in a browser.")
        return
    st.caption("This link reopens this step, with this problem and these options.")
    st.code(link, language=None, wrap_lines=True)
    copy_button(link)


#: The copy button's page: a button like Streamlit's, and the few lines of JavaScript
#: that put the text on the clipboard (Streamlit has no element that does).
_COPY_BUTTON = """
<button id="copy" type="button">Copy link</button>
<style>
  body { margin: 0; font-family: "Source Sans Pro", "Source Sans 3", sans-serif; }
  #copy { font: inherit; font-size: 1rem; padding: 0.3rem 0.9rem; cursor: pointer;
          border: 1px solid rgba(49, 51, 63, 0.2); border-radius: 0.5rem; background: white; }
  #copy:hover { border-color: #ff4b4b; color: #ff4b4b; }
</style>
<script>
  const text = __TEXT__;
  const button = document.getElementById("copy");
  function fallback() {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  button.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(text); } catch (error) { fallback(); }
    button.textContent = "Copied ✓";
    setTimeout(() => { button.textContent = "Copy link"; }, 1500);
  });
</script>
"""


def copy_button(text: str) -> None:
    """A "Copy link" button that puts ``text`` on the clipboard.

    >>> "Copy link" in _COPY_BUTTON
    True
    """
    # JSON is a JavaScript string literal; "</" is escaped so the text cannot end the script
    literal = json.dumps(text).replace("</", "<\\/")
    components.html(_COPY_BUTTON.replace("__TEXT__", literal), height=42)


def export_panel(
    figure_for: Callable[[int], Figure], n_steps: int, step: int, *, name: str
) -> None:
    """Downloads of the current step (PNG, SVG) and of a range of steps (GIF)."""
    st.caption(f"Step {step} as a picture:")
    left, right = st.columns(2)
    left.download_button(
        "PNG",
        data=lambda: to_png(figure_for(step), dpi=150),
        file_name=f"{name}-step-{step}.png",
        mime="image/png",
        icon=":material/image:",
        key=f"{name}.png",
    )
    right.download_button(
        "SVG",
        data=lambda: to_svg(figure_for(step)),
        file_name=f"{name}-step-{step}.svg",
        mime="image/svg+xml",
        icon=":material/draw:",
        key=f"{name}.svg",
    )
    if n_steps < 2:
        return
    first, last = st.slider(
        "Steps in the GIF",
        0,
        n_steps - 1,
        (0, min(n_steps - 1, MAX_FRAMES - 1)),
        key=f"{name}.gif_range",
    )
    speed = st.segmented_control(
        "GIF speed", list(GIF_SPEEDS), default="2 steps/s", key=f"{name}.gif_speed", required=True
    )
    frames = last - first + 1
    if frames > MAX_FRAMES:
        st.warning(
            f"A GIF holds at most {MAX_FRAMES} steps; this range has {frames}. "
            "Choose a shorter range."
        )
        return
    wanted = (first, last, speed)
    made = st.session_state.get(f"{name}.gif")
    if st.button(f"Make a GIF of {frames} steps", icon=":material/movie:", key=f"{name}.make_gif"):
        bar = st.progress(0.0, text="Drawing the frames...")
        data = gif_bytes(
            figure_for,
            range(first, last + 1),
            fps=GIF_SPEEDS[speed],
            on_frame=lambda done, total: bar.progress(
                done / total, text=f"Frame {done} of {total}"
            ),
        )
        bar.empty()
        made = st.session_state[f"{name}.gif"] = (wanted, data)
    if made is not None and made[0] == wanted:
        st.download_button(
            f"Download the GIF ({len(made[1]) // 1024} KB)",
            data=made[1],
            file_name=f"{name}-steps-{first}-{last}.gif",
            mime="image/gif",
            icon=":material/download:",
            key=f"{name}.gif_download",
        )


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
