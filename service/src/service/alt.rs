//! Text alternatives for pictures (issue 31): what a sighted player takes from a board, in
//! the reader's language, for screen readers. Discord puts it in the attachment's
//! `description` (at most [`MAX_ALT`] characters), Matrix in the image event's `body`.

use super::store::Loaded;
use super::types::Language;
use crate::say;
use akron_rules::{Color, MoveReport, Point, Position};

/// The longest text alternative: Discord's limit on an attachment's description.
pub const MAX_ALT: usize = 1024;

/// The board in words: its size, the players, what each holds in hand, whose move it is or
/// how the game ended, the last move and what dropped, the winning (or pending) chain, then
/// the marbles level by level, as far as [`MAX_ALT`] allows; `lost_by_both` as for
/// [`result_phrase`](super::wording::result_phrase).
pub(super) fn board_alt(
    loaded: &Loaded,
    last: Option<&MoveReport>,
    chain: Option<&[Point]>,
    lost_by_both: bool,
    language: Language,
) -> String {
    let position = loaded.game.position();
    let piles = position.piles();
    let mut parts = vec![
        say!(
            language,
            "alt-board",
            size = position.size(),
            game = loaded.record.id.to_string(),
            black = loaded.player(Color::Black).name_in(language),
            white = loaded.player(Color::White).name_in(language)
        ),
        say!(
            language,
            "alt-in-hand",
            black = piles.black,
            white = piles.white
        ),
    ];
    let over = loaded.stored_outcome().or(loaded.game.outcome()).is_some();
    if over {
        parts.push(say!(
            language,
            "alt-result",
            result = super::wording::result_phrase(loaded, lost_by_both).say(language)
        ));
    } else {
        parts.push(say!(
            language,
            "alt-to-move",
            colour = position.turn().name()
        ));
    }
    if let Some(report) = last {
        parts.push(say!(
            language,
            "alt-last-move",
            colour = report.mover.name(),
            move = report.mv.to_string()
        ));
        if !report.effect.drops.is_empty() {
            parts.push(say!(
                language,
                "alt-dropped",
                points = names(report.effect.drops.iter().map(|drop| say!(
                    language,
                    "alt-drop",
                    colour = drop.color.name(),
                    from = drop.from.to_string(),
                    to = drop.to.to_string()
                )))
            ));
        }
    }
    if let Some(chain) = chain.filter(|c| !c.is_empty()) {
        let points = names(chain.iter().map(ToString::to_string));
        parts.push(if over {
            say!(language, "alt-chain", points = points)
        } else {
            let connector = loaded
                .game
                .pending_connection()
                .unwrap_or(position.turn().other());
            say!(
                language,
                "alt-pending",
                colour = connector.name(),
                points = points
            )
        });
    }
    let mut text = parts.join(" ");
    for line in levels(loaded, language) {
        if text.chars().count() + line.chars().count() + 2 > MAX_ALT {
            text.push_str(" …");
            break;
        }
        text.push(' ');
        text.push_str(&line);
    }
    text
}

/// The whole position in words, level by level from the board up: `board view:text`.
pub(super) fn levels(loaded: &Loaded, language: Language) -> Vec<String> {
    position_levels(loaded.game.position(), language)
}

/// `position`'s marbles in words, one line per level from the board up, as the chat's text
/// alternatives say them (the web pages' text of the board).
pub fn position_levels(position: &Position, language: Language) -> Vec<String> {
    let mut by_level: Vec<[Vec<String>; 2]> = Vec::new();
    let mut pieces: Vec<(Point, Color)> = position.pieces().collect();
    pieces.sort_by_key(|(p, _)| (p.level(), p.x(), std::cmp::Reverse(p.y())));
    for (point, colour) in pieces {
        let level = usize::from(point.level());
        while by_level.len() <= level {
            by_level.push([Vec::new(), Vec::new()]);
        }
        let side = usize::from(colour == Color::White);
        by_level[level][side].push(point.to_string());
    }
    if by_level.is_empty() {
        return vec![say!(language, "alt-empty-board")];
    }
    let none = say!(language, "alt-none");
    by_level
        .iter()
        .enumerate()
        .map(|(level, [black, white])| {
            let list = |points: &Vec<String>| {
                if points.is_empty() {
                    none.clone()
                } else {
                    points.join(", ")
                }
            };
            say!(
                language,
                "alt-level",
                level = level,
                black = list(black),
                white = list(white),
                blacks = black.len(),
                whites = white.len()
            )
        })
        .collect()
}

fn names(points: impl Iterator<Item = String>) -> String {
    points.collect::<Vec<_>>().join(", ")
}
