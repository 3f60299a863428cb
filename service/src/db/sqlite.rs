//! The SQLite backend, through rusqlite: the embedded default, one file, no server.
//!
//! The file is in WAL mode with `synchronous=FULL`; every write transaction is
//! `BEGIN IMMEDIATE`, so it holds the one write lock from its first statement and what it
//! read cannot change under it. A few connections are kept for reuse.

use super::{DbError, Row, RowRef, Value, ValueRef};
use rusqlite::types::{ToSqlOutput, ValueRef as SqliteValueRef};
use rusqlite::{Connection, OpenFlags, TransactionBehavior};
use rusqlite_migration::{Migrations, M};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// The SQLite migrations under `migrations/`, in order. Landed ones are never edited (a test
/// holds each file's hash).
pub(super) const MIGRATIONS: &[(&str, &str)] = &[
    (
        "0001_games.sql",
        include_str!("../../../migrations/0001_games.sql"),
    ),
    (
        "0002_outbox.sql",
        include_str!("../../../migrations/0002_outbox.sql"),
    ),
    (
        "0003_clocks.sql",
        include_str!("../../../migrations/0003_clocks.sql"),
    ),
    (
        "0004_premoves_vacations.sql",
        include_str!("../../../migrations/0004_premoves_vacations.sql"),
    ),
    (
        "0005_matrix.sql",
        include_str!("../../../migrations/0005_matrix.sql"),
    ),
    (
        "0006_ai_puzzles.sql",
        include_str!("../../../migrations/0006_ai_puzzles.sql"),
    ),
    (
        "0007_ratings_tournaments.sql",
        include_str!("../../../migrations/0007_ratings_tournaments.sql"),
    ),
    (
        "0008_thread_challenges.sql",
        include_str!("../../../migrations/0008_thread_challenges.sql"),
    ),
    (
        "0009_tournament_role_signup.sql",
        include_str!("../../../migrations/0009_tournament_role_signup.sql"),
    ),
    (
        "0010_current_code.sql",
        include_str!("../../../migrations/0010_current_code.sql"),
    ),
    (
        "0011_console_clock.sql",
        include_str!("../../../migrations/0011_console_clock.sql"),
    ),
    (
        "0012_versions.sql",
        include_str!("../../../migrations/0012_versions.sql"),
    ),
    (
        "0013_claims.sql",
        include_str!("../../../migrations/0013_claims.sql"),
    ),
    (
        "0014_web.sql",
        include_str!("../../../migrations/0014_web.sql"),
    ),
    (
        "0015_language.sql",
        include_str!("../../../migrations/0015_language.sql"),
    ),
    (
        "0016_puzzle_server.sql",
        include_str!("../../../migrations/0016_puzzle_server.sql"),
    ),
    (
        "0017_games_by_channel.sql",
        include_str!("../../../migrations/0017_games_by_channel.sql"),
    ),
    (
        "0018_chat_choices.sql",
        include_str!("../../../migrations/0018_chat_choices.sql"),
    ),
    (
        "0019_casual.sql",
        include_str!("../../../migrations/0019_casual.sql"),
    ),
    (
        "0020_analysis.sql",
        include_str!("../../../migrations/0020_analysis.sql"),
    ),
    (
        "0021_knockout.sql",
        include_str!("../../../migrations/0021_knockout.sql"),
    ),
    (
        "0022_double.sql",
        include_str!("../../../migrations/0022_double.sql"),
    ),
    (
        "0023_checkin.sql",
        include_str!("../../../migrations/0023_checkin.sql"),
    ),
    (
        "0024_mine.sql",
        include_str!("../../../migrations/0024_mine.sql"),
    ),
    (
        "0025_current_code_in_move.sql",
        include_str!("../../../migrations/0025_current_code_in_move.sql"),
    ),
];

/// How many times opening is tried again after a transient failure.
const OPEN_TRIES: u32 = 5;

/// Whether an error while opening may pass if tried again: an I/O error or a busy lock.
fn is_transient_open(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::SystemIoFailure | rusqlite::ErrorCode::DatabaseBusy)
    )
}

/// Idle connections kept for reuse.
const MAX_IDLE: usize = 8;

/// A SQLite file and a few open connections to it.
pub(super) struct Pool {
    path: PathBuf,
    busy_timeout: Duration,
    read_only: bool,
    idle: Mutex<Vec<Connection>>,
}

