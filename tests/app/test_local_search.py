"""The local-search page through AppTest: the notes' answers on the page, bad input, the tabs."""

import math

import pytest
from streamlit.testing.v1 import AppTest

import search_viz as sv
from tests.app import pages
from tests.app.pages import html_text
from tests.conftest import ARTIFACTS

PAGE = "app_pages/local_search.py"


def open_page(query: dict | None = None) -> AppTest:
    return pages.open_page(PAGE, query, timeout=60)


def note_text(at: AppTest) -> str:
    return next(h.value for h in at.html if "sv-note" in h.value)


def go_to(at: AppTest, step: int) -> AppTest:
    return at.slider(key="local_search.slider").set_value(step).run()


def no_trouble(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def test_the_default_page_replays_the_notes_annealing_scheme():
    at = open_page()
    no_trouble(at)
    assert at.selectbox(key="algorithm").value == "simulated_annealing"
    summary = " ".join(m.value for m in at.markdown)
    assert "Simulated annealing from a board with 9 attacking pairs: **solved**" in summary
    assert len(at.image) == 2  # the board and the curves beneath it
    text = note_text(at)
    assert "Step 0." in text
    assert "T = 1000." in text  # the notes start at 1000 ...
    go_to(at, 2)
    assert "T = 990." in note_text(at)  # ... and multiply by 0.99 each step
    go_to(at, 4)
    assert "T = 980." in note_text(at)  # 1000 · 0.99² = 980.1
    code = html_text(at)
    assert "T ← T × cooling" in code
    assert "next column&#x27;s queen, new row" in code or "next column's queen, new row" in code


def test_a_worse_move_s_step_states_its_chance_e_to_the_minus_delta_over_t():
    events = sv.Trace.record(sv.simulated_annealing(sv.NQueens(8, seed=0), seed=1)).events
    taken = next(k for k, e in enumerate(events) if e.kind == "accept" and e.delta > 0)
    refused = next(k for k, e in enumerate(events) if e.kind == "reject")
    at = open_page()
    for k, verb in [(taken, "Accept"), (refused, "Reject")]:
        e = events[k]
        go_to(at, k)
        chance = math.exp(-e.delta / e.temperature)
        expected = (
            f"{verb} the worse board: its chance was e^(−{sv.format_value(e.delta)}/"
            f"{sv.format_value(e.temperature)}) = {sv.format_value(chance)}"
        )
        assert expected in note_text(at)


@pytest.mark.parametrize(
    ("widget", "value", "says"),
    [
        ("cooling", 1.0, "cooling must be a number strictly between 0 and 1"),
        ("cooling", 0.0, "cooling must be a number strictly between 0 and 1"),
        ("t0", 0.0, "t0 (the starting temperature) must be a number above 0"),
        ("n", 3, "n must be a whole number from 4 to 50, not 3."),
        ("n", 51, "n must be a whole number from 4 to 50, not 51."),
    ],
)
def test_bad_parameters_show_the_library_s_message_and_keep_what_was_typed(widget, value, says):
    at = open_page()
    at.number_input(key=widget).set_value(value).run()
    assert not at.exception
    assert len(at.error) == 1
    assert says in at.error[0].value
    assert at.number_input(key=widget).value == value


@pytest.mark.parametrize(
    ("rows", "says"),
    [
        ("3 2 1 4 3 2 1", "The state must give one row per column: 8 numbers, not 7."),
        (
            "3 2 1 4 3 2 1 8",
            "The row 8 in column 7 is off the board: rows are whole numbers from 0 to 7.",
        ),
        ("3 2 1 x 3 2 1 2", "'x' is not a whole number"),
        ("[3, 2", "is not a list of whole numbers"),
        ("", "Type one row per column"),
    ],
)
def test_a_bad_own_board_gets_a_message_saying_what_is_allowed(rows, says):
    at = open_page({"board": "Your own board"})
    at.text_input(key="rows").set_value(rows).run()
    assert not at.exception
    assert says in at.error[0].value
    assert at.text_input(key="rows").value == rows


def test_a_good_own_board_is_replayed():
    at = open_page({"board": "Your own board"})
    at.text_input(key="rows").set_value("[1, 3, 0, 2]").run()
    at.number_input(key="n").set_value(4).run()
    no_trouble(at)
    assert "from a board with 0 attacking pairs: **solved**" in " ".join(
        m.value for m in at.markdown
    )


@pytest.mark.parametrize(
    ("widget", "value", "says"),
    [
        ("population", 1, "population must be a whole number of at least 2"),
        ("elitism", 50, "elitism must be smaller than the population (50)"),
    ],
)
def test_bad_genetic_parameters_show_a_message(widget, value, says):
    at = open_page({"algorithm": "Genetic algorithm", "generations": "5"})
    at.number_input(key=widget).set_value(value).run()
    assert not at.exception
    assert says in at.error[0].value


def test_hill_climbing_on_aima_s_board_shows_the_numbers_and_takes_a_12():
    at = open_page(
        {"algorithm": "Hill climbing", "board": "AIMA figure 4.3(a): 17 attacking pairs"}
    )
    no_trouble(at)
    assert at.checkbox(key="numbers").value
    text = note_text(at)
    assert "17 → 12 attacking pairs" in text  # AIMA: the best moves give h = 12
    assert "The best move" in text
    assert "Δ of each move" not in text
    last = at.slider(key="local_search.slider").max
    go_to(at, last)
    assert "Stuck" in note_text(at)


def test_the_local_minimum_example_is_stuck_at_once_for_hill_climbing():
    at = open_page(
        {"algorithm": "Hill climbing", "board": "A local minimum: 1 pair, every move worse"}
    )
    no_trouble(at)
    assert at.slider(key="local_search.slider").max == 2  # propose, reject, done
    go_to(at, 1)
    assert "A local minimum: hill climbing is stuck." in note_text(at)


def test_the_genetic_algorithm_shows_its_population():
    at = open_page({"algorithm": "Genetic algorithm", "generations": "20"})
    no_trouble(at)
    assert len(at.image) == 3  # the board, the fitness curves, the population
    assert "The starting population: 50 boards" in note_text(at)
    go_to(at, 1)
    assert "A child: columns 0–" in note_text(at)


def test_the_experiments_tab_runs_every_setting_with_the_classic_figures_beside():
    at = open_page({"view": "Experiments: 100 boards", "exp_boards": "10"})
    no_trouble(at)
    assert any("The classic result" in m.value for m in at.markdown)
    at.button[-1].click().run()  # Run the experiment
    no_trouble(at)
    table = at.dataframe[0].value
    assert list(table["algorithm"])[:2] == [
        "Steepest ascent",
        "Steepest ascent, ≤ 100 sideways moves",
    ]
    assert list(table["R&N"])[:2] == ["14%", "94%"]
    assert len(table) == 7
    assert any(image for image in at.image)  # the chart


# ---------------------------------------------------------------- in Chromium
def wait_until_drawn(page, timeout: float = 60_000) -> None:
    """Until the board and the curves are drawn.

    On a freshly started server, the first visit straight to a page's own path
    shows Streamlit's "Page not found" dialog over the right page
    (streamlit/streamlit#9992): it is closed here, as a user would.
    """
    page.wait_for_selector('[data-testid="stMain"]', timeout=timeout)
    page.wait_for_function(
        """() => !document.querySelector('[data-testid="stStatusWidget"]')
                 && !document.querySelector('[data-testid="stSkeleton"]')
                 && document.querySelectorAll('[data-testid="stImage"] img').length >= 2""",
        timeout=timeout,
    )
    dialog = page.get_by_role("dialog").filter(has_text="Page not found")
    if dialog.count():
        dialog.get_by_role("button", name="Close").click()
        dialog.wait_for(state="detached")
    page.wait_for_timeout(300)


def shown_note(page) -> str:
    return page.locator(".sv-note").inner_text()


@pytest.mark.browser
@pytest.mark.parametrize(("width", "height"), [(1400, 1000), (1280, 720)])
def test_the_page_draws_at_laptop_and_projector_sizes(browser, app_url, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{app_url}/local-search?step=1200")
    wait_until_drawn(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator('[data-testid="stMain"]').screenshot(
        path=str(ARTIFACTS / f"local-search-{width}x{height}.png")
    )
    assert "Step 1200." in shown_note(page)
    assert page.locator('[data-testid="stException"]').count() == 0
    assert errors == []
    context.close()


@pytest.mark.browser
def test_the_arrow_keys_step_and_the_url_follows(page, app_url):
    page.goto(f"{app_url}/local-search?step=10")
    wait_until_drawn(page)
    assert "Step 10." in shown_note(page)
    page.locator("body").press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('.sv-note').innerText.includes('Step 11.')"
    )
    assert "step=11" in page.url
    page.locator("body").press("ArrowLeft")
    page.wait_for_function(
        "() => document.querySelector('.sv-note').innerText.includes('Step 10.')"
    )
    assert page.console_errors == []


@pytest.mark.browser
def test_a_bad_cooling_factor_shows_the_message_not_a_traceback(page, app_url):
    page.goto(f"{app_url}/local-search")
    wait_until_drawn(page)
    field = page.get_by_role("spinbutton", name="Cooling factor")
    field.fill("1")
    field.press("Enter")
    alert = page.locator('[data-testid="stAlertContentError"]')
    alert.wait_for(timeout=30_000)
    assert "cooling must be a number strictly between 0 and 1" in alert.inner_text()
    assert page.locator('[data-testid="stException"]').count() == 0
    assert field.input_value() == "1.0000"
    page.locator('[data-testid="stMain"]').screenshot(
        path=str(ARTIFACTS / "local-search-bad-cooling.png")
    )


@pytest.mark.browser
def test_presenter_mode_and_the_genetic_algorithm(page, app_url):
    page.goto(f"{app_url}/local-search?present=1&algorithm=Genetic+algorithm&step=60")
    wait_until_drawn(page)
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=\"stImage\"] img').length >= 3"
    )
    assert "A child" in shown_note(page)
    page.locator('[data-testid="stMain"]').screenshot(
        path=str(ARTIFACTS / "local-search-genetic-presenter.png")
    )
    assert page.locator('[data-testid="stException"]').count() == 0
    assert page.console_errors == []
