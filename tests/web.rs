//! The DOM layer in a real browser (`wasm-pack test --headless --chrome`):
//! painting a scene, restoring the page exactly, and the exported
//! functions behind `down_click` / `up_click`.
#![cfg(target_arch = "wasm32")]

use glance::web::{press, release, start};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{Document, Element};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> Document {
    web_sys::window().unwrap().document().unwrap()
}

/// An 8×10 board like the pages' (files 1 to 8 of a 10-wide table), with
/// the Spartan Lieutenant on sq3x6 and a Hoplite on sq2x8, and `#piece`.
fn fixture() -> Element {
    let doc = document();
    // A test that failed left its board behind: ids must stay unique.
    if let Some(old) = doc.get_element_by_id("fixture") {
        old.remove();
    }
    let root = doc.create_element("div").unwrap();
    root.set_id("fixture");
    let mut html = String::from("<h1>Test</h1><table class=\"board\">");
    for y in (0..10).rev() {
        html.push_str("<tr>");
        for x in 0..10 {
            let class = if (1..=8).contains(&x) { "n" } else { "h" };
            let (handler, content) = match (x, y) {
                (3, 6) => (
                    " onmousedown=\"down_click(3,6)\"",
                    "<img src=\"sym/BlackElephant.png\">",
                ),
                (2, 8) => (
                    " onmousedown=\"down_click(2,-8)\"",
                    "<img src=\"sym/BlackLance.png\">",
                ),
                (5, 5) => ("", "text"),
                _ => ("", ""),
            };
            html.push_str(&format!(
                "<td class=\"{class}\" id=\"sq{x}x{y}\"{handler}>{content}</td>"
            ));
        }
        html.push_str("</tr>");
    }
    html.push_str("</table><p id=\"piece\">:<br>:<br>:<br>:</p>");
    root.set_inner_html(&html);
    doc.body().unwrap().append_child(&root).unwrap();
    root
}

fn cell(id: &str) -> Element {
    document().get_element_by_id(id).unwrap()
}

/// The computed style of element `el`.
fn computed(el: &Element) -> web_sys::CssStyleDeclaration {
    web_sys::window()
        .unwrap()
        .get_computed_style(el)
        .unwrap()
        .unwrap()
}

/// What cell `id` shows: its background image, as a path from the
/// document's folder, then the sources of its visible images.
fn images(id: &str) -> Vec<String> {
    let el = cell(id);
    let mut out = Vec::new();
    let bg = computed(&el)
        .get_property_value("background-image")
        .unwrap();
    if bg != "none" {
        let base = document().base_uri().unwrap().unwrap();
        let dir = &base[..=base.rfind('/').unwrap()];
        let url = bg
            .strip_prefix("url(\"")
            .unwrap()
            .strip_suffix("\")")
            .unwrap();
        out.push(url.strip_prefix(dir).unwrap_or(url).to_string());
    }
    let list = el.query_selector_all("img").unwrap();
    for i in 0..list.length() {
        let img = list.item(i).unwrap().dyn_into::<Element>().unwrap();
        if computed(&img).get_property_value("visibility").unwrap() != "hidden" {
            out.push(img.get_attribute("src").unwrap());
        }
    }
    out
}

