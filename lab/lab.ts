// The piece lab (lab.html): type a Betza string and see its diagram, or
// paint squares and get the shortest Betza string back.
//
// Built on the ES-module package (pkg/, wasm-pack's --target web output)
// as a page author would use it: imported, typed by the .d.ts that
// wasm-bindgen generates (make test runs tsc -p lab/tsconfig.json). For the
// page, scripts/build-lab.sh bundles this file, pkg/glance.js and the wasm
// module (inlined, deflated) into one classic script, dist/lab.js: it then works from
// file:// (where browsers refuse to fetch modules and wasm) as over http,
// and makes no request but for the page's own images.
//
// Everything the lab shows comes from its state (one object), which the
// URL fragment holds: an edit pushes a history entry (typing: one per
// burst), and opening the address or going back restores it.

import init, {
  diagram,
  dialect,
  infer,
  parse,
  sentence,
  type DialectNote,
  type Diagram,
  type InferInput,
  type Inference,
  type Mark,
} from "../pkg/glance.js";
// pkg/glance_bg.wasm, raw-deflated by scripts/build-lab.sh (a 286 KB
// module is 120 KB so, and the script about that plus a third in base64).
import packedWasm from "../build/lab/glance_bg.wasm.deflate";

type Side = "white" | "black";
type Mode = "move" | "place" | "paint";
type Brush = "yellow" | "orange" | "green" | "red";

/** What the lab shows; the URL fragment holds all of it. */
interface State {
  /** The text of the Betza input (perhaps not a valid string). */
  betza: string;
  files: number;
  ranks: number;
  /** The piece's square. */
  at: string;
  side: Side;
  /** Squares holding other pieces, never the piece's own. */
  others: string[];
  /** What pressing a square does. */
  mode: Mode;
  brush: Brush;
  /** Painted squares and their marks. */
  paint: Record<string, Brush>;
}

const SYM = "rules-html/sym/";
const SIZE_MIN = 5;
const SIZE_MAX = 16;
const FILE_LETTERS = "abcdefghijklmnop";
/** A typing burst ends (and the next keystroke pushes a history entry)
 *  after this long without one. */
const TYPING_MS = 700;

const BRUSHES: readonly Brush[] = ["yellow", "orange", "green", "red"];
const BRUSH_WORDS: Record<Brush, string> = {
  yellow: "step or slide",
  orange: "leap",
  green: "non-capture only",
  red: "capture only",
};
const MARK_IMAGE: Record<Mark, string> = {
  slide: "yellow",
  leap: "orange",
  move: "green",
  capture: "red",
  "first-leg": "cyan",
  block: "open",
};
const MARK_WORDS: Record<Mark, string> = {
  slide: "slides or steps here",
  leap: "leaps here",
  move: "moves here without capturing",
  capture: "captures here only",
  "first-leg": "captures here with its first step and goes on",
  block: "a lame leap is blocked here",
};

// --- squares ---------------------------------------------------------------

function squareName(file: number, rank: number): string {
  return FILE_LETTERS.charAt(file) + String(rank + 1);
}

/** [file, rank] of a square's name on a FILESxRANKS board, or null. */
function squareOf(name: string, files: number, ranks: number): [number, number] | null {
  const m = /^([a-p])([1-9][0-9]?)$/.exec(name);
  if (!m) return null;
  const file = FILE_LETTERS.indexOf(m[1] ?? "");
  const rank = Number(m[2]) - 1;
  return file < files && rank >= 0 && rank < ranks ? [file, rank] : null;
}

/** The square diagram() takes when none is given (Square::centre). */
function centre(files: number, ranks: number): string {
  return squareName((files - 1) >> 1, ranks >> 1);
}

/** Squares by file, then rank (a1 a2 ... b1), as the engine lists them. */
function bySquare(a: string, b: string): number {
  return a.charCodeAt(0) - b.charCodeAt(0) || Number(a.slice(1)) - Number(b.slice(1));
}

// --- the state and the URL fragment ---------------------------------------

function defaults(): State {
  return {
    betza: "",
    files: 8,
    ranks: 8,
    at: centre(8, 8),
    side: "white",
    others: [],
    mode: "move",
    brush: "orange",
    paint: {},
  };
}

