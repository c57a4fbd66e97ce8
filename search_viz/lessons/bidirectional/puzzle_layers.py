"""Bidirectional search on the 8-puzzle as a film: the two searches' layers growing towards
each other, against the layers of plain BFS.

The puzzle has 181,440 states that can reach a goal: too many to draw. The
picture is a bar chart over the distance from the start (log scale): the
forward search's layers grow from the left, the backward search's from the
right (a state b moves from the goal stands at d − b), and plain BFS's
layers, all the way to the goal, are hatched outlines behind them. One step
is one turn of the search, a whole layer expanded on one side (as the notes
do it): its bar appears, with its count. The step where the searches touch
marks the meeting distance; the last step says why the path is certain.
In practice mode every turn asks which search expands its layer next, or
whether the search stops.

>>> import search_viz as sv
>>> from search_viz.problems.eight_puzzle import NOTES_START
>>> trace = sv.Trace.record(sv.bidirectional_bfs(sv.EightPuzzle(NOTES_START)))
>>> film = layers_film(trace, plain_layers=())
>>> film.state(0).sentence
'The forward search starts at the start, 283/164/7_5; the backward search at the goal, 123/8_4/765.'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

import search_viz as sv
from search_viz.events import Event
from search_viz.film import Film, FilmBuilder, Scene
from search_viz.film.style import DARK_GREY, OKABE_ITO, STATUS, font_size
from search_viz.lessons.bidirectional.descriptions import layers_description, stopped_description
from search_viz.lessons.bidirectional.questions import Asker
from search_viz.lessons.bidirectional.sentences import Words
from search_viz.lessons.shared.figure import figure_caption
from search_viz.lessons.shared.graph_cases import steps_text, stopped
from search_viz.lessons.shared.graph_drawing import bottom_legend
from search_viz.problems.eight_puzzle import compact

FIGURE = (8.0, 4.6)
BLUE, ORANGE = OKABE_ITO["blue"], OKABE_ITO["orange"]


def layer_sizes(trace: sv.Trace, side: str | None = None) -> list[int]:
    """How many states were reached at each depth (by ``side`` of a bidirectional search).

    >>> import networkx as nx
    >>> tr = sv.Trace.record(sv.bfs(sv.GraphProblem(nx.balanced_tree(2, 3), 0, 14)))
    >>> layer_sizes(tr)
    [1, 2, 4, 8]
    """
    sizes: list[int] = []
    for e in trace.events:
        if e.kind == "generate" and (side is None or e.data == side):
            sizes.extend([0] * (e.depth + 1 - len(sizes)))
            sizes[e.depth] += 1
    return sizes


def turns(trace: sv.Trace) -> list[list[Event]]:
    """The events grouped into the film's steps: the two starts, each turn, the end.

    A turn is the run of events while one side expands the nodes of one depth.

    >>> from search_viz.problems.eight_puzzle import NOTES_START
    >>> groups = turns(sv.Trace.record(sv.bidirectional_bfs(sv.EightPuzzle(NOTES_START))))
    >>> [len(g) for g in groups][:2], groups[-1][-1].kind
    ([2, 4], 'done')
    """
    groups: list[list[Event]] = []
    key = None
    for e in trace.events:
        if e.kind == "done":
            new = ("done",)
        elif e.kind == "expand":
            new = ("turn", e.data, e.depth)
        elif e.kind == "generate" and e.parent is None:
            new = ("start",)
        else:
            new = key
        if new != key or not groups:
            groups.append([])
            key = new
        groups[-1].append(e)
    return groups


def distance_of(trace: sv.Trace) -> int:
    """The start-to-goal distance the chart spans: the path's length, else the deepest layers."""
    if trace.result.path:
        return len(trace.result.path) - 1
    return len(layer_sizes(trace, "forward")) + len(layer_sizes(trace, "backward")) - 1