impl Pool {
    /// Opens (creating if needed, unless `read_only`) the file and applies the migrations.
    pub(super) fn open(
        path: &Path,
        busy_timeout: Duration,
        read_only: bool,
    ) -> Result<Pool, DbError> {
        // Several processes opening the same WAL file at the same moment can meet a
        // transient I/O error while one of them rebuilds the shared WAL index (seen with
        // consoles started together under load). Opening changes nothing that a second try
        // could repeat wrongly, so a few tries are made before the error is reported.
        let mut attempt = 0;
        loop {
            match Pool::open_once(path, busy_timeout, read_only) {
                Err(DbError::Sqlite(e)) if attempt < OPEN_TRIES && is_transient_open(&e) => {
                    attempt += 1;
                    tracing::warn!(error = %e, attempt, "opening the database failed; trying again");
                    std::thread::sleep(Duration::from_millis(50 * u64::from(attempt)));
                }
                other => return other,
            }
        }
    }

    fn open_once(path: &Path, busy_timeout: Duration, read_only: bool) -> Result<Pool, DbError> {
        if read_only {
            // A reader never creates the file; without this SQLite says only that it cannot
            // open it, which reads like a permissions problem.
            if !path.exists() {
                return Err(DbError::Open {
                    path: path.to_path_buf(),
                    reason: "there is no such file (give the database the bot writes)".to_string(),
                });
            }
            let conn =
                connect(path, busy_timeout, true).map_err(|e| explain_open_failure(path, e))?;
            check_ours(&conn, path)?;
            let version = user_version(&conn)?;
            if version != MIGRATIONS.len() {
                return Err(if version > MIGRATIONS.len() {
                    DbError::TooNew {
                        known: MIGRATIONS.len(),
                        found: version,
                    }
                } else {
                    DbError::Migration(format!(
                        "the database is at version {version}, older than this akron's {}: \
                         start the bot once to bring it up to date",
                        MIGRATIONS.len()
                    ))
                });
            }
            return Ok(Pool {
                path: path.to_path_buf(),
                busy_timeout,
                read_only,
                idle: Mutex::new(vec![conn]),
            });
        }
        check_location(path)?;
        let mut conn = (|| {
            let conn = connect(path, busy_timeout, false)?;
            check_ours(&conn, path)?;
            let journal: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
            if !journal.eq_ignore_ascii_case("wal") {
                return Err(DbError::Corrupt(format!(
                    "cannot switch {} to WAL mode (it is {journal})",
                    path.display()
                )));
            }
            Ok(conn)
        })()
        .map_err(|e| explain_open_failure(path, e))?;
        let version = user_version(&conn)?;
        if version > MIGRATIONS.len() {
            return Err(DbError::TooNew {
                known: MIGRATIONS.len(),
                found: version,
            });
        }
        migrations()
            .to_latest(&mut conn)
            .map_err(|e| DbError::Migration(e.to_string()))?;
        Ok(Pool {
            path: path.to_path_buf(),
            busy_timeout,
            read_only,
            idle: Mutex::new(vec![conn]),
        })
    }

    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    pub(super) fn read<R, E: From<DbError>>(
        &self,
        read: impl FnOnce(&Connection) -> Result<R, E>,
    ) -> Result<R, E> {
        let conn = self.take()?;
        let result = read(&conn);
        self.give_back(conn);
        result
    }

    pub(super) fn write<R, E: From<DbError>>(
        &self,
        write: impl FnOnce(&Connection) -> Result<R, E>,
    ) -> Result<R, E> {
        let mut conn = self.take()?;
        let result = (|| {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(DbError::from)?;
            let value = write(&tx)?;
            tx.commit().map_err(DbError::from)?;
            Ok(value)
        })();
        self.give_back(conn);
        result
    }

    fn take(&self) -> Result<Connection, DbError> {
        let pooled = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        match pooled {
            Some(conn) => Ok(conn),
            None => connect(&self.path, self.busy_timeout, self.read_only),
        }
    }

    fn give_back(&self, conn: Connection) {
        if let Ok(mut idle) = self.idle.lock() {
            if idle.len() < MAX_IDLE {
                idle.push(conn);
            }
        }
    }
}

fn migrations() -> Migrations<'static> {
    Migrations::new(MIGRATIONS.iter().map(|(_, sql)| M::up(sql)).collect())
}

fn user_version(conn: &Connection) -> Result<usize, DbError> {
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    Ok(usize::try_from(version).unwrap_or(0))
}

