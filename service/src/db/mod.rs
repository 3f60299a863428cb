//! Storage: SQLite through rusqlite. One small function per query.
//!
//! - [`Db`] opens the file, applies the embedded migrations, switches to WAL and keeps a few
//!   connections for reuse.
//! - Every state change runs inside [`Db::write`], one `BEGIN IMMEDIATE` transaction, and
//!   updates a game only at the version it read ([`save_game`]). A stale writer changes
//!   nothing and learns it from [`DbError::Conflict`].

mod ai;
mod correspondence;
mod games;
mod moves;
mod outbox;
mod puzzles;
mod ratings;
mod settings;
mod tournaments;

pub use ai::*;
pub use correspondence::*;
pub use games::*;
pub use moves::*;
pub use outbox::*;
pub use puzzles::*;
pub use ratings::*;
pub use settings::*;
pub use tournaments::*;

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
    M::up(include_str!(
        "../../../migrations/0004_premoves_vacations.sql"
    )),
    M::up(include_str!("../../../migrations/0005_matrix.sql")),
    M::up(include_str!("../../../migrations/0006_ai_puzzles.sql")),
    M::up(include_str!(
        "../../../migrations/0007_ratings_tournaments.sql"
    )),
    M::up(include_str!(
        "../../../migrations/0008_thread_challenges.sql"
    )),
    M::up(include_str!(
        "../../../migrations/0009_tournament_role_signup.sql"
    )),
    M::up(include_str!("../../../migrations/0010_current_code.sql")),
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
            DbError::Migration(e) => write!(f, "database migration failed: {e}"),
            DbError::Conflict => f.write_str("the game changed at the same moment"),
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
    /// Whether another writer held the database for longer than the busy timeout.
    #[must_use]
    pub fn is_busy(&self) -> bool {
        matches!(
            self,
            DbError::Sqlite(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy)
        )
    }
}

/// The message already says what SQLite said, so there is no `source` to print again: an
/// error chain reads "database error: file is not a database" once.
impl std::error::Error for DbError {}

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
        check_location(path)?;
        let mut conn = (|| {
            let conn = connect(path, busy_timeout)?;
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

/// Runs `write` inside a savepoint of `conn`'s transaction: when it fails, what it wrote is
/// undone and the rest of the transaction stands.
///
/// # Errors
///
/// `write`'s error, or a storage failure.
pub fn savepoint<R>(
    conn: &Connection,
    write: impl FnOnce(&Connection) -> Result<R, DbError>,
) -> Result<R, DbError> {
    conn.execute_batch("SAVEPOINT part")?;
    match write(conn) {
        Ok(value) => {
            conn.execute_batch("RELEASE part")?;
            Ok(value)
        }
        Err(error) => {
            conn.execute_batch("ROLLBACK TO part; RELEASE part")?;
            Err(error)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        assert!(Migrations::from_slice(MIGRATIONS).validate().is_ok());
    }

    /// A failed part of a transaction is undone; the parts before and after it stand.
    #[test]
    fn a_failed_savepoint_undoes_only_its_own_writes() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let db = Db::open(&dir.path().join("akron.db"))?;
        let count = |c: &Connection, key: &str| -> Result<i64, DbError> {
            Ok(c.query_row(
                "SELECT count(*) FROM server_settings WHERE server_id = ?1",
                [key],
                |r| r.get(0),
            )?)
        };
        let insert = |c: &Connection, key: &str| -> Result<(), DbError> {
            c.execute("INSERT INTO server_settings (server_id) VALUES (?1)", [key])?;
            Ok(())
        };
        db.write(|c| {
            savepoint(c, |c| insert(c, "first"))?;
            let failed = savepoint(c, |c| {
                insert(c, "undone")?;
                Err::<(), _>(DbError::Conflict)
            });
            assert!(matches!(failed, Err(DbError::Conflict)));
            savepoint(c, |c| insert(c, "last"))
        })?;
        db.read(|c| {
            assert_eq!(count(c, "first")?, 1);
            assert_eq!(count(c, "undone")?, 0);
            assert_eq!(count(c, "last")?, 1);
            Ok::<(), DbError>(())
        })?;
        Ok(())
    }

    /// A game's current position code follows its moves, takebacks included, so the
    /// fairness check finds a running game by its current position only.
    #[test]
    fn the_current_code_follows_moves_and_takebacks() -> Result<(), Box<dyn std::error::Error>> {
        use crate::model::{GameRecord, Players, Status};
        use crate::service::{ChannelId, User, UserId};
        let dir = tempfile::tempdir()?;
        let db = Db::open(&dir.path().join("akron.db"))?;
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
            record.status = Status::Active;
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
        let conn = Connection::open(&path)?;
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
        let conn = Connection::open(&path)?;
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
