//! A knockout bracket as a PNG: one column per round, each match a box of two lines (seed,
//! name, score), the winner bright and the loser dim, lines joining each match to the one its
//! winner plays next. It knows nothing about tournaments: every text is given, in the reader's
//! language.
//!
//! At most [`MAX_COLUMNS`] rounds are drawn (the caller picks which), and at most
//! [`MAX_MATCHES`] matches in the first column ([`MAX_DOUBLE_MATCHES`] in each part of a
//! double elimination), so no input makes the image unbounded; with three
//! rounds of an 8-place bracket the image is about 900 × 500 pixels, legible on a phone.
//! Names are cleaned of what the font cannot draw, cut to their room, and isolated when they
//! hold right-to-left letters, as the tables' are.
//!
//! # Examples
//!
//! ```
//! use akron_renderer::bracket::{render, Bracket, Entry, Match, Round};
//! let entry = |seed, name: &str, score: &str| Entry {
//!     seed,
//!     name: name.to_string(),
//!     score: score.to_string(),
//!     mark: String::new(),
//! };
//! let bracket = Bracket {
//!     title: "Winter Cup".to_string(),
//!     subtitle: "best of 3".to_string(),
//!     bye: "bye".to_string(),
//!     rounds: vec![Round {
//!         name: "Final".to_string(),
//!         matches: vec![Some(Match {
//!             top: entry(1, "ana", "1"),
//!             bottom: Some(entry(2, "ben", "2")),
//!             winner: Some(false),
//!         })],
//!     }],
//! };
//! let png = render(&bracket)?;
//! assert_eq!(&png[1..4], b"PNG");
//! # Ok::<(), akron_renderer::RenderError>(())
//! ```

use crate::canvas::{self, Canvas};
use crate::palette::{self, Rgb};
use crate::text;
use crate::RenderError;

/// The most rounds drawn side by side.
pub const MAX_COLUMNS: usize = 3;
/// The most matches drawn in a single elimination's first column; further ones are left
/// out (the caller says so). 32 draws a 64-player bracket's first round whole, about
/// 1,000 × 2,900 pixels: tall, but whole, which an organiser of such a field needs more than
/// a picture that fits a phone's screen without a tap.
pub const MAX_MATCHES: usize = 32;
/// The most matches drawn in each part of a double elimination (both parts share the
/// picture's height).
pub const MAX_DOUBLE_MATCHES: usize = 16;

const TEXT: f32 = 24.0;
const TITLE: f32 = 32.0;
const SUBTITLE: f32 = 21.0;
const HEADING: f32 = 21.0;
/// The smallest the subtitle is drawn before it is cut.
const SUBTITLE_MIN: f32 = 18.0;
/// One line of a match box.
const LINE: f32 = 36.0;
/// Space between two boxes of the first column.
const GAP: f32 = 14.0;
/// A column's width, and the space between two columns (where the joining lines run).
const COLUMN: f32 = 270.0;
const BETWEEN: f32 = 36.0;
const MARGIN: f32 = 24.0;
const PAD: f32 = 10.0;
/// The room for a seed number and for a score.
const SEED: f32 = 40.0;
const SCORE: f32 = 44.0;

fn dim() -> Rgb {
    palette::BACKGROUND.mix(palette::TEXT, 6.0 / 11.0)
}

fn box_fill() -> Rgb {
    palette::BACKGROUND.mix(palette::TEXT, 1.0 / 9.0)
}

/// One side of a match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The seed (0: none shown).
    pub seed: u32,
    /// The name as shown.
    pub name: String,
    /// The match score, as shown; empty for none.
    pub score: String,
    /// A short mark after the name, such as "(WD)", drawn whole: a long name is cut to make
    /// room for it, never the mark. Empty for none.
    pub mark: String,
}

/// One match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Match {
    /// The better seed.
    pub top: Entry,
    /// The other; `None` for a bye.
    pub bottom: Option<Entry>,
    /// Who went through: `Some(true)` the top, `Some(false)` the bottom, `None` undecided.
    pub winner: Option<bool>,
}