impl From<rusqlite::Error> for DbError {
    fn from(e: rusqlite::Error) -> Self {
        DbError::Sqlite(e)
    }
}

pub(super) fn is_busy(e: &rusqlite::Error) -> bool {
    e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy)
}

pub(super) fn is_constraint(e: &rusqlite::Error) -> bool {
    e.sqlite_error_code() == Some(rusqlite::ErrorCode::ConstraintViolation)
}

impl rusqlite::ToSql for Value<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Borrowed(match *self {
            Value::Null => SqliteValueRef::Null,
            Value::Int(n) => SqliteValueRef::Integer(n),
            Value::Real(x) => SqliteValueRef::Real(x),
            Value::Text(text) => SqliteValueRef::Text(text.as_bytes()),
            Value::Blob(bytes) => SqliteValueRef::Blob(bytes),
        }))
    }
}

pub(super) fn with_value<T>(
    row: &rusqlite::Row<'_>,
    index: usize,
    read: impl FnOnce(ValueRef<'_>) -> T,
) -> Result<T, DbError> {
    let value = match row.get_ref(index)? {
        SqliteValueRef::Null => ValueRef::Null,
        SqliteValueRef::Integer(n) => ValueRef::Int(n),
        SqliteValueRef::Real(x) => ValueRef::Real(x),
        SqliteValueRef::Text(bytes) => ValueRef::Text(
            std::str::from_utf8(bytes)
                .map_err(|_| DbError::Corrupt(format!("column {index} is not UTF-8 text")))?,
        ),
        SqliteValueRef::Blob(bytes) => ValueRef::Blob(bytes),
    };
    Ok(read(value))
}

pub(super) fn execute(
    conn: &Connection,
    sql: &str,
    params: &[Value<'_>],
) -> Result<usize, DbError> {
    Ok(conn
        .prepare_cached(sql)?
        .execute(rusqlite::params_from_iter(params))?)
}

pub(super) fn query<T>(
    conn: &Connection,
    sql: &str,
    params: &[Value<'_>],
    mut read: impl FnMut(&Row<'_>) -> Result<T, DbError>,
) -> Result<Vec<T>, DbError> {
    let mut statement = conn.prepare_cached(sql)?;
    let mut rows = statement.query(rusqlite::params_from_iter(params))?;
    let mut all = Vec::new();
    while let Some(row) = rows.next()? {
        all.push(read(&Row {
            inner: RowRef::Sqlite(row),
        })?);
    }
    Ok(all)
}

pub(super) fn query_opt<T>(
    conn: &Connection,
    sql: &str,
    params: &[Value<'_>],
    read: impl FnOnce(&Row<'_>) -> Result<T, DbError>,
) -> Result<Option<T>, DbError> {
    let mut statement = conn.prepare_cached(sql)?;
    let mut rows = statement.query(rusqlite::params_from_iter(params))?;
    match rows.next()? {
        Some(row) => read(&Row {
            inner: RowRef::Sqlite(row),
        })
        .map(Some),
        None => Ok(None),
    }
}

/// Opens one connection with the settings every connection needs.
fn connect(path: &Path, busy_timeout: Duration, read_only: bool) -> Result<Connection, DbError> {
    let conn = if read_only {
        // Read-only connections cannot create the file or write to it; the WAL and its
        // shared memory still work while a writer has the file open.
        Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY
                | OpenFlags::SQLITE_OPEN_NO_MUTEX
                | OpenFlags::SQLITE_OPEN_URI,
        )?
    } else {
        Connection::open(path)?
    };
    conn.busy_timeout(busy_timeout)?;
    if read_only {
        return Ok(conn);
    }
    // FULL makes every commit durable at once, even across a power cut, not only a crash.
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(conn)
}

/// Says why the file at `path` cannot be opened for writing, before SQLite tries and says only
/// "unable to open database file": a missing folder, a folder in the way, a read-only place.
fn check_location(path: &Path) -> Result<(), DbError> {
    let refuse = |reason: String| DbError::Open {
        path: path.to_path_buf(),
        reason,
    };
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(refuse("that is a folder, not a file".to_string())),
        Ok(_) => std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map(drop)
            .map_err(|e| refuse(format!("the file cannot be written: {}", io_reason(&e)))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let folder = path
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            if !folder.is_dir() {
                return Err(refuse(format!(
                    "the folder {} does not exist",
                    folder.display()
                )));
            }
            // An empty file is a new, empty SQLite database.
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
            {
                Ok(_) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
                Err(e) => Err(refuse(format!(
                    "no file can be created in {}: {}",
                    folder.display(),
                    io_reason(&e)
                ))),
            }
        }
        Err(e) => Err(refuse(io_reason(&e))),
    }
}

/// A short reason for an I/O failure, naming read-only places as such.
fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::PermissionDenied => "it is read-only for this user".to_string(),
        std::io::ErrorKind::ReadOnlyFilesystem => "the file system is read-only".to_string(),
        _ => e.to_string(),
    }
}

/// Refuses a database that holds anything but the bot's own tables. A new database is empty;
/// the bot's own records its migration in `user_version` and has a `games` table.
fn check_ours(conn: &Connection, path: &Path) -> Result<(), DbError> {
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let mut statement = conn.prepare(
        "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type DESC, name",
    )?;
    let found = statement
        .query_map([], |r| {
            Ok(format!(
                "{} {}",
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let has_games = found.iter().any(|f| f == "table games");
    if found.is_empty() || (version > 0 && has_games) {
        Ok(())
    } else {
        Err(DbError::Foreign {
            path: path.to_path_buf(),
            found,
        })
    }
}

/// Turns SQLite's terse failures while opening into a reason a person can act on.
fn explain_open_failure(path: &Path, e: DbError) -> DbError {
    let DbError::Sqlite(sqlite) = &e else {
        return e;
    };
    let reason = match sqlite.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) => "the file is not a SQLite database",
        Some(rusqlite::ErrorCode::ReadOnly) => {
            "it is read-only (the file, or its folder, which must take the -wal and -shm files \
             beside it)"
        }
        Some(rusqlite::ErrorCode::CannotOpen) => {
            "SQLite cannot open it (its folder must be writable, for the -wal and -shm files \
             beside it)"
        }
        _ => return e,
    };
    DbError::Open {
        path: path.to_path_buf(),
        reason: reason.to_string(),
    }
}

/// The write lock of any SQLite file (not only the service's), held by a connection of its
/// own as a checkpoint or a second process would hold it, until [`WriteLock::release`] or a
/// drop. For tests that show another store (matrix-sdk's) waits instead of losing work; it
/// lives here so that only the storage module names the SQLite driver.
#[cfg(feature = "testing")]
pub struct WriteLock(Connection);

#[cfg(feature = "testing")]
impl WriteLock {
    /// Waits up to `wait` for the file's write lock and takes it (`BEGIN IMMEDIATE`).
    ///
    /// # Errors
    ///
    /// When the file cannot be opened or the lock is not had within `wait`.
    pub fn take(path: &Path, wait: Duration) -> Result<WriteLock, DbError> {
        let connection = Connection::open(path)?;
        connection.busy_timeout(wait)?;
        connection.execute_batch("BEGIN IMMEDIATE")?;
        Ok(WriteLock(connection))
    }

    /// Gives the lock back, writing nothing.
    ///
    /// # Errors
    ///
    /// When the rollback fails.
    pub fn release(self) -> Result<(), DbError> {
        Ok(self.0.execute_batch("ROLLBACK")?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The SHA-256 of every landed migration. A landed migration is never edited: a database
    /// that already ran it would never see the change. Add a new file instead.
    const LANDED: &[(&str, &str)] = &[
        (
            "0001_games.sql",
            "9c67ba95cbff014bbae89cacaef728b0360310b315472af59133accf6c3b4c28",
        ),
        (
            "0002_outbox.sql",
            "9e9e5b62a20bc856aeacf6ca4ad952063a423c0741a4557a211bf8da739558c2",
        ),
        (
            "0003_clocks.sql",
            "bb8a5e71cd90b5d2106746a5c34b2602248aaa4b5ec82e58474da24c7aa45c86",
        ),
        (
            "0004_premoves_vacations.sql",
            "c50d3d4d888a9a06e73e86ead0183c8d68cd3e3895811a8409df7d912ef06ef0",
        ),
        (
            "0005_matrix.sql",
            "78e541fc947651336311edefa1f70113ca016339b3859a655ae0ee1805786c83",
        ),
        (
            "0006_ai_puzzles.sql",
            "cfd84bfeee221d1f18e8c572a82cf82cb81c9de8b331928b38fcc13368abe91e",
        ),
        (
            "0007_ratings_tournaments.sql",
            "edf1a172c5ed8392d7d3803313599425e04f08437f7f970874e878b6d6f11789",
        ),
        (
            "0008_thread_challenges.sql",
            "b5bcdb9e38f9f7a30b8d9b78388622600d1fd1031d4a45b6988f002c7415d5be",
        ),
        (
            "0009_tournament_role_signup.sql",
            "320d47be640ea80cc85d3223a1828737d9042d4ff24a518349f76628a5754542",
        ),
        (
            "0010_current_code.sql",
            "0f4b9d145620e5bab99bf10a355561b0130e6ae23927a33ba7f8a532c0c3db15",
        ),
        (
            "0011_console_clock.sql",
            "0aee18484619ddcd71445afd4b2f87b2e4a53ff52689ba3c0d3470d415f7f8ee",
        ),
        (
            "0012_versions.sql",
            "b62b62238409f0d8780611f5551a817f70b7295786876783054c59ba3f2bec74",
        ),
        (
            "0013_claims.sql",
            "54c0e4b8d25eaba43e7970c9f5413310c5f5b1ca46b5a8dd3127a57332a74069",
        ),
        (
            "0014_web.sql",
            "a9cacae69d60120be278863818ae0cf859c3ed6a0f830c2d2392c91eddeb3c98",
        ),
        (
            "0015_language.sql",
            "c9c48ac7ceb945db41e3f2e9210d67d80e1caad394650b6a4c08c14597774bcf",
        ),
        (
            "0016_puzzle_server.sql",
            "a98d178cd988586ad068da34f03a345c4fd4a52ccbaca5d0fb70c89d68a59a70",
        ),
        (
            "0017_games_by_channel.sql",
            "6e85b48170142973eb89805d398338b8d7db67c6f7ba1315bc32d66dbaf1d675",
        ),
        (
            "0018_chat_choices.sql",
            "9a97630614c77267a3c6dfcf524fc4e8422b3ded695d16732cedbdc4f97240b5",
        ),
        (
            "0019_casual.sql",
            "8644514a23aa44bd7b3baa6cbfe7694f21f9c09bc1af13f7bff2add5a1bb8ec8",
        ),
        (
            "0020_analysis.sql",
            "6f0a6c1ca8e18d11ef880c8582d8765c376c716d4643dc58979fc8de4fbfb7b5",
        ),
        (
            "0021_knockout.sql",
            "9f9b919edce334e548e4360a851fb2e175870aef736eef9ea51d8aeddb291886",
        ),
        (
            "0022_double.sql",
            "7ae536935938f30e8619d3f4ffafe9b86b3ecb3636230b53ec5320a6395301a6",
        ),
        (
            "0023_checkin.sql",
            "5160ce479cc78229b6adf67ecbc9811da2abdecbac94f2af784bcf8514f46811",
        ),
        (
            "0024_mine.sql",
            "6a5861bfd7115b093eee48c5659fe2d2aaf3c442fd67561390036d92ed282a73",
        ),
        (
            "0025_current_code_in_move.sql",
            "b41659256487ee33902346404ad9b0c88c356237df49997e0bac97395f893aa3",
        ),
    ];

    #[test]
    fn migrations_are_valid() {
        assert!(migrations().validate().is_ok());
    }

    #[test]
    fn landed_migrations_are_never_edited() {
        super::super::assert_landed(MIGRATIONS, LANDED);
    }

    /// Regression (issue 26): a database from a newer akron was refused as
    /// `MigrationDefinition(DatabaseTooFarAhead)`.
    #[test]
    fn a_database_from_a_newer_akron_says_to_upgrade() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("akron.db");
        drop(super::super::Db::open(&path)?);
        let conn = Connection::open(&path)?;
        conn.pragma_update(None, "user_version", 99)?;
        drop(conn);
        let error = super::super::Db::open(&path)
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
        Ok(())
    }

    #[test]
    fn a_read_only_database_reads_and_refuses_writes() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("akron.db");
        let db = super::super::Db::open(&path)?;
        db.write(|tx| tx.execute("INSERT INTO server_settings (server_id) VALUES ('s')", &[]))?;
        let reader = super::super::Db::open_read_only(&path)?;
        let count: i64 = reader
            .read(|tx| tx.query_one("SELECT count(*) FROM server_settings", &[], |r| r.get(0)))?;
        assert_eq!(count, 1);
        let refused = reader.read(|tx| tx.execute("DELETE FROM server_settings", &[]));
        assert!(refused.is_err());
        assert!(super::super::Db::open_read_only(&dir.path().join("missing.db")).is_err());
        Ok(())
    }
}
