//! Text that fits: names cleaned of what the font cannot draw, and lines cut to their room
//! with an ellipsis. Everything here is linear in the length of the text, and callers cap what
//! they pass, so no input makes layout slow.

use crate::canvas::Canvas;
use crate::RenderError;

/// The most characters of a name that are drawn; a longer name ends with `…`.
pub(crate) const MAX_NAME_CHARS: usize = 24;
/// The most characters any single line is measured over; the rest could never fit.
pub(crate) const MAX_LINE_CHARS: usize = 200;

/// What [`drawable`] made of a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Drawable {
    /// The text to draw.
    pub text: String,
    /// Whether it holds a letter or a digit.
    pub meaningful: bool,
    /// Whether characters the font cannot draw were taken out.
    pub dropped: bool,
}

/// `text` with control characters as spaces and every run of characters the font cannot
/// draw (CJK, emoji, …) taken out, spaces collapsed, at most `max_chars` characters kept (then
/// `…`). When nothing meaningful is left, the caller draws something else (a colour's name, a
/// placeholder): never boxes.
pub(crate) fn drawable(text: &str, max_chars: usize) -> Result<Drawable, RenderError> {
    let mut out = String::new();
    let mut kept = 0usize;
    let mut space = false;
    let mut meaningful = false;
    let mut cut = false;
    let mut dropped = false;
    for c in text.chars() {
        if is_direction_control(c) {
            // A name takes its direction from its own letters: an override (U+202E) or a mark
            // in it could otherwise turn the words drawn after it around.
            continue;
        }
        let c = if c.is_control() { ' ' } else { c };
        let missing = !c.is_whitespace() && !Canvas::has_glyph(c)?;
        dropped |= missing;
        if missing || c.is_whitespace() {
            space = kept > 0;
            continue;
        }
        if kept >= max_chars {
            cut = true;
            break;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
        kept += 1;
        meaningful |= c.is_alphanumeric();
    }
    if cut {
        // A name is cut after a whole word when it has one: "Maximilian…", not
        // "Maximilian Alexa…" (issue 39: never cut a word where a whole one fits).
        if let Some(space) = out.rfind(' ').filter(|&at| at >= 3) {
            out.truncate(space);
        }
        out.push('…');
    }
    Ok(Drawable {
        text: out,
        meaningful,
        dropped,
    })
}

/// Whether `c` is one of Unicode's explicit direction controls: marks, embeddings, overrides
/// and isolates.
fn is_direction_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `name` ready to go inside a sentence: when it holds right-to-left letters, wrapped in
/// U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, so it is drawn in its own
/// direction and the sentence around it keeps its order ("ملك to move" stays a name then
/// "to move", never "to move ملك"). Other names are returned as they are.
pub(crate) fn isolated(name: String) -> String {
    use unicode_bidi::BidiClass::{AL, R};
    if name
        .chars()
        .any(|c| matches!(unicode_bidi::bidi_class(c), R | AL))
    {
        format!("\u{2068}{name}\u{2069}")
    } else {
        name
    }
}

/// `text` at the largest size from `size` down to `min_size` that fits `room` pixels, cut
/// short with `…` when even `min_size` does not fit. Returns the text and its size.
pub(crate) fn fit(
    text: &str,
    size: f32,
    min_size: f32,
    room: f32,
) -> Result<(String, f32), RenderError> {
    let chars: Vec<char> = text.chars().take(MAX_LINE_CHARS).collect();
    let mut advances = Vec::with_capacity(chars.len());
    for &c in &chars {
        advances.push(Canvas::char_width(c, size)?);
    }
    // Measured whole, as it is drawn (shaped Arabic joins, and its marks take no room); the
    // advances of its characters are what it is cut by.
    let width = Canvas::text_width(&chars.iter().collect::<String>(), size)?;
    let capped = chars.len() < text.chars().take(MAX_LINE_CHARS + 1).count();
    if width <= room && !capped {
        return Ok((text.to_string(), size));
    }
    let min_size = min_size.min(size);
    let smaller = (size * room / width.max(1e-3)).clamp(min_size, size);
    let scale = smaller / size;
    if width * scale <= room && !capped {
        return Ok((text.to_string(), smaller));
    }
    let ellipsis = Canvas::char_width('…', smaller)?;
    let mut used = 0.0;
    let mut keep = 0;
    for (i, advance) in advances.iter().enumerate() {
        if used + advance * scale + ellipsis > room {
            break;
        }
        used += advance * scale;
        keep = i + 1;
    }
    // A word is never cut in two: the text ends after the last word that fits whole (a
    // single word too long for the room is the exception, cut where it must be).
    // Regression (issue 39): replay captions ended "gana al…", "alice ge…".
    let whole_words = keep < chars.len()
        && chars.get(keep).is_some_and(|c| !c.is_whitespace())
        && chars[..keep].iter().any(|c| c.is_whitespace());
    if whole_words {
        while keep > 0 && !chars[keep - 1].is_whitespace() {
            keep -= 1;
        }
    }
    let kept: String = chars[..keep].iter().collect();
    let kept = kept
        .trim_end()
        .trim_end_matches([',', ':', ';', '·', '('])
        .trim_end();
    if kept.is_empty() {
        return Ok((String::new(), smaller));
    }
    Ok((format!("{kept}…"), smaller))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_what_cannot_be_drawn() -> Result<(), RenderError> {
        let seen = |t: &str| drawable(t, 24).map(|d| (d.text, d.meaningful));
        assert_eq!(seen("alice")?, ("alice".to_string(), true));
        assert_eq!(seen("李小龙")?, (String::new(), false));
        assert!(drawable("李小龙", 24)?.dropped);
        assert_eq!(seen("🎉 bob 🎉")?, ("bob".to_string(), true));
        assert_eq!(seen("Li 李 Wei")?, ("Li Wei".to_string(), true));
        assert!(!seen("★彡")?.1);
        assert_eq!(seen("Дмитрий")?, ("Дмитрий".to_string(), true));
        assert_eq!(seen("שלום")?, ("שלום".to_string(), true));
        assert_eq!(seen("ملك")?, ("ملك".to_string(), true));
        // Direction controls are taken out: a name cannot turn the caption around.
        assert_eq!(
            seen("\u{202E}evil\u{202C} bob\u{200F}")?,
            ("evil bob".to_string(), true)
        );
        assert_eq!(isolated("bob".into()), "bob");
        assert_eq!(isolated("ملك".into()), "\u{2068}ملك\u{2069}");
        assert_eq!(seen("a\u{7}b")?, ("a b".to_string(), true));
        assert_eq!(seen("1–0")?, ("1–0".to_string(), true));
        assert!(!drawable("—", 24)?.dropped);
        let long = drawable(&"x".repeat(100), 24)?.text;
        assert_eq!(long.chars().count(), 25);
        assert!(long.ends_with('…'));
        Ok(())
    }

    #[test]
    fn long_text_is_shrunk_then_cut() -> Result<(), RenderError> {
        let (text, size) = fit("a name that goes on and on and on", 20.0, 13.0, 100.0)?;
        assert!(size >= 13.0);
        assert!(text.ends_with('…'), "{text}");
        assert!(Canvas::text_width(&text, size)? <= 100.5);
        assert!(
            "a name that goes on and on and on".starts_with(text.trim_end_matches('…')),
            "{text}"
        );
        let cut = text.trim_end_matches('…');
        assert!(
            "a name that goes on and on and on"[cut.len()..].starts_with(' '),
            "a word is never cut in two: {text}"
        );
        let (text, size) = fit("short", 20.0, 13.0, 100.0)?;
        assert_eq!((text.as_str(), size), ("short", 20.0));
        Ok(())
    }
}
