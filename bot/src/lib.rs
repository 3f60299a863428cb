//! The Akron bot's library: the front ends (Discord, Matrix, the console, the web companion)
//! and the command line, on top of the platform-neutral game service in `akron-service`.

pub use akron_service::{ai_player, db, images, model, ratings, record, service, tournament};

pub mod admin;
pub mod console;
pub mod discord;
pub mod matrix;
pub mod metrics;
pub mod stop;
pub mod web;
