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
    remove_attr: function (h, p, n) { nodes[h].removeAttribute(str(p, n)); },
    text: function (h) { return hand(nodes[h].textContent); },
    append: function (h, tp, tn, mp, mn, xp, xn) {
      var parent = nodes[h];
      var doc = parent.ownerDocument;
      var text = str(xp, xn);
      var child = doc.createTextNode(text);
      if (tn) {
        var el = doc.createElement(str(tp, tn));
        if (mn) el.setAttribute(str(mp, mn), "");
        if (xn) el.appendChild(child);
        child = el;
      }
      parent.appendChild(child);
    },
    save: function (h) {
      saved.set(h, Array.prototype.slice.call(nodes[h].childNodes));
      nodes[h].textContent = "";
    },
    restore: function (h) {
      var kept = saved.get(h);
      if (!kept) return;
      saved.delete(h);
      nodes[h].textContent = "";
      for (var i = 0; i < kept.length; i++) nodes[h].appendChild(kept[i]);
    },
    focus: function (h) { if (nodes[h].focus) nodes[h].focus(); },
    sheet: function (p, n) {
      try {
        var sheet = new CSSStyleSheet();
        sheet.replaceSync(str(p, n));
        document.adoptedStyleSheets = document.adoptedStyleSheets.concat(sheet);
        return node(sheet);
      } catch (e) {
        return 0; // no constructable style sheets: the board stays as it is
      }
    },
    insert_rule: function (h, p, n) {
      try { nodes[h].insertRule(str(p, n)); } catch (e) { /* a refused rule shows nothing */ }
    },
    replace: function (h, p, n) { nodes[h].replaceSync(str(p, n)); }
  };

  return {
    imports: { dom: imports },
    node: node,
    hand: hand,
    str: str,
    EVENTS: EVENTS,
    // Starts the module on the board inside `root` with the click codes of
    // script `name`: true, or false for an unknown script.
    start: function (root, name) {
      var page = root.ownerDocument.documentElement;
      return wasm().start(node(root), node(page), hand(name)) === 1;
    },
    // down_click(x, y): what is not a number is NaN (the module refuses it).
    press: function (x, y) {
      return wasm().press(typeof x === "number" ? x : NaN, typeof y === "number" ? y : NaN) === 1;
    },
    release: function () { wasm().release(); },
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
