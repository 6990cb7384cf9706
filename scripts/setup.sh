#!/usr/bin/env bash
# Install what the project needs on a Debian machine, by tier:
#
#   scripts/setup.sh assets  what `make assets` needs: rsvg-convert (Debian's
#                            librsvg2-bin) and XBoard's SVG artwork
#   scripts/setup.sh dist    what `make dist` needs: the wasm32 target,
#                            glance-bindgen (scripts/bindgen/: wasm-bindgen's
#                            build step, the version Cargo.toml pins),
#                            npm's build tools (package.json's dependencies:
#                            binaryen, esbuild, terser), a venv with zopfli
#   scripts/setup.sh serve   assets and dist: all `make serve` needs
#   scripts/setup.sh test    (or no argument) everything: serve, and what
#                            `make test` adds: Chromium, ChromeDriver and
#                            Firefox ESR; rustfmt and clippy; the whole
#                            wasm-bindgen-cli (its test runner); wasm-pack and
#                            geckodriver; every npm package (devDependencies
#                            too); pyffish in the venv; Debian's po4a
#                            (tests/po4a/: translations as GNUN makes them)
#
# docs/setup.md says what each tier installs and how long it takes.
#
# Idempotent: every step first checks whether its work is already done, so a
# second run does nothing (and finishes in well under two seconds). Each step
# that does something prints one line saying what it does; its own output goes
# to build/setup.log and is shown only when it fails.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

usage() {
    echo "usage: scripts/setup.sh [assets|dist|serve|test]... (no tier: test, everything)" >&2
    exit 2
}

# The tiers asked for, each implying the ones below it.
want_assets=0 want_dist=0 want_test=0
[ "$#" -gt 0 ] || set -- test
for tier in "$@"; do
    case "$tier" in
        assets) want_assets=1 ;;
        dist) want_dist=1 ;;
        serve) want_assets=1 want_dist=1 ;;
        test) want_assets=1 want_dist=1 want_test=1 ;;
        *) usage ;;
    esac
done

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

apt_updated=0
apt_update() {
    if [ "$apt_updated" = 0 ]; then
        run "${SUDO[@]}" apt-get update
        apt_updated=1
    fi
}

# Hash of the given files (used as a stamp: redo the step when it changes).
digest() { cat "$@" | sha256sum | cut -d' ' -f1; }

# --- apt packages --------------------------------------------------------
# command that proves the package is present -> Debian package
declare -A APT_FOR=(
    [rsvg-convert]=librsvg2-bin
    [python3]=python3
    [node]=nodejs
    [npm]=npm
    [chromium]=chromium
    [chromedriver]=chromium-driver
    [firefox-esr]=firefox-esr
    [po4a-translate]=po4a
    [msgcmp]=gettext
)
commands=()
[ "$want_assets" = 0 ] || commands+=(rsvg-convert python3)
[ "$want_dist" = 0 ] || commands+=(python3 node npm)
[ "$want_test" = 0 ] || commands+=(chromium chromedriver firefox-esr)
# po4a (and gettext's msgcmp, msgfmt): the translation round trip of
# tests/po4a/, as GNUN runs it.
[ "$want_test" = 0 ] || commands+=(po4a-translate msgcmp)
missing=()
for cmd in "${commands[@]}"; do
    pkg="${APT_FOR[$cmd]}"
    if ! command -v "$cmd" >/dev/null 2>&1 && [[ " ${missing[*]} " != *" $pkg "* ]]; then
        missing+=("$pkg")
    fi
done
if [ "$want_dist" = 1 ] && command -v python3 >/dev/null 2>&1 &&
    ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
    missing+=(python3-venv)
fi
if [ "${#missing[@]}" -gt 0 ]; then
    step "apt-get install ${missing[*]}"
    apt_update
    run "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

# --- XBoard piece artwork (SVG), unpacked from Debian's xboard package ---
if [ "$want_assets" = 1 ] && [ ! -f "$XBOARD_SVG_DIR/WhiteKing.svg" ]; then
    step "apt-get download xboard; dpkg -x into build/xboard/"
    rm -rf "$XBOARD_DIR"
    mkdir -p "$XBOARD_DIR/deb"
    # Download as the _apt user works only in a directory it can write to.
    chmod 0777 "$XBOARD_DIR/deb" 2>/dev/null || true
    if ! (cd "$XBOARD_DIR/deb" && apt-get download xboard >>"$LOG" 2>&1); then
        apt_update
        (cd "$XBOARD_DIR/deb" && run apt-get download xboard)
    fi
    debs=("$XBOARD_DIR"/deb/xboard_*.deb)
    run dpkg -x "${debs[0]}" "$XBOARD_DIR"
    if [ ! -f "$XBOARD_SVG_DIR/WhiteKing.svg" ]; then
        echo "setup: FAILED: no SVG artwork found in the xboard package" >&2
        exit 1
    fi
fi

# --- npm packages --------------------------------------------------------
# package.json's dependencies are the build's (binaryen's wasm-opt, esbuild,
# terser): `npm ci --omit=dev` for make dist; its devDependencies are the
# tests' (puppeteer-core, playwright-core, selenium-webdriver, axe-core,
# typescript): `npm ci` for make test. The stamp says which was installed
# from which package.json and package-lock.json.
if { [ "$want_dist" = 1 ] || [ "$want_test" = 1 ]; } && [ -f package.json ] && [ -f package-lock.json ]; then
    stamp=node_modules/.glance-setup-stamp
    sum="$(digest package.json package-lock.json)"
    have="$(cat "$stamp" 2>/dev/null || true)"
    if [ "$want_test" = 1 ]; then
        if [ "$have" != "all $sum" ]; then
            step "npm ci (build and test packages)"
            run npm ci --no-audit --no-fund
            echo "all $sum" >"$stamp"
        fi
    elif [ "$have" != "all $sum" ] && [ "$have" != "build $sum" ]; then
        step "npm ci --omit=dev (build packages: binaryen, esbuild, terser)"
        run npm ci --omit=dev --no-audit --no-fund
        echo "build $sum" >"$stamp"
    fi
