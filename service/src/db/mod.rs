//! Storage: the seam between the service and its database. One small function per query,
//! SQL kept as SQL.
//!
//! - [`Db`] opens the database, applies the embedded migrations and keeps a few connections.
//! - Every state change runs inside [`Db::write`], one transaction ([`Tx`]) that takes the
//!   write lock first (SQLite: `BEGIN IMMEDIATE`), and updates a game, a tournament or a
//!   rating only at the version it read ([`save_game`], [`save_tournament`], [`set_rating`]),
//!   so that correctness never rests on SQLite's single writer alone. A stale writer changes
//!   nothing and learns it from [`DbError::Conflict`]; the command (or the tick) runs again
//!   on fresh reads.
//! - Queries see only [`Tx`], [`Row`] and the parameters of [`params!`](crate::params): no
//!   database client crate is named outside this module. The SQLite backend lives in
//!   `sqlite.rs`, the PostgreSQL one in `pg/`; parameters are written `?1`, `?2`, … in the
//!   SQL (the PostgreSQL backend translates them once per statement), and queries are
//!   written in the SQL both databases speak (`ON CONFLICT DO NOTHING`, not SQLite's
//!   `INSERT OR IGNORE`; `CASE`, not SQLite's two-argument `MIN`).

mod ai;
mod analysis;
mod casual;
mod chat;
mod checkin;
mod claims;
mod copy_rows;
mod correspondence;
mod games;
mod health;
mod mine;
mod moves;
mod outbox;
mod pg;
mod puzzles;
mod ratings;
mod settings;
mod sqlite;
mod tournaments;
mod value;

pub use ai::*;
pub use analysis::*;
pub use casual::*;
pub use chat::*;
pub use checkin::*;
pub use claims::*;
pub use copy_rows::{copy_tables, count_rows, first_non_empty, TABLES};
pub use correspondence::*;
pub use games::*;
pub use health::*;
pub use mine::*;
pub use moves::*;
pub use outbox::*;
#[cfg(feature = "testing")]
pub use pg::ScratchDatabase;
pub use pg::{PostgresUrl, LISTENER_NAME};
pub use puzzles::*;
pub use ratings::*;
pub use settings::*;
#[cfg(feature = "testing")]
pub use sqlite::WriteLock;
pub use tournaments::*;
pub use value::{FromValue, Row, ToValue, Value, ValueRef};

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a writer waits for another writer's lock before giving up, by default.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// A storage failure.
#[derive(Debug)]
pub enum DbError {
    /// SQLite reported an error.
    Sqlite(rusqlite::Error),
    /// PostgreSQL reported an error.
    Postgres(::postgres::Error),
    /// The database cannot be reached right now (it is down, or every connection is in use
    /// for longer than the busy timeout); nothing was written.
    Unavailable(String),
    /// The migrations could not be applied.
    Migration(String),
    /// The database was made by a newer akron: its migrations go past this build's.
    TooNew {
        /// The newest migration this build knows.
        known: usize,
        /// The database's.
        found: usize,
    },
    /// Another change to the same row (a game, a tournament, a rating) landed first, after
    /// this one read it; nothing was written. Read again and retry.
    Conflict,
    /// The channel already has an open challenge or active game; nothing was written.
    ChannelTaken,
    /// A stored value cannot be read back.
    Corrupt(String),
    /// The database cannot be opened or created where it was asked for.
    Open {
        /// The file.
        path: PathBuf,
        /// Why: a missing folder, a read-only location, not a SQLite file.
        reason: String,
    },
    /// The file is a SQLite database, but not this bot's: opening it would add tables to
    /// someone else's data.
    Foreign {
        /// The file.
        path: PathBuf,
        /// What it holds, as `table notes`, `index notes_by_day`.
        found: Vec<String>,
    },
}

