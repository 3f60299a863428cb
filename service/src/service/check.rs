//! `akron db backup` and `akron db check`: a consistent copy of a SQLite database taken while
//! the bots keep writing, and a check of a whole database.

use super::store::replay_stored;
use super::{Config, ServiceError};
use crate::db::{self, Db, DbError};
use crate::params;
use std::fmt;
use std::path::{Path, PathBuf};

/// Why a backup was refused or failed.
#[derive(Debug)]
pub enum BackupError {
    /// The database is on PostgreSQL, which has its own tools.
    Postgres,
    /// There is no database file to back up.
    NoSource(PathBuf),
    /// The backup file exists already: a backup never overwrites one.
    Exists(PathBuf),
    /// Moving the finished copy into place failed.
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// Storage failed.
    Db(DbError),
}

impl fmt::Display for BackupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackupError::Postgres => f.write_str(
                "the database is on PostgreSQL: back it up with pg_dump (pg_dump -Fc -f \
                 akron.dump DBNAME), or copy it into a SQLite file with akron db copy --from \
                 postgres://... --to backup.db",
            ),
            BackupError::NoSource(path) => {
                write!(f, "there is no database {} to back up", path.display())
            }
            BackupError::Exists(path) => write!(
                f,
                "{} exists already: give a new file (a backup never overwrites one)",
                path.display()
            ),
            BackupError::Io { path, error } => {
                write!(f, "cannot write {}: {error}", path.display())
            }
            BackupError::Db(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BackupError {}

impl From<DbError> for BackupError {
    fn from(e: DbError) -> Self {
        BackupError::Db(e)
    }
}

/// Writes a consistent copy of the SQLite database `config` names to the new file `to`,
/// while other processes keep writing: the copy holds every transaction committed before it
/// began and none that committed after. It is written beside `to` first and renamed into
/// place once complete, so an interrupted backup leaves no partial file under that name.
/// Returns the number of games in the copy.
///
/// Why `VACUUM INTO` rather than the page-by-page online backup API: it reads the database
/// in one read transaction (a snapshot that never blocks the bots' writers in WAL mode and
/// is never restarted by them), needs no further rusqlite feature (whose SQLite build the
/// Matrix store shares), and writes a compacted file.
///
/// # Errors
///
/// On PostgreSQL, without a source, when `to` exists, and on storage failures.
pub fn backup_database(config: &Config, to: &Path) -> Result<usize, BackupError> {
    if config.postgres.is_some() {
        return Err(BackupError::Postgres);
    }
    if !config.db_path.is_file() {
        return Err(BackupError::NoSource(config.db_path.clone()));
    }
    if to.exists() {
        return Err(BackupError::Exists(to.to_path_buf()));
    }
    let source = config.open_db_read_only()?;
    let mut partial = to.as_os_str().to_os_string();
    partial.push(format!(".partial-{}", std::process::id()));
    let partial = PathBuf::from(partial);
    let into = partial.to_string_lossy().into_owned();
    let written = source.read(|c| c.execute("VACUUM INTO ?1", params![into]));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&partial);
        return Err(e.into());
    }
    let games =
        Db::open_read_only(&partial).and_then(|copy| copy.read(|c| db::count_rows(c, "games")));
    let games = match games {
        Ok(games) => games,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e.into());
        }
    };
    // The rename is atomic; `to` was checked free above (a backup racing another to the same
    // name is not guarded against).
    std::fs::rename(&partial, to).map_err(|error| {
        let _ = std::fs::remove_file(&partial);
        BackupError::Io {
            path: to.to_path_buf(),
            error,
        }
    })?;
    Ok(games)
}

/// What `akron db check` found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Whether SQLite's integrity and foreign key checks ran (PostgreSQL keeps both itself).
    pub sqlite_checks: bool,
    /// Games replayed against their stored positions.
    pub games: usize,
    /// Tournaments whose rounds were compared with their games.
    pub tournaments: usize,
    /// Every problem found, one sentence each; empty when the database is sound.
    pub problems: Vec<String>,
}

