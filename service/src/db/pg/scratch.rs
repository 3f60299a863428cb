//! A database of its own for one test on a PostgreSQL server, dropped with it (with the
//! `testing` feature only).

use super::outside_runtime;
use super::PostgresUrl;
use crate::db::DbError;
use postgres::{Client, NoTls};

/// A database of its own for one test on a PostgreSQL server, made from an address on that
/// server (`AKRON_TEST_POSTGRES`) and dropped with everything in it when the test ends.
pub struct ScratchDatabase {
    server: String,
    name: String,
    url: PostgresUrl,
}

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
pub(super) fn with_database(url: &str, name: &str) -> String {
    let scheme_end = url.find("://").map_or(0, |i| i + 3);
    let query = url[scheme_end..].find('?').map(|i| scheme_end + i);
    let (base, rest) = url.split_at(query.unwrap_or(url.len()));
    let authority_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    format!("{}/{name}{rest}", &base[..authority_end])
}