impl fmt::Display for DbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbError::Sqlite(e) => write!(f, "database error: {e}"),
            DbError::Postgres(e) => match e.as_db_error() {
                // The server's message, its detail and where; `postgres::Error`'s own text
                // says only "db error".
                Some(db) => write!(f, "database error: {db}"),
                None => write!(f, "database error: {e}"),
            },
            DbError::Unavailable(why) => write!(f, "the database is unavailable: {why}"),
            DbError::Migration(e) => write!(f, "database migration failed: {e}"),
            DbError::TooNew { known, found } => write!(
                f,
                "this database was made by a newer akron (its schema is at version {found}, \
                 this akron knows {known}); upgrade akron to use it"
            ),
            DbError::Conflict => f.write_str("it changed at the same moment; try again"),
            DbError::ChannelTaken => f.write_str("the channel already has a game"),
            DbError::Corrupt(what) => write!(f, "stored data is damaged: {what}"),
            DbError::Open { path, reason } => {
                write!(f, "cannot open the database {}: {reason}", path.display())
            }
            DbError::Foreign { path, found } => {
                const SHOWN: usize = 5;
                let mut list = found
                    .iter()
                    .take(SHOWN)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", ");
                if found.len() > SHOWN {
                    list.push_str(&format!(" and {} more", found.len() - SHOWN));
                }
                write!(
                    f,
                    "{} is not this bot's database: it already holds {list}; give a new file \
                     or one the bot made",
                    path.display()
                )
            }
        }
    }
}

impl DbError {
    /// Whether another writer held the database for longer than the busy timeout, or the
    /// database cannot be reached right now (PostgreSQL down or restarting, every connection
    /// in use): the command may pass in a moment.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        match self {
            DbError::Sqlite(e) => sqlite::is_busy(e),
            DbError::Postgres(e) => pg::is_busy(e),
            DbError::Unavailable(_) => true,
            _ => false,
        }
    }

    /// Whether a uniqueness constraint refused the write.
    #[must_use]
    pub fn is_unique_violation(&self) -> bool {
        match self {
            DbError::Sqlite(e) => sqlite::is_constraint(e),
            DbError::Postgres(e) => pg::is_unique_violation(e),
            _ => false,
        }
    }
}

/// The message already says what the database said, so there is no `source` to print again:
/// an error chain reads "database error: file is not a database" once.
impl std::error::Error for DbError {}

/// The database: where it is and a few open connections.
pub struct Db {
    backend: Backend,
    /// Connections taken out of the pool right now (reads, writes, claims running): the
    /// pool's use, for `/metrics`.
    in_use: prometheus_client::metrics::gauge::Gauge,
}

/// Counts a connection as in use while it lives.
struct InUse<'g>(&'g prometheus_client::metrics::gauge::Gauge);

impl<'g> InUse<'g> {
    fn new(gauge: &'g prometheus_client::metrics::gauge::Gauge) -> InUse<'g> {
        gauge.inc();
        InUse(gauge)
    }
}

impl Drop for InUse<'_> {
    fn drop(&mut self) {
        self.0.dec();
    }
}

enum Backend {
    Sqlite(sqlite::Pool),
    Postgres(pg::Pool),
}

impl fmt::Debug for Db {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.backend {
            Backend::Sqlite(pool) => f.debug_struct("Db").field("sqlite", &pool.path()).finish(),
            Backend::Postgres(pool) => f.debug_struct("Db").field("postgres", pool.url()).finish(),
        }
    }
}