def layers_scene(
    forward: tuple[int, ...],
    backward: tuple[int, ...],
    plain: tuple[int, ...],
    distance: int,
    meet_at: int | None,
    caption: str,
) -> Scene:
    """The chart: every layer's bar drawn once (hidden), plain BFS's outlines, the meeting mark.

    Items: ``("forward", depth)`` and ``("backward", depth)`` (a bar and
    ``("... count", depth)`` its count), ``("turn", side, depth)`` (a triangle
    under the layer a turn expands), ``"meeting"`` and ``"caption"``.
    """
    fig = Figure(figsize=FIGURE)
    handles = [
        Patch(facecolor=BLUE, edgecolor="black", label="forward: states reached"),
        Patch(facecolor=ORANGE, edgecolor="black", hatch="..", label="backward: states reached"),
        Patch(facecolor="none", edgecolor=DARK_GREY, hatch="//", label="plain BFS, to the goal"),
        Line2D(
            [],
            [],
            marker="^",
            markersize=10,
            color=DARK_GREY,
            markeredgecolor="black",
            linestyle="none",
            label="the layer this step expands",
        ),
        Line2D(
            [], [], color=STATUS["path"].color, linestyle="--", linewidth=2, label="where they meet"
        ),
    ]
    band = (0.1 + 0.27 * bottom_legend(fig, handles, ncols=4)) / FIGURE[1]
    ax = fig.add_axes((0.09, band + 0.1, 0.89, 0.8 - band))
    scene = Scene(fig)
    if plain:
        ax.bar(
            range(len(plain)),
            plain,
            width=0.9,
            color="none",
            edgecolor=DARK_GREY,
            hatch="//",
            zorder=1,
        )
    top = max([*forward, *backward, *plain, 1])
    # The two sides' bars stand side by side where both reach one distance.
    for side, sizes, colour, ink, hatch, shift in (
        ("forward", forward, BLUE, BLUE, None, -0.2),
        ("backward", backward, ORANGE, "#9A6A00", "..", 0.2),
    ):
        for depth, size in enumerate(sizes):
            x = (depth if side == "forward" else distance - depth) + shift
            (bar,) = ax.bar(
                [x], [size], width=0.4, color=colour, edgecolor="black", hatch=hatch, zorder=2
            )
            scene.tag(bar, (side, depth))
            count = ax.text(
                x,
                size * 1.12,
                f"{size:,}",
                ha="center",
                va="bottom",
                fontsize=font_size("legend") * 0.8,
                rotation=90,
                color=ink,
            )
            scene.tag(count, (f"{side} count", depth))
            (turn,) = ax.plot(
                [x],
                [0.86],
                marker="^",
                markersize=11,
                color=colour,
                markeredgecolor="black",
                clip_on=False,
                zorder=4,
            )
            scene.tag(turn, ("turn", side, depth))
    if meet_at is not None:
        line = ax.axvline(
            meet_at, color=STATUS["path"].color, linestyle="--", linewidth=2, zorder=3
        )
        scene.tag(line, "meeting")
    ax.set_yscale("log")
    ax.set_ylim(0.8, top * 6)
    ax.set_xlim(-0.7, distance + 0.7)
    ax.set_xlabel("distance from the start (moves)", fontsize=font_size("label"))
    ax.set_ylabel("states reached (log scale)", fontsize=font_size("label"))
    ax.tick_params(labelsize=font_size("legend"))
    ax.spines[["top", "right"]].set_visible(False)
    scene.tag(figure_caption(fig, caption), "caption")
    return scene


