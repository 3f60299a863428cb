//! The service's shared wording: the sentences that more than one command says.
//!
//! How a game stands (`status_line`, `clock_line`), how it ended (`result_phrase`,
//! `result_sentence`, `aborted_sentence`), the common refusals (`no_game`, `not_a_player`) and
//! the cap on a reply's length (`MAX_TEXT`, `fit`). Command files import their shared words
//! from here and from nowhere else, so no command file imports another for its text.

use super::clocks;
use super::store::Loaded;
use super::types::{Language, Reply, Request, User};
use super::{Failure, Refusal};
use crate::catalogue::Phrase;
use crate::model::{GameEnded, GameId, Status, TimeControl};
use crate::{phrase, say};
use akron_rules::{Color, Reason};

/// The result in a few words: `Black (alice) won by connection`; `lost_by_both` when the
/// game, stored as aborted, was decided by its tournament as lost by both
/// ([`Service::lost_by_both`](super::Service::lost_by_both)), which the row alone cannot tell.
pub(super) fn result_phrase(loaded: &Loaded, lost_by_both: bool) -> Phrase {
    let Some(outcome) = loaded.stored_outcome().or(loaded.game.outcome()) else {
        return Phrase::new(match loaded.record.status() {
            Status::Declined => "challenge-declined",
            Status::Cancelled => "challenge-cancelled",
            Status::Expired => "challenge-expired",
            Status::Open => "challenge-waiting",
            _ => "game-in-progress",
        });
    };
    match outcome.winner {
        None if outcome.reason == Reason::Abort && lost_by_both => Phrase::new("game-lost-by-both"),
        _ if outcome.reason == Reason::Abort => Phrase::new("game-aborted"),
        Some(c) => phrase!(
            "result-won",
            colour = c.name(),
            player = loaded.player(c).shown(),
            reason = outcome.reason.name()
        ),
        None => phrase!("result-drawn", reason = outcome.reason.name()),
    }
}

/// The announcement of a result, mentioning both players.
pub(super) fn result_sentence(loaded: &Loaded, reply: &mut Reply) -> Option<Phrase> {
    let outcome = loaded.stored_outcome().or(loaded.game.outcome())?;
    let black = loaded.player(Color::Black);
    let white = loaded.player(Color::White);
    Some(result_text(
        loaded.record.id,
        outcome,
        &black,
        &white,
        reply,
    ))
}

/// The announcement of a result from the [`GameEnded`] event, for notices.
pub(super) fn result_sentence_for(
    event: &GameEnded,
    outcome: akron_rules::Outcome,
    reply: &mut Reply,
) -> Phrase {
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
) -> Phrase {
    let mentions = phrase!(
        "mention-both",
        first = reply.mention_user(black),
        second = reply.mention_user(white)
    );
    match (outcome.winner, outcome.reason) {
        (_, Reason::Abort) => aborted_sentence(game, None, black, white, reply),
        (Some(c), reason) => {
            let (winner, loser) = match c {
                Color::Black => (black, white),
                Color::White => (white, black),
            };
            phrase!(
                "result-wins",
                colour = c.name(),
                other = c.other().name(),
                reason = reason.name(),
                winner = winner.shown(),
                loser = loser.shown(),
                mentions = mentions
            )
        }
        (None, Reason::Repetition) => phrase!("result-repetition", mentions = mentions),
        (None, Reason::Adjudication) => phrase!("result-adjudicated-draw", mentions = mentions),
        (None, _) => phrase!("result-agreement", mentions = mentions),
    }
}

/// `Game 19 is aborted: alice did not make a first move in time.` with both players
/// mentioned; without a reason when `why` is `None`.
pub(super) fn aborted_sentence(
    game: GameId,
    why: Option<Phrase>,
    black: &User,
    white: &User,
    reply: &mut Reply,
) -> Phrase {
    let mentions = phrase!(
        "mention-both",
        first = reply.mention_user(black),
        second = reply.mention_user(white)
    );
    match why {
        Some(why) => phrase!(
            "game-aborted-why",
            game = game.to_string(),
            why = why,
            mentions = mentions
        ),
        None => phrase!(
            "game-aborted-plain",
            game = game.to_string(),
            mentions = mentions
        ),
    }
}

/// `(The draw offer from alice lapsed: bob moved instead of answering.)`: what a move says
/// when it lets the opponent's draw offer lapse.
pub(super) fn lapsed_offer(offerer: &User, mover: &User) -> Phrase {
    phrase!(
        "draw-offer-lapsed",
        offerer = offerer.shown(),
        mover = mover.shown()
    )
}

/// `Game #3 · ply 12 · alice (Black, 20 left) against bob (White, 21 left) · alice to move`;
/// `clock` is how the clocks stand ([`Service::clock_reading`](super::Service)); `lost_by_both`
/// as for [`result_phrase`].
pub(super) fn status_line(
    loaded: &Loaded,
    clock: Option<clocks::Reading>,
    lost_by_both: bool,
    language: Language,
) -> String {
    let piles = loaded.game.position().piles();
    let black = loaded.player(Color::Black);
    let white = loaded.player(Color::White);
    let mut line = say!(
        language,
        "status-line",
        game = loaded.record.id.to_string(),
        count = loaded.game.moves().len(),
        black = black.shown(),
        black_left = piles.black,
        white = white.shown(),
        white_left = piles.white
    );
    match loaded.record.status() {
        Status::Active => {
            line.push_str(" · ");
            line.push_str(&say!(
                language,
                "status-to-move",
                player = loaded.to_move().shown(),
                colour = loaded.game.turn().name()
            ));
            if let Some(c) = loaded.game.pending_connection() {
                line.push('\n');
                line.push_str(&say!(
                    language,
                    "status-connects",
                    colour = c.name(),
                    other = c.other().name()
                ));
            }
            if let Some(clocks) = clock_line(loaded, clock, language) {
                line.push('\n');
                line.push_str(&clocks);
            }
        }
        _ => {
            line.push_str(" · ");
            line.push_str(&result_phrase(loaded, lost_by_both).say(language));
        }
    }
    line
}

