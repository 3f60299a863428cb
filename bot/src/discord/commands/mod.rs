//! The slash commands: `/akron` for playing, and `/akron-review`, `/akron-puzzle` and
//! `/akron-tournament` for the families used apart from a game. One file per family.
//!
//! # Why four commands
//!
//! Discord allows at most 25 options at each level of a command and 8,000 characters of
//! names, descriptions and choice values per command, counting for each field the longest of
//! its default and its translations. One `/akron` holding every command broke the first limit
//! (29 subcommands) and came close to the second once translated. So the commands are laid
//! out as people use them:
//!
//! - `/akron` is everything typed during a game and about one's own play: `challenge`,
//!   `accept`, `move`, `board`, `resign`, `games`, `stats`, `settings`, `help`... (24
//!   subcommands). The game is known by `/akron move A2-D3'`, and what is typed often stays
//!   short.
//! - `/akron-review` is looking back: `export`, `show`, `replay`, `analyze`. They carry the
//!   longest option lists after `challenge` and are used after a game, not in one.
//! - `/akron-watch` is following other players' games by direct message (`follow`,
//!   `unfollow`): with `rematch`, `/akron` holds 24 of Discord's 25.
//! - `/akron-puzzle` and `/akron-tournament` are the two families that already had actions
//!   (`puzzle solve`, `tournament join`); the action is the subcommand. Tournaments are run by
//!   organisers, and their `create` alone has eleven options.
//!
//! Discord lists every subcommand in its slash menu as an entry of its own (`/akron move`,
//! `/akron-tournament join`), so players find them by name whatever command they sit under.
//! The layout is the service's table of commands: each entry's
//! [`Group`](crate::service::text::Group) names its slash command
//! ([`Group::slash_command`](crate::service::text::Group::slash_command)). [`commands`] takes
//! every description, English and translated, from the catalogue (the poise attributes hold
//! none), and an end-to-end test checks that what the bot registers is exactly the table and
//! that Discord's rules accept it. The typed grammar of the console and Matrix is unchanged
//! (`akron replay`, `akron tournament join`); `help` says how each group maps.

mod challenge;
mod compete;
mod info;
mod play;
mod puzzle;
mod review;
mod tournament;
mod watch;

use super::boards::Boards;
use super::reply;
use super::{channel_of, user_of, Context, DiscordError};
use crate::service::text::command_help;
use crate::service::{Command, Language, Languages, Request, ServerId};
use akron_service::catalogue::{has, say};
use poise::serenity_prelude as serenity;

/// Akron, Cameron Browne's 3D connection game: challenge, play, and look things up.
#[poise::command(
    slash_command,
    guild_only,
    install_context = "Guild",
    interaction_context = "Guild",
    subcommand_required,
    subcommands(
        "challenge::challenge",
        "challenge::accept",
        "challenge::decline",
        "challenge::cancel",
        "challenge::rematch",
        "play::play_move",
        "play::swap",
        "play::board",
        "play::moves",
        "play::resign",
        "play::claim",
        "play::premove",
        "play::hint",
        "play::draw",
        "play::abort",
        "play::takeback",
        "info::history",
        "info::games",
        "info::rules",
        "info::settings",
        "info::vacation",
        "compete::stats",
        "compete::leaderboard",
        "info::help"
    )
)]
pub async fn akron(_ctx: Context<'_>) -> Result<(), DiscordError> {
    Ok(())
}