#[wasm_bindgen_test]
fn paints_and_restores_exactly() {
    let root = fixture();
    assert!(start(document(), "spartan.js"));
    let at_rest = root.inner_html();
    assert!(press(JsValue::from(3), JsValue::from(6)));
    // The Lieutenant (black, on sq3x6): leaps, steps and sideways moves.
    assert_eq!(images("sq1x8"), ["sym/orange.png"]);
    assert_eq!(images("sq2x5"), ["sym/yellow.png"]);
    assert_eq!(images("sq2x6"), ["sym/green.png"]);
    assert_eq!(
        images("sq3x6"),
        ["sym/BlackElephant.png"],
        "its own cell is untouched"
    );
    assert_eq!(
        images("sq0x4"),
        Vec::<String>::new(),
        "no mark beside the board"
    );
    let piece = cell("piece").text_content().unwrap();
    assert!(
        piece.starts_with("LieutenantJumps directly to orange squares"),
        "{piece}"
    );
    assert!(piece.contains("Leaps to a5, a9, e5, e9."), "{piece}");
    // The sentence is for screen readers only: the module's sheet hides it.
    let sentence = document()
        .query_selector("#piece [data-glance-sr]")
        .unwrap()
        .unwrap();
    let look = computed(&sentence);
    assert_eq!(look.get_property_value("position").unwrap(), "absolute");
    assert_eq!(
        look.get_property_value("clip").unwrap(),
        "rect(0px, 0px, 0px, 0px)"
    );
    assert_eq!(
        cell("sq3x6").get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    release();
    assert_eq!(root.inner_html(), at_rest);
    root.remove();
}

#[wasm_bindgen_test]
fn a_cell_with_text_hides_it_while_painted() {
    let root = fixture();
    assert!(start(document(), "spartan"));
    let at_rest = root.inner_html();
    // The Queen's code (5,3) names a square with no piece in this fixture;
    // its file's ray still crosses sq5x5, which holds text.
    assert!(press(JsValue::from(5), JsValue::from(3)));
    assert_eq!(images("sq5x5"), ["sym/yellow.png"]);
    // The text stays where it is, unseen: no layout changes.
    assert_eq!(cell("sq5x5").text_content().unwrap(), "text");
    assert_eq!(
        computed(&cell("sq5x5"))
            .get_property_value("color")
            .unwrap(),
        "rgba(0, 0, 0, 0)"
    );
    release();
    assert_ne!(
        computed(&cell("sq5x5"))
            .get_property_value("color")
            .unwrap(),
        "rgba(0, 0, 0, 0)"
    );
    assert_eq!(root.inner_html(), at_rest);
    root.remove();
}

#[wasm_bindgen_test]
fn bad_input_changes_nothing() {
    let root = fixture();
    assert!(start(document(), "spartan"));
    let at_rest = root.inner_html();
    for (x, y) in [
        (JsValue::UNDEFINED, JsValue::UNDEFINED),
        (JsValue::from(f64::NAN), JsValue::from(1)),
        (JsValue::from("3"), JsValue::from("6")),
        (JsValue::from(1e9), JsValue::from(6)),
        (JsValue::from(-1e9), JsValue::from(-6)),
        (JsValue::from(3.5), JsValue::from(6)),
        (JsValue::from(0), JsValue::from(0)),
    ] {
        assert!(!press(x, y));
        assert_eq!(root.inner_html(), at_rest);
    }
    release();
    release();
    assert_eq!(root.inner_html(), at_rest);
    assert!(
        !start(document(), "other.js"),
        "an unknown script is refused"
    );
    root.remove();
}

#[wasm_bindgen_test]
fn a_second_press_replaces_the_first() {
    let root = fixture();
    assert!(start(document(), "spartan"));
    let at_rest = root.inner_html();
    assert!(press(JsValue::from(3), JsValue::from(6)));
    assert!(press(JsValue::from(2), JsValue::from(-8)));
    assert_eq!(
        images("sq1x8"),
        Vec::<String>::new(),
        "the Lieutenant's marks are gone"
    );
    assert_eq!(images("sq2x7"), ["sym/red.png"]);
    release();
    assert_eq!(root.inner_html(), at_rest);
    root.remove();
}

#[wasm_bindgen_test]
fn a_cell_keeps_its_own_style() {
    let root = fixture();
    cell("sq2x5")
        .set_attribute("style", "color: red; background: blue")
        .unwrap();
    assert!(start(document(), "spartan"));
    let at_rest = root.inner_html();
    assert!(press(JsValue::from(3), JsValue::from(6)));
    // The page's own background shorthand does not hide the mark.
    assert_eq!(images("sq2x5"), ["sym/yellow.png"]);
    assert_eq!(
        computed(&cell("sq2x5"))
            .get_property_value("background-color")
            .unwrap(),
        "rgb(0, 0, 255)"
    );
    assert_eq!(
        cell("sq2x5").get_attribute("style").as_deref(),
        Some("color: red; background: blue")
    );
    release();
    assert_eq!(root.inner_html(), at_rest);
    assert_eq!(images("sq2x5"), Vec::<String>::new());
    assert_eq!(
        computed(&cell("sq2x5"))
            .get_property_value("color")
            .unwrap(),
        "rgb(255, 0, 0)"
    );
    root.remove();
}

#[wasm_bindgen_test]
fn a_new_start_leaves_one_sheet_with_rules() {
    let with_rules = || {
        let adopted = document().adopted_style_sheets();
        (0..adopted.length())
            .filter(|&i| {
                let sheet: web_sys::CssStyleSheet = adopted.get(i).dyn_into().unwrap();
                sheet.css_rules().unwrap().length() > 0
            })
            .count()
    };
    let root = fixture();
    assert!(start(document(), "spartan"));
    assert!(press(JsValue::from(3), JsValue::from(6)));
    release();
    assert_eq!(with_rules(), 1);
    assert!(start(document(), "spartan"));
    assert!(press(JsValue::from(3), JsValue::from(6)));
    release();
    assert_eq!(with_rules(), 1, "the old board's sheet is emptied");
    root.remove();
}

#[wasm_bindgen_test]
fn an_odd_image_folder_is_quoted() {
    let root = fixture();
    // The pieces' folder, which the marks are taken from, has a quote in it.
    cell("sq3x6")
        .first_element_child()
        .unwrap()
        .set_attribute("src", "my \"sym\"/BlackElephant.png")
        .unwrap();
    assert!(start(document(), "spartan"));
    let at_rest = root.inner_html();
    assert!(press(JsValue::from(3), JsValue::from(6)));
    let shown = images("sq2x5");
    assert_eq!(shown, ["my%20%22sym%22/yellow.png"]);
    release();
    assert_eq!(root.inner_html(), at_rest);
    root.remove();
}

#[wasm_bindgen_test]
fn a_mark_covers_a_piece_and_uncovers_it() {
    let root = fixture();
    cell("sq2x7").set_inner_html("<img src=\"sym/WhitePawn.png\">");
    assert!(start(document(), "spartan"));
    let at_rest = root.inner_html();
    assert_eq!(images("sq2x7"), ["sym/WhitePawn.png"]);
    assert!(press(JsValue::from(2), JsValue::from(-8)));
    assert_eq!(images("sq2x7"), ["sym/red.png"], "the pawn is hidden");
    release();
    assert_eq!(images("sq2x7"), ["sym/WhitePawn.png"]);
    assert_eq!(root.inner_html(), at_rest);
    root.remove();
}