/// The refusal when the caller does not play in the game they act on.
pub(super) fn not_a_player(loaded: &Loaded, language: Language) -> Failure {
    Refusal::new(say!(
        language,
        "not-a-player",
        game = loaded.record.id.to_string(),
        black = loaded.player(Color::Black).shown(),
        white = loaded.player(Color::White).shown()
    ))
    .into()
}

/// Why a move is illegal, in words.
pub(super) fn illegal(error: &akron_rules::IllegalMove) -> Phrase {
    use akron_rules::IllegalMove as I;
    match *error {
        I::OffBoard(p) => phrase!("illegal-off-board", point = p.to_string()),
        I::PileEmpty(c) => phrase!("illegal-pile-empty", colour = c.name()),
        I::PlaceAbove(p) => phrase!(
            "illegal-place-above",
            point = p.to_string(),
            level = p.level()
        ),
        I::Occupied(p) => phrase!("illegal-occupied", point = p.to_string()),
        I::NoPiece(p) => phrase!("illegal-no-piece", point = p.to_string()),
        I::NotYours(p, c) => phrase!(
            "illegal-not-yours",
            point = p.to_string(),
            colour = c.name()
        ),
        I::HoldsUp(p, n) => phrase!("illegal-holds-up", point = p.to_string(), count = n),
        I::Covered(p) => phrase!("illegal-covered", point = p.to_string()),
        I::Alone(p) => phrase!("illegal-alone", point = p.to_string()),
        I::Unsupported { to, missing } => phrase!(
            "illegal-unsupported",
            point = to.to_string(),
            missing = missing.to_string()
        ),
        I::SupportMoves { to, support } => phrase!(
            "illegal-support-moves",
            point = to.to_string(),
            support = support.to_string()
        ),
        I::NotTouching { to, from } => phrase!(
            "illegal-not-touching",
            point = to.to_string(),
            from = from.to_string()
        ),
        I::Swap => Phrase::new("illegal-swap"),
        I::GameOver => Phrase::new("illegal-game-over"),
    }
}

/// A clock in words: `3 d per move`, `10+5 (live)`, `no clock`.
pub(super) fn time_control(control: TimeControl) -> Phrase {
    match control {
        TimeControl::None => phrase!("time-control", kind = "none"),
        TimeControl::PerMove(seconds) if seconds % 86_400 == 0 => {
            phrase!("time-control", kind = "days", amount = seconds / 86_400)
        }
        TimeControl::PerMove(seconds) => {
            phrase!("time-control", kind = "hours", amount = seconds / 3600)
        }
        TimeControl::Fischer { base, increment } => phrase!(
            "time-control",
            kind = "live",
            amount = base / 60,
            increment = increment
        ),
    }
}

/// The longest reply text: chat platforms cap messages (Discord at 2,000 characters).
pub const MAX_TEXT: usize = 1900;

/// Cuts a long text at a line end to at most [`MAX_TEXT`] characters, saying what was left out
/// and where to find the rest.
pub(super) fn fit(text: String, rest: &str, language: Language) -> String {
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
    out.push_str(&say!(language, "more-lines", count = left, rest = rest));
    out
}

/// The refusal when a request names no game that exists: no game in the channel, or no
/// game with the number given.
pub(super) fn no_game(request: &Request) -> Failure {
    let language = request.language.private;
    Refusal::new(match request.game {
        Some(game) => say!(language, "no-game-numbered", game = game.to_string()),
        None => say!(language, "no-game-here"),
    })
    .into()
}

/// The clocks of an active game in words: `Black (alice): 2 d 3 h left · White (bob): 3 d`,
/// as `clock` reads them (a clock standing still for a vacation is said to).
pub(super) fn clock_line(
    loaded: &Loaded,
    clock: Option<clocks::Reading>,
    language: Language,
) -> Option<String> {
    let control = loaded.record.time_control;
    if control == TimeControl::None || loaded.record.status() != Status::Active {
        return None;
    }
    let plies = loaded.game.moves().len();
    let clock = clock?;
    let left = clock.left;
    let live = control.is_live();
    let to_move = loaded.game.turn();
    let mover_seat = clocks::seat_to_move(plies);
    let part = |colour: Color| {
        let seat = if colour == to_move {
            mover_seat
        } else {
            1 - mover_seat
        };
        let running = match (colour == to_move, clock.standing) {
            (true, true) => say!(language, "clock-standing"),
            (true, false) => " ⏳".to_string(),
            (false, _) => String::new(),
        };
        let side = say!(
            language,
            "clock-side",
            colour = colour.name(),
            time = clocks::words_in(left[seat], live, language),
            live = if live { "yes" } else { "no" }
        );
        format!("{side}{running}")
    };
    Some(say!(
        language,
        "clock-line",
        black = part(Color::Black),
        white = part(Color::White),
        control = time_control(control)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_cut_at_a_line_end() {
        let long: String = (0..500).map(|i| format!("- line {i}\n")).collect();
        let cut = fit(long, "see export", Language::English);
        assert!(cut.chars().count() <= MAX_TEXT);
        assert!(cut.starts_with("- line 0\n"));
        assert!(cut.ends_with("more lines; see export."), "{cut}");
        assert_eq!(fit("short".to_string(), "x", Language::English), "short");
    }
}
