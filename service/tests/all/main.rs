//! The service's integration tests, in one binary (one link instead of one per file; the CI disk
//! is small). Run one part with `cargo test -p akron-service --test all tournaments`.
//! A new test file goes here as a module, not beside this directory: add it to both lists.
//!
//! Every test runs twice, on each database: the modules are compiled once under `sqlite::`
//! and once under `postgres::`, and each test opens its harness on `super::BACKEND`. The
//! PostgreSQL runs need a server (`AKRON_TEST_POSTGRES`, see `docs/contributing.md`); without
//! one they return at once with a note, except under CI, where they fail.

// Loading each file twice is the point: once per database.
#![allow(clippy::duplicate_mod)]

/// Every test on a fresh SQLite file, and the tests of wording alone (the catalogue, alt text,
/// the pseudo-language), which do not depend on the database.
#[path = "."]
mod sqlite {
    const BACKEND: akron_service::testing::Backend = akron_service::testing::Backend::Sqlite;

    mod alt_text;
    mod catalogue;
    mod pseudo_language;

    mod analysis;
    mod backup;
    mod buttons;
    mod casual;
    mod chat_choices;
    mod checkin;
    mod claims;
    mod concurrency;
    mod copy;
    mod correspondence;
    mod deadlines;
    mod double;
    mod false_results;
    mod faults;
    mod games;
    mod knockout;
    mod languages;
    mod messages;
    mod mine;
    mod outbox;
    mod pictures;
    mod refusals;
    mod stale_notices;
    mod state_machine;
    mod tournament_races;
    mod tournaments;
    mod two_writers;
    mod wakeups;
    mod web_pages;
}

/// Every test on a fresh PostgreSQL database.
#[path = "."]
mod postgres {
    const BACKEND: akron_service::testing::Backend = akron_service::testing::Backend::Postgres;

    mod analysis;
    mod backup;
    mod buttons;
    mod casual;
    mod chat_choices;
    mod checkin;
    mod claims;
    mod concurrency;
    mod copy;
    mod correspondence;
    mod deadlines;
    mod double;
    mod false_results;
    mod faults;
    mod games;
    mod knockout;
    mod languages;
    mod messages;
    mod mine;
    mod outbox;
    mod pictures;
    mod refusals;
    mod stale_notices;
    mod state_machine;
    mod tournament_races;
    mod tournaments;
    mod two_writers;
    mod wakeups;
    mod web_pages;
}
