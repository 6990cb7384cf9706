# Moves at a Glance. Logic lives in scripts/; recipes stay short.
SHELL := /bin/bash
PORT := 8000

.PHONY: setup build assets dist upstream serve test bench clean distclean

# Install tools and packages (idempotent; quiet when nothing is missing).
# make setup: everything (make test's tier); scripts/setup.sh assets, dist,
# serve: only what that target needs (docs/setup.md).
setup:
	@bash scripts/setup.sh test

# Native command-line tool: target/release/glance
build:
	cargo build --release

# Piece and mark images for the rules pages (rules-html/sym/) and the setup
# pictures (rules-html/*.png, drawn from what target/release/glance setup
# reads on the pages).
assets: build
	@bash scripts/setup.sh assets
	python3 scripts/make-assets.py

# The wasm module packaged for the pages: dist/{spartan,chu,cwda,glance}.js
# (and pkg/, dist/lab.js), with their source labels: dist/javascript.html and
# the source archive it names. DEBUG=1: drop-ins with std and
# console_error_panic_hook. SOURCE_URL=https://...: the repository the labels
# name (default: the archive, beside the scripts).
DEBUG ?= 0
SOURCE_URL ?=
dist:
	@bash scripts/setup.sh dist
	DEBUG=$(DEBUG) SOURCE_URL='$(SOURCE_URL)' bash scripts/build-dist.sh

# One folder and a tarball for XBoard's maintainers (upstream/): the rules
# pages of PAGES migrated, linked to the labels page, the dist/ drop-ins,
# the labels and their source, a review report per page (docs/upstream.md).
PAGES ?= tests/fixtures/upstream
upstream: build dist
	SOURCE_URL='$(SOURCE_URL)' python3 scripts/upstream.py --pages '$(PAGES)' --out upstream

# Serves at once, then installs what serving needs (scripts/setup.sh serve),
# draws the pictures and builds dist/, saying which pages work as it goes.
serve:
	@bash scripts/serve.sh $(PORT)

test: setup
	bash scripts/test.sh

# Speed and size figures: bench/*.json and docs/figures.md (scripts/bench.sh).
bench:
	@if [ -f scripts/bench.sh ]; then bash scripts/bench.sh; else echo "bench: scripts/bench.sh not written yet"; fi

# Remove build products (keeps the downloaded tools and packages).
clean:
	cargo clean
	rm -rf pkg dist upstream rules-html/sym bench/tmp
	git worktree prune

# Also remove what setup fetched into the repo (build/, node_modules/, .venv/).
distclean: clean
	rm -rf build node_modules .venv
