//! The caption strip, two lines above the board.
//!
//! The first line says what happens now: whose turn it is, a connection that must be cut, or
//! the result; on its right, the game number and the last move with its number. The second line
//! names both players with their colours and piles.
//!
//! Move numbers are ply numbers: every move, a swap included, counts one, so the caption of the
//! position after Black's opening, White's swap and Black's reply says `Move 3`.
//!
//! Every word comes from the options' [`Labels`]. Names are drawn as far as the font can draw
//! them (see [`crate::text::drawable`]); a name with nothing drawable is drawn as its colour.
//! The last move is never cut for a long name: the names give way first.

use crate::canvas::{Align, Canvas};
use crate::labels::{fill, Labels};
use crate::palette::{Rgb, TEXT, YELLOW};
use crate::sprites::{Kind, Sprites};
use crate::text::{self, MAX_NAME_CHARS};
use crate::{Caption, RenderError, RenderOptions};
use akron_rules::{Color, Outcome, Position, Reason};

/// The smallest caption text of the portrait layout, in pixels: still legible on a phone.
pub(crate) const MIN_TEXT: f32 = 13.0;

/// Sizes of the caption strip.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Style {
    /// Height of the strip.
    pub height: f32,
    /// Size of the first line's text.
    pub status: f32,
    /// Size of the second line's text.
    pub players: f32,
    /// No caption text is drawn smaller: longer text is cut instead.
    pub min: f32,
}

impl Style {
    /// The portrait layout's caption for an image `width` pixels wide.
    pub(crate) fn portrait(width: f32) -> Style {
        let height = (width * 0.1).clamp(58.0, 150.0).round();
        Style {
            height,
            status: (height * 0.3).round().max(MIN_TEXT),
            players: (height * 0.24).round().max(MIN_TEXT),
            min: MIN_TEXT,
        }
    }

    /// A caption whose text is `status` and `players` pixels high, and never smaller.
    pub(crate) fn sized(status: f32, players: f32) -> Style {
        Style {
            height: ((status + players) * 1.45).ceil(),
            status,
            players,
            min: players.min(status),
        }
    }
}

/// What the caption says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Texts {
    /// The marble shown before the status: the side to move or the winner.
    pub icon: Option<Color>,
    /// `alice to move`, `Black connects: White must cut it now`, `bob resigned: alice wins`.
    pub status: String,
    /// Whether the game is over.
    pub over: bool,
    /// `Game 12 · Move 23: A2-D3'`.
    pub info: String,
    /// The same without the game's number, `Move 23: A2-D3'`: what is shown when the names
    /// would otherwise be cut short.
    pub short_info: String,
    /// Each player: colour, then `alice · pile 27`.
    pub players: [(Color, String); 2],
}

/// The name drawn for `color`: the player's name as far as the font can draw it, at most
/// `limit` characters (then `…`), or the colour's label.
fn drawn_name(
    caption: &Caption,
    color: Color,
    labels: &Labels,
    limit: usize,
) -> Result<String, RenderError> {
    let name = match color {
        Color::Black => &caption.names.black,
        Color::White => &caption.names.white,
    };
    let fallback = match color {
        Color::Black => &labels.black,
        Color::White => &labels.white,
    };
    let Some(name) = name else {
        return Ok(fallback.clone());
    };
    let drawn = text::drawable(name, limit)?;
    Ok(if drawn.meaningful {
        text::isolated(drawn.text)
    } else {
        fallback.clone()
    })
}

