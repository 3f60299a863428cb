//! The bot's integration tests, in one binary: each file below was its own test binary, and
//! every one of them linked all of serenity, matrix-sdk and the bot, which filled the CI disk.
//! Run one part with `cargo test -p akron-bot --test all discord_e2e` (a module name filters).
//! A new test file goes here as a module, not beside this directory.

#[path = "../fake_discord/mod.rs"]
mod fake_discord;
#[path = "../matrix/mod.rs"]
mod matrix;

mod admin;
mod ai;
mod casual_races;
mod cli_ai;
mod cli_ops;
mod cli_output;
mod cli_readme;
mod cli_rules;
mod console;
mod console_languages;
mod crash;
mod database_down;
mod deploy;
mod discord_ai;
mod discord_cli;
mod discord_e2e;
mod discord_languages;
mod discord_mentions;
mod discord_permissions;
mod discord_roles;
mod doctor;
mod fake_discord_checks;
mod fake_discord_commands;
mod fake_discord_permissions;
mod fake_discord_smoke;
mod knockout_races;
mod matrix_e2e;
mod pictures_languages;
mod scale;
mod stop;
mod tournament_races;
mod transcripts;
mod web;
mod web_a11y;
mod web_browser;
mod web_limits;
