//! What the user types that is the console's own rather than a command's: user names
//! (`as NAME`, `@NAME`), durations (`wait 1d2h`) and a trailing game number (`#N`), and the
//! console's own commands added to an unknown command's refusal.

use crate::service::GameId;
use akron_service::catalogue::{Language, Phrase};
use akron_service::say;

/// The longest console user name, in characters (as on Discord).
pub const MAX_NAME: usize = 32;

/// A user name as typed after `as` or `@`: 1 to [`MAX_NAME`] letters, digits, `_`, `-` and
/// `.`, without the leading `@`; `None` otherwise.
pub(super) fn user_name(typed: &str) -> Option<&str> {
    let name = typed.trim_start_matches('@');
    let valid = !name.is_empty()
        && name.chars().count() <= MAX_NAME
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    valid.then_some(name)
}

/// Why `typed` is not a user name, in `language`.
pub(super) fn bad_name(typed: &str, language: Language) -> String {
    let length = typed.trim_start_matches('@').chars().count();
    if length > MAX_NAME {
        let shown: String = typed.chars().take(20).collect();
        return say!(
            language,
            "console-bad-name-long",
            shown = shown,
            length = length,
            most = MAX_NAME
        );
    }
    say!(language, "console-bad-name", typed = typed)
}

/// `25h`, `90s`, `30m`, `3d`, `1d12h`: a duration in seconds, at most a year; a refusal in
/// `language` otherwise.
pub(super) fn parse_duration(text: &str, language: Language) -> Result<i64, String> {
    let usage = say!(language, "console-duration-bad", text = text);
    let mut total: i64 = 0;
    let mut number = String::new();
    for c in text.trim().chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c.to_ascii_lowercase() {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => 86_400,
            _ => return Err(usage),
        };
        let n: i64 = number.parse().map_err(|_| usage.clone())?;
        total = total.saturating_add(n.saturating_mul(unit));
        number.clear();
    }
    if !number.is_empty() || total <= 0 {
        return Err(usage);
    }
    if total > 366 * 86_400 {
        return Err(say!(language, "console-duration-long", text = text));
    }
    Ok(total)
}

/// The console's own commands, which a line may also be.
const CONSOLE_COMMANDS: &str = "as, in, mod, wait, quit";

/// A refusal of an unknown command lists the console's own commands too.
pub(super) fn with_console_commands(mut refusal: Phrase) -> Phrase {
    if refusal.id == "parse-unknown-command" {
        for (name, value) in &mut refusal.args {
            if name == "commands" {
                *value = format!("{}, {CONSOLE_COMMANDS}", value.say(Language::English)).into();
            }
        }
    }
    refusal
}

/// Splits a trailing `#N` off a command line; a refusal in `language` for a bad number.
pub(super) fn split_game(line: &str, language: Language) -> Result<(&str, Option<GameId>), String> {
    if let Some((head, tail)) = line.rsplit_once(char::is_whitespace) {
        if tail.starts_with('#') {
            // `#0` or `#x` is a mistaken game number, not something the command takes.
            let id = tail
                .parse::<GameId>()
                .map_err(|_| say!(language, "console-bad-game-number", typed = tail))?;
            return Ok((head.trim_end(), Some(id)));
        }
    }
    Ok((line, None))
}
