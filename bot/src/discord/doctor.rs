//! `akron doctor`'s Discord checks: the token, the registered commands, and in each server
//! the bot's permissions in each text channel against the invite's list ([`PERMISSIONS`]),
//! computed from the server's roles, the bot's roles and the channel's overwrites as Discord
//! does. Each finding says in plain words what is wrong and how to fix it.

use super::{commands, http, Settings, PERMISSIONS};
use poise::serenity_prelude as serenity;

/// One thing checked: what was found, and the fix when something is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Whether it is as it should be.
    pub ok: bool,
    /// What was found.
    pub what: String,
    /// What to do about it, when it is wrong.
    pub fix: Option<String>,
}

impl Finding {
    /// All is well with `what`.
    #[must_use]
    pub fn ok(what: impl Into<String>) -> Finding {
        Finding {
            ok: true,
            what: what.into(),
            fix: None,
        }
    }

    /// `what` is wrong; `fix` says what to do.
    #[must_use]
    pub fn problem(what: impl Into<String>, fix: impl Into<String>) -> Finding {
        Finding {
            ok: false,
            what: what.into(),
            fix: Some(fix.into()),
        }
    }
}

/// Runs the Discord checks with `settings`' token.
pub async fn check(settings: &Settings) -> Vec<Finding> {
    let http = http(settings);
    let me = match http.get_current_user().await {
        Ok(me) => me,
        Err(error) => {
            return vec![Finding::problem(
                format!("Discord refuses the token: {error}"),
                "copy the bot's token again from the Developer Portal (Applications, your bot, \
                 Bot, Reset Token) into DISCORD_TOKEN or the --token-file",
            )];
        }
    };
    let mut findings = vec![Finding::ok(format!(
        "the token is valid: the bot is {} ({})",
        me.name, me.id
    ))];
    findings.push(commands_registered(&http, settings.dev_guild).await);
    match http.get_guilds(None, Some(200)).await {
        Ok(guilds) if guilds.is_empty() => findings.push(Finding::problem(
            "the bot is in no server",
            "invite it with the invite URL of the README (it asks for the permissions the \
             bot needs)",
        )),
        Ok(guilds) => {
            for guild in guilds {
                findings.extend(permissions_in(&http, me.id, guild.id, &guild.name).await);
            }
        }
        Err(error) => findings.push(Finding::problem(
            format!("could not list the bot's servers: {error}"),
            "try again; if it goes on, Discord may be down (https://discordstatus.com)",
        )),
    }
    findings
}

/// Whether every slash command is registered (globally, or in the development server).
async fn commands_registered(http: &serenity::Http, dev_guild: Option<u64>) -> Finding {
    if http.application_id().is_none() {
        match http.get_current_application_info().await {
            Ok(application) => http.set_application_id(application.id),
            Err(error) => {
                return Finding::problem(
                    format!("could not read the application: {error}"),
                    "check that the token is a bot token of this application",
                )
            }
        }
    }
    let listed = match dev_guild {
        Some(guild) => http.get_guild_commands(serenity::GuildId::new(guild)).await,
        None => http.get_global_commands().await,
    };
    let registered: Vec<String> = match listed {
        Ok(listed) => listed.into_iter().map(|command| command.name).collect(),
        Err(error) => {
            return Finding::problem(
                format!("could not list the registered commands: {error}"),
                "try again; if it goes on, Discord may be down",
            )
        }
    };
    let missing: Vec<String> = commands::commands()
        .into_iter()
        .map(|command| command.name.to_string())
        .filter(|name| !registered.contains(name))
        .collect();
    let where_ = dev_guild.map_or("globally".to_owned(), |guild| format!("in server {guild}"));
    if missing.is_empty() {
        Finding::ok(format!("the slash commands are registered {where_}"))
    } else {
        Finding::problem(
            format!(
                "slash commands not registered {where_}: /{}",
                missing.join(", /")
            ),
            "start `akron discord` once (it registers them when it connects; global commands \
             may take up to an hour to show)",
        )
    }
}

/// The bot's permissions in each text channel of a server, against the invite's list.
async fn permissions_in(
    http: &serenity::Http,
    me: serenity::UserId,
    guild: serenity::GuildId,
    name: &str,
) -> Vec<Finding> {
    let fetched = async {
        let server = http.get_guild(guild).await?;
        let member = http.get_member(guild, me).await?;
        let channels = http.get_channels(guild).await?;
        Ok::<_, serenity::Error>((server, member, channels))
    };
    let (server, member, channels) = match fetched.await {
        Ok(fetched) => fetched,
        Err(error) => {
            return vec![Finding::problem(
                format!("server {name} ({guild}): could not read its roles and channels: {error}"),
                "check that the bot is still a member of it",
            )]
        }
    };
    let mut findings = Vec::new();
    let mut fine = 0;
    for channel in channels
        .iter()
        .filter(|channel| channel.kind == serenity::ChannelType::Text)
    {
        let held = server.user_permissions_in(channel, &member);
        let missing = PERMISSIONS - held;
        if missing.is_empty() {
            fine += 1;
        } else {
            findings.push(Finding::problem(
                format!(
                    "server {name} ({guild}), #{} ({}): the bot lacks {}",
                    channel.name,
                    channel.id,
                    missing.get_permission_names().join(", ")
                ),
                format!(
                    "give the bot {} in that channel (the channel's settings, Permissions, \
                     or the bot's role in Server Settings, Roles)",
                    missing.get_permission_names().join(", ")
                ),
            ));
        }
    }
    if findings.is_empty() {
        findings.push(Finding::ok(format!(
            "server {name} ({guild}): the bot holds the invite's permissions in all {fine} \
             text channels"
        )));
    }
    findings
}
