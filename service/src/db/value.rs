//! Values crossing the storage seam: query parameters ([`Value`], made by [`params!`]) and
//! column values read back ([`FromValue`] from a [`Row`]).
//!
//! Written by hand because the seam must hide which database runs underneath: each backend
//! turns these few types into its own (rusqlite's `ToSql`, PostgreSQL's wire types), so that
//! the query functions keep their SQL as SQL and name no client crate.

use super::DbError;

/// A query parameter: one of the five kinds both backends store.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value<'a> {
    /// SQL `NULL`.
    Null,
    /// A 64-bit integer (also flags: 0 or 1).
    Int(i64),
    /// A double.
    Real(f64),
    /// UTF-8 text.
    Text(&'a str),
    /// Bytes.
    Blob(&'a [u8]),
}

/// A stored value as read from a row, borrowed from it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ValueRef<'a> {
    /// SQL `NULL`.
    Null,
    /// An integer.
    Int(i64),
    /// A double.
    Real(f64),
    /// Text.
    Text(&'a str),
    /// Bytes.
    Blob(&'a [u8]),
}

/// A Rust value that can be a query parameter.
pub trait ToValue {
    /// The parameter, borrowing from `self`.
    fn to_value(&self) -> Value<'_>;
}

impl<T: ToValue + ?Sized> ToValue for &T {
    fn to_value(&self) -> Value<'_> {
        (**self).to_value()
    }
}

impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> Value<'_> {
        self.as_ref().map_or(Value::Null, ToValue::to_value)
    }
}

impl ToValue for str {
    fn to_value(&self) -> Value<'_> {
        Value::Text(self)
    }
}

impl ToValue for String {
    fn to_value(&self) -> Value<'_> {
        Value::Text(self)
    }
}

impl ToValue for [u8] {
    fn to_value(&self) -> Value<'_> {
        Value::Blob(self)
    }
}

impl ToValue for Vec<u8> {
    fn to_value(&self) -> Value<'_> {
        Value::Blob(self)
    }
}

impl ToValue for bool {
    fn to_value(&self) -> Value<'_> {
        Value::Int(i64::from(*self))
    }
}

impl ToValue for f64 {
    fn to_value(&self) -> Value<'_> {
        Value::Real(*self)
    }
}

macro_rules! int_to_value {
    ($($t:ty),*) => {$(
        impl ToValue for $t {
            fn to_value(&self) -> Value<'_> {
                Value::Int(i64::from(*self))
            }
        }
    )*};
}
int_to_value!(i64, i32, i16, i8, u32, u16, u8);

impl ToValue for usize {
    fn to_value(&self) -> Value<'_> {
        Value::Int(i64::try_from(*self).unwrap_or(i64::MAX))
    }
}

impl ToValue for u64 {
    fn to_value(&self) -> Value<'_> {
        Value::Int(i64::try_from(*self).unwrap_or(i64::MAX))
    }
}

impl ToValue for Value<'_> {
    fn to_value(&self) -> Value<'_> {
        *self
    }
}

/// The parameters of a query, in order (`?1`, `?2`, …): `params![game.0, name]`.
#[macro_export]
macro_rules! params {
    () => {
        &[] as &[$crate::db::Value<'_>]
    };
    ($($param:expr),+ $(,)?) => {
        &[$($crate::db::ToValue::to_value(&$param)),+] as &[$crate::db::Value<'_>]
    };
}

/// A Rust value that can be read from a column.
pub trait FromValue: Sized {
    /// The value, or why the stored one does not fit.
    ///
    /// # Errors
    ///
    /// A short reason, such as `expected an integer, found text`.
    fn from_value(value: ValueRef<'_>) -> Result<Self, String>;
}

fn kind(value: ValueRef<'_>) -> &'static str {
    match value {
        ValueRef::Null => "NULL",
        ValueRef::Int(_) => "an integer",
        ValueRef::Real(_) => "a number",
        ValueRef::Text(_) => "text",
        ValueRef::Blob(_) => "bytes",
    }
}

fn expected<T>(what: &str, found: ValueRef<'_>) -> Result<T, String> {
    Err(format!("expected {what}, found {}", kind(found)))
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
        match value {
            ValueRef::Null => Ok(None),
            other => T::from_value(other).map(Some),
        }
    }
}

impl FromValue for i64 {
    fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
        match value {
            ValueRef::Int(n) => Ok(n),
            other => expected("an integer", other),
        }
    }
}

macro_rules! int_from_value {
    ($($t:ty),*) => {$(
        impl FromValue for $t {
            fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
                let n = i64::from_value(value)?;
                <$t>::try_from(n).map_err(|_| format!("{n} is out of range for {}", stringify!($t)))
            }
        }
    )*};
}
int_from_value!(i32, i16, u64, u32, u16, u8, usize);

impl FromValue for bool {
    fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
        Ok(i64::from_value(value)? != 0)
    }
}

impl FromValue for f64 {
    fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
        match value {
            ValueRef::Real(x) => Ok(x),
            // Integer-valued numbers may come back as integers.
            #[allow(clippy::cast_precision_loss)]
            ValueRef::Int(n) => Ok(n as f64),
            other => expected("a number", other),
        }
    }
}

impl FromValue for String {
    fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
        match value {
            ValueRef::Text(text) => Ok(text.to_owned()),
            other => expected("text", other),
        }
    }
}

impl FromValue for Vec<u8> {
    fn from_value(value: ValueRef<'_>) -> Result<Self, String> {
        match value {
            ValueRef::Blob(bytes) => Ok(bytes.to_vec()),
            ValueRef::Text(text) => Ok(text.as_bytes().to_vec()),
            other => expected("bytes", other),
        }
    }
}

/// One row of a query's result; read its columns by index (from 0).
pub struct Row<'r> {
    pub(super) inner: super::RowRef<'r>,
}

impl Row<'_> {
    /// Column `index` as a `T`.
    ///
    /// # Errors
    ///
    /// [`DbError::Corrupt`] when the stored value does not fit `T`, or the column does not
    /// exist.
    pub fn get<T: FromValue>(&self, index: usize) -> Result<T, DbError> {
        self.inner.with_value(index, |value| {
            T::from_value(value).map_err(|why| DbError::Corrupt(format!("column {index}: {why}")))
        })?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_out_of_range_are_damage_not_wrapped() {
        assert_eq!(u8::from_value(ValueRef::Int(255)), Ok(255));
        assert!(u8::from_value(ValueRef::Int(256)).is_err());
        assert!(u32::from_value(ValueRef::Int(-1)).is_err());
        assert_eq!(
            String::from_value(ValueRef::Int(3)),
            Err("expected text, found an integer".to_owned())
        );
        assert_eq!(Option::<i64>::from_value(ValueRef::Null), Ok(None));
        assert_eq!(usize::MAX.to_value(), Value::Int(i64::MAX));
    }
}