fi

# --- Python venv: zopfli for the build (scripts/requirements.txt), pyffish
# for the differential test (tests/fairy/requirements.txt) ---------------
venv_install() { # name requirements-file
    local stamp=".venv/.glance-setup-$1" want
    want="$(digest "$2")"
    if [ "$(cat "$stamp" 2>/dev/null || true)" != "$want" ]; then
        step "pip install -r $2 (into .venv)"
        run .venv/bin/python -m pip install -r "$2"
        echo "$want" >"$stamp"
    fi
}
if [ "$want_dist" = 1 ]; then
    if [ ! -x .venv/bin/python ]; then
        step "python3 -m venv .venv"
        run python3 -m venv .venv
    fi
    venv_install build scripts/requirements.txt
fi
if [ "$want_test" = 1 ]; then
    venv_install fairy tests/fairy/requirements.txt
fi

# --- Rust toolchain ------------------------------------------------------
if [ "$want_dist" = 0 ] && [ "$want_test" = 0 ]; then
    exit 0
fi
if ! command -v cargo >/dev/null 2>&1 || ! command -v rustup >/dev/null 2>&1; then
    echo "setup: rustup and cargo are needed but not found; install them from https://rustup.rs/ and rerun" >&2
    exit 1
fi

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    step "rustup target add wasm32-unknown-unknown"
    run rustup target add wasm32-unknown-unknown
fi

if [ "$want_test" = 1 ]; then
    components="$(rustup component list --installed 2>/dev/null)"
    for comp in rustfmt clippy; do
        if ! grep -q "^$comp" <<<"$components"; then
            step "rustup component add $comp"
            run rustup component add "$comp"
        fi
    done
fi

# --- wasm-bindgen-cli, wasm-pack, geckodriver (from source: minutes, once)
# wasm-bindgen-cli must be the version Cargo.toml pins for wasm-bindgen.
# `cargo install --locked` uses the tool's own Cargo.lock; where the registry
# no longer has a version it names, the dependencies are resolved afresh.
# The tools go to cargo's bin directory ($CARGO_HOME/bin, ~/.cargo/bin).
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$CARGO_BIN:$PATH"
cargo_install() {
    echo "+ cargo install $* --locked" >>"$LOG"
    if ! cargo install "$@" --locked >>"$LOG" 2>&1; then
        step "cargo install $* --locked failed; retrying without --locked"
        run cargo install "$@"
    fi
}
WASM_BINDGEN_VERSION="$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' Cargo.toml)"
if [ -z "$WASM_BINDGEN_VERSION" ]; then
    echo "setup: FAILED: no pinned wasm-bindgen version (=X.Y.Z) found in Cargo.toml" >&2
    exit 1
fi
# glance-bindgen (scripts/bindgen/): wasm-bindgen's build step alone, on the
# library the command is built on, unoptimised: about a minute to compile
# where the command takes seven (docs/setup.md). The dist tier installs it
# (into build/tools/) unless the command is there; the test tier installs
# both, and scripts/test.sh checks that they write the same files.
# scripts/bindgen.sh runs whichever is there.
TOOL_PIN="$(sed -n 's/^wasm-bindgen-cli-support = "=\([0-9.]*\)".*/\1/p' scripts/bindgen/Cargo.toml)"
if [ "$TOOL_PIN" != "$WASM_BINDGEN_VERSION" ]; then
    echo "setup: FAILED: scripts/bindgen/Cargo.toml pins wasm-bindgen-cli-support ${TOOL_PIN:-nothing}, Cargo.toml wasm-bindgen $WASM_BINDGEN_VERSION" >&2
    exit 1
fi
have_command=0
[ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ] || have_command=1
tool_stamp=build/tools/.glance-bindgen-stamp
tool_sum="$(digest scripts/bindgen/Cargo.toml scripts/bindgen/Cargo.lock scripts/bindgen/src/*.rs)"
if { [ "$have_command" = 0 ] || [ "$want_test" = 1 ]; } &&
    { [ ! -x build/tools/bin/glance-bindgen ] || [ "$(cat "$tool_stamp" 2>/dev/null || true)" != "$tool_sum" ]; }; then
    step "cargo install --path scripts/bindgen (glance-bindgen $WASM_BINDGEN_VERSION, into build/tools/; about a minute)"
    run cargo install --path scripts/bindgen --root build/tools --target-dir build/tools/target --locked --force
    echo "$tool_sum" >"$tool_stamp"
fi
# Without its default feature (rustls-tls: rustls and ring, for https): the
# test runner talks plain http to a local ChromeDriver or geckodriver, and
# the build takes 410 CPU seconds instead of 460 (docs/setup.md).
if [ "$want_test" = 1 ] && [ "$have_command" = 0 ]; then
    step "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION (takes a few minutes)"
    cargo_install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --no-default-features --force
fi
if [ "$want_test" = 1 ]; then
    # wasm-pack: pkg/ in make dist (without it, build-dist.sh runs the same
    # cargo build and wasm-bindgen itself) and the browser tests.
    if ! command -v wasm-pack >/dev/null 2>&1; then
        step "cargo install wasm-pack (takes a few minutes)"
        cargo_install wasm-pack
    fi
    # geckodriver: Firefox ESR for wasm-pack test --firefox and the LibreJS suite.
    if ! command -v geckodriver >/dev/null 2>&1; then
        step "cargo install geckodriver (takes a few minutes)"
        cargo_install geckodriver
    fi
fi
