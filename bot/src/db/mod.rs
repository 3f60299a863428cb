//! Storage: SQLite through rusqlite. One small function per query.
//!
//! - [`Db`] opens the file, applies the embedded migrations, switches to WAL and keeps a few
//!   connections for reuse.
//! - Every state change runs inside [`Db::write`], one `BEGIN IMMEDIATE` transaction, and
//!   updates a game only at the version it read ([`save_game`]). A stale writer changes
//!   nothing and learns it from [`DbError::Conflict`].

mod games;
mod moves;
mod outbox;
mod settings;

pub use games::*;
pub use moves::*;
pub use outbox::*;
pub use settings::*;

use rusqlite::{Connection, TransactionBehavior};
use rusqlite_migration::{Migrations, M};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// The migrations under `migrations/`, in order. Landed ones are never edited.
const MIGRATIONS: &[M<'static>] = &[
    M::up(include_str!("../../../migrations/0001_games.sql")),
    M::up(include_str!("../../../migrations/0002_outbox.sql")),
    M::up(include_str!("../../../migrations/0003_clocks.sql")),
];

/// How long a writer waits for another writer's lock before giving up, by default.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Idle connections kept for reuse.
const MAX_IDLE: usize = 8;

/// A storage failure.
#[derive(Debug)]
pub enum DbError {
    /// SQLite reported an error.
    Sqlite(rusqlite::Error),
    /// The migrations could not be applied.
    Migration(rusqlite_migration::Error),
    /// Another change to the same game landed first; nothing was written.
    Conflict,
    /// The channel already has an open challenge or active game; nothing was written.
    ChannelTaken,
    /// A stored value cannot be read back.
    Corrupt(String),
}

impl fmt::Display for DbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbError::Sqlite(e) => write!(f, "database error: {e}"),
            DbError::Migration(e) => write!(f, "database migration failed: {e}"),
            DbError::Conflict => f.write_str("the game changed at the same moment"),
            DbError::ChannelTaken => f.write_str("the channel already has a game"),
            DbError::Corrupt(what) => write!(f, "stored data is damaged: {what}"),
        }
    }
}

impl DbError {
    /// Whether another writer held the database for longer than the busy timeout.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        matches!(
            self,
            DbError::Sqlite(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy)
        )
    }
}

impl std::error::Error for DbError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DbError::Sqlite(e) => Some(e),
            DbError::Migration(e) => Some(e),
            _ => None,
        }
    }
}

impl From<rusqlite::Error> for DbError {
    fn from(e: rusqlite::Error) -> Self {
        DbError::Sqlite(e)
    }
}

/// The database: a file path and a few open connections.
pub struct Db {
    path: PathBuf,
    busy_timeout: Duration,
    idle: Mutex<Vec<Connection>>,
}

impl fmt::Debug for Db {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Db").field("path", &self.path).finish()
    }
}

impl Db {
    /// Opens (creating if needed) the database at `path` and applies the migrations.
    ///
    /// # Errors
    ///
    /// When the file cannot be opened or migrated.
    pub fn open(path: &Path) -> Result<Db, DbError> {
        Db::open_with(path, BUSY_TIMEOUT)
    }

    /// Like [`Db::open`], with another limit on how long a change waits for another
    /// writer's lock (another process on the same file, a backup) before it fails.
    ///
    /// # Errors
    ///
    /// When the file cannot be opened or migrated.
    pub fn open_with(path: &Path, busy_timeout: Duration) -> Result<Db, DbError> {
        let mut conn = connect(path, busy_timeout)?;
        let journal: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        if !journal.eq_ignore_ascii_case("wal") {
            return Err(DbError::Corrupt(format!(
                "cannot switch {} to WAL mode (it is {journal})",
                path.display()
            )));
        }
        Migrations::from_slice(MIGRATIONS)
            .to_latest(&mut conn)
            .map_err(DbError::Migration)?;
        Ok(Db {
            path: path.to_path_buf(),
            busy_timeout,
            idle: Mutex::new(vec![conn]),
        })
    }

    /// The database file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `read` on a connection, outside any explicit transaction.
    ///
    /// # Errors
    ///
    /// Whatever `read` returns, or a failure to connect.
    pub fn read<R, E: From<DbError>>(
        &self,
        read: impl FnOnce(&Connection) -> Result<R, E>,
    ) -> Result<R, E> {
        let conn = self.take()?;
        let result = read(&conn);
        self.give_back(conn);
        result
    }

    /// Runs `write` inside one `BEGIN IMMEDIATE` transaction, committed only if it returns
    /// `Ok`. A crash at any point leaves either all of it or none.
    ///
    /// # Errors
    ///
    /// Whatever `write` returns (the transaction is rolled back), or a database failure.
    pub fn write<R, E: From<DbError>>(
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
            None => connect(&self.path, self.busy_timeout),
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

/// Opens one connection with the settings every connection needs.
fn connect(path: &Path, busy_timeout: Duration) -> Result<Connection, DbError> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(busy_timeout)?;
    // FULL makes every commit durable at once, even across a power cut, not only a crash.
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(conn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        assert!(Migrations::from_slice(MIGRATIONS).validate().is_ok());
    }
}
