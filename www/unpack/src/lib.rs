//! The drop-in scripts' decoder: raw LZMA (the LZMA1 format of xz and
//! 7-Zip, with `lc=3 lp=0 pb=0`), as `scripts/package-dist.py` packs the
//! glance module with Python's `lzma`. It is its own tiny wasm module (about
//! 1.3 KB) because the scripts' size is mostly the packed module: LZMA packs
//! it about 8% smaller than zopfli's deflate, which browsers inflate
//! natively, and a decoder in JavaScript runs 30 to 80 ms in Chromium before
//! its JIT warms up (this one: about 2 ms).
//!
//! The format, as this decoder reads it: a range coder (the first byte 0,
//! then the code's 4 bytes) over adaptive bit probabilities (11 bits, all
//! 1024 at first); each symbol is a literal (8 bits in a tree chosen by the
//! previous byte's top `lc` bits, matched against the byte at the last
//! distance after a match), a match (a length, then a distance in a slot
//! and its low bits), a repeated match at one of the last four distances,
//! or a single byte from the last distance; a state of 12 values says what
//! the last symbols were. The stream's end marker is never read: the
//! caller gives the size.
#![cfg_attr(target_arch = "wasm32", no_std)]
// The probabilities and the range coder are statics: one decoder, used
// once per page, in a module of its own.
#![allow(static_mut_refs)]

#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

/// Where each group of probabilities starts (pb=0 and lp=0: no position
/// bits, so one of each per state).
const IS_MATCH: usize = 0;
const IS_REP: usize = 12;
const IS_REP_G0: usize = 24;
const IS_REP_G1: usize = 36;
const IS_REP_G2: usize = 48;
const IS_REP0_LONG: usize = 60;
/// Four trees of 6 bits (64 slots each), by the match's length.
const SLOT: usize = 72;
/// The low bits of distances in slots 4 to 13 (115 probabilities).
const SPECIAL: usize = 328;
/// The last 4 bits of longer distances.
const ALIGN: usize = 443;
/// The length coders: a choice, a second choice, 8 short, 8 middle and 256
/// long lengths (274).
const MATCH_LEN: usize = 459;
const REP_LEN: usize = 733;
/// 0x300 per literal context: 3 bits of the previous byte.
const LITERAL: usize = 1007;
const PROBS: usize = LITERAL + 0x300 * 8;

static mut P: [u16; PROBS] = [0; PROBS];
static mut SRC: *const u8 = core::ptr::null();
static mut RANGE: u32 = 0;
static mut CODE: u32 = 0;

/// One more byte of the stream once the range is under 2^24.
unsafe fn normalize() {
    if RANGE < 1 << 24 {
        RANGE <<= 8;
        CODE = CODE << 8 | *SRC as u32;
        SRC = SRC.add(1);
    }
}

/// One bit with probability `P[i]` of being 0, which then adapts.
unsafe fn bit(i: usize) -> usize {
    let p = P.get_unchecked_mut(i);
    let bound = (RANGE >> 11) * *p as u32;
    let b = if CODE < bound {
        RANGE = bound;
        *p += (2048 - *p) >> 5;
        0
    } else {
        RANGE -= bound;
        CODE -= bound;
        *p -= *p >> 5;
        1
    };
    normalize();
    b
}

/// A number of `bits` bits, the highest first, from the tree at `base`.
unsafe fn tree(base: usize, bits: u32) -> usize {
    let mut m = 1;
    while m < 1 << bits {
        m = m * 2 + bit(base + m);
    }
    m - (1 << bits)
}

/// A number of `bits` bits, the lowest first, from the tree at `base`.
unsafe fn reverse(base: usize, bits: u32) -> usize {
    let (mut m, mut s) = (1, 0);
    for i in 0..bits {
        let b = bit(base + m);
        m = m * 2 + b;
        s |= b << i;
    }
    s
}