/// One round: its name and its matches top to bottom (`None`: not paired yet, or nobody).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// Its name ("Semi-finals").
    pub name: String,
    /// Its matches; each round has half the matches of the one before.
    pub matches: Vec<Option<Match>>,
}

/// A bracket to draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bracket {
    /// The line above, in large type.
    pub title: String,
    /// A dimmer line under the title; empty for none.
    pub subtitle: String,
    /// What a bye's empty line says.
    pub bye: String,
    /// The rounds left to right (at most [`MAX_COLUMNS`] are drawn).
    pub rounds: Vec<Round>,
}

/// A name (or any line) as the font can draw it, isolated when right-to-left, cut to `room`.
fn shown(text: &str, room: f32, size: f32) -> Result<String, RenderError> {
    line(text, room, size, text::MAX_NAME_CHARS)
}

/// A name and its mark as one line in `room`: the name cut (a whole word at a time, as
/// [`shown`] cuts) to leave room for the mark, which is drawn whole.
fn with_mark(name: &str, mark: &str, room: f32, size: f32) -> Result<String, RenderError> {
    if mark.is_empty() {
        return shown(name, room, size);
    }
    let mark = line(mark, room, size, text::MAX_NAME_CHARS)?;
    let mark_width = crate::canvas::Canvas::text_width(&format!(" {mark}"), size)?;
    let name = shown(name, (room - mark_width).max(0.0), size)?;
    Ok(format!("{name} {mark}"))
}

/// Draws a picture's title and, when it has one, its subtitle under it (one or two lines,
/// [`subtitle_lines`]), across `width` (both kinds of bracket share this head).
fn draw_titles(
    canvas: &mut Canvas,
    (title, subtitle): (&str, &[(String, f32)]),
    width: f32,
    title_height: f32,
) -> Result<(), RenderError> {
    let inner = width - 2.0 * MARGIN;
    let title = line(title, inner, TITLE, text::MAX_LINE_CHARS)?;
    canvas.text(
        &title,
        (MARGIN, MARGIN + title_height / 2.0),
        TITLE,
        palette::TEXT,
        canvas::Align::Left,
    )?;
    for (index, (text, size)) in subtitle.iter().enumerate() {
        canvas.text(
            text,
            (
                MARGIN,
                MARGIN + title_height + SUBTITLE_LINE * (index as f32 + 0.5),
            ),
            *size,
            dim(),
            canvas::Align::Left,
        )?;
    }
    Ok(())
}

/// The height of one line of the subtitle.
const SUBTITLE_LINE: f32 = SUBTITLE * 1.5;

/// The subtitle in `room`, as the lines it is drawn in and their sizes: one line, in smaller
/// type (down to [`SUBTITLE_MIN`]) if need be, when it fits so; else, when it carries the
/// legend of the withdrawal marks after a ` · `, the format on one line and the legend on the
/// next, each fitted as one line; cut only when even that does not fit. A two-round
/// knockout's picture is 640 pixels wide, and its German subtitle with the legend was cut
/// in the middle of the legend ("disq.…").
fn subtitle_lines(subtitle: &str, room: f32) -> Result<Vec<(String, f32)>, RenderError> {
    if subtitle.is_empty() {
        return Ok(Vec::new());
    }
    let (whole, size) = subtitle_line(subtitle, room)?;
    let fits = text::drawable(subtitle, text::MAX_LINE_CHARS)
        .map(|drawn| text::isolated(drawn.text) == whole)
        .unwrap_or(false);
    match subtitle.rsplit_once(" · ") {
        Some((format, legend)) if !fits => Ok(vec![
            subtitle_line(format, room)?,
            subtitle_line(legend, room)?,
        ]),
        _ => Ok(vec![(whole, size)]),
    }
}

