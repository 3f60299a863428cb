//! `/akron-tournament`: create a tournament, join, start, standings and pairings; organisers
//! run it.

use super::challenge::RuleChoice;
use super::{run, run_about, Context};
use crate::discord::{user_of, DiscordError};
use crate::model::Seeding;
use crate::service::text::{parse_check_in, parse_round_deadline, parse_time};
use crate::service::{
    Command, GameId, TournamentAction, TournamentFormat, TournamentOptions, Verdict,
};
use crate::tournament::knockout::TieRule;
use akron_rules::WinRule;
use poise::serenity_prelude as serenity;

/// Tournaments: create one, join, start, standings and pairings; organisers run it.
#[poise::command(
    slash_command,
    rename = "akron-tournament",
    guild_only,
    install_context = "Guild",
    interaction_context = "Guild",
    subcommand_required,
    subcommands(
        "create",
        "join",
        "leave",
        "check_in",
        "confirm",
        "start",
        "standings",
        "pairings",
        "withdraw",
        "adjudicate",
        "pause",
        "resume",
        "cancel",
        "seed",
        "advance",
        "analysis"
    )
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), DiscordError> {
    Ok(())
}

/// The pairing system.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FormatChoice {
    /// Paired round by round from the standings.
    #[name = "swiss"]
    Swiss,
    /// Everyone meets everyone.
    #[name = "roundrobin"]
    RoundRobin,
    /// A seeded bracket of matches; the loser of each is out.
    #[name = "single"]
    SingleElimination,
    /// A winners' and a losers' bracket; out after a second lost match.
    #[name = "double"]
    DoubleElimination,
}

/// What decides a knockout match that is level after its games.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum TieChoice {
    /// One extra game, the first move by lot.
    #[name = "extra-game"]
    ExtraGame,
    /// The better seed goes through.
    #[name = "higher-seed"]
    HigherSeed,
}

/// How a knockout's seeds are made.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SeedingChoice {
    /// By rating on the server.
    #[name = "rating"]
    Rating,
    /// A random draw.
    #[name = "random"]
    Random,
}

/// Create a tournament in this channel, with a sign-up message (moderators).
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)] // one argument per slash-command option
pub async fn create(
    ctx: Context<'_>,
    #[max_length = 60] name: String,
    format: FormatChoice,
    #[min = 1]
    #[max = 50]
    rounds: Option<u32>,
    #[max_length = 16] time: Option<String>,
    #[min = 2]
    #[max = 1000]
    size: Option<u32>,
    #[min = 3]
    #[max = 16]
    board: Option<u8>,
    #[min = 3]
    #[max = 1000]
    pieces: Option<u16>,
    rule: Option<RuleChoice>,
    rated: Option<bool>,
    double: Option<bool>,
    vacation: Option<bool>,
    analysis: Option<bool>,
    #[rename = "best-of"]
    #[min = 1]
    #[max = 7]
    best_of: Option<u8>,
    tie: Option<TieChoice>,
    seeding: Option<SeedingChoice>,
    reset: Option<bool>,
    #[rename = "check-in"]
    #[max_length = 16]
    check_in: Option<String>,
    #[max_length = 16] deadline: Option<String>,
) -> Result<(), DiscordError> {
    let time = match time.as_deref().map(parse_time) {
        None => None,
        Some(Ok(time)) => Some(time),
        Some(Err(why)) => return super::refuse(ctx, &why).await,
    };
    let check_in = match check_in.as_deref().map(parse_check_in) {
        None => None,
        Some(Ok(window)) => Some(window),
        Some(Err(why)) => return super::refuse(ctx, &why).await,
    };
    let deadline = match deadline.as_deref().map(parse_round_deadline) {
        None => None,
        Some(Ok(seconds)) => Some(seconds),
        Some(Err(why)) => return super::refuse(ctx, &why).await,
    };
    let mut options = TournamentOptions::new(
        name,
        match format {
            FormatChoice::Swiss => TournamentFormat::Swiss,
            FormatChoice::RoundRobin => TournamentFormat::RoundRobin,
            FormatChoice::SingleElimination => TournamentFormat::SingleElimination,
            FormatChoice::DoubleElimination => TournamentFormat::DoubleElimination,
        },
    );
    options.reset = reset;
    options.best_of = best_of;
    options.tie = tie.map(|tie| match tie {
        TieChoice::ExtraGame => TieRule::ExtraGame,
        TieChoice::HigherSeed => TieRule::HigherSeed,
    });
    options.seeding = seeding.map(|seeding| match seeding {
        SeedingChoice::Rating => Seeding::Rating,
        SeedingChoice::Random => Seeding::Random,
    });
    options.rounds = rounds;
    options.time = time;
    options.max_players = size;
    options.size = board;
    options.pieces = pieces;
    options.rule = rule.map(|rule| match rule {
        RuleChoice::Delayed => WinRule::Delayed,
        RuleChoice::Immediate => WinRule::Immediate,
    });
    options.rated = rated;
    options.double = double;
    options.vacation = vacation;
    options.analysis = analysis;
    options.check_in = check_in;
    options.deadline = deadline;
    run(ctx, Command::Tournament(TournamentAction::Create(options))).await
}

