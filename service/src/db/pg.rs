//! The PostgreSQL backend: several processes (on several machines) sharing one database.
//!
//! Why the synchronous `postgres` crate with an `r2d2` pool: the storage seam is synchronous
//! (every query function takes a [`Tx`](super::Tx) and returns, so that SQL reads as SQL and
//! the SQLite backend stays the plain embedded default), and the service is already called
//! from blocking threads (`spawn_blocking`) by the async front ends. `postgres` is
//! `tokio-postgres` driven by a small runtime of its own, so it must never run on a thread
//! that drives async tasks: [`Pool::read`] and [`Pool::write`] step off such a thread with
//! `block_in_place` first. `r2d2` is the pool made for synchronous clients; every one of its
//! timeouts is set, so an exhausted pool or a database that is down fails a command with the
//! "busy" refusal ([`DbError::is_busy`]) instead of hanging.
//!
//! Writes run at `SERIALIZABLE` isolation: a write transaction behaves as if it ran alone, as
//! SQLite's single writer does, and PostgreSQL refuses one that could not have
//! (`40001`, or a deadlock, `40P01`) with [`DbError::Conflict`], which the service already
//! answers by running the command again on fresh reads. Reads run statement by statement,
//! each seeing the database as it is when it runs, as on SQLite.
//!
//! Statements are written once, in SQLite's parameter style (`?1`, `?2`, …); each is
//! translated to PostgreSQL's (`$1`, `$2`, …) and prepared once per connection, then cached.

use super::{DbError, Row, RowRef, Value, ValueRef};
use bytes::BytesMut;
use postgres::error::SqlState;
use postgres::fallible_iterator::FallibleIterator;
use postgres::types::{FromSql, IsNull, ToSql, Type};
use postgres::{Client, NoTls, Statement};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::error::Error as StdError;
use std::fmt;
use std::time::Duration;

/// The PostgreSQL migrations under `migrations/postgres/`, in order: the same numbers, names
/// and meaning as SQLite's (`sqlite::MIGRATIONS`); landed ones are never edited (a test holds
/// each file's hash).
pub(super) const MIGRATIONS: &[(&str, &str)] = &[
    (
        "0001_games.sql",
        include_str!("../../../migrations/postgres/0001_games.sql"),
    ),
    (
        "0002_outbox.sql",
        include_str!("../../../migrations/postgres/0002_outbox.sql"),
    ),
    (
        "0003_clocks.sql",
        include_str!("../../../migrations/postgres/0003_clocks.sql"),
    ),
    (
        "0004_premoves_vacations.sql",
        include_str!("../../../migrations/postgres/0004_premoves_vacations.sql"),
    ),
    (
        "0005_matrix.sql",
        include_str!("../../../migrations/postgres/0005_matrix.sql"),
    ),
    (
        "0006_ai_puzzles.sql",
        include_str!("../../../migrations/postgres/0006_ai_puzzles.sql"),
    ),
    (
        "0007_ratings_tournaments.sql",
        include_str!("../../../migrations/postgres/0007_ratings_tournaments.sql"),
    ),
    (
        "0008_thread_challenges.sql",
        include_str!("../../../migrations/postgres/0008_thread_challenges.sql"),
    ),
    (
        "0009_tournament_role_signup.sql",
        include_str!("../../../migrations/postgres/0009_tournament_role_signup.sql"),
    ),
    (
        "0010_current_code.sql",
        include_str!("../../../migrations/postgres/0010_current_code.sql"),
    ),
    (
        "0011_console_clock.sql",
        include_str!("../../../migrations/postgres/0011_console_clock.sql"),
    ),
    (
        "0012_versions.sql",
        include_str!("../../../migrations/postgres/0012_versions.sql"),
    ),
    (
        "0013_claims.sql",
        include_str!("../../../migrations/postgres/0013_claims.sql"),
    ),
    (
        "0014_web.sql",
        include_str!("../../../migrations/postgres/0014_web.sql"),
    ),
    (
        "0015_language.sql",
        include_str!("../../../migrations/postgres/0015_language.sql"),
    ),
    (
        "0016_puzzle_server.sql",
        include_str!("../../../migrations/postgres/0016_puzzle_server.sql"),
    ),
    (
        "0017_games_by_channel.sql",
        include_str!("../../../migrations/postgres/0017_games_by_channel.sql"),
    ),
];

/// The lock every process takes while it migrates, so that processes started together
/// migrate one after the other (`pg_advisory_xact_lock`; the number is "akron" in ASCII).
const MIGRATION_LOCK: i64 = 0x0061_6b72_6f6e;

