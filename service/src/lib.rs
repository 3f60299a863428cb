//! The Akron game service: everything a front end needs, in plain Rust types.
//!
//! Discord, Matrix, the console and tests all drive [`service::Service`] the same way: a
//! [`service::Request`] in, a [`service::Reply`] out. Nothing here knows a chat platform.

pub mod ai_player;
pub mod catalogue;
pub mod db;
pub mod delivery;
pub mod images;
pub mod metrics;
pub mod model;
pub mod ratings;
pub mod record;
pub mod scheduler;
pub mod service;
#[cfg(feature = "testing")]
pub mod testing;
pub mod tournament;
