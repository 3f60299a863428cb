//! Playing: moves, the swap, the board, a hint against the AI, and ending a game.

use super::{run, Context};
use crate::discord::{autocomplete, DiscordError};
use crate::service::{Command, Offer};

/// What to do with an offer.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum OfferChoice {
    /// Make the offer.
    #[name = "offer"]
    Offer,
    /// Accept your opponent's offer.
    #[name = "accept"]
    Accept,
    /// Decline your opponent's offer, or withdraw yours.
    #[name = "decline"]
    Decline,
}

fn offer(choice: Option<OfferChoice>) -> Offer {
    match choice {
        None | Some(OfferChoice::Offer) => Offer::Offer,
        Some(OfferChoice::Accept) => Offer::Accept,
        Some(OfferChoice::Decline) => Offer::Decline,
    }
}

/// Play a move: a placement like F6 or a step like A2-D3'.
#[poise::command(slash_command, guild_only, rename = "move")]
pub async fn play_move(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::moves"] notation: String,
) -> Result<(), DiscordError> {
    run(ctx, Command::Move(notation)).await
}

/// In a game against the AI: the engine's suggested move, shown only to you.
#[poise::command(slash_command, guild_only)]
pub async fn hint(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Hint).await
}

/// Swap: as White, take over Black's opening placement.
#[poise::command(slash_command, guild_only)]
pub async fn swap(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Swap).await
}

/// Show the current board again.
#[poise::command(slash_command, guild_only)]
pub async fn board(ctx: Context<'_>, view: Option<BoardView>) -> Result<(), DiscordError> {
    run(
        ctx,
        match view {
            Some(BoardView::Text) => Command::BoardText,
            Some(BoardView::Perspective) => Command::Board(Some(crate::service::View::Perspective)),
            Some(BoardView::Plan) => Command::Board(Some(crate::service::View::Plan)),
            None => Command::Board(None),
        },
    )
    .await
}

/// How `board` shows the position.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BoardView {
    /// In perspective, with a small map of each level.
    #[name = "perspective"]
    Perspective,
    /// From straight above, the level written on each marble.
    #[name = "plan"]
    Plan,
    /// In words, level by level, for a screen reader.
    #[name = "text"]
    Text,
}

/// Show where one piece can go, or list every legal move.
#[poise::command(slash_command, guild_only)]
pub async fn moves(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::pieces"] point: Option<String>,
) -> Result<(), DiscordError> {
    run(ctx, Command::Moves(point)).await
}

/// Resign the game in this channel.
#[poise::command(slash_command, guild_only)]
pub async fn resign(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Resign).await
}

/// Offer a draw, or accept or decline your opponent's offer.
#[poise::command(slash_command, guild_only)]
pub async fn draw(ctx: Context<'_>, action: Option<OfferChoice>) -> Result<(), DiscordError> {
    run(ctx, Command::Draw(offer(action))).await
}

/// Call the game off: before both sides have moved, or any time as a moderator.
#[poise::command(slash_command, guild_only)]
pub async fn abort(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Abort).await
}

/// Ask to take back your last move, or accept or decline your opponent's request.
#[poise::command(slash_command, guild_only)]
pub async fn takeback(ctx: Context<'_>, action: Option<OfferChoice>) -> Result<(), DiscordError> {
    run(ctx, Command::Takeback(offer(action))).await
}

/// Win on time when your opponent's clock has run out.
#[poise::command(slash_command, guild_only)]
pub async fn claim(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Claim).await
}

/// Queue answers to your opponent's next move, like `B4 C5, D2-E3' F6` (or `clear`).
#[poise::command(slash_command, guild_only)]
pub async fn premove(
    ctx: Context<'_>,
    #[max_length = 400] moves: Option<String>,
) -> Result<(), DiscordError> {
    run(ctx, Command::Premove(moves.unwrap_or_default())).await
}