/// Connections kept by one process, at most. Each command holds one for its transaction
/// only; AI searches and picture drawing hold none.
const MAX_CONNECTIONS: u32 = 16;

/// How long opening a connection may take before it fails.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// A statement that runs longer than this is cancelled (and the command fails as busy).
const STATEMENT_TIMEOUT: Duration = Duration::from_secs(30);

/// A connection left idle in the pool this long is closed.
const IDLE_TIMEOUT: Duration = Duration::from_secs(600);

/// A connection is replaced after this long, so that none outlives a server's settings.
const MAX_LIFETIME: Duration = Duration::from_secs(1800);

/// A PostgreSQL connection address (`postgres://user:password@host:port/dbname`), which
/// never prints its password.
#[derive(Clone, PartialEq, Eq)]
pub struct PostgresUrl(String);

impl PostgresUrl {
    /// The address, if `setting` is a PostgreSQL one (`postgres://` or `postgresql://`).
    #[must_use]
    pub fn parse(setting: &str) -> Option<PostgresUrl> {
        let setting = setting.trim();
        (setting.starts_with("postgres://") || setting.starts_with("postgresql://"))
            .then(|| PostgresUrl(setting.to_string()))
    }

    /// The address with its password, for the client only.
    pub(super) fn secret(&self) -> &str {
        &self.0
    }
}

/// The address with any password replaced by `***`.
impl fmt::Display for PostgresUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let url = &self.0;
        let scheme_end = url.find("://").map_or(0, |i| i + 3);
        let authority_end = url[scheme_end..]
            .find(['/', '?'])
            .map_or(url.len(), |i| scheme_end + i);
        match url[scheme_end..authority_end].rfind('@') {
            Some(at) => {
                let userinfo = &url[scheme_end..scheme_end + at];
                match userinfo.find(':') {
                    Some(colon) => write!(
                        f,
                        "{}{}:***{}",
                        &url[..scheme_end],
                        &userinfo[..colon],
                        &url[scheme_end + at..]
                    ),
                    None => f.write_str(url),
                }
            }
            None => f.write_str(url),
        }
    }
}

impl fmt::Debug for PostgresUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PostgresUrl({self})")
    }
}

/// One connection and the statements it has prepared.
pub(super) struct Conn {
    client: RefCell<Client>,
    statements: RefCell<HashMap<String, Statement>>,
    /// Set when the connection may be left inside a transaction (a failed rollback): the
    /// pool then closes it instead of handing it out again.
    broken: Cell<bool>,
}

/// Opens connections for the pool.
struct Manager {
    config: postgres::Config,
}

impl r2d2::ManageConnection for Manager {
    type Connection = Conn;
    type Error = postgres::Error;

    fn connect(&self) -> Result<Conn, postgres::Error> {
        Ok(Conn {
            client: RefCell::new(self.config.connect(NoTls)?),
            statements: RefCell::new(HashMap::new()),
            broken: Cell::new(false),
        })
    }

    /// A pooled connection is checked before each use, so that one the server closed (a
    /// restart) is replaced instead of failing the command that drew it.
    fn is_valid(&self, conn: &mut Conn) -> Result<(), postgres::Error> {
        conn.client.get_mut().simple_query("").map(drop)
    }

    fn has_broken(&self, conn: &mut Conn) -> bool {
        conn.broken.get() || conn.client.get_mut().is_closed()
    }
}

/// A PostgreSQL database and a pool of connections to it.
pub(super) struct Pool {
    url: PostgresUrl,
    /// How connections are opened (the wake-up listener opens its own); boxed, as it is
    /// large and rarely read.
    config: Box<postgres::Config>,
    /// Always `Some` but while it is dropped (see the `Drop` impl).
    pool: Option<r2d2::Pool<Manager>>,
}

/// Closing a connection blocks on the client's runtime, which tokio forbids on a thread that
/// drives async tasks (a service dropped at the end of an async block): the pool is dropped
/// on a thread of its own there.
impl Drop for Pool {
    fn drop(&mut self) {
        if let Some(pool) = self.pool.take() {
            outside_runtime(move || drop(pool));
        }
    }
}

impl Pool {
    /// Connects, refuses a database that is not the bot's or is newer than this build, and
    /// applies the migrations it lacks.
    ///
    /// Opening blocks (connecting, migrating), so inside a Tokio runtime it runs on a thread
    /// of its own.
    pub(super) fn open(url: &PostgresUrl, busy_timeout: Duration) -> Result<Pool, DbError> {
        outside_runtime(|| Pool::open_here(url, busy_timeout, false))
    }

