//! How a command fails: a [`ServiceError`] (the service itself failed: the database, a
//! picture) or a [`Refusal`] (the user's mistake, a reply in their language), and
//! [`Failure`], either of them, which handlers return.

use super::{GameId, Reply};
use crate::db::DbError;
use std::fmt;

/// A failure of the service itself, not a user's mistake (those get a refusal [`Reply`]).
#[derive(Debug)]
pub enum ServiceError {
    /// Storage failed.
    Db(DbError),
    /// A background worker thread died (a panic): nothing it was doing was committed.
    Stopped(String),
    /// A stored game does not replay to its stored positions.
    Corrupt {
        /// The game.
        game: GameId,
        /// What does not match.
        detail: String,
    },
}

impl fmt::Display for ServiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServiceError::Db(e) => e.fmt(f),
            ServiceError::Stopped(why) => write!(f, "a worker thread stopped: {why}"),
            ServiceError::Corrupt { game, detail } => {
                write!(f, "game {game} is damaged in storage: {detail}")
            }
        }
    }
}

impl std::error::Error for ServiceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            // Transparent: the message is the storage error's own, so its chain is too.
            ServiceError::Db(e) => e.source(),
            ServiceError::Corrupt { .. } | ServiceError::Stopped(_) => None,
        }
    }
}

impl From<DbError> for ServiceError {
    fn from(e: DbError) -> Self {
        ServiceError::Db(e)
    }
}

/// A user's mistake: the reply that explains what was wrong and what would be right.
/// Nothing changed. Handlers return it as an error, so they read as one `?` chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub Reply);

impl Refusal {
    /// A refusal with this text, seen only by the caller.
    #[must_use]
    pub fn new(text: impl Into<String>) -> Refusal {
        Refusal(Reply::refusal(text))
    }
}

/// Why a handler stopped: the user's mistake, or the system's.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The user's mistake; nothing changed. Boxed: a reply is large, and the happy path
    /// should not carry its size.
    Refused(Box<Refusal>),
    /// The service failed; nothing changed.
    Broken(ServiceError),
}

impl From<Refusal> for Failure {
    fn from(refusal: Refusal) -> Self {
        Failure::Refused(Box::new(refusal))
    }
}

impl From<ServiceError> for Failure {
    fn from(error: ServiceError) -> Self {
        Failure::Broken(error)
    }
}

impl From<DbError> for Failure {
    fn from(error: DbError) -> Self {
        Failure::Broken(ServiceError::Db(error))
    }
}

/// Stops a handler with a refusal.
pub(crate) fn refuse<T>(text: impl Into<String>) -> Result<T, Failure> {
    Err(Refusal::new(text).into())
}
