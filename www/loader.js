// Moves at a Glance (https://www.gnu.org/software/xboard/): move diagrams for
// XBoard's rules pages. Copyright (C) 2026 The Moves at a Glance authors.
// Free software under the GNU GPL, version 3 or later; the embedded
// WebAssembly module is built from the project's Rust sources, same license.
// @license magnet:?xt=urn:btih:1f739d935676111cfff4b4693e3816e664797050&dn=gpl-3.0.txt GPL-3.0-or-later
(function () {
  "use strict";
  var NAME = "@SCRIPT@";
  var WASM = "@WASM@";
  // 0: loading, 1: ready, 2: failed or stopped.
  var state = 0;
  var api = null;
  // A press made while loading, served once ready unless released first.
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

  window.down_click = function (x, y) {
    if (state === 1) {
      try { api.press(x, y); } catch (e) { stop("a press failed", e); }
    } else if (state === 0) {
      early = [x, y];
    }
  };
  // A release anywhere drops a press made while loading.
  ["pointerup", "pointercancel", "blur"].forEach(function (t) {
    window.addEventListener(t, function () { early = null; });
  });
  window.up_click = function () {
    if (state === 1) {
      try { api.release(); } catch (e) { stop("a release failed", e); }
    }
    early = null;
  };

  /* The wasm-bindgen glue: its names stay inside this function. */
  @GLUE@

  function bytes() {
    if (typeof DecompressionStream !== "function") {
      return Promise.reject(new Error("this browser has no DecompressionStream"));
    }
    var bin = atob(WASM);
    var raw = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) raw[i] = bin.charCodeAt(i);
    var stream = new Response(raw).body.pipeThrough(new DecompressionStream("deflate-raw"));
    return new Response(stream).arrayBuffer();
  }

  function whenParsed() {
    return new Promise(function (resolve) {
      if (document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", resolve, { once: true });
      } else {
        resolve();
      }
    });
  }

  bytes()
    .then(function (buf) { return wasm_bindgen(buf); })
    .then(whenParsed)
    .then(function () {
      if (!wasm_bindgen.start(document, NAME)) throw new Error("no board to start on");
      api = wasm_bindgen;
      state = 1;
      var serve = function (e) {
        if (state === 1) {
          try { api.handle(e); } catch (err) { stop("an event failed", err); }
        }
      };
      ["pointerdown", "keydown", "visibilitychange"].forEach(function (t) {
        document.addEventListener(t, serve);
      });
      ["pointerup", "pointercancel", "blur"].forEach(function (t) {
        window.addEventListener(t, serve);
      });
      root.setAttribute("data-glance", "ready");
      if (early) {
        var press = early;
        early = null;
        window.down_click(press[0], press[1]);
      }
    })
    .catch(function (err) { stop("could not start its WebAssembly module", err); });
})();
// @license-end