impl Db {
    /// Opens (creating if needed) the SQLite database at `path` and applies the migrations.
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
        Ok(Db {
            backend: Backend::Sqlite(sqlite::Pool::open(path, busy_timeout, false)?),
            in_use: prometheus_client::metrics::gauge::Gauge::default(),
        })
    }

    /// Connects to the PostgreSQL database at `url` and applies the migrations it lacks.
    /// `busy_timeout` bounds the wait for a lock or a free connection, as on SQLite.
    ///
    /// # Errors
    ///
    /// When the server cannot be reached, the database is not the bot's, is newer than this
    /// build, or cannot be migrated.
    pub fn open_postgres(url: &PostgresUrl, busy_timeout: Duration) -> Result<Db, DbError> {
        Ok(Db {
            backend: Backend::Postgres(pg::Pool::open(url, busy_timeout)?),
            in_use: prometheus_client::metrics::gauge::Gauge::default(),
        })
    }

    /// Opens an existing PostgreSQL database for reading only (the web companion): every
    /// transaction is read-only, and no migration is applied (the database must be current).
    ///
    /// # Errors
    ///
    /// When the server cannot be reached, or the database is not the bot's or not current.
    pub fn open_postgres_read_only(
        url: &PostgresUrl,
        busy_timeout: Duration,
    ) -> Result<Db, DbError> {
        Ok(Db {
            backend: Backend::Postgres(pg::Pool::open_read_only(url, busy_timeout)?),
            in_use: prometheus_client::metrics::gauge::Gauge::default(),
        })
    }

    /// Opens an existing database for reading only (a web page, a report): nothing it runs
    /// can write, and it applies no migrations (the database must be current).
    ///
    /// # Errors
    ///
    /// When the file cannot be opened, is not the bot's, or is not at this build's schema.
    pub fn open_read_only(path: &Path) -> Result<Db, DbError> {
        Ok(Db {
            backend: Backend::Sqlite(sqlite::Pool::open(path, BUSY_TIMEOUT, true)?),
            in_use: prometheus_client::metrics::gauge::Gauge::default(),
        })
    }

    /// The database file, for SQLite.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        match &self.backend {
            Backend::Sqlite(pool) => Some(pool.path()),
            Backend::Postgres(_) => None,
        }
    }

    /// Whether this is a PostgreSQL database (shared by several processes).
    #[must_use]
    pub fn is_postgres(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// The gauge of connections in use right now (shared: register a clone).
    #[must_use]
    pub fn in_use(&self) -> &prometheus_client::metrics::gauge::Gauge {
        &self.in_use
    }

    /// Runs `read` on a connection, outside any explicit transaction: each statement sees
    /// the database as it is when it runs.
    ///
    /// # Errors
    ///
    /// Whatever `read` returns, or a failure to connect.
    pub fn read<R, E: From<DbError>>(
        &self,
        mut read: impl FnMut(&Tx<'_>) -> Result<R, E>,
    ) -> Result<R, E> {
        let _in_use = InUse::new(&self.in_use);
        match &self.backend {
            Backend::Sqlite(pool) => pool.read(|conn| read(&Tx::sqlite(conn))),
            Backend::Postgres(pool) => pool.read(|conn| read(&Tx::postgres(conn))),
        }
    }

    /// Runs `write` inside one transaction that holds the write lock from its start,
    /// committed only if it returns `Ok`. A crash at any point leaves either all of it or
    /// none.
    ///
    /// # Errors
    ///
    /// Whatever `write` returns (the transaction is rolled back), or a database failure.
    pub fn write<R, E: From<DbError>>(
        &self,
        write: impl FnOnce(&Tx<'_>) -> Result<R, E>,
    ) -> Result<R, E> {
        let _in_use = InUse::new(&self.in_use);
        match &self.backend {
            Backend::Sqlite(pool) => pool.write(|conn| write(&Tx::sqlite(conn))),
            Backend::Postgres(pool) => pool.write(|conn| write(&Tx::postgres(conn))),
        }
    }

    /// Tells the loops of every other process on this database that something may be due
    /// sooner than they planned (a notice written, a deadline moved), after the change
    /// committed. PostgreSQL: `NOTIFY akron_wake`, heard by [`Db::listen`]. SQLite: nothing
    /// (one process owns a file; its loops are woken in memory).
    ///
    /// # Errors
    ///
    /// When the database cannot be reached; nothing depends on the notification arriving.
    pub fn notify_wake(&self) -> Result<(), DbError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(pool) => pool.notify_wake(),
        }
    }

    /// Starts listening for other processes' [`Db::notify_wake`]: `wake` is called for each
    /// one (and after each reconnection, since notifications sent meanwhile are lost), on a
    /// thread of its own that ends soon after `alive` returns false. Returns whether anything
    /// listens (PostgreSQL only).
    pub fn listen(
        &self,
        wake: impl Fn() + Send + 'static,
        alive: impl Fn() -> bool + Send + 'static,
    ) -> bool {
        match &self.backend {
            Backend::Sqlite(_) => false,
            Backend::Postgres(pool) => {
                pool.listen(wake, alive);
                true
            }
        }
    }
}

