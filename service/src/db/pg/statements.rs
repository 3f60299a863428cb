//! Running statements: SQLite's parameter style translated to PostgreSQL's, statements
//! prepared once per connection, and values to and from PostgreSQL's types.

use super::Conn;
use crate::db::{DbError, Row, RowRef, Value, ValueRef};
use bytes::BytesMut;
use postgres::types::{FromSql, IsNull, ToSql, Type};
use postgres::Statement;
use std::error::Error as StdError;

/// SQLite's parameters (`?1`) as PostgreSQL's (`$1`), outside quoted text and comments.
pub(in crate::db) fn translate(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                out.push(c);
                for inner in chars.by_ref() {
                    out.push(inner);
                    if inner == c {
                        break;
                    }
                }
            }
            '-' if chars.peek() == Some(&'-') => {
                out.push(c);
                for inner in chars.by_ref() {
                    out.push(inner);
                    if inner == '\n' {
                        break;
                    }
                }
            }
            '?' if chars.peek().is_some_and(char::is_ascii_digit) => out.push('$'),
            _ => out.push(c),
        }
    }
    out
}

/// The statement for `sql`, prepared on this connection the first time it is used.
fn statement(conn: &Conn, sql: &str) -> Result<Statement, DbError> {
    if let Some(found) = conn.statements.borrow().get(sql) {
        return Ok(found.clone());
    }
    let prepared = conn.client.borrow_mut().prepare(&translate(sql))?;
    conn.statements
        .borrow_mut()
        .insert(sql.to_string(), prepared.clone());
    Ok(prepared)
}