/// A match's length less 2 (0 to 271), from the coder at `base`.
unsafe fn length(base: usize) -> usize {
    if bit(base) == 0 {
        tree(base + 2, 3)
    } else if bit(base + 1) == 0 {
        8 + tree(base + 10, 3)
    } else {
        16 + tree(base + 18, 8)
    }
}

/// A new match's distance less 1, for a length less 2 of `len`.
unsafe fn distance(len: usize) -> usize {
    let slot = tree(SLOT + 64 * len.min(3), 6);
    if slot < 4 {
        return slot;
    }
    let mut n = (slot >> 1) as u32 - 1;
    let d = (2 | slot & 1) << n;
    if slot < 14 {
        return d + reverse(SPECIAL + d - slot, n);
    }
    let mut direct = 0;
    while n > 4 {
        n -= 1;
        RANGE >>= 1;
        let t = (CODE >= RANGE) as usize;
        CODE -= RANGE * t as u32;
        direct = direct * 2 + t;
        normalize();
    }
    d + direct * 16 + reverse(ALIGN, 4)
}

/// Decodes the raw LZMA stream at `src` into the `size` bytes at `out`.
///
/// # Safety
/// `src` holds a stream of `size` bytes or more packed with `lc=3 lp=0
/// pb=0` (its bytes are read as far as the first `size` bytes need), and
/// `out` has room for `size` bytes. The drop-in scripts pass the stream
/// `scripts/package-dist.py` wrote and checked by decoding it with this
/// module.
#[no_mangle]
pub unsafe extern "C" fn unpack(src: *const u8, out: *mut u8, size: usize) {
    P.fill(1024);
    SRC = src.add(5);
    RANGE = !0;
    CODE = u32::from_be_bytes(*(src.add(1) as *const [u8; 4]));
    let (mut pos, mut state) = (0, 0);
    let (mut rep0, mut rep1, mut rep2, mut rep3) = (0, 0, 0, 0);
    while pos < size {
        let at = out.add(pos);
        if bit(IS_MATCH + state) == 0 {
            let prev = if pos > 0 { *at.sub(1) as usize } else { 0 };
            let lit = LITERAL + 0x300 * (prev >> 5);
            let mut s = 1;
            if state > 6 {
                // After a match: the byte at the last distance guides the
                // bits until one differs.
                let mut m = *at.wrapping_sub(rep0 + 1) as usize;
                loop {
                    let mb = m >> 7 & 1;
                    m <<= 1;
                    let b = bit(lit + ((1 + mb) << 8) + s);
                    s = s * 2 + b;
                    if s >= 256 || mb != b {
                        break;
                    }
                }
            }
            while s < 256 {
                s = s * 2 + bit(lit + s);
            }
            *at = s as u8;
            pos += 1;
            state = match state {
                0..4 => 0,
                4..10 => state - 3,
                _ => state - 6,
            };
            continue;
        }
        let len;
        if bit(IS_REP + state) == 0 {
            rep3 = rep2;
            rep2 = rep1;
            rep1 = rep0;
            len = length(MATCH_LEN);
            state = if state < 7 { 7 } else { 10 };
            rep0 = distance(len);
        } else {
            if bit(IS_REP_G0 + state) == 0 {
                if bit(IS_REP0_LONG + state) == 0 {
                    state = if state < 7 { 9 } else { 11 };
                    *at = *at.wrapping_sub(rep0 + 1);
                    pos += 1;
                    continue;
                }
            } else {
                let d;
                if bit(IS_REP_G1 + state) == 0 {
                    d = rep1;
                } else {
                    if bit(IS_REP_G2 + state) == 0 {
                        d = rep2;
                    } else {
                        d = rep3;
                        rep3 = rep2;
                    }
                    rep2 = rep1;
                }
                rep1 = rep0;
                rep0 = d;
            }
            len = length(REP_LEN);
            state = if state < 7 { 8 } else { 11 };
        }
        let end = size.min(pos + len + 2);
        while pos < end {
            *out.add(pos) = *out.add(pos).wrapping_sub(rep0 + 1);
            pos += 1;
        }
    }
}
