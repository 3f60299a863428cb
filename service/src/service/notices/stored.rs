//! A notice as the outbox stores it: [`Payload`], JSON in the `payload` column.
//!
//! The keys are the ones notices have always been written with (`text`, `mentions`,
//! `channels`, `buttons`, `board`, `mark_last`, `puzzle`, `fallback`, `thread`, `thread_game`,
//! `table`, `only_at_version`, `if_over`), so rows written by earlier versions still read.
//! A key missing from an older row reads as empty; a mention or button that cannot be read
//! back is left out rather than failing the whole notice.

use super::{Draft, ThreadRequest};
use crate::catalogue::{Language, Phrase};
use crate::images::{Column, ColumnAlign, Table};
use crate::model::{ChannelId, GameId, PuzzleId, TournamentId};
use crate::service::types::{parse_button_id, Button, ButtonStyle, Reply, User, UserId};
use serde::{Deserialize, Serialize};

/// The stored form of a notice: what to post, and what to check or draw when it is
/// delivered.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct Payload {
    /// The message's text.
    pub text: String,
    /// The users it mentions, in the order of their tokens in the text.
    pub mentions: Vec<StoredUser>,
    /// The channels it names (`ChannelId`s).
    pub channels: Vec<String>,
    /// Its buttons.
    pub buttons: Vec<StoredButton>,
    /// The board to draw: the position this many moves before the game's end.
    pub board: Option<usize>,
    /// Whether the board marks the last move played.
    pub mark_last: bool,
    /// A puzzle whose position is drawn.
    pub puzzle: Option<i64>,
    /// Where to post instead when a direct message is refused.
    pub fallback: Option<String>,
    /// The name of the thread asked for, with [`Payload::thread_game`], in English (read by
    /// versions before [`Payload::thread_words`]).
    pub thread: Option<String>,
    /// The game that moves into the thread asked for.
    pub thread_game: Option<i64>,
    /// A table drawn as the picture.
    pub table: Option<StoredTable>,
    /// Deliver only while the game is at this version.
    pub only_at_version: Option<i64>,
    /// The text's beginning when the game is over by delivery (followed by the result).
    pub if_over: Option<String>,
    /// The message as phrases (message ids and arguments), put into words at delivery, one
    /// line each, before `text`. Absent from rows written before the catalogue.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<Phrase>,
    /// The tournament the notice is about, for the link to its page. Absent from rows
    /// written before the link (they go without it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tournament_page: Option<i64>,
    /// [`Payload::if_over`] as a phrase, put into words at delivery (rows written before
    /// have the words in `if_over`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub if_over_words: Option<Phrase>,
    /// The server whose language a notice about no game is read in (a tournament's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
    /// A tournament's pairings or standings, put into words at delivery; they replace `text`
    /// (and `table`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TournamentWords>,
    /// The game's version after the move announced: at that version still, the move is put
    /// into words at delivery (followed by `then`) instead of `text`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reword_at: Option<i64>,
    /// Lines after a move put into words at delivery.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub then: Vec<Phrase>,
    /// The name of the thread asked for as a phrase, put into words at delivery (rows
    /// written before have only [`Payload::thread`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thread_words: Option<Phrase>,
    /// Whether the picture is the game's stored analysis chart (absent: no).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<bool>,
}

/// What of a tournament a notice says, put into words (its text and its table picture) when
/// it is delivered, from the tournament as it stood at that round: the message ids are the
/// code's, the arguments the tournament's stored rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TournamentWords {
    /// The tournament's number.
    pub tournament: i64,
    /// The round it speaks of.
    pub round: u32,
    /// What it says.
    pub part: TournamentPart,
}

/// What a tournament notice says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum TournamentPart {
    /// A round's pairings (text and table).
    Pairings,
    /// A round is over: the standings after it.
    RoundOver,
    /// The tournament is over: the winners and the final standings (text and table).
    Over,
}