/** The fragment that holds `s`, e.g. `#betza=N&board=8x8&at=d5`. */
function encode(s: State): string {
  const p = new URLSearchParams();
  if (s.betza) p.set("betza", s.betza);
  p.set("board", `${s.files}x${s.ranks}`);
  p.set("at", s.at);
  if (s.side !== "white") p.set("side", s.side);
  if (s.others.length) p.set("pieces", s.others.join(","));
  if (s.mode !== "move") p.set("mode", s.mode);
  if (s.brush !== "orange") p.set("brush", s.brush);
  const painted = Object.keys(s.paint).sort(bySquare);
  if (painted.length) p.set("paint", painted.map((sq) => `${sq}:${s.paint[sq]}`).join(","));
  return "#" + p.toString();
}

const isBrush = (v: string): v is Brush => (BRUSHES as readonly string[]).includes(v);
const isMode = (v: string): v is Mode => v === "move" || v === "place" || v === "paint";

/** The state a fragment holds; what it lacks or gets wrong is the default. */
function decode(hash: string): State {
  const s = defaults();
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  s.betza = (p.get("betza") ?? "").slice(0, 200);
  const size = /^(\d+)x(\d+)$/.exec(p.get("board") ?? "");
  if (size) {
    const files = Number(size[1]);
    const ranks = Number(size[2]);
    if (files >= SIZE_MIN && files <= SIZE_MAX && ranks >= SIZE_MIN && ranks <= SIZE_MAX) {
      s.files = files;
      s.ranks = ranks;
    }
  }
  const at = p.get("at") ?? "";
  s.at = squareOf(at, s.files, s.ranks) ? at : centre(s.files, s.ranks);
  if (p.get("side") === "black") s.side = "black";
  const onBoard = (sq: string) => sq !== s.at && squareOf(sq, s.files, s.ranks) !== null;
  s.others = [...new Set((p.get("pieces") ?? "").split(",").filter(onBoard))].sort(bySquare);
  const mode = p.get("mode") ?? "";
  if (isMode(mode)) s.mode = mode;
  const brush = p.get("brush") ?? "";
  if (isBrush(brush)) s.brush = brush;
  for (const item of (p.get("paint") ?? "").split(",")) {
    const [sq = "", mark = ""] = item.split(":");
    if (onBoard(sq) && isBrush(mark)) s.paint[sq] = mark;
  }
  return s;
}

// --- the page's elements ---------------------------------------------------

function byId<T extends HTMLElement>(id: string, type: { new (): T }): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`lab.html has no ${type.name} #${id}`);
  return el;
}

interface Page {
  input: HTMLInputElement;
  error: HTMLElement;
  dialect: HTMLElement;
  files: HTMLSelectElement;
  ranks: HTMLSelectElement;
  brushes: HTMLFieldSetElement;
  board: HTMLTableElement;
  sentence: HTMLElement;
  inference: HTMLElement;
  clearPieces: HTMLButtonElement;
  clearPaint: HTMLButtonElement;
}

function findPage(): Page {
  return {
    input: byId("betza", HTMLInputElement),
    error: byId("betza-error", HTMLElement),
    dialect: byId("dialect", HTMLElement),
    files: byId("files", HTMLSelectElement),
    ranks: byId("ranks", HTMLSelectElement),
    brushes: byId("brushes", HTMLFieldSetElement),
    board: byId("board", HTMLTableElement),
    sentence: byId("sentence", HTMLElement),
    inference: byId("inference", HTMLElement),
    clearPieces: byId("clear-pieces", HTMLButtonElement),
    clearPaint: byId("clear-paint", HTMLButtonElement),
  };
}

function radios(name: string): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>(`input[type=radio][name=${name}]`)];
}

