# smokeflow: `make demo` runs the example flows on the embedded demo shop;
# `make test` runs every test suite. Both install what a fresh Debian or
# Ubuntu machine lacks (Chromium, xmllint for the JUnit schema tests,
# PostgreSQL for the history store's specs, and Xvfb for the recorder's).
# `make realapps` runs flows on real open-source apps from npm
# (docs/realapps.md), `make bench-agent` measures the agent session
# next to agent-browser, `make bench-tokens` the snapshot's tokens next to
# agent-browser's and Playwright's on a real corpus, `make bench-apps`
# the same flows on real apps next to Playwright, `make bench-suite` a suite
# of 23 flows on them next to Playwright Test with 2 workers, and `make bench-trust`
# issue 30's trust reproductions with smokeflow, agent-browser and
# Playwright side by side (docs/benchmarks.md), `make features` each flow
# feature of issue 33 with smokeflow, Playwright Test and agent-browser on
# one fixture, side by side (docs/benchmarks.md), `make components` a
# natural flow and a Playwright test on a small app of each of 21 popular
# UI libraries from npm, side by side, three runs (docs/components.md),
# `make release-snapshot` the release builds of .goreleaser.yaml into dist/
# (docs/running.md "Release binaries"), and `make lint-js` lints
# the JavaScript smokeflow runs in pages (docs/architecture-notes.md
# "In-page code"); none of them is part of `make test`.

GO ?= go
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export DISABLE_ROD_FLAG := 1
export DEBIAN_FRONTEND := noninteractive

.PHONY: demo test build browser postgres xvfb tools race bench bench-agent bench-trust features bench-tokens bench-apps bench-suite node realapps components lint-js release-snapshot clean

# Without cgo: nothing in smokeflow needs it, and a static binary maps no
# C library into every process (docs/running.md "Memory").
# smokeflow is the front, which hands smokeflow-cli every command line it
# does not answer itself, and smokeflow-session serves the agent sessions
# (docs/agent-session.md "The front", "The process"); one go build, so the
# three are of one build, and a stamp in their -ldflags tells this build
# from any other even where the commit is not stamped
# (GOFLAGS=-buildvcs=false).
build:
	CGO_ENABLED=0 $(GO) build -ldflags "-X main.buildStamp=$$(date +%s%N)" -o bin/ ./cmd/smokeflow ./cmd/smokeflow-cli ./cmd/smokeflow-session

# Chromium comes from the distribution, only when it is missing; smokeflow
# never downloads a browser.
browser:
	@if [ ! -x /usr/bin/chromium ] && ! command -v chromium >/dev/null 2>&1 && ! command -v google-chrome >/dev/null 2>&1; then \
		echo "Installing Chromium from the distribution..."; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y chromium; \
	fi

# PostgreSQL comes from the distribution, only when it is missing: the
# history store's specs start a throwaway cluster of it (docs/testing.md
# "Stores").
postgres:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		echo "Installing PostgreSQL from the distribution..."; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y postgresql; \
	fi

# Xvfb comes from the distribution, only when it is missing: the
# recorder's specs drive a headed Chromium on a display of their own
# (docs/testing.md "The recorder's display").
xvfb:
	@if [ ! -x /usr/bin/Xvfb ]; then \
		echo "Installing Xvfb from the distribution..."; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y xvfb; \
	fi

tools:
	@if ! command -v xmllint >/dev/null 2>&1; then \
		echo "Installing xmllint (libxml2-utils) for the JUnit schema tests..."; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y libxml2-utils; \
	fi
	@if ! command -v shellcheck >/dev/null 2>&1; then \
		echo "Installing shellcheck for the packaging tests..."; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y shellcheck; \
	fi

demo: browser build
	./bin/smokeflow demo

