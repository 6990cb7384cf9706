//! `glance lint`'s check of the `data-rule` attributes a rules page's
//! sentences carry (docs/variant-pages.md): each is claims `key=value`
//! separated by `;`, each key one Fairy-Stockfish's parser reads or a
//! documented `fsf:` name ([`crate::variant::claims::is_claim_key`]), each
//! value non-empty. What a claim says is checked by play, in the rules
//! suite (`tests/fairy/rules_by_play.py`); here, that it can be read.
//!
//! ```
//! use glance::tools::rule_claims::problems;
//! assert!(problems("nFoldRule=4; nFoldValue=draw").is_empty());
//! assert_eq!(problems("nFoldRule=4; colour=red"), ["'colour' is no key Fairy-Stockfish reads and no documented fsf: name"]);
//! assert_eq!(problems("nFoldRule"), ["'nFoldRule' is no key=value claim"]);
//! ```

use scraper::ElementRef;

use crate::page::finding::{Finding, Kind, Place};
use crate::tools::variant_page::limits::{QUOTE_CHARS, clip};

/// What is wrong with one `data-rule` value, a message per claim.
pub fn problems(rule: &str) -> Vec<String> {
    let mut out = Vec::new();
    if rule.trim().is_empty() {
        out.push("the attribute claims nothing".to_string());
        return out;
    }
    for claim in rule.split(';').map(str::trim) {
        let quoted = clip(claim, QUOTE_CHARS);
        let Some((key, value)) = claim.split_once('=') else {
            out.push(format!("'{quoted}' is no key=value claim"));
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        if !crate::variant::claims::is_claim_key(key) {
            let key = clip(key, QUOTE_CHARS);
            out.push(format!(
                "'{key}' is no key Fairy-Stockfish reads and no documented fsf: name"
            ));
        } else if value.is_empty() {
            out.push(format!("'{quoted}' gives no value"));
        }
    }
    out
}

/// The value `rule` claims for `key` (`promotedPieceType=b:h r:d` gives
/// `b:h r:d` for `promotedPieceType`), trimmed, if it claims one: what
/// another check of lint reads of a page's rules.
///
/// ```
/// use glance::tools::rule_claims::claimed;
/// assert_eq!(claimed("pieceDrops=true; promotedPieceType= p:g r:d ", "promotedPieceType"), Some("p:g r:d"));
/// assert_eq!(claimed("pieceDrops=true", "promotedPieceType"), None);
/// ```
pub fn claimed<'a>(rule: &'a str, key: &str) -> Option<&'a str> {
    rule.split(';')
        .filter_map(|claim| claim.split_once('='))
        .find(|(k, _)| k.trim() == key)
        .map(|(_, value)| value.trim())
}

/// The findings of every element with a `data-rule` (the page as their
/// place: an element has no id to name it by).
pub fn check(elements: &[ElementRef]) -> Vec<Finding> {
    let mut out = Vec::new();
    for e in elements {
        let Some(rule) = e.value().attr("data-rule") else {
            continue;
        };
        for p in problems(rule) {
            out.push(Finding::new(
                Kind::BadRule,
                Place::Page,
                format!("<{}> data-rule: {p}", e.value().name()),
            ));
        }
    }
    out
}
