//! PostgreSQL's errors as the storage seam's: busy, conflict (a transaction that could not
//! serialize) and the rest.

use crate::db::DbError;
use postgres::error::SqlState;
use std::error::Error as StdError;

impl From<postgres::Error> for DbError {
    fn from(e: postgres::Error) -> Self {
        match e.code() {
            Some(code)
                if *code == SqlState::T_R_SERIALIZATION_FAILURE
                    || *code == SqlState::T_R_DEADLOCK_DETECTED =>
            {
                DbError::Conflict
            }
            _ => DbError::Postgres(e),
        }
    }
}

/// Whether the failure means the database cannot be reached or is too busy right now (the
/// command may pass in a moment): a closed connection, a server shutting down or starting,
/// too many connections, a lock or a statement that timed out.
pub(in crate::db) fn is_busy(e: &postgres::Error) -> bool {
    if e.is_closed() {
        return true;
    }
    if let Some(code) = e.code() {
        let class = code.code().get(..2);
        return class == Some("08")
            || [
                SqlState::ADMIN_SHUTDOWN,
                SqlState::CRASH_SHUTDOWN,
                SqlState::CANNOT_CONNECT_NOW,
                SqlState::TOO_MANY_CONNECTIONS,
                SqlState::LOCK_NOT_AVAILABLE,
                SqlState::QUERY_CANCELED,
            ]
            .contains(code);
    }
    let mut source = e.source();
    while let Some(inner) = source {
        if inner.is::<std::io::Error>() {
            return true;
        }
        source = inner.source();
    }
    false
}

pub(in crate::db) fn is_unique_violation(e: &postgres::Error) -> bool {
    e.code() == Some(&SqlState::UNIQUE_VIOLATION)
}
