"""The sentences beside each local-search step, and the experiments over seeded boards."""

import pytest

import search_viz as sv
from search_viz.algorithms.local_experiments import SETTINGS, Setting, run_once, run_setting
from search_viz.algorithms.local_search import Move
from search_viz.events import Event
from search_viz.lessons.local_search.sentences import explain_local


def test_an_annealing_proposal_says_the_temperature_the_move_and_the_change():
    e = Event("propose", (0,), value=7, temperature=886.0, delta=2, data=Move(3, 2, 5))
    assert explain_local(e) == (
        "T = 886. Try moving the queen of column 3 from row 2 to row 5: "
        "5 → 7 attacking pairs (Δ = +2, worse)."
    )


def test_a_worse_move_s_decision_states_its_chance_and_the_draw():
    accept = Event(
        "accept", (0,), value=7, temperature=886.0, delta=2, probability=0.9977, data=0.41
    )
    reject = accept._replace(kind="reject", temperature=0.5, probability=0.0183, data=0.61)
    assert explain_local(accept) == (
        "Accept the worse board: its chance was e^(−2/886) = 0.998 "
        "and the random draw r = 0.41 was below it."
    )
    assert "e^(−2/0.5) = 0.0183 and the random draw r = 0.61 was not below" in explain_local(reject)


def test_a_worse_proposal_says_the_random_draw_before_the_decision():
    e = Event("propose", (0,), value=7, temperature=970.299, delta=2, data=Move(3, 2, 5))
    assert explain_local(e, draw=0.614372).endswith(
        "(Δ = +2, worse). The random draw is r = 0.6144."
    )
    assert explain_local(e).startswith("T = 970.3. Try moving")


@pytest.mark.parametrize(
    ("event", "algorithm", "variant", "says"),
    [
        (Event("accept", delta=-1, probability=1.0), "simulated_annealing", "", "always taken"),
        (Event("accept", delta=0, probability=1.0), "simulated_annealing", "", "e^0 = 1"),
        (Event("accept", delta=0, probability=1.0), "hill_climbing", "steepest", "sideways move"),
        (Event("reject", delta=1), "hill_climbing", "steepest", "A local minimum"),
        (Event("reject", delta=0), "hill_climbing", "steepest", "Stuck on a plateau"),
        (Event("reject", delta=2), "hill_climbing", "first-choice", "never goes downhill"),
        (
            Event("restart", value=9, data=2),
            "hill_climbing",
            "steepest",
            "Restart 2: a new random board with 9",
        ),
        (Event("done", value=0, data="solved"), "hill_climbing", "steepest", "Solved"),
        (
            Event("done", value=1, data="stuck"),
            "hill_climbing",
            "steepest",
            "has 1 attacking pair.",
        ),
        (
            Event("done", value=2, data="max steps"),
            "simulated_annealing",
            "",
            "last allowed step with 2",
        ),
    ],
)
def test_each_kind_of_step_gets_its_sentence(event, algorithm, variant, says):
    assert says in explain_local(event, algorithm, variant)


def test_hill_climbing_proposals_say_which_variant_chose_them():
    e = Event("propose", (0,), value=2, delta=-1, data=Move(0, 3, 1))
    assert explain_local(e, "hill_climbing", "steepest").startswith("The best move is the queen")
    assert explain_local(e, "hill_climbing", "first-choice").startswith("Try a random untried move")


def test_genetic_sentences_name_the_parents_the_cut_the_mutation_and_the_fitness():
    tr = sv.Trace.record(sv.genetic(sv.NQueens(8, seed=1), population=4, generations=1, mutation=1))
    start, child = tr.events[0], tr.events[1]
    x, y = child.data.parents
    cut = child.data.cut
    column, row = child.data.mutated
    text = explain_local(child, "genetic", max_pairs=28)
    assert f"columns 0–{cut - 1} from board #{x}, columns {cut}–7 from board #{y}" in text
    assert f"a mutation moved the queen of column {column} to row {row}" in text
    assert f"(fitness {28 - child.value} of 28)" in text
    assert explain_local(start, "genetic", max_pairs=28).startswith(
        f"The starting population: 4 boards, the fittest with {start.value} attacking"
    )


def test_every_event_of_real_runs_gets_a_sentence():
    runs = [
        ("hill_climbing", "steepest", sv.hill_climbing(sv.NQueens(8, seed=1), restarts=3)),
        ("hill_climbing", "first-choice", sv.hill_climbing(sv.NQueens(8, seed=1), "first-choice")),
        ("simulated_annealing", "steepest", sv.simulated_annealing(sv.NQueens(8, seed=1))),
        (
            "genetic",
            "steepest",
            sv.genetic(sv.NQueens(8, seed=1), generations=5, crossover="uniform"),
        ),
    ]
    for algorithm, variant, gen in runs:
        for e in sv.Trace.record(gen).events:
            text = explain_local(e, algorithm, variant, max_pairs=28)
            assert text.endswith(".")
            assert "None" not in text


def test_an_experiment_is_reproducible_and_counts_what_it_says():
    a = run_setting(SETTINGS[0], n=8, boards=30)
    b = run_setting(SETTINGS[0], n=8, boards=30)
    assert (a.solved, a.mean_steps_solved, a.mean_steps_failed) == (
        b.solved,
        b.mean_steps_solved,
        b.mean_steps_failed,
    )
    by_hand = [sv.run(sv.hill_climbing(sv.NQueens(8, seed=i), seed=i)) for i in range(30)]
    assert a.solved == sum(r.value == 0 for r in by_hand)
    assert a.success_rate == a.solved / 30
    moves = [r.stats["moves"] for r in by_hand if r.value > 0]
    assert a.mean_steps_failed == pytest.approx(sum(moves) / len(moves))
    assert a.classic == 0.14
    assert run_setting(SETTINGS[0], n=10, boards=2).classic is None  # the classic is 8-queens


def test_an_experiment_reports_progress_after_each_board():
    seen = []
    run_setting(SETTINGS[4], n=6, boards=5, on_board=seen.append)
    assert seen == [0, 1, 2, 3, 4]


def test_run_once_passes_the_setting_s_options():
    setting = Setting("GA", "genetic", (("generations", 0),), unit="generations")
    r, seconds = run_once(setting, 8, seed=1)
    assert r.stats["generations"] == 0
    assert seconds >= 0