def layers_film(trace: sv.Trace, plain_layers: Sequence[int]) -> Film:
    """The film of a bidirectional search's ``trace`` on the 8-puzzle, one turn a step.

    ``plain_layers``: plain BFS's layer sizes (the outlines; none if empty).
    """
    forward = tuple(layer_sizes(trace, "forward"))
    backward = tuple(layer_sizes(trace, "backward"))
    distance = distance_of(trace)
    result = trace.result
    path = result.path
    meet_at = path.index(result.stats["meet"]) if path else None
    caption = (
        f"the searches meet {steps_text(meet_at)} from the start: {len(path) - 1} moves in all"
        if path
        else "no path"
    )
    draw = partial(layers_scene, forward, backward, tuple(plain_layers), distance, meet_at, caption)
    builder = FilmBuilder(
        draw,
        title="Bidirectional BFS on the 8-puzzle, layer by layer",
        pseudocode=sv.algorithms.BIDIRECTIONAL_PSEUDOCODE,
        layout="below",
    )
    words = Words(trace, compact)
    asker = Asker("layer", compact, noun="state")
    expanded = {"forward": 0, "backward": 0}
    reached = {"forward": 0, "backward": 0}
    layers: dict[str, list[int]] = {"forward": [], "backward": []}  # the bars drawn so far
    plain = tuple(plain_layers)
    meeting_shown = False
    touches = 0
    for group in turns(trace):
        if group[0].kind in ("expand", "done"):
            question, _ = asker.next_turn(group[0], picture=False)
            builder.ask(question)
        for e in group:
            asker.see(e)
            words.see(e)
            if e.kind == "generate":
                reached[e.data] += 1
                sizes = layers[e.data]
                sizes.extend([0] * (e.depth + 1 - len(sizes)))
                sizes[e.depth] += 1
                builder.show((e.data, e.depth))
                builder.show((f"{e.data} count", e.depth))
            elif e.kind == "expand":
                expanded[e.data] += 1
        meets = [e for e in group if e.kind == "meet"]
        touches += len(meets)
        first = group[0]
        turn = ("turn", first.data, first.depth) if first.kind == "expand" else None
        builder.choose("turn", turn)
        now, said_plain = "", ()
        if first.kind == "done":
            if path:
                builder.show("meeting")
                meeting_shown = True
            builder.show("caption")
            sentence = words.say(first)
            over = f"a path of {len(path) - 1} moves" if path else "no path to the goal"
            now, said_plain = f"The search is over: {over}", plain
        elif first.kind == "generate" and first.parent is None:
            start, goal = (compact(e.node) for e in group[:2])
            sentence = (
                f"The forward search starts at the start, {start}; "
                f"the backward search at the goal, {goal}."
            )
            now, said_plain = _chart_words(distance), plain
        else:
            sentence = _turn_sentence(group, meets, words)
            if meets:
                builder.show("meeting")
                meeting_shown = True
        expanding = None
        if turn is not None:
            expanding = (first.data, first.depth, sum(e.kind == "expand" for e in group))
        description = layers_description(
            layers, distance, expanding, meet_at if meeting_shown else None, said_plain, now
        )
        counters = {
            "forward expanded": f"{expanded['forward']:,}",
            "backward expanded": f"{expanded['backward']:,}",
            "both": f"{expanded['forward'] + expanded['backward']:,}",
            "states reached": f"{reached['forward'] + reached['backward']:,}",
            "touches": f"{touches:,}",
        }
        builder.step(sentence, line=group[-1].line, counters=counters, description=description)
    if stopped(trace):
        builder.show("caption")
        builder.step(
            f"Stopped after {result.stats['stopped']:,} steps: the search would go on too long "
            "to replay.",
            line=None,
            description=layers_description(
                layers, distance, now=stopped_description(result.stats["stopped"])[:-1]
            ),
        )
    return builder.film()


def _chart_words(distance: int) -> str:
    """What the chart is, said at its first step.

    >>> _chart_words(20)
    'A bar chart of the states reached at each distance from the start, 0 to 20 moves (log scale)'
    """
    return (
        "A bar chart of the states reached at each distance from the start, "
        f"0 to {distance} moves (log scale)"
    )


def _turn_sentence(group: list[Event], meets: list[Event], words: Words) -> str:
    """What one turn did: the layer expanded, the layer reached, and any touch."""
    side, depth = group[0].data, group[0].depth
    expanded = sum(e.kind == "expand" for e in group)
    new = sum(e.kind == "generate" for e in group)
    where = "the start" if side == "forward" else "the goal"
    sentence = (
        f"The {side} search expands its {expanded:,} state{'s' if expanded != 1 else ''} at "
        f"depth {depth} (moves from {where}): they reach {new:,} new states at depth {depth + 1}."
    )
    if meets:
        best = min(e.value for e in meets)
        sentence += (
            f" {len(meets):,} of them the other search has reached too: the searches touch, "
            f"and the best path through a touch has {steps_text(best)}."
        )
    return sentence
