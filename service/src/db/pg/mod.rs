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
//!
//! This file holds the address and the pool, and runs transactions; beside it are
//! `statements.rs` (running one statement, values in and out), `copy_in.rs` (many rows in one
//! `COPY`, for `akron db copy`), `migrations.rs`, `listen.rs`
//! (`NOTIFY`/`LISTEN` between processes), `errors.rs` (PostgreSQL's errors as the seam's) and
//! `scratch.rs` (a database of its own for a test).

mod copy_in;
mod errors;
mod listen;
pub(in crate::db) mod migrations;
#[cfg(feature = "testing")]
mod scratch;
mod statements;

pub(super) use copy_in::copy_in;
pub(super) use errors::{is_busy, is_unique_violation};
pub use listen::LISTENER_NAME;
#[cfg(feature = "testing")]
pub use scratch::ScratchDatabase;
pub(super) use statements::{batch, execute, query, query_opt, with_value};

use super::DbError;
use postgres::{Client, NoTls, Statement};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt;
use std::time::Duration;

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
    /// When it last went back to the pool whole: a connection used this recently is handed
    /// out again without a probe ([`PROBE_IDLE`]).
    returned: Cell<std::time::Instant>,
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
            returned: Cell::new(std::time::Instant::now()),
        })
    }

    /// A pooled connection that sat idle for [`PROBE_IDLE`] or more is probed (an empty
    /// query) before it is handed out, so that one the server closed meanwhile (a restart)
    /// is replaced instead of failing the command that drew it. One used moments ago is
    /// handed out as it is: probing every check-out cost a round trip each, six of a move's
    /// sixteen (issue 45). Should such a connection turn out closed after all, its statement
    /// fails as "busy" and the pool drops it; a write's `BEGIN` that finds it closed takes
    /// another connection at once ([`Pool::transaction`]).
    fn is_valid(&self, conn: &mut Conn) -> Result<(), postgres::Error> {
        if conn.returned.get().elapsed() < PROBE_IDLE {
            return Ok(());
        }
        conn.client.get_mut().simple_query("").map(drop)
    }

    /// Called when a connection goes back to the pool: a broken one is closed, a whole one
    /// notes the time, for [`Manager::is_valid`].
    fn has_broken(&self, conn: &mut Conn) -> bool {
        let broken = conn.broken.get() || conn.client.get_mut().is_closed();
        if !broken {
            conn.returned.set(std::time::Instant::now());
        }
        broken
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
    /// Until when a check-out waits only [`PROBE_TIMEOUT`], because the last one found no
    /// connection for the whole busy timeout (the server is down or out of reach): one
    /// console line or interaction then waits the busy timeout once, not once per read it
    /// makes (issue 38, point 15), and a server that is back is used at once. Real time, not
    /// the service's clock: this is about how long people wait.
    down_until: std::sync::Mutex<Option<std::time::Instant>>,
}

/// How long a pooled connection may sit idle and still be handed out without a probe: long
/// enough that a busy process's connections, reused within milliseconds, are never probed;
/// short enough that after a server restart (which takes longer) the pool's connections are
/// probed before they are used.
const PROBE_IDLE: Duration = Duration::from_secs(1);

/// How long after a check-out that found no connection the next ones wait only
/// [`PROBE_TIMEOUT`] for one.
const RECHECK_AFTER: Duration = Duration::from_secs(3);

/// How long a check-out waits for a connection just after one found none.
const PROBE_TIMEOUT: Duration = Duration::from_millis(500);

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
            down_until: std::sync::Mutex::new(None),
        };
        if read_only {
            pool.check_current()?;
        } else {
            pool.migrate()?;
        }
        Ok(pool)
    }

    /// Where the database is, without its password.
    pub(super) fn url(&self) -> &PostgresUrl {
        &self.url
    }

    fn take(&self) -> Result<r2d2::PooledConnection<Manager>, DbError> {
        let pool = self
            .pool
            .as_ref()
            .ok_or_else(|| DbError::Unavailable("the pool is closed".to_string()))?;
        let now = std::time::Instant::now();
        let down = self.down_until.lock().map_or(None, |until| *until);
        // Just after a check-out found nothing, the next ones look only briefly: a server
        // that is back answers within that, one still down costs a moment, not the whole
        // busy timeout again.
        let got = if down.is_some_and(|until| now < until) {
            pool.get_timeout(PROBE_TIMEOUT)
        } else {
            pool.get()
        };
        match got {
            Ok(conn) => {
                if down.is_some() {
                    if let Ok(mut until) = self.down_until.lock() {
                        *until = None;
                    }
                }
                Ok(conn)
            }
            Err(e) => {
                if let Ok(mut until) = self.down_until.lock() {
                    *until = Some(std::time::Instant::now() + RECHECK_AFTER);
                }
                Err(DbError::Unavailable(format!(
                    "no connection to the database: {e}"
                )))
            }
        }
    }

    /// Runs `read` on a pooled connection. A connection handed out without a probe may have
    /// been closed by the server since it was last used (a restart): then the read, which
    /// changed nothing, runs again once on another connection.
    pub(super) fn read<R, E: From<DbError>>(
        &self,
        mut read: impl FnMut(&Conn) -> Result<R, E>,
    ) -> Result<R, E> {
        in_blocking_context(|| {
            let conn = self.take()?;
            let first = read(&conn);
            if first.is_ok() || !conn.client.borrow().is_closed() {
                return first;
            }
            drop(conn);
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
            let mut conn = self.take()?;
            if let Err(e) = batch(&conn, begin) {
                if !conn.client.borrow().is_closed() {
                    return Err(e.into());
                }
                // Closed by the server since it was last used (it was handed out without a
                // probe): the pool drops it; nothing was done, so begin on another one.
                drop(conn);
                conn = self.take()?;
                batch(&conn, begin)?;
            }
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

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::db::Db;
    use scratch::with_database;

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

    pub(super) fn scratch() -> Option<ScratchDatabase> {
        let server = crate::testing::postgres_server("a PostgreSQL storage test")?;
        Some(ScratchDatabase::create(&server).unwrap())
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
}
