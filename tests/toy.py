"""A small depth-first search written in the event protocol, for testing the foundation."""

from search_viz import Event, Result

PSEUDOCODE = """\
push start on the stack
while the stack is not empty:
    node = pop the stack
    if node is the goal: return its path
    for each child of node, last first:
        push child"""

TREE = {"A": ["B", "C"], "B": ["D", "E"], "C": ["F"], "D": [], "E": [], "F": []}


def toy_dfs(tree=TREE, start="A", goal="F"):
    """Depth-first search over a dict of children, yielding the protocol's events."""
    yield Event("generate", start, depth=0, line=1)
    stack = [(start, 0)]
    parents = {start: None}
    expanded = 0
    while stack:
        node, depth = stack.pop()
        expanded += 1
        yield Event("expand", node, depth=depth, line=3)
        if node == goal:
            yield Event("goal", node, depth=depth, line=4)
            path = [node]
            while parents[path[-1]] is not None:
                path.append(parents[path[-1]])
            return Result(value=depth, path=path[::-1], stats={"expanded": expanded})
        for child in reversed(tree[node]):
            parents[child] = node
            stack.append((child, depth + 1))
            yield Event("generate", child, parent=node, depth=depth + 1, line=6)
    return Result(stats={"expanded": expanded})
