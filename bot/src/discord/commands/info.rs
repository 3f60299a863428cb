//! Looking things up during play: the move list, your games, the rules, the help, and your
//! settings.

use super::{run, Context};
use crate::discord::DiscordError;
use crate::service::Command;
use poise::serenity_prelude as serenity;

/// Show the move list of this channel's game.
#[poise::command(slash_command, guild_only)]
pub async fn history(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::History).await
}

/// List your active games in every channel, marking where it is your turn.
#[poise::command(slash_command, guild_only)]
pub async fn games(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Games).await
}

/// A short summary of the rules of Akron.
#[poise::command(slash_command, guild_only)]
pub async fn rules(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Rules).await
}

/// The list of commands.
#[poise::command(slash_command, guild_only)]
pub async fn help(ctx: Context<'_>) -> Result<(), DiscordError> {
    run(ctx, Command::Help(None)).await
}

/// Where reminders go.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RemindersChoice {
    /// A direct message (falling back to a mention in the game's channel).
    #[name = "dm"]
    Direct,
    /// A mention in the game's channel.
    #[name = "channel"]
    Channel,
    /// No reminders.
    #[name = "off"]
    Off,
}

/// Who may see the server's pages on the web companion.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum WebChoice {
    /// No page of the server is served.
    #[name = "off"]
    Off,
    /// Only through the links the bot posts; not listed.
    #[name = "link"]
    Link,
    /// Also a server page with its tournaments and leaderboard.
    #[name = "public"]
    Public,
}

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageChoice {
    /// English.
    #[name = "en"]
    English,
    /// Spanish.
    #[name = "es"]
    Spanish,
    /// German.
    #[name = "de"]
    German,
}

impl LanguageChoice {
    fn code(self) -> &'static str {
        match self {
            LanguageChoice::English => "en",
            LanguageChoice::Spanish => "es",
            LanguageChoice::German => "de",
        }
    }
}

/// Show or change your settings; moderators also set the server's.
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)] // one per option, as poise takes them
pub async fn settings(
    ctx: Context<'_>,
    reminders: Option<RemindersChoice>,
    view: Option<ViewChoice>,
    thread_games: Option<bool>,
    tournament_role: Option<serenity::Role>,
    no_tournament_role: Option<bool>,
    web: Option<WebChoice>,
    language: Option<LanguageChoice>,
    my_language: Option<LanguageChoice>,
    timezone: Option<String>,
) -> Result<(), DiscordError> {
    use crate::service::{ReminderPlace, ServerRole, Setting, WebAccess};
    if let Some(web) = web {
        let access = match web {
            WebChoice::Off => WebAccess::Off,
            WebChoice::Link => WebAccess::Link,
            WebChoice::Public => WebAccess::Public,
        };
        return run(ctx, Command::Settings(Some(Setting::Web(access)))).await;
    }
    let chosen = match (language, my_language, timezone) {
        (Some(language), _, _) => Some(Setting::Language(language.code().to_string())),
        (None, Some(language), _) => Some(Setting::MyLanguage(language.code().to_string())),
        (None, None, Some(zone)) => Some(Setting::TimeZone(zone)),
        (None, None, None) => None,
    };
    let setting = match (reminders, view, thread_games) {
        _ if chosen.is_some() => chosen,
        (Some(choice), _, _) => Some(Setting::Reminders(match choice {
            RemindersChoice::Direct => ReminderPlace::Direct,
            RemindersChoice::Channel => ReminderPlace::Channel,
            RemindersChoice::Off => ReminderPlace::Off,
        })),
        (None, Some(view), _) => Some(Setting::View(view.view())),
        (None, None, Some(on)) => Some(Setting::ThreadGames(on)),
        (None, None, None) => match (tournament_role, no_tournament_role) {
            (Some(role), _) => Some(Setting::TournamentRole(Some(ServerRole {
                id: role.id.get().to_string(),
                name: role.name,
            }))),
            (None, Some(true)) => Some(Setting::TournamentRole(None)),
            (None, _) => None,
        },
    };
    run(ctx, Command::Settings(setting)).await
}

/// Stop your correspondence clocks while you are away (up to 14 days a year).
#[poise::command(slash_command, guild_only)]
pub async fn vacation(ctx: Context<'_>, on: bool) -> Result<(), DiscordError> {
    run(ctx, Command::Vacation(on)).await
}

/// How a board is drawn.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ViewChoice {
    /// In perspective, with a small map of each level.
    #[name = "perspective"]
    Perspective,
    /// From straight above, the level written on each marble.
    #[name = "plan"]
    Plan,
}

impl ViewChoice {
    /// The service's view.
    pub fn view(self) -> crate::service::View {
        match self {
            ViewChoice::Perspective => crate::service::View::Perspective,
            ViewChoice::Plan => crate::service::View::Plan,
        }
    }
}
