//! The service's settings ([`Config`]): which database, pictures or not, the AI's search,
//! the links to the rules and the web companion.

use super::ai;
use crate::db::{self, Db};
use std::path::PathBuf;
use std::time::Duration;

/// Settings of the service.
#[derive(Clone, Debug)]
pub struct Config {
    /// The SQLite file. Default `akron.db` (the binary reads `AKRON_DB`; the service reads no
    /// environment).
    pub db_path: PathBuf,
    /// A PostgreSQL database to use instead of the SQLite file, shared by several processes
    /// (`--db postgres://…` or `AKRON_DB`); `None` keeps the SQLite file.
    pub postgres: Option<db::PostgresUrl>,
    /// Where the `rules` command links to, else nowhere (the reply then carries a picture
    /// instead of a link). The binary takes it from `AKRON_RULES_URL`.
    pub rules_url: Option<String>,
    /// Whether replies carry board pictures (PNG). Front ends that cannot show them may
    /// turn this off.
    pub images: bool,
    /// How long a change waits for another writer on the same file (a second process, a
    /// backup) before the command fails, changing nothing. Default 10 seconds.
    pub busy_timeout: Duration,
    /// How the engine searches: the AI's moves, `analyze`, `hint` and the puzzle solver.
    pub ai: ai::AiConfig,
    /// The web companion's public address without a trailing slash
    /// (`https://akron.example.org`); with it, boards and tournament messages of servers
    /// whose pages are on carry a link ([`Reply::web_link`](super::Reply::web_link)). The binary takes it from
    /// `AKRON_WEB_URL`.
    pub web_url: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            db_path: PathBuf::from("akron.db"),
            postgres: None,
            rules_url: None,
            images: true,
            busy_timeout: db::BUSY_TIMEOUT,
            ai: ai::AiConfig::default(),
            web_url: None,
        }
    }
}

impl Config {
    /// The defaults with another database file.
    #[must_use]
    pub fn with_db(path: impl Into<PathBuf>) -> Config {
        Config {
            db_path: path.into(),
            ..Config::default()
        }
    }

    /// The defaults with a PostgreSQL database.
    #[must_use]
    pub fn with_postgres(url: db::PostgresUrl) -> Config {
        Config {
            postgres: Some(url),
            ..Config::default()
        }
    }

    /// The database setting as `--db` and `AKRON_DB` take it: an address starting
    /// `postgres://` or `postgresql://` selects PostgreSQL, anything else is a SQLite file.
    pub fn set_database(&mut self, setting: &std::ffi::OsStr) {
        match setting.to_str().and_then(db::PostgresUrl::parse) {
            Some(url) => self.postgres = Some(url),
            None => {
                self.postgres = None;
                self.db_path = PathBuf::from(setting);
            }
        }
    }

    /// Where the database is, for logs and messages: the file, or the PostgreSQL address
    /// without its password.
    #[must_use]
    pub fn database(&self) -> String {
        match &self.postgres {
            Some(url) => url.to_string(),
            None => self.db_path.display().to_string(),
        }
    }

    /// Opens the database this names for reading only, applying no migrations: it must
    /// exist and be at this build's schema.
    ///
    /// # Errors
    ///
    /// When it cannot be opened, is not the bot's or is not current.
    pub fn open_db_read_only(&self) -> Result<Db, db::DbError> {
        match &self.postgres {
            Some(url) => Db::open_postgres_read_only(url, self.busy_timeout),
            None => Db::open_read_only(&self.db_path),
        }
    }

    /// Opens the database this names, applying migrations.
    ///
    /// # Errors
    ///
    /// When it cannot be opened or migrated.
    pub fn open_db(&self) -> Result<Db, db::DbError> {
        match &self.postgres {
            Some(url) => Db::open_postgres(url, self.busy_timeout),
            None => Db::open_with(&self.db_path, self.busy_timeout),
        }
    }
}
