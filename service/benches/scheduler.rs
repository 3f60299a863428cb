//! The correspondence scheduler with 100,000 active correspondence games in the database:
//! the wake-up (finding the nearest deadline) and a start-up after downtime that settles
//! 1,000 overdue games (each a loss on time, announced through the outbox).
//!
//! `cargo bench -p akron-service --bench scheduler`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

mod shared;

use akron_service::service::{Config, ManualClock, Service};
use shared::{Fill, NOW, OVERDUE};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

fn main() {
    divan::main();
}

/// The shared database of 100,000 running 1-day correspondence games, 1,000 of them past
/// their deadline (two moves played, the third overdue by an hour). Built once.
fn prepared() -> &'static (tempfile::TempDir, PathBuf) {
    static PREPARED: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    PREPARED.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = shared::sqlite_file(dir.path(), "scheduler.db", Fill { notices: false });
        (dir, path)
    })
}

fn open(path: &Path) -> Service {
    let mut config = Config::with_db(path);
    config.images = false;
    Service::with_clock(config, Arc::new(ManualClock::new(NOW))).expect("opens")
}

/// The scheduler's wake-up: the nearest deadline among 100,000 running games, and the next
/// notice due for a platform's delivery loop.
#[divan::bench(sample_count = 200)]
fn wake_up(bencher: divan::Bencher) {
    let (_, path) = prepared();
    let service = open(path);
    bencher.bench_local(|| {
        (
            service.next_tick().expect("reads"),
            service.next_notice_due("discord").expect("reads"),
        )
    });
}

/// A start after downtime: 1,000 overdue games settled (a loss on time each, the result
/// written to the outbox), in their own transactions. Each sample works on a fresh copy of
/// the database (the copy is not timed).
#[divan::bench(sample_count = 5, sample_size = 1)]
fn settle_overdue_after_downtime(bencher: divan::Bencher) {
    let (_, path) = prepared();
    bencher
        .with_inputs(|| {
            let dir = tempfile::tempdir().expect("temp dir");
            let copy = dir.path().join("copy.db");
            std::fs::copy(path, &copy).expect("copies");
            let service = open(&copy);
            (dir, service)
        })
        .bench_local_values(|(dir, service)| {
            let tick = service.tick(NOW).expect("ticks");
            assert_eq!(tick.settled, OVERDUE);
            (dir, service)
        });
}
