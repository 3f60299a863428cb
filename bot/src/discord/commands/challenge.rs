//! Challenges: propose a game, accept, decline or cancel it.

use super::{run, Context};
use crate::discord::{user_of, DiscordError};
use crate::service::text::parse_time;
use crate::service::{Challenge, ColourChoice, Command, User};
use akron_ai::Level;
use akron_rules::WinRule;
use akron_service::model::escape_markdown;
use akron_service::phrase;
use poise::serenity_prelude as serenity;

/// When a connection wins.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RuleChoice {
    /// A connection wins only if it survives the opponent's reply (the official rule).
    #[name = "delayed"]
    Delayed,
    /// A connection wins at once.
    #[name = "immediate"]
    Immediate,
}

impl RuleChoice {
    /// The rules' win rule.
    pub fn rule(self) -> WinRule {
        match self {
            RuleChoice::Delayed => WinRule::Delayed,
            RuleChoice::Immediate => WinRule::Immediate,
        }
    }
}

/// The challenger's colour.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ColourOption {
    /// Black moves first.
    #[name = "black"]
    Black,
    /// White may swap.
    #[name = "white"]
    White,
    /// A coin toss.
    #[name = "random"]
    Random,
}

/// Challenge someone to a game of Akron in this channel.
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)] // one argument per slash-command option
pub async fn challenge(
    ctx: Context<'_>,
    opponent: serenity::User,
    #[min = 3]
    #[max = 16]
    size: Option<u8>,
    #[min = 3]
    #[max = 1000]
    pieces: Option<u16>,
    rule: Option<RuleChoice>,
    colour: Option<ColourOption>,
    #[max_length = 16] time: Option<String>,
    thread: Option<bool>,
    #[min = 1]
    #[max = 8]
    level: Option<u8>,
    rated: Option<bool>,
) -> Result<(), DiscordError> {
    let me = ctx.framework().bot_id();
    let opponent_user = if opponent.id == me {
        let level = level
            .and_then(Level::new)
            .or_else(|| Level::new(crate::service::ai::DEFAULT_LEVEL))
            .unwrap_or(Level::MIN);
        User::ai(level)
    } else if level.is_some() {
        return super::refuse(ctx, &phrase!("discord-level-needs-me")).await;
    } else if opponent.bot {
        let name = escape_markdown(&opponent.name);
        return super::refuse(ctx, &phrase!("discord-opponent-is-bot", name = name)).await;
    } else {
        user_of(&opponent)
    };
    let challenge = Challenge {
        opponent: opponent_user,
        size,
        pieces,
        rule: rule.map(RuleChoice::rule),
        colour: colour.map(|colour| match colour {
            ColourOption::Black => ColourChoice::Black,
            ColourOption::White => ColourChoice::White,
            ColourOption::Random => ColourChoice::Random,
        }),
        time: match time.as_deref().map(parse_time) {
            None => None,
            Some(Ok(time)) => Some(time),
            Some(Err(why)) => return super::refuse(ctx, &why).await,
        },
        thread,
        rated,
    };
    run(ctx, Command::Challenge(challenge)).await
}

/// Accept the challenge addressed to you in this channel.
#[poise::command(slash_command, guild_only)]
pub async fn accept(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Accept).await
}

/// Decline the challenge addressed to you in this channel.
#[poise::command(slash_command, guild_only)]
pub async fn decline(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Decline).await
}

/// Withdraw your open challenge in this channel.
#[poise::command(slash_command, guild_only)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Cancel).await
}
