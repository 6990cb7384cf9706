//! The decoder against streams packed by another encoder (Python's lzma,
//! with scripts/package-dist.py's settings: tests/make-fixtures.py wrote
//! them): each must unpack to its input, byte for byte.

use std::path::Path;

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `size` bytes unpacked from `packed`.
fn unpacked(packed: &[u8], size: usize) -> Vec<u8> {
    let mut out = vec![0xA5u8; size];
    // SAFETY: every fixture is a whole LZMA stream (its end marker
    // included) of at least `size` bytes with the decoder's settings, and
    // `out` has room for `size` bytes.
    unsafe { unpack::unpack(packed.as_ptr(), out.as_mut_ptr(), size) };
    out
}

/// One test for all: the decoder keeps its state in statics, which tests
/// on parallel threads would share.
#[test]
fn unpacks_what_python_packed() {
    for name in ["empty", "byte", "zeros", "text", "noise", "unpack"] {
        let want = fixture(name);
        let out = unpacked(&fixture(&format!("{name}.lzma")), want.len());
        assert!(
            out == want,
            "{name}: the {} bytes unpacked differ from the input",
            out.len()
        );
    }
    // A size shorter than the stream's gives the input's first bytes: the
    // decoder stops at the size, whatever follows in the stream.
    let text = fixture("text");
    assert_eq!(unpacked(&fixture("text.lzma"), 1000), text[..1000]);
}