function image(name: string, className = ""): HTMLImageElement {
  const img = document.createElement("img");
  img.src = `${SYM}${name}.png`;
  img.alt = "";
  img.width = 32;
  img.height = 32;
  if (className) img.className = className;
  return img;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

// --- the lab ---------------------------------------------------------------

class Lab {
  state: State;
  /** The last string that parsed: its diagram stays while the input does not. */
  good = "";
  /** The board's cells by square, and the size they were made for. */
  cells = new Map<string, HTMLTableCellElement>();
  builtFor = "";
  /** The cell that Tab reaches on the board (roving tabindex). */
  focusSquare = "";
  /** A typing burst is going on: its keystrokes replace the history entry. */
  typing: number | undefined;
  /** The last inference, by what it was asked. */
  inferred: { key: string; answer: Inference | null; error: string } = { key: "", answer: null, error: "" };
  firstDiagram = false;

  constructor(readonly page: Page) {
    this.state = decode(location.hash);
    for (const select of [page.files, page.ranks]) {
      for (let n = SIZE_MIN; n <= SIZE_MAX; n++) select.add(new Option(String(n), String(n)));
    }
  }

  listen(): void {
    const { page } = this;
    page.input.addEventListener("input", () => {
      this.state.betza = page.input.value;
      this.changed(true);
    });
    const resize = () => {
      const s = this.state;
      s.files = Number(page.files.value);
      s.ranks = Number(page.ranks.value);
      if (!squareOf(s.at, s.files, s.ranks)) s.at = centre(s.files, s.ranks);
      this.prune();
      this.changed(false);
    };
    page.files.addEventListener("change", resize);
    page.ranks.addEventListener("change", resize);
    for (const r of radios("side")) {
      r.addEventListener("change", () => {
        this.state.side = r.value === "black" ? "black" : "white";
        this.changed(false);
      });
    }
    for (const r of radios("mode")) {
      r.addEventListener("change", () => {
        if (isMode(r.value)) this.state.mode = r.value;
        this.changed(false);
      });
    }
    for (const r of radios("brush")) {
      r.addEventListener("change", () => {
        if (isBrush(r.value)) this.state.brush = r.value;
        this.changed(false);
      });
    }
    page.clearPieces.addEventListener("click", () => {
      this.state.others = [];
      this.changed(false);
    });
    page.clearPaint.addEventListener("click", () => {
      this.state.paint = {};
      this.changed(false);
    });
    page.board.addEventListener("click", (e) => {
      const cell = e.target instanceof Element ? e.target.closest("td[data-square]") : null;
      const sq = cell?.getAttribute("data-square");
      if (sq) {
        this.focusSquare = sq;
        this.press(sq);
      }
    });
    page.board.addEventListener("keydown", (e) => this.key(e));
    // Tab comes back to the board on the piece's square.
    page.board.addEventListener("focusout", (e) => {
      if (!(e.relatedTarget instanceof Node && page.board.contains(e.relatedTarget))) {
        this.focusSquare = this.state.at;
        this.renderFocus();
      }
    });
    page.inference.addEventListener("click", (e) => {
      const button = e.target instanceof Element ? e.target.closest("button[data-betza]") : null;
      const betza = button?.getAttribute("data-betza");
      if (betza) {
        this.state.betza = betza;
        this.state.mode = "move";
        this.changed(false);
        page.input.focus();
      }
    });
    // Back, forward, or a fragment typed into the address bar.
    const restore = () => {
      if (location.hash === encode(this.state)) return;
      this.endTyping();
      this.state = decode(location.hash);
      this.render();
    };
    window.addEventListener("popstate", restore);
    window.addEventListener("hashchange", restore);
  }

  /** Painted squares and other pieces off the board or under the piece go. */
  prune(): void {
    const s = this.state;
    const keep = (sq: string) => sq !== s.at && squareOf(sq, s.files, s.ranks) !== null;
    s.others = s.others.filter(keep);
    for (const sq of Object.keys(s.paint)) if (!keep(sq)) delete s.paint[sq];
  }

  /** A square pressed, by the mouse or the keyboard. */
  press(sq: string): void {
    const s = this.state;
    if (s.mode === "move") {
      if (sq === s.at) return;
      s.at = sq;
      this.prune();
    } else if (sq === s.at) {
      this.page.sentence.textContent = "That is the piece's own square: choose \"moves the piece there\" to move it.";
      return;
    } else if (s.mode === "place") {
      s.others = s.others.includes(sq) ? s.others.filter((o) => o !== sq) : [...s.others, sq].sort(bySquare);
    } else if (s.paint[sq] === s.brush) {
      delete s.paint[sq];
    } else {
      s.paint[sq] = s.brush;
    }
    this.changed(false);
  }

  key(e: KeyboardEvent): void {
    const cell = e.target instanceof Element ? e.target.closest("td[data-square]") : null;
    const sq = cell?.getAttribute("data-square");
    if (!sq) return;
    const s = this.state;
    const at = squareOf(sq, s.files, s.ranks);
    if (!at) return;
    let [file, rank] = at;
    switch (e.key) {
      case "Enter":
      case " ":
        e.preventDefault();
        this.press(sq);
        return;
      case "ArrowLeft": file--; break;
      case "ArrowRight": file++; break;
      case "ArrowUp": rank++; break;
      case "ArrowDown": rank--; break;
      case "Home": file = 0; break;
      case "End": file = s.files - 1; break;
      default: return;
    }
    e.preventDefault();
    file = Math.min(Math.max(file, 0), s.files - 1);
    rank = Math.min(Math.max(rank, 0), s.ranks - 1);
    this.focusSquare = squareName(file, rank);
    this.renderFocus();
    this.cells.get(this.focusSquare)?.focus();
  }

  /** The state changed: show it and put it in the address. */
  changed(typed: boolean): void {
    this.render();
    const hash = encode(this.state);
    if (hash === location.hash) return;
    if (typed && this.typing !== undefined) {
      history.replaceState(null, "", hash);
    } else {
      history.pushState(null, "", hash);
    }
    if (typed) {
      window.clearTimeout(this.typing);
      this.typing = window.setTimeout(() => (this.typing = undefined), TYPING_MS);
    } else {
      this.endTyping();
    }
  }

  endTyping(): void {
    window.clearTimeout(this.typing);
    this.typing = undefined;
  }

  boardName(): string {
    return `${this.state.files}x${this.state.ranks}`;
  }

  /** The diagram of `betza` from the state's square, side and pieces. */
  diagramOf(betza: string): Diagram {
    const s = this.state;
    return diagram(betza, { board: this.boardName(), at: s.at, colour: s.side, occupied: s.others });
  }

  render(): void {
    const s = this.state;
    this.syncControls();
    // The typed string's diagram, or the last good one's with the reason.
    let shown: Diagram | null = null;
    let problem = "";
    if (s.betza.trim()) {
      try {
        shown = this.diagramOf(s.betza);
        this.good = s.betza;
      } catch (e) {
        problem = errorText(e);
        if (this.good) {
          try {
            shown = this.diagramOf(this.good);
          } catch {
            this.good = "";
          }
        }
      }
    } else {
      this.good = "";
    }
    this.renderError(problem);
    this.renderDialect(problem ? "" : s.betza.trim());
    const painting = s.mode === "paint";
    const answer = painting ? this.inference() : null;
    this.renderBoard(painting ? null : shown, answer);
    if (painting) {
      this.renderInference();
    } else {
      this.page.inference.hidden = true;
      this.page.inference.replaceChildren();
      this.renderSentence(shown);
    }
    if (shown && !this.firstDiagram && Object.keys(shown.marks).length) {
      this.firstDiagram = true;
      performance.mark("lab-first-diagram");
    }
  }

  syncControls(): void {
    const { page, state: s } = this;
    if (page.input.value !== s.betza) page.input.value = s.betza;
    page.files.value = String(s.files);
    page.ranks.value = String(s.ranks);
    for (const r of radios("side")) r.checked = r.value === s.side;
    for (const r of radios("mode")) r.checked = r.value === s.mode;
    for (const r of radios("brush")) r.checked = r.value === s.brush;
    page.brushes.disabled = s.mode !== "paint";
    page.clearPieces.disabled = s.others.length === 0;
    page.clearPaint.disabled = Object.keys(s.paint).length === 0;
  }

  /** The reason next to the input, with the string's bad character marked. */
  renderError(problem: string): void {
    const { input, error } = this.page;
    // #betza-error is a live region: it stays in the page, empty when the
    // string is good, so that a reason put in it is read out.
    if (!problem) {
      error.replaceChildren();
      input.removeAttribute("aria-invalid");
      return;
    }
    const text = this.state.betza;
    // parse() says where (an index into the string, as JavaScript counts);
    // diagram()'s message is kept for anything else.
    let reason = problem;
    const parts: (string | Node)[] = [];
    const parsed = parse(text);
    if (!parsed.ok) {
      reason = parsed.error;
      const i = parsed.position;
      const code = document.createElement("code");
      const bad = document.createElement("mark");
      bad.textContent = text.slice(i, i + 1) || "\u2026";
      code.append(text.slice(0, i), bad, text.slice(i + 1));
      parts.push(code, ": ");
    }
    parts.push(reason.charAt(0).toUpperCase() + reason.slice(1) + ". The board still shows the last string that worked.");
    error.replaceChildren(...parts);
    input.setAttribute("aria-invalid", "true");
  }

  renderDialect(betza: string): void {
    let notes: DialectNote[] = [];
    if (betza) {
      try {
        notes = dialect(betza);
      } catch {
        notes = [];
      }
    }
    const code = (text: string) => {
      const c = document.createElement("code");
      c.textContent = text;
      return c;
    };
    this.page.dialect.replaceChildren(
      ...notes.map((n) => {
        const li = document.createElement("li");
        li.append(code(n.group), `: ${n.message} (${n.programs.join(", ")}). `, code(n.alike), " reads alike in all of them.");
        return li;
      }),
    );
  }

  /** The inference of the painted squares (asked again only when they change). */
  inference(): Inference | null {
    const s = this.state;
    if (!Object.keys(s.paint).length) {
      this.inferred = { key: "", answer: null, error: "" };
      return null;
    }
    const input: InferInput = { board: this.boardName(), at: s.at, colour: s.side, occupied: s.others, marks: s.paint };
    const key = JSON.stringify(input);
    if (key !== this.inferred.key) {
      try {
        this.inferred = { key, answer: infer(input), error: "" };
      } catch (e) {
        this.inferred = { key, answer: null, error: errorText(e) };
      }
    }
    return this.inferred.answer;
  }

  renderInference(): void {
    const { inference, sentence } = this.page;
    const { answer, error } = this.inferred;
    const parts: (string | Node)[] = [];
    let said: string;
    const use = (betza: string, label: string) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.betza = betza;
      b.textContent = label;
      return b;
    };
    if (error) {
      said = `The painted squares could not be read: ${error}`;
      parts.push(said);
    } else if (!answer) {
      said = "Paint the squares the piece should reach; the lab finds the shortest Betza string that draws them.";
      parts.push(said);
    } else if (answer.betza !== null) {
      const code = document.createElement("code");
      code.className = "betza";
      code.textContent = answer.betza;
      parts.push("Shortest Betza: ", code, " ", use(answer.betza, `Draw ${answer.betza}`));
      said = `The shortest Betza string for the painted squares is ${answer.betza}.`;
      if (answer.alternatives.length) {
        const list = document.createElement("ul");
        for (const alt of answer.alternatives) {
          const li = document.createElement("li");
          const code2 = document.createElement("code");
          code2.textContent = alt;
          li.append(code2, " ", use(alt, `Draw ${alt}`));
          list.append(li);
        }
        parts.push(document.createElement("br"), "As short: ", list);
        said += ` As short: ${answer.alternatives.join(", ")}.`;
      }
    } else {
      const where = answer.unreachable.join(", ");
      said = answer.unreachable.length
        ? `No Betza string reaches ${where} from ${this.state.at} as painted.`
        : "No Betza string draws exactly the painted squares.";
      parts.push(said);
    }
    inference.replaceChildren(...parts);
    inference.hidden = false;
    // The sentence says it for screen readers; #inference shows it, with
    // the buttons.
    sentence.textContent = said;
    sentence.classList.add("visually-hidden");
  }

  /** The live region under the board: what the board shows, in words. */
  renderSentence(shown: Diagram | null): void {
    const s = this.state;
    let text = "";
    if (shown && this.good) {
      try {
        text = sentence(this.good, this.good, this.boardName(), s.at, s.side, s.others);
      } catch (e) {
        text = errorText(e);
      }
    } else {
      text = `The piece stands on ${s.at}. Type its Betza string to see where it moves.`;
    }
    if (this.page.sentence.textContent !== text) this.page.sentence.textContent = text;
    this.page.sentence.classList.remove("visually-hidden");
  }

  /** The table's cells, made again when the board's size changed. */
  buildBoard(): void {
    const s = this.state;
    const size = this.boardName();
    if (size === this.builtFor) return;
    this.builtFor = size;
    this.cells.clear();
    const rows: HTMLTableRowElement[] = [];
    const coord = (text: string) => {
      const td = document.createElement("td");
      td.className = "coord";
      td.textContent = text;
      td.setAttribute("aria-hidden", "true");
      return td;
    };
    for (let rank = s.ranks - 1; rank >= 0; rank--) {
      const tr = document.createElement("tr");
      tr.append(coord(String(rank + 1)));
      for (let file = 0; file < s.files; file++) {
        const sq = squareName(file, rank);
        const td = document.createElement("td");
        td.className = "n";
        td.id = `lab-${sq}`;
        td.dataset.square = sq;
        td.setAttribute("role", "button");
        td.tabIndex = -1;
        this.cells.set(sq, td);
        tr.append(td);
      }
      rows.push(tr);
    }
    const letters = document.createElement("tr");
    letters.append(coord(""));
    for (let file = 0; file < s.files; file++) letters.append(coord(FILE_LETTERS.charAt(file)));
    rows.push(letters);
    this.page.board.replaceChildren(...rows);
  }

  renderFocus(): void {
    const s = this.state;
    if (!squareOf(this.focusSquare, s.files, s.ranks)) this.focusSquare = s.at;
    for (const [sq, td] of this.cells) td.tabIndex = sq === this.focusSquare ? 0 : -1;
  }

  renderBoard(shown: Diagram | null, answer: Inference | null): void {
    const s = this.state;
    const hadFocus = this.page.board.contains(document.activeElement);
    this.buildBoard();
    const others = new Set(s.others);
    const unreachable = new Set(answer?.unreachable ?? []);
    const sideName = s.side === "white" ? "White" : "Black";
    const otherImage = s.side === "white" ? "BlackPawn" : "WhitePawn";
    for (const [sq, td] of this.cells) {
      const mark: Mark | undefined = shown?.marks[sq];
      const painted = s.mode === "paint" ? s.paint[sq] : undefined;
      const markImage = painted ?? (mark ? MARK_IMAGE[mark] : undefined);
      const words: string[] = [sq];
      let content: HTMLImageElement | null = null;
      td.style.backgroundImage = "";
      if (sq === s.at) {
        content = image(`${sideName}Unicorn`);
        words.push(`the piece, ${sideName}`);
      } else if (others.has(sq)) {
        content = image(otherImage, "other");
        words.push("another piece");
        if (markImage) td.style.backgroundImage = `url("${SYM}${markImage}.png")`;
      } else if (markImage) {
        content = image(markImage);
      }
      td.classList.toggle("marked-other", others.has(sq) && !!markImage);
      if (painted) words.push(`painted ${painted}: ${BRUSH_WORDS[painted]}`);
      else if (mark) words.push(MARK_WORDS[mark]);
      if (unreachable.has(sq)) {
        words.push("no Betza string reaches it");
      }
      td.classList.toggle("unreachable", unreachable.has(sq));
      const label = words.join(", ");
      if (td.getAttribute("aria-label") !== label) td.setAttribute("aria-label", label);
      const now = td.firstElementChild;
      const same = content
        ? now instanceof HTMLImageElement && now.getAttribute("src") === content.getAttribute("src") && now.className === content.className
        : !now;
      if (!same) td.replaceChildren(...(content ? [content] : []));
    }
    this.renderFocus();
    if (hadFocus && !this.page.board.contains(document.activeElement)) this.cells.get(this.focusSquare)?.focus();
  }
}

async function start(): Promise<void> {
  performance.mark("lab-start");
  const root = document.documentElement;
  let page: Page;
  try {
    page = findPage();
  } catch (e) {
    console.warn(`lab: ${errorText(e)}`);
    root.dataset.glance = "failed";
    return;
  }
  try {
    // Inflated as it is compiled: a Response of type application/wasm
    // lets wasm-bindgen's init() use WebAssembly.instantiateStreaming.
    const wasm = new Blob([packedWasm]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    await init({ module_or_path: new Response(wasm, { headers: { "content-type": "application/wasm" } }) });
  } catch (e) {
    page.error.textContent = `The lab cannot start: ${errorText(e)}`;
    console.warn(`glance lab: the WebAssembly module did not start: ${errorText(e)}`);
    root.dataset.glance = "failed";
    return;
  }
  performance.mark("lab-wasm-ready");
  const lab = new Lab(page);
  lab.listen();
  lab.render();
  root.dataset.glance = "ready";
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => void start());
} else {
  void start();
}
