# Envelope: everyday entry points.
#
#   make check     build, then check every contract against the bundled mocks (the main job)
#   make test      build and run the test suites
#   make build     debug build          make release   optimised build (Swift runtime linked in)
#   make deps      install the system packages the build needs (Debian/Ubuntu, apt-get)
#   make docs      build, then regenerate docs/cli.md's command table and --help blocks
#   make tsan      the suites with threads of their own under Thread Sanitizer (any race fails)
#   make clean     remove build products
#
# Variables: ARGS (extra arguments for `envelope check`, e.g. ARGS="--format json"),
# BUILD_DIR (SwiftPM scratch folder, default .build), SWIFT (the swift driver).

SWIFT     ?= swift
BUILD_DIR ?= .build
ARGS      ?=
SWIFTPM   := --scratch-path $(BUILD_DIR)
ENVELOPE  := $(BUILD_DIR)/debug/envelope

# Commands `deps` makes sure exist besides libcurl and libyaml; `test` adds every tool a test starts
# (curl, python3 with requests, nginx and openssl for the TLS tests, git, script, and
# chromium, headless, for the HTML reports; java, from default-jre-headless, runs WireMock's
# own jar to compare templating, recordings and imported pacts with).
DEPS_TOOLS ?=
test: DEPS_TOOLS += curl python3 nginx openssl git script chromium java
# Python modules the tests import, with the Debian package that provides each.
DEPS_PYTHON ?=
test: DEPS_PYTHON += requests:python3-requests
# Python modules the tests import that Debian does not package, with their PyPI names: pip
# installs them (Debian's pip first, when python3 has none). openapi-core gives the reference
# verdicts of Tests/envelopeTests/OpenAPIReferenceTests.swift.
DEPS_PIP ?=
test: DEPS_PIP += openapi_core:openapi-core
# The PyPI WireMock client drives `envelope serve`'s admin API (ServeOptionsTests); its wheel
# carries the WireMock 2.35 standalone jar that WireMockTemplatingTests and ImportPactTests run with java.
test: DEPS_PIP += wiremock:wiremock
# pact-python (Pact's Rust core) writes the pact files ImportPactTests imports, and verifies and
# serves the ones envelope exports (ExportPactTests, CheckPactTests).
test: DEPS_PIP += pact:pact-python

# sudo only when not already root (CI containers run as root and often have no sudo).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all check test build release deps docs tsan clean

all: build

# Installs libcurl's and libyaml's headers (the CCurl and CYAML targets compile against them;
# pkg-config's record of each package tells whether they are there) plus any command in
# DEPS_TOOLS and any Python module in DEPS_PYTHON or DEPS_PIP that is missing.
deps:
	@missing=""; \
	pkg-config --exists libcurl 2>/dev/null || missing="libcurl4-openssl-dev pkg-config"; \
	pkg-config --exists yaml-0.1 2>/dev/null || missing="$$missing libyaml-dev"; \
	for tool in $(DEPS_TOOLS); do \
	  command -v $$tool >/dev/null 2>&1 || missing="$$missing $$(echo $$tool | sed -e 's/^script$$/bsdutils/' -e 's/^java$$/default-jre-headless/')"; \
	done; \
	for pair in $(DEPS_PYTHON); do \
	  python3 -c "import $${pair%%:*}" >/dev/null 2>&1 || missing="$$missing $${pair#*:}"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if ! command -v apt-get >/dev/null 2>&1; then \
	  echo "warning: not found:$$missing (no apt-get here; install them with your package manager)" >&2; \
	  exit 0; \
	fi; \
	echo "==> installing:$$missing"; \
	$(SUDO) apt-get update && \
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing || exit 1; \
	for pair in $(DEPS_PYTHON); do \
	  python3 -c "import $${pair%%:*}" >/dev/null 2>&1 && continue; \
	  echo "==> pip install $${pair%%:*} (python3 here is not Debian's, which has it now)"; \
	  python3 -m pip install --quiet $${pair%%:*} || exit 1; \
	done
	@for pair in $(DEPS_PIP); do \
	  python3 -c "import $${pair%%:*}" >/dev/null 2>&1 && continue; \
	  python3 -m pip --version >/dev/null 2>&1 || { $(SUDO) apt-get update && \
	    $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y python3-pip; } || exit 1; \
	  echo "==> pip install $${pair#*:}"; \
	  python3 -m pip install --quiet $${pair#*:} 2>/dev/null || \
	    python3 -m pip install --quiet --break-system-packages $${pair#*:} || exit 1; \
	done

build: deps
	$(SWIFT) build $(SWIFTPM)

# The Swift runtime is linked statically, so the binary runs where no Swift toolchain is
# installed; libc stays shared, and libcurl and libyaml are opened at run time by the commands
# (and files) that need them.
RELEASE_FLAGS := -c release --static-swift-stdlib
release: deps
	$(SWIFT) build $(SWIFTPM) $(RELEASE_FLAGS)

# Prints the report; fails with envelope's own status (0 clean, 1 drift, 2 broken
# contract or mock, 3 transport error). Make itself exits 2 whenever a recipe fails,
# so the line printed below, and make's "Error N", carry envelope's exact code.
check: build
	@status=0; $(ENVELOPE) check $(ARGS) || status=$$?; \
	if [ $$status -ne 0 ]; then echo "envelope check exited with status $$status" >&2; fi; \
	exit $$status

test: deps
	$(SWIFT) build $(SWIFTPM)
	$(SWIFT) test $(SWIFTPM)

# docs/cli.md's generated parts come from the binary's own help, so they cannot drift from it
# (Tests/envelopeTests/CLIDocsTests.swift fails when they differ).
docs: build
	sh docs/generate-cli.sh $(ENVELOPE)

# Thread Sanitizer over the suites whose code runs on several threads: the proxy, forwarding,
# serve's proxy stubs and recordings, the validation backlog, the mock server and the libcurl
# client's stream window. Reports go to
# files (the envelope processes the tests start write theirs there too, where no test would
# see them on standard error), and any report fails the run.
TSAN_DIR    ?= .build-tsan
TSAN_FILTER ?= Proxy|Forward|ServeRecording|ValidationBacklog|MockServer|HTTPStreamWindow
tsan: deps
	$(SWIFT) build --build-tests -Xswiftc -sanitize=thread --scratch-path $(TSAN_DIR)
	@reports=$$(mktemp -d); status=0; \
	TSAN_OPTIONS="log_path=$$reports/race halt_on_error=0" \
	  $(SWIFT) test --skip-build --scratch-path $(TSAN_DIR) --filter '$(TSAN_FILTER)' || status=$$?; \
	if ls $$reports/race.* >/dev/null 2>&1; then cat $$reports/race.*; echo "Thread Sanitizer reported the races above" >&2; status=1; fi; \
	rm -rf $$reports; exit $$status

clean:
	$(SWIFT) package $(SWIFTPM) clean
