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
    /// settings, Matrix state) into a new, empty one, SQLite to PostgreSQL or back; then
    /// counts every table on both sides and replays every game in the copy.
    Copy(CopyArgs),
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
            let copied = akron_service::service::copy::copy_database(&from, &to)
                .with_context(|| format!("cannot copy {} to {}", from.database(), to.database()))?;
            for (table, rows) in &copied.tables {
                super::print_line(format_args!("{table}: {rows} rows"))?;
            }
            super::print_line(format_args!(
                "copied {} to {}: every table counted on both sides, {} games replayed",
                from.database(),
                to.database(),
                copied.games_replayed
            ))
        }
    }
}
