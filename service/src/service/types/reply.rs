//! What the service answers ([`Reply`]): its text, picture, attachment, buttons, mentions
//! and links, and how a front end reads them.

use super::*;

/// A file attached to a reply (the export).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// File name, such as `akron-12.txt`.
    pub filename: String,
    /// The file's bytes.
    pub content: Vec<u8>,
    /// What the file is, in the reader's language (Discord: its `description`, at most
    /// 1,024 characters).
    pub description: String,
}

/// The language and time zone times are written in for a platform without timestamps of
/// its own (Matrix, the console).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reader {
    /// The language of the relative form (`in 3 h`).
    pub language: Language,
    /// An IANA time zone name; `None` is UTC.
    pub zone: Option<String>,
}

/// What the service answers. Front ends show all of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The message, in Markdown (bold with `**`, code with backticks). Users it mentions
    /// appear as `<@USER_ID>` with the opaque id (`<@discord:8035>`), channels it names as
    /// `<#CHANNEL_ID>` (`<#discord:1234>`); [`Reply::text_with`] turns both into each
    /// platform's form. Every such user is also in [`Reply::mentions`], every such channel in
    /// [`Reply::channels`].
    pub text: String,
    /// A board picture, PNG bytes.
    pub image: Option<Vec<u8>>,
    /// The picture's text alternative, in the reader's language, at most 1,024 characters
    /// (Discord: the attachment's `description`; Matrix: the image event's `body`).
    pub alt: Option<String>,
    /// Who reads the times in [`Reply::text`]: deadlines are written as Discord timestamps
    /// (`<t:UNIX:R>`, `<t:UNIX:f>`), which Discord shows in each reader's own zone; other
    /// front ends write them with [`crate::service::times::local_times`] in this reader's
    /// language and time zone.
    pub reader: Reader,
    /// An animated replay, GIF bytes.
    pub animation: Option<Vec<u8>>,
    /// The position shown, as a position code, so a front end can also draw it as text.
    pub position: Option<String>,
    /// How the game of [`Reply::position`] ended, in words (`bob resigned: alice wins`),
    /// when it has: a front end drawing the board as text says this instead of whose turn
    /// it is.
    pub result: Option<String>,
    /// The game whose board this reply shows, if it shows one. A front end may use it to
    /// keep only the latest board of a game interactive.
    pub board_of: Option<GameId>,
    /// A file to attach (the export).
    pub attachment: Option<Attachment>,
    /// Buttons under the message.
    pub buttons: Vec<Button>,
    /// Users to notify: everyone mentioned in the text.
    pub mentions: Vec<User>,
    /// Channels named in the text (not notified).
    pub channels: Vec<ChannelId>,
    /// Set for replies only the caller needs to see: refusals and errors (nothing changed),
    /// and questions such as the resign confirmation.
    pub ephemeral: bool,
    /// Set for refusals and errors only (nothing changed), so that a front end can tell them
    /// from private answers such as a hint or a solved puzzle.
    pub refused: bool,
    /// Asks the front end to open a thread off this message, named so, for the game in
    /// [`Reply::board_of`]; it then calls
    /// [`Service::thread_opened`](crate::service::Service::thread_opened) with the new
    /// channel and posts what that returns in the thread.
    pub thread: Option<String>,
    /// When answering a button press, replace the message the button is on with this one
    /// instead of posting a new message (the tournament sign-up's live list of entrants).
    pub replaces_pressed: bool,
    /// This reply is the sign-up message of this tournament: a front end that can edit
    /// messages tells [`Service::signup_posted`](crate::service::Service::signup_posted)
    /// where it posted it.
    pub signup_of: Option<TournamentId>,
    /// Replace the message at this place (what the front end gave
    /// [`Service::signup_posted`](crate::service::Service::signup_posted)) with this reply
    /// instead of posting it, and answer the caller privately: `tournament join` and
    /// `leave` typed as commands update the sign-up message as the buttons do. A front end
    /// that cannot (or fails to) posts the reply as usual.
    pub replaces_message: Option<String>,
    /// A link to this reply's page on the web companion (a board's game, a tournament's
    /// sign-up), when the service knows the public address and the server's pages are on:
    /// Discord shows it as a link button, Matrix as a link in the text.
    pub web_link: Option<WebLink>,
    /// The tournament this reply is about (its standings, pairings, a new round, a game's
    /// announcement), for the link to its page.
    pub tournament_of: Option<TournamentId>,
    /// The puzzle this reply posts, for the link to its page.
    pub puzzle_of: Option<crate::model::PuzzleId>,
}

/// A link to a page of the web companion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebLink {
    /// What the link says (`View game`).
    pub label: String,
    /// The full address.
    pub url: String,
}

impl Reply {
    /// The running game whose board this reply shows (a board with buttons: a finished
    /// game's board has none). Front ends tell [`Service::board_posted`](crate::service::Service::board_posted)
    /// where they posted it, so that reminders link to it.
    #[must_use]
    pub fn running_board(&self) -> Option<GameId> {
        self.board_of.filter(|_| !self.buttons.is_empty())
    }

    /// A plain public message.
    #[must_use]
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    /// A message only the caller sees, that is not a refusal (their settings).
    #[must_use]
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ephemeral: true,
            ..Reply::default()
        }
    }

    /// A refusal or error, seen only by the caller. Nothing changed.
    #[must_use]
    pub fn refusal(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ephemeral: true,
            refused: true,
            ..Reply::default()
        }
    }

    /// The mention token for `user` in [`Reply::text`]: `<@discord:8035>`.
    #[must_use]
    pub fn mention(user: &UserId) -> String {
        format!("<@{}>", user.0)
    }

    /// The text with each user token replaced by `user(..)` and each channel token by
    /// `channel(..)`; a token not in [`Reply::mentions`] or [`Reply::channels`] is left as
    /// it is.
    #[must_use]
    pub fn text_with(
        &self,
        user: impl Fn(&User) -> String,
        channel: impl Fn(&ChannelId) -> String,
    ) -> String {
        let mut text = self.text.clone();
        for mentioned in &self.mentions {
            text = text.replace(&Reply::mention(&mentioned.id), &user(mentioned));
        }
        for named in &self.channels {
            text = text.replace(&format!("<#{}>", named.0), &channel(named));
        }
        text
    }

    /// Adds `channel` to the channels the text names (once) and returns its token.
    pub fn name_channel(&mut self, channel: &ChannelId) -> String {
        if !self.channels.contains(channel) {
            self.channels.push(channel.clone());
        }
        format!("<#{}>", channel.0)
    }

    /// Adds `user` to the users to notify (once) and returns their mention token, as a
    /// message's argument. The AI is never pinged: its token is its name in bold, from the
    /// catalogue (`ai-player-mention`).
    pub fn mention_user(&mut self, user: &User) -> Arg {
        if let Some(level) = user.id.ai_level() {
            return crate::phrase!("ai-player-mention", level = level.to_string()).into();
        }
        if !self.mentions.iter().any(|u| u.id == user.id) {
            self.mentions.push(user.clone());
        }
        Arg::Text(Reply::mention(&user.id))
    }
}
