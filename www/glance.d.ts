// Types of pkg/glance.js (www/pkg.js).

/** Loads the module, once: a URL of glance_bg.wasm (default: beside glance.js), a Response, its bytes or a compiled module. */
export default function init(
  source?: string | URL | Response | Promise<Response> | BufferSource | WebAssembly.Module | { module_or_path: unknown },
): Promise<void>;

/** Gives the board inside `root` the behaviour of a rules page with the click codes of `script` ("spartan", "chu", "cwda"). False for an unknown script. */
export function attach(root: Element, script: string): boolean;

export interface DiagramOptions {
  /** "FILESxRANKS", each 1 to 16; default "8x8". */
  board?: string;
  /** The piece's square, e.g. "e5"; default a central one. */
  at?: string;
  /** Default "white". */
  colour?: "white" | "black";
  /** Squares holding other pieces. */
  occupied?: string[];
}

export type Mark = "slide" | "leap" | "move" | "capture" | "first-leg" | "block";

export interface Diagram {
  /** Squares it can move to without capturing, by file then rank. */
  move: string[];
  /** Squares it can capture on. */
  capture: string[];
  /** Each marked square and how. */
  marks: Record<string, Mark>;
}

/** The diagram of a piece given in Betza notation; throws an Error naming what is wrong. */
export function diagram(betza: string, options?: DiagramOptions | null): Diagram;

/** `down_click(x, y)`: shows what code (x, y) shows; false if nothing. */
export function press(x: number, y: number): boolean;

/** `up_click()`: puts the board back at rest. */
export function release(): void;
