//! Command-line subcommands that run without the game service.

pub mod render;
pub mod rules;
