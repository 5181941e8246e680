# Taluva: set up, build, serve and test the static site.
#
#   make play        set up whatever is missing, build, serve on http://127.0.0.1:8000
#   make test        lint, JS unit tests, engine tests on CPython and in Pyodide, browser tests
#                    (Chromium; and Firefox ESR and WebKitGTK in e2e/other_browsers), each stage
#                    timed, then the slowest tests (docs/testing.md)
#   make test-e2e    the browser tests alone; make test-engines the engine's alone
#   make lint        ruff on the Python; ESLint and Prettier (check only) on the JavaScript
#   make test-js     unit tests of the page's pure JavaScript modules, on Node's own test runner
#   make format      rewrite the JavaScript in Prettier's layout and apply ESLint's automatic fixes
#   make bench-boot  boot time and bytes, beside a minimal Pyodide page; WebKitGTK's beside Chromium's
#   make bench-lighthouse  Lighthouse (mobile profile) on the built site, five runs with the GPU off and on: scores, FCP, LCP, TBT, TTI, bytes
#   make bench       engine speed (move generation, random games) on CPython and on Pyodide
#   make bench-bylink by-link links: Ed25519, reading a whole game's signed link, link lengths (CPython, Pyodide)
#   make arena       computer levels against each other (ARENA_ARGS="--a strong --b random")
#   make bench-ai    think time of the strongest computer level in the page
#   make bench-games the Games list with many kept games: import, open, page start
#   make bench-step  one step's round trip in the page: play() to the board redrawn, per step kind
#   make bench-review a 24-turn game reviewed, on CPython and in the page
#   make bench-frames the board's animation frame times, unthrottled and with the CPU slowed 4x
#   make bench-start  the start's long tasks (Chromium's trace, CPU slowed 4x), first and return visit
#   make font        regenerate web/fonts/taluva-tc.woff2 (Chinese subset) from the catalogues
#
# Setup steps leave stamp files, so a second run only redoes what changed.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:
MAKEFLAGS += --no-builtin-rules --no-print-directory

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
CACHE := build/.cache
SITE := site
NODE_MODULES := build/node_modules
export PIP_DISABLE_PIP_VERSION_CHECK := 1

# Stamps live inside what they vouch for: delete the thing and its stamp goes with it.
VENV_STAMP := $(VENV)/.installed
NPM_STAMP := $(NODE_MODULES)/.installed
SITE_WHEELS := $(CACHE)/wheels/site
TEST_WHEELS := $(CACHE)/wheels/test
SITE_WHEELS_STAMP := $(SITE_WHEELS)/.fetched
TEST_WHEELS_STAMP := $(TEST_WHEELS)/.fetched
ENGINE_DIST := $(CACHE)/dist
ENGINE_STAMP := $(ENGINE_DIST)/.built
# sw.js is written last by the site build
SITE_STAMP := $(SITE)/sw.js
# Each test run's JUnit report (every test's time), read by build/test_run.py's summary.
REPORTS := $(CACHE)/reports

# Directories are listed too, so adding or deleting a file also triggers a rebuild.
ENGINE_SRC := pyproject.toml $(shell find engine -not -path '*/__pycache__*')
WEB_SRC := $(shell find web)
BUILD_SCRIPTS := build/build_site.py build/bundle_worker.py build/compile_stdlib.mjs build/module_preload.py build/icons.py build/fetch_wheels.py \
	build/minify.py build/precompress.py build/stored_zip.py
