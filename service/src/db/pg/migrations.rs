//! The PostgreSQL migrations: the list, applying what a database lacks (one process at a
//! time), and refusing a database that is not the bot's or is newer than this build.

use super::statements::batch;
use super::{Conn, Pool};
use crate::db::DbError;

/// The PostgreSQL migrations under `migrations/postgres/`, in order: the same numbers, names
/// and meaning as SQLite's (`sqlite::MIGRATIONS`); landed ones are never edited (a test holds
/// each file's hash).
pub(in crate::db) const MIGRATIONS: &[(&str, &str)] = &[
    (
        "0001_games.sql",
        include_str!("../../../../migrations/postgres/0001_games.sql"),
    ),
    (
        "0002_outbox.sql",
        include_str!("../../../../migrations/postgres/0002_outbox.sql"),
    ),
    (
        "0003_clocks.sql",
        include_str!("../../../../migrations/postgres/0003_clocks.sql"),
    ),
    (
        "0004_premoves_vacations.sql",
        include_str!("../../../../migrations/postgres/0004_premoves_vacations.sql"),
    ),
    (
        "0005_matrix.sql",
        include_str!("../../../../migrations/postgres/0005_matrix.sql"),
    ),
    (
        "0006_ai_puzzles.sql",
        include_str!("../../../../migrations/postgres/0006_ai_puzzles.sql"),
    ),
    (
        "0007_ratings_tournaments.sql",
        include_str!("../../../../migrations/postgres/0007_ratings_tournaments.sql"),
    ),
    (
        "0008_thread_challenges.sql",
        include_str!("../../../../migrations/postgres/0008_thread_challenges.sql"),
    ),
    (
        "0009_tournament_role_signup.sql",
        include_str!("../../../../migrations/postgres/0009_tournament_role_signup.sql"),
    ),
    (
        "0010_current_code.sql",
        include_str!("../../../../migrations/postgres/0010_current_code.sql"),
    ),
    (
        "0011_console_clock.sql",
        include_str!("../../../../migrations/postgres/0011_console_clock.sql"),
    ),
    (
        "0012_versions.sql",
        include_str!("../../../../migrations/postgres/0012_versions.sql"),
    ),
    (
        "0013_claims.sql",
        include_str!("../../../../migrations/postgres/0013_claims.sql"),
    ),
    (
        "0014_web.sql",
        include_str!("../../../../migrations/postgres/0014_web.sql"),
    ),
    (
        "0015_language.sql",
        include_str!("../../../../migrations/postgres/0015_language.sql"),
    ),
    (
        "0016_puzzle_server.sql",
        include_str!("../../../../migrations/postgres/0016_puzzle_server.sql"),
    ),
    (
        "0017_games_by_channel.sql",
        include_str!("../../../../migrations/postgres/0017_games_by_channel.sql"),
    ),
    (
        "0018_chat_choices.sql",
        include_str!("../../../../migrations/postgres/0018_chat_choices.sql"),
    ),
    (
        "0019_casual.sql",
        include_str!("../../../../migrations/postgres/0019_casual.sql"),
    ),
    (
        "0020_analysis.sql",
        include_str!("../../../../migrations/postgres/0020_analysis.sql"),
    ),
    (
        "0021_knockout.sql",
        include_str!("../../../../migrations/postgres/0021_knockout.sql"),
    ),
    (
        "0022_double.sql",
        include_str!("../../../../migrations/postgres/0022_double.sql"),
    ),
    (
        "0023_checkin.sql",
        include_str!("../../../../migrations/postgres/0023_checkin.sql"),
    ),
    (
        "0024_mine.sql",
        include_str!("../../../../migrations/postgres/0024_mine.sql"),
    ),
    (
        "0025_current_code_in_move.sql",
        include_str!("../../../../migrations/postgres/0025_current_code_in_move.sql"),
    ),
];

/// The lock every process takes while it migrates, so that processes started together
/// migrate one after the other (`pg_advisory_xact_lock`; the number is "akron" in ASCII).
const MIGRATION_LOCK: i64 = 0x0061_6b72_6f6e;

impl Pool {
    /// Refuses a database a reader cannot use: not the bot's, or not at this build's schema
    /// (a reader applies no migrations; the bot does when it starts).
    pub(super) fn check_current(&self) -> Result<(), DbError> {
        self.read(|conn: &Conn| {
            let found: i64 = conn
                .client
                .borrow_mut()
                .query_one(
                    "SELECT COALESCE(MAX(version), 0) FROM akron_migrations",
                    &[],
                )
                .map_err(|e| {
                    DbError::Migration(format!(
                        "{} is not a database the bot has opened ({e})",
                        self.url
                    ))
                })?
                .get(0);
            let found = usize::try_from(found).unwrap_or(0);
            match found.cmp(&MIGRATIONS.len()) {
                std::cmp::Ordering::Greater => Err(DbError::TooNew {
                    known: MIGRATIONS.len(),
                    found,
                }),
                std::cmp::Ordering::Less => Err(DbError::Migration(format!(
                    "{} is at migration {found} of {}: start the bot on it once to bring it up \
                     to date",
                    self.url,
                    MIGRATIONS.len()
                ))),
                std::cmp::Ordering::Equal => Ok(()),
            }
        })
    }

