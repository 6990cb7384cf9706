// The ES-module package, pkg/glance.js: scripts/build-dist.sh puts
// www/dom.js (the bridge, glanceDom) in front of this file.
//
//   import init, { attach, diagram } from "./pkg/glance.js";
//   await init();
//   attach(document.querySelector("table.board"), "spartan");
//   diagram("FAmsW", { board: "8x8", at: "e5" });

let exports = null;
let answer = null;
let listening = false;
const dom = glanceDom(() => exports);
const imports = Object.assign({ api: { answer: (p, n) => { answer = dom.str(p, n); } } }, dom.imports);

function ready() {
  if (!exports) throw new Error("glance: call (and await) init() first");
  return exports;
}

/**
 * Loads the module, once. `source`: where glance_bg.wasm is (a URL or
 * string, default: beside this file), a Response, its bytes, or a compiled
 * WebAssembly.Module.
 */
export default async function init(source) {
  if (exports) return;
  if (source && typeof source === "object" && "module_or_path" in source) source = source.module_or_path;
  if (source == null) source = new URL("glance_bg.wasm", import.meta.url);
  if (typeof source === "string" || source instanceof URL) source = fetch(source);
  source = await source;
  let module = source;
  if (typeof Response === "function" && source instanceof Response) {
    if (!source.ok) throw new Error(`glance: could not load its module (HTTP ${source.status})`);
    module = await WebAssembly.compile(await source.arrayBuffer());
  } else if (!(source instanceof WebAssembly.Module)) {
    module = await WebAssembly.compile(source);
  }
  exports = (await WebAssembly.instantiate(module, imports)).exports;
}

/**
 * Gives the board inside `root` (a `table.board` or an element around it)
 * the behaviour of a rules page with the click codes of `script`
 * ("spartan", "chu" or "cwda"). Cells need ids `sq{x}x{y}` and either
 * inline `down_click(x,y)` handlers or a `data-code="x,y"` attribute.
 * Replaces a board attached before. False for an unknown script.
 */
export function attach(root, script) {
  ready();
  if (!root || !root.ownerDocument || !dom.start(root, String(script))) return false;
  dom.warm();
  if (!listening) {
    listening = true;
    dom.listen(root.ownerDocument, dom.event);
  }
  return true;
}

/**
 * The diagram of a piece in Betza notation. `options`: `{ board: "10x10",
 * at: "e5", colour: "black", occupied: ["e7"] }`, each optional. Returns
 * `{ move: [...], capture: [...], marks: { e6: "slide", ... } }`; throws an
 * Error naming what is wrong.
 */
export function diagram(betza, options) {
  const ok = ready().diagram(dom.hand(JSON.stringify([betza, options == null ? null : options])));
  const text = answer;
  answer = null;
  if (ok !== 1) throw new Error(text);
  return JSON.parse(text);
}

/** `down_click(x, y)`: shows what code (x, y) shows; false if nothing. */
export function press(x, y) {
  ready();
  return dom.press(x, y);
}

/** `up_click()`: puts the board back at rest. */
export function release() {
  ready();
  dom.release();
}
