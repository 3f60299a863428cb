//! Command-line subcommands.

pub mod discord;
pub mod play;
pub mod render;
pub mod rules;
