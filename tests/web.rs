//! The DOM layer in a real browser, run by `wasm-pack test --headless
//! --chrome` (`make test`): boards the tests build, the module attached
//! to them through its exports, events dispatched on their cells.
//!
//! What a press must show is computed here by the engine itself
//! ([`Scene::new`] on the same board), so every entry of the three click
//! tables is checked cell by cell, and every mark kind is seen painted.
#![cfg(target_arch = "wasm32")]

use std::collections::BTreeSet;

use glance::board::clicks::{Script, Shows};
use glance::board::scene::{Content, Page, Scene};
use glance::web::{attach, attach_page, down_click, press, up_click, warm};
use glance::{Mark, Square, SquareSet};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{Document, Element, HtmlElement, KeyboardEvent, KeyboardEventInit, PointerEvent};

wasm_bindgen_test_configure!(run_in_browser);

const SHOW: &str = "data-glance-show";

fn document() -> Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a document")
}

/// A board of `files` × `ranks` cells of class `n` (ids `sq{x}x{y}`), with
/// a piece image on each of `pieces` (cell, image, inline code or a
/// `data-code`), a heading and `#piece`, in a fresh `#fixture` element.
/// Cell sq5x5 holds text instead of an image.
fn fixture(files: u8, ranks: u8, pieces: &[((u8, u8), &str, Code)]) -> Element {
    let doc = document();
    // A test that failed left its board behind: ids must stay unique.
    while let Some(old) = doc.get_element_by_id("fixture") {
        old.remove();
    }
    let root = doc.create_element("div").unwrap();
    root.set_id("fixture");
    let mut html = String::from("<h1>Test board</h1><table class=\"board\">");
    for y in (0..ranks).rev() {
        html.push_str("<tr>");
        for x in 0..files {
            let mut attrs = String::new();
            let mut content = String::new();
            if let Some((_, image, code)) = pieces.iter().find(|p| p.0 == (x, y)) {
                match code {
                    Code::Inline(a, b) => {
                        attrs =
                            format!(" onmousedown=\"down_click({a},{b})\" onmouseup=\"up_click()\"")
                    }
                    Code::Data(a, b) => attrs = format!(" data-code=\"{a},{b}\""),
                    Code::None => {}
                }
                content = format!("<img src=\"sym/{image}.png\">");
            } else if (x, y) == (5, 5) {
                content = String::from("text");
            }
            html.push_str(&format!(
                "<td class=\"n\" id=\"sq{x}x{y}\"{attrs}>{content}</td>"
            ));
        }
        html.push_str("</tr>");
    }
    html.push_str("</table><p id=\"piece\">:<br>:<br>:<br>:</p>");
    root.set_inner_html(&html);
    doc.body().unwrap().append_child(&root).unwrap();
    root
}

#[derive(Copy, Clone)]
enum Code {
    /// An inline `onmousedown="down_click(x,y)"` handler.
    Inline(i8, i8),
    /// A `data-code="x,y"` attribute.
    Data(i8, i8),
    None,
}

fn cell(x: u8, y: u8) -> Element {
    document()
        .get_element_by_id(&format!("sq{x}x{y}"))
        .unwrap_or_else(|| panic!("no cell sq{x}x{y}"))
}

fn num(v: i32) -> JsValue {
    JsValue::from(v)
}

/// The `data-glance-show` value of every painted cell of `root`.
fn painted(root: &Element) -> Vec<(String, String)> {
    let list = root.query_selector_all(&format!("[{SHOW}]")).unwrap();
    (0..list.length())
        .map(|i| {
            let el = list.item(i).unwrap().dyn_into::<Element>().unwrap();
            (el.id(), el.get_attribute(SHOW).unwrap())
        })
        .collect()
}

/// What `#piece` shows: the lines the eye reads, and the sentence.
fn piece_text() -> (Vec<String>, String) {
    let piece = document().get_element_by_id("piece").unwrap();
    let spans = piece.query_selector_all("span[aria-hidden]").unwrap();
    let lines = (0..spans.length())
        .map(|i| spans.item(i).unwrap().text_content().unwrap())
        .collect();
    let sentence = piece
        .query_selector("[data-glance-sr]")
        .unwrap()
        .map(|s| s.text_content().unwrap())
        .unwrap_or_default();
    (lines, sentence)
}

fn pointer(kind: &str, pointer_type: &str) -> PointerEvent {
    let init = web_sys::PointerEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    init.set_pointer_type(pointer_type);
    PointerEvent::new_with_event_init_dict(kind, &init).unwrap()
}

fn key(name: &str) -> KeyboardEvent {
    let init = KeyboardEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    init.set_key(name);
    KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap()
}