fn parameters<'a>(params: &'a [Value<'a>]) -> Vec<&'a (dyn ToSql + Sync)> {
    params.iter().map(|p| p as &(dyn ToSql + Sync)).collect()
}

pub(in crate::db) fn execute(
    conn: &Conn,
    sql: &str,
    params: &[Value<'_>],
) -> Result<usize, DbError> {
    let statement = statement(conn, sql)?;
    let changed = conn
        .client
        .borrow_mut()
        .execute(&statement, &parameters(params))?;
    Ok(usize::try_from(changed).unwrap_or(usize::MAX))
}

pub(in crate::db) fn batch(conn: &Conn, sql: &str) -> Result<(), DbError> {
    Ok(conn.client.borrow_mut().batch_execute(sql)?)
}

pub(in crate::db) fn query<T>(
    conn: &Conn,
    sql: &str,
    params: &[Value<'_>],
    mut read: impl FnMut(&Row<'_>) -> Result<T, DbError>,
) -> Result<Vec<T>, DbError> {
    let statement = statement(conn, sql)?;
    let rows = conn
        .client
        .borrow_mut()
        .query(&statement, &parameters(params))?;
    rows.iter()
        .map(|row| {
            read(&Row {
                inner: RowRef::Postgres(row),
            })
        })
        .collect()
}

pub(in crate::db) fn query_opt<T>(
    conn: &Conn,
    sql: &str,
    params: &[Value<'_>],
    read: impl FnOnce(&Row<'_>) -> Result<T, DbError>,
) -> Result<Option<T>, DbError> {
    let statement = statement(conn, sql)?;
    let rows = conn
        .client
        .borrow_mut()
        .query(&statement, &parameters(params))?;
    match rows.first() {
        Some(row) => read(&Row {
            inner: RowRef::Postgres(row),
        })
        .map(Some),
        None => Ok(None),
    }
}

/// A column's value as the seam's [`ValueRef`], whatever PostgreSQL type it came as.
struct Column<'a>(ValueRef<'a>);

impl<'a> FromSql<'a> for Column<'a> {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, Box<dyn StdError + Sync + Send>> {
        Ok(Column(match *ty {
            Type::INT8 => ValueRef::Int(i64::from_sql(ty, raw)?),
            Type::INT4 => ValueRef::Int(i64::from(i32::from_sql(ty, raw)?)),
            Type::INT2 => ValueRef::Int(i64::from(i16::from_sql(ty, raw)?)),
            Type::BOOL => ValueRef::Int(i64::from(bool::from_sql(ty, raw)?)),
            Type::FLOAT8 => ValueRef::Real(f64::from_sql(ty, raw)?),
            Type::FLOAT4 => ValueRef::Real(f64::from(f32::from_sql(ty, raw)?)),
            Type::BYTEA => ValueRef::Blob(<&[u8]>::from_sql(ty, raw)?),
            Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::UNKNOWN => {
                ValueRef::Text(<&str>::from_sql(ty, raw)?)
            }
            _ => return Err(format!("the type {ty} is not one the bot stores").into()),
        }))
    }

    fn from_sql_null(_: &Type) -> Result<Self, Box<dyn StdError + Sync + Send>> {
        Ok(Column(ValueRef::Null))
    }

    fn accepts(_: &Type) -> bool {
        true
    }
}

pub(in crate::db) fn with_value<T>(
    row: &postgres::Row,
    index: usize,
    read: impl FnOnce(ValueRef<'_>) -> T,
) -> Result<T, DbError> {
    let column: Column<'_> = row
        .try_get(index)
        .map_err(|e| DbError::Corrupt(format!("column {index}: {e}")))?;
    Ok(read(column.0))
}

/// A parameter is sent as the type PostgreSQL inferred for its place: an integer as `bigint`,
/// `integer`, `smallint`, `boolean` or `double precision`; text as text; bytes as `bytea`.
impl ToSql for Value<'_> {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> Result<IsNull, Box<dyn StdError + Sync + Send>> {
        match (*self, ty) {
            (Value::Null, _) => Ok(IsNull::Yes),
            (Value::Int(n), &Type::INT8) => n.to_sql(ty, out),
            (Value::Int(n), &Type::INT4) => i32::try_from(n)?.to_sql(ty, out),
            (Value::Int(n), &Type::INT2) => i16::try_from(n)?.to_sql(ty, out),
            (Value::Int(n), &Type::BOOL) => (n != 0).to_sql(ty, out),
            #[allow(clippy::cast_precision_loss)]
            (Value::Int(n), &Type::FLOAT8) => (n as f64).to_sql(ty, out),
            (Value::Int(n), &Type::TEXT | &Type::VARCHAR) => n.to_string().as_str().to_sql(ty, out),
            (Value::Real(x), &Type::FLOAT8) => x.to_sql(ty, out),
            #[allow(clippy::cast_possible_truncation)]
            (Value::Real(x), &Type::FLOAT4) => (x as f32).to_sql(ty, out),
            (Value::Text(text), &Type::TEXT | &Type::VARCHAR | &Type::BPCHAR | &Type::NAME) => {
                text.to_sql(ty, out)
            }
            (Value::Text(text), &Type::BYTEA) => text.as_bytes().to_sql(ty, out),
            (Value::Blob(bytes), &Type::BYTEA) => bytes.to_sql(ty, out),
            (value, ty) => Err(format!("{value:?} cannot be sent as {ty}").into()),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    postgres::types::to_sql_checked!();
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::db::pg::tests::scratch;
    use crate::db::Db;
    use std::time::Duration;

    #[test]
    fn parameters_are_translated_outside_quotes_and_comments() {
        assert_eq!(
            translate("SELECT a FROM t WHERE b = ?1 AND c = '?2' -- ?3\n AND d = ?12"),
            "SELECT a FROM t WHERE b = $1 AND c = '?2' -- ?3\n AND d = $12"
        );
        assert_eq!(translate("SELECT \"?1\", ?2"), "SELECT \"?1\", $2");
    }

    /// Values of every kind come back as they went in.
    #[test]
    fn values_round_trip() {
        let Some(scratch) = scratch() else { return };
        let db = Db::open_postgres(scratch.url(), Duration::from_secs(5)).unwrap();
        let got: (i64, f64, String, Option<i64>, bool) = db
            .read(|tx| {
                tx.query_one(
                    "SELECT CAST(?1 AS BIGINT), CAST(?2 AS DOUBLE PRECISION), CAST(?3 AS TEXT), \
                     CAST(?4 AS BIGINT), 1 = 1",
                    crate::params![-5_i64, 2.5_f64, "é'?1", Option::<i64>::None],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
                )
            })
            .unwrap();
        assert_eq!(got, (-5, 2.5, "é'?1".to_string(), None, true));
    }
}
