"""The genetic algorithm on n-queens: where children come from, elitism, the generations."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import search_viz as sv
from search_viz.algorithms.genetic import genetic_pseudocode
from search_viz.problems.nqueens import count_conflicts


def generations(trace):
    return [e.data for e in trace.events if e.kind == "generation"]


@given(
    seed=st.integers(0, 10_000),
    size=st.integers(2, 12),
    elitism=st.integers(0, 3),
    crossover=st.sampled_from(["one-point", "uniform"]),
    selection=st.sampled_from(["roulette", "tournament"]),
    mutation=st.sampled_from([0.0, 0.3, 1.0]),
)
def test_every_child_is_made_of_its_parents_columns_and_at_most_one_mutation(
    seed, size, elitism, crossover, selection, mutation
):
    elitism = min(elitism, size - 1)
    q = sv.NQueens(6, seed=seed)
    tr = sv.Trace.record(
        sv.genetic(
            q,
            population=size,
            generations=5,
            seed=seed,
            crossover=crossover,
            mutation=mutation,
            elitism=elitism,
            selection=selection,
        )
    )
    gens = generations(tr)
    assert gens[0].population[0] == q.state
    previous = None
    for e in tr.events:
        if e.kind == "generation":
            g = e.data
            assert len(g.population) == len(g.conflicts) == size
            assert list(g.conflicts) == [count_conflicts(b) for b in g.population]
            assert e.value == min(g.conflicts)
            if previous is not None:
                # elitism: the fittest of the last generation come first, unchanged
                best = sorted(previous.conflicts)[:elitism]
                assert sorted(g.conflicts[:elitism]) == best
                assert set(g.population[:elitism]) <= set(previous.population)
            previous = g
        elif e.kind == "propose":
            origin = e.data
            assert e.value == count_conflicts(e.node)
            x, y = (previous.population[i] for i in origin.parents)
            for column, row in enumerate(e.node):
                if origin.mutated is not None and origin.mutated[0] == column:
                    assert row == origin.mutated[1]
                    continue
                assert row == (x if origin.from_first[column] else y)[column]
            # the crossover's own child: the parents' columns, before any mutation
            assert origin.crossed == tuple(
                (x if first else y)[c] for c, first in enumerate(origin.from_first)
            )
            differ = [c for c in range(6) if origin.crossed[c] != e.node[c]]
            assert differ == ([] if origin.mutated is None else [origin.mutated[0]])
            if crossover == "one-point":
                assert 1 <= origin.cut < 6
                assert origin.from_first == (True,) * origin.cut + (False,) * (6 - origin.cut)
            else:
                assert origin.cut is None
            if mutation == 0.0:
                assert origin.mutated is None
            if mutation == 1.0:
                assert origin.mutated is not None


def test_it_stops_at_the_first_generation_holding_a_solution():
    tr = sv.Trace.record(sv.genetic(sv.NQueens(8, seed=4), seed=4))
    gens = generations(tr)
    assert [g.number for g in gens] == list(range(len(gens)))
    assert all(min(g.conflicts) > 0 for g in gens[:-1])
    assert min(gens[-1].conflicts) == 0
    r = tr.result
    assert r.value == count_conflicts(r.state) == 0
    assert r.state in gens[-1].population
    assert r.stats["generations"] == len(gens) - 1 == 52
    assert tr.events[-1].kind == "done"


def test_a_start_board_that_is_already_solved_needs_no_generation():
    r = sv.run(sv.genetic(sv.NQueens(4, state=(1, 3, 0, 2))))
    assert r.value == 0
    assert r.stats["generations"] == 0


def test_without_a_solution_it_returns_the_fittest_board_of_the_last_generation():
    tr = sv.Trace.record(sv.genetic(sv.NQueens(8, seed=1), population=6, generations=3, seed=2))
    last = generations(tr)[-1]
    assert len(generations(tr)) == 4
    assert tr.result.value == min(last.conflicts) > 0
    assert tr.result.stats["children"] == 3 * (6 - 2)


def test_the_population_is_seeded_so_the_run_is_reproducible():
    a = sv.Trace.record(sv.genetic(sv.NQueens(8, seed=1), generations=10, seed=3))
    b = sv.Trace.record(sv.genetic(sv.NQueens(8, seed=1), generations=10, seed=3))
    assert a.events == b.events


@pytest.mark.parametrize("crossover", ["one-point", "uniform"])
def test_the_lines_point_into_the_pseudocode(crossover):
    code = genetic_pseudocode(crossover).splitlines()
    tr = sv.Trace.record(sv.genetic(sv.NQueens(8, seed=1), generations=3, crossover=crossover))
    lines = {e.kind: code[e.line - 1] for e in tr.events}
    assert "add child" in lines["propose"]
    assert "population ←" in lines["generation"]
    assert "return the fittest" in lines["done"]
