//! The service's shared wording: the sentences that more than one command says.
//!
//! How a game stands (`status_line`, `clock_line`), how it ended (`result_phrase`,
//! `result_sentence`, `aborted_sentence`), the common refusals (`no_game`, `not_a_player`) and
//! the cap on a reply's length (`MAX_TEXT`, `fit`). Command files import their shared words
//! from here and from nowhere else, so no command file imports another for its text.

use super::clocks;
use super::store::Loaded;
use super::types::{Reply, Request, User};
use super::{Failure, Refusal};
use crate::model::{GameEnded, GameId, Status, TimeControl};
use akron_rules::{Color, Reason};
use std::fmt::Write as _;

/// The result in a few words: `Black (alice) won by connection`.
pub(super) fn result_phrase(loaded: &Loaded) -> String {
    let Some(outcome) = loaded.stored_outcome().or(loaded.game.outcome()) else {
        return match loaded.record.status() {
            Status::Declined => "the challenge was declined".to_string(),
            Status::Cancelled => "the challenge was cancelled".to_string(),
            Status::Expired => "the challenge expired".to_string(),
            Status::Open => "waiting for an answer to the challenge".to_string(),
            _ => "in progress".to_string(),
        };
    };
    let how = match outcome.reason {
        Reason::Connection => "by connection",
        Reason::NoLegalMove => "because the opponent had no legal move",
        Reason::Repetition => "by threefold repetition",
        Reason::Resignation => "by resignation",
        Reason::Agreement => "by agreement",
        Reason::Abort => "",
        Reason::Timeout => "on time",
    };
    match outcome.winner {
        _ if outcome.reason == Reason::Abort => "aborted".to_string(),
        Some(c) => format!("{} ({}) won {how}", c.title(), loaded.player(c).shown()),
        None => format!("drawn {how}"),
    }
}

/// The announcement of a result, mentioning both players.
pub(super) fn result_sentence(loaded: &Loaded, reply: &mut Reply) -> String {
    let Some(outcome) = loaded.stored_outcome().or(loaded.game.outcome()) else {
        return String::new();
    };
    let black = loaded.player(Color::Black);
    let white = loaded.player(Color::White);
    result_text(loaded.record.id, outcome, &black, &white, reply)
}

/// The announcement of a result from the [`GameEnded`] event, for notices.
pub(super) fn result_sentence_for(
    event: &GameEnded,
    outcome: akron_rules::Outcome,
    reply: &mut Reply,
) -> String {
    let players = &event.players;
    let (black, white) = match (outcome.winner, &event.winner) {
        (Some(colour), Some(winner)) => {
            let other = if players.black.id == winner.id {
                &players.white
            } else {
                &players.black
            };
            match colour {
                Color::Black => (winner, other),
                Color::White => (other, winner),
            }
        }
        _ => (&players.black, &players.white),
    };
    result_text(event.game, outcome, black, white, reply)
}

/// `**White wins** (alice resigned): bob beats alice.` with both players mentioned; `black`
/// and `white` hold those colours at the end.
fn result_text(
    game: GameId,
    outcome: akron_rules::Outcome,
    black: &User,
    white: &User,
    reply: &mut Reply,
) -> String {
    let b = reply.mention_user(black);
    let w = reply.mention_user(white);
    let players = |c: Color| -> (&User, &User) {
        match c {
            Color::Black => (black, white),
            Color::White => (white, black),
        }
    };
    match (outcome.winner, outcome.reason) {
        (_, Reason::Abort) => aborted_sentence(game, None, black, white, reply),
        (Some(c), reason) => {
            let (winner, loser) = players(c);
            let why = match reason {
                Reason::Connection => format!("{} connects its edges", c.title()),
                Reason::NoLegalMove => format!("{} has no legal move", c.other().title()),
                Reason::Resignation => format!("{} resigned", loser.shown()),
                Reason::Timeout => format!("{} ran out of time", loser.shown()),
                _ => reason.name().to_string(),
            };
            format!(
                "**{} wins** ({why}): {} beats {}. {b} {w}",
                c.title(),
                winner.shown(),
                loser.shown()
            )
        }
        (None, Reason::Repetition) => {
            format!("The position occurred for the third time: **draw by repetition**. {b} {w}")
        }
        (None, _) => format!("**Draw by agreement.** {b} {w}"),
    }
}

/// `Game 19 is aborted: alice did not make a first move in time.` with both players
/// mentioned; without a reason when `why` is `None`.
pub(super) fn aborted_sentence(
    game: GameId,
    why: Option<&str>,
    black: &User,
    white: &User,
    reply: &mut Reply,
) -> String {
    let b = reply.mention_user(black);
    let w = reply.mention_user(white);
    match why {
        Some(why) => format!("Game {game} is aborted: {why}. {b} {w}"),
        None => format!("Game {game} is aborted. {b} {w}"),
    }
}

