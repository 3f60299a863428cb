//! Game records: a header of `[Tag "value"]` lines and the moves in notation, in the spirit
//! of chess's PGN. [`Record::write`] prints one; [`Record::parse`] reads it back, and
//! [`Record::replay`] plays it through the rules.
//!
//! ```text
//! [Event "Akron"]
//! [Game "12"]
//! [Date "2026-11-22"]
//! [Black "alice"]
//! [White "bob"]
//! [Size "5"]
//! [Pile "12"]
//! [Rule "delayed"]
//! [Start "5:b:12,12:5/5/5/5/5"]
//! [Result "black wins connection"]
//!
//! 1. C3 swap
//! 2. B2 C2
//! ```
//!
//! `Black` and `White` name the players by their colours at the start; after `swap` they
//! exchange colours. Lines starting with `#` are comments.

use akron_rules::{CodeError, Game, IllegalMove, Move, ParseError, Position, WinRule};
use std::fmt::{self, Write as _};

/// A parsed record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The header tags in order.
    pub tags: Vec<(String, String)>,
    /// The moves.
    pub moves: Vec<Move>,
}

/// Why a record cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// A header line is not `[Tag "value"]`.
    Header(String),
    /// A word in the move list is not a move.
    Move(String, ParseError),
    /// The start position is not a valid code (a bad `Start`, or `Size` and `Pile` that make
    /// no start position).
    Start(CodeError),
    /// A tag (`Size`, `Pile`, `Rule`) has a bad value: the tag and the value.
    Tag(String, String),
    /// A move cannot be played.
    Illegal {
        /// Its number, from 1.
        number: usize,
        /// The move.
        mv: Move,
        /// Why.
        reason: IllegalMove,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Header(line) => {
                write!(f, "header line '{line}' should look like [Size \"8\"]")
            }
            RecordError::Move(word, e) => write!(f, "'{word}' in the move list: {e}"),
            RecordError::Start(e) => write!(f, "the Start position is bad: {e}"),
            RecordError::Tag(tag, value) => write!(f, "the {tag} tag is bad: '{value}'"),
            RecordError::Illegal { number, mv, reason } => {
                write!(f, "move {number} ({mv}) cannot be played: {reason}")
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// The value of a tag.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Whether some text looks like a record rather than a position code.
    #[must_use]
    pub fn looks_like_record(text: &str) -> bool {
        let t = text.trim_start();
        t.starts_with('[') || t.starts_with('#') || t.starts_with("1.")
    }

    /// Reads a record.
    ///
    /// # Errors
    ///
    /// A malformed header line or a word that is not a move.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut tags = Vec::new();
        let mut moves = Vec::new();
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(inner) = line.strip_prefix('[') {
                let inner = inner
                    .strip_suffix(']')
                    .ok_or_else(|| RecordError::Header(line.to_string()))?;
                let (key, value) = inner
                    .split_once(char::is_whitespace)
                    .ok_or_else(|| RecordError::Header(line.to_string()))?;
                let value = value
                    .trim()
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or_else(|| RecordError::Header(line.to_string()))?;
                tags.push((key.to_string(), value.replace("\\\"", "\"")));
                continue;
            }
            for word in line.split_whitespace() {
                let numbered = word.trim_end_matches('.');
                if word.ends_with('.') && numbered.chars().all(|c| c.is_ascii_digit()) {
                    continue;
                }
                let mv = word
                    .parse::<Move>()
                    .map_err(|e| RecordError::Move(word.to_string(), e))?;
                moves.push(mv);
            }
        }
        Ok(Record { tags, moves })
    }

    /// The starting position: the `Start` tag, or an empty board of `Size` and `Pile`
    /// (default 8 and ⌊n²/2⌋).
    ///
    /// # Errors
    ///
    /// A bad `Start`, `Size` or `Pile`.
    pub fn start(&self) -> Result<Position, RecordError> {
        if let Some(code) = self.tag("Start") {
            return Position::from_code(code).map_err(RecordError::Start);
        }
        let size = match self.tag("Size") {
            Some(s) => s
                .parse::<u8>()
                .map_err(|_| RecordError::Tag("Size".into(), s.to_string()))?,
            None => akron_rules::DEFAULT_SIZE,
        };
        let pile = match self.tag("Pile") {
            Some(s) => s
                .parse::<u16>()
                .map_err(|_| RecordError::Tag("Pile".into(), s.to_string()))?,
            None => akron_rules::default_pile(size),
        };
        Position::start(size, pile).map_err(|e| RecordError::Start(CodeError::Position(e)))
    }

    /// The win rule: the `Rule` tag, default delayed.
    ///
    /// # Errors
    ///
    /// A bad `Rule`.
    pub fn win_rule(&self) -> Result<WinRule, RecordError> {
        self.tag("Rule").map_or(Ok(WinRule::Delayed), |r| {
            r.parse()
                .map_err(|_: String| RecordError::Tag("Rule".into(), r.to_string()))
        })
    }

    /// Plays the record through the rules.
    ///
    /// # Errors
    ///
    /// A bad header or the first move that cannot be played.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let mut game = Game::from_position(self.start()?, self.win_rule()?);
        for (i, &mv) in self.moves.iter().enumerate() {
            game.play(mv).map_err(|e| RecordError::Illegal {
                number: i + 1,
                mv,
                reason: e,
            })?;
        }
        Ok(game)
    }

    /// Prints a record: the tags, a blank line, then the moves two to a line, each numbered by its
    /// ply as the pictures number them (`1. C3 2. swap`). [`Record::parse`] also reads the
    /// older records numbered by pairs (`1. C3 swap`).
    #[must_use]
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (key, value) in &self.tags {
            let _ = writeln!(out, "[{key} \"{}\"]", value.replace('"', "\\\""));
        }
        out.push('\n');
        for (i, pair) in self.moves.chunks(2).enumerate() {
            for (j, mv) in pair.iter().enumerate() {
                let sep = if j == 0 { "" } else { " " };
                let _ = write!(out, "{sep}{}. {mv}", 2 * i + j + 1);
            }
            out.push('\n');
        }
        out
    }
}