/// The subtitle in `room` and the size it is drawn at: smaller type (down to
/// [`SUBTITLE_MIN`]) before a cut, so that a long one (a translated format with the legend
/// of the withdrawal marks) is read whole.
fn subtitle_line(subtitle: &str, room: f32) -> Result<(String, f32), RenderError> {
    let drawn = text::drawable(subtitle, text::MAX_LINE_CHARS)?;
    let (fitted, size) = text::fit(&drawn.text, SUBTITLE, SUBTITLE_MIN, room)?;
    Ok((text::isolated(fitted), size))
}

/// A line of up to `chars` characters as the font can draw it, cut to `room`.
fn line(text: &str, room: f32, size: f32, chars: usize) -> Result<String, RenderError> {
    let drawn = text::drawable(text, chars)?;
    let (fitted, _) = text::fit(&drawn.text, size, size, room)?;
    Ok(text::isolated(fitted))
}

/// Draws `bracket` as a PNG.
///
/// # Errors
///
/// When the embedded font cannot be read or the image cannot be encoded.
pub fn render(bracket: &Bracket) -> Result<Vec<u8>, RenderError> {
    let rounds = &bracket.rounds[..bracket.rounds.len().min(MAX_COLUMNS)];
    let first = rounds
        .first()
        .map_or(1, |r| r.matches.len().clamp(1, MAX_MATCHES));
    let columns = rounds.len().max(1) as f32;
    let width = (2.0 * MARGIN + columns * COLUMN + (columns - 1.0) * BETWEEN).max(640.0);
    let title_height = TITLE * 1.5;
    let subtitle = subtitle_lines(&bracket.subtitle, width - 2.0 * MARGIN)?;
    let subtitle_height = subtitle.len() as f32 * SUBTITLE_LINE;
    let top = MARGIN + title_height + subtitle_height + HEADING * 1.6;
    let slot = 2.0 * LINE + GAP;
    let height = top + first as f32 * slot + MARGIN;
    let mut canvas = Canvas::new(
        width.ceil() as u32,
        height.ceil() as u32,
        palette::BACKGROUND,
    )?;
    draw_titles(
        &mut canvas,
        (&bracket.title, &subtitle),
        width,
        title_height,
    )?;
    for (column, round) in rounds.iter().enumerate() {
        let left = MARGIN + column as f32 * (COLUMN + BETWEEN);
        let heading = shown(&round.name, COLUMN, HEADING)?;
        canvas.text(
            &heading,
            (left, top - HEADING * 0.9),
            HEADING,
            dim(),
            canvas::Align::Left,
        )?;
        // Each match of this column spans 2^column slots of the first.
        let span = slot * (1u32 << column.min(8)) as f32;
        let count = round.matches.len().min(first.div_ceil(1 << column.min(8)));
        for (index, m) in round.matches.iter().take(count).enumerate() {
            let centre = top + span * (index as f32 + 0.5);
            let box_top = centre - LINE;
            canvas.fill_rounded((left, box_top, COLUMN, 2.0 * LINE), 6.0, box_fill());
            if let Some(m) = m {
                draw_match(&mut canvas, m, &bracket.bye, left, box_top)?;
            }
            if column + 1 < rounds.len() {
                // To the next round's match: out, then up or down to its centre.
                let next = top + span * 2.0 * ((index / 2) as f32 + 0.5);
                let x0 = left + COLUMN;
                let x1 = x0 + BETWEEN / 2.0;
                let x2 = x0 + BETWEEN;
                canvas.stroke_line(
                    &[(x0, centre), (x1, centre), (x1, next), (x2, next)],
                    2.0,
                    dim(),
                    1.0,
                );
            }
        }
    }
    let (w, h, indices) = canvas.finish();
    palette::encode(w, h, &indices)
}

/// One column of a double elimination: the round of each bracket played in it (`None`: that
/// bracket has none). The grand final and the reset are columns with only a winners' part.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Column {
    /// The winners' bracket's round (or the grand final), drawn in the upper part.
    pub winners: Option<Round>,
    /// The losers' bracket's round, drawn in the lower part.
    pub losers: Option<Round>,
}

