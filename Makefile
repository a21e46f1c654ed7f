# Cardavia: the two commands a new user needs are `make serve` and `make test`.
# Every target installs what it needs itself (venv, npm packages, Debian's chromium).

PY_BASE ?= python3
VENV    := .venv
PY      := $(VENV)/bin/python
PORT    ?= 8000
STAMP   := $(VENV)/.stamp-$(shell cat requirements-test.txt | cksum | cut -d' ' -f1)

.PHONY: setup setup-py setup-node setup-browser build serve test lane-site lane-engine e2e-queue test-engine test-site test-py test-js test-pyodide test-e2e e2e-run bench bench-web lighthouse bench-arena train train-selfplay screenshots bench-memory clean

setup: setup-py setup-node

setup-py: $(STAMP)
$(STAMP): requirements-test.txt
	$(PY_BASE) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements-test.txt
	$(PY) -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $@

setup-node: node_modules/.package-lock.json
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

setup-browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's chromium (needs root)"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || \
	  (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null); }

build: setup
	$(PY) scripts/build/build_site.py

serve: build
	@echo "Serving dist/ at http://localhost:$(PORT)/"
	$(PY) scripts/build/serve.py --port $(PORT) dist

# Two cores, two lanes. The site lane builds the site and starts on the browser tests (its
# progress shown as it goes); the engine lane runs the engine's suites one after another
# (Pyodide in Node.js, CPython, the JS units: output kept in test-artifacts/engine-suites.log)
# and then joins in on the browser tests the site lane has not claimed (e2e/lanes.py: whole
# test modules, longest first; its output in test-artifacts/e2e-engine-lane.log). Each lane's
# log is printed whole when it ends; either lane failing fails the target.
E2E_QUEUE := test-artifacts/e2e-queue

test: setup setup-browser
	$(MAKE) --no-print-directory -j2 lane-site lane-engine

lane-site: e2e-queue
	$(PY) scripts/test/run_e2e.py --lane site --queue $(E2E_QUEUE) e2e --durations=25

lane-engine: test-engine e2e-queue
	@echo "===== the engine lane joins the browser tests (test-artifacts/e2e-engine-lane.log) ====="
	@$(PY) scripts/test/run_e2e.py --lane engine --queue $(E2E_QUEUE) e2e --durations=25 \
	  > test-artifacts/e2e-engine-lane.log 2>&1; rc=$$?; \
	  echo "===== the browser tests of the engine lane (test-artifacts/e2e-engine-lane.log) ====="; \
	  cat test-artifacts/e2e-engine-lane.log; exit $$rc

# one queue per `make test`, made after the build that both lanes test
e2e-queue: build
	@rm -rf $(E2E_QUEUE) && mkdir -p $(E2E_QUEUE)

test-engine: setup
	@mkdir -p test-artifacts
	@$(MAKE) --no-print-directory -j1 test-pyodide test-py test-js > test-artifacts/engine-suites.log 2>&1; \
	  rc=$$?; echo "===== the engine's suites (test-artifacts/engine-suites.log) ====="; \
	  cat test-artifacts/engine-suites.log; exit $$rc

test-site: setup setup-browser
	$(MAKE) --no-print-directory -j1 build e2e-run

test-py: setup-py
	$(PY) -m pytest tests

test-js: setup-node
	node --test web/js-tests/*.test.mjs

test-pyodide: setup
	node scripts/test/pyodide_pytest.mjs

test-e2e: setup setup-browser
	$(PY) scripts/build/build_site.py
	$(MAKE) --no-print-directory e2e-run

# the browser tests alone, on dist/ as built (make test and make test-e2e build it first)
e2e-run:
	$(PY) scripts/test/run_e2e.py e2e --durations=25

bench: setup-py
	$(PY) -m cardavia bench briscola
	$(PY) -m cardavia bench scopa

# Expert against normal, 2,000 seat-swapped deals per game (4,000 deals; hours): resumable,
# each game's log in bench/arena/ keeps every pair played, so a stopped run goes on where
# it stopped. ARENA_GAMES (default: every game, from the games' descriptions: python -m
# cardavia games) and JOBS choose what and how wide.
ARENA_GAMES ?= $(shell PYTHONPATH=core $(PY_BASE) -m cardavia games)
JOBS ?= 1
bench-arena:
	for g in $(ARENA_GAMES); do \
	  PYTHONPATH=core $(PY_BASE) -m cardavia arena $$g --players expert,normal --deals 2000 \
	    --seed 1 --no-clock --jobs $(JOBS) --progress 50 --log bench/arena/$$g-expert-normal.jsonl \
	    || exit 1; \
	done

# A game's learned play-out (issue 27; Briscola only so far): seeded self-play data, then
# training (numpy, at training time only), each step resumable (data and checkpoints in
# train-data/, git-ignored), niced; writes core/cardavia/ai/$(GAME)_learned.json and records
# its sha256. The defaults regenerate the committed weights (docs/computer-players.md).
GAME ?= briscola
MODE ?=
train: setup-py
ifeq ($(MODE),selfplay)
	$(MAKE) --no-print-directory train-selfplay
else
	PYTHONPATH=core nice -n 19 $(PY) scripts/train_$(GAME).py all
endif

# A game's self-play network (issue 45; GAME=briscola or scopa): PPO against its own past
# versions, numpy, niced; resumable: the same command goes on from TRAIN_DATA's checkpoint
# (docs/computer-players.md). TRAIN_ARGS e.g. --max-hours 4.
TRAIN_DATA ?= train-data/$(GAME)-selfplay
TRAIN_ARGS ?=
train-selfplay: setup-py
	PYTHONPATH=core nice -n 19 $(PY) scripts/train/$(GAME)_selfplay.py run --data $(TRAIN_DATA) $(TRAIN_ARGS)

bench-web: build setup-browser
	$(PY) scripts/bench/bench_web.py
	$(PY) scripts/bench/bench_pace.py

# Lighthouse (mobile) on home, every game's table and every tradition page: the four scores
# and the layout shift per page (LH_RUNS runs each, the median kept)
LH_RUNS ?= 1
lighthouse: build setup-browser
	$(PY) scripts/bench/lighthouse.py --runs $(LH_RUNS)

# the web manifest's screenshots (web/screenshots/*.webp), taken from real play on the built site
screenshots: build setup-browser
	$(PY) scripts/build/screenshots.py

bench-memory: build setup-browser
	$(PY) scripts/bench/bench_memory.py

clean:
	rm -rf dist build $(VENV) node_modules
