//! A user's and a server's choices that are more than on or off: where reminders go, who
//! sees the web pages.

use crate::catalogue::Phrase;
use std::str::FromStr;

/// Where a user's reminders go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ReminderPlace {
    /// A direct message, falling back to a mention in the game's channel when the platform
    /// refuses it.
    #[default]
    Direct,
    /// A mention in the game's channel.
    Channel,
    /// No reminders.
    Off,
}

impl ReminderPlace {
    /// The stored name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ReminderPlace::Direct => "dm",
            ReminderPlace::Channel => "channel",
            ReminderPlace::Off => "off",
        }
    }
}

impl FromStr for ReminderPlace {
    type Err = Phrase;
    fn from_str(text: &str) -> Result<ReminderPlace, Phrase> {
        match text.trim().to_ascii_lowercase().as_str() {
            "dm" | "direct" => Ok(ReminderPlace::Direct),
            "channel" => Ok(ReminderPlace::Channel),
            "off" | "none" => Ok(ReminderPlace::Off),
            _ => Err(crate::phrase!("parse-reminders", value = text.trim())),
        }
    }
}

/// Who may see a server's pages on the web companion (`settings web:off|link|public`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum WebAccess {
    /// No page of the server is served (the default: servers are private communities).
    #[default]
    Off,
    /// Its game, tournament and puzzle pages, only through the unguessable links the bot
    /// posts; not listed anywhere, and marked for search engines not to index.
    Link,
    /// Besides, a server page listing its tournaments, leaderboard and latest games, and
    /// player pages.
    Public,
}

impl WebAccess {
    /// The stored name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            WebAccess::Off => "off",
            WebAccess::Link => "link",
            WebAccess::Public => "public",
        }
    }
}

impl FromStr for WebAccess {
    type Err = Phrase;
    fn from_str(text: &str) -> Result<WebAccess, Phrase> {
        match text.trim().to_ascii_lowercase().as_str() {
            "off" | "none" | "no" => Ok(WebAccess::Off),
            "link" | "links" | "unlisted" => Ok(WebAccess::Link),
            "public" | "on" => Ok(WebAccess::Public),
            _ => Err(crate::phrase!("parse-web", value = text.trim())),
        }
    }
}
