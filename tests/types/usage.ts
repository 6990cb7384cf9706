// A page author's use of the package (pkg/glance.js), type-checked against
// the types wasm-bindgen generates (pkg/glance.d.ts) by `tsc` in
// scripts/test.sh. Nothing here runs: the browser suite `pkg` runs
// the same calls. Each @ts-expect-error line must be refused by the types.
import init, { attach, diagram, down_click, up_click, type Diagram, type Mark } from "../../pkg/glance.js";

export async function page(table: Element): Promise<string[]> {
  await init();
  await init({ module_or_path: new URL("glance_bg.wasm", "https://example.org/pkg/") });
  const attached: boolean = attach(table, "spartan");
  const d: Diagram = diagram("FAmsW", { board: "10x10", at: "e5", colour: "black", occupied: ["e7"] });
  const mark: Mark | undefined = d.marks["e6"];
  diagram("Q");
  diagram("Q", null);
  const shown: boolean = down_click(3, 6);
  up_click();
  // @ts-expect-error: the colour is "white" or "black"
  diagram("Q", { colour: "blue" });
  // @ts-expect-error: occupied squares are a list
  diagram("Q", { occupied: "e7" });
  // @ts-expect-error: attach needs an element
  attach("table.board", "spartan");
  return [String(attached), String(mark), String(shown), ...d.move, ...d.capture];
}
