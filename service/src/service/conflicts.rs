//! Retrying a command after a conflict (another change to its game or tournament landed
//! first, or PostgreSQL failed to serialize it): how often, how long it waits between tries,
//! and what the refusal says when the retries run out.

use super::Command;
use std::time::Duration;

/// How many times at most a command is retried when another change to its game or
/// tournament landed first (or, on PostgreSQL, a concurrent transaction made it fail to
/// serialize).
const CONFLICT_RETRIES: usize = 24;

/// How long in all a command waits between its retries after conflicts before it is refused.
pub const CONFLICT_BUDGET: Duration = Duration::from_secs(2);

/// The waits between retries after a conflict: growing (from 2 ms, doubling, at most 200 ms)
/// and jittered, so that two commands racing each other do not retry in step, and the retries
/// are not all spent while the other transaction is still committing, within
/// [`CONFLICT_BUDGET`].
#[must_use]
pub fn conflict_backoff() -> backon::ExponentialBuilder {
    backon::ExponentialBuilder::new()
        .with_min_delay(Duration::from_millis(2))
        .with_factor(2.0)
        .with_max_delay(Duration::from_millis(200))
        .with_jitter()
        .with_max_times(CONFLICT_RETRIES)
        .with_total_delay(Some(CONFLICT_BUDGET))
}

/// The refusal given when a command still met conflicts after its retries: it names what
/// kept changing, the tournament for a tournament command, else the game.
pub(super) fn conflict_key(command: &Command) -> &'static str {
    match command {
        Command::Tournament(_) => "service-conflict-tournament",
        _ => "service-conflict",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use backon::BackoffBuilder;

    /// Regression (issue 38 point 14): the retries after a conflict had no wait between
    /// them, so on PostgreSQL all of them were spent within 2 ms while the other transaction
    /// was still committing, and a `join` racing `tournament start` was refused for no reason.
    #[test]
    fn tournament_command_racing_another_is_retried_with_growing_jittered_waits() {
        let waits: Vec<Duration> = conflict_backoff().build().collect();
        assert!(waits.len() >= 8, "{waits:?}");
        let total: Duration = waits.iter().sum();
        assert!(
            total >= Duration::from_millis(500) && total <= CONFLICT_BUDGET,
            "the retries wait {total:?} in all: {waits:?}"
        );
        assert!(waits[0] < Duration::from_millis(10), "{waits:?}");
        assert!(waits[5] > waits[0] * 8, "the waits grow: {waits:?}");
        let again: Vec<Duration> = conflict_backoff().build().collect();
        assert_ne!(waits, again, "the waits are jittered");
    }

    #[test]
    fn a_tournament_command_refused_after_conflicts_names_the_tournament() {
        use crate::service::TournamentAction;
        for language in crate::catalogue::Language::ALL {
            let tournament = crate::catalogue::say(
                language,
                conflict_key(&Command::Tournament(TournamentAction::Join)),
                &[],
            );
            let game = crate::catalogue::say(language, conflict_key(&Command::Resign), &[]);
            assert_ne!(tournament, game, "{language:?}");
        }
        let english = crate::catalogue::say(
            crate::catalogue::Language::English,
            conflict_key(&Command::Tournament(TournamentAction::Leave)),
            &[],
        );
        assert!(
            english.starts_with("The tournament kept changing"),
            "{english}"
        );
    }
}
