//! Challenges: propose a game, accept, decline or cancel it.

use super::{run, Context};
use crate::discord::{user_of, DiscordError};
use crate::service::text::{parse_rating_range, parse_time};
use crate::service::{Challenge, ColourChoice, Command, RatingRange, User};
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

/// Challenge someone to a game of Akron in this channel; without an opponent, anyone here.
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)] // one argument per slash-command option
pub async fn challenge(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
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
    // One text option, as typed elsewhere (`1400-1700`, `1400-`, `-1700`): one slot of the
    // 25, and the same words on every platform.
    #[max_length = 16] rating: Option<String>,
) -> Result<(), DiscordError> {
    let me = ctx.framework().bot_id();
    let rating = match rating.as_deref().map(parse_rating_range) {
        None => RatingRange::default(),
        Some(Ok(range)) => range,
        Some(Err(why)) => return super::refuse(ctx, &why).await,
    };
    let opponent_user = match opponent {
        // No opponent: `level` alone means the bot itself, as typed; else anyone here.
        None if level.is_some() => Ok(User::ai(level.and_then(Level::new).unwrap_or(Level::MIN))),
        None => Ok(User::anyone()),
        Some(opponent) => named_opponent(&opponent, me, level),
    };
    let opponent_user = match opponent_user {
        Ok(user) => user,
        Err(why) => return super::refuse(ctx, &why).await,
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
        rating,
    };
    run(ctx, Command::Challenge(challenge)).await
}

/// The user a named `opponent` stands for: the bot itself at `level`, or a person; a refusal
/// for `level` with a person, or another bot.
fn named_opponent(
    opponent: &serenity::User,
    me: serenity::UserId,
    level: Option<u8>,
) -> Result<User, akron_service::catalogue::Phrase> {
    if opponent.id == me {
        let level = level
            .and_then(Level::new)
            .or_else(|| Level::new(crate::service::ai::DEFAULT_LEVEL))
            .unwrap_or(Level::MIN);
        Ok(User::ai(level))
    } else if level.is_some() {
        Err(phrase!("discord-level-needs-me"))
    } else if opponent.bot {
        let name = escape_markdown(&opponent.name);
        Err(phrase!("discord-opponent-is-bot", name = name))
    } else {
        Ok(user_of(opponent))
    }
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

/// Ask the opponent of a finished game (this channel's last, or game #N) for another.
#[poise::command(slash_command, guild_only)]
pub async fn rematch(ctx: Context<'_>, #[min = 1] game: Option<i64>) -> Result<(), DiscordError> {
    super::run_about(ctx, Command::Rematch, game.map(crate::service::GameId)).await
}
