# search_viz: `make run` serves the app, `make test` runs every check.
# Both create .venv on first use; nothing else needs installing by hand.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8501
ADDRESS ?= localhost
N      ?= 2

.PHONY: run test test-slow lint format bench legends browser-deps clean \
	nginx-deps serve-replicas stop-replicas bench-load

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# Stamps: reinstall only when a requirements file changes.
$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements-dev.txt
	$(BIN)/pip install -q --no-deps aima3==1.0.11
	touch $@ $(VENV)/.runtime

run: $(VENV)/.runtime
	$(BIN)/streamlit run streamlit_app.py --server.port $(PORT) --server.address $(ADDRESS) \
		--browser.gatherUsageStats false

# Debian's Chromium and an emoji font for the browser tests (never `playwright install`),
# and nginx for the test through two replicas (deploy/).
# Without apt-get the browser tests are skipped with a notice; under CI=true they must run.
browser-deps:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/sbin/nginx ] \
			&& dpkg -s fonts-noto-color-emoji >/dev/null 2>&1; then \
		echo "browser tests: using /usr/bin/chromium and nginx"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "browser tests: installing chromium, fonts-noto-color-emoji and nginx with apt-get"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			chromium fonts-noto-color-emoji nginx >/dev/null; \
	elif [ -x /usr/bin/chromium ]; then \
		echo "browser tests: using /usr/bin/chromium (no emoji font)"; \
	else \
		echo "NOTICE: no apt-get and no Chromium here: the browser tests will be SKIPPED"; \
	fi

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# nginx-deps: nginx's brotli module too, so that the replicas' brotli test runs (it is skipped
# where the module cannot be installed).
# One test process per core, at most 4 (each runs its own app servers and Chromium);
# a test file stays on one process, which starts the app servers its files need once.
test: $(VENV)/.dev browser-deps nginx-deps lint
	$(BIN)/python -m pytest -n auto --maxprocesses 4 --dist loadfile --durations=25

# Draw the lessons' legends and keep them in search_viz/film/assets/legends/ (the legend pack),
# after changing what a legend shows; tests/test_legend_pack.py says when it is due.
legends: $(VENV)/.dev
	$(BIN)/python -m search_viz.lessons.packed_legends

# The slow-marked tests only (hostile input, at least 1,000 cases per property).
test-slow: $(VENV)/.dev
	$(BIN)/python -m pytest -m slow

# Side-by-side timings against the peers; rewrites the tables in benchmarks/README.md.
bench: $(VENV)/.dev
	$(BIN)/python -m benchmarks

# nginx from Debian's packages, for serving replicas (deploy/), and its brotli_static
# module with the brotli tool (optional: without them nginx serves gzip only).
nginx-deps:
	@if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then \
		echo "replicas: using nginx"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "replicas: installing nginx with apt-get"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; \
	else \
		echo "nginx is missing and there is no apt-get here: install nginx first"; exit 1; \
	fi
	@if [ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] && command -v brotli >/dev/null 2>&1; then \
		echo "replicas: nginx serves brotli too"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "replicas: installing nginx's brotli_static module and brotli with apt-get"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
			libnginx-mod-http-brotli-static brotli >/dev/null 2>&1 \
			|| echo "  not installed: nginx serves gzip only"; \
	fi

# N app processes behind nginx on PORT, sticky sessions (README: "Deploying for a course").
# Ctrl-C stops them all; so does `make stop-replicas` from another shell.
serve-replicas: $(VENV)/.runtime nginx-deps
	$(BIN)/python deploy/replicas.py --replicas $(N) --port $(PORT) --address $(if $(filter localhost,$(ADDRESS)),127.0.0.1,$(ADDRESS))

stop-replicas: $(BIN)/python
	$(BIN)/python deploy/replicas.py --stop --port $(PORT)

# Simulated students over the websocket (about 50 minutes, not part of `make test`);
# rewrites the load tables in benchmarks/README.md. Some parts only: PARTS=bytes,targets.
# An opening replays what Chromium fetched (benchmarks/browser_files.json); after a
# streamlit upgrade: .venv/bin/python -m benchmarks.bench_load --record-files
bench-load: $(VENV)/.dev nginx-deps
	$(BIN)/python -m benchmarks.bench_load $(if $(PARTS),--parts $(PARTS))

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis tests/artifacts
