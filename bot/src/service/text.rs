//! The slash-command grammar as plain text: `/akron challenge bob size:5 rule:immediate`.
//!
//! Front ends without native slash commands (the console, a future Matrix bridge) read what
//! users type with [`parse_command`]. Options may be written `name:value` or in order.

use super::types::{Challenge, ColourChoice, Command, Offer, User};
use akron_rules::{WinRule, MAX_PILE, MAX_SIZE, MIN_SIZE};

/// Every command name, for help texts.
pub const COMMANDS: [&str; 18] = [
    "challenge",
    "accept",
    "decline",
    "cancel",
    "move",
    "swap",
    "board",
    "moves",
    "resign",
    "draw",
    "abort",
    "takeback",
    "history",
    "export",
    "show",
    "games",
    "rules",
    "help",
];

/// Reads one command line. The leading `/akron` (or `/`) is optional. `user` turns the
/// challenge's opponent (`bob` or `@bob`) into a user.
///
/// # Errors
///
/// A message saying what is wrong and what would be right.
pub fn parse_command(line: &str, user: impl Fn(&str) -> Option<User>) -> Result<Command, String> {
    let line = line.trim();
    let line = line
        .strip_prefix("/akron")
        .or_else(|| line.strip_prefix('/'))
        .unwrap_or(line)
        .trim();
    let (name, rest) = line
        .split_once(char::is_whitespace)
        .map_or((line, ""), |(n, r)| (n, r.trim()));
    let one_word = |command: Command| {
        if rest.is_empty() {
            Ok(command)
        } else {
            Err(format!("{name} takes nothing after it"))
        }
    };
    match name.to_ascii_lowercase().as_str() {
        "challenge" => parse_challenge(rest, user).map(Command::Challenge),
        "accept" => one_word(Command::Accept),
        "decline" => one_word(Command::Decline),
        "cancel" => one_word(Command::Cancel),
        "move" | "m" => {
            if rest.is_empty() {
                Err("move needs a move, like `move F6` or `move A2-D3'`".to_string())
            } else {
                Ok(Command::Move(rest.to_string()))
            }
        }
        "swap" => one_word(Command::Swap),
        "board" => one_word(Command::Board),
        "moves" => Ok(Command::Moves(
            (!rest.is_empty()).then(|| strip_option(rest, "point").to_string()),
        )),
        "resign" => one_word(Command::Resign),
        "draw" => strip_option(rest, "action").parse().map(Command::Draw),
        "abort" => one_word(Command::Abort),
        "takeback" => strip_option(rest, "action").parse().map(Command::Takeback),
        "history" => one_word(Command::History),
        "export" => one_word(Command::Export),
        "show" => {
            if rest.is_empty() {
                Err(
                    "show needs a position code or a game record, like `show 3:b:4,4:3/3/3`"
                        .to_string(),
                )
            } else {
                Ok(Command::Show(strip_option(rest, "position").to_string()))
            }
        }
        "games" => one_word(Command::Games),
        "rules" => one_word(Command::Rules),
        "help" | "" => Ok(Command::Help),
        other => Err(format!(
            "'{other}' is not a command; the commands are {}",
            COMMANDS.join(", ")
        )),
    }
}

/// `point:D3` → `D3`.
fn strip_option<'a>(text: &'a str, option: &str) -> &'a str {
    text.strip_prefix(option)
        .and_then(|t| t.strip_prefix(':'))
        .map_or(text, str::trim)
}

