//! `akron db copy` both ways with 200,000 moves (issue 45): the shared 100,000 running games
//! of `shared/` (two moves each, 200,000 moves) with 100,000 delivered notices and 1,000 due
//! ones, copied from a SQLite file into an empty PostgreSQL database, and from that database
//! into an empty SQLite file, in the same run. Each copy is the whole command,
//! [`copy_database`]: the rows, then every table counted again on both sides and every game
//! replayed in the target, in the target's one transaction.
//!
//! `AKRON_TEST_POSTGRES=postgres://akron@127.0.0.1:PORT/postgres cargo bench -p akron-service --bench copy`
//! (`AKRON_BENCH_RUNS=N`: runs each way, 3 by default). Without `AKRON_TEST_POSTGRES` it
//! measures nothing, with a note.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

mod shared;

use akron_service::db::{self, Db, ScratchDatabase};
use akron_service::service::copy_command::{copy_database, CopyOptions};
use akron_service::service::Config;
use shared::Fill;
use std::time::{Duration, Instant};

fn main() {
    let Some(server) = shared::postgres_server() else {
        return;
    };
    let runs: usize = std::env::var("AKRON_BENCH_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    let dir = tempfile::tempdir().expect("a folder");
    let started = Instant::now();
    let source = shared::sqlite_file(dir.path(), "source.db", Fill { notices: true });
    let moves = Db::open(&source)
        .expect("opens")
        .read(|c| db::count_rows(c, "moves"))
        .expect("counts");
    println!(
        "filled {source:?} with {moves} moves in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let mut into_postgres = Vec::new();
    let mut into_sqlite = Vec::new();
    for run in 0..runs {
        let scratch = ScratchDatabase::create(&server).expect("a bench database");
        let to_pg = Config {
            postgres: Some(scratch.url().clone()),
            ..Config::with_db(&source)
        };
        let took = timed(&Config::with_db(&source), &to_pg);
        into_postgres.push(took);
        let back = dir.path().join(format!("back-{run}.db"));
        let from_pg = to_pg.clone();
        let took_back = timed(&from_pg, &Config::with_db(&back));
        into_sqlite.push(took_back);
        println!(
            "run {}: SQLite -> PostgreSQL {:.2} s, PostgreSQL -> SQLite {:.2} s",
            run + 1,
            took.as_secs_f64(),
            took_back.as_secs_f64()
        );
        drop(scratch);
    }
    let best = |times: &[Duration]| times.iter().min().copied().unwrap_or_default();
    let median = |times: &mut Vec<Duration>| {
        times.sort();
        times[times.len() / 2]
    };
    let (to, back) = (best(&into_postgres), best(&into_sqlite));
    println!(
        "{moves} moves: SQLite -> PostgreSQL best {:.2} s (median {:.2} s); PostgreSQL -> SQLite best {:.2} s (median {:.2} s); ratio {:.2}",
        to.as_secs_f64(),
        median(&mut into_postgres).as_secs_f64(),
        back.as_secs_f64(),
        median(&mut into_sqlite).as_secs_f64(),
        to.as_secs_f64() / back.as_secs_f64()
    );
}

/// The wall time of one whole copy.
fn timed(from: &Config, to: &Config) -> Duration {
    let started = Instant::now();
    let copied = copy_database(from, to, CopyOptions::default()).expect("copies");
    let took = started.elapsed();
    assert_eq!(copied.games_replayed, shared::ACTIVE);
    took
}
