//! Command-line subcommands.

pub mod play;
pub mod render;
pub mod rules;
