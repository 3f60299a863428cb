//! Why a text a user wrote could not be read, in words: the rules crate's notation and
//! position-code errors mapped to catalogue messages (the rules crate stays language-free).

use crate::catalogue::Phrase;
use crate::phrase;
use crate::record::RecordError;
use akron_rules::notation::{NotationError, ParseError, PointName};
use akron_rules::{CodeError, PositionError, MAX_PILE, MAX_SIZE, MIN_SIZE};

/// The letter of column `x` (`A` for 0), for `x` up to 25.
fn column_letter(x: u8) -> String {
    char::from(b'A' + x.min(25)).to_string()
}

/// A point name as written, canonical: `D3''`.
fn point(name: &PointName) -> String {
    name.to_string()
}

/// Why a move or point name is not well formed, whatever the board.
#[must_use]
pub(super) fn parse_error(error: &ParseError) -> Phrase {
    match error {
        ParseError::Empty => Phrase::new("notation-empty"),
        ParseError::TooLong => Phrase::new("notation-too-long"),
        ParseError::Column(text) => phrase!("notation-column", text = text),
        ParseError::Row(text) => phrase!("notation-row", text = text),
        ParseError::LeadingZero(text) => phrase!("notation-leading-zero", text = text),
        ParseError::Trailing(text) => phrase!("notation-trailing", text = text),
        ParseError::Space(text) => phrase!("notation-space", text = text),
        ParseError::NoSuchPoint(name) => phrase!(
            "notation-no-such-point",
            point = point(name),
            size = MAX_SIZE,
            last = column_letter(MAX_SIZE - 1)
        ),
        ParseError::HalfStep(text) => phrase!("notation-half-step", text = text),
        ParseError::Separators => Phrase::new("notation-separators"),
    }
}

/// Why a move or point name does not fit a board, naming that board's range.
#[must_use]
pub(super) fn notation_error(error: &NotationError) -> Phrase {
    match error {
        NotationError::Syntax { error, size } => phrase!(
            "notation-on-board",
            why = parse_error(error),
            size = *size,
            last = column_letter(size.saturating_sub(1))
        ),
        NotationError::OffBoard { name, size } => {
            let (n, k) = (*size, name.level);
            if k >= n {
                return phrase!(
                    "notation-too-high",
                    point = point(name),
                    size = n,
                    top = n.saturating_sub(1)
                );
            }
            let last = n - 1 - k;
            let (low, high) = (u32::from(k) + 1, u32::from(n));
            let column_out = name.column > last;
            let row_out = !(low..=high).contains(&name.row);
            let id = match (column_out, row_out) {
                (true, true) => "notation-off-both",
                (true, false) => "notation-off-column",
                _ => "notation-off-row",
            };
            phrase!(
                id,
                point = point(name),
                size = n,
                level = k,
                column = column_letter(name.column),
                last = column_letter(last),
                row = name.row,
                low = low,
                high = high
            )
        }
    }
}

/// Why a position code cannot be read.
#[must_use]
pub(super) fn code_error(error: &CodeError) -> Phrase {
    match error {
        CodeError::Fields(n) => phrase!("code-fields", count = *n),
        CodeError::TooLong => phrase!("code-too-long", count = akron_rules::notation::MAX_CODE_LEN),
        CodeError::Size(text) => phrase!("code-size", text = text, min = MIN_SIZE, max = MAX_SIZE),
        CodeError::Turn(text) => phrase!("code-turn", text = text),
        CodeError::Piles(text) => phrase!("code-piles", text = text, max = MAX_PILE),
        CodeError::Levels { found, size } => {
            phrase!("code-levels", count = *found, size = *size)
        }
        CodeError::Rows {
            level,
            expected,
            found,
        } => phrase!(
            "code-rows",
            level = *level,
            expected = *expected,
            found = *found
        ),
        CodeError::RowLength {
            level,
            row,
            expected,
            found,
        } => phrase!(
            "code-row-length",
            level = *level,
            row = *row,
            expected = *expected,
            found = *found
        ),
        CodeError::Number { level, row, text } => {
            phrase!("code-number", level = *level, row = *row, text = text)
        }
        CodeError::Character { level, row, found } => phrase!(
            "code-character",
            level = *level,
            row = *row,
            text = found.to_string()
        ),
        CodeError::Position(error) => position_error(error),
    }
}

/// Why a well-formed position breaks a rule.
#[must_use]
pub(super) fn position_error(error: &PositionError) -> Phrase {
    match *error {
        PositionError::Size(n) => {
            phrase!("position-size", size = n, min = MIN_SIZE, max = MAX_SIZE)
        }
        PositionError::Pile(colour, n) => phrase!(
            "position-pile",
            colour = colour.name(),
            count = n,
            max = MAX_PILE
        ),
        PositionError::StartPile { pile, size } => phrase!(
            "position-start-pile",
            count = pile,
            size = size,
            max = MAX_PILE
        ),
        PositionError::OffBoard(p) => phrase!("position-off-board", point = p.to_string()),
        PositionError::Duplicate(p) => phrase!("position-duplicate", point = p.to_string()),
        PositionError::Unsupported { point, missing } => phrase!(
            "position-unsupported",
            point = point.to_string(),
            missing = missing.to_string()
        ),
    }
}

/// Why a game record cannot be read or played.
#[must_use]
pub(super) fn record_error(error: &RecordError) -> Phrase {
    match error {
        RecordError::Header(line) => phrase!(
            "record-header",
            line = line.chars().take(60).collect::<String>()
        ),
        RecordError::Move(word, why) => phrase!(
            "record-move",
            word = word.chars().take(24).collect::<String>(),
            why = parse_error(why)
        ),
        RecordError::Start(why) => phrase!("record-start", why = code_error(why)),
        RecordError::Tag(tag, value) => phrase!(
            "record-tag",
            tag = tag,
            value = value.chars().take(24).collect::<String>()
        ),
        RecordError::Illegal { number, mv, reason } => phrase!(
            "record-illegal",
            number = *number,
            move = mv.to_string(),
            why = super::wording::illegal(reason)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Language;
    use akron_rules::notation::read_move;

    /// The English words say what the rules crate's own messages say.
    #[test]
    fn english_words_match_the_rules_crates_messages() {
        for (text, size) in [
            ("zz", 8),
            ("", 8),
            ("D0", 8),
            ("Z9", 8),
            ("D03", 8),
            ("D3x", 8),
            ("D 3", 8),
            ("A2-", 8),
            ("A2-B3-C4", 8),
            ("A1''''''''", 5),
            ("E5'", 5),
            ("A9'", 5),
            ("F1'", 5),
            ("Q99", 5),
        ] {
            let Err(error) = read_move(text, size) else {
                continue;
            };
            assert_eq!(
                notation_error(&error).say(Language::English),
                error.to_string(),
                "{text:?}"
            );
        }
        for code in [
            "5:b",
            "1:b:1,1:1",
            "5:x:12,12:5/5/5/5/5",
            "5:b:a:5/5/5/5/5",
            "3:b:1,1:3/3/3|2/2|1|1",
            "3:b:1,1:3/3",
            "3:b:1,1:3/3/2",
            "3:b:1,1:3/3/03",
            "3:b:1,1:3/3/2x",
            "3:b:1,1:3/3/3|b1/2",
            "3:b:2000,1:3/3/3",
        ] {
            let Err(error) = akron_rules::Position::from_code(code) else {
                continue;
            };
            assert_eq!(
                code_error(&error).say(Language::English),
                error.to_string(),
                "{code:?}"
            );
        }
    }
}
