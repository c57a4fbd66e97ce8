"""A tiny film for examples and for testing the hosts: a row of dots lit one after another.

>>> film = demo_film()
>>> len(film), film.state(2).sentence
(3, 'C joins: all 3 are lit.')
>>> len(demo_film(40))
40
>>> blinking_film(600)
<Film 'Blinking': 600 steps, 1 items>
"""

from __future__ import annotations

import string
from functools import partial

from matplotlib.figure import Figure

from search_viz.film.builder import FilmBuilder
from search_viz.film.film import Film
from search_viz.film.looks import Look, Mark, MarkStyle
from search_viz.film.questions import choice, pick
from search_viz.film.scene import Scene


def dot_names(n: int) -> list[str]:
    """A, B, C ... then A1, B1 ... for longer rows.

    >>> dot_names(28)[-2:]
    ['A1', 'B1']
    """
    letters = string.ascii_uppercase
    return [letters[i % 26] + (str(i // 26) if i >= 26 else "") for i in range(n)]


def demo_scene(n: int = 3) -> Scene:
    """``n`` grey dots in a row, their names, and a "lit" label over each (hidden)."""
    names = dot_names(n)
    fig = Figure(figsize=(max(3.0, 0.5 * n), 1.2))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_axis_off()
    ax.set_xlim(-0.5, n - 0.5)
    ax.set_ylim(-0.6, 0.6)
    scene = Scene(fig)
    scene.tag_each(
        ax.scatter(range(n), [0] * n, s=600, c="#BBBBBB", edgecolors="black"), names, shown=True
    )
    for x, name in enumerate(names):
        ax.text(x, 0, name, ha="center", va="center", fontsize=10)
        scene.tag(ax.text(x, 0.42, "lit", ha="center", fontsize=9, color="#D55E00"), f"{name} lit")
    scene.mark_style("link", MarkStyle(color="#0072B2", width=2, dash="--"))
    return scene


def demo_film(n: int = 3) -> Film:
    """The ``n`` dots lit one by one, a dashed link from the last lit one, each step saying so."""
    return demo_writer(n).film()


def demo_writer(n: int = 3) -> FilmBuilder:
    """The builder of :func:`demo_film`, every step written (for its film or its last picture).

    >>> len(demo_writer(4).film())
    4
    """
    names = dot_names(n)
    writer = FilmBuilder(
        partial(demo_scene, n), title="Dots", pseudocode="for each dot:\n    light it", shape=n
    )
    scene = writer.scene
    ax = scene.figure.axes[0]
    lit = Look(fill="#E69F00")
    for k, name in enumerate(names):
        writer.show(name, lit)
        writer.show(f"{name} lit")
        if k:
            question = pick("Which dot is lit next?", names, name, why="Dots light left to right.")
            writer.ask(question, {other: [other] for other in names})
            link = Mark.line(scene.point(ax, k - 1, 0), scene.point(ax, k, 0), "link")
            writer.marks([link])
            sentence = f"{name} joins: {'all ' if k == n - 1 else ''}{k + 1} are lit."
        else:
            sentence = f"{name} is lit first."
        writer.step(sentence, line=2 if k else 1, counters={"lit": k + 1})
    return writer


def blinking_scene() -> Scene:
    """One dot (the scene of :func:`blinking_film`)."""
    fig = Figure(figsize=(1, 1))
    scene = Scene(fig)
    scene.tag(fig.text(0.5, 0.5, "•", ha="center", va="center", fontsize=40), "dot")
    return scene


#: Why the blinking film's answer is what it is (the rule a wrong answer is shown).
BLINKS = "The dot is on at the even steps and off at the odd ones."


def blinking_film(steps: int, whole: int | None = None, asks: bool = False) -> Film:
    """A long film, quick to make: one dot, shown and hidden in turn, ``steps`` times;
    ``whole``: it is the opening (or the middle) of a film of ``whole`` steps (``steps`` is
    then ``OPENING_STEPS``, 100, or ``MIDDLE_STEPS``, 1,000);
    ``asks``: every step but the first asks whether the dot will be on or off.

    >>> blinking_film(100, whole=1200)
    <Film 'Blinking': 100 steps (the opening of 1200), 1 items>
    >>> blinking_film(4, asks=True).question(3).answer
    'off'
    """
    return blinking_writer(steps, whole, asks).film(whole=whole)


def blinking_writer(
    steps: int, whole: int | None = None, asks: bool = False, skip: int = 0
) -> FilmBuilder:
    """The builder of :func:`blinking_film` with its ``steps`` written, those before ``skip``
    left out (see :meth:`FilmBuilder.skip_to`).

    >>> blinking_writer(600, skip=500).part(600).chunks[1]["key"]["p"]["s"]
    'Step 500: the dot is on.'
    """
    writer = FilmBuilder(blinking_scene, title="Blinking", shape=f"blinking {whole or steps}")
    if skip:
        writer.skip_to(skip)
    for k in range(steps):
        on = "on" if k % 2 == 0 else "off"
        if asks and k and not writer.skipping:
            writer.ask(choice("Is the dot on or off now?", ["on", "off"], on, why=BLINKS))
        (writer.show if on == "on" else writer.hide)("dot")
        writer.step(f"Step {k}: the dot is {on}." if not writer.skipping else "")
    return writer
