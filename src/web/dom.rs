//! The bridge to the page: a dozen DOM operations that `www/dom.js`
//! provides to the module as wasm imports (module `"dom"`).
//!
//! Nodes are small integer handles ([`Node`]); `www/dom.js` keeps the
//! nodes in a table, one handle per node, so two handles are equal exactly
//! when they name the same node. Strings go to JavaScript as a pointer and
//! a length into the module's memory; strings come back in two steps: an
//! import returns the length of the string it holds, and [`take`] copies it
//! into a buffer of that length.
//!
//! Reading the board calls the imports one by one. A press or a release
//! collects its changes in a [`Batch`] and sends them in one call: one
//! crossing of the boundary, and each string JavaScript reads is decoded
//! once however many cells it names.
//!
//! This is the module's only contact with the page, in place of
//! wasm-bindgen and web-sys: their generated glue, import wrappers and
//! reference table cost about a fifth of the drop-in scripts' size.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::marker::PhantomData;
use core::num::NonZeroU32;

/// The imports, as `www/dom.js` defines them. Every string is a pointer
/// and a length of UTF-8 in the module's memory; every node a handle, 0
/// for none.
mod sys {
    #[link(wasm_import_module = "dom")]
    extern "C" {
        /// Copies the string the last call handed over into `dst`, which
        /// has room for exactly as many bytes as that call returned.
        pub fn take(dst: *mut u8);
        /// `node.querySelectorAll(sel)`: keeps the list, returns its length.
        pub fn query_all(node: u32, sel: *const u8, sel_len: usize) -> u32;
        /// The handle of item `i` of the list `query_all` kept.
        pub fn item(i: u32) -> u32;
        /// `node.querySelector(sel)`.
        pub fn query(node: u32, sel: *const u8, sel_len: usize) -> u32;
        /// `node.closest(sel)`.
        pub fn closest(node: u32, sel: *const u8, sel_len: usize) -> u32;
        /// `node.getAttribute(name)`: hands its value over, returns its
        /// length in bytes, or -1 if the attribute is absent.
        pub fn attr(node: u32, name: *const u8, name_len: usize) -> i32;
        pub fn set_attr(node: u32, name: *const u8, name_len: usize, v: *const u8, v_len: usize);
        /// `node.textContent`: hands it over, returns its length in bytes.
        pub fn text(node: u32) -> i32;
        pub fn focus(node: u32);
        /// A new style sheet with `css`, adopted by the document of node
        /// `page`; its handle, or 0 if the browser refused.
        pub fn sheet(page: u32, css: *const u8, css_len: usize) -> u32;
        /// Lets go of every handle: the nodes they named are no longer
        /// held, and the next handles start again from 1.
        pub fn forget();
        /// The element a start is for (`start`'s caller set it aside).
        pub fn root() -> u32;
        /// The document element of the page `root` is in.
        pub fn page() -> u32;
        /// `sheet.insertRule(rule)`.
        pub fn insert_rule(sheet: u32, rule: *const u8, rule_len: usize);
        /// `sheet.replaceSync(css)`.
        pub fn replace(sheet: u32, css: *const u8, css_len: usize);
        /// Makes the changes of a [`Batch`](super::Batch): `len` words.
        pub fn run(words: *const u32, len: usize);
    }
}

/// A node of the page, as a handle of `www/dom.js`'s table.
///
/// Handles are never 0, so `Option<Node>` is the size of a `u32`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Node(NonZeroU32);

/// The string JavaScript handed over with a call that returned `len`
/// (negative: none).
fn take(len: i32) -> Option<String> {
    let len = usize::try_from(len).ok()?;
    let mut bytes = vec![0u8; len];
    // SAFETY: `take` writes exactly the `len` bytes it announced, and
    // `bytes` has room for them. They are the output of `TextEncoder`,
    // which is always well-formed UTF-8 (lone surrogates become U+FFFD), so
    // they need no second check here.
    unsafe {
        sys::take(bytes.as_mut_ptr());
        Some(String::from_utf8_unchecked(bytes))
    }
}

/// Lets go of every node handle (a board read again must not keep the old
/// page's nodes alive): every [`Node`] and [`Sheet`] held until now names
/// nothing any more.
pub fn forget_all() {
    unsafe { sys::forget() }
}

/// The element a start is for, and the document element of its page.
pub fn start_nodes() -> Option<(Node, Node)> {
    let root = Node::from_raw(unsafe { sys::root() })?;
    Some((root, Node::from_raw(unsafe { sys::page() })?))
}

/// The string JavaScript handed over for an export's argument of `len`
/// bytes (e.g. a script name).
pub fn argument(len: u32) -> Option<String> {
    take(i32::try_from(len).ok()?)
}

impl Node {
    /// The node for handle `raw`, if not 0.
    pub fn from_raw(raw: u32) -> Option<Node> {
        NonZeroU32::new(raw).map(Node)
    }

    fn raw(self) -> u32 {
        self.0.get()
    }

    /// Every element under this one matching `sel`, in document order.
    pub fn query_all(self, sel: &str) -> Vec<Node> {
        // SAFETY (here and below): the pointers and lengths are those of
        // live `&str`s, which JavaScript only reads during the call.
        let n = unsafe { sys::query_all(self.raw(), sel.as_ptr(), sel.len()) };
        (0..n)
            .filter_map(|i| Node::from_raw(unsafe { sys::item(i) }))
            .collect()
    }