fn parse_challenge(rest: &str, user: impl Fn(&str) -> Option<User>) -> Result<Challenge, String> {
    let mut words = rest.split_whitespace();
    let usage = "write it like `challenge bob size:6 pieces:18 rule:immediate colour:white` \
                 (everything after the opponent is optional)";
    let who = words
        .next()
        .map(|w| strip_option(w, "opponent"))
        .ok_or_else(|| format!("challenge needs an opponent; {usage}"))?;
    let opponent = user(who).ok_or_else(|| format!("'{who}' is not a user I know"))?;
    let mut challenge = Challenge {
        opponent,
        size: None,
        pieces: None,
        rule: None,
        colour: None,
    };
    for word in words {
        let (key, value) = match word.split_once(':') {
            Some((k, v)) => (k.to_ascii_lowercase(), v),
            None => (String::new(), word),
        };
        let number = value.parse::<u32>().ok();
        match (key.as_str(), number) {
            ("size", _) | ("", Some(_)) if challenge.size.is_none() && key != "pieces" => {
                let size = number
                    .and_then(|n| u8::try_from(n).ok())
                    .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
                    .ok_or_else(|| {
                        format!("board size must be {MIN_SIZE} to {MAX_SIZE}, not '{value}'")
                    })?;
                challenge.size = Some(size);
            }
            ("pieces" | "pile", _) | ("", Some(_)) => {
                let pieces = number
                    .and_then(|n| u16::try_from(n).ok())
                    .filter(|n| *n <= MAX_PILE)
                    .ok_or_else(|| {
                        format!("pieces must be a number up to {MAX_PILE}, not '{value}'")
                    })?;
                challenge.pieces = Some(pieces);
            }
            ("rule", _) => challenge.rule = Some(value.parse::<WinRule>()?),
            ("colour" | "color", _) => challenge.colour = Some(value.parse::<ColourChoice>()?),
            ("", None) => {
                if let Ok(rule) = value.parse::<WinRule>() {
                    challenge.rule = Some(rule);
                } else if let Ok(colour) = value.parse::<ColourChoice>() {
                    challenge.colour = Some(colour);
                } else {
                    return Err(format!("'{word}' is not a challenge option; {usage}"));
                }
            }
            _ => return Err(format!("'{word}' is not a challenge option; {usage}")),
        }
    }
    Ok(challenge)
}

/// Reads `draw` and `takeback` answers; used by [`parse_command`].
impl Offer {
    /// `offer`, `accept` or `decline`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Offer::Offer => "offer",
            Offer::Accept => "accept",
            Offer::Decline => "decline",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::types::UserId;

    fn user(name: &str) -> Option<User> {
        let name = name.trim_start_matches('@');
        Some(User::new(UserId::new("console", name), name))
    }

    #[test]
    fn challenges_read_named_and_positional_options() {
        let Ok(Command::Challenge(c)) = parse_command(
            "/akron challenge @bob size:5 rule:immediate colour:white",
            user,
        ) else {
            panic!("parses");
        };
        assert_eq!(c.opponent.name, "bob");
        assert_eq!(c.size, Some(5));
        assert_eq!(c.rule, Some(WinRule::Immediate));
        assert_eq!(c.colour, Some(ColourChoice::White));
        let Ok(Command::Challenge(c)) = parse_command("challenge bob 6 18 black", user) else {
            panic!("parses");
        };
        assert_eq!(
            (c.size, c.pieces, c.colour),
            (Some(6), Some(18), Some(ColourChoice::Black))
        );
        assert!(parse_command("challenge", user).is_err());
        assert!(parse_command("challenge bob size:x", user).is_err());
        assert!(parse_command("challenge bob purple", user).is_err());
    }

    /// Regression (issue 17): `size:99999` was answered "Board size 255", `pieces:65536`
    /// "65535 pieces".
    #[test]
    fn out_of_range_options_are_named_as_written() {
        let error = |text: &str| parse_command(text, user).err();
        assert_eq!(
            error("challenge bob size:99999"),
            Some("board size must be 3 to 16, not '99999'".to_string())
        );
        assert_eq!(
            error("challenge bob size:2"),
            Some("board size must be 3 to 16, not '2'".to_string())
        );
        assert_eq!(
            error("challenge bob pieces:65536"),
            Some("pieces must be a number up to 1000, not '65536'".to_string())
        );
        assert_eq!(
            error("challenge bob 8 1001"),
            Some("pieces must be a number up to 1000, not '1001'".to_string())
        );
    }

    #[test]
    fn other_commands() {
        assert_eq!(
            parse_command("/akron move a2 - d3’", user),
            Ok(Command::Move("a2 - d3’".to_string()))
        );
        assert_eq!(parse_command("draw", user), Ok(Command::Draw(Offer::Offer)));
        assert_eq!(
            parse_command("draw accept", user),
            Ok(Command::Draw(Offer::Accept))
        );
        assert_eq!(
            parse_command("takeback decline", user),
            Ok(Command::Takeback(Offer::Decline))
        );
        assert_eq!(parse_command("moves", user), Ok(Command::Moves(None)));
        assert_eq!(
            parse_command("moves point:D3", user),
            Ok(Command::Moves(Some("D3".to_string())))
        );
        assert!(parse_command("frobnicate", user).is_err());
        assert!(parse_command("resign now", user).is_err());
        assert!(parse_command("move", user).is_err());
    }
}
