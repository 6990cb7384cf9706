// Inference in WebAssembly: pkg/ (built by make dist) loaded in Node (V8,
// the engine of Chromium), every string of tests/fixtures/table-strings.txt
// drawn White on 15x15 from h8 by diagram() and inferred back by infer(),
// each timed as the best of three runs.  node bench/infer.mjs
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const g = await import(root + "/pkg/glance.js");
g.initSync({ module: readFileSync(root + "/pkg/glance_bg.wasm") });
const strings = readFileSync(root + "/tests/fixtures/table-strings.txt", "utf8")
  .split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
const times = [];
let ok = 0, shorter = 0, longer = [];
for (const s of strings) {
  const d = g.diagram(s, { board: "15x15", at: "h8" });
  const input = { board: "15x15", at: "h8", marks: d.marks };
  let best = Infinity, r;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    r = g.infer(input);
    best = Math.min(best, performance.now() - t0);
  }
  times.push([best, s]);
  const back = g.diagram(r.betza, { board: "15x15", at: "h8" });
  if (JSON.stringify(back.marks) === JSON.stringify(d.marks)) ok++;
  if (r.betza.length < s.length) shorter++;
  if (r.betza.length > s.length) longer.push(`${s}->${r.betza}`);
}
times.sort((a, b) => a[0] - b[0]);
console.log(`node ${process.version} (V8, as Chromium): recovered ${ok}/${strings.length}, ${shorter} shorter, longer: ${longer.join(" ")}`);
console.log(`median ${times[Math.floor(times.length / 2)][0].toFixed(2)} ms, slowest ${times[times.length - 1][0].toFixed(2)} ms (${times[times.length - 1][1]})`);
