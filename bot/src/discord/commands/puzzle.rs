//! `/akron-puzzle`: puzzles proven by the solver: post one, solve it privately, see the
//! answer, one a day.

use super::challenge::RuleChoice;
use super::{run, Context};
use crate::discord::DiscordError;
use crate::service::{Command, MineAction, PuzzleCommand, PuzzleId};

/// Puzzles proven by the solver: post one, solve it privately, see the answer, one a day.
#[poise::command(
    slash_command,
    rename = "akron-puzzle",
    guild_only,
    install_context = "Guild",
    interaction_context = "Guild",
    subcommand_required,
    subcommands("create", "solve", "answer", "reveal", "daily", "mine")
)]
pub async fn puzzle(_ctx: Context<'_>) -> Result<(), DiscordError> {
    Ok(())
}

/// Post a position where the side to move wins by force in at most 3 moves.
#[poise::command(slash_command, guild_only)]
pub async fn create(
    ctx: Context<'_>,
    #[max_length = 600] code: String,
    rule: Option<RuleChoice>,
    #[max_length = 80] title: Option<String>,
    several: Option<bool>,
) -> Result<(), DiscordError> {
    let command = PuzzleCommand::Create {
        code,
        rule: rule.map(RuleChoice::rule),
        title: title.unwrap_or_default(),
        several: several.unwrap_or(false),
    };
    run(ctx, Command::Puzzle(command)).await
}

/// Check your answer to a puzzle, privately.
#[poise::command(slash_command, guild_only)]
pub async fn solve(
    ctx: Context<'_>,
    #[min = 1] puzzle: i64,
    #[max_length = 200] moves: String,
) -> Result<(), DiscordError> {
    let moves = moves.split_whitespace().map(str::to_string).collect();
    run(
        ctx,
        Command::Puzzle(PuzzleCommand::Solve(PuzzleId(puzzle), moves)),
    )
    .await
}

/// Show a puzzle's answer (a day after posting, or once its poster revealed it).
#[poise::command(slash_command, guild_only)]
pub async fn answer(ctx: Context<'_>, #[min = 1] puzzle: i64) -> Result<(), DiscordError> {
    run(
        ctx,
        Command::Puzzle(PuzzleCommand::Answer(PuzzleId(puzzle))),
    )
    .await
}

/// Let everyone see the answer to your puzzle now.
#[poise::command(slash_command, guild_only)]
pub async fn reveal(ctx: Context<'_>, #[min = 1] puzzle: i64) -> Result<(), DiscordError> {
    run(
        ctx,
        Command::Puzzle(PuzzleCommand::Reveal(PuzzleId(puzzle))),
    )
    .await
}

/// Moderators: a puzzle a day in this channel, from the bot's bank.
#[poise::command(slash_command, guild_only)]
pub async fn daily(ctx: Context<'_>, on: bool) -> Result<(), DiscordError> {
    run(ctx, Command::Puzzle(PuzzleCommand::Daily(on))).await
}

/// Your own puzzles, made from your blunders in analysed games; only you see them.
#[poise::command(slash_command, guild_only, ephemeral)]
pub async fn mine(
    ctx: Context<'_>,
    #[min = 1] puzzle: Option<i64>,
    #[max_length = 200] moves: Option<String>,
) -> Result<(), DiscordError> {
    let moves: Vec<String> = moves
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let action = match puzzle {
        None => MineAction::Next,
        Some(id) if moves.is_empty() => MineAction::Show(id),
        Some(id) => MineAction::Solve(id, moves),
    };
    run(ctx, Command::Puzzle(PuzzleCommand::Mine(action))).await
}