/// Every slash command the bot registers, described from the catalogue, the one source of
/// every description: a command, subcommand or option takes its English description and its
/// translations from the same message (`command-NAME-about`, `command-FAMILY-ACTION-about`,
/// `option-KEY-OPTION-about`), and a family that is one entry of the table of commands
/// (`tournament`) gives its line to the whole command. Nothing English is written in the poise
/// attributes; a test holds every registered description to the catalogue's.
pub fn commands() -> Vec<poise::Command<super::Data, DiscordError>> {
    let mut commands = vec![
        akron(),
        review::review(),
        puzzle::puzzle(),
        tournament::tournament(),
        watch::watch(),
    ];
    for command in &mut commands {
        // `/akron` and `/akron-review` are no command of the table: their own lines.
        let own = format!("command-{}-about", command.name);
        if has(&own) {
            command.description = Some(english(&own).into());
            command.description_localizations = localized_id(&own);
        }
        let family = command.name.strip_prefix("akron-").and_then(command_help);
        if let Some(help) = family {
            command.description = Some(help.about(Language::English).into());
            command.description_localizations = localized(help.name, "about");
            // A family's subcommands are its actions: `command-tournament-join-name`.
            for sub in &mut command.subcommands {
                let key = format!("{}-{}", help.name, sub.name);
                if has(&format!("command-{key}-name")) {
                    sub.name_localizations = localized(&key, "name");
                }
                if has(&format!("command-{key}-about")) {
                    sub.description = Some(english(&format!("command-{key}-about")).into());
                    sub.description_localizations = localized(&key, "about");
                }
                localize_options(sub, &key);
            }
            continue;
        }
        for sub in &mut command.subcommands {
            if let Some(help) = command_help(&sub.name) {
                sub.description = Some(help.about(Language::English).into());
                sub.name_localizations = localized(help.name, "name");
                sub.description_localizations = localized(help.name, "about");
            }
            let key = sub.name.clone();
            localize_options(sub, &key);
        }
    }
    commands
}

/// The message `id` in English: the default Discord shows where it has no translation.
fn english(id: &str) -> String {
    say(Language::English, id, &[])
}

/// The Discord locales the bot's commands are localised for, with the language of each.
pub const LOCALES: [(&str, Language); 3] = [
    ("es-ES", Language::Spanish),
    ("es-419", Language::Spanish),
    ("de", Language::German),
];

/// A command's name or one-line description (`part`: `name`, `about`) in each of
/// [`LOCALES`], from the message catalogue (`command-NAME-PART`).
fn localized(
    name: &str,
    part: &str,
) -> std::borrow::Cow<
    'static,
    [(
        std::borrow::Cow<'static, str>,
        std::borrow::Cow<'static, str>,
    )],
> {
    let id = format!("command-{name}-{part}");
    LOCALES
        .iter()
        .map(|(locale, language)| ((*locale).into(), say(*language, &id, &[]).into()))
        .collect::<Vec<_>>()
        .into()
}

/// Describes and localises the options of the subcommand `key` from the catalogue, where it
/// has them: `option-KEY-OPTION-name` and `-about` (the English description too), and each
/// choice's `choice-NAME`.
fn localize_options(sub: &mut poise::Command<super::Data, DiscordError>, key: &str) {
    for option in &mut sub.parameters {
        let id = format!("option-{key}-{}", option.name);
        if has(&format!("{id}-name")) {
            option.name_localizations = localized_id(&format!("{id}-name"));
        }
        if has(&format!("{id}-about")) {
            option.description = Some(english(&format!("{id}-about")).into());
            option.description_localizations = localized_id(&format!("{id}-about"));
        }
        for choice in option.choices.to_mut() {
            let id = format!("choice-{}", choice.name);
            if has(&id) {
                choice.localizations = localized_id(&id);
            }
        }
    }
}

/// The message `id` in each of [`LOCALES`].
fn localized_id(
    id: &str,
) -> std::borrow::Cow<
    'static,
    [(
        std::borrow::Cow<'static, str>,
        std::borrow::Cow<'static, str>,
    )],
> {
    LOCALES
        .iter()
        .map(|(locale, language)| ((*locale).into(), say(*language, id, &[]).into()))
        .collect::<Vec<_>>()
        .into()
}

/// The slash command and subcommand a typed command is on Discord: `replay` is
/// `("akron-review", Some("replay"))`, `tournament` is `("akron-tournament", None)` (its
/// actions are the subcommands).
#[must_use]
pub fn slash_of(name: &str) -> Option<(&'static str, Option<&'static str>)> {
    let help = command_help(name)?;
    let slash = help.group.slash_command();
    if slash.strip_prefix("akron-") == Some(help.name) {
        Some((slash, None))
    } else {
        Some((slash, Some(help.name)))
    }
}

/// Whether the interaction's channel is a thread.
fn in_thread(interaction: &serenity::CommandInteraction) -> bool {
    interaction.channel.as_ref().is_some_and(|channel| {
        matches!(
            channel.kind,
            serenity::ChannelType::PublicThread | serenity::ChannelType::PrivateThread
        )
    })
}

