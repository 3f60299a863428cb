//! Markdown as a terminal shows it, and a button as the command to type for it.

/// Markdown for a terminal: `**bold**` in ANSI bold when `styled`, else plain; backticks
/// removed; code fence lines dropped, the text inside them kept; escapes (`\_`) undone.
#[must_use]
pub fn terminal_text(markdown: &str, styled: bool) -> String {
    // The commands the text names, as the console types them.
    let markdown = akron_service::catalogue::console_commands(markdown);
    unescape(&markup(&markdown, styled))
}

/// Drops the backslash of Markdown escapes (`\_it\_` is `_it_`), which
/// [`escape_markdown`](crate::model::escape_markdown) adds to names, and the zero-width space
/// it puts after `@`.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&next)) if next.is_ascii_punctuation() => {
                out.push(next);
                chars.next();
            }
            ('\u{200b}', _) => {}
            _ => out.push(c),
        }
    }
    out
}

/// [`terminal_text`] before the escapes are undone.
fn markup(markdown: &str, styled: bool) -> String {
    const BOLD: &str = "\x1b[1m";
    const RESET: &str = "\x1b[0m";
    let mut out = String::with_capacity(markdown.len());
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            // A fence line goes; whatever else is on it (the end of the message it closes)
            // stays.
            let rest = line.replace("```", "");
            if rest.trim().is_empty() {
                continue;
            }
            out.push_str(rest.trim());
            out.push('\n');
            continue;
        }
        let mut bold = false;
        let mut rest = line;
        while let Some(at) = rest.find("**") {
            out.push_str(&rest[..at].replace('`', ""));
            if styled {
                out.push_str(if bold { RESET } else { BOLD });
            }
            bold = !bold;
            rest = &rest[at + 2..];
        }
        out.push_str(&rest.replace('`', ""));
        if bold && styled {
            out.push_str(RESET);
        }
        out.push('\n');
    }
    out.pop();
    out
}

/// The command a button stands for, as typed.
pub(super) fn button_text(button: &crate::service::Button) -> String {
    use crate::service::{Command, TournamentAction};
    match &button.command {
        Command::Draw(o) => format!("draw {}", o.name()),
        Command::Takeback(o) => format!("takeback {}", o.name()),
        Command::Tournament(TournamentAction::Join) => "tournament join".to_string(),
        Command::Tournament(TournamentAction::Leave) => "tournament leave".to_string(),
        Command::Tournament(TournamentAction::Confirm) => "tournament confirm".to_string(),
        other => other.name().to_string(),
    }
}
