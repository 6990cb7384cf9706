// The page's side of the bridge to the module (src/web/dom.rs is the
// module's side): the DOM operations it imports, and the calls into it.
// Inlined into the drop-in scripts by scripts/package-dist.py and into
// pkg/glance.js by scripts/build-dist.sh.
//
// Nodes cross as handles: `nodes[h]` is the node of handle h (0 is none),
// one handle per node. Strings cross as UTF-8: the module passes a pointer
// and a length into its memory; a string for the module is handed over by
// returning its length, and the module then calls `take` with a buffer of
// that size.
//
// `wasm()` gives the instance's exports once it exists.
function glanceDom(wasm) {
  "use strict";
  var nodes = [null];
  var handles = new Map();
  var list = [];
  var given = null;
  var saved = new Map();
  var starting = null;
  var encoder = new TextEncoder();
  var decoder = new TextDecoder();
  // The events the module serves, in the order of `EVENTS` in
  // src/web/events.rs: the first three come from the document, the others
  // from the window.
  var EVENTS = ["pointerdown", "keydown", "visibilitychange", "pointerup", "pointercancel", "blur"];

  function node(n) {
    if (!n) return 0;
    var h = handles.get(n);
    if (!h) {
      h = nodes.push(n) - 1;
      handles.set(n, h);
    }
    return h;
  }
  // The handle of `n` or of its nearest ancestor that has one (0: none).
  function known(n) {
    for (; n; n = n.parentNode) {
      var h = handles.get(n);
      if (h) return h;
    }
    return 0;
  }
  function str(p, n) {
    var b = new Uint8Array(wasm().memory.buffer, p, n);
    // Most strings are short ASCII names: built directly, they cost a third
    // of a TextDecoder call.
    if (n < 64) {
      for (var s = "", i = 0; i < n && b[i] < 128; i++) s += String.fromCharCode(b[i]);
      if (i === n) return s;
    }
    return decoder.decode(b);
  }
  // Hands `s` to the module: its length in bytes, or -1 for none.
  function hand(s) {
    if (s == null) return -1;
    given = encoder.encode(s);
    return given.length;
  }

  // Appends to `parent` a text node (`tag` empty) or an element `tag`
  // holding the text, with the attribute `flag="true"` (unless empty).
  function append(parent, tag, flag, text) {
    var doc = parent.ownerDocument;
    var child = doc.createTextNode(text);
    if (tag) {
      var el = doc.createElement(tag);
      if (flag) el.setAttribute(flag, "true");
      if (text) el.appendChild(child);
      child = el;
    }
    parent.appendChild(child);
  }
  // Replaces the children of `el` with those a save kept.
  function restore(el) {
    var kept = saved.get(el);
    if (!kept) return;
    saved.delete(el);
    el.textContent = "";
    for (var i = 0; i < kept.length; i++) el.appendChild(kept[i]);
  }

  var imports = {
    take: function (p) {
      new Uint8Array(wasm().memory.buffer, p, given.length).set(given);
      given = null;
    },
    query_all: function (h, p, n) {
      list = nodes[h].querySelectorAll(str(p, n));
      return list.length;
    },
    item: function (i) { return node(list[i]); },
    query: function (h, p, n) { return node(nodes[h].querySelector(str(p, n))); },
    closest: function (h, p, n) { return node(nodes[h].closest ? nodes[h].closest(str(p, n)) : null); },
    attr: function (h, p, n) { return hand(nodes[h].getAttribute(str(p, n))); },
    set_attr: function (h, p, n, q, m) { nodes[h].setAttribute(str(p, n), str(q, m)); },
    text: function (h) { return hand(nodes[h].textContent); },
    focus: function (h) { if (nodes[h].focus) nodes[h].focus(); },
    forget: function () {
      nodes = [null];
      handles = new Map();
      saved = new Map();
    },
    root: function () { return node(starting); },
    page: function () { return node(starting.ownerDocument.documentElement); },
    sheet: function (h, p, n) {
      try {
        var doc = nodes[h].ownerDocument;
        var sheet = new CSSStyleSheet();
        sheet.replaceSync(str(p, n));
        doc.adoptedStyleSheets = doc.adoptedStyleSheets.concat(sheet);
        return node(sheet);
      } catch (e) {
        return 0; // no constructable style sheets: the board stays as it is
      }
    },
    insert_rule: function (h, p, n) {
      try { nodes[h].insertRule(str(p, n)); } catch (e) { /* a refused rule shows nothing */ }
    },
    replace: function (h, p, n) { nodes[h].replaceSync(str(p, n)); },
    // A batch of changes (src/web/dom.rs, `Batch`): `n` words from `p`,
    // eight per command: a code, a node and three strings (pointer,
    // length). The module's memory does not change during the call, so
    // each string is decoded once however many commands name it.
    run: function (p, n) {
      var w = new Uint32Array(wasm().memory.buffer, p, n);
      var seen = new Map();
      function s(i) {
        var hit = seen.get(w[i]);
        if (hit && hit.n === w[i + 1]) return hit.s;
        hit = { n: w[i + 1], s: str(w[i], w[i + 1]) };
        seen.set(w[i], hit);
        return hit.s;
      }
      for (var i = 0; i < n; i += 8) {
        var el = nodes[w[i + 1]];
        switch (w[i]) {
          case 1: el.setAttribute(s(i + 2), s(i + 4)); break;
          case 2: el.removeAttribute(s(i + 2)); break;
          case 3: append(el, s(i + 2), s(i + 4), s(i + 6)); break;
          case 4: saved.set(el, Array.prototype.slice.call(el.childNodes)); el.textContent = ""; break;
          case 5: restore(el); break;
          default: throw new Error("glance: unknown DOM command " + w[i]);
        }
      }
    }
  };

  return {
    imports: { dom: imports },
    hand: hand,
    str: str,
    // Has `serve` called for each of EVENTS on document `doc` and its window.
    listen: function (doc, serve) {
      EVENTS.forEach(function (type, i) {
        (i < 3 ? doc : doc.defaultView).addEventListener(type, serve);
      });
    },
    // Starts the module on the board inside `root` with the click codes of
    // script `name`: true, or false for an unknown script.
    start: function (root, name) {
      starting = root;
      try {
        return wasm().start(hand(name)) === 1;
      } finally {
        starting = null;
      }
    },
    // down_click(x, y): what is not a number is NaN (the module refuses it).
    press: function (x, y) {
      return wasm().press(typeof x === "number" ? x : NaN, typeof y === "number" ? y : NaN) === 1;
    },
    release: function () { wasm().release(); },
    // Once the board is read: the module prepares what every clickable
    // cell shows, unseen, when the browser is idle, and keeps it, so that
    // a press neither computes nor waits for its code to be compiled.
    warm: function () {
      var later = typeof requestIdleCallback === "function" ? requestIdleCallback : setTimeout;
      later(function () { try { wasm().warm(); } catch (e) { /* a press will say */ } });
    },
    // Serves one of EVENTS.
    event: function (e) {
      var kind = EVENTS.indexOf(e.type);
      if (kind < 0) return;
      var key = kind === 1 ? hand(String(e.key)) : 0;
      var detail = (e.pointerType === "mouse" ? 1 : 0) | (e.repeat ? 2 : 0) | (document.hidden ? 4 : 0);
      if (wasm().event(kind, known(e.target), detail, key) === 1) e.preventDefault();
    }
  };
}