/// Checks the whole database `config` names, reading only, in one snapshot: SQLite's
/// integrity and foreign keys; every game replays to its stored positions and result; every
/// tournament pairing names entrants of its tournament, and its game (if any) is between
/// those players and agrees with the pairing's result.
///
/// # Errors
///
/// When the database cannot be opened or read (problems in it are in the report).
pub fn check_database(config: &Config) -> Result<CheckReport, ServiceError> {
    let database = config.open_db_read_only()?;
    let mut report = CheckReport::default();
    if !database.is_postgres() {
        report.sqlite_checks = true;
        let integrity: Vec<String> =
            database.read(|c| c.query("PRAGMA integrity_check", params![], |r| r.get(0)))?;
        if integrity != ["ok"] {
            report.problems.extend(
                integrity
                    .into_iter()
                    .map(|line| format!("integrity: {line}")),
            );
        }
        let orphans: Vec<(String, Option<i64>, String)> = database.read(|c| {
            c.query("PRAGMA foreign_key_check", params![], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
        })?;
        for (table, row, parent) in orphans {
            report.problems.push(match row {
                Some(row) => format!("{table} row {row} refers to a missing row of {parent}"),
                None => format!("a row of {table} refers to a missing row of {parent}"),
            });
        }
    }
    database.read(|c| {
        // One snapshot for the whole check, so that a bot writing meanwhile never makes a
        // game's row and its moves disagree; nothing is written, so it is rolled back.
        c.batch(if c.is_postgres() {
            "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
        } else {
            "BEGIN"
        })?;
        let checked = check_rows(c, &mut report);
        let ended = c.batch("ROLLBACK");
        checked?;
        ended?;
        Ok::<_, ServiceError>(())
    })?;
    Ok(report)
}

fn check_rows(c: &db::Tx<'_>, report: &mut CheckReport) -> Result<(), ServiceError> {
    let games = db::all_game_ids(c)?;
    for game in &games {
        match replay_stored(c, *game) {
            Ok(()) => {}
            Err(ServiceError::Corrupt { game, detail }) => {
                report.problems.push(format!("game {game}: {detail}"));
            }
            Err(e) => return Err(e),
        }
    }
    report.games = games.len();
    report.tournaments = db::count_rows(c, "tournaments")?;
    type Pairing = (
        i64,
        i64,
        i64,
        Option<i64>,
        Option<i64>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
    );
    let pairings: Vec<Pairing> = c.query(
        "SELECT p.tournament_id, p.round, p.board, p.second, p.game_id, g.black_id, \
                g.white_id, g.winner_id, e1.user_id, e2.user_id, p.result \
         FROM tournament_pairings p \
         LEFT JOIN games g ON g.id = p.game_id \
         LEFT JOIN tournament_entrants e1 \
                ON e1.tournament_id = p.tournament_id AND e1.player = p.first \
         LEFT JOIN tournament_entrants e2 \
                ON e2.tournament_id = p.tournament_id AND e2.player = p.second \
         ORDER BY p.tournament_id, p.round, p.board",
        params![],
        |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
                r.get(8)?,
                r.get(9)?,
                r.get(10)?,
            ))
        },
    )?;
    for (
        tournament,
        round,
        board,
        second,
        game,
        black,
        white,
        winner,
        first_user,
        second_user,
        result,
    ) in pairings
    {
        let mut problem = |what: String| {
            report.problems.push(format!(
                "tournament #{tournament} round {round} board {board}: {what}"
            ));
        };
        let Some(first_user) = first_user else {
            problem("its first player is not an entrant".to_string());
            continue;
        };
        if second.is_some() && second_user.is_none() {
            problem("its second player is not an entrant".to_string());
            continue;
        }
        let Some(game) = game else { continue };
        if board == 0 || second_user.is_none() {
            problem(format!("a bye has a game (#{game})"));
            continue;
        }
        let (Some(black), Some(white)) = (black, white) else {
            problem(format!("its game #{game} is missing"));
            continue;
        };
        let mut paired = [first_user.clone(), second_user.clone().unwrap_or_default()];
        let mut played = [black, white];
        paired.sort();
        played.sort();
        if paired != played {
            problem(format!(
                "its game #{game} is between {} and {}, not the paired players {} and {}",
                played[0], played[1], paired[0], paired[1]
            ));
            continue;
        }
        let named = match result.as_deref() {
            Some("first") => Some(Some(first_user.clone())),
            Some("second") => Some(second_user.clone()),
            Some("draw") => Some(None),
            _ => None,
        };
        if let (Some(named), Some(winner)) = (named, winner.as_ref()) {
            if named.as_ref() != Some(winner) {
                problem(format!(
                    "its result is {}, but game #{game} was won by {winner}",
                    result.as_deref().unwrap_or("none")
                ));
            }
        }
    }
    Ok(())
}