/// Enter this channel's tournament (the sign-up's Join button does the same).
#[poise::command(slash_command, guild_only)]
pub async fn join(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Tournament(TournamentAction::Join)).await
}

/// Leave this channel's tournament before it starts.
#[poise::command(slash_command, guild_only)]
pub async fn leave(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Tournament(TournamentAction::Leave)).await
}

/// Open the check-in: entrants confirm, and the rest are dropped at the start (organisers).
#[poise::command(slash_command, guild_only, rename = "check-in")]
pub async fn check_in(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Tournament(TournamentAction::CheckIn)).await
}

/// Confirm your place while the tournament's check-in is open.
#[poise::command(slash_command, guild_only)]
pub async fn confirm(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Tournament(TournamentAction::Confirm)).await
}

/// Close sign-up and pair round 1 (the organiser or a moderator).
#[poise::command(slash_command, guild_only)]
pub async fn start(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Tournament(TournamentAction::Start)).await
}

/// The standings: points, then Buchholz or Sonneborn-Berger, then head-to-head.
#[poise::command(slash_command, guild_only)]
pub async fn standings(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Tournament(TournamentAction::Standings)).await
}

/// A round's pairings and results (default: the current round).
#[poise::command(slash_command, guild_only)]
pub async fn pairings(ctx: Context<'_>, #[min = 1] round: Option<u32>) -> Result<(), DiscordError> {
    run(ctx, Command::Tournament(TournamentAction::Pairings(round))).await
}

/// Withdraw from the tournament, or (organisers) withdraw a player.
#[poise::command(slash_command, guild_only)]
pub async fn withdraw(
    ctx: Context<'_>,
    player: Option<serenity::User>,
) -> Result<(), DiscordError> {
    let who = player.as_ref().map(user_of);
    run(ctx, Command::Tournament(TournamentAction::Withdraw(who))).await
}

/// An organiser's verdict.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum VerdictChoice {
    /// The first player (Black at the start) wins.
    #[name = "black"]
    Black,
    /// The second player (White at the start) wins.
    #[name = "white"]
    White,
    /// A draw.
    #[name = "draw"]
    Draw,
    /// Nobody scores.
    #[name = "forfeit"]
    Forfeit,
}

/// Decide a tournament game's result (the organiser).
#[poise::command(slash_command, guild_only)]
pub async fn adjudicate(
    ctx: Context<'_>,
    #[min = 1] game: i64,
    result: VerdictChoice,
) -> Result<(), DiscordError> {
    let verdict = match result {
        VerdictChoice::Black => Verdict::First,
        VerdictChoice::White => Verdict::Second,
        VerdictChoice::Draw => Verdict::Draw,
        VerdictChoice::Forfeit => Verdict::BothForfeit,
    };
    let action = TournamentAction::Adjudicate(Some(GameId(game)), verdict);
    run_about(ctx, Command::Tournament(action), None).await
}

/// Hold the next round until `resume` (the organiser).
#[poise::command(slash_command, guild_only)]
pub async fn pause(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Tournament(TournamentAction::Pause)).await
}

/// Go on after `pause`, pairing the next round if it is due (the organiser).
#[poise::command(slash_command, guild_only)]
pub async fn resume(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Tournament(TournamentAction::Resume)).await
}

/// Call the tournament off; its running games are aborted (the organiser).
#[poise::command(slash_command, guild_only)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Tournament(TournamentAction::Cancel)).await
}

/// Before a knockout starts: give an entrant a seed, or take it back (organisers).
#[poise::command(slash_command, guild_only)]
pub async fn seed(
    ctx: Context<'_>,
    player: serenity::User,
    #[min = 1]
    #[max = 10000]
    seed: Option<u32>,
) -> Result<(), DiscordError> {
    run(
        ctx,
        Command::Tournament(TournamentAction::Seed(user_of(&player), seed)),
    )
    .await
}

/// A knockout: decide a player's current match for them (organisers).
#[poise::command(slash_command, guild_only)]
pub async fn advance(ctx: Context<'_>, player: serenity::User) -> Result<(), DiscordError> {
    run(
        ctx,
        Command::Tournament(TournamentAction::Advance(user_of(&player))),
    )
    .await
}

/// On or off.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SwitchChoice {
    /// On.
    #[name = "on"]
    On,
    /// Off.
    #[name = "off"]
    Off,
}

/// Turn the analysis of each finished game on or off (the organiser).
#[poise::command(slash_command, guild_only)]
pub async fn analysis(ctx: Context<'_>, state: SwitchChoice) -> Result<(), DiscordError> {
    let on = matches!(state, SwitchChoice::On);
    run(ctx, Command::Tournament(TournamentAction::Analysis(on))).await
}