/// A mentioned user.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct StoredUser {
    /// The user's id.
    pub id: String,
    /// Their display name.
    pub name: String,
}

/// A button: its label, its id (which says what it does) and its style's name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct StoredButton {
    /// What it says.
    pub label: String,
    /// `akron:ACTION:GAME`.
    pub id: String,
    /// `primary`, `secondary`, `success` or `danger`.
    pub style: String,
}

/// A table: its text, drawn when the notice is delivered. Each column is stored as
/// `[header, alignment]`, the alignment `left`, `right` or `centre`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct StoredTable {
    /// The title.
    pub title: String,
    /// The line under it.
    pub subtitle: String,
    /// `[header, alignment]` for each column.
    pub columns: Vec<(String, String)>,
    /// The cells, row by row.
    pub rows: Vec<Vec<String>>,
}

impl Payload {
    /// The stored form of a notice being written.
    pub(crate) fn of(draft: &Draft) -> Payload {
        let reply = &draft.reply;
        Payload {
            text: reply.text.clone(),
            mentions: reply
                .mentions
                .iter()
                .map(|u| StoredUser {
                    id: u.id.0.clone(),
                    name: u.name.clone(),
                })
                .collect(),
            channels: reply.channels.iter().map(|c| c.0.clone()).collect(),
            buttons: reply
                .buttons
                .iter()
                .map(|b| StoredButton {
                    label: b.label.clone(),
                    id: b.id.clone(),
                    style: style_name(b.style).to_string(),
                })
                .collect(),
            board: draft.board,
            mark_last: draft.mark_last,
            puzzle: draft.puzzle.map(|p| p.0),
            fallback: draft.fallback.as_ref().map(|c| c.0.clone()),
            thread: draft.thread.as_ref().map(|t| t.name.say(Language::English)),
            thread_game: draft.thread.as_ref().map(|t| t.game.0),
            table: draft.table.as_ref().map(StoredTable::of),
            only_at_version: draft.only_at_version,
            if_over: None,
            words: draft.words.clone(),
            tournament_page: reply.tournament_of.or(reply.signup_of).map(|t| t.0),
            if_over_words: draft.if_over.clone(),
            server: draft.server.as_ref().map(|s| s.0.clone()),
            tournament: draft.tournament.clone(),
            reword_at: draft.reword_at,
            then: draft.then.clone(),
            thread_words: draft.thread.as_ref().map(|t| t.name.clone()),
            analysis: draft.analysis.then_some(true),
        }
    }

    /// The notice as a reply to post, without its picture.
    pub(crate) fn reply(&self) -> Reply {
        Reply {
            text: self.text.clone(),
            mentions: self
                .mentions
                .iter()
                .map(|u| User::new(UserId(u.id.clone()), u.name.as_str()))
                .collect(),
            channels: self.channels.iter().map(|c| ChannelId(c.clone())).collect(),
            buttons: self
                .buttons
                .iter()
                .filter_map(StoredButton::button)
                .collect(),
            tournament_of: self.tournament_page.map(TournamentId),
            puzzle_of: self.puzzle(),
            ..Reply::default()
        }
    }

    /// The puzzle to draw, if any.
    pub(crate) fn puzzle(&self) -> Option<PuzzleId> {
        self.puzzle.map(PuzzleId)
    }

    /// The channel to post in when a direct message is refused.
    pub(crate) fn fallback(&self) -> Option<ChannelId> {
        self.fallback.as_ref().map(|c| ChannelId(c.clone()))
    }

    /// The thread asked for, its name in `language`, when both its name and its game are
    /// there.
    pub(crate) fn thread(&self, language: Language) -> Option<ThreadRequest> {
        let name = match &self.thread_words {
            Some(words) => words.say(language),
            None => self.thread.clone()?,
        };
        Some(ThreadRequest {
            name,
            game: GameId(self.thread_game?),
        })
    }
}