/// The result in words: `White wins by connection`, `bob resigned: alice wins`.
pub(crate) fn result_text(
    outcome: Outcome,
    labels: &Labels,
    name: impl Fn(Color) -> String,
) -> String {
    let win = |template: &str, w: Color| {
        fill(template, &[("name", &name(w)), ("other", &name(w.other()))])
    };
    match (outcome.winner, outcome.reason) {
        (Some(w), Reason::Connection) => win(&labels.wins_by_connection, w),
        (Some(w), Reason::NoLegalMove) => win(&labels.wins_no_move, w),
        (Some(w), Reason::Resignation) => win(&labels.wins_resignation, w),
        (Some(w), Reason::Timeout) => win(&labels.wins_timeout, w),
        (Some(w), Reason::Adjudication) => win(&labels.wins_adjudication, w),
        (Some(w), _) => win(&labels.wins, w),
        (None, Reason::Abort) => labels.aborted.clone(),
        (None, Reason::Agreement) => labels.draw_agreement.clone(),
        (None, Reason::Repetition) => labels.draw_repetition.clone(),
        (None, Reason::Adjudication) => labels.draw_adjudication.clone(),
        (None, _) => labels.draw.clone(),
    }
}

/// What the position itself says about the end of the game when no outcome is given: the
/// player to move has won by connection, or cannot move.
fn evident_outcome(position: &Position) -> Option<Outcome> {
    let turn = position.turn();
    if position.spans(turn) {
        return Some(Outcome::win(turn, Reason::Connection));
    }
    if position.spans(turn.other()) {
        return None;
    }
    (!position.has_legal_move()).then(|| Outcome::win(turn.other(), Reason::NoLegalMove))
}

/// The caption's text for `position` under `options`, with names cut to `limit` characters.
fn texts_with(
    position: &Position,
    options: &RenderOptions,
    limit: usize,
) -> Result<Texts, RenderError> {
    let caption = &options.caption;
    let labels = &options.labels;
    let names = [
        drawn_name(caption, Color::Black, labels, limit)?,
        drawn_name(caption, Color::White, labels, limit)?,
    ];
    let name = |c: Color| match c {
        Color::Black => names[0].clone(),
        Color::White => names[1].clone(),
    };
    let turn = position.turn();
    let connects = options.pending_chain.is_some()
        || (caption.outcome.is_none() && position.spans(turn.other()));
    let outcome = caption.outcome.or_else(|| evident_outcome(position));
    let (icon, status, over) = match outcome {
        Some(outcome) => (outcome.winner, result_text(outcome, labels, name), true),
        None if connects => (
            Some(turn),
            fill(
                &labels.must_cut,
                &[("name", &name(turn)), ("other", &name(turn.other()))],
            ),
            false,
        ),
        None => (
            Some(turn),
            fill(&labels.to_move, &[("name", &name(turn))]),
            false,
        ),
    };
    let mut info = Vec::new();
    if let Some(game) = caption.game {
        info.push(fill(&labels.game, &[("n", &game.to_string())]));
    }
    let last = options.last_move.as_ref().map(|l| l.mv.to_string());
    match (caption.moves_played, last) {
        (Some(n), Some(mv)) if n > 0 => info.push(fill(
            &labels.move_number,
            &[("n", &n.to_string()), ("move", &mv)],
        )),
        (_, Some(mv)) => info.push(fill(&labels.last_move, &[("move", &mv)])),
        (Some(0), None) => info.push(labels.start.clone()),
        _ => {}
    }
    let piles = position.piles();
    let player = |color: Color, pile: u16| {
        (
            color,
            fill(
                &labels.pile,
                &[("name", &name(color)), ("n", &pile.to_string())],
            ),
        )
    };
    Ok(Texts {
        icon,
        status,
        over,
        short_info: info.last().cloned().unwrap_or_default(),
        info: info.join(" · "),
        players: [
            player(Color::Black, piles.black),
            player(Color::White, piles.white),
        ],
    })
}

/// The caption's text for `position` under `options`.
pub(crate) fn texts(position: &Position, options: &RenderOptions) -> Result<Texts, RenderError> {
    texts_with(position, options, MAX_NAME_CHARS)
}