/// `(The draw offer from alice lapsed: bob moved instead of answering.)`: what a move says
/// when it lets the opponent's draw offer lapse.
pub(super) fn lapsed_offer(offerer: &User, mover: &User) -> String {
    format!(
        "(The draw offer from {} lapsed: {} moved instead of answering.)",
        offerer.shown(),
        mover.shown()
    )
}

/// `Game #3 · ply 12 · alice (Black, 20 left) against bob (White, 21 left) · alice to move`.
pub(super) fn status_line(loaded: &Loaded, now: i64) -> String {
    let piles = loaded.game.position().piles();
    let black = loaded.player(Color::Black);
    let white = loaded.player(Color::White);
    let mut line = format!(
        "Game {} · {} move{} · **{}** (Black, {} left) against **{}** (White, {} left)",
        loaded.record.id,
        loaded.game.moves().len(),
        if loaded.game.moves().len() == 1 {
            ""
        } else {
            "s"
        },
        black.shown(),
        piles.black,
        white.shown(),
        piles.white
    );
    match loaded.record.status() {
        Status::Active => {
            let _ = write!(
                line,
                " · {} to move ({})",
                loaded.to_move().shown(),
                loaded.game.turn().title()
            );
            if let Some(c) = loaded.game.pending_connection() {
                let _ = write!(
                    line,
                    "\n**{} connects**: {} must cut it now.",
                    c.title(),
                    c.other().title()
                );
            }
            if let Some(clocks) = clock_line(loaded, now) {
                let _ = write!(line, "\n{clocks}");
            }
        }
        _ => {
            let _ = write!(line, " · {}", result_phrase(loaded));
        }
    }
    line
}

/// The refusal when the caller does not play in the game they act on.
pub(super) fn not_a_player(loaded: &Loaded) -> Failure {
    Refusal::new(format!(
        "You are not playing in game {}: it is {} (Black) against {} (White).",
        loaded.record.id,
        loaded.player(Color::Black).shown(),
        loaded.player(Color::White).shown()
    ))
    .into()
}

/// The longest reply text: chat platforms cap messages (Discord at 2,000 characters).
pub const MAX_TEXT: usize = 1900;

/// Cuts a long text at a line end to at most [`MAX_TEXT`] characters, saying what was left out
/// and where to find the rest.
pub(super) fn fit(text: String, rest: &str) -> String {
    if text.chars().count() <= MAX_TEXT {
        return text;
    }
    let budget = MAX_TEXT.saturating_sub(rest.chars().count() + 40);
    let mut out = String::new();
    let mut lines = text.lines();
    let mut shown = 0;
    for line in lines.by_ref() {
        if out.chars().count() + line.chars().count() + 1 > budget {
            break;
        }
        out.push_str(line);
        out.push('\n');
        shown += 1;
    }
    let left = text.lines().count() - shown;
    let _ = write!(
        out,
        "… {left} more line{}; {rest}.",
        if left == 1 { "" } else { "s" }
    );
    out
}

/// The refusal when a request names no game that exists: no game in the channel, or no
/// game with the number given.
pub(super) fn no_game(request: &Request) -> Failure {
    Refusal::new(match request.game {
        Some(game) => format!("There is no game {game}. `games` lists yours."),
        None => "There is no game in this channel. Start one with `challenge @player`; `games` \
                 lists your games elsewhere."
            .to_string(),
    })
    .into()
}

/// The clocks of an active game in words: `Black (alice): 2 d 3 h left · White (bob): 3 d`.
pub(super) fn clock_line(loaded: &Loaded, now: i64) -> Option<String> {
    let control = loaded.record.time_control;
    if control == TimeControl::None || loaded.record.status() != Status::Active {
        return None;
    }
    let plies = loaded.game.moves().len();
    let left = clocks::left(&loaded.record, plies, now)?;
    let live = control.is_live();
    let to_move = loaded.game.turn();
    let mover_seat = clocks::seat_to_move(plies);
    let part = |colour: Color| {
        let seat = if colour == to_move {
            mover_seat
        } else {
            1 - mover_seat
        };
        let running = if colour == to_move { " ⏳" } else { "" };
        format!(
            "{}: {}{}{running}",
            colour.title(),
            clocks::words(left[seat], live),
            if live { "" } else { " left" }
        )
    };
    Some(format!(
        "⏱ {} · {} ({control})",
        part(Color::Black),
        part(Color::White)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_cut_at_a_line_end() {
        let long: String = (0..500).map(|i| format!("- line {i}\n")).collect();
        let cut = fit(long, "see export");
        assert!(cut.chars().count() <= MAX_TEXT);
        assert!(cut.starts_with("- line 0\n"));
        assert!(cut.ends_with("more lines; see export."), "{cut}");
        assert_eq!(fit("short".to_string(), "x"), "short");
    }
}
