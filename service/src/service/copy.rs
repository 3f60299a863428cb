//! `akron db copy`: a whole database into an empty one of either backend, checked.

use super::{Config, Service, ServiceError};
use crate::db::{self, DbError};
use crate::model::GameId;
use std::fmt;
use std::sync::Arc;

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
    /// Storage failed.
    Service(ServiceError),
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
/// PostgreSQL, or back), in one transaction of the target; then counts every table again on
/// both sides and replays every game in the target.
///
/// # Errors
///
/// When the target is not empty or is the source, when either cannot be opened, or when the
/// check finds a difference (the copy is then committed but reported as failed).
pub fn copy_database(from: &Config, to: &Config) -> Result<Copied, CopyError> {
    if from.database() == to.database() {
        return Err(CopyError::SameDatabase);
    }
    let source = from.open_db()?;
    let target = to.open_db()?;
    if let Some((table, rows)) = db::first_non_empty(&target)? {
        return Err(CopyError::NotEmpty { table, rows });
    }
    let tables = db::copy_tables(&source, &target)?;
    for (table, copied) in &tables {
        let source_rows = source.read(|c| db::count_rows(c, table))?;
        let target_rows = target.read(|c| db::count_rows(c, table))?;
        if source_rows != *copied || target_rows != *copied {
            return Err(CopyError::Count {
                table,
                source: source_rows,
                target: target_rows,
            });
        }
    }
    drop(target);
    let mut config = to.clone();
    config.images = false;
    let service = Service::with_clock(config, Arc::new(super::SystemClock))?;
    let games = service.db.read(db::all_game_ids)?;
    for game in &games {
        match service.game_detail(*game) {
            Ok(Some(_)) => {}
            Ok(None) => {
                return Err(CopyError::Replay {
                    game: *game,
                    error: "it is missing".to_string(),
                })
            }
            Err(error) => {
                return Err(CopyError::Replay {
                    game: *game,
                    error: error.to_string(),
                })
            }
        }
    }
    Ok(Copied {
        tables,
        games_replayed: games.len(),
    })
}