/// Draws the caption across the top of the image.
pub(crate) fn draw(
    canvas: &mut Canvas,
    width: u32,
    style: Style,
    position: &Position,
    options: &RenderOptions,
    sprites: &mut Sprites,
) -> Result<(), RenderError> {
    let width = width as f32;
    let height = style.height;
    let texts = texts(position, options)?;
    let pad = (style.status * 0.6).round();
    let room = width - 2.0 * pad;
    let dim: Rgb = TEXT.scaled(0.78);

    // Line 1: the status on the left, the game and the last move on the right.
    let size = style.status;
    let y = height * 0.3;
    let radius = size * 0.55;
    let mut x = pad;
    if let Some(color) = texts.icon {
        let icon = sprites.get(Kind::Marble(color), radius);
        canvas.blit(&icon, x + radius, y);
        x += 2.0 * radius + size * 0.35;
    }
    let info_size = (size * 0.85).max(style.min);
    // The last move keeps its room; the status fits what is left, its names shortened first
    // (to whole words, and to no fewer than 10 characters), then the game's number left out
    // (the message that carries the picture says it), then the names shortened further. When
    // the game is over its result is what matters: the last move gives way before the names
    // are cut to 6 characters. Regression (issue 39): a replay's last frame said
    // "Bartho… abandonó: gana Maximi…".
    let mut status = (String::new(), size);
    let mut info = (String::new(), info_size);
    let mut attempts = vec![
        (MAX_NAME_CHARS, Some(&texts.info)),
        (16, Some(&texts.info)),
        (10, Some(&texts.info)),
        (MAX_NAME_CHARS, Some(&texts.short_info)),
        (16, Some(&texts.short_info)),
        (10, Some(&texts.short_info)),
    ];
    if texts.over {
        attempts.extend([(MAX_NAME_CHARS, None), (16, None), (10, None), (6, None)]);
    } else {
        attempts.push((6, Some(&texts.short_info)));
    }
    for (limit, shown) in attempts {
        info = match shown {
            Some(full) => text::fit(full, info_size, style.min, room - (x - pad))?,
            None => (String::new(), info_size),
        };
        let info_width = if info.0.is_empty() {
            0.0
        } else {
            Canvas::text_width(&info.0, info.1)? + size * 0.8
        };
        let status_room = (room - (x - pad) - info_width).max(0.0);
        let candidate = texts_with(position, options, limit)?.status;
        let (fitted, fitted_size) = text::fit(&candidate, size, style.min, status_room)?;
        status = (fitted.clone(), fitted_size);
        if fitted == candidate {
            break;
        }
    }
    let info = info;
    let status_color = if texts.over { YELLOW } else { TEXT };
    canvas.text(&status.0, (x, y), status.1, status_color, Align::Left)?;
    if !info.0.is_empty() {
        canvas.text(&info.0, (width - pad, y), info.1, dim, Align::Right)?;
    }

    // Line 2: both players with their colours and piles.
    let size = style.players;
    let y = height * 0.74;
    let radius = size * 0.5;
    let half = room / 2.0;
    for (i, (color, _)) in texts.players.iter().enumerate() {
        let left = pad + half * i as f32;
        let icon = sprites.get(Kind::Marble(*color), radius);
        canvas.blit(&icon, left + radius, y);
        let start = left + 2.0 * radius + size * 0.35;
        let room = left + half - start - size * 0.5;
        // The pile stays; the name gives way.
        let mut line = (String::new(), size);
        for limit in [MAX_NAME_CHARS, 16, 10, 6] {
            let candidate = texts_with(position, options, limit)?.players[i].1.clone();
            line = text::fit(&candidate, size, style.min, room)?;
            if line.0 == candidate {
                break;
            }
        }
        canvas.text(&line.0, (start, y), line.1, dim, Align::Left)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LastMove;
    use akron_rules::ByColor;

    type TestResult = Result<(), Box<dyn std::error::Error>>;

    #[test]
    fn caption_names_the_turn_and_both_piles() -> TestResult {
        let position = Position::from_code("8:w:27,26:8/8/8/8/8/8/8/8")?;
        let texts = texts(&position, &RenderOptions::default())?;
        assert_eq!(texts.status, "White to move");
        assert_eq!(texts.players[0].1, "Black · pile 27");
        assert_eq!(texts.players[1].1, "White · pile 26");
        assert_eq!(texts.info, "");
        Ok(())
    }

    #[test]
    fn caption_carries_the_game_the_names_the_move_and_the_result() -> TestResult {
        let mut position = Position::from_code("8:b:27,26:8/8/8/8/8/8/8/8")?;
        let last = LastMove::play(&mut position, "C3".parse()?)?;
        let mut options = RenderOptions {
            caption: Caption {
                game: Some(12),
                names: ByColor {
                    black: Some("alice".into()),
                    white: Some("bob".into()),
                },
                moves_played: Some(23),
                outcome: None,
            },
            last_move: Some(last),
            ..RenderOptions::default()
        };
        let t = texts(&position, &options)?;
        assert_eq!(t.status, "bob to move");
        assert_eq!(t.icon, Some(Color::White));
        assert_eq!(t.info, "Game 12 · Move 23: C3");
        assert_eq!(t.players[0].1, "alice · pile 26");
        options.pending_chain = Some(Vec::new());
        assert_eq!(
            texts(&position, &options)?.status,
            "alice connects: bob must cut it now"
        );
        options.caption.outcome = Some(Outcome::win(Color::Black, Reason::Resignation));
        let t = texts(&position, &options)?;
        assert_eq!(t.status, "bob resigned: alice wins");
        assert!(t.over);
        Ok(())
    }

    #[test]
    fn a_finished_position_says_so_without_an_outcome() -> TestResult {
        // Black spans with Black to move: Black has won (under either rule).
        let position = Position::from_code("3:b:3,3:1b1/1b1/1b1")?;
        let t = texts(&position, &RenderOptions::default())?;
        assert_eq!(t.status, "Black wins by connection");
        assert!(t.over);
        // Black spans with White to move: White must cut it now.
        let position = Position::from_code("3:w:3,3:1b1/1b1/1b1")?;
        let t = texts(&position, &RenderOptions::default())?;
        assert_eq!(t.status, "Black connects: White must cut it now");
        assert!(!t.over);
        Ok(())
    }

    #[test]
    fn undrawable_names_are_drawn_as_their_colour() -> TestResult {
        let position = Position::from_code("8:b:27,26:8/8/8/8/8/8/8/8")?;
        let options = RenderOptions {
            caption: Caption {
                names: ByColor {
                    black: Some("李小龙".into()),
                    white: Some("🎲 bob".into()),
                },
                ..Caption::default()
            },
            ..RenderOptions::default()
        };
        let t = texts(&position, &options)?;
        assert_eq!(t.status, "Black to move");
        assert_eq!(t.players[1].1, "bob · pile 26");
        Ok(())
    }

    /// Regression: a 100,000-character name took more than 20 seconds to lay out (cutting it
    /// re-measured the whole text once per character). Now the drawn text is capped first.
    #[test]
    fn a_huge_name_is_capped_and_drawn() -> TestResult {
        let position = Position::from_code("8:b:27,26:8/8/8/8/8/8/8/8")?;
        let options = RenderOptions {
            caption: Caption {
                names: ByColor {
                    black: Some("W".repeat(100_000)),
                    white: Some("漢".repeat(100_000)),
                },
                ..Caption::default()
            },
            width: 480,
            ..RenderOptions::default()
        };
        let t = texts(&position, &options)?;
        assert!(
            t.status.chars().count() <= MAX_NAME_CHARS + 16,
            "{}",
            t.status
        );
        assert!(t.status.contains('…'));
        assert_eq!(t.players[1].1, "White · pile 26");
        let png = crate::render(&position, &options)?;
        assert_eq!(&png[1..4], b"PNG");
        Ok(())
    }

    #[test]
    fn labels_replace_every_word() -> TestResult {
        let position = Position::from_code("8:b:27,26:8/8/8/8/8/8/8/8")?;
        let labels = Labels {
            black: "Negro".into(),
            to_move: "mueve {name}".into(),
            pile: "{name}: {n}".into(),
            ..Labels::english()
        };
        let options = RenderOptions {
            labels,
            ..RenderOptions::default()
        };
        let t = texts(&position, &options)?;
        assert_eq!(t.status, "mueve Negro");
        assert_eq!(t.players[0].1, "Negro: 27");
        Ok(())
    }
}
