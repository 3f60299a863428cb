//! Who and where: platforms, users (people and the engine), channels and servers, and how a
//! user-chosen name is shown.

use crate::catalogue::{Arg, Language};
use akron_ai::Level;
use std::fmt;

/// A chat platform as its front end declares it. The core knows no platform by name: a front
/// end names itself (the prefix of its ids) and says what its platform offers, and the service
/// decides from that.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Platform {
    /// The prefix of the platform's user, channel and server ids (`discord` in `discord:8035`).
    pub id: &'static str,
    /// Whether its servers have roles that a server's `tournament-role` setting can name.
    pub roles: bool,
    /// Whether anyone there may create and run tournaments (a console: one person's terminal).
    pub anyone_organises: bool,
}

impl Platform {
    /// A platform that offers nothing special: no roles, and only moderators organise.
    #[must_use]
    pub const fn plain(id: &'static str) -> Platform {
        Platform {
            id,
            roles: false,
            anyone_organises: false,
        }
    }
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)
    }
}

/// An opaque user id with a platform prefix: `discord:80351110224678912`, `console:bob`,
/// `matrix:@bob:example.org`. The service never looks inside it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UserId(pub String);

impl UserId {
    /// A user id from a platform name and that platform's own id.
    #[must_use]
    pub fn new(platform: &str, id: &str) -> UserId {
        UserId(format!("{platform}:{id}"))
    }

    /// The id as stored.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The platform prefix, `discord` in `discord:8035`.
    #[must_use]
    pub fn platform(&self) -> &str {
        self.0.split_once(':').map_or("", |(p, _)| p)
    }

    /// The platform's own id, `8035` in `discord:8035`.
    #[must_use]
    pub fn local(&self) -> &str {
        self.0.split_once(':').map_or(self.0.as_str(), |(_, l)| l)
    }
}

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A user as a front end knows them: the opaque id and the name to show.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct User {
    /// Stable id; what the database keys on.
    pub id: UserId,
    /// Display name at the time of the request; used in texts and records.
    pub name: String,
}

impl User {
    /// A user from an id and a display name.
    #[must_use]
    pub fn new(id: UserId, name: impl Into<String>) -> User {
        User {
            id,
            name: name.into(),
        }
    }
}

/// An opaque channel id with a platform prefix: `discord:1234` (a thread is a channel too),
/// `console:main`. At most one game is active per channel.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChannelId(pub String);

impl ChannelId {
    /// A channel id from a platform name and that platform's own id.
    #[must_use]
    pub fn new(platform: &str, id: &str) -> ChannelId {
        ChannelId(format!("{platform}:{id}"))
    }

    /// The id as stored.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The platform's own id, `1234` in `discord:1234`.
    #[must_use]
    pub fn local(&self) -> &str {
        self.0.split_once(':').map_or(self.0.as_str(), |(_, l)| l)
    }

    /// The platform prefix, `discord` in `discord:1234`.
    #[must_use]
    pub fn platform(&self) -> &str {
        self.0.split_once(':').map_or("", |(p, _)| p)
    }
}

impl fmt::Display for ChannelId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An opaque server id with a platform prefix: a Discord guild (`discord:81384788765712384`),
/// a Matrix space or room, `console`. Ratings and settings are kept per server.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ServerId(pub String);

impl ServerId {
    /// A server id from a platform name and that platform's own id.
    #[must_use]
    pub fn new(platform: &str, id: &str) -> ServerId {
        ServerId(format!("{platform}:{id}"))
    }
}

impl fmt::Display for ServerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A role on a server (Discord), by the platform's id, with its name for display.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ServerRole {
    /// The platform's id of the role (Discord: the role's snowflake).
    pub id: String,
    /// Its name when it was named, for display.
    pub name: String,
}

