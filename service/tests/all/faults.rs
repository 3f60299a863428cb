//! A PostgreSQL database that goes away under a running service (issue 29): while no
//! connection can be had, a command gets the "busy" refusal, within the busy timeout, and
//! changes nothing; once the database is back, commands work again, on fresh connections
//! (the dead ones are replaced). It needs a server, so it runs once, under `postgres::`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use akron_service::testing as common;

use akron_rules::WinRule;
use akron_service::service::{Command, ManualClock, Service};
use common::{Backend, Harness, TestDatabase, T0};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[test]
fn a_database_that_goes_away_fails_commands_as_busy_and_they_work_again_after() {
    if super::BACKEND != Backend::Postgres {
        return;
    }
    let Some(database) = TestDatabase::new(Backend::Postgres) else {
        return;
    };
    let clock = Arc::new(ManualClock::new(T0));
    let mut config = database.config();
    config.busy_timeout = Duration::from_secs(1);
    let service = Service::with_clock(config, clock.clone()).unwrap();
    let h = Harness {
        database,
        service,
        clock,
    };
    h.start(5, None, WinRule::Delayed);
    let first = h.view().game.legal_moves()[0];
    h.play(first);
    let before = h.snapshot("main");
    let next = h.view().game.legal_moves()[0];
    let common::TestDatabase::Postgres(scratch) = &h.database else {
        unreachable!("a PostgreSQL test");
    };
    let name = scratch.name().to_string();
    // The database goes away: no new connection, and every open one is cut.
    scratch
        .on_server(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false"))
        .unwrap();
    scratch
        .on_server(&format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = '{name}' AND pid <> pg_backend_pid()"
        ))
        .unwrap();
    let started = Instant::now();
    let refused = h.send("bob", Command::Move(next.to_string()));
    let waited = started.elapsed();
    assert!(refused.ephemeral, "{}", refused.text);
    assert!(refused.text.contains("busy"), "{}", refused.text);
    assert!(waited < Duration::from_secs(10), "waited {waited:?}");
    // Back: the same service works again, and the refused move was not half-written.
    scratch
        .on_server(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true"))
        .unwrap();
    assert_eq!(
        h.snapshot("main"),
        before,
        "nothing changed while it was away"
    );
    h.play(next);
    assert_eq!(h.view().game.moves().len(), 2);
}