    /// Connects for reading only (the web companion): every transaction of its sessions is
    /// read-only (`default_transaction_read_only`), so nothing it runs can write whatever the
    /// role may do; it applies no migrations and refuses a database not at this build's
    /// schema.
    pub(super) fn open_read_only(
        url: &PostgresUrl,
        busy_timeout: Duration,
    ) -> Result<Pool, DbError> {
        outside_runtime(|| Pool::open_here(url, busy_timeout, true))
    }

    fn open_here(
        url: &PostgresUrl,
        busy_timeout: Duration,
        read_only: bool,
    ) -> Result<Pool, DbError> {
        let mut config: postgres::Config = url
            .secret()
            .parse()
            .map_err(|e| DbError::Unavailable(format!("the address {url} is not valid: {e}")))?;
        let lock_timeout = busy_timeout.as_millis();
        config
            .connect_timeout(CONNECT_TIMEOUT)
            .keepalives(true)
            .keepalives_idle(Duration::from_secs(30))
            .keepalives_interval(Duration::from_secs(10))
            .keepalives_retries(3)
            // A server that vanished from the network (no reset ever comes) fails the
            // statement after this long instead of leaving it waiting.
            .tcp_user_timeout(STATEMENT_TIMEOUT)
            .application_name("akron")
            .options(&format!(
                "-c statement_timeout={} -c lock_timeout={lock_timeout} \
                 -c idle_in_transaction_session_timeout={}{}",
                STATEMENT_TIMEOUT.as_millis(),
                STATEMENT_TIMEOUT.as_millis(),
                if read_only {
                    " -c default_transaction_read_only=on"
                } else {
                    ""
                }
            ));
        // One connection first, outside the pool: when the server answers with an error (the
        // database does not exist, the password is wrong), that is said at once in the
        // server's words, instead of after the pool's busy timeout as "timed out waiting for
        // connection". A server that does not answer at all is left to the pool, which
        // waits for it within the busy timeout.
        match config.connect(NoTls) {
            Err(e) if e.as_db_error().is_some() => return Err(DbError::Postgres(e)),
            _ => {}
        }
        let pool = r2d2::Pool::builder()
            .max_size(MAX_CONNECTIONS)
            .min_idle(Some(1))
            // Waiting for a free connection (all busy, or the server down) ends here.
            .connection_timeout(busy_timeout.max(Duration::from_millis(100)))
            .idle_timeout(Some(IDLE_TIMEOUT))
            .max_lifetime(Some(MAX_LIFETIME))
            .test_on_check_out(true)
            .build(Manager {
                config: config.clone(),
            })
            .map_err(|e| DbError::Unavailable(format!("cannot connect to {url}: {e}")))?;
        let pool = Pool {
            url: url.clone(),
            config: Box::new(config),
            pool: Some(pool),
        };
        if read_only {
            pool.check_current()?;
        } else {
            pool.migrate()?;
        }
        Ok(pool)
    }

