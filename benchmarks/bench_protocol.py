"""What the event protocol costs: building events, and a DFS with events against one without.

Run: ``python -m benchmarks.bench_protocol`` (rewrites its tables in benchmarks/README.md).
"""

from __future__ import annotations

import sys
import timeit
from dataclasses import dataclass
from typing import Any

from benchmarks.tables import best_of, table, write_section
from benchmarks.trees import as_digraph, dfs_events, dfs_events_stack, dfs_plain, random_tree
from search_viz import Event, run

TREE_NODES = 200_000


@dataclass(slots=True)
class SlottedEvent:
    kind: str
    node: Any = None
    parent: Any = None
    value: Any = None
    alpha: Any = None
    beta: Any = None
    depth: Any = None
    g: Any = None
    h: Any = None
    temperature: Any = None
    delta: Any = None
    probability: Any = None
    line: Any = None
    data: Any = None


@dataclass(slots=True, frozen=True)
class FrozenEvent:
    kind: str
    node: Any = None
    parent: Any = None
    value: Any = None
    alpha: Any = None
    beta: Any = None
    depth: Any = None
    g: Any = None
    h: Any = None
    temperature: Any = None
    delta: Any = None
    probability: Any = None
    line: Any = None
    data: Any = None


def per_event_ns(make) -> float:
    number = 200_000
    return min(timeit.repeat(make, number=number, repeat=7)) / number * 1e9


def event_creation() -> str:
    node, parent = (0, 1, 2), (0, 1)
    rows = []
    for name, cls, immutable in [
        ("NamedTuple (chosen)", Event, "yes"),
        ("slotted dataclass", SlottedEvent, "no"),
        ("frozen slotted dataclass", FrozenEvent, "yes"),
    ]:
        backup = per_event_ns(
            lambda cls=cls: cls("backup", node, parent=parent, value=3, alpha=1, beta=5, line=7)
        )
        expand = per_event_ns(lambda cls=cls: cls("expand", node, line=3))
        size = sys.getsizeof(cls("expand", node))
        rows.append((name, immutable, f"{expand:.0f}", f"{backup:.0f}", size))
    return table(
        ["record", "immutable", "ns: 2 fields", "ns: 6 fields", "bytes"],
        rows,
    )


def dfs_overhead() -> str:
    sys.setrecursionlimit(100_000)
    children = random_tree(TREE_NODES)
    graph = as_digraph(children)
    rows = []
    for shape, tree in [("lists of children", children), ("networkx DiGraph", graph.adj)]:
        plain = best_of(lambda tree=tree: dfs_plain(tree, 0, -1, set()))
        recursive = best_of(lambda tree=tree: run(dfs_events(tree, 0, -1, set())))
        stack = best_of(lambda tree=tree: run(dfs_events_stack(tree, 0, -1)))
        for variant, seconds in [
            ("plain recursive, no events", plain),
            ("events, recursive (`yield from`)", recursive),
            ("events, explicit stack", stack),
        ]:
            ratio = seconds / plain
            verdict = "" if seconds == plain else ("yes" if ratio < 2 else "**no**")
            rows.append((shape, variant, f"{seconds * 1e3:.0f}", f"{ratio:.2f}x", verdict))
    return table(["tree", "DFS", "ms", "vs plain", "under 2x"], rows)


def main() -> None:
    write_section("event-creation", event_creation())
    write_section("dfs-overhead", dfs_overhead())


if __name__ == "__main__":
    main()