    /// The first element under this one matching `sel`.
    pub fn query(self, sel: &str) -> Option<Node> {
        Node::from_raw(unsafe { sys::query(self.raw(), sel.as_ptr(), sel.len()) })
    }

    /// The nearest element matching `sel`, this one or an ancestor.
    pub fn closest(self, sel: &str) -> Option<Node> {
        Node::from_raw(unsafe { sys::closest(self.raw(), sel.as_ptr(), sel.len()) })
    }

    /// The value of attribute `name`, if present.
    pub fn attr(self, name: &str) -> Option<String> {
        take(unsafe { sys::attr(self.raw(), name.as_ptr(), name.len()) })
    }

    pub fn set_attr(self, name: &str, value: &str) {
        unsafe {
            sys::set_attr(
                self.raw(),
                name.as_ptr(),
                name.len(),
                value.as_ptr(),
                value.len(),
            )
        }
    }

    /// All the text inside this node.
    pub fn text(self) -> String {
        take(unsafe { sys::text(self.raw()) }).unwrap_or_default()
    }

    pub fn focus(self) {
        unsafe { sys::focus(self.raw()) }
    }
}

/// A style sheet of the module's own, adopted by the document.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Sheet(Node);

impl Sheet {
    /// A new sheet holding `css`, adopted by the document of `page`;
    /// `None` if the browser refused it.
    pub fn new(page: Node, css: &str) -> Option<Sheet> {
        Node::from_raw(unsafe { sys::sheet(page.raw(), css.as_ptr(), css.len()) }).map(Sheet)
    }

    /// Adds `rule` (ignored if the browser refuses it).
    pub fn insert(self, rule: &str) {
        unsafe { sys::insert_rule(self.0.raw(), rule.as_ptr(), rule.len()) }
    }

    /// Replaces every rule with `css`.
    pub fn replace(self, css: &str) {
        unsafe { sys::replace(self.0.raw(), css.as_ptr(), css.len()) }
    }
}

/// The commands of a [`Batch`], as `www/dom.js` reads them: eight words
/// each, the command, a node and three strings (a pointer and a length
/// each; unused ones empty).
mod op {
    /// node, name, value: `setAttribute`.
    pub const SET_ATTR: u32 = 1;
    /// node, name: `removeAttribute`.
    pub const REMOVE_ATTR: u32 = 2;
    /// node, tag, flag, text: appends a text node (`tag` empty) or an
    /// element `tag` holding the text, with the attribute `flag="true"`
    /// (unless empty).
    pub const APPEND: u32 = 3;
    /// node: takes the children out and keeps them.
    pub const SAVE: u32 = 4;
    /// node: replaces the children with those kept.
    pub const RESTORE: u32 = 5;
}

/// Changes to the page, collected and then made in one call
/// ([`Batch::send`]). The strings must live until then: `'a`.
pub struct Batch<'a> {
    words: Vec<u32>,
    text: PhantomData<&'a str>,
}

impl<'a> Batch<'a> {
    /// An empty batch written into `words` (a buffer kept from an earlier
    /// batch, so that a press allocates nothing once the buffer has grown).
    pub fn new(mut words: Vec<u32>) -> Batch<'a> {
        words.clear();
        Batch {
            words,
            text: PhantomData,
        }
    }

    fn command(&mut self, op: u32, node: Node, [a, b, c]: [&'a str; 3]) {
        // Addresses and lengths fit in 32 bits on wasm32.
        let word = |s: &str| [s.as_ptr() as usize as u32, s.len() as u32];
        let ([a0, a1], [b0, b1], [c0, c1]) = (word(a), word(b), word(c));
        self.words
            .extend_from_slice(&[op, node.raw(), a0, a1, b0, b1, c0, c1]);
    }

    pub fn set_attr(&mut self, node: Node, name: &'a str, value: &'a str) {
        self.command(op::SET_ATTR, node, [name, value, ""]);
    }

    pub fn remove_attr(&mut self, node: Node, name: &'a str) {
        self.command(op::REMOVE_ATTR, node, [name, "", ""]);
    }

    /// Appends a text node (`tag` empty) or an element `tag` holding
    /// `text` and carrying the attribute `flag="true"` (unless empty).
    pub fn append(&mut self, node: Node, tag: &'a str, flag: &'a str, text: &'a str) {
        self.command(op::APPEND, node, [tag, flag, text]);
    }

    /// Takes `node`'s children out, to be put back by [`Batch::restore`].
    pub fn save(&mut self, node: Node) {
        self.command(op::SAVE, node, ["", "", ""]);
    }

    /// Puts back the children [`Batch::save`] took out, in place of the
    /// present ones.
    pub fn restore(&mut self, node: Node) {
        self.command(op::RESTORE, node, ["", "", ""]);
    }

    /// Makes the changes, in order, and gives the buffer back.
    pub fn send(self) -> Vec<u32> {
        let mut words = self.words;
        if !words.is_empty() {
            // SAFETY: JavaScript reads the words, and the strings they point
            // to (alive for 'a), during the call only.
            unsafe { sys::run(words.as_ptr(), words.len()) };
        }
        words.clear();
        words
    }
}