/// Whether the member may moderate games here: Manage Messages, or Manage Threads in a thread.
fn is_moderator(interaction: &serenity::CommandInteraction) -> bool {
    let Some(permissions) = interaction.member.as_ref().and_then(|m| m.permissions) else {
        return false;
    };
    permissions.contains(serenity::Permissions::MANAGE_MESSAGES)
        || (in_thread(interaction) && permissions.contains(serenity::Permissions::MANAGE_THREADS))
}

/// Sends `command` to the service as the caller, in the caller's channel, and shows the reply.
/// The service's request for `command` (about `game`) from this interaction.
fn request_of(
    ctx: Context<'_>,
    interaction: &serenity::CommandInteraction,
    command: Command,
    game: Option<crate::service::GameId>,
) -> Request {
    Request {
        platform: crate::discord::PLATFORM,
        user: user_of(ctx.author()),
        channel: channel_of(ctx.channel_id()),
        is_moderator: is_moderator(interaction),
        game,
        server: ctx
            .guild_id()
            .map(|g| ServerId::new("discord", &g.to_string())),
        roles: super::roles_of(interaction.member.as_deref(), ctx.guild_id()),
        command,
        locale: Language::from_locale(&interaction.locale),
        server_locale: interaction
            .guild_locale
            .as_deref()
            .and_then(Language::from_locale),
        language: Languages::default(),
        own_view: None,
    }
}

/// The language of what only the caller sees, as the service decides it (their client's
/// locale, else their own setting, else the server's), for the refusals the Discord layer
/// makes itself; their client's locale, else English, when the database cannot say.
pub(super) async fn caller_language(ctx: Context<'_>) -> Language {
    let poise::Context::Application(app) = ctx else {
        return Language::English;
    };
    let interaction = app.interaction;
    let locale = Language::from_locale(&interaction.locale).unwrap_or(Language::English);
    let request = request_of(ctx, interaction, Command::Help(None), None);
    let service = ctx.data().service.clone();
    match tokio::task::spawn_blocking(move || service.languages(&request)).await {
        Ok(Ok(languages)) => languages.private,
        _ => locale,
    }
}

/// Refuses privately with `why`, in the caller's language ([`caller_language`]).
pub(super) async fn refuse(
    ctx: Context<'_>,
    why: &akron_service::catalogue::Phrase,
) -> Result<(), DiscordError> {
    let language = caller_language(ctx).await;
    ctx.send(reply::refusal(&why.say(language)).into_poise())
        .await?;
    Ok(())
}

async fn run(ctx: Context<'_>, command: Command) -> Result<(), DiscordError> {
    run_about(ctx, command, None).await
}

