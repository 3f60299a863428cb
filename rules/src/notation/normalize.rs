//! Lenient notation brought to its canonical spelling, for matching what a user is typing
//! against canonical move names (autocompletion), before it is a whole move.

use super::name::{APOSTROPHES, SEPARATORS};

/// `a2 – d3’` → `A2-D3'`: spaces removed, letters upper case, every accepted apostrophe
/// written `'` and every accepted dash `-`. It works on partial input too (`c4’-` → `C4'-`).
///
/// # Examples
///
/// ```
/// assert_eq!(akron_rules::notation::normalize(" a2 – d3’ "), "A2-D3'");
/// assert_eq!(akron_rules::notation::normalize("c4`>"), "C4'-");
/// ```
#[must_use]
pub fn normalize(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| {
            if APOSTROPHES.contains(&c) {
                '\''
            } else if SEPARATORS.contains(&c) {
                '-'
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}
