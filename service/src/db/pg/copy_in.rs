//! Many rows into one table in one statement: PostgreSQL's `COPY … FROM STDIN` in its binary
//! format, for `akron db copy` into PostgreSQL. An `INSERT` a row cost a round trip a row
//! (200,000 moves took 36 s against 1.5 s the other way, issue 45); `COPY` streams them.

use super::Conn;
use crate::db::{DbError, Value};
use postgres::binary_copy::BinaryCopyInWriter;
use postgres::types::{ToSql, Type};

/// Writes `rows` (each one value per column of `columns`, in order) into `table` with one
/// `COPY`; returns how many rows it wrote. Each value is sent as its column's type, as a
/// statement's parameter is ([`Value`]'s `ToSql`).
pub(in crate::db) fn copy_in<'v>(
    conn: &Conn,
    table: &str,
    columns: &[String],
    rows: impl IntoIterator<Item = Vec<Value<'v>>>,
) -> Result<usize, DbError> {
    let list = columns.join(", ");
    let mut client = conn.client.borrow_mut();
    // The columns' types, as the server has them: the binary format carries no types, so
    // each value must be encoded as its column's.
    let types: Vec<Type> = client
        .prepare(&format!("SELECT {list} FROM {table} LIMIT 0"))?
        .columns()
        .iter()
        .map(|column| column.type_().clone())
        .collect();
    let sink = client.copy_in(&format!("COPY {table} ({list}) FROM STDIN (FORMAT binary)"))?;
    let mut writer = BinaryCopyInWriter::new(sink, &types);
    for row in rows {
        let values: Vec<&(dyn ToSql + Sync)> =
            row.iter().map(|v| v as &(dyn ToSql + Sync)).collect();
        writer.write(&values)?;
    }
    let written = writer.finish()?;
    Ok(usize::try_from(written).unwrap_or(usize::MAX))
}
