//! The service's integration tests, in one binary (one link instead of one per file; the CI disk
//! is small). Run one part with `cargo test -p akron-service --test all tournaments`.
//! A new test file goes here as a module, not beside this directory.

mod alt_text;
mod buttons;
mod catalogue;
mod concurrency;
mod correspondence;
mod games;
mod languages;
mod messages;
mod outbox;
mod pictures;
mod pseudo_language;
mod refusals;
mod stale_notices;
mod tournament_races;
mod tournaments;
mod two_writers;