    /// Refuses a database a reader cannot use: not the bot's, or not at this build's schema
    /// (a reader applies no migrations; the bot does when it starts).
    fn check_current(&self) -> Result<(), DbError> {
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

    /// Where the database is, without its password.
    pub(super) fn url(&self) -> &PostgresUrl {
        &self.url
    }

    fn take(&self) -> Result<r2d2::PooledConnection<Manager>, DbError> {
        self.pool
            .as_ref()
            .ok_or_else(|| DbError::Unavailable("the pool is closed".to_string()))?
            .get()
            .map_err(|e| DbError::Unavailable(format!("no connection to the database: {e}")))
    }

    pub(super) fn read<R, E: From<DbError>>(
        &self,
        read: impl FnOnce(&Conn) -> Result<R, E>,
    ) -> Result<R, E> {
        in_blocking_context(|| {
            let conn = self.take()?;
            read(&conn)
        })
    }

    pub(super) fn write<R, E: From<DbError>>(
        &self,
        write: impl FnOnce(&Conn) -> Result<R, E>,
    ) -> Result<R, E> {
        self.transaction("BEGIN ISOLATION LEVEL SERIALIZABLE", write)
    }

    pub(super) fn claim<R, E: From<DbError>>(
        &self,
        claim: impl FnOnce(&Conn) -> Result<R, E>,
    ) -> Result<R, E> {
        self.transaction("BEGIN ISOLATION LEVEL READ COMMITTED", claim)
    }

    /// Runs `work` in a transaction begun by `begin`, committed only if it returns `Ok`.
    fn transaction<R, E: From<DbError>>(
        &self,
        begin: &str,
        work: impl FnOnce(&Conn) -> Result<R, E>,
    ) -> Result<R, E> {
        in_blocking_context(|| {
            let conn = self.take()?;
            batch(&conn, begin)?;
            match work(&conn) {
                Ok(value) => match batch(&conn, "COMMIT") {
                    Ok(()) => Ok(value),
                    Err(e) => {
                        rollback(&conn);
                        Err(e.into())
                    }
                },
                Err(e) => {
                    rollback(&conn);
                    Err(e)
                }
            }
        })
    }

    /// Tells every process listening ([`Pool::listen`]) that something may be due sooner
    /// than its loops planned: `NOTIFY`, outside any transaction, so that it is sent after
    /// the change that caused it committed.
    pub(super) fn notify_wake(&self) -> Result<(), DbError> {
        self.read(|conn| batch(conn, &format!("NOTIFY {WAKE_CHANNEL}")))
    }

    /// Listens for [`Pool::notify_wake`] on a connection of its own, on a thread of its own:
    /// calls `wake` for each notification, and once after each (re)connection, since
    /// notifications sent while no connection listened are lost. Reconnects after a failure
    /// (waiting longer each time, up to half a minute). Stops within [`LISTEN_POLL`] once
    /// `alive` says no.
    pub(super) fn listen(
        &self,
        wake: impl Fn() + Send + 'static,
        alive: impl Fn() -> bool + Send + 'static,
    ) {
        let mut config = (*self.config).clone();
        config.application_name(LISTENER_NAME);
        let url = self.url.clone();
        let spawned = std::thread::Builder::new()
            .name("akron-listen".to_string())
            .spawn(move || listen_forever(&config, &url, &wake, &alive));
        if let Err(e) = spawned {
            tracing::warn!(error = %e, "cannot start listening for wake-ups; loops keep their own schedule");
        }
    }

    /// Applies the migrations this database lacks, in one transaction that holds the
    /// migration lock: two processes started together migrate one after the other. It runs
    /// at `READ COMMITTED`, so that each statement after the lock sees what the process that
    /// held it before committed.
    fn migrate(&self) -> Result<(), DbError> {
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

/// The channel on which processes wake each other's loops (`NOTIFY akron_wake`).
const WAKE_CHANNEL: &str = "akron_wake";

/// The `application_name` of a listener's connection (it shows in `pg_stat_activity`).
pub const LISTENER_NAME: &str = "akron-listen";

/// How often a listener with nothing to hear checks that its service still runs.
const LISTEN_POLL: Duration = Duration::from_secs(1);

/// The longest a listener waits before connecting again after a failure.
const LISTEN_BACKOFF: Duration = Duration::from_secs(30);

fn listen_forever(
    config: &postgres::Config,
    url: &PostgresUrl,
    wake: &dyn Fn(),
    alive: &dyn Fn() -> bool,
) {
    let mut backoff = LISTEN_POLL;
    while alive() {
        let failure = match config.connect(NoTls) {
            Ok(mut client) => match client.batch_execute(&format!("LISTEN {WAKE_CHANNEL}")) {
                Ok(()) => {
                    backoff = LISTEN_POLL;
                    // Whatever was written while nobody listened: look again.
                    wake();
                    hear(&mut client, wake, alive)
                }
                Err(e) => Some(e),
            },
            Err(e) => Some(e),
        };
        let Some(error) = failure else { return };
        tracing::warn!(database = %url, %error, "not listening for wake-ups; loops keep their own schedule meanwhile");
        let mut waited = Duration::ZERO;
        while waited < backoff && alive() {
            std::thread::sleep(LISTEN_POLL);
            waited += LISTEN_POLL;
        }
        backoff = (backoff * 2).min(LISTEN_BACKOFF);
    }
}

/// Wakes for each notification on `client` until the service stops (`None`) or the
/// connection fails (the error).
fn hear(client: &mut Client, wake: &dyn Fn(), alive: &dyn Fn() -> bool) -> Option<postgres::Error> {
    loop {
        {
            let mut notifications = client.notifications();
            let mut heard = notifications.timeout_iter(LISTEN_POLL);
            loop {
                match heard.next() {
                    Ok(Some(_)) => wake(),
                    Ok(None) => break,
                    Err(e) => return Some(e),
                }
            }
        }
        if !alive() {
            return None;
        }
        if client.is_closed() {
            // The server went away without an error the iterator reported: say so and
            // reconnect.
            return Some(match client.simple_query("") {
                Err(e) => e,
                Ok(_) => continue,
            });
        }
    }
}

/// Runs blocking work from any thread: on a thread of tokio's multi-threaded runtime it first
/// hands the thread's other tasks to another one (`block_in_place`), because the client blocks
/// on a runtime of its own, which tokio forbids inside another; elsewhere (a `spawn_blocking`
/// thread, a plain thread) it just runs.
fn in_blocking_context<R>(work: impl FnOnce() -> R) -> R {
    match tokio::runtime::Handle::try_current() {
        Ok(handle) if handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(work)
        }
        _ => work(),
    }
}

/// Runs `work` on a thread of its own when called inside a Tokio runtime (of either kind),
/// else here: for the few blocking calls that may happen anywhere (dropping the pool, the
/// tests' scratch databases).
fn outside_runtime<R: Send>(work: impl FnOnce() -> R + Send) -> R {
    if tokio::runtime::Handle::try_current().is_err() {
        return work();
    }
    std::thread::scope(|scope| match scope.spawn(work).join() {
        Ok(value) => value,
        Err(panic) => std::panic::resume_unwind(panic),
    })
}

fn rollback(conn: &Conn) {
    if batch(conn, "ROLLBACK").is_err() {
        conn.broken.set(true);
    }
}

impl From<postgres::Error> for DbError {
    fn from(e: postgres::Error) -> Self {
        match e.code() {
            Some(code)
                if *code == SqlState::T_R_SERIALIZATION_FAILURE
                    || *code == SqlState::T_R_DEADLOCK_DETECTED =>
            {
                DbError::Conflict
            }
            _ => DbError::Postgres(e),
        }
    }
}

/// Whether the failure means the database cannot be reached or is too busy right now (the
/// command may pass in a moment): a closed connection, a server shutting down or starting,
/// too many connections, a lock or a statement that timed out.
pub(super) fn is_busy(e: &postgres::Error) -> bool {
    if e.is_closed() {
        return true;
    }
    if let Some(code) = e.code() {
        let class = code.code().get(..2);
        return class == Some("08")
            || [
                SqlState::ADMIN_SHUTDOWN,
                SqlState::CRASH_SHUTDOWN,
                SqlState::CANNOT_CONNECT_NOW,
                SqlState::TOO_MANY_CONNECTIONS,
                SqlState::LOCK_NOT_AVAILABLE,
                SqlState::QUERY_CANCELED,
            ]
            .contains(code);
    }
    let mut source = e.source();
    while let Some(inner) = source {
        if inner.is::<std::io::Error>() {
            return true;
        }
        source = inner.source();
    }
    false
}

pub(super) fn is_unique_violation(e: &postgres::Error) -> bool {
    e.code() == Some(&SqlState::UNIQUE_VIOLATION)
}

/// SQLite's parameters (`?1`) as PostgreSQL's (`$1`), outside quoted text and comments.
pub(super) fn translate(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                out.push(c);
                for inner in chars.by_ref() {
                    out.push(inner);
                    if inner == c {
                        break;
                    }
                }
            }
            '-' if chars.peek() == Some(&'-') => {
                out.push(c);
                for inner in chars.by_ref() {
                    out.push(inner);
                    if inner == '\n' {
                        break;
                    }
                }
            }
            '?' if chars.peek().is_some_and(char::is_ascii_digit) => out.push('$'),
            _ => out.push(c),
        }
    }
    out
}