# The longest suites first, longest first: go test runs three packages at
# a time (-p 3: most of a suite's time is specs waiting), and one that
# started last would run alone at the end (docs/testing.md "Keeping `make
# test` short"). A package's binary gets 25
# minutes, not go test's 10, so a loaded machine makes the run slower, not
# red (README.md "Two commands on a fresh machine").
test: browser tools postgres xvfb
	$(GO) vet ./...
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './*/node_modules/*')); \
		if [ -n "$$unformatted" ]; then echo "gofmt -w these files:"; echo "$$unformatted"; exit 1; fi
	$(GO) test -p 3 -count=1 -timeout 25m ./cmd/smokeflow-cli/ ./runner/ ./runner/conformance/ ./agent/ ./explore/ ./session/ ./locate/ ./docs/ ./examples/ ./...

race: browser
	$(GO) test -count=1 -timeout 40m -race ./runner/... ./session/...

bench: browser
	$(GO) test -run '^$$' -bench . -benchtime 20x ./bench/

# Node.js and npm come from the distribution when they are missing; the
# pinned packages come from the npm registry, once.
node:
	@if ! command -v npm >/dev/null 2>&1; then \
		echo "Installing Node.js and npm from the distribution..."; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y nodejs npm; \
	fi

realapps: browser build node
	realapps/run.sh

# RUNS (default 3), TOOLS=smokeflow or TOOLS=playwright, and library
# names as arguments of components/run.sh for part of it.
components: browser build node
	components/run.sh

# Set SMOKEFLOW=path to measure another build, TOOLS=agent-browser for the
# peer alone.
# TASKS=adminlte,apps SKIP=warm,cold: the token tasks only, AdminLTE's and
# the six on four other real apps (docs/benchmarks.md "The agent session
# against agent-browser").
bench-agent: browser node
	bench/agent/run.sh

# Set SMOKEFLOW=path (and LABEL=before) to run another build,
# TOOLS=smokeflow and REPROS="1 2" for part of it.
bench-trust: browser node
	bench/trust/run.sh

# FEATURES="soft totp" and TOOLS="smokeflow playwright" for part of it;
# SMOKEFLOW=path to run another build.
features: browser node
	bench/features/run.sh

# Needs agent-browser from bench-agent's cache (AGENT_BENCH_CACHE).
bench-tokens: browser node
	bench/tokens/run.sh

# ROUNDS, APPS and SMOKEFLOW_FLAGS: see bench/apps/run.sh.
bench-apps: browser node
	bench/apps/run.sh

# Issue 37's suite as CI runs it: 23 flows over the three real apps,
# smokeflow next to Playwright Test, 2 workers (docs/benchmarks.md "Issue
# 37: the suite as CI runs it"). ROUNDS and SMOKEFLOW_FLAGS: see
# bench/suite/run.sh.
bench-suite: browser node
	bench/suite/run.sh

# The lint of the in-page code, browser/js/*.js (docs/architecture-notes.md
# "In-page code"): eslint as browser/js/package-lock.json pins it,
# installed into browser/js/.cache (gitignored) once per version of the
# lock file. Not part of `make test`, which compiles every script in
# Chromium instead (TestInPageScriptsCompile).
lint-js: node
	@cd browser/js && if ! cmp -s package-lock.json .cache/package-lock.json || [ ! -x .cache/node_modules/.bin/eslint ]; then \
		mkdir -p .cache && cp package.json package-lock.json .cache/ && \
		(cd .cache && npm ci --ignore-scripts --no-audit --no-fund); \
	fi
	cd browser/js && NODE_PATH=.cache/node_modules .cache/node_modules/.bin/eslint --config eslint.config.cjs .

# The release builds, six binaries and their checksums.txt, into dist/,
# with the goreleaser pinned here, as a release would build them but not
# published (docs/running.md "Release binaries").
GORELEASER_VERSION := v2.17.0
release-snapshot:
	$(GO) run github.com/goreleaser/goreleaser/v2@$(GORELEASER_VERSION) release --snapshot --clean

clean:
	rm -rf bin dist smokeflow-results realapps/out components/out
