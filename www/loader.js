// Moves at a Glance (https://www.gnu.org/software/xboard/): move diagrams for
// XBoard's rules pages. Copyright (C) 2026 The Moves at a Glance authors.
// Free software under the GNU GPL, version 3 or later; its WebAssembly
// module is built from the project's Rust sources, same license.
// @license magnet:?xt=urn:btih:1f739d935676111cfff4b4693e3816e664797050&dn=gpl-3.0.txt GPL-3.0-or-later
(function () {
  "use strict";
  var NAME = "@SCRIPT@";
  // glance.js, the generic drop-in: the page declares its pieces
  // (data-piece), it has no inline handlers, and no global is defined.
  var GENERIC = NAME === "glance";
  // The module (packed: see unpack below), handed on in a promise. First in
  // the script: gzip packs the whole smaller with the module's text before
  // the code than after it (dist/glance.js: 33,503 -> 33,089 B gzip -9).
  var WASM = Promise.resolve("@WASM@");
  // 0: loading (or waiting for the page to be parsed), 1: serving the
  // board, 2: failed or stopped.
  var state = 0;
  // A press made while loading, served once ready unless released first:
  // the click code (legacy pages) or the element pressed (glance.js).
  var early = null;
  var root = document.documentElement;

  function stop(what, err) {
    state = 2;
    try {
      root.setAttribute("data-glance", "failed");
      console.warn("glance (" + NAME + ".js): " + what + (err ? ": " + err : "") +
        "; the board stays as it is.");
    } catch (e) { /* nothing more to do */ }
  }

  function down(x, y) {
    if (state === 1) {
      try { glance.down_click(x, y); } catch (e) { stop("a press failed", e); }
    } else if (state === 0) {
      early = [x, y];
    }
  }
  // A release anywhere drops a press made while loading.
  ["pointerup", "pointercancel", "blur"].forEach(function (t) {
    window.addEventListener(t, function () { early = null; });
  });
  if (GENERIC) {
    // No inline handlers: the mouse's main button going down while the
    // module loads is kept (the module listens once the board is read).
    document.addEventListener("pointerdown", function (e) {
      if (state === 0 && e.button === 0 && e.pointerType === "mouse") early = e.target;
    }, true);
  } else {
    window.down_click = down;
    window.up_click = function () {
      if (state === 1) {
        try { glance.up_click(); } catch (e) { stop("a release failed", e); }
      }
      early = null;
    };
  }

  // The findings of glance.js: the module's console warnings name the
  // place and kind of each, and code its sentences (U+001E and a sentence's
  // number, U+001F before each of the page's words: src/page/says.rs).
  // The sentences are fetched from glance-findings.txt beside this script
  // (one per line, after a tab) when the page has its first finding, so a
  // correct page never downloads them; the warnings are said once they
  // arrive, in order. Without them, a warning keeps its place and kind.
  var HERE = GENERIC && document.currentScript && document.currentScript.src;
  var heard = [];
  var sentences = null;
  function said(lines) {
    while (heard.length) {
      var line = heard.shift();
      var at = line.indexOf("\x1e");
      var out = line.slice(0, at < 0 ? line.length : at);
      if (at >= 0) {
        var missing = [];
        line.slice(at + 1).split("\x1e").forEach(function (coded) {
          var words = coded.split("\x1f");
          var sentence = lines && lines[+words[0]];
          if (sentence == null) {
            missing.push("sentence " + words[0] + (words.length > 1 ? " " + JSON.stringify(words.slice(1)) : ""));
          } else {
            sentence.split("{}").forEach(function (part, i) {
              out += (i ? words[i] || "" : "") + part;
            });
          }
        });
        if (missing.length) {
          out += "(in words: glance-findings.txt beside glance.js, not found: " + missing.join(", ") + ")";
        }
      }
      console.warn(out);
    }
  }
  function say(line) {
    heard.push(line);
    if (!sentences) {
      sentences = new Promise(function (done) {
        // (A page whose script's address is unknown, or from file://, goes
        // without.)
        try {
          fetch(new URL("glance-findings.txt", HERE))
            .then(function (r) {
              if (!r.ok) throw new Error(r.status);
              return r.text();
            })
            .then(function (text) {
              done(text.split("\n").map(function (l) { return l.slice(l.indexOf("\t") + 1); }));
            })
            .catch(function () { done(null); });
        } catch (e) {
          done(null);
        }
      });
    }
    sentences.then(said);
  }

  /* wasm-bindgen's glue (--target no-modules): its names stay inside this function. */
  @GLUE@
  var glance = wasm_bindgen;

  // The module is packed with LZMA (scripts/package-dist.py): about 8%
  // smaller than deflate, which browsers would inflate natively. Its
  // decoder is a wasm module of its own (www/unpack, about 1.3 KB), the
  // first UNPACKER bytes of WASM (one base64 text gzips smaller than two):
  // it unpacks the rest in its memory, where the stream is copied first.
  var UNPACKER = 987654322;
  var SIZE = 987654321;
  function base64(text) {
    var raw = Uint8Array.fromBase64 && Uint8Array.fromBase64(text);
    if (!raw) {
      var bin = atob(text);
      raw = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; i++) raw[i] = bin.charCodeAt(i);
    }
    return raw;
  }
  function unpack(text) {
    var all = base64(text);
    var decoder = new WebAssembly.Instance(new WebAssembly.Module(all.subarray(0, UNPACKER))).exports;
    var packed = all.subarray(UNPACKER);
    var memory = decoder.memory;
    var at = decoder.__heap_base.value;
    memory.grow(2 + (packed.length + SIZE >> 16));
    new Uint8Array(memory.buffer).set(packed, at);
    decoder.unpack(at, at += packed.length, SIZE);
    return new Uint8Array(memory.buffer, at, SIZE);
  }

  // Reads the board and serves events (the module listens to them): once
  // the page is parsed.
  function begin() {
    if (state !== 0) return;
    try {
      if (GENERIC) {
        // The module said what is wrong with the page, once: nothing to add.
        if (!glance.attach_page(root)) {
          state = 2;
          root.setAttribute("data-glance", "failed");
          return;
        }
      } else if (!glance.attach(root, NAME)) {
        throw new Error("no board to start on");
      }
    } catch (err) {
      stop("could not read the board", err);
      return;
    }
    state = 1;
    // The module prepares what every piece shows, unseen, when the browser
    // is idle, so that a press neither computes nor waits for its code to
    // be compiled.
    (typeof requestIdleCallback === "function" ? requestIdleCallback : setTimeout)(function () {
      try { glance.warm(); } catch (e) { /* a press will say */ }
    });
    if (early) {
      var press = early;
      early = null;
      if (!GENERIC) {
        down(press[0], press[1]);
      } else {
        try { glance.press(press); } catch (e) { stop("a press failed", e); }
      }
    }
  }

  // Ready as soon as the module is unpacked and instantiated (compiled
  // synchronously, in a microtask: no task to wait for behind the page's
  // parsing). If the page is still being parsed, the board is read at
  // DOMContentLoaded; a press made before then is served at that moment.
  WASM
    .then(unpack)
    .then(function (buf) {
      glance.initSync(buf);
      if (document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", begin, { once: true });
      } else {
        begin();
      }
      if (state !== 2) root.setAttribute("data-glance", "ready");
    })
    .catch(function (err) { stop("could not start its WebAssembly module", err); });
})();
// @license-end
