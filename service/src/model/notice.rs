//! Where a notice of the outbox goes, and its number.

use super::{ChannelId, UserId};
use std::fmt;

/// Where a notice goes: a channel (or thread), or a user directly.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Destination {
    /// A message in a channel or thread.
    Channel(ChannelId),
    /// A direct message to a user.
    User(UserId),
}

impl Destination {
    /// The platform that delivers it: the id's prefix.
    #[must_use]
    pub fn platform(&self) -> &str {
        match self {
            Destination::Channel(c) => c.platform(),
            Destination::User(u) => u.platform(),
        }
    }
}

/// The number of a notice in the outbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NoticeId(pub i64);

impl fmt::Display for NoticeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "notice {}", self.0)
    }
}
