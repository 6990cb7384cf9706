#!/usr/bin/env python3
"""Writes the decoder's test streams (fixtures/NAME and fixtures/NAME.lzma):
inputs meant to reach every kind of symbol, packed by Python's lzma with
the settings scripts/package-dist.py uses (imported from it), so that the
test's expectations come from an encoder that is not the decoder's.

  empty      no bytes at all
  byte       one byte
  zeros      16 KiB of one value: matches at distance 1, the longest lengths
  text       words repeated at every distance: literals after matches,
             short and long repeats, matches from 1 B to 30 KiB back
  noise      pseudo-random bytes with copies of earlier spans pasted in
             (distances in every slot up to 2^15)
  unpack     the decoder's own module

usage: make-fixtures.py UNPACK.wasm (build/wasm/unpack.wasm, after make dist)
"""
import importlib.util
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("package_dist", HERE.parents[2] / "scripts" / "package-dist.py")
package = importlib.util.module_from_spec(spec)
spec.loader.exec_module(package)


def text():
    rng = random.Random(24)
    words = ["pawn", "knight", "bishop", "rook", "queen", "king", "cannon", "leaps", "slides",
             "captures", "moves", "to", "on", "the", "a", "and", "or", "not", "board", "square"]
    out = []
    while sum(map(len, out)) < 30_000:
        w = rng.choice(words)
        out.append(w.capitalize() if rng.random() < 0.1 else w)
        out.append(rng.choice([" ", " ", " ", ", ", ". ", "\n"]))
    return "".join(out).encode()


def noise():
    rng = random.Random(26)
    out = bytearray(rng.randbytes(4096))
    while len(out) < 48_000:
        if rng.random() < 0.5:
            out += rng.randbytes(rng.randint(1, 300))
        else:
            back = min(len(out), 1 << rng.randint(0, 15))
            start = len(out) - rng.randint(1, back)
            out += out[start:start + rng.randint(2, 400)]
    return bytes(out)


def main(unpack_path):
    inputs = {
        "empty": b"",
        "byte": b"\x2a",
        "zeros": bytes(16384),
        "text": text(),
        "noise": noise(),
        "unpack": Path(unpack_path).read_bytes(),
    }
    out = HERE / "fixtures"
    out.mkdir(exist_ok=True)
    for name, data in inputs.items():
        (out / name).write_bytes(data)
        (out / f"{name}.lzma").write_bytes(package.pack(data))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