impl StoredButton {
    /// The button back, if its id is still one the bot knows.
    fn button(&self) -> Option<Button> {
        let (command, game) = parse_button_id(&self.id)?;
        Some(Button {
            label: self.label.clone(),
            id: self.id.clone(),
            style: style_of(&self.style),
            command,
            game,
        })
    }
}

impl StoredTable {
    pub(crate) fn of(table: &Table) -> StoredTable {
        StoredTable {
            title: table.title.clone(),
            subtitle: table.subtitle.clone(),
            columns: table
                .columns
                .iter()
                .map(|c| (c.header.clone(), align_name(c.align).to_string()))
                .collect(),
            rows: table.rows.clone(),
        }
    }

    /// The table back, to draw.
    pub(crate) fn table(&self) -> Table {
        Table {
            title: self.title.clone(),
            subtitle: self.subtitle.clone(),
            columns: self
                .columns
                .iter()
                .map(|(header, align)| Column::new(header.as_str(), align_of(align)))
                .collect(),
            rows: self.rows.clone(),
        }
    }
}

fn style_name(style: ButtonStyle) -> &'static str {
    match style {
        ButtonStyle::Primary => "primary",
        ButtonStyle::Secondary => "secondary",
        ButtonStyle::Success => "success",
        ButtonStyle::Danger => "danger",
    }
}

fn style_of(name: &str) -> ButtonStyle {
    match name {
        "primary" => ButtonStyle::Primary,
        "success" => ButtonStyle::Success,
        "danger" => ButtonStyle::Danger,
        _ => ButtonStyle::Secondary,
    }
}

fn align_name(align: ColumnAlign) -> &'static str {
    match align {
        ColumnAlign::Left => "left",
        ColumnAlign::Right => "right",
        ColumnAlign::Centre => "centre",
    }
}