impl Record {
    /// Prints a record with a comment after each move that has one (`notes[i]` for the move
    /// of ply `i`; empty: none): the moves one to a line, each followed by `# NOTE`, which
    /// [`Record::parse`] skips. Without notes it is [`Record::write`].
    #[must_use]
    pub fn write_annotated(&self, notes: &[String]) -> String {
        if notes.iter().all(String::is_empty) {
            return self.write();
        }
        let mut out = String::new();
        for (key, value) in &self.tags {
            let _ = writeln!(out, "[{key} \"{}\"]", value.replace('"', "\\\""));
        }
        out.push('\n');
        for (i, mv) in self.moves.iter().enumerate() {
            let _ = writeln!(out, "{}. {mv}", i + 1);
            if let Some(note) = notes.get(i).filter(|n| !n.is_empty()) {
                // One line each: a note never carries a line break into the move list.
                let _ = writeln!(out, "# {}", note.replace(['\n', '\r'], " "));
            }
        }
        out
    }
}

/// `2026-11-22` for a Unix time in seconds (UTC).
#[must_use]
pub fn date(unix_seconds: i64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = unix_seconds.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400), "2000-02-29");
        assert_eq!(date(1_795_305_600), "2026-11-22");
    }

    #[test]
    fn records_round_trip_and_replay() {
        let text =
            "[Event \"Akron\"]\n[Size \"4\"]\n[Rule \"immediate\"]\n\n1. B2 swap\n2. c3 A1\n";
        let Ok(record) = Record::parse(text) else {
            panic!("parses")
        };
        assert_eq!(record.moves.len(), 4);
        assert_eq!(record.tag("size"), Some("4"));
        let written = record.write();
        assert!(
            written.ends_with("\n\n1. B2 2. swap\n3. C3 4. A1\n"),
            "each move numbered by its ply, as the pictures number them: {written}"
        );
        let again = Record::parse(&written);
        assert_eq!(again.as_ref(), Ok(&record));
        let Ok(game) = record.replay() else {
            panic!("replays")
        };
        assert_eq!(game.moves().len(), 4);
        assert_eq!(game.win_rule(), WinRule::Immediate);
        assert!(game.swapped());
    }

    #[test]
    fn an_annotated_record_reads_back_as_the_same_moves() {
        let Ok(record) = Record::parse("[Size \"4\"]\n1. B2 2. swap\n3. C3") else {
            panic!("parses")
        };
        let notes = vec![
            "Black: 50 % → 48 %".to_string(),
            String::new(),
            "Black: 60 % → 20 %, blunder ??\nbetter A1".to_string(),
        ];
        let written = record.write_annotated(&notes);
        assert!(
            written.ends_with("1. B2\n# Black: 50 % → 48 %\n2. swap\n3. C3\n# Black: 60 % → 20 %, blunder ?? better A1\n"),
            "{written}"
        );
        assert_eq!(Record::parse(&written), Ok(record.clone()));
        assert_eq!(record.write_annotated(&[]), record.write());
    }

    #[test]
    fn bad_records_say_what_is_wrong() {
        assert!(matches!(
            Record::parse("[Size 4]"),
            Err(RecordError::Header(_))
        ));
        assert!(matches!(Record::parse("1. Z9"), Err(RecordError::Move(..))));
        let Ok(record) = Record::parse("[Size \"4\"]\n1. B2 B2") else {
            panic!("parses")
        };
        assert!(matches!(
            record.replay(),
            Err(RecordError::Illegal { number: 2, .. })
        ));
    }
}
