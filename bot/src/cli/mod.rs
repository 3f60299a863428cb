//! Command-line subcommands.

pub mod play;
pub mod rules;