fn align_of(name: &str) -> ColumnAlign {
    match name {
        "right" => ColumnAlign::Right,
        "centre" => ColumnAlign::Centre,
        _ => ColumnAlign::Left,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::model::Destination;
    use crate::service::types::Command;

    /// A tournament round's announcement as the code before [`Payload`] wrote it (with
    /// `json!`, every key present, `null` for what it did not have).
    const WRITTEN_BY_JSON_MACRO: &str = r#"{"board":null,"buttons":[{"id":"akron:resign:3","label":"Resign","style":"danger"}],"channels":["console:lobby"],"fallback":"console:main","if_over":"**Cup**, round 1, board 1: ended before it could be announced: ","mark_last":false,"mentions":[{"id":"console:bob","name":"bob"}],"only_at_version":7,"puzzle":null,"table":{"columns":[["Board","right"],["Black","left"],["Result","centre"]],"rows":[["1","**al**`ice","½–½"],["bye","bob",""]],"subtitle":"after 1 round","title":"Cup, round 2 of 3"},"text":"<@console:bob>, **hello** in <#console:lobby>","thread":"Akron #3: alice vs bob","thread_game":3}"#;

    #[test]
    fn a_notice_written_before_the_typed_payload_reads_back() {
        let payload: Payload = serde_json::from_str(WRITTEN_BY_JSON_MACRO).unwrap();
        let reply = payload.reply();
        assert_eq!(reply.text, "<@console:bob>, **hello** in <#console:lobby>");
        assert_eq!(
            reply.mentions,
            [User::new(UserId::new("console", "bob"), "bob")]
        );
        assert_eq!(reply.channels, [ChannelId::new("console", "lobby")]);
        assert_eq!(
            reply.buttons,
            Button::of(Command::AskResign, GameId(3))
                .into_iter()
                .collect::<Vec<_>>()
        );
        assert_eq!(payload.board, None);
        assert!(!payload.mark_last);
        assert_eq!(payload.puzzle(), None);
        assert_eq!(payload.fallback(), Some(ChannelId::new("console", "main")));
        assert_eq!(
            payload.thread(Language::German),
            Some(ThreadRequest {
                name: "Akron #3: alice vs bob".to_string(),
                game: GameId(3)
            })
        );
        assert_eq!(payload.only_at_version, Some(7));
        assert!(payload.if_over.as_deref().unwrap().starts_with("**Cup**"));
        let table = payload.table.as_ref().unwrap().table();
        assert_eq!(table.title, "Cup, round 2 of 3");
        assert_eq!(table.columns[0].align, ColumnAlign::Right);
        assert_eq!(table.columns[2].align, ColumnAlign::Centre);
        assert_eq!(table.rows[0][1], "**al**`ice");
        // Written again, it is the same JSON, key for key.
        let again: serde_json::Value = serde_json::to_value(&payload).unwrap();
        let before: serde_json::Value = serde_json::from_str(WRITTEN_BY_JSON_MACRO).unwrap();
        assert_eq!(again, before);
    }

    /// Rows from before a key existed (no `table`, `thread` or `if_over`), and a button whose
    /// id the bot no longer knows.
    #[test]
    fn an_older_notice_without_some_keys_reads_back() {
        let payload: Payload = serde_json::from_str(
            r#"{"text":"Your move","board":2,"mark_last":true,"mentions":[],
                "buttons":[{"id":"akron:nonsense:1","label":"?","style":"primary"}]}"#,
        )
        .unwrap();
        assert_eq!(payload.reply().text, "Your move");
        assert!(payload.reply().buttons.is_empty());
        assert_eq!((payload.board, payload.mark_last), (Some(2), true));
        assert_eq!(payload.thread(Language::English), None);
        assert_eq!(payload.table, None);
    }

    #[test]
    fn notices_round_trip_through_their_stored_form() {
        let mut draft = Draft::to(
            Destination::Channel(ChannelId::new("console", "main")),
            GameId(3),
        );
        let bob = User::new(UserId::new("console", "bob"), "bob");
        let token = draft.reply.mention_user(&bob).say(Language::English);
        draft.reply.text = format!("{token}, **hello**");
        draft.reply.buttons = Button::of(Command::AskResign, GameId(3))
            .into_iter()
            .collect();
        draft.board = Some(4);
        draft.table = Some(Table {
            title: "Cup".to_string(),
            subtitle: String::new(),
            columns: vec![Column::new("#", ColumnAlign::Right)],
            rows: vec![vec!["1".to_string()]],
        });
        draft.thread = Some(super::super::ThreadDraft {
            name: crate::phrase!(
                "thread-name",
                game = "#3",
                black = "alice",
                white = User::ai(akron_ai::Level::new(2).unwrap()).shown()
            ),
            game: GameId(3),
        });
        let stored = serde_json::to_string(&Payload::of(&draft)).unwrap();
        let back: Payload = serde_json::from_str(&stored).unwrap();
        assert_eq!(back, Payload::of(&draft));
        let reply = back.reply();
        assert_eq!(reply.text, draft.reply.text);
        assert_eq!(reply.mentions, draft.reply.mentions);
        assert_eq!(reply.buttons, draft.reply.buttons);
        assert_eq!(back.board, Some(4));
        assert_eq!(back.table.as_ref().map(StoredTable::table), draft.table);
        // The thread's name is put into words at delivery, in the language then; the English
        // one is kept for versions that read only `thread`.
        let thread = |language| back.thread(language).map(|t| (t.name, t.game));
        assert_eq!(
            thread(Language::Spanish),
            Some((
                "Akron #3: alice contra Akron IA nivel 2".to_string(),
                GameId(3)
            ))
        );
        assert_eq!(
            thread(Language::German),
            Some((
                "Akron #3: alice gegen Akron-KI Stufe 2".to_string(),
                GameId(3)
            ))
        );
        assert_eq!(
            back.thread.as_deref(),
            Some("Akron #3: alice vs Akron AI level 2")
        );
    }
}
