//! `akron db copy`, the command: a whole database into an empty one of either backend,
//! refused unless the target is empty, then checked (every table counted again, every game
//! replayed). The rows themselves are copied by `db/copy_rows.rs`.

use super::{Config, ServiceError};
use crate::db::{self, DbError};
use crate::model::GameId;
use std::fmt;

/// What a copy did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    /// Each table and its rows, as copied (and counted again in the target).
    pub tables: Vec<(&'static str, usize)>,
    /// Games replayed in the target, every one of them.
    pub games_replayed: usize,
}

/// Why a copy was refused or failed.
#[derive(Debug)]
pub enum CopyError {
    /// Source and target are the same database.
    SameDatabase,
    /// The target already holds rows: a copy goes only into an empty database.
    NotEmpty {
        /// The first table found with rows.
        table: &'static str,
        /// How many.
        rows: usize,
    },
    /// The target's count of a table differs from the source's after the copy.
    Count {
        /// The table.
        table: &'static str,
        /// Rows in the source.
        source: usize,
        /// Rows in the target.
        target: usize,
    },
    /// A game in the target does not replay to its stored positions.
    Replay {
        /// The game.
        game: GameId,
        /// Why.
        error: String,
    },
    /// The source is a SQLite file that does not exist (a mistyped name): nothing was
    /// created, neither the source nor the target.
    NoSource {
        /// The file.
        path: std::path::PathBuf,
    },
    /// The source holds no rows: most likely the wrong database. Copying it anyway is
    /// asked for with [`CopyOptions::allow_empty`].
    EmptySource,
    /// Storage failed.
    Service(ServiceError),
}

/// How a copy runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CopyOptions {
    /// Copy a source that holds no rows at all (else refused as [`CopyError::EmptySource`]).
    pub allow_empty: bool,
}

impl fmt::Display for CopyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CopyError::SameDatabase => f.write_str("the source and the target are the same"),
            CopyError::NotEmpty { table, rows } => write!(
                f,
                "the target is not empty ({table} holds {rows} rows); copy only into a new, \
                 empty database"
            ),
            CopyError::Count {
                table,
                source,
                target,
            } => write!(
                f,
                "{table} has {source} rows in the source but {target} in the target"
            ),
            CopyError::Replay { game, error } => {
                write!(f, "game {game} does not replay in the target: {error}")
            }
            CopyError::NoSource { path } => write!(
                f,
                "there is no database {}: the source must exist (nothing was created)",
                path.display()
            ),
            CopyError::EmptySource => f.write_str(
                "the source holds no games, ratings, tournaments or anything else; if an \
                 empty copy is really wanted, add --allow-empty",
            ),
            CopyError::Service(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CopyError {}

impl From<DbError> for CopyError {
    fn from(e: DbError) -> Self {
        CopyError::Service(ServiceError::Db(e))
    }
}

impl From<ServiceError> for CopyError {
    fn from(e: ServiceError) -> Self {
        CopyError::Service(e)
    }
}

/// Copies the whole database `from` names into the empty one `to` names (SQLite to
/// PostgreSQL, or back), in one transaction of the target that also counts every table
/// again on both sides and replays every game in the target: the target's rows become
/// visible only once they are checked, and a copy that fails its check, or is killed, leaves
/// the target empty.
///
/// The source is opened for reading only (a read-only file, such as a backup, is accepted)
/// and must be at this build's schema; a SQLite source that does not exist is refused before
/// anything is created, and an empty source is refused unless `options` allow it.
///
/// # Errors
///
/// When the source does not exist or is empty, when the target is not empty or is the
/// source, when either cannot be opened, or when the check finds a difference (nothing is
/// then committed).
pub fn copy_database(
    from: &Config,
    to: &Config,
    options: CopyOptions,
) -> Result<Copied, CopyError> {
    if from.database() == to.database() {
        return Err(CopyError::SameDatabase);
    }
    if from.postgres.is_none() && !from.db_path.is_file() {
        return Err(CopyError::NoSource {
            path: from.db_path.clone(),
        });
    }
    let source = from.open_db_read_only()?;
    if !options.allow_empty && db::first_non_empty(&source)?.is_none() {
        return Err(CopyError::EmptySource);
    }
    let target = to.open_db()?;
    if let Some((table, rows)) = db::first_non_empty(&target)? {
        return Err(CopyError::NotEmpty { table, rows });
    }
    target.write(|tx| {
        let tables = db::copy_tables(&source, tx)?;
        for (table, copied) in &tables {
            let source_rows = source.read(|c| db::count_rows(c, table))?;
            let target_rows = db::count_rows(tx, table)?;
            if source_rows != *copied || target_rows != *copied {
                return Err(CopyError::Count {
                    table,
                    source: source_rows,
                    target: target_rows,
                });
            }
        }
        let games_replayed = match super::store::replay_all(tx) {
            Ok(replayed) => replayed,
            Err(ServiceError::Corrupt { game, detail }) => {
                return Err(CopyError::Replay {
                    game,
                    error: detail,
                })
            }
            Err(e) => return Err(e.into()),
        };
        Ok(Copied {
            tables,
            games_replayed,
        })
    })
}