    /// Applies the migrations this database lacks, in one transaction that holds the
    /// migration lock: two processes started together migrate one after the other. It runs
    /// at `READ COMMITTED`, so that each statement after the lock sees what the process that
    /// held it before committed.
    pub(super) fn migrate(&self) -> Result<(), DbError> {
        self.transaction("BEGIN ISOLATION LEVEL READ COMMITTED", |conn| {
            batch(
                conn,
                &format!("SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"),
            )?;
            let tables: Vec<String> = conn
                .client
                .borrow_mut()
                .query(
                    "SELECT table_name::text FROM information_schema.tables \
                     WHERE table_schema = current_schema() ORDER BY table_name",
                    &[],
                )?
                .iter()
                .map(|row| row.get::<_, String>(0))
                .collect();
            if !tables.is_empty() && !tables.iter().any(|t| t == "akron_migrations") {
                return Err(DbError::Foreign {
                    path: std::path::PathBuf::from(self.url.to_string()),
                    found: tables.into_iter().map(|t| format!("table {t}")).collect(),
                });
            }
            batch(
                conn,
                "CREATE TABLE IF NOT EXISTS akron_migrations (\
                     version    BIGINT PRIMARY KEY, \
                     name       TEXT   NOT NULL, \
                     applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
            )?;
            let found: i64 = conn
                .client
                .borrow_mut()
                .query_one(
                    "SELECT COALESCE(MAX(version), 0) FROM akron_migrations",
                    &[],
                )?
                .get(0);
            let found = usize::try_from(found).unwrap_or(0);
            if found > MIGRATIONS.len() {
                return Err(DbError::TooNew {
                    known: MIGRATIONS.len(),
                    found,
                });
            }
            for (index, (name, sql)) in MIGRATIONS.iter().enumerate().skip(found) {
                batch(conn, sql).map_err(|e| DbError::Migration(format!("{name}: {e}")))?;
                let version = i64::try_from(index + 1).unwrap_or(i64::MAX);
                conn.client.borrow_mut().execute(
                    "INSERT INTO akron_migrations (version, name) VALUES ($1, $2)",
                    &[&version, name],
                )?;
            }
            Ok(())
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::db::pg::tests::scratch;
    use crate::db::Db;
    use postgres::{Client, NoTls};
    use std::time::Duration;

    /// The SHA-256 of every landed PostgreSQL migration: a landed migration is never edited.
    const LANDED: &[(&str, &str)] = &[
        (
            "0001_games.sql",
            "7941ec338f1bb4ca25a9f22202e98c69d55a1c3b45b1b9821d49947e284f1208",
        ),
        (
            "0002_outbox.sql",
            "fd2ff5df8956cbbbba6f5af78e20860f08014a44e82a61b21b728178264c8965",
        ),
        (
            "0003_clocks.sql",
            "956cd519fa04f48750d2c8baaa6dd4946adea23d5c357a060f1d534aee263695",
        ),
        (
            "0004_premoves_vacations.sql",
            "49ef95752bb98b396d9fb5f38d13112739d594c20b5b595466d1ce905c62d15b",
        ),
        (
            "0005_matrix.sql",
            "f263881bf574a83698b54237dd3ca821788aca5e56e75b408fbdd0e0709d07d5",
        ),
        (
            "0006_ai_puzzles.sql",
            "3a2cdecfdc2ae213725461276031ae7f7c24b5306f105e9f5c5c83e7b27099b0",
        ),
        (
            "0007_ratings_tournaments.sql",
            "d69b2c6693e0db7deffef5379e1d873ca38e1c1aae9ee02672033e83184bcb0c",
        ),
        (
            "0008_thread_challenges.sql",
            "4b2030c9f8017a33006e296269f3cc6ac7346a5651e8f1fcb808662662fb1e22",
        ),
        (
            "0009_tournament_role_signup.sql",
            "69433780b7d5529e2362340e110785cc07102994a16aecd0247d9b7615d09df4",
        ),
        (
            "0010_current_code.sql",
            "2b0c1a3eb43167f43cb37a5b44b957df23484e4874fc5e2012ebcae29d4bac12",
        ),
        (
            "0011_console_clock.sql",
            "a18e0eb80e8911097eeb646d0b915e05979bc2c30c52b1e89e43f588120ae2f6",
        ),
        (
            "0012_versions.sql",
            "2ea10136bb1657e1782f0df72a586f6f3950437de7ddc90efa9814b812da9fce",
        ),
        (
            "0013_claims.sql",
            "30d740e2facb0414b45957f67e0379d5fbdcf5fc3b233ccdd4d8fc1994bd6530",
        ),
        (
            "0014_web.sql",
            "19f9e63a6bd9ebe924351a2ade4e8d4280b48e707b0308058723c1c6bf5b5c6d",
        ),
        (
            "0015_language.sql",
            "928f17a8815c9dd3d74d9b88d5e0742b8ead7a19f62f17cb967be2a6c4b6e47d",
        ),
        (
            "0016_puzzle_server.sql",
            "012dea9ed3303eeda9dd3d4d80098f15bd72e2a567b9ad1f06ef3c6423dc8c79",
        ),
        (
            "0017_games_by_channel.sql",
            "b8ae814ccf76711095ed08347249d6a261fcd87b38c4f86ec99d86a9cf6ef1c7",
        ),
        (
            "0018_chat_choices.sql",
            "a3544335f97cf1eec77066d916dd5c4e6c60df2918ecfc49639fef70660c7727",
        ),
        (
            "0019_casual.sql",
            "1353b5bb64664166c124103d07b5b17129ec53183241b4d17eaa78b40729c470",
        ),
        (
            "0020_analysis.sql",
            "553d597bd87ca362b0362c66969a7456b8462f17ff3600f2e39c0b94db64660a",
        ),
        (
            "0021_knockout.sql",
            "c36103aaa1dc8cb5b455881263d7048a2e589161a4b7d4ab892ad8af01553a81",
        ),
        (
            "0022_double.sql",
            "957896d1190a1503e9f5c82267eb0e4d74ccf2d8b8fafed2b9bca0f8ede561c2",
        ),
        (
            "0023_checkin.sql",
            "ef3e544204f357456ccb58c53e891b69f3d70eb5c03a3bdcca9ff131de51529f",
        ),
        (
            "0024_mine.sql",
            "8d94a0ce92c8d8b7cc49aef8ad47709b713b816d5b411a4e5a59fcd387cfe8b8",
        ),
        (
            "0025_current_code_in_move.sql",
            "b1e30a80370c149c3a2004bfdd598d9769fd42608f879ac18bf52f2495da7943",
        ),
    ];

    #[test]
    fn landed_migrations_are_never_edited() {
        crate::db::assert_landed(MIGRATIONS, LANDED);
    }

    /// Both backends have the same migrations, by number and name.
    #[test]
    fn each_sqlite_migration_has_its_postgresql_twin() {
        let names =
            |list: &[(&'static str, &str)]| list.iter().map(|(n, _)| *n).collect::<Vec<_>>();
        assert_eq!(names(MIGRATIONS), names(crate::db::sqlite::MIGRATIONS));
    }

    /// A database made by a newer akron is refused with the same words as on SQLite.
    #[test]
    fn a_database_from_a_newer_akron_says_to_upgrade() {
        let Some(scratch) = scratch() else { return };
        let db = Db::open_postgres(scratch.url(), Duration::from_secs(5)).unwrap();
        db.write(|tx| {
            tx.execute(
                "INSERT INTO akron_migrations (version, name) VALUES (99, 'future')",
                &[],
            )
        })
        .unwrap();
        drop(db);
        let error = Db::open_postgres(scratch.url(), Duration::from_secs(5))
            .map(drop)
            .map_err(|e| e.to_string());
        assert_eq!(
            error,
            Err(format!(
                "this database was made by a newer akron (its schema is at version 99, this \
                 akron knows {}); upgrade akron to use it",
                MIGRATIONS.len()
            ))
        );
    }

    /// A database holding someone else's tables is refused and left alone.
    #[test]
    fn a_foreign_database_is_refused_and_left_alone() {
        let Some(scratch) = scratch() else { return };
        let mut client = Client::connect(scratch.url().secret(), NoTls).unwrap();
        client
            .batch_execute("CREATE TABLE notes (day TEXT, text TEXT)")
            .unwrap();
        let error = Db::open_postgres(scratch.url(), Duration::from_secs(5))
            .map(drop)
            .map_err(|e| e.to_string());
        assert_eq!(
            error,
            Err(format!(
                "{} is not this bot's database: it already holds table notes; give a new file \
                 or one the bot made",
                scratch.url()
            ))
        );
        let games: i64 = client
            .query_one(
                "SELECT count(*) FROM information_schema.tables WHERE table_name = 'games'",
                &[],
            )
            .unwrap()
            .get(0);
        assert_eq!(games, 0, "nothing was added");
    }

    /// Processes started together migrate one after the other, and each opens.
    #[test]
    fn processes_started_together_migrate_once() {
        let Some(scratch) = scratch() else { return };
        let url = scratch.url().clone();
        let opened: Vec<_> = (0..4)
            .map(|_| {
                let url = url.clone();
                std::thread::spawn(move || {
                    Db::open_postgres(&url, Duration::from_secs(10)).map(drop)
                })
            })
            .collect();
        for thread in opened {
            thread.join().unwrap().unwrap();
        }
        let mut client = Client::connect(url.secret(), NoTls).unwrap();
        let versions: i64 = client
            .query_one("SELECT count(*) FROM akron_migrations", &[])
            .unwrap()
            .get(0);
        assert_eq!(versions, i64::try_from(MIGRATIONS.len()).unwrap());
    }
}