/// Escapes a user-chosen text (a display name) for Markdown, so that `**x**`, `` `x` `` or
/// `[x](y)` show literally, and `@everyone` or `@here` ping nobody on any platform.
#[must_use]
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '#' | '[' | ']' | '(' | ')' | '<' | ':' => {
                out.push('\\');
                out.push(c);
            }
            // A zero-width space after @ breaks @everyone, @here and role mentions.
            '@' => out.push_str("@\u{200b}"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

impl User {
    /// The name as a message's argument: a person's display name escaped for Markdown (see
    /// [`escape_markdown`]); the engine's from the catalogue (`ai-player`), so it is put into
    /// words in the reader's language with the rest of the message.
    #[must_use]
    pub fn shown(&self) -> Arg {
        if self.id.is_anyone() {
            return crate::phrase!("casual-anyone").into();
        }
        match self.id.ai_level() {
            Some(level) => crate::phrase!("ai-player", level = level.to_string()).into(),
            None => Arg::Text(escape_markdown(&self.name)),
        }
    }

    /// [`User::shown`] in words in `language`, for a list of names put together before it
    /// becomes one argument.
    #[must_use]
    pub fn shown_in(&self, language: Language) -> String {
        self.shown().say(language)
    }

    /// The name as plain text in `language`, where no Markdown is read (a picture, a thread's
    /// name, a web page, an alt text): a person's as they wrote it, the engine's from the
    /// catalogue.
    #[must_use]
    pub fn name_in(&self, language: Language) -> String {
        if self.id.is_anyone() {
            return crate::say!(language, "casual-anyone");
        }
        match self.id.ai_level() {
            Some(level) => crate::say!(language, "ai-player", level = level.to_string()),
            None => self.name.clone(),
        }
    }
}

/// The platform prefix of the free seat of an open challenge: `open:anyone`.
pub const ANYONE_PLATFORM: &str = "open";

impl UserId {
    /// The free seat of an open challenge, until someone takes it: `open:anyone`. No
    /// platform's user has this id (every platform's ids carry its own prefix).
    #[must_use]
    pub fn anyone() -> UserId {
        UserId::new(ANYONE_PLATFORM, "anyone")
    }

    /// Whether this is the free seat of an open challenge.
    #[must_use]
    pub fn is_anyone(&self) -> bool {
        self.platform() == ANYONE_PLATFORM
    }
}

impl User {
    /// The free seat of an open challenge ([`UserId::anyone`]).
    #[must_use]
    pub fn anyone() -> User {
        User::new(UserId::anyone(), "anyone")
    }
}

/// The platform prefix of the engine's user ids: `ai:level-3`.
pub const AI_PLATFORM: &str = "ai";

impl UserId {
    /// The engine's user id at `level`: `ai:level-3`.
    #[must_use]
    pub fn ai(level: Level) -> UserId {
        UserId::new(AI_PLATFORM, &format!("level-{level}"))
    }

    /// Whether this is the engine (any level) rather than a person.
    #[must_use]
    pub fn is_ai(&self) -> bool {
        self.platform() == AI_PLATFORM
    }

    /// The engine's level, when this is the engine.
    #[must_use]
    pub fn ai_level(&self) -> Option<Level> {
        if !self.is_ai() {
            return None;
        }
        self.local().strip_prefix("level-")?.parse().ok()
    }
}

impl User {
    /// The engine as a player at `level`. Its stored name is `Akron AI level 3`; wherever it
    /// is shown, its name comes from the catalogue ([`User::shown`], [`User::name_in`]).
    #[must_use]
    pub fn ai(level: Level) -> User {
        User::new(UserId::ai(level), format!("Akron AI level {level}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_full_of_markdown_show_literally_and_ping_nobody() {
        assert_eq!(escape_markdown("alice"), "alice");
        assert_eq!(escape_markdown("**x**"), "\\*\\*x\\*\\*");
        assert_eq!(escape_markdown("`code`"), "\\`code\\`");
        assert_eq!(escape_markdown("@everyone"), "@\u{200b}everyone");
        assert_eq!(escape_markdown("a\nb"), "a b");
        assert_eq!(escape_markdown("<@123>"), "\\<@\u{200b}123\\>");
    }

    /// The AI's name comes from the catalogue in the reader's language, whatever it is
    /// stored as; a person's is theirs, escaped where Markdown is read.
    #[test]
    fn the_ais_name_is_said_in_each_language_and_a_persons_as_written() {
        let Some(level) = Level::new(3) else {
            panic!("level 3 exists");
        };
        let ai = User::ai(level);
        assert_eq!(ai.name_in(Language::English), "Akron AI level 3");
        assert_eq!(ai.name_in(Language::Spanish), "Akron IA nivel 3");
        assert_eq!(ai.name_in(Language::German), "Akron-KI Stufe 3");
        assert_eq!(ai.shown_in(Language::German), "Akron-KI Stufe 3");
        let person = User::new(UserId::new("console", "x"), "**ana**");
        assert_eq!(person.name_in(Language::German), "**ana**");
        assert_eq!(person.shown_in(Language::German), "\\*\\*ana\\*\\*");
    }
}
