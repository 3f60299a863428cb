//! Command-line subcommands.

pub mod ai;
pub mod discord;
pub mod play;
pub mod render;
pub mod rules;

/// `akron` with no command: the Discord bot when `DISCORD_TOKEN` is set, else the console
/// game, each with its defaults (the database `$AKRON_DB`, else `akron.db`).
///
/// # Errors
///
/// Whatever the bot or the console returns.
pub fn bot_or_console() -> anyhow::Result<()> {
    if std::env::var("DISCORD_TOKEN").is_ok_and(|token| !token.trim().is_empty()) {
        discord::discord(&discord::DiscordArgs::default())
    } else {
        eprintln!(
            "DISCORD_TOKEN is not set, so this is the console game (`akron play`). \
             Set it to run the Discord bot; `akron --help` lists every command."
        );
        play::play(&play::PlayArgs::default())
    }
}