/// A double elimination to draw: the winners' bracket above, the losers' bracket below, the
/// grand final (and the reset) in the columns at the right.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DoubleBracket {
    /// The line above, in large type.
    pub title: String,
    /// A dimmer line under the title; empty for none.
    pub subtitle: String,
    /// What a bye's empty line says.
    pub bye: String,
    /// The upper part's label ("Winners' bracket").
    pub winners: String,
    /// The lower part's label ("Losers' bracket").
    pub losers: String,
    /// The columns left to right (at most [`MAX_COLUMNS`] are drawn).
    pub columns: Vec<Column>,
}

/// Which of a column's rounds a part of the picture draws.
type Pick = fn(&Column) -> Option<&Round>;

/// Draws a double elimination as a PNG: each column's winners' round in the upper part and
/// its losers' round in the lower, each part's matches spread evenly over its height, so that
/// a round with half the matches of the one before sits between them, as in a single bracket.
///
/// # Errors
///
/// When the embedded font cannot be read or the image cannot be encoded.
pub fn render_double(bracket: &DoubleBracket) -> Result<Vec<u8>, RenderError> {
    let columns = &bracket.columns[..bracket.columns.len().min(MAX_COLUMNS)];
    let rows = |pick: Pick| {
        columns
            .iter()
            .filter_map(pick)
            .map(|r| r.matches.len().min(MAX_DOUBLE_MATCHES))
            .max()
            .unwrap_or(0)
    };
    let upper = rows(|c| c.winners.as_ref()).max(1);
    let lower = rows(|c| c.losers.as_ref());
    let count = columns.len().max(1) as f32;
    let width = (2.0 * MARGIN + count * COLUMN + (count - 1.0) * BETWEEN).max(640.0);
    let title_height = TITLE * 1.5;
    let subtitle = subtitle_lines(&bracket.subtitle, width - 2.0 * MARGIN)?;
    let subtitle_height = subtitle.len() as f32 * SUBTITLE_LINE;
    let slot = 2.0 * LINE + GAP;
    // Each part: its label, the rounds' names, then its rows.
    let label = HEADING * 1.6;
    let part = |rows: usize| {
        if rows == 0 {
            0.0
        } else {
            2.0 * label + rows as f32 * slot
        }
    };
    let upper_top = MARGIN + title_height + subtitle_height;
    let lower_top = upper_top + part(upper);
    let height = lower_top + part(lower) + MARGIN;
    let mut canvas = Canvas::new(
        width.ceil() as u32,
        height.ceil() as u32,
        palette::BACKGROUND,
    )?;
    draw_titles(
        &mut canvas,
        (&bracket.title, &subtitle),
        width,
        title_height,
    )?;
    let parts: [(&str, f32, usize, Pick); 2] = [
        (&bracket.winners, upper_top, upper, |c| c.winners.as_ref()),
        (&bracket.losers, lower_top, lower, |c| c.losers.as_ref()),
    ];
    for (name, top, rows, pick) in parts {
        if rows == 0 {
            continue;
        }
        let name = line(name, width - 2.0 * MARGIN, HEADING, text::MAX_LINE_CHARS)?;
        canvas.text(
            &name,
            (MARGIN, top + label / 2.0),
            HEADING,
            palette::TEXT,
            canvas::Align::Left,
        )?;
        let first = top + 2.0 * label;
        let room = rows as f32 * slot;
        for (index, column) in columns.iter().enumerate() {
            let Some(round) = pick(column) else {
                continue;
            };
            let left = MARGIN + index as f32 * (COLUMN + BETWEEN);
            let heading = shown(&round.name, COLUMN, HEADING)?;
            canvas.text(
                &heading,
                (left, first - HEADING * 0.9),
                HEADING,
                dim(),
                canvas::Align::Left,
            )?;
            let shown_count = round.matches.len().min(MAX_DOUBLE_MATCHES);
            let span = room / shown_count.max(1) as f32;
            let next = columns
                .get(index + 1)
                .and_then(pick)
                .map(|r| r.matches.len().min(MAX_DOUBLE_MATCHES))
                .filter(|&n| n > 0 && n <= shown_count);
            for (i, m) in round.matches.iter().take(shown_count).enumerate() {
                let centre = first + span * (i as f32 + 0.5);
                let box_top = centre - LINE;
                canvas.fill_rounded((left, box_top, COLUMN, 2.0 * LINE), 6.0, box_fill());
                if let Some(m) = m {
                    draw_match(&mut canvas, m, &bracket.bye, left, box_top)?;
                }
                if let Some(n) = next {
                    // To the match its winner plays next: out, then up or down to its centre.
                    let j = i * n / shown_count;
                    let to = first + room / n as f32 * (j as f32 + 0.5);
                    let x0 = left + COLUMN;
                    let x1 = x0 + BETWEEN / 2.0;
                    let x2 = x0 + BETWEEN;
                    canvas.stroke_line(
                        &[(x0, centre), (x1, centre), (x1, to), (x2, to)],
                        2.0,
                        dim(),
                        1.0,
                    );
                }
            }
        }
    }
    let (w, h, indices) = canvas.finish();
    palette::encode(w, h, &indices)
}