/// Every piece and demo of the three tables, pressed on a 16×16 board that
/// has a piece on each square a table names: each cell shows exactly what
/// the engine's scene says (its mark, a piece image, or emptied), `#piece`
/// shows the name, the remarks and the sentence, and a release puts the
/// board back exactly. All six mark kinds are painted along the way.
#[wasm_bindgen_test]
fn every_table_entry_paints_its_scene_and_restores_exactly() {
    let mut kinds = BTreeSet::new();
    let mut pressed = 0;
    for script in Script::ALL {
        let entries = script.entries();
        let mut pieces: Vec<((u8, u8), &str, Code)> = Vec::new();
        for e in entries {
            if let Shows::Piece { on, .. } = e.shows {
                if !pieces.iter().any(|p| p.0 == on) {
                    pieces.push((on, "WhitePawn", Code::Inline(e.code.0, e.code.1)));
                }
            }
        }
        let root = fixture(16, 16, &pieces);
        let mut page = Page {
            board: SquareSet::rectangle(16, 16).unwrap(),
            ..Page::default()
        };
        for p in &pieces {
            page.occupied.insert(Square::new(p.0.0, p.0.1).unwrap());
        }
        assert!(attach(&root, script.file_name()), "{script:?}");
        let at_rest = root.inner_html();
        let piece_at_rest = document().get_element_by_id("piece").unwrap().inner_html();
        for e in entries {
            let scene = Scene::new(e, &page).expect("every table entry has a scene");
            assert!(
                down_click(&num(e.code.0.into()), &num(e.code.1.into())),
                "{script:?} {:?}",
                e.code
            );
            let mut want: Vec<(String, String)> = scene
                .cells
                .iter()
                .map(|&(sq, content)| {
                    if let Content::Mark(m) = content {
                        kinds.insert(m.name());
                    }
                    (
                        format!("sq{}x{}", sq.file(), sq.rank()),
                        content.image().unwrap_or_default().to_string(),
                    )
                })
                .collect();
            let mut got = painted(&root);
            want.sort();
            got.sort();
            assert_eq!(got, want, "{script:?} {} {:?}", e.name, e.code);
            let (lines, sentence) = piece_text();
            let mut want_lines = vec![e.name.to_string()];
            want_lines.extend(e.notes.iter().map(|n| n.to_string()));
            assert_eq!(lines, want_lines, "{}", e.name);
            assert_eq!(sentence, scene.sentence(&page), "{}", e.name);
            up_click();
            assert_eq!(root.inner_html(), at_rest, "{script:?} {} restored", e.name);
            assert_eq!(
                document().get_element_by_id("piece").unwrap().inner_html(),
                piece_at_rest
            );
            pressed += 1;
        }
    }
    let entries: usize = Script::ALL.iter().map(|s| s.entries().len()).sum();
    assert_eq!(pressed, entries);
    assert!(entries > 100, "only {entries} table entries");
    let all: BTreeSet<_> = Mark::ALL.iter().map(|m| m.name()).collect();
    assert_eq!(kinds, all, "every mark kind painted");
}

