//! The storage half of `akron db copy`: every table's rows copied to another database, of
//! either backend (SQLite to PostgreSQL to move a community onto a shared server, and back
//! for a backup). The command that refuses, copies and checks is
//! `service/copy_command.rs`.

use super::{Db, DbError, FromValue, ToValue, Tx, Value, ValueRef};

/// Every table of the bot's own, parents before the rows that refer to them. The claims and
/// leases of running processes (`claims`, `leases`) are not copied: they belong to the
/// processes of the source.
pub const TABLES: &[&str] = &[
    "games",
    "moves",
    "outbox",
    "user_settings",
    "server_settings",
    "premoves",
    "vacations",
    "matrix_reactions",
    "matrix_dm_rooms",
    "matrix_handled",
    "ai_games",
    "puzzles",
    "puzzle_solvers",
    "daily_puzzles",
    "ratings",
    "rating_history",
    "tournaments",
    "tournament_entrants",
    "tournament_pairings",
    "console_clock",
    "platform_commands",
    "analyses",
    "mine_puzzles",
    "follows",
];

/// Tables whose `id` is made by the database: after a copy into PostgreSQL, its counter must
/// start past the copied ids.
const COUNTED_IDS: &[&str] = &["games", "outbox", "puzzles", "tournaments", "mine_puzzles"];

/// PostgreSQL's trigger that sets a game's `current_code` after each move stored
/// (`migrations/postgres/0010_current_code.sql`).
const MOVE_TRIGGER: &str = "games_current_code_after_move";

/// A stored value, owned: what a copy carries from one database to the other.
enum Stored {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Blob(Vec<u8>),
}

impl FromValue for Stored {
    fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
        Ok(match value {
            ValueRef::Null => Stored::Null,
            ValueRef::Int(n) => Stored::Int(n),
            ValueRef::Real(x) => Stored::Real(x),
            ValueRef::Text(text) => Stored::Text(text.to_owned()),
            ValueRef::Blob(bytes) => Stored::Blob(bytes.to_vec()),
        })
    }
}

impl ToValue for Stored {
    fn to_value(&self) -> Value<'_> {
        match self {
            Stored::Null => Value::Null,
            Stored::Int(n) => Value::Int(*n),
            Stored::Real(x) => Value::Real(*x),
            Stored::Text(text) => Value::Text(text),
            Stored::Blob(bytes) => Value::Blob(bytes),
        }
    }
}

/// The columns of `table`, in order.
fn columns(conn: &Tx<'_>, table: &str) -> Result<Vec<String>, DbError> {
    let sql = if conn.is_postgres() {
        "SELECT column_name::text FROM information_schema.columns \
         WHERE table_schema = current_schema() AND table_name = ?1 ORDER BY ordinal_position"
    } else {
        "SELECT name FROM pragma_table_info(?1) ORDER BY cid"
    };
    conn.query(sql, crate::params![table], |r| r.get(0))
}

/// How many rows `table` holds.
///
/// # Errors
///
/// A database failure.
pub fn count_rows(conn: &Tx<'_>, table: &str) -> Result<usize, DbError> {
    conn.query_one(&format!("SELECT COUNT(*) FROM {table}"), &[], |r| r.get(0))
}

/// The first of the bot's tables that holds rows, with how many.
///
/// # Errors
///
/// A database failure.
pub fn first_non_empty(db: &Db) -> Result<Option<(&'static str, usize)>, DbError> {
    db.read(|c| {
        for table in TABLES {
            let rows = count_rows(c, table)?;
            if rows > 0 {
                return Ok(Some((*table, rows)));
            }
        }
        Ok(None)
    })
}

/// Copies every row of every table in [`TABLES`] from `from` into the transaction `to`
/// (committed, or not, by the caller once it has checked them), and returns each table's row
/// count as copied. The caller checks that the target is empty first ([`first_non_empty`]).
///
/// # Errors
///
/// A database failure on either side.
pub fn copy_tables(from: &Db, target: &Tx<'_>) -> Result<Vec<(&'static str, usize)>, DbError> {
    let mut copied = Vec::with_capacity(TABLES.len());
    if target.is_postgres() {
        // The trigger that keeps `games.current_code` runs an update of the game for each
        // move: 200,000 of them made the one `COPY` of the moves pass the statement timeout.
        // Off for this transaction only (undone with it if the copy fails), and the codes
        // set below in one statement, as the trigger would have left them.
        target.batch(&format!("ALTER TABLE moves DISABLE TRIGGER {MOVE_TRIGGER}"))?;
    }
    for table in TABLES {
        let (names, rows) = from.read(|source| {
            let names = columns(source, table)?;
            let list = names.join(", ");
            let rows = source.query(&format!("SELECT {list} FROM {table}"), &[], |r| {
                (0..names.len())
                    .map(|index| r.get::<Stored>(index))
                    .collect::<Result<Vec<_>, _>>()
            })?;
            Ok::<_, DbError>((names, rows))
        })?;
        let written = target.insert_rows(
            table,
            &names,
            rows.iter()
                .map(|row| row.iter().map(ToValue::to_value).collect()),
        )?;
        if written != rows.len() {
            return Err(DbError::Corrupt(format!(
                "{table}: {} rows read, {written} written",
                rows.len()
            )));
        }
        copied.push((*table, rows.len()));
    }
    if target.is_postgres() {
        target.batch(
            "UPDATE games SET current_code = last.code \
             FROM (SELECT DISTINCT ON (game_id) game_id, code FROM moves \
                   ORDER BY game_id, ply DESC) AS last \
             WHERE games.id = last.game_id",
        )?;
        target.batch(&format!("ALTER TABLE moves ENABLE TRIGGER {MOVE_TRIGGER}"))?;
        for table in COUNTED_IDS {
            target.query_one(
                &format!(
                    "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                     COALESCE(MAX(id), 0) + 1, false) FROM {table}"
                ),
                &[],
                |r| r.get::<i64>(0),
            )?;
        }
    }
    Ok(copied)
}