LINT_PATHS := $(wildcard engine tests e2e build)
# JavaScript: the page (web/js, web/sw.js), its Node unit tests and the build's Node scripts.
# web/css is not checked: Prettier would rewrite its one-line rules and font lists, and the CSS
# is being reworked with the page; add it here in one commit with its `prettier --write`.
ESLINT := $(NODE_MODULES)/.bin/eslint --config build/eslint.config.mjs
PRETTIER := $(NODE_MODULES)/.bin/prettier
JS_LINT_PATHS := web tests/js $(wildcard build/*.mjs)
JS_FORMAT_PATHS := web/js web/sw.js tests/js $(wildcard build/*.mjs)
JS_TESTS := $(wildcard tests/js/*.test.mjs)

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help setup play serve site test lint format test-js test-engines test-engine test-pyodide test-e2e bench-boot \
	bench-lighthouse 	bench bench-bylink arena chromium font clean distclean

help:
	@sed -n 's/^#   //p' Makefile

# --- setup -------------------------------------------------------------------------------------

$(VENV_STAMP): build/requirements-dev.txt build/requirements-test.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -r build/requirements-dev.txt
	$(PY) -m pip check
	touch $@

$(NPM_STAMP): build/package.json build/package-lock.json
	cd build && npm ci --no-audit --no-fund
	touch $@

$(SITE_WHEELS_STAMP): build/requirements-site.txt build/fetch_wheels.py $(VENV_STAMP) $(NPM_STAMP)
	$(PY) build/fetch_wheels.py build/requirements-site.txt $(SITE_WHEELS)
	touch $@

$(TEST_WHEELS_STAMP): build/requirements-test.txt build/fetch_wheels.py $(VENV_STAMP) $(NPM_STAMP)
	$(PY) build/fetch_wheels.py build/requirements-test.txt $(TEST_WHEELS)
	touch $@

# Built without build isolation, by the hatchling pinned in the venv: nothing unpinned is fetched.
$(ENGINE_STAMP): $(ENGINE_SRC) $(VENV_STAMP)
	rm -rf $(ENGINE_DIST)
	$(PY) -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir $(ENGINE_DIST) .
	touch $@

setup: $(VENV_STAMP) $(NPM_STAMP) $(SITE_WHEELS_STAMP) $(TEST_WHEELS_STAMP)

# The system browsers the tests and benchmarks drive, never a Playwright download: Chromium; and
# Firefox ESR and WebKitGTK (WebKitWebDriver and its MiniBrowser, on an Xvfb display) for the
# browser tests in those engines (e2e/other_browsers). build/browsers.py finds them and names
# their Debian packages, installed here when one is missing.
BROWSERS_chromium := chromium
BROWSERS_other-browsers := firefox webkit-driver minibrowser xvfb
.PHONY: other-browsers
other-browsers: chromium  # one apt-get at a time, also under make -j (the set-up stage's)
chromium other-browsers: $(VENV_STAMP)
	@names="$(BROWSERS_$@)"; \
	if $(PY) build/browsers.py $$names >/dev/null 2>&1; then exit 0; fi; \
	packages="$$($(PY) build/browsers.py --packages $$names)"; \
	if ! command -v apt-get >/dev/null; then \
		$(PY) build/browsers.py $$names || true; \
		echo "A browser is missing and there is no apt-get to install it: install $$packages," \
			"or set the variables build/browsers.py names." >&2; exit 1; fi; \
	echo "Installing Debian's $$packages"; \
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq; \
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$packages; \
	$(PY) build/browsers.py $$names

# --- site --------------------------------------------------------------------------------------

$(SITE_STAMP): $(WEB_SRC) $(BUILD_SCRIPTS) $(ENGINE_STAMP) $(SITE_WHEELS_STAMP) $(NPM_STAMP)
	$(PY) build/build_site.py --out $(SITE)

site: $(SITE_STAMP)

play: site
	$(PY) build/serve.py --port $(PORT) $(SITE)

serve: play

# The Chinese fallback font is committed (neither a test nor the site build makes it): run this
# after changing a catalogue's Chinese text; e2e/test_fonts.py fails until then. The first run
# fetches two pinned npm font packages (about 105 MB) into $(CACHE)/font.
font: $(VENV_STAMP)
	$(PY) build/subset_font.py

# --- tests -------------------------------------------------------------------------------------

# Every stage in turn (set-up, lint, JS, engines, browsers), timed; a failing stage does not stop
# the others. At the end: each stage's time, the total, the 15 slowest tests and the browser tests
# over their 30 s budget (docs/testing.md). `make test-e2e` etc. run one stage alone.
test:
	$(PYTHON) build/test_run.py

# The engine's tests on CPython and in Pyodide are independent and single-threaded: run them side
# by side (each one's output kept together), which keeps make test within its time on two cores.
test-engines:
	$(MAKE) -j2 --output-sync=target test-engine test-pyodide

# Zero warnings, as for ruff: a warning ESLint reports fails the build like an error. Each
# checker runs even when an earlier one failed, so one run lists everything there is to fix.
lint: $(VENV_STAMP) $(NPM_STAMP)
	status=0; \
	$(PY) -m ruff check $(LINT_PATHS) || status=1; \
	$(PY) -m ruff format --check $(LINT_PATHS) || status=1; \
	$(ESLINT) --max-warnings 0 $(JS_LINT_PATHS) || status=1; \
	$(PRETTIER) --check $(JS_FORMAT_PATHS) || status=1; \
	exit $$status

# For developers: layout first, then ESLint's fixes; ESLint then lists what needs a person.
format: $(NPM_STAMP) $(VENV_STAMP)
	$(PY) -m ruff format $(LINT_PATHS)
	$(PRETTIER) --write --log-level warn $(JS_FORMAT_PATHS)
	$(ESLINT) --fix --max-warnings 0 $(JS_LINT_PATHS)

# The tests import web/js's plain .js files, which have no package.json saying "type": "module"
# (none in web/, none above it): Node 20.19+ and 22.7+ detect their ES module syntax and load
# them as modules, with no flag and no warning. That keeps web/ free of a Node-only file the site
# build would have to leave out. Older Node would read them as CommonJS and fail on `export`,
# hence the version check (build/package.json's engines say the same). Files are named on the command line (not a directory or
# a quoted glob), which every Node with a test runner accepts alike.
NODE_LOADS_WEB_JS := const [major, minor] = process.versions.node.split(".").map(Number); \
	if (major < 20 || (major === 20 && minor < 19) || major === 21 || (major === 22 && minor < 7)) { \
		console.error("make test-js: Node " + process.version + " does not load web/js as ES modules;" \
			+ " it needs Node 20.19+ or 22.7+"); \
		process.exit(1); \
	}
test-js: $(NPM_STAMP)
	@node -e '$(NODE_LOADS_WEB_JS)'
	node --test $(JS_TESTS)

# pytest exits 5 when it collects no test; that passes (with a notice) only while tests/ is empty.
test-engine: $(VENV_STAMP)
	build/allow-no-tests.sh "engine tests on CPython" $(PY) -m pytest tests \
		--junitxml=$(REPORTS)/engine-cpython.xml

# Against the site's trimmed standard library: a module the engine imports that it lacks fails.
# The property tests run a tenth of their examples here (CPython runs them all; each is ~4x slower
# in Pyodide): docs/testing.md.
PYODIDE_HYPOTHESIS_SCALE ?= 0.1
test-pyodide: $(NPM_STAMP) $(SITE_WHEELS_STAMP) $(TEST_WHEELS_STAMP) $(ENGINE_STAMP) $(SITE_STAMP)
	build/allow-no-tests.sh "engine tests in Pyodide" node build/pyodide_pytest.mjs \
		--site-wheels $(SITE_WHEELS) --test-wheels $(TEST_WHEELS) \
		--engine-wheel "$$(ls $(ENGINE_DIST)/taluva-*.whl)" --project . \
		--stdlib $(SITE)/pyodide/python_stdlib.zip --report $(REPORTS)/engine-pyodide.xml \
		--hypothesis-scale $(PYODIDE_HYPOTHESIS_SCALE) -- tests

# In E2E_WORKERS pytest-xdist workers (two beat one on two cores, more do not:
# docs/testing.md has the figures); the Firefox and WebKit journeys go to one worker,
# in order (e2e/conftest.py). E2E_WORKERS=0 runs them all in this process, one by one.
E2E_WORKERS ?= 2
# A test over E2E_TEST_TIMEOUT seconds is stopped (pytest-timeout's thread method: its stacks
# printed, its worker ended and replaced, the test failed by name); the slowest take ~60 s.
E2E_TEST_TIMEOUT ?= 300
test-e2e: site chromium other-browsers
	$(PY) -m pytest e2e -n $(E2E_WORKERS) --durations=15 --junitxml=$(REPORTS)/browsers.xml \
		--timeout=$(E2E_TEST_TIMEOUT) --timeout-method=thread

bench-boot: site chromium other-browsers
	$(PY) build/bench_boot.py $(BENCH_ARGS)

PYODIDE_TALUVA = node build/pyodide_taluva.mjs --site-wheels $(SITE_WHEELS) \
	--engine-wheel "$$(ls $(ENGINE_DIST)/taluva-*.whl)" --
BENCH_SECONDS ?= 3

bench: $(VENV_STAMP) $(NPM_STAMP) $(SITE_WHEELS_STAMP) $(ENGINE_STAMP)
	PYTHONPATH=engine $(PY) -m taluva bench --seconds $(BENCH_SECONDS)
	$(PYODIDE_TALUVA) bench --seconds $(BENCH_SECONDS)

bench-bylink: $(VENV_STAMP) $(NPM_STAMP) $(SITE_WHEELS_STAMP) $(ENGINE_STAMP)
	PYTHONPATH=engine $(PY) -m taluva bench-bylink
	$(PYODIDE_TALUVA) bench-bylink

ARENA_ARGS ?= --a strong --b random --games 20
arena: $(VENV_STAMP)
	PYTHONPATH=engine $(PY) -m taluva arena $(ARENA_ARGS)

# --- cleaning ----------------------------------------------------------------------------------

clean:
	rm -rf $(SITE) $(CACHE)

distclean: clean
	rm -rf $(VENV) $(NODE_MODULES)

# The benchmarks in the page (the built site in Chromium): make bench-NAME runs
# build/bench_NAME.py with BENCH_NAME_ARGS, the name in capitals. For example:
#  BENCH_AI_ARGS="--games 3"                  more games of the strongest level
#  BENCH_GAMES_ARGS="--games 500"             more kept games in the list
#  BENCH_STEP_ARGS="--games 3"                more games per player count
#  BENCH_REVIEW_ARGS="--runs 3 --nodes 10000" more reviews, and the engine calls at 10000 nodes
#  BENCH_FRAMES_ARGS="--games 4"              more games per CPU rate
#  BENCH_LIGHTHOUSE_ARGS="--runs 3 --gpu off --reports DIR"  fewer runs, one GPU setting, the reports kept
#  BENCH_START_ARGS="--runs 5"              more traces of the start's long tasks
PAGE_BENCHES := ai games step review frames lighthouse start
.PHONY: $(addprefix bench-,$(PAGE_BENCHES))
$(addprefix bench-,$(PAGE_BENCHES)): bench-%: site chromium
	$(PY) build/bench_$*.py $(BENCH_$(shell echo '$*' | tr a-z A-Z)_ARGS)