impl Db {
    /// Runs `claim` in one transaction, committed only if it returns `Ok`, for claims on
    /// shared work (due notices, due deadlines, AI moves): on PostgreSQL at `READ COMMITTED`,
    /// so that processes claiming at once wait for each other's row locks and then see what
    /// the other committed (`FOR UPDATE SKIP LOCKED`, `ON CONFLICT … DO UPDATE … WHERE`)
    /// instead of failing as a serialization conflict; on SQLite as [`Db::write`].
    ///
    /// # Errors
    ///
    /// Whatever `claim` returns (the transaction is rolled back), or a database failure.
    pub fn claim<R, E: From<DbError>>(
        &self,
        claim: impl FnOnce(&Tx<'_>) -> Result<R, E>,
    ) -> Result<R, E> {
        let _in_use = InUse::new(&self.in_use);
        match &self.backend {
            Backend::Sqlite(pool) => pool.write(|conn| claim(&Tx::sqlite(conn))),
            Backend::Postgres(pool) => pool.claim(|conn| claim(&Tx::postgres(conn))),
        }
    }
}

/// A connection inside a transaction (or, for [`Db::read`], a plain connection): what every
/// query function takes.
pub struct Tx<'c> {
    conn: TxConn<'c>,
}

enum TxConn<'c> {
    Sqlite(&'c rusqlite::Connection),
    Postgres(&'c pg::Conn),
}

/// A row of a backend, borrowed while it is read.
pub(crate) enum RowRef<'r> {
    Sqlite(&'r rusqlite::Row<'r>),
    Postgres(&'r ::postgres::Row),
}

impl RowRef<'_> {
    fn with_value<T>(
        &self,
        index: usize,
        read: impl FnOnce(ValueRef<'_>) -> T,
    ) -> Result<T, DbError> {
        match self {
            RowRef::Sqlite(row) => sqlite::with_value(row, index, read),
            RowRef::Postgres(row) => pg::with_value(row, index, read),
        }
    }
}

impl<'c> Tx<'c> {
    fn sqlite(conn: &'c rusqlite::Connection) -> Tx<'c> {
        Tx {
            conn: TxConn::Sqlite(conn),
        }
    }

    fn postgres(conn: &'c pg::Conn) -> Tx<'c> {
        Tx {
            conn: TxConn::Postgres(conn),
        }
    }

    /// Whether this is a PostgreSQL connection, for the few queries whose best form differs
    /// (a claim with `FOR UPDATE SKIP LOCKED`).
    #[must_use]
    pub fn is_postgres(&self) -> bool {
        matches!(self.conn, TxConn::Postgres(_))
    }

    /// Runs a statement that returns no rows; returns how many rows it changed.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub fn execute(&self, sql: &str, params: &[Value<'_>]) -> Result<usize, DbError> {
        match &self.conn {
            TxConn::Sqlite(conn) => sqlite::execute(conn, sql, params),
            TxConn::Postgres(conn) => pg::execute(conn, sql, params),
        }
    }

    /// Writes `rows` (one value per column of `columns`, in order) into `table`, and returns
    /// how many it wrote: on PostgreSQL in one `COPY … FROM STDIN` (a round trip a row made
    /// `akron db copy` 25 times slower into PostgreSQL than out of it), on SQLite one cached
    /// `INSERT` a row (in process, no round trips).
    ///
    /// # Errors
    ///
    /// A database failure.
    pub fn insert_rows<'v>(
        &self,
        table: &str,
        columns: &[String],
        rows: impl IntoIterator<Item = Vec<Value<'v>>>,
    ) -> Result<usize, DbError> {
        match &self.conn {
            TxConn::Sqlite(conn) => {
                let placeholders = (1..=columns.len())
                    .map(|n| format!("?{n}"))
                    .collect::<Vec<_>>()
                    .join(", ");
                let insert = format!(
                    "INSERT INTO {table} ({}) VALUES ({placeholders})",
                    columns.join(", ")
                );
                let mut written = 0;
                for row in rows {
                    written += sqlite::execute(conn, &insert, &row)?;
                }
                Ok(written)
            }
            TxConn::Postgres(conn) => pg::copy_in(conn, table, columns, rows),
        }
    }

    /// Runs statements without parameters, separated by semicolons.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub fn batch(&self, sql: &str) -> Result<(), DbError> {
        match &self.conn {
            TxConn::Sqlite(conn) => Ok(conn.execute_batch(sql)?),
            TxConn::Postgres(conn) => pg::batch(conn, sql),
        }
    }

    /// Every row of a query, each read by `read`.
    ///
    /// # Errors
    ///
    /// A database failure, or `read`'s.
    pub fn query<T>(
        &self,
        sql: &str,
        params: &[Value<'_>],
        read: impl FnMut(&Row<'_>) -> Result<T, DbError>,
    ) -> Result<Vec<T>, DbError> {
        match &self.conn {
            TxConn::Sqlite(conn) => sqlite::query(conn, sql, params, read),
            TxConn::Postgres(conn) => pg::query(conn, sql, params, read),
        }
    }

    /// The first row of a query, if there is one.
    ///
    /// # Errors
    ///
    /// A database failure, or `read`'s.
    pub fn query_opt<T>(
        &self,
        sql: &str,
        params: &[Value<'_>],
        read: impl FnOnce(&Row<'_>) -> Result<T, DbError>,
    ) -> Result<Option<T>, DbError> {
        match &self.conn {
            TxConn::Sqlite(conn) => sqlite::query_opt(conn, sql, params, read),
            TxConn::Postgres(conn) => pg::query_opt(conn, sql, params, read),
        }
    }

    /// The first row of a query that always returns one (an aggregate, `RETURNING`).
    ///
    /// # Errors
    ///
    /// A database failure, `read`'s, or [`DbError::Corrupt`] when there is no row.
    pub fn query_one<T>(
        &self,
        sql: &str,
        params: &[Value<'_>],
        read: impl FnOnce(&Row<'_>) -> Result<T, DbError>,
    ) -> Result<T, DbError> {
        self.query_opt(sql, params, read)?
            .ok_or_else(|| DbError::Corrupt(format!("no row from: {sql}")))
    }

    /// Runs `write` inside a savepoint of this transaction: when it fails, what it wrote is
    /// undone and the rest of the transaction stands.
    ///
    /// # Errors
    ///
    /// `write`'s error, or a storage failure.
    pub fn savepoint<R>(
        &self,
        write: impl FnOnce(&Tx<'_>) -> Result<R, DbError>,
    ) -> Result<R, DbError> {
        self.batch("SAVEPOINT part")?;
        match write(self) {
            Ok(value) => {
                self.batch("RELEASE part")?;
                Ok(value)
            }
            Err(error) => {
                self.batch("ROLLBACK TO part; RELEASE part")?;
                Err(error)
            }
        }
    }
}

/// Asserts that a backend's migrations are the ones that landed, unedited (by SHA-256), in
/// order, none removed; a new one names the line to add to `landed`.
#[cfg(test)]
#[allow(clippy::panic)]
fn assert_landed(migrations: &[(&str, &str)], landed: &[(&str, &str)]) {
    use sha2::{Digest, Sha256};
    for (index, (name, sql)) in migrations.iter().enumerate() {
        let hash: String = Sha256::digest(sql.as_bytes())
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect();
        match landed.get(index) {
            Some((landed, expected)) => {
                assert_eq!(name, landed, "migration {index} was renamed or reordered");
                assert_eq!(
                    &hash, expected,
                    "migration {name} changed after it landed; add a new migration instead"
                );
            }
            None => panic!(
                "migration {name} is new: once it lands, add (\"{name}\", \"{hash}\") to LANDED"
            ),
        }
    }
    assert_eq!(
        migrations.len(),
        landed.len(),
        "a landed migration was removed"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A failed part of a transaction is undone; the parts before and after it stand.
    #[test]
    fn a_failed_savepoint_undoes_only_its_own_writes() -> Result<(), Box<dyn std::error::Error>> {
        // On SQLite, and on PostgreSQL when a server is set.
        for database in crate::testing::each_database() {
            let db = database.open()?;
            let count = |c: &Tx<'_>, key: &str| -> Result<i64, DbError> {
                c.query_one(
                    "SELECT count(*) FROM server_settings WHERE server_id = ?1",
                    crate::params![key],
                    |r| r.get(0),
                )
            };
            let insert = |c: &Tx<'_>, key: &str| -> Result<(), DbError> {
                c.execute(
                    "INSERT INTO server_settings (server_id) VALUES (?1)",
                    crate::params![key],
                )?;
                Ok(())
            };
            db.write(|c| {
                c.savepoint(|c| insert(c, "first"))?;
                let failed = c.savepoint(|c| {
                    insert(c, "undone")?;
                    Err::<(), _>(DbError::Conflict)
                });
                assert!(matches!(failed, Err(DbError::Conflict)));
                c.savepoint(|c| insert(c, "last"))
            })?;
            db.read(|c| {
                assert_eq!(count(c, "first")?, 1);
                assert_eq!(count(c, "undone")?, 0);
                assert_eq!(count(c, "last")?, 1);
                Ok::<(), DbError>(())
            })?;
        }
        Ok(())
    }

    /// A game's current position code follows its moves, takebacks included, so the
    /// fairness check finds a running game by its current position only.
    #[test]
    fn the_current_code_follows_moves_and_takebacks() -> Result<(), Box<dyn std::error::Error>> {
        use crate::model::{GameRecord, Players};
        use crate::service::{ChannelId, User, UserId};
        // On SQLite, and on PostgreSQL when a server is set.
        for database in crate::testing::each_database() {
            let db = database.open()?;
            let user = |name: &str| User::new(UserId::new("test", name), name);
            let start = akron_rules::Position::start(5, 12)?;
            let mut game =
                akron_rules::Game::from_position(start.clone(), akron_rules::WinRule::Delayed);
            let mut codes = vec![start.code()];
            for _ in 0..3 {
                let mv = game.legal_moves()[0];
                game.play(mv)?;
                codes.push(game.position().code());
            }
            let id = db.write(|c| {
                let mut record = GameRecord::challenge(
                    ChannelId::new("test", "c"),
                    user("ann").id,
                    Players {
                        black: user("ann"),
                        white: user("bob"),
                    },
                    &start,
                    akron_rules::WinRule::Delayed,
                    100,
                );
                record.phase = crate::model::Phase::Playing(crate::model::Play::new(100));
                insert_game(c, &record)
            })?;
            assert_eq!(db.read(|c| active_game_at(c, &codes[0]))?, Some(id));
            for (ply, mv) in game.moves().iter().enumerate() {
                let row = MoveRow {
                    ply,
                    notation: mv.to_string(),
                    code: codes[ply + 1].clone(),
                    played_at: 100,
                };
                db.write(|c| insert_move(c, id, &row))?;
            }
            for (ply, code) in codes.iter().enumerate() {
                let found = db.read(|c| active_game_at(c, code))?;
                assert_eq!(found, (ply == 3).then_some(id), "ply {ply}");
            }
            // A takeback of two moves: the position after the first is current again.
            db.write(|c| delete_moves_from(c, id, 1))?;
            assert_eq!(db.read(|c| active_game_at(c, &codes[1]))?, Some(id));
            assert_eq!(db.read(|c| active_game_at(c, &codes[3]))?, None);
            // Taken back to the start.
            db.write(|c| delete_moves_from(c, id, 0))?;
            assert_eq!(db.read(|c| active_game_at(c, &codes[0]))?, Some(id));
        }
        Ok(())
    }

    /// The whole chain of an error, as `{:#}` of anyhow prints it.
    fn chain(e: &dyn std::error::Error) -> String {
        let mut text = e.to_string();
        let mut source = e.source();
        while let Some(inner) = source {
            text.push_str(&format!(": {inner}"));
            source = inner.source();
        }
        text
    }

    fn open_error(path: &Path) -> String {
        match Db::open(path) {
            Ok(_) => panic!("{} opened", path.display()),
            Err(e) => chain(&e),
        }
    }

    /// Regression (issue 17): opening an unrelated SQLite file added the bot's tables to it.
    #[test]
    fn a_foreign_database_is_refused_and_left_alone() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("notes.db");
        let conn = rusqlite::Connection::open(&path)?;
        conn.execute_batch(
            "CREATE TABLE notes (day TEXT, text TEXT); CREATE INDEX notes_by_day ON notes (day);
             INSERT INTO notes VALUES ('monday', 'buy marbles');",
        )?;
        drop(conn);
        let error = open_error(&path);
        assert_eq!(
            error,
            format!(
                "{} is not this bot's database: it already holds table notes, index notes_by_day; \
                 give a new file or one the bot made",
                path.display()
            )
        );
        let conn = rusqlite::Connection::open(&path)?;
        let tables: i64 = conn.query_row(
            "SELECT count(*) FROM sqlite_master WHERE name = 'games'",
            [],
            |r| r.get(0),
        )?;
        assert_eq!(tables, 0, "nothing was added");
        Ok(())
    }

    /// Regression (issue 17): "database error: file is not a database: database error: ...".
    #[test]
    fn a_file_that_is_not_a_database_says_so_once() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("notes.txt");
        std::fs::write(&path, "Dear diary, ".repeat(100))?;
        let error = open_error(&path);
        assert_eq!(
            error,
            format!(
                "cannot open the database {}: the file is not a SQLite database",
                path.display()
            )
        );
        Ok(())
    }

    /// Regression (issue 17): a missing folder or a read-only place said only "unable to open
    /// database file".
    #[test]
    fn an_unusable_location_says_why() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let missing = dir.path().join("no-such-folder");
        assert_eq!(
            open_error(&missing.join("akron.db")),
            format!(
                "cannot open the database {}: the folder {} does not exist",
                missing.join("akron.db").display(),
                missing.display()
            )
        );
        assert_eq!(
            open_error(dir.path()),
            format!(
                "cannot open the database {}: that is a folder, not a file",
                dir.path().display()
            )
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let locked = dir.path().join("locked");
            std::fs::create_dir(&locked)?;
            std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555))?;
            // Root may write anywhere; the check only means something for other users.
            let writable = std::fs::write(locked.join("probe"), "").is_ok();
            if !writable {
                let error = open_error(&locked.join("akron.db"));
                assert!(error.contains("read-only"), "{error}");
                assert_eq!(error.matches("read-only").count(), 1, "{error}");
            }
            std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755))?;
        }
        Ok(())
    }

    #[test]
    fn the_bots_own_database_opens_again() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("akron.db");
        drop(Db::open(&path)?);
        drop(Db::open(&path)?);
        Ok(())
    }
}