/// A painted cell shows its mark as a background image from the page's
/// image folder, and the piece it holds is hidden (not removed).
#[wasm_bindgen_test]
fn painted_cells_show_the_mark_image_and_hide_the_piece() {
    // Spartan's Lieutenant on sq3x6 (code 3,6), a Hoplite in its way.
    let root = fixture(
        10,
        10,
        &[
            ((3, 6), "BlackElephant", Code::Inline(3, 6)),
            ((2, 5), "WhitePawn", Code::None),
        ],
    );
    assert!(attach(&root, "spartan"));
    assert!(down_click(&num(3), &num(6)));
    let window = web_sys::window().unwrap();
    let style = |el: &Element, prop: &str| {
        window
            .get_computed_style(el)
            .unwrap()
            .unwrap()
            .get_property_value(prop)
            .unwrap()
    };
    let marked = cell(2, 5);
    assert_eq!(marked.get_attribute(SHOW).as_deref(), Some("yellow"));
    let bg = style(&marked, "background-image");
    assert!(bg.ends_with("/sym/yellow.png\")"), "{bg}");
    let img = marked.query_selector("img").unwrap().unwrap();
    assert_eq!(style(&img, "visibility"), "hidden");
    assert_eq!(cell(1, 8).get_attribute(SHOW).as_deref(), Some("orange"));
    assert_eq!(cell(2, 6).get_attribute(SHOW).as_deref(), Some("green"));
    // The pressed cell says so; the board is named by the heading.
    assert_eq!(
        cell(3, 6).get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    let table = root.query_selector("table").unwrap().unwrap();
    assert_eq!(
        table.get_attribute("aria-label").as_deref(),
        Some("Test board: moves at a glance")
    );
    up_click();
    assert_eq!(style(&cell(2, 5), "background-image"), "none");
    assert_eq!(
        cell(3, 6).get_attribute("aria-pressed").as_deref(),
        Some("false")
    );
}

/// `#piece` keeps its number of lines while a piece with fewer is shown, and
/// its sentence is hidden from the eye but not from screen readers.
#[wasm_bindgen_test]
fn piece_paragraph_keeps_its_lines() {
    let root = fixture(10, 10, &[((4, 3), "WhiteKnight", Code::Inline(4, 3))]);
    assert!(attach(&root, "spartan"));
    let piece = document().get_element_by_id("piece").unwrap();
    assert!(down_click(&num(4), &num(3)));
    let (lines, sentence) = piece_text();
    assert_eq!(lines, ["Knight"]);
    assert_eq!(sentence, "Knight. Leaps to c3, c5, d2, d6, f2, f6, g3, g5.");
    assert_eq!(piece.query_selector_all("br").unwrap().length(), 4);
    assert_eq!(piece.get_attribute("aria-live").as_deref(), Some("polite"));
    up_click();
    assert_eq!(piece.inner_html(), ":<br>:<br>:<br>:");
}

/// `down_click` refuses what is not a code of the table, whatever it is,
/// and changes nothing; `up_click` with nothing held changes nothing.
#[wasm_bindgen_test]
fn bad_arguments_change_nothing() {
    let root = fixture(10, 10, &[((4, 3), "WhiteKnight", Code::Inline(4, 3))]);
    assert!(attach(&root, "spartan"));
    warm();
    let at_rest = root.inner_html();
    let bad: Vec<(JsValue, JsValue)> = vec![
        (JsValue::UNDEFINED, JsValue::UNDEFINED),
        (JsValue::NULL, num(3)),
        (JsValue::from_str("4"), num(3)),
        (JsValue::from_f64(f64::NAN), num(3)),
        (JsValue::from_f64(4.5), num(3)),
        (JsValue::from_f64(4.0 + 2f64.powi(32)), num(3)),
        (num(200), num(3)),
        (num(0), num(0)),
        (js_sys::Symbol::for_("x").into(), num(3)),
        (js_sys::BigInt::from(4).into(), num(3)),
        (js_sys::Object::new().into(), num(3)),
    ];
    for (x, y) in &bad {
        assert!(!down_click(x, y), "{x:?}, {y:?}");
        assert_eq!(root.inner_html(), at_rest, "{x:?}, {y:?}");
    }
    up_click();
    assert_eq!(root.inner_html(), at_rest);
    assert!(!attach(&root, "nonesuch.js"), "an unknown script");
    // The board attached before still serves.
    assert!(down_click(&num(4), &num(3)));
    up_click();
    assert_eq!(root.inner_html(), at_rest);
}

/// Touch taps toggle, a tap elsewhere clears, the keyboard shows and
/// moves, a mouse press on a `data-code` cell is served by the module, and
/// a release anywhere (pointerup on the window, blur) puts the board back.
#[wasm_bindgen_test]
fn pointer_and_keyboard_events() {
    let root = fixture(
        10,
        10,
        &[
            ((4, 3), "WhiteKnight", Code::Inline(4, 3)),
            ((6, 3), "WhiteBishop", Code::Data(6, 3)),
        ],
    );
    assert!(attach(&root, "spartan"));
    let at_rest = root.inner_html();
    let knight = cell(4, 3);
    let bishop = cell(6, 3);
    let window = web_sys::window().unwrap();

    // A tap shows until the next tap; its pointerdown is cancelled.
    let tap = pointer("pointerdown", "touch");
    knight.dispatch_event(&tap).unwrap();
    assert!(tap.default_prevented());
    assert!(!painted(&root).is_empty());
    window
        .dispatch_event(&pointer("pointerup", "touch"))
        .unwrap();
    assert!(
        !painted(&root).is_empty(),
        "a tap stays after the finger lifts"
    );
    // A tap on another piece switches, on the same piece clears.
    bishop
        .dispatch_event(&pointer("pointerdown", "touch"))
        .unwrap();
    assert_eq!(
        bishop.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    assert_eq!(
        knight.get_attribute("aria-pressed").as_deref(),
        Some("false")
    );
    bishop
        .dispatch_event(&pointer("pointerdown", "touch"))
        .unwrap();
    assert_eq!(root.inner_html(), at_rest);
    // A tap outside the board clears.
    knight
        .dispatch_event(&pointer("pointerdown", "touch"))
        .unwrap();
    document()
        .body()
        .unwrap()
        .dispatch_event(&pointer("pointerdown", "touch"))
        .unwrap();
    assert_eq!(root.inner_html(), at_rest);

    // The mouse on a data-code cell (no inline handler): shown while held.
    bishop
        .dispatch_event(&pointer("pointerdown", "mouse"))
        .unwrap();
    assert!(!painted(&root).is_empty());
    window
        .dispatch_event(&pointer("pointerup", "mouse"))
        .unwrap();
    assert_eq!(root.inner_html(), at_rest);
    // The mouse on an inline cell is the handler's to serve.
    knight
        .dispatch_event(&pointer("pointerdown", "mouse"))
        .unwrap();
    assert_eq!(root.inner_html(), at_rest);
    // A press through the handler, then the window loses focus.
    assert!(down_click(&num(4), &num(3)));
    window
        .dispatch_event(&web_sys::Event::new("blur").unwrap())
        .unwrap();
    assert_eq!(root.inner_html(), at_rest);

    // Keyboard: Enter toggles, Escape clears, arrows move focus.
    knight.unchecked_ref::<HtmlElement>().focus().unwrap();
    let enter = key("Enter");
    knight.dispatch_event(&enter).unwrap();
    assert!(enter.default_prevented());
    assert_eq!(
        knight.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    knight.dispatch_event(&key("Escape")).unwrap();
    assert_eq!(root.inner_html(), at_rest);
    knight.dispatch_event(&key("ArrowRight")).unwrap();
    let focused = document().active_element().map(|e| e.id());
    assert_eq!(focused.as_deref(), Some("sq6x3"));
    bishop.dispatch_event(&key(" ")).unwrap();
    assert!(!painted(&root).is_empty());
    bishop.dispatch_event(&key(" ")).unwrap();
    assert_eq!(root.inner_html(), at_rest);
}

/// A second attach, on a board that replaced the first: the first is put
/// back at rest and no longer served, its style rules are gone, and the
/// new one is served.
#[wasm_bindgen_test]
fn a_second_attach_lets_the_first_board_go() {
    let first = fixture(10, 10, &[((4, 3), "WhiteKnight", Code::Data(4, 3))]);
    assert!(attach(&first, "spartan"));
    let first_at_rest = first.inner_html();
    let sheets_before = document().adopted_style_sheets().length();
    assert!(down_click(&num(4), &num(3)));
    // Keep the old board's cell, then build the new board in its place.
    let old_knight = cell(4, 3);
    first.remove();
    let second = fixture(10, 10, &[((6, 3), "WhiteBishop", Code::Data(6, 3))]);
    assert!(attach(&second, "spartan"));
    assert_eq!(
        first.inner_html(),
        first_at_rest,
        "the old board put back at rest"
    );
    let adopted = document().adopted_style_sheets();
    assert_eq!(adopted.length(), sheets_before + 1);
    let rules = |i: u32| {
        adopted
            .get(i)
            .unchecked_into::<web_sys::CssStyleSheet>()
            .css_rules()
            .unwrap()
            .length()
    };
    assert_eq!(rules(adopted.length() - 2), 0, "the old sheet is emptied");
    assert!(
        rules(adopted.length() - 1) > 6,
        "the new sheet has its rules"
    );
    // The old board's cell no longer reacts; the new board does.
    old_knight
        .dispatch_event(&pointer("pointerdown", "touch"))
        .unwrap();
    assert_eq!(first.inner_html(), first_at_rest);
    cell(6, 3)
        .dispatch_event(&pointer("pointerdown", "touch"))
        .unwrap();
    assert!(!painted(&second).is_empty());
    cell(6, 3)
        .dispatch_event(&pointer("pointerdown", "touch"))
        .unwrap();
    assert!(painted(&second).is_empty());
}

/// A board whose pieces the page declares (`data-piece` on the cells and on
/// the piece table's rows), in a fresh `#fixture`: a white Cannon on c6
/// with a white Elephant on e6 and a black Rook on h6, a white Queen on c3.
fn declared_fixture(table: &str) -> Element {
    let pieces = [
        ((2, 5), "WhiteCanon", "C", ""),
        ((4, 5), "WhiteElephant", "E", ""),
        ((7, 5), "BlackRook", "R", " data-side=\"black\""),
        ((2, 2), "WhiteQueen", "Q", ""),
    ];
    let root = fixture(10, 10, &[]);
    // On a page that declares its pieces, a text in a board cell is a
    // piece's letter (a screen, and `undeclared`): this board's text cell
    // stands on the Cannon's rank, so it is emptied here.
    cell(5, 5).set_inner_html("");
    for ((x, y), image, key, side) in pieces {
        let td = cell(x, y);
        td.set_inner_html(&format!("<img src=\"sym/{image}.png\">"));
        td.set_attribute("data-piece", key).unwrap();
        if !side.is_empty() {
            td.set_attribute("data-side", "black").unwrap();
        }
    }
    let rows = document().create_element("div").unwrap();
    rows.set_inner_html(table);
    root.append_child(&rows).unwrap();
    root
}

const TABLE: &str = "<table><tr><td>Piece</td><td>ID</td><td>value</td><td>Moves</td><td>Remarks</td></tr>\
    <tr data-piece=\"C\"><td>Cannon</td><td>C</td><td>4</td><td>mRcpR</td><td>Hops to capture</td></tr>\
    <tr data-piece=\"E\"><td>Elephant</td><td>E</td><td>3</td><td>FA</td><td></td></tr>\
    <tr data-piece=\"R\"><td>Rook</td><td>R</td><td>5</td><td>R</td><td></td></tr>\
    <tr data-piece=\"Q\"><td>Queen</td><td>Q</td><td>9</td><td>RB or Q</td><td></td></tr></table>";

/// `attach_page` reads the declarations; `press` (the generic drop-in's
/// early press) shows a piece from any element inside its cell, and the
/// Cannon's capture over its screen; a mistake disables only what it
/// touches, and a page where nothing works changes nothing.
#[wasm_bindgen_test]
fn declared_pieces_and_the_early_press() {
    let root = declared_fixture(TABLE);
    assert!(attach_page(&root));
    // Named by the row's name and the side, not by the image.
    let label = |x, y| cell(x, y).get_attribute("aria-label").unwrap_or_default();
    assert_eq!(label(2, 5), "Cannon, White");
    assert_eq!(label(7, 5), "Rook, Black");
    let at_rest = root.inner_html();
    let image = cell(2, 5).first_element_child().unwrap();
    assert!(press(&image), "a press on the Cannon's image");
    let marks = painted(&root);
    let mark = |id: &str| marks.iter().find(|(c, _)| c == id).map(|(_, m)| m.as_str());
    assert_eq!(
        mark("sq7x5"),
        Some("red"),
        "captures the Rook over the Elephant"
    );
    assert_eq!(mark("sq3x5"), Some("green"));
    assert_eq!(mark("sq4x5"), None, "the screen is not a destination");
    let (lines, sentence) = piece_text();
    assert_eq!(lines, ["Cannon", "Hops to capture"]);
    assert!(sentence.starts_with("Cannon. "), "{sentence}");
    // Released anywhere: back at rest, exactly.
    web_sys::window()
        .unwrap()
        .dispatch_event(&pointer("pointerup", "mouse"))
        .unwrap();
    assert_eq!(root.inner_html(), at_rest);
    // The Queen is drawn on the empty board (through c6 to c10).
    assert!(press(&cell(2, 2)));
    assert_eq!(
        painted(&root)
            .iter()
            .find(|(c, _)| c == "sq2x9")
            .map(|(_, m)| m.as_str()),
        Some("yellow")
    );
    up_click();
    // An element in no declared cell: nothing shown.
    assert!(!press(&cell(0, 0)));
    assert!(!press(&document().get_element_by_id("piece").unwrap()));
    assert_eq!(root.inner_html(), at_rest);

    // A mistake is local: the piece it touches does nothing, the others
    // work (the console says what was skipped, in lint's words).
    for (bad, dead) in [
        (TABLE.replace("<td>mRcpR</td>", "<td>mRcXR</td>"), (2, 5)),
        (
            TABLE.replace("data-piece=\"E\"", "data-piece=\"C\""),
            (4, 5),
        ),
        (
            TABLE.replace("data-piece=\"Q\"", "data-piece=\"Queen\""),
            (2, 2),
        ),
    ] {
        let root = declared_fixture(&bad);
        assert!(attach_page(&root), "{bad}");
        let before = root.inner_html();
        assert!(!press(&cell(dead.0, dead.1)), "{bad}");
        assert_eq!(root.inner_html(), before, "{bad}");
        assert!(press(&cell(7, 5)), "the Rook still works: {bad}");
        up_click();
        assert_eq!(root.inner_html(), before);
    }
    // No piece works: false, and the page as it was.
    let root = declared_fixture(&TABLE.replace("data-piece=", "data-key="));
    let before = root.inner_html();
    assert!(!attach_page(&root));
    assert_eq!(root.inner_html(), before);
}
