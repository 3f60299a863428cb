//! Claims on shared work (issue 29) with 100,000 running games, on SQLite and on PostgreSQL in
//! the same run: claiming (and releasing) a batch of due deadlines, claiming a batch of due
//! notices among 100,000 delivered ones, and the scheduler's wake-up (the nearest deadline).
//!
//! PostgreSQL: the server `AKRON_TEST_POSTGRES` names (a fresh database is made on it and
//! filled by `akron db copy`'s code from the SQLite one); without it those benches measure
//! nothing and say so. `cargo bench -p akron-service --bench claims`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

mod shared;

use akron_service::db::{self, Db, ScratchDatabase};
use shared::{Fill, NOW};
use std::sync::OnceLock;

/// A tick's batch, and a delivery loop's.
const TICK_BATCH: usize = 256;
const NOTICE_BATCH: usize = 64;

fn main() {
    divan::main();
}

/// The SQLite database: the shared 100,000 running games, 1,000 of them past their deadline,
/// and 100,000 delivered notices plus 1,000 due ones. Built once.
fn sqlite() -> &'static (tempfile::TempDir, Db) {
    static PREPARED: OnceLock<(tempfile::TempDir, Db)> = OnceLock::new();
    PREPARED.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = shared::sqlite_file(dir.path(), "claims.db", Fill { notices: true });
        let db = Db::open(&path).expect("db");
        (dir, db)
    })
}

/// The same on a fresh PostgreSQL database, copied from the SQLite one; `None` without a
/// server.
fn postgres() -> Option<&'static Db> {
    static PREPARED: OnceLock<Option<(ScratchDatabase, Db)>> = OnceLock::new();
    PREPARED
        .get_or_init(|| {
            let server = shared::postgres_server()?;
            Some(shared::postgres_copy(&server, &sqlite().1))
        })
        .as_ref()
        .map(|(_, db)| db)
}

/// One tick's claim: the 256 nearest due games of 100,000, claimed and then released.
fn claim_deadlines(db: &Db) -> usize {
    db.claim(|c| {
        let claimed = db::claim_due_games(c, "bench", NOW, NOW + 60, TICK_BATCH)?;
        db::release_claims(c, db::ClaimKind::Deadline, &claimed, "bench")?;
        Ok::<_, db::DbError>(claimed.len())
    })
    .expect("claims")
}

/// One delivery loop's claim: the 64 oldest due notices among 101,000 (with a lease that
/// ends now, so that every sample finds the same ones due).
fn claim_notices(db: &Db) -> usize {
    db.claim(|c| db::claim_notices(c, "bench", "bench", NOW, NOW, NOTICE_BATCH))
        .expect("claims")
        .len()
}

#[divan::bench(sample_count = 100)]
fn deadlines_sqlite(bencher: divan::Bencher) {
    let db = &sqlite().1;
    bencher.bench_local(|| assert_eq!(claim_deadlines(db), TICK_BATCH));
}

#[divan::bench(sample_count = 100)]
fn deadlines_postgres(bencher: divan::Bencher) {
    let Some(db) = postgres() else { return };
    bencher.bench_local(|| assert_eq!(claim_deadlines(db), TICK_BATCH));
}

#[divan::bench(sample_count = 100)]
fn notices_sqlite(bencher: divan::Bencher) {
    let db = &sqlite().1;
    bencher.bench_local(|| assert_eq!(claim_notices(db), NOTICE_BATCH));
}

#[divan::bench(sample_count = 100)]
fn notices_postgres(bencher: divan::Bencher) {
    let Some(db) = postgres() else { return };
    bencher.bench_local(|| assert_eq!(claim_notices(db), NOTICE_BATCH));
}

#[divan::bench(sample_count = 200)]
fn wake_up_sqlite(bencher: divan::Bencher) {
    let db = &sqlite().1;
    bencher.bench_local(|| db.read(db::next_deadline).expect("reads"));
}

#[divan::bench(sample_count = 200)]
fn wake_up_postgres(bencher: divan::Bencher) {
    let Some(db) = postgres() else { return };
    bencher.bench_local(|| db.read(db::next_deadline).expect("reads"));
}