/// The statement for `sql`, prepared on this connection the first time it is used.
fn statement(conn: &Conn, sql: &str) -> Result<Statement, DbError> {
    if let Some(found) = conn.statements.borrow().get(sql) {
        return Ok(found.clone());
    }
    let prepared = conn.client.borrow_mut().prepare(&translate(sql))?;
    conn.statements
        .borrow_mut()
        .insert(sql.to_string(), prepared.clone());
    Ok(prepared)
}

fn parameters<'a>(params: &'a [Value<'a>]) -> Vec<&'a (dyn ToSql + Sync)> {
    params.iter().map(|p| p as &(dyn ToSql + Sync)).collect()
}

pub(super) fn execute(conn: &Conn, sql: &str, params: &[Value<'_>]) -> Result<usize, DbError> {
    let statement = statement(conn, sql)?;
    let changed = conn
        .client
        .borrow_mut()
        .execute(&statement, &parameters(params))?;
    Ok(usize::try_from(changed).unwrap_or(usize::MAX))
}

pub(super) fn batch(conn: &Conn, sql: &str) -> Result<(), DbError> {
    Ok(conn.client.borrow_mut().batch_execute(sql)?)
}

pub(super) fn query<T>(
    conn: &Conn,
    sql: &str,
    params: &[Value<'_>],
    mut read: impl FnMut(&Row<'_>) -> Result<T, DbError>,
) -> Result<Vec<T>, DbError> {
    let statement = statement(conn, sql)?;
    let rows = conn
        .client
        .borrow_mut()
        .query(&statement, &parameters(params))?;
    rows.iter()
        .map(|row| {
            read(&Row {
                inner: RowRef::Postgres(row),
            })
        })
        .collect()
}

pub(super) fn query_opt<T>(
    conn: &Conn,
    sql: &str,
    params: &[Value<'_>],
    read: impl FnOnce(&Row<'_>) -> Result<T, DbError>,
) -> Result<Option<T>, DbError> {
    let statement = statement(conn, sql)?;
    let rows = conn
        .client
        .borrow_mut()
        .query(&statement, &parameters(params))?;
    match rows.first() {
        Some(row) => read(&Row {
            inner: RowRef::Postgres(row),
        })
        .map(Some),
        None => Ok(None),
    }
}

/// A column's value as the seam's [`ValueRef`], whatever PostgreSQL type it came as.
struct Column<'a>(ValueRef<'a>);

impl<'a> FromSql<'a> for Column<'a> {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, Box<dyn StdError + Sync + Send>> {
        Ok(Column(match *ty {
            Type::INT8 => ValueRef::Int(i64::from_sql(ty, raw)?),
            Type::INT4 => ValueRef::Int(i64::from(i32::from_sql(ty, raw)?)),
            Type::INT2 => ValueRef::Int(i64::from(i16::from_sql(ty, raw)?)),
            Type::BOOL => ValueRef::Int(i64::from(bool::from_sql(ty, raw)?)),
            Type::FLOAT8 => ValueRef::Real(f64::from_sql(ty, raw)?),
            Type::FLOAT4 => ValueRef::Real(f64::from(f32::from_sql(ty, raw)?)),
            Type::BYTEA => ValueRef::Blob(<&[u8]>::from_sql(ty, raw)?),
            Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::UNKNOWN => {
                ValueRef::Text(<&str>::from_sql(ty, raw)?)
            }
            _ => return Err(format!("the type {ty} is not one the bot stores").into()),
        }))
    }

    fn from_sql_null(_: &Type) -> Result<Self, Box<dyn StdError + Sync + Send>> {
        Ok(Column(ValueRef::Null))
    }

    fn accepts(_: &Type) -> bool {
        true
    }
}

pub(super) fn with_value<T>(
    row: &postgres::Row,
    index: usize,
    read: impl FnOnce(ValueRef<'_>) -> T,
) -> Result<T, DbError> {
    let column: Column<'_> = row
        .try_get(index)
        .map_err(|e| DbError::Corrupt(format!("column {index}: {e}")))?;
    Ok(read(column.0))
}

/// A parameter is sent as the type PostgreSQL inferred for its place: an integer as `bigint`,
/// `integer`, `smallint`, `boolean` or `double precision`; text as text; bytes as `bytea`.
impl ToSql for Value<'_> {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> Result<IsNull, Box<dyn StdError + Sync + Send>> {
        match (*self, ty) {
            (Value::Null, _) => Ok(IsNull::Yes),
            (Value::Int(n), &Type::INT8) => n.to_sql(ty, out),
            (Value::Int(n), &Type::INT4) => i32::try_from(n)?.to_sql(ty, out),
            (Value::Int(n), &Type::INT2) => i16::try_from(n)?.to_sql(ty, out),
            (Value::Int(n), &Type::BOOL) => (n != 0).to_sql(ty, out),
            #[allow(clippy::cast_precision_loss)]
            (Value::Int(n), &Type::FLOAT8) => (n as f64).to_sql(ty, out),
            (Value::Int(n), &Type::TEXT | &Type::VARCHAR) => n.to_string().as_str().to_sql(ty, out),
            (Value::Real(x), &Type::FLOAT8) => x.to_sql(ty, out),
            #[allow(clippy::cast_possible_truncation)]
            (Value::Real(x), &Type::FLOAT4) => (x as f32).to_sql(ty, out),
            (Value::Text(text), &Type::TEXT | &Type::VARCHAR | &Type::BPCHAR | &Type::NAME) => {
                text.to_sql(ty, out)
            }
            (Value::Text(text), &Type::BYTEA) => text.as_bytes().to_sql(ty, out),
            (Value::Blob(bytes), &Type::BYTEA) => bytes.to_sql(ty, out),
            (value, ty) => Err(format!("{value:?} cannot be sent as {ty}").into()),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    postgres::types::to_sql_checked!();
}

/// A database of its own for one test on a PostgreSQL server, made from an address on that
/// server (`AKRON_TEST_POSTGRES`) and dropped with everything in it when the test ends.
#[cfg(feature = "testing")]
pub struct ScratchDatabase {
    server: String,
    name: String,
    url: PostgresUrl,
}

#[cfg(feature = "testing")]
impl ScratchDatabase {
    /// Makes a new, empty database on the server `server` (an address of any database on
    /// it, by a role that may create databases).
    ///
    /// # Errors
    ///
    /// When the server cannot be reached or refuses.
    pub fn create(server: &str) -> Result<ScratchDatabase, DbError> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let name = format!(
            "akron_test_{}_{}_{nanos}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        outside_runtime(|| {
            let mut admin = Client::connect(server, NoTls)?;
            admin.batch_execute(&format!("CREATE DATABASE {name}"))?;
            Ok::<(), DbError>(())
        })?;
        let url = PostgresUrl(with_database(server, &name));
        Ok(ScratchDatabase {
            server: server.to_string(),
            name,
            url,
        })
    }

    /// The new database's address.
    #[must_use]
    pub fn url(&self) -> &PostgresUrl {
        &self.url
    }

    /// The new database's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Runs `sql` on the server, outside the new database (`ALTER DATABASE`,
    /// `pg_terminate_backend`): for tests of a database that goes away.
    ///
    /// # Errors
    ///
    /// When the server cannot be reached or refuses.
    pub fn on_server(&self, sql: &str) -> Result<(), DbError> {
        outside_runtime(|| {
            let mut admin = Client::connect(&self.server, NoTls)?;
            admin.batch_execute(sql)?;
            Ok(())
        })
    }
}

#[cfg(feature = "testing")]
impl Drop for ScratchDatabase {
    fn drop(&mut self) {
        let dropped = outside_runtime(|| {
            let mut admin = Client::connect(&self.server, NoTls)?;
            admin.batch_execute(&format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.name
            ))
        });
        if let Err(e) = dropped {
            tracing::warn!(database = %self.name, error = %e, "a test database was not dropped");
        }
    }
}

/// `url` with its database name replaced by `name`.
#[cfg(feature = "testing")]
fn with_database(url: &str, name: &str) -> String {
    let scheme_end = url.find("://").map_or(0, |i| i + 3);
    let query = url[scheme_end..].find('?').map(|i| scheme_end + i);
    let (base, rest) = url.split_at(query.unwrap_or(url.len()));
    let authority_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    format!("{}/{name}{rest}", &base[..authority_end])
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::db::Db;

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
    ];

    #[test]
    fn landed_migrations_are_never_edited() {
        super::super::assert_landed(MIGRATIONS, LANDED);
    }

    /// Both backends have the same migrations, by number and name.
    #[test]
    fn each_sqlite_migration_has_its_postgresql_twin() {
        let names =
            |list: &[(&'static str, &str)]| list.iter().map(|(n, _)| *n).collect::<Vec<_>>();
        assert_eq!(names(MIGRATIONS), names(super::super::sqlite::MIGRATIONS));
    }

    #[test]
    fn parameters_are_translated_outside_quotes_and_comments() {
        assert_eq!(
            translate("SELECT a FROM t WHERE b = ?1 AND c = '?2' -- ?3\n AND d = ?12"),
            "SELECT a FROM t WHERE b = $1 AND c = '?2' -- ?3\n AND d = $12"
        );
        assert_eq!(translate("SELECT \"?1\", ?2"), "SELECT \"?1\", $2");
    }

    #[test]
    fn an_address_never_prints_its_password() {
        let url = PostgresUrl::parse("postgres://akron:s3cret@db.example:5432/akron").unwrap();
        assert_eq!(
            url.to_string(),
            "postgres://akron:***@db.example:5432/akron"
        );
        assert!(!format!("{url:?}").contains("s3cret"));
        let plain = PostgresUrl::parse("postgresql://akron@127.0.0.1/akron").unwrap();
        assert_eq!(plain.to_string(), "postgresql://akron@127.0.0.1/akron");
        assert_eq!(PostgresUrl::parse("akron.db"), None);
        assert_eq!(
            with_database("postgres://a:b@h:1/postgres?sslmode=disable", "x"),
            "postgres://a:b@h:1/x?sslmode=disable"
        );
        assert_eq!(with_database("postgres://h", "x"), "postgres://h/x");
    }

    fn scratch() -> Option<ScratchDatabase> {
        let server = crate::testing::postgres_server("a PostgreSQL storage test")?;
        Some(ScratchDatabase::create(&server).unwrap())
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

    /// Every connection in use for longer than the busy timeout fails the next one as busy,
    /// at the timeout, instead of waiting for ever.
    #[test]
    fn an_exhausted_pool_is_busy_not_stuck() {
        let Some(scratch) = scratch() else { return };
        let db = std::sync::Arc::new(
            Db::open_postgres(scratch.url(), Duration::from_millis(300)).unwrap(),
        );
        let (held, release) = (
            std::sync::Arc::new(std::sync::Barrier::new(MAX_CONNECTIONS as usize + 1)),
            std::sync::Arc::new(std::sync::Barrier::new(MAX_CONNECTIONS as usize + 1)),
        );
        let holders: Vec<_> = (0..MAX_CONNECTIONS)
            .map(|_| {
                let (db, held, release) = (db.clone(), held.clone(), release.clone());
                std::thread::spawn(move || {
                    db.read(|_| {
                        held.wait();
                        release.wait();
                        Ok::<(), DbError>(())
                    })
                })
            })
            .collect();
        held.wait();
        let started = std::time::Instant::now();
        let refused = db.read(|tx| tx.query_one("SELECT 1", &[], |r| r.get::<i64>(0)));
        let waited = started.elapsed();
        release.wait();
        for holder in holders {
            holder.join().unwrap().unwrap();
        }
        let error = refused.expect_err("no connection was free");
        assert!(error.is_busy(), "{error}");
        assert!(waited < Duration::from_secs(5), "waited {waited:?}");
    }

    /// A row another transaction holds for longer than the busy timeout fails the write as
    /// busy, as SQLite's busy timeout does, and writes nothing.
    #[test]
    fn a_lock_held_too_long_is_busy() {
        let Some(scratch) = scratch() else { return };
        let db = Db::open_postgres(scratch.url(), Duration::from_millis(300)).unwrap();
        db.write(|tx| tx.execute("INSERT INTO server_settings (server_id) VALUES ('s')", &[]))
            .unwrap();
        let mut holder = Client::connect(scratch.url().secret(), NoTls).unwrap();
        let mut lock = holder.transaction().unwrap();
        lock.batch_execute("UPDATE server_settings SET thread_games = 1")
            .unwrap();
        let refused = db.write(|tx| tx.execute("UPDATE server_settings SET thread_games = 2", &[]));
        let error = refused.expect_err("the row was locked");
        assert!(error.is_busy(), "{error}");
        lock.rollback().unwrap();
        let value: i64 = db
            .read(|tx| {
                tx.query_one("SELECT thread_games FROM server_settings", &[], |r| {
                    r.get(0)
                })
            })
            .unwrap();
        assert_eq!(value, 0);
    }

    /// A server that cannot be reached fails opening as busy (unavailable), quickly.
    #[test]
    fn a_server_that_is_down_is_unavailable() {
        let url = PostgresUrl::parse("postgres://akron@127.0.0.1:9/akron").unwrap();
        let error =
            Db::open_postgres(&url, Duration::from_millis(500)).expect_err("nothing listens");
        assert!(error.is_busy(), "{error}");
    }

    /// Regression: a service dropped at the end of an async block (the bot's shutdown) closed
    /// its connections on a runtime thread, and the client's own `block_on` panicked
    /// ("Cannot start a runtime from within a runtime").
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_database_used_and_dropped_in_async_code_does_not_panic() {
        let Some(scratch) = scratch() else { return };
        let db = Db::open_postgres(scratch.url(), Duration::from_secs(5)).unwrap();
        let one: i64 = db
            .read(|tx| tx.query_one("SELECT 1", &[], |r| r.get(0)))
            .unwrap();
        assert_eq!(one, 1);
        drop(db);
    }

    /// The same on a single-threaded runtime (`#[tokio::test]`'s default): opening and
    /// dropping step off its thread.
    #[tokio::test]
    async fn a_database_opened_and_dropped_on_a_current_thread_runtime_does_not_panic() {
        let Some(scratch) = scratch() else { return };
        let db = Db::open_postgres(scratch.url(), Duration::from_secs(5)).unwrap();
        drop(db);
    }

    /// Values of every kind come back as they went in.
    #[test]
    fn values_round_trip() {
        let Some(scratch) = scratch() else { return };
        let db = Db::open_postgres(scratch.url(), Duration::from_secs(5)).unwrap();
        let got: (i64, f64, String, Option<i64>, bool) = db
            .read(|tx| {
                tx.query_one(
                    "SELECT CAST(?1 AS BIGINT), CAST(?2 AS DOUBLE PRECISION), CAST(?3 AS TEXT), \
                     CAST(?4 AS BIGINT), 1 = 1",
                    crate::params![-5_i64, 2.5_f64, "é'?1", Option::<i64>::None],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
                )
            })
            .unwrap();
        assert_eq!(got, (-5, 2.5, "é'?1".to_string(), None, true));
    }
}