/// A match's two lines in its box at `(left, top)`.
fn draw_match(
    canvas: &mut Canvas,
    m: &Match,
    bye: &str,
    left: f32,
    top: f32,
) -> Result<(), RenderError> {
    let colour = |top_line: bool| match m.winner {
        None => palette::TEXT,
        Some(won) if won == top_line => palette::TEXT,
        Some(_) => dim(),
    };
    draw_entry(canvas, &m.top, colour(true), left, top + LINE / 2.0)?;
    let y = top + LINE * 1.5;
    match &m.bottom {
        Some(entry) => draw_entry(canvas, entry, colour(false), left, y)?,
        None => {
            let text = shown(bye, COLUMN - 2.0 * PAD - SEED, TEXT)?;
            canvas.text(
                &text,
                (left + PAD + SEED, y),
                TEXT,
                dim(),
                canvas::Align::Left,
            )?;
        }
    }
    Ok(())
}

/// One line: the seed, the name, the score.
fn draw_entry(
    canvas: &mut Canvas,
    entry: &Entry,
    colour: Rgb,
    left: f32,
    y: f32,
) -> Result<(), RenderError> {
    if entry.seed > 0 {
        canvas.text(
            &entry.seed.to_string(),
            (left + PAD + SEED - 12.0, y),
            HEADING,
            dim(),
            canvas::Align::Right,
        )?;
    }
    let room = COLUMN - 2.0 * PAD - SEED - SCORE;
    let name = with_mark(&entry.name, &entry.mark, room, TEXT)?;
    canvas.text(
        &name,
        (left + PAD + SEED, y),
        TEXT,
        colour,
        canvas::Align::Left,
    )?;
    if !entry.score.is_empty() {
        let score = shown(&entry.score, SCORE, TEXT)?;
        canvas.text(
            &score,
            (left + COLUMN - PAD, y),
            TEXT,
            colour,
            canvas::Align::Right,
        )?;
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn entry(seed: u32, name: &str, score: &str) -> Entry {
        Entry {
            seed,
            name: name.to_string(),
            score: score.to_string(),
            mark: String::new(),
        }
    }

    #[test]
    fn a_mark_is_drawn_whole_and_a_long_name_is_cut_for_it() {
        let room = COLUMN - 2.0 * PAD - SEED - SCORE;
        for mark in ["(WD)", "(DQ)", "(desc.)", "(disq.)", "(zur.)", "(ret.)"] {
            let short = with_mark("fay", mark, room, TEXT).unwrap();
            assert_eq!(short, format!("fay {mark}"));
            let long = with_mark("Alexandria Constantinopoulou", mark, room, TEXT).unwrap();
            assert!(long.ends_with(&format!(" {mark}")), "{long}");
            assert!(long.starts_with("Alex"), "{long}");
            let width = crate::canvas::Canvas::text_width(&long, TEXT).unwrap();
            assert!(width <= room + 0.5, "{long}: {width} in {room}");
        }
        assert_eq!(with_mark("fay", "", room, TEXT).unwrap(), "fay");
    }

    #[test]
    fn a_long_subtitle_is_drawn_smaller_rather_than_cut() {
        let room = 930.0 - 2.0 * MARGIN;
        let spanish = "doble eliminación, al mejor de 1, con segunda final · ret.: se retiró, \
                       desc.: descalificación";
        let (shown, size) = subtitle_line(spanish, room).unwrap();
        assert_eq!(shown, spanish);
        assert!((SUBTITLE_MIN..SUBTITLE).contains(&size), "{size}");
        let (short, size) = subtitle_line("double elimination, best of 1", room).unwrap();
        assert_eq!(
            (short.as_str(), size),
            ("double elimination, best of 1", SUBTITLE)
        );
    }

    #[test]
    fn a_legend_that_does_not_fit_beside_the_format_goes_on_a_line_of_its_own() {
        // A two-round knockout's picture: 640 pixels wide.
        let room = 640.0 - 2.0 * MARGIN;
        let german = "K.-o.-System, Best of 3 · zur.: zurückgezogen, disq.: disqualifiziert";
        let lines = subtitle_lines(german, room).unwrap();
        let texts: Vec<&str> = lines.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(
            texts,
            [
                "K.-o.-System, Best of 3",
                "zur.: zurückgezogen, disq.: disqualifiziert"
            ]
        );
        let short = subtitle_lines("K.-o.-System, Best of 3", room).unwrap();
        assert_eq!(short, [("K.-o.-System, Best of 3".to_string(), SUBTITLE)]);
        assert!(subtitle_lines("", room).unwrap().is_empty());
        // Wide enough for both: one line, as before.
        let wide = subtitle_lines(german, 930.0 - 2.0 * MARGIN).unwrap();
        assert_eq!(wide.len(), 1);
        assert_eq!(wide[0].0, german);
    }

    /// The six-player bracket of the console transcript after its final.
    pub(crate) fn six() -> Bracket {
        let m = |top: Entry, bottom: Option<Entry>, winner| {
            Some(Match {
                top,
                bottom,
                winner,
            })
        };
        Bracket {
            title: "Winter Cup".to_string(),
            subtitle: "single elimination, best of 3".to_string(),
            bye: "bye".to_string(),
            rounds: vec![
                Round {
                    name: "Quarter-finals".to_string(),
                    matches: vec![
                        m(entry(1, "ana", ""), None, Some(true)),
                        m(
                            entry(4, "dani", "1½"),
                            Some(entry(5, "eli", "1½")),
                            Some(false),
                        ),
                        m(entry(2, "ben", ""), None, Some(true)),
                        m(
                            entry(3, "cleo", "1"),
                            Some(entry(6, "fay (out)", "0")),
                            Some(true),
                        ),
                    ],
                },
                Round {
                    name: "Semi-finals".to_string(),
                    matches: vec![
                        m(entry(1, "ana", "2"), Some(entry(5, "eli", "0")), Some(true)),
                        m(
                            entry(2, "ben", "1"),
                            Some(entry(3, "cleo (out)", "1")),
                            Some(true),
                        ),
                    ],
                },
                Round {
                    name: "Final".to_string(),
                    matches: vec![m(
                        entry(1, "ana", "1"),
                        Some(entry(2, "ملك بن", "2")),
                        Some(false),
                    )],
                },
            ],
        }
    }

    /// A picture a phone shows whole: 640 to 1000 pixels wide, at most `height` high; kept as
    /// `DIR/NAME` under `AKRON_TABLE_OUT=DIR` for a person to look at.
    fn phone_sized(png: &[u8], height: u32, name: &str) {
        let decoded = image::load_from_memory(png).unwrap();
        assert!(
            (640..=1000).contains(&decoded.width()),
            "{}",
            decoded.width()
        );
        assert!(decoded.height() <= height, "{}", decoded.height());
        if let Some(dir) = std::env::var_os("AKRON_TABLE_OUT") {
            std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
        }
    }

    #[test]
    fn a_six_player_bracket_is_a_phone_sized_png() {
        phone_sized(&render(&six()).unwrap(), 600, "bracket-six.png");
    }

    /// The five-player double elimination of the console transcript in its rounds 2 to 4:
    /// the winners' semi-finals and final above, the losers' first three rounds below.
    pub(crate) fn five_double() -> DoubleBracket {
        let m = |top: Entry, bottom: Option<Entry>, winner| {
            Some(Match {
                top,
                bottom,
                winner,
            })
        };
        let round = |name: &str, matches| Round {
            name: name.to_string(),
            matches,
        };
        DoubleBracket {
            title: "Spring Double".to_string(),
            subtitle: "double elimination, best of 1, bracket reset".to_string(),
            bye: "bye".to_string(),
            winners: "Winners' bracket".to_string(),
            losers: "Losers' bracket".to_string(),
            columns: vec![
                Column {
                    winners: Some(round(
                        "Winners' round 2",
                        vec![
                            m(entry(1, "ana", "1"), Some(entry(5, "eli", "0")), Some(true)),
                            m(
                                entry(2, "ben", "1"),
                                Some(entry(3, "cleo (out)", "0")),
                                Some(true),
                            ),
                        ],
                    )),
                    losers: Some(round(
                        "Losers' round 1",
                        vec![m(entry(4, "dani", ""), None, Some(true)), None],
                    )),
                },
                Column {
                    winners: Some(round(
                        "Winners' final",
                        vec![m(
                            entry(1, "ana", "0"),
                            Some(entry(2, "ben", "1")),
                            Some(false),
                        )],
                    )),
                    losers: Some(round(
                        "Losers' round 2",
                        vec![
                            m(entry(4, "dani", ""), None, Some(true)),
                            m(entry(5, "eli", ""), None, Some(true)),
                        ],
                    )),
                },
                Column {
                    winners: None,
                    losers: Some(round(
                        "Losers' round 3",
                        vec![m(
                            entry(4, "dani (out)", "0"),
                            Some(entry(5, "ملك بن", "1")),
                            Some(false),
                        )],
                    )),
                },
            ],
        }
    }

    #[test]
    fn a_five_player_double_bracket_is_a_phone_sized_png() {
        phone_sized(
            &render_double(&five_double()).unwrap(),
            800,
            "bracket-double.png",
        );
    }

    #[test]
    fn a_huge_double_bracket_stays_small() {
        let round = |n: usize| {
            Some(Round {
                name: "R".repeat(300),
                matches: (0..n)
                    .map(|i| {
                        Some(Match {
                            top: entry(1, &"x".repeat(500), "1"),
                            bottom: Some(entry(u32::try_from(i).unwrap(), "y", "0")),
                            winner: None,
                        })
                    })
                    .collect(),
            })
        };
        let bracket = DoubleBracket {
            title: "T".repeat(1000),
            columns: (0..10)
                .map(|_| Column {
                    winners: round(512),
                    losers: round(256),
                })
                .collect(),
            ..DoubleBracket::default()
        };
        let decoded = image::load_from_memory(&render_double(&bracket).unwrap()).unwrap();
        assert!(decoded.width() <= 1000 && decoded.height() <= 3200);
    }

    #[test]
    fn a_huge_bracket_stays_small() {
        let round = |n: usize| Round {
            name: "R".to_string(),
            matches: (0..n)
                .map(|i| {
                    Some(Match {
                        top: entry(1, &"x".repeat(500), "1"),
                        bottom: Some(entry(u32::try_from(i).unwrap(), "y", "0")),
                        winner: None,
                    })
                })
                .collect(),
        };
        let bracket = Bracket {
            title: "T".repeat(1000),
            subtitle: String::new(),
            bye: "bye".to_string(),
            rounds: vec![round(512), round(256), round(128), round(64)],
        };
        let decoded = image::load_from_memory(&render(&bracket).unwrap()).unwrap();
        // Bounded by MAX_MATCHES (32) boxes of 86 px: a 64-player first round, whole.
        assert!(decoded.width() <= 1000 && decoded.height() <= 3000);
        assert!(decoded.height() >= 32 * 86, "{}", decoded.height());
    }
}
