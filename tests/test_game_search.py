"""Minimax and alpha-beta: the lecture notes' examples, a brute-force reference, any game."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import search_viz as sv
from search_viz import MAX, MIN, Event, GameTree, Trace, alphabeta, minimax, run
from search_viz.algorithms.adversarial import ORDERINGS, game_pseudocode, game_search

INF = math.inf


def record(gen) -> Trace:
    return Trace.record(gen, limit=10_000_000)


def kinds(trace: Trace, kind: str) -> list:
    return [e for e in trace.events if e.kind == kind]


def backed_up(trace: Trace) -> dict:
    """What each node returned to its parent (the root's own value under ())."""
    return {e.node: e.value for e in kinds(trace, "backup")}


def pruned_leaves(tree: GameTree, trace: Trace) -> list:
    return sorted(leaf for e in kinds(trace, "prune") for leaf in tree.leaves_under(e.node))


# ------------------------------------------------------------ lecture notes 5
@pytest.mark.parametrize(
    ("leaves", "d", "e", "f", "g", "b", "c", "a"),
    [
        ([-1, 4, 2, 6, -3, -5, 0, 7], 4, 6, -3, 7, 4, -3, 4),
        ([1, 2, 5, 7, 0, 1, 6, 4], 2, 7, 1, 6, 2, 1, 2),
    ],
)
def test_notes_5_minimax_backs_up_every_value(leaves, d, e, f, g, b, c, a):
    tree = GameTree.from_leaves(leaves, branching=2)
    trace = record(minimax(tree))
    values = backed_up(trace)
    assert [values[n] for n in [(0, 0), (0, 1), (1, 0), (1, 1)]] == [d, e, f, g]
    assert [values[(0,)], values[(1,)], values[()]] == [b, c, a]
    assert trace.result.value == a
    assert trace.result.stats == {"nodes": 15, "evaluated": 8, "pruned": 0}
    assert [e.node for e in kinds(trace, "evaluate")] == tree.leaves()
    assert not kinds(trace, "prune")


# ------------------------------------------------------------ lecture notes 6
def test_notes_6_first_example_step_by_step():
    tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
    trace = record(alphabeta(tree))
    backups = {e.node: e for e in kinds(trace, "backup")}
    # D = 3; B gets beta = 3
    assert backups[(0, 0)].value == 3
    assert (backups[(0, 0)].alpha, backups[(0, 0)].beta) == (-INF, 3)
    # at E the first leaf 5 gives alpha = 5 >= beta = 3: the leaf 9 is pruned
    assert (backups[(0, 1, 0)].alpha, backups[(0, 1, 0)].beta) == (5, 3)
    prunes = kinds(trace, "prune")
    assert prunes[0] == Event(
        "prune", (0, 1, 1), (0, 1), alpha=5, beta=3, line=prunes[0].line, data=MAX
    )
    # B = 3; the root gets alpha = 3
    assert backups[(0,)].value == 3
    assert (backups[(0,)].alpha, backups[(0,)].beta) == (3, INF)
    # F = 1; at C beta = 1 <= alpha = 3: G and both its leaves are pruned
    assert backups[(1, 0)].value == 1
    assert prunes[1] == Event("prune", (1, 1), (1,), alpha=3, beta=1, line=prunes[1].line, data=MIN)
    assert len(prunes) == 2
    assert pruned_leaves(tree, trace) == [(0, 1, 1), (1, 1, 0), (1, 1, 1)]
    assert [tree.value(n) for n in pruned_leaves(tree, trace)] == [9, 7, 5]
    assert trace.result.value == 3
    assert trace.result.move == 0
    assert trace.result.path == [(), (0,), (0, 0), (0, 0, 1)]


def test_notes_6_min_root():
    tree = GameTree.from_nested([[2, 4], [6, 8]], root="min")
    trace = record(alphabeta(tree))
    backups = {e.node: e for e in kinds(trace, "backup")}
    assert backups[(0,)].value == 4
    assert backups[(0,)].beta == 4
    assert [(e.node, e.alpha, e.beta) for e in kinds(trace, "prune")] == [((1, 1), 6, 4)]
    assert [tree.value(n) for n in pruned_leaves(tree, trace)] == [8]
    assert trace.result.value == 4
    assert run(minimax(tree)).value == 4


def test_notes_6_textbook_tree():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    trace = record(alphabeta(tree))
    assert trace.result.value == 3
    assert [(e.node, e.parent) for e in kinds(trace, "prune")] == [((1, 1), (1,)), ((1, 2), (1,))]
    assert [tree.value(n) for n in pruned_leaves(tree, trace)] == [4, 6]
    assert run(minimax(tree)).value == 3


@pytest.mark.parametrize("name", list(sv.problems.game_tree.EXAMPLES))
def test_every_example_agrees_with_minimax(name):
    tree = sv.problems.game_tree.EXAMPLES[name]
    assert run(alphabeta(tree)).value == run(minimax(tree)).value == tree.minimax_value()


def test_fail_hard_reports_other_values_at_cut_nodes_but_the_same_root():
    tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
    soft = backed_up(record(alphabeta(tree, fail_soft=True)))
    hard = backed_up(record(alphabeta(tree, fail_soft=False)))
    assert (soft[(0, 1)], hard[(0, 1)]) == (5, 3)  # E cut at beta = 3
    assert (soft[(1,)], hard[(1,)]) == (1, 3)  # C cut at alpha = 3
    assert soft[()] == hard[()] == 3


# ------------------------------------------------------------------- events
def test_the_events_follow_the_protocol():
    tree = GameTree.random(branching=3, depth=4, low=-5, high=5, seed=4)
    trace = record(alphabeta(tree))
    r = trace.result
    count = Counter(e.kind for e in trace.events)
    assert count["expand"] == r.stats["nodes"] == count["backup"]
    assert count["evaluate"] == r.stats["evaluated"]
    assert count["prune"] == r.stats["pruned"]
    assert trace.events[-1] == Event("done", value=r.value, line=trace.events[-1].line)
    entered = [e.node for e in kinds(trace, "expand")]
    assert len(set(entered)) == len(entered)
    assert not {e.node for e in kinds(trace, "prune")} & set(entered)
    for e in kinds(trace, "expand"):
        assert e.depth == len(e.node)
        assert e.data == tree.player(e.node)
    for e in kinds(trace, "backup"):
        assert e.parent == (e.node[:-1] if e.node else None)
    for e in kinds(trace, "prune"):
        assert e.parent == e.node[:-1]
        assert e.alpha >= e.beta
        assert e.data == tree.player(e.parent)
    # each node's subtree is finished (backup) before its next sibling is entered
    open_nodes = []
    for e in trace.events:
        if e.kind == "expand":
            assert (open_nodes[-1] if open_nodes else None) == (e.node[:-1] if e.node else None)
            open_nodes.append(e.node)
        elif e.kind == "backup":
            assert open_nodes.pop() == e.node


def test_minimax_events_carry_no_window_and_point_at_its_pseudocode():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    trace = record(minimax(tree))
    assert all(e.alpha is None and e.beta is None for e in trace.events)
    code = game_pseudocode(pruning=False)
    text = code.text.splitlines()
    for e in trace.events:
        assert 1 <= e.line <= len(text)
    first = trace.events[0]
    assert text[first.line - 1].startswith("function MAX-VALUE")
    leaf = kinds(trace, "evaluate")[0]
    assert "UTILITY" in text[leaf.line - 1]


def test_alphabeta_events_point_at_the_lines_that_do_it():
    tree = GameTree.from_leaves([2, 3, 5, 9, 0, 1, 7, 5], branching=2)
    for fail_soft in (True, False):
        trace = record(alphabeta(tree, fail_soft=fail_soft))
        text = game_pseudocode(True, fail_soft).text.splitlines()
        said = {(e.kind, e.data): text[e.line - 1].strip() for e in trace.events}
        assert said["prune", MAX].startswith("if α ≥ β: return " + ("v" if fail_soft else "β"))
        assert said["prune", MIN].startswith("if α ≥ β: return " + ("v" if fail_soft else "α"))
        assert said["backup", MAX] == "α ← MAX(α, v)"
        assert said["backup", MIN] == "β ← MIN(β, v)"
        assert said["expand", MIN] == "function MIN-VALUE(s, α, β):"


def test_a_single_leaf_is_its_own_value():
    r = run(alphabeta(GameTree.from_nested(7)))
    assert (r.value, r.move, r.path, r.stats["nodes"]) == (7, None, [()], 1)


# -------------------------------------------------- brute-force reference
def reference(nested, is_max: bool, fail_soft: bool, alpha=-INF, beta=INF, path=(), log=None):
    """Textbook alpha-beta over nested lists, left to right: (value, {node: returned value}).

    ``log`` collects the leaves evaluated, in order.
    """
    returned = {}
    if not isinstance(nested, list):
        log.append(path)
        return nested, returned
    best = -INF if is_max else INF
    for a, child in enumerate(nested):
        v, below = reference(child, not is_max, fail_soft, alpha, beta, (*path, a), log)
        returned.update(below)
        returned[(*path, a)] = v
        if is_max:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            return (best if fail_soft else (beta if is_max else alpha)), returned
    return (best if fail_soft else (alpha if is_max else beta)), returned


def plain_minimax(nested, is_max: bool):
    if not isinstance(nested, list):
        return nested
    values = [plain_minimax(child, not is_max) for child in nested]
    return max(values) if is_max else min(values)


numbers = st.one_of(st.integers(-20, 20), st.sampled_from([-2.5, 0.5, 3.25]))
trees = st.recursive(
    numbers, lambda children: st.lists(children, min_size=1, max_size=4), max_leaves=40
)


@given(nested=trees, root=st.sampled_from(["max", "min"]), fail_soft=st.booleans())
def test_alphabeta_matches_a_brute_force_reference(nested, root, fail_soft):
    tree = GameTree.from_nested(nested, root=root)
    trace = record(alphabeta(tree, fail_soft=fail_soft))
    leaves: list = []
    value, returned = reference(nested, root == "max", fail_soft, log=leaves)
    assert trace.result.value == value == plain_minimax(nested, root == "max")
    assert [e.node for e in kinds(trace, "evaluate")] == leaves
    got = backed_up(trace)
    assert got.pop(()) == value
    assert got == returned


@given(nested=trees, root=st.sampled_from(["max", "min"]))
def test_fail_soft_and_fail_hard_agree_at_the_root_and_on_the_leaves(nested, root):
    tree = GameTree.from_nested(nested, root=root)
    soft, hard = record(alphabeta(tree, fail_soft=True)), record(alphabeta(tree, fail_soft=False))
    assert soft.result.value == hard.result.value == tree.minimax_value()
    assert soft.result.move == hard.result.move
    assert kinds(soft, "evaluate") == kinds(hard, "evaluate")


@given(nested=trees, root=st.sampled_from(["max", "min"]))
def test_the_move_and_the_principal_variation_are_minimax_s(nested, root):
    tree = GameTree.from_nested(nested, root=root)
    for r in (run(minimax(tree)), run(alphabeta(tree))):
        assert r.value == tree.minimax_value()
        if tree.is_leaf(()):
            assert r.move is None
            continue
        values = [tree.minimax_value(c) for c in tree.children(())]
        assert r.move == values.index(r.value)  # the first best action
        assert r.path[0] == ()
        assert tree.is_leaf(r.path[-1])
        assert all(tree.minimax_value(n) == r.value for n in r.path)


# ------------------------------------------------------------------ ordering
uniform = st.tuples(st.integers(2, 4), st.integers(1, 4)).flatmap(
    lambda bd: st.tuples(
        st.just(bd[0]),
        st.just(bd[1]),
        st.lists(st.integers(-50, 50), min_size=bd[0] ** bd[1], max_size=bd[0] ** bd[1]),
    )
)


@given(case=uniform, root=st.sampled_from(["max", "min"]))
def test_best_first_reaches_the_knuth_moore_minimum_and_never_loses(case, root):
    b, d, leaves = case
    tree = GameTree.from_leaves(leaves, branching=b, root=root)
    given_order = run(alphabeta(tree, ordering="given"))
    best = run(alphabeta(tree, ordering="best"))
    assert best.value == given_order.value == tree.minimax_value()
    assert best.stats["evaluated"] <= given_order.stats["evaluated"]
    assert best.stats["evaluated"] == b ** math.ceil(d / 2) + b ** (d // 2) - 1


@given(
    case=st.tuples(st.integers(2, 4), st.integers(1, 3)).flatmap(
        lambda bd: st.tuples(
            st.just(bd[0]), st.permutations(range(bd[0] ** bd[1])), st.sampled_from(["max", "min"])
        )
    )
)
def test_worst_first_prunes_nothing_on_shallow_trees_with_distinct_leaves(case):
    b, leaves, root = case
    tree = GameTree.from_leaves(list(leaves), branching=b, root=root)
    r = run(alphabeta(tree, ordering="worst"))
    assert r.stats["evaluated"] == len(leaves)
    assert r.stats["pruned"] == 0


def test_best_first_is_not_always_cheapest_on_a_ragged_tree():
    # The cut at the MIN node only needs some child <= alpha; "best first" picks the
    # one with the lowest value, a subtree of three leaves, instead of the leaf 3.
    tree = GameTree.from_nested([[[5], [3, [0, 1, 2]]]], root="min")
    given_order = run(alphabeta(tree, ordering="given"))
    best = run(alphabeta(tree, ordering="best"))
    assert (given_order.stats["evaluated"], best.stats["evaluated"]) == (2, 4)
    assert given_order.value == best.value == 5


def test_a_custom_ordering_key_decides_the_order():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    mirrored = GameTree.from_nested([[2, 5, 14], [6, 4, 2], [8, 12, 3]])
    trace = record(alphabeta(tree, ordering=lambda state, action: -action))
    reverse = [e.node for e in kinds(trace, "evaluate")]
    expected = [
        tuple(2 - a for a in n)
        for n in (e.node for e in kinds(record(alphabeta(mirrored)), "evaluate"))
    ]
    assert reverse == expected
    assert trace.result.value == 3
    assert trace.result.move == 0


def test_an_unknown_ordering_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="given, best, worst"):
        run(alphabeta(GameTree.from_nested([1, 2]), ordering="random"))


# --------------------------------------------------------------- any game
class Nim:
    """Take 1-3 sticks; whoever takes the last stick wins. A game, not a tree."""

    def __init__(self, sticks: int, extra_turn_at: int | None = None):
        self.initial = (sticks, MAX)
        self.extra_turn_at = extra_turn_at

    def to_move(self, state):
        return state[1]

    def actions(self, state):
        return [n for n in (1, 2, 3) if n <= state[0]]

    def result(self, state, action):
        left, player = state[0] - action, state[1]
        if left == self.extra_turn_at:  # landing here earns another move
            return (left, player)
        return (left, MIN if player == MAX else MAX)

    def is_terminal(self, state):
        return state[0] == 0

    def utility(self, state):
        # the player to move at 0 sticks did not take the last one: they lost
        return -1 if state[1] == MAX else 1

    def evaluate(self, state):
        return 0


def nim_brute(game, state):
    """(value, nodes) by plain recursion."""
    if game.is_terminal(state):
        return game.utility(state), 1
    results = [nim_brute(game, game.result(state, a)) for a in game.actions(state)]
    values = [v for v, _ in results]
    nodes = 1 + sum(n for _, n in results)
    return (max(values) if game.to_move(state) == MAX else min(values)), nodes


@pytest.mark.parametrize("extra", [None, 4])
@pytest.mark.parametrize("sticks", [1, 4, 5, 8, 9])
def test_any_game_with_the_protocol_is_searched(sticks, extra):
    game = Nim(sticks, extra_turn_at=extra)
    value, nodes = nim_brute(game, game.initial)
    m = run(minimax(game))
    assert (m.value, m.stats["nodes"]) == (value, nodes)
    assert run(alphabeta(game)).value == value
    assert run(alphabeta(game, fail_soft=False)).value == value
    assert run(alphabeta(game, ordering="best")).value == value


def test_nim_values_follow_the_rule_of_four():
    for sticks in range(1, 11):
        assert run(alphabeta(Nim(sticks))).value == (-1 if sticks % 4 == 0 else 1)


def test_a_depth_limit_evaluates_at_the_limit():
    tree = GameTree.from_nested([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
    trace = record(alphabeta(tree, limit=1, evaluate=lambda state: -state))
    evaluated = kinds(trace, "evaluate")
    assert [e.node for e in evaluated] == [(0,), (1,)]
    assert {e.data for e in evaluated} == {"limit"}
    assert trace.result.value == -1  # node numbers 1 and 2, negated
    code = game_pseudocode(limit=1).text.splitlines()
    assert "EVAL" in code[evaluated[0].line - 1]
    assert run(minimax(tree, limit=2, evaluate=lambda s: 0)).stats["evaluated"] == 4
    assert run(minimax(tree, limit=0, evaluate=lambda s: 42)).value == 42


def test_a_depth_limit_uses_the_game_s_own_evaluation():
    assert run(alphabeta(Nim(9), limit=2)).value == 0


def test_a_depth_limit_without_an_evaluation_is_refused():
    with pytest.raises(ValueError, match="evaluation"):
        run(alphabeta(GameTree.from_nested([1, 2]), limit=1))
    with pytest.raises(ValueError, match="0 or more"):
        run(alphabeta(Nim(3), limit=-1))


def test_a_game_that_is_stuck_says_where():
    class Stuck(Nim):
        def actions(self, state):
            return [] if state[0] == 2 else super().actions(state)

    with pytest.raises(ValueError, match=r"\(1,\) is not terminal but has no actions"):
        run(minimax(Stuck(3)))
    # summed up below the root, it still says the whole way down to the stuck state
    for pruning in (False, True):
        summed = game_search(Stuck(4), pruning=pruning, summed_up=lambda node: True, table={})
        with pytest.raises(ValueError, match=r"\(1, 1\) is not terminal but has no actions"):
            run(summed)


# ------------------------------------------------------------------ summing up
def counted(gen, tally=(0, 0, 0)) -> tuple[list, object]:
    """The events of ``gen``, each with how far the search had got (nodes entered, leaves
    evaluated, children pruned: its own events' counts plus ``tally``'s), and its Result."""
    out, seen = [], Counter()
    while True:
        try:
            e = next(gen)
        except StopIteration as stop:
            return out, stop.value
        seen[e.kind] += 1
        counts = (seen["expand"], seen["evaluate"], seen["prune"])
        out.append((e, *(n + extra for n, extra in zip(counts, tally, strict=True))))


def caller(e: Event) -> tuple:
    """The node whose call makes the event: a backup or a prune is its parent's doing."""
    if e.kind in ("backup", "prune"):
        return () if e.parent is None else e.parent
    return () if e.node is None else e.node


def assert_summed_up_as_filtered(game, chosen: set, table=None, **options) -> None:
    """Summing up the calls on ``chosen`` nodes (and so all below them) leaves every event
    of the calls stepped through, the counts at each, and the Result, as the whole search."""
    full, result = counted(game_search(game, **options))
    tally = [0, 0, 0]
    summed, summed_result = counted(
        game_search(game, **options, summed_up=chosen.__contains__, table=table, tally=tally),
        tally,
    )

    def hidden(node: tuple) -> bool:  # summed up, or below a summed-up node (never the root)
        return any(node[:i] in chosen for i in range(1, len(node) + 1))

    assert summed == [step for step in full if not hidden(caller(step[0]))]
    assert summed_result == result


@given(
    nested=trees,
    root=st.sampled_from(["max", "min"]),
    pruning=st.booleans(),
    fail_soft=st.booleans(),
    ordering=st.sampled_from(ORDERINGS),
    limit=st.sampled_from([None, None, 0, 1, 2]),
    data=st.data(),
)
def test_summed_up_calls_leave_the_other_events_and_the_result_as_they_were(
    nested, root, pruning, fail_soft, ordering, limit, data
):
    tree = GameTree.from_nested(nested, root=root)
    chosen = set(data.draw(st.lists(st.sampled_from(tree.nodes), max_size=6)))
    assert_summed_up_as_filtered(
        tree, chosen, pruning=pruning, fail_soft=fail_soft, ordering=ordering, limit=limit,
        evaluate=lambda state: state % 7 - 3,
    )  # fmt: skip


@given(
    sticks=st.integers(1, 12),
    extra=st.sampled_from([None, 4]),
    pruning=st.booleans(),
    fail_soft=st.booleans(),
    limit=st.sampled_from([None, 3]),
    chosen=st.sets(st.lists(st.integers(1, 3), min_size=1, max_size=3).map(tuple), max_size=8),
)
def test_summed_up_calls_of_one_position_are_searched_once_and_reused(
    sticks, extra, pruning, fail_soft, limit, chosen
):
    """In a game whose positions are met again by other moves (Nim), the table serves
    them, in this search and in the next one given the same table."""
    game, table = Nim(sticks, extra_turn_at=extra), {}
    for _ in range(2):
        assert_summed_up_as_filtered(
            game, chosen, table, pruning=pruning, fail_soft=fail_soft, limit=limit
        )


def test_a_summed_up_call_is_searched_once_per_position_and_window():
    game, table = Nim(12), {}
    whole = run(game_search(game, pruning=False))
    summed = run(game_search(game, pruning=False, summed_up=lambda node: True, table=table))
    below, todo = set(), [game.initial]  # the positions below the root
    while todo:
        for a in game.actions(state := todo.pop()):
            if (child := game.result(state, a)) not in below:
                below.add(child)
                todo.append(child)
    assert {state for state, *_ in table} == below
    assert len(table) == len(below) == 23 < whole.stats["nodes"] == 2031
    assert summed == whole
    # (value, principal variation below it, nodes, leaves evaluated, children pruned)
    assert table[((0, MAX), None, None, None)] == (-1, (), 1, 1, 0)
    assert table[((2, MIN), None, None, None)] == (-1, (2,), 4, 2, 0)  # take both


def test_summing_up_options_are_checked():
    tree = GameTree.from_nested([[1, 2], [3]])
    with pytest.raises(ValueError, match="go with summed_up"):
        game_search(tree, pruning=True, table={})
    with pytest.raises(TypeError, match="summed_up must be a function of a node"):
        game_search(tree, pruning=True, summed_up={(0,)})