/// Like [`run`], about game `game` when one is named.
async fn run_about(
    ctx: Context<'_>,
    command: Command,
    game: Option<crate::service::GameId>,
) -> Result<(), DiscordError> {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let interaction = app.interaction;
    let bot = interaction.app_permissions;
    if let Some(lacking) = reply::cannot_post(bot, in_thread(interaction)) {
        let language = caller_language(ctx).await;
        let needed = reply::permissions_needed(&lacking, language);
        let text = akron_service::say!(language, "discord-cannot-post", needed = needed);
        ctx.send(reply::refusal(&text).into_poise()).await?;
        return Ok(());
    }
    let request = request_of(ctx, interaction, command, game);
    tracing::debug!(command = request.command.name(), channel = %request.channel, "slash command");
    let (answer, deferred) = reply::ask(ctx.data(), request, || ctx.defer()).await?;
    if reply::edit_signup(ctx, &answer, bot).await? {
        return Ok(());
    }
    let message = reply::message(&answer, bot);
    if deferred && answer.ephemeral {
        // The deferral showed everyone "thinking"; a follow-up would take its place and be
        // public too. Remove it, so that the refusal reaches only the caller.
        interaction.delete_response(ctx.http()).await?;
        interaction
            .create_followup(ctx.http(), message.into_followup())
            .await?;
    } else {
        let sent = ctx.send(message.into_poise()).await?;
        // Best effort: the reply is out, so a failure here is only logged.
        if Boards::tracks(&answer) || answer.thread.is_some() || answer.signup_of.is_some() {
            match sent.message().await {
                Ok(posted) => {
                    reply::remember_signup(ctx.data(), &answer, (posted.channel_id, posted.id))
                        .await;
                    ctx.data()
                        .boards
                        .posted(
                            ctx.http(),
                            &ctx.data().service,
                            &answer,
                            (posted.channel_id, posted.id),
                            ctx.guild_id(),
                        )
                        .await;
                    super::threads::open_if_asked(
                        ctx.http(),
                        ctx.data(),
                        &answer,
                        (posted.channel_id, posted.id),
                        bot,
                    )
                    .await;
                }
                Err(error) => tracing::debug!(%error, "could not look up the board message"),
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::text::COMMANDS;

    #[test]
    fn every_command_of_the_table_has_a_place_in_the_layout() {
        let commands = commands();
        for entry in COMMANDS {
            let Some((slash, sub)) = slash_of(entry.name) else {
                panic!("{} has no slash command", entry.name);
            };
            let command = commands.iter().find(|c| c.name == slash);
            let command = command.unwrap_or_else(|| panic!("no /{slash}"));
            match sub {
                Some(sub) => assert!(
                    command.subcommands.iter().any(|c| c.name == sub),
                    "/{slash} {sub}"
                ),
                None => assert_eq!(
                    command.description.as_deref(),
                    Some(entry.about(Language::English).as_str())
                ),
            }
        }
    }

    /// The table of slash commands in `docs/players.md`, as the bot registers them: one row
    /// per subcommand, its options (`[option]` when optional) and its English description.
    fn slash_table() -> String {
        let mut table = String::from("| slash command | what it does |\n| --- | --- |\n");
        for command in commands() {
            for sub in &command.subcommands {
                let mut typed = format!("/{} {}", command.name, sub.name);
                for option in &sub.parameters {
                    if option.required {
                        typed.push_str(&format!(" {}", option.name));
                    } else {
                        typed.push_str(&format!(" [{}]", option.name));
                    }
                }
                let about = sub.description.as_deref().unwrap_or_default();
                table.push_str(&format!("| `{typed}` | {} |\n", about.replace('|', "\\|")));
            }
        }
        table
    }

    /// Issue 42: the slash-command table of `docs/players.md` had descriptions of its own,
    /// written beside the catalogue's and checked by nothing. It is now the registered
    /// commands' table, made by [`slash_table`]: a changed description, option or command
    /// fails here until the guide is changed with it (the message shows the table to paste).
    #[test]
    #[allow(clippy::expect_used)]
    fn the_players_guide_lists_the_slash_commands_as_registered() {
        let guide =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/players.md"))
                .expect("docs/players.md");
        let expected = slash_table();
        let start = guide
            .find("| slash command | what it does |")
            .expect("docs/players.md has a slash-command table");
        let end = guide[start..]
            .find("\n\n")
            .map_or(guide.len(), |at| start + at + 1);
        assert!(
            guide[start..end] == expected,
            "the slash-command table of docs/players.md differs from the registered commands; \
             as registered it is:\n\n{expected}"
        );
    }

    /// One source for every description (issue 42): each command, subcommand and option the
    /// bot registers is described in English by its catalogue message, none by a poise
    /// attribute or a doc comment, and a parameter without a message fails here rather than
    /// reach Discord as poise's placeholder.
    #[test]
    fn every_registered_description_is_the_catalogues_english() {
        let english = |id: &str| {
            assert!(has(id), "the catalogue has no {id}");
            say(Language::English, id, &[])
        };
        for command in commands() {
            let family = command.name.strip_prefix("akron-").and_then(command_help);
            let own = match family {
                Some(help) => format!("command-{}-about", help.name),
                None => format!("command-{}-about", command.name),
            };
            assert_eq!(
                command.description.as_deref(),
                Some(english(&own).as_str()),
                "/{}",
                command.name
            );
            for sub in &command.subcommands {
                let key = match family {
                    Some(help) => format!("{}-{}", help.name, sub.name),
                    None => sub.name.to_string(),
                };
                let about = format!("command-{key}-about");
                assert_eq!(
                    sub.description.as_deref(),
                    Some(english(&about).as_str()),
                    "/{} {}",
                    command.name,
                    sub.name
                );
                for option in &sub.parameters {
                    let about = format!("option-{key}-{}-about", option.name);
                    assert_eq!(
                        option.description.as_deref(),
                        Some(english(&about).as_str()),
                        "{about}"
                    );
                }
            }
        }
    }
}
