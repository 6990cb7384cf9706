#!/usr/bin/env bash
# Install everything the project needs on a Debian machine.
#
# Idempotent: every step first checks whether its work is already done, so a
# second run does nothing (and finishes in well under two seconds). Each step
# that does something prints one line saying what it does; its own output goes
# to build/setup.log and is shown only when it fails.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

LOG="$ROOT/build/setup.log"
XBOARD_DIR="$ROOT/build/xboard"
XBOARD_SVG_DIR="$XBOARD_DIR/usr/share/games/xboard/themes/default"

mkdir -p "$ROOT/build"
# One setup at a time (make -j, or two terminals).
exec 9>"$ROOT/build/setup.lock"
flock 9
: >"$LOG"

step() { echo "setup: $*"; }

# Run a command with its output in the log; on failure show the log and stop.
run() {
    echo "+ $*" >>"$LOG"
    if ! "$@" >>"$LOG" 2>&1; then
        echo "setup: FAILED: $*" >&2
        tail -n 40 "$LOG" >&2
        exit 1
    fi
}

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO=(sudo)
    fi
fi

# Hash of the given files (used as a stamp: redo the step when it changes).
digest() { cat "$@" | sha256sum | cut -d' ' -f1; }

# --- apt packages --------------------------------------------------------
# command that proves the package is present -> Debian package
declare -A APT_FOR=(
    [chromium]=chromium
    [chromedriver]=chromium-driver
    [firefox-esr]=firefox-esr
    [rsvg-convert]=librsvg2-bin
    [python3]=python3
    [node]=nodejs
    [npm]=npm
)
missing=()
for cmd in chromium chromedriver firefox-esr rsvg-convert python3 node npm; do
    command -v "$cmd" >/dev/null 2>&1 || missing+=("${APT_FOR[$cmd]}")
done
if command -v python3 >/dev/null 2>&1 &&
    ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
    missing+=(python3-venv)
fi
if [ "${#missing[@]}" -gt 0 ]; then
    step "apt-get install ${missing[*]}"
    run "${SUDO[@]}" apt-get update
    run "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

# --- Rust toolchain ------------------------------------------------------
if ! command -v cargo >/dev/null 2>&1 || ! command -v rustup >/dev/null 2>&1; then
    echo "setup: rustup and cargo are needed but not found; install them from https://rustup.rs/ and rerun" >&2
    exit 1
fi

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    step "rustup target add wasm32-unknown-unknown"
    run rustup target add wasm32-unknown-unknown
fi

components="$(rustup component list --installed 2>/dev/null)"
for comp in rustfmt clippy; do
    if ! grep -q "^$comp" <<<"$components"; then
        step "rustup component add $comp"
        run rustup component add "$comp"
    fi
done

# --- wasm-bindgen-cli and wasm-pack (built from source: minutes, once) ----
# wasm-bindgen-cli must be the version Cargo.toml pins for wasm-bindgen.
# `cargo install --locked` uses the tool's own Cargo.lock; where the registry
# no longer has a version it names, the dependencies are resolved afresh.
export PATH="$HOME/.cargo/bin:$PATH"
WASM_BINDGEN_VERSION="$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' Cargo.toml)"
if [ -z "$WASM_BINDGEN_VERSION" ]; then
    echo "setup: FAILED: no pinned wasm-bindgen version (=X.Y.Z) found in Cargo.toml" >&2
    exit 1
fi
cargo_install() {
    echo "+ cargo install $* --locked" >>"$LOG"
    if ! cargo install "$@" --locked >>"$LOG" 2>&1; then
        step "cargo install $* --locked failed; retrying without --locked"
        run cargo install "$@"
    fi
}
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
    step "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION (takes a few minutes)"
    cargo_install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi
if ! command -v wasm-pack >/dev/null 2>&1; then
    step "cargo install wasm-pack (takes a few minutes)"
    cargo_install wasm-pack
fi
# geckodriver: Firefox ESR for wasm-pack test --firefox and the LibreJS suite.
if ! command -v geckodriver >/dev/null 2>&1; then
    step "cargo install geckodriver (takes a few minutes)"
    cargo_install geckodriver
fi

# --- npm packages (tests/e2e) --------------------------------------------
if [ -f package.json ] && [ -f package-lock.json ]; then
    stamp=node_modules/.glance-setup-stamp
    want="$(digest package.json package-lock.json)"
    if [ ! -d node_modules ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        step "npm ci"
        run npm ci --no-audit --no-fund
        echo "$want" >"$stamp"
    fi
fi

# --- Python venv: zopfli for the build (scripts/requirements.txt), pyffish
# for the differential test (tests/fairy/requirements.txt) ---------------
if [ ! -x .venv/bin/python ]; then
    step "python3 -m venv .venv"
    run python3 -m venv .venv
fi
stamp=.venv/.glance-setup-stamp
want="$(digest scripts/requirements.txt tests/fairy/requirements.txt)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    step "pip install -r scripts/requirements.txt -r tests/fairy/requirements.txt (into .venv)"
    run .venv/bin/python -m pip install -r scripts/requirements.txt -r tests/fairy/requirements.txt
    echo "$want" >"$stamp"
fi

# --- XBoard piece artwork (SVG), unpacked from Debian's xboard package ---
if [ ! -f "$XBOARD_SVG_DIR/WhiteKing.svg" ]; then
    step "apt-get download xboard; dpkg -x into build/xboard/"
    rm -rf "$XBOARD_DIR"
    mkdir -p "$XBOARD_DIR/deb"
    # Download as the _apt user works only in a directory it can write to.
    chmod 0777 "$XBOARD_DIR/deb" 2>/dev/null || true
    if ! (cd "$XBOARD_DIR/deb" && apt-get download xboard >>"$LOG" 2>&1); then
        run "${SUDO[@]}" apt-get update
        (cd "$XBOARD_DIR/deb" && run apt-get download xboard)
    fi
    run dpkg -x "$(ls "$XBOARD_DIR"/deb/xboard_*.deb | head -n 1)" "$XBOARD_DIR"
    if [ ! -f "$XBOARD_SVG_DIR/WhiteKing.svg" ]; then
        echo "setup: FAILED: no SVG artwork found in the xboard package" >&2
        exit 1
    fi
fi
