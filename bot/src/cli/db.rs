//! `akron db`: work on a whole database.

use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use std::ffi::OsString;

/// `akron db COMMAND`.
#[derive(Args, Debug)]
pub struct DbArgs {
    #[command(subcommand)]
    command: DbCommand,
}

#[derive(Subcommand, Debug)]
enum DbCommand {
    /// Copies a whole database (games, moves, notices, ratings, tournaments, puzzles,
    /// settings, Matrix state) into a new, empty one, SQLite to PostgreSQL or back, reading the
    /// source only; counts every table on both sides and replays every game in the copy
    /// before it commits, so an interrupted or failed copy leaves the target empty.
    Copy(CopyArgs),
    /// Writes a consistent copy of the SQLite database to a new file while the bots keep
    /// running (restore: stop the bots, put the file in the database's place). On
    /// PostgreSQL, use `pg_dump` or `akron db copy`.
    Backup(BackupArgs),
    /// Checks a database, reading only: SQLite's integrity and foreign keys, every game
    /// replays to its stored positions, every tournament's rounds agree with its games.
    /// Exits with 2 when it finds a problem.
    Check(CheckArgs),
}

/// `akron db backup --to FILE`.
#[derive(Args, Debug)]
struct BackupArgs {
    /// The database to back up (default: `$AKRON_DB`, else `akron.db`).
    #[arg(long)]
    db: Option<std::path::PathBuf>,
    /// The new file to write (never overwritten).
    #[arg(long)]
    to: std::path::PathBuf,
}

/// `akron db check`.
#[derive(Args, Debug)]
struct CheckArgs {
    /// The database to check: a SQLite file or `postgres://...` (default: `$AKRON_DB`, else
    /// `akron.db`).
    #[arg(long)]
    db: Option<std::path::PathBuf>,
}

/// `akron db copy --from A --to B`.
#[derive(Args, Debug)]
struct CopyArgs {
    /// The database to copy: a SQLite file or `postgres://user@host/dbname`.
    #[arg(long)]
    from: OsString,
    /// The empty database to fill: a SQLite file (made if missing) or `postgres://...`.
    #[arg(long)]
    to: OsString,
    /// Copy the source even when it holds nothing at all (else refused: an empty source is
    /// most likely the wrong one).
    #[arg(long)]
    allow_empty: bool,
}

/// Runs `akron db`.
///
/// # Errors
///
/// When a database cannot be opened, the target is not empty, or the check fails.
pub fn db(args: &DbArgs) -> Result<()> {
    match &args.command {
        DbCommand::Copy(copy) => {
            let mut from = akron_service::service::Config::default();
            from.set_database(&copy.from);
            let mut to = akron_service::service::Config::default();
            to.set_database(&copy.to);
            let copied = akron_service::service::copy_command::copy_database(
                &from,
                &to,
                akron_service::service::copy_command::CopyOptions {
                    allow_empty: copy.allow_empty,
                },
            )
            .with_context(|| format!("cannot copy {} to {}", from.database(), to.database()))?;
            for (table, rows) in &copied.tables {
                super::print_line(format_args!("{table}: {}", counted(*rows, "row", "rows")))?;
            }
            super::print_line(format_args!(
                "copied {} to {}: every table counted on both sides, {} replayed",
                from.database(),
                to.database(),
                counted(copied.games_replayed, "game", "games")
            ))
        }
        DbCommand::Backup(backup) => {
            let config = super::service_config(backup.db.as_deref());
            let games = akron_service::service::check::backup_database(&config, &backup.to)
                .with_context(|| format!("cannot back up {}", config.database()))?;
            super::print_line(format_args!(
                "backed up {} to {} ({games} games); check it with `akron db check --db {}`",
                config.database(),
                backup.to.display(),
                backup.to.display()
            ))
        }
        DbCommand::Check(check) => {
            let config = super::service_config(check.db.as_deref());
            let report = akron_service::service::check::check_database(&config)
                .with_context(|| format!("cannot check {}", config.database()))?;
            if report.sqlite_checks {
                super::print_line("integrity and foreign keys: checked by SQLite")?;
            }
            super::print_line(format_args!(
                "games: {} replayed against their stored positions",
                report.games
            ))?;
            super::print_line(format_args!(
                "tournaments: {} compared with their games",
                report.tournaments
            ))?;
            for problem in &report.problems {
                super::print_line(format_args!("problem: {problem}"))?;
            }
            match report.problems.len() {
                0 => super::print_line(format_args!("{}: no problem found", config.database())),
                1 => anyhow::bail!("{}: 1 problem found", config.database()),
                n => anyhow::bail!("{}: {n} problems found", config.database()),
            }
        }
    }
}

/// `1 row`, `2 rows`: a count with its noun (this output is the operator's, in English).
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::counted;

    /// Regression (issue 38 point 9): `db copy` printed "games: 1 rows".
    #[test]
    fn db_copy_says_1_row_not_1_rows() {
        assert_eq!(counted(1, "row", "rows"), "1 row");
        assert_eq!(counted(0, "row", "rows"), "0 rows");
        assert_eq!(counted(2, "game", "games"), "2 games");
    }
}
